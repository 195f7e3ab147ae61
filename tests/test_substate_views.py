"""The typed views of the maneuver and entry sub-states (``ManeuverProgress``, ``EntryView``).

The core keeps the sub-states as dicts (their saved form); every floor above reads them through
``GameState.maneuver_view()`` and ``GameState.entry_view()``. The views must say what the dicts
say at every decision of real games, be snapshots, and be the only way in from outside the core.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from imperial_desktop.core import Action, DecisionKind, EntryView, GameSetup, GameState, ManeuverProgress
from imperial_desktop.play import play_game

ROOT = Path(__file__).resolve().parent.parent
ENTRY_KINDS = {DecisionKind.ENTRY_FIGHT, DecisionKind.ENTRY_ASK, DecisionKind.ENTRY_DEMAND, DecisionKind.ENTRY_STATUS}


def _check(state: GameState, seen: dict[str, int]) -> None:
    """The views of ``state`` against its dicts."""
    mv, entry = state.mv, state.entry
    view = state.maneuver_view()
    if mv is None:
        assert view is None
    else:
        assert isinstance(view, ManeuverProgress)
        assert view.nation == state.turn_nation
        assert view.phase == mv["phase"] == state.maneuver_phase()
        assert dict(view.moved_fleets) == mv["moved_f"] and dict(view.moved_armies) == mv["moved_a"]
        assert dict(view.convoy) == mv["convoy"] == state.convoy_used()
        assert list(view.touched) == mv["touched"]
        assert view.moved("fleet") is view.moved_fleets and view.moved("army") is view.moved_armies
        assert view.fleets_moving == (mv["phase"] == "fleets")
        seen["maneuver"] += 1
        seen["moved"] += bool(view.moved_fleets or view.moved_armies)
    e = state.entry_view()
    if entry is None:
        assert e is None
    else:
        assert isinstance(e, EntryView)
        assert (e.mover, e.region, e.unit, e.mode) == (entry["mover"], entry["region"], entry["unit"], entry["mode"])
        assert list(e.remaining) == entry["remaining"]
        seen["entry"] += 1
        seen["status" if e.mode == "status" else "enter"] += 1
    if state.pending is not None and state.pending["kind"] in ENTRY_KINDS:
        assert e is not None, "a battle question always has its entry"


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 7), (6, 3)])
def test_the_views_say_what_the_dicts_say_in_played_games(players: int, seed: int) -> None:
    seen = {"maneuver": 0, "moved": 0, "entry": 0, "enter": 0, "status": 0}

    def before(state: GameState, action: Action, seat: int) -> None:
        _check(state, seen)

    played = play_game(GameSetup.create(players, seed), ["greedy"] * players, seed, before=before)
    assert played.state.is_terminal()
    assert seen["maneuver"] and seen["moved"] and seen["entry"], seen  # the game went through them all


def test_the_views_are_snapshots_and_read_only() -> None:
    state = GameState.new(GameSetup.create(3, 11))
    snapshot: dict[str, Any] = {}

    def stop(s: GameState) -> bool:
        view = s.maneuver_view()
        if view is not None and (view.moved_fleets or view.moved_armies):
            snapshot["view"] = view
            return True
        return False

    play_game(state, ["greedy"] * 3, 11, stop=stop)
    view = snapshot["view"]
    with pytest.raises(TypeError):
        view.moved_fleets["somewhere"] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        view.phase = "armies"  # type: ignore[misc]
    state.mv["moved_f"]["somewhere"] = 1  # the dict changes under the view: the view does not
    assert "somewhere" not in view.moved_fleets


# A widget called ``entry`` (a text field) is no sub-state: the only ``.entry`` reads allowed outside core.
WIDGET_ENTRIES = {("imperial_desktop/ui/save_dialog.py", "self"), ("tools/menu_screenshots.py", "dialog")}


def test_no_module_outside_the_core_reads_the_sub_state_dicts() -> None:
    files = [p for p in (ROOT / "imperial_desktop").rglob("*.py") if "core" not in p.relative_to(ROOT).parts[1:2]]
    files += list((ROOT / "tools").rglob("*.py"))
    found = []
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute) or node.attr not in ("mv", "entry"):
                continue
            if node.attr == "entry" and (rel, ast.unparse(node.value)) in WIDGET_ENTRIES:
                continue
            found.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "read the sub-states through maneuver_view() / entry_view():\n" + "\n".join(found)
