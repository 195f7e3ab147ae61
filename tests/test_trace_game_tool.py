"""tools/trace_game.py: a readable trace of one seat's game, and clear errors for bad arguments."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))
import trace_game  # noqa: E402

from imperial_desktop.core import GameSetup, GameState  # noqa: E402


def test_the_trace_follows_the_seats_nations_to_the_end():
    out = io.StringIO()
    state = trace_game.trace(3, 21, "greedy", "greedy", out)
    text = out.getvalue()
    seat = 21 % 3
    start = GameState.new(GameSetup.create(3, 21))
    governed = sorted(n for n, g in start.government.items() if g == seat)
    assert state.is_terminal()
    assert text.startswith(f"seat {seat} (greedy) governs {', '.join(governed)} at the start")
    rondel_lines = [line.split() for line in text.splitlines() if " treasury " in line and " power " in line]
    assert rondel_lines and rondel_lines[0][2] in governed  # "turn", number, nation, space, ...
    assert all(words[2] in state.board.nation_ids for words in rondel_lines)
    assert "power at the end:" in text
    assert text.count("<- seat") == 1 and f"player {seat}: " in text


def test_bad_arguments_get_a_message_not_a_traceback():
    run = subprocess.run([sys.executable, str(TOOLS / "trace_game.py"), "--seed", "1", "--bot", "grandmaster"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert "unknown bot" in run.stderr and "Traceback" not in run.stderr
