"""A sure win (ai/game_end.py): every level takes a Taxation that ends the game with its player
first alone (R-EN End of the game), and only that one; positions from the position suite."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import position_suite  # noqa: E402

from imperial_desktop.ai import make_bot  # noqa: E402
from imperial_desktop.ai.game_end import winning_end  # noqa: E402
from imperial_desktop.ai.heuristics import pending_choice  # noqa: E402


@pytest.fixture(scope="module")
def suite() -> position_suite.Suite:
    return position_suite.load_suite()


def _positions(suite, category):
    found = [p for p in suite.positions if p.category == category]
    assert found
    return found


def test_the_winning_taxation_is_found_and_is_the_only_choice(suite):
    for position in _positions(suite, "end_game_as_winner"):
        state = suite.state_of(position)
        assert winning_end(state, state.legal_actions()) == position.right[0], position.id
        _, legal, only = pending_choice(state)
        assert legal == position.right and only == position.right[0]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_takes_it(suite, level):
    """Hard declined it in 4 of the 8 positions before the rule."""
    for position in _positions(suite, "end_game_as_winner"):
        state = suite.state_of(position)
        assert make_bot(level, 3).choose(state) == position.right[0], (level, position.id)


def test_a_taxation_that_ends_the_game_with_another_player_first_is_no_sure_win(suite):
    for position in _positions(suite, "no_end_game_as_loser"):
        state = suite.state_of(position)
        assert winning_end(state, state.legal_actions()) is None, position.id
