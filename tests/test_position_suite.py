"""The position suite of the computer players (tools/position_suite.py, tests/positions/suite.json):
the file reads, every position is what it says, the verdicts decided by play are what their
continuations say (tools/position_verdicts.py), and the fast levels keep what they solve."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import position_suite  # noqa: E402
import position_verdicts  # noqa: E402

from imperial_desktop.ai.no_waste import useful_choices  # noqa: E402
from imperial_desktop.core.empty_actions import empty_reason  # noqa: E402


@pytest.fixture(scope="module")
def suite() -> position_suite.Suite:
    return position_suite.load_suite()


def test_the_suite_has_enough_positions_in_every_category(suite):
    by_category: dict[str, int] = {}
    for position in suite.positions:
        by_category[position.category] = by_category.get(position.category, 0) + 1
    assert len(suite.positions) >= 60 and len(position_suite.CATEGORIES) >= 10
    assert set(by_category) == set(position_suite.CATEGORIES)
    assert min(by_category.values()) >= 6, by_category
    assert len({p.id for p in suite.positions}) == len(suite.positions)


def test_every_position_is_what_it_says(suite):
    """Each position is reached by its game's actions, the player to move is the one written, its
    right moves and moves to avoid are legal there, and the exact check that chose it still holds."""
    for position in suite.positions:
        state = suite.state_of(position)
        assert state.decision() is not None and state.decision().player == position.player, position.id
        legal = set(state.legal_actions())
        assert position.right or position.avoid, position.id
        assert set(position.right) <= legal and set(position.avoid) <= legal, position.id
        assert not position.avoid or len(legal) > len(position.avoid), position.id  # something else is possible
        found = {category: (right, avoid) for category, right, avoid, _ in position_suite.classify(state)}
        assert position.category in found, position.id
        if position.played is not None:
            continue  # its right moves come from play (below)
        # the file holds what today's checks decide (``position_suite.py refresh`` writes it)
        assert (position.right, position.avoid) == found[position.category], position.id
        if position.category == "no_empty_action":
            assert set(position.right) == set(useful_choices(state, list(legal)))
            assert any(empty_reason(state, a.nation, a.space) for a in legal - set(position.right))


def played(suite) -> list[position_suite.Position]:
    return [p for p in suite.positions if p.played is not None]


def test_the_government_categories_have_their_right_moves_from_play(suite):
    """Taking, locking and keeping governments, the Investor stop that finances a takeover and the
    Swiss Bank's forcing: exact checks find the situation, but whether the purchase or the stop pays
    is decided by playing every choice to the end (the checks' own answers lost games)."""
    for position in suite.positions:
        assert (position.played is not None) == (position.category in position_verdicts.GOVERNMENT_CATEGORIES)
    for position in played(suite):
        state = suite.state_of(position)
        margins = position.played["margins"]
        keys = {position_verdicts.key_of(a) for a in state.legal_actions()}
        assert set(margins) == keys, position.id  # every legal choice was played out
        assert all(len(m) == position.played["continuations"] for m in margins.values()), position.id
        verdict = position_verdicts.verdict(margins, position.played["sigmas"], position.played["min_gap"])
        assert verdict["right"] and verdict["wrong"], position.id  # a plain verdict only
        assert {position_verdicts.key_of(a) for a in position.right} == set(verdict["right"]), position.id
        assert not position.avoid, position.id


def test_a_played_verdict_is_what_its_continuations_give(suite):
    """The continuations are seeded: playing the first two of the smallest position again gives the
    margins the file holds, in any process (no hash order enters)."""
    position = min(played(suite), key=lambda p: len(p.played["margins"]))
    index = suite.positions.index(position)
    again = position_verdicts.judge_position((str(position_suite.SUITE), index, 2, position.played["model"],
                                              position.played["seeds"][0], position.played["noise"]))
    assert again["margins"] == {k: v[:2] for k, v in position.played["margins"].items()}


def test_a_verdict_needs_a_clear_gap():
    margins = {"a": [10, 12, 8, 11], "b": [9, 12, 8, 10], "c": [0, 1, -2, 2]}
    verdict = position_verdicts.verdict(margins, sigmas=2.0, min_gap=2.0)
    assert verdict["best"] == "a" and set(verdict["right"]) == {"a", "b"} and verdict["wrong"] == ["c"]
    noisy = {"a": [30, -20, 25, -15], "b": [-20, 30, -15, 25]}
    assert position_verdicts.verdict(noisy, 2.0, 2.0)["wrong"] == []


def test_solved_means_right_move_or_no_move_to_avoid(suite):
    with_right = next(p for p in suite.positions if p.right)
    with_avoid = next(p for p in suite.positions if p.avoid)
    assert with_right.solved_by(with_right.right[0])
    assert not with_avoid.solved_by(with_avoid.avoid[0])


def test_the_levels_that_do_not_search_by_time_keep_what_they_solve(suite):
    """Easy, Normal and Hard on the suite (deterministic for a seed; Hard's slowest decision there
    takes about 0.02 s of its 1 s budget): a change to the bots may solve more, not less. Easy 59,
    Normal 66 and Hard 60 of 80 with the government categories' right moves decided by play."""
    assert position_suite.run(suite, "easy")["solved"] >= 59
    assert position_suite.run(suite, "normal")["solved"] >= 66
    assert position_suite.run(suite, "hard")["solved"] >= 60


def test_a_run_can_be_limited_to_categories_and_given_a_think_time(suite, capsys):
    """``run --categories`` asks only those positions; ``--budget`` and ``--seed`` reach the Expert."""
    only = frozenset({"end_game_as_winner"})
    result = position_suite.run(suite, "expert", seed=2, categories=only, budget=0.01)
    assert result["positions"] == sum(p.category in only for p in suite.positions) == 8
    assert set(result["per_category"]) == only
    with pytest.raises(SystemExit):
        position_suite.main(["run", "--levels", "normal", "--categories", "no_such_category"])
    capsys.readouterr()
    assert position_suite.main(["run", "--levels", "normal", "--categories", "end_game_as_winner", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    assert "end_game_as_winner" in printed and "no_empty_action" not in printed
