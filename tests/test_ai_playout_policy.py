"""Playout policies of the Expert's search (issue 13): the look-ahead playout predicts opponents
that choose rondel spaces and bonds with Normal's look-ahead, and stays legal and seeded."""

from __future__ import annotations

import random

import pytest

from imperial_desktop.ai import make_bot
from imperial_desktop.ai.expert import ExpertBot
from imperial_desktop.ai.heuristics import HeuristicPolicy
from imperial_desktop.ai.normal import NormalBot
from imperial_desktop.ai.playout_policy import LookaheadPlayout
from imperial_desktop.ai.search import PlayoutSearch
from imperial_desktop.core import GameSetup, GameState


def positions(kind: str, count: int, seed: int = 21) -> list[GameState]:
    """Copies of the first ``count`` decisions of ``kind`` in a greedy 4-player game."""
    state = GameState.new(GameSetup.create(4, seed))
    bot = make_bot("greedy", seed)
    found = []
    while not state.is_terminal() and len(found) < count:
        decision = state.decision()
        if decision.kind == kind and len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply(bot.choose(state))
    return found


@pytest.mark.parametrize("kind", ["rondel", "invest"])
def test_lookahead_playout_chooses_as_normal_does_for_rondel_and_bonds(kind):
    states = positions(kind, 4)
    assert states, f"no {kind} decision in the game"
    for state in states:
        policy = LookaheadPlayout(HeuristicPolicy(random.Random(1), donate=False), NormalBot(5))
        assert policy.choose(state) == NormalBot(5).choose(state)


def test_lookahead_playout_leaves_the_other_decisions_to_the_heuristics():
    for state in positions("maneuver", 3):
        base = HeuristicPolicy(random.Random(1), donate=False)
        policy = LookaheadPlayout(HeuristicPolicy(random.Random(1), donate=False), NormalBot(5))
        assert policy.choose(state) == base.choose(state)


def test_search_knows_its_playout_policies():
    with pytest.raises(ValueError, match="playout policy"):
        PlayoutSearch(1, playout_policy="oracle")


def test_expert_with_lookahead_playouts_is_seeded_and_legal():
    """With a playout count the answer depends only on the seed, and it is a legal action."""
    for state in positions("rondel", 3, seed=33):
        picks = []
        for _ in range(2):
            bot = ExpertBot(9, budget=30.0, max_playouts=24, playout_policy="lookahead")
            picks.append(bot.choose(state))
        assert picks[0] == picks[1]
        assert state.is_legal(picks[0])


def test_lookahead_playout_can_be_limited_to_some_decision_kinds():
    """Hard's ``invest_lookahead`` playouts: Normal's look-ahead for bonds only."""
    from imperial_desktop.ai.hard import HardBot
    for state in positions("rondel", 2):
        base = HeuristicPolicy(random.Random(1), donate=False)
        policy = LookaheadPlayout(HeuristicPolicy(random.Random(1), donate=False), NormalBot(5), kinds=("invest",))
        assert policy.choose(state) == base.choose(state)
    for state in positions("invest", 2):
        policy = LookaheadPlayout(HeuristicPolicy(random.Random(1), donate=False), NormalBot(5), kinds=("invest",))
        assert policy.choose(state) == NormalBot(5).choose(state)
    plain = HardBot(1)
    assert plain.exact_playout is plain.exact  # off by default
    hard = HardBot(1, invest_lookahead=True)
    assert isinstance(hard.exact_playout, LookaheadPlayout) and hard.exact_playout.kinds == ("invest",)
    state = positions("invest", 1, seed=34)[0]
    assert state.is_legal(hard.choose(state))
