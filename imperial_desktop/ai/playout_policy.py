"""Playout policies: how every player is assumed to play during a search's playouts.

The heuristics alone are fast but choose rondel spaces and bonds by rules of thumb; the
opponents a searching bot meets (Normal, Hard and other Experts) choose those with a look-ahead.
:class:`LookaheadPlayout` plays Normal's one-turn look-ahead for the rondel and investments and
the heuristics for everything else, so a playout predicts such opponents better, at several
times the cost of a heuristic playout.
"""

from __future__ import annotations

from imperial_desktop.ai.heuristics import HeuristicPolicy
from imperial_desktop.ai.normal import NormalBot
from imperial_desktop.core import Action, GameState

PLAYOUT_POLICIES = ("greedy", "lookahead")


LOOKAHEAD_KINDS = ("rondel", "invest")


class LookaheadPlayout:
    """Normal's look-ahead for rondel and investment choices (or only the decision ``kinds``
    given), ``base`` for the rest."""

    def __init__(self, base: HeuristicPolicy, normal: NormalBot, kinds: tuple[str, ...] = LOOKAHEAD_KINDS):
        self.base = base
        self.normal = normal
        self.kinds = kinds

    @property
    def rng(self):
        """The random numbers of the heuristics (seeded per playout for common random numbers)."""
        return self.base.rng

    def choose(self, state: GameState) -> Action:
        decision = state.decision()
        if decision is not None and decision.kind in self.kinds:
            legal = state.legal_actions()
            if len(legal) > 1:
                if decision.kind == "rondel":
                    return self.normal.choose_rondel(state, legal)
                return self.normal.choose_invest(state, legal)
        return self.base.choose(state)
