"""The end of the game (ai/game_end.py): every level takes a Taxation that ends the game with its
player first alone (R-EN End of the game), and only that one, and none takes a Taxation that ends
it with another player first while it has another choice; positions from the position suite."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import position_suite  # noqa: E402

from imperial_desktop.ai import make_bot  # noqa: E402
from imperial_desktop.ai.game_end import STALL_TURNS, ending_choices, winning_end, without_losing_end  # noqa: E402
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


def test_a_losing_end_is_no_choice_while_there_is_another(suite):
    """Each position's Taxation to avoid ends the game with someone else first: the rule drops
    exactly those, and every level, the Expert too (4 of 8 before the rule), then avoids them."""
    for position in _positions(suite, "no_end_game_as_loser"):
        state = suite.state_of(position)
        legal = state.legal_actions()
        win, losses = ending_choices(state, legal)
        assert win is None and set(position.avoid) <= set(losses), position.id
        _, choices, _ = pending_choice(state)
        assert not set(choices) & set(losses) and choices, position.id
        for level in ("easy", "normal", "hard", "expert"):
            assert make_bot(level, 3).choose(state) not in losses, (level, position.id)


def test_a_game_that_drags_on_may_end_with_a_loss(suite):
    """Past STALL_TURNS nation turns the losing Taxation is a choice again (a 2-player game
    whose governments refused to end it cycled forever)."""
    position = _positions(suite, "no_end_game_as_loser")[0]
    state = suite.state_of(position)
    legal = state.legal_actions()
    losses = ending_choices(state, legal)[1]
    state.turns_taken = STALL_TURNS + 1
    assert set(losses) <= set(without_losing_end(state, legal))
