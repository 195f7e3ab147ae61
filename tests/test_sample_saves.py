"""The sample positions in saves/ (README screenshots, tests, benchmarks) are what they claim to be."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from imperial_desktop.core import GameRecord

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(f"imperial_tool_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_midgame_save_is_a_game_half_way_through() -> None:
    """saves/midgame.json replays (with the loader's checks) to a rondel decision of a game in
    progress: every nation 5-18 power points over the x1-x3 bands, units of most nations, hostile
    armies, bonds with all four players (tools/midgame_save.py made it)."""
    midgame = _tool("midgame_save")
    record = GameRecord.load(ROOT / "saves" / "midgame.json")
    state = record.replay()
    assert list(record.setup.players) == midgame.NAMES
    assert not state.is_terminal() and state.decision().kind == "rondel"
    assert midgame.looks_half_way(state)
    assert len(state.flags) >= 8
