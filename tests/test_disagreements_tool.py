"""tools/disagreements.py (issue 13): the Expert's choices against Hard's, each played out."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

from imperial_desktop.ai import make_bot
from imperial_desktop.core import GameSetup, GameState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import disagreements  # noqa: E402


def test_a_hard_only_game_replays_exactly_from_copies_of_its_bots():
    """The tool's premise: the game itself is Hard's choice played out."""
    bots = [make_bot("hard", 40 + i) for i in range(3)]
    state = GameState.new(GameSetup.create(3, 4))
    for _ in range(150):
        state.apply(bots[state.current_player()].choose(state))
    copies, middle = copy.deepcopy(bots), state.clone()
    ending = disagreements.margins(disagreements.finish(state, bots))
    assert disagreements.margins(disagreements.finish(middle, copies)) == ending
    assert max(ending) > 0 or ending.count(0) >= 2  # a winner ahead, or a shared first place


def test_rows_and_report():
    rows = disagreements.play_game((2, 61, 40.0, 0.01, None))
    assert rows and all(r["seed"] == 61 and "base" in r for r in rows)
    differing = [r for r in rows if "alt" in r]
    assert all(r["expert"] != r["hard"] for r in differing)
    lines = disagreements.report(rows)
    assert lines[0] == f"1 games, {len(rows)} decisions sampled"
    assert {r["kind"] for r in rows} == {line.split()[0] for line in lines[1:]}


def test_report_counts_the_sign_test():
    rows = ([{"seed": 1, "kind": "rondel", "base": 0, "alt": 5}] * 3
            + [{"seed": 1, "kind": "rondel", "base": 0, "alt": -5}]
            + [{"seed": 1, "kind": "rondel", "base": 0}] * 4)
    line = disagreements.report(rows)[1]
    assert "agree  50%" in line and "better    3 worse    1" in line and "z +1.0" in line


def test_a_bad_variant_is_refused_with_a_message(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["disagreements.py", "--params", '{"bogus": 1}'])
    with pytest.raises(SystemExit) as exit_:
        disagreements.main()
    assert exit_.value.code == 2 and "unknown search parameter" in capsys.readouterr().err
