"""Playout policies: how every player is assumed to play during a search's playouts.

The heuristics alone are fast but choose rondel spaces and bonds by rules of thumb; the
opponents a searching bot meets (Normal, Hard and other Experts) choose those with a look-ahead.
:class:`LookaheadPlayout` plays Normal's one-turn look-ahead for the rondel and investments and
the heuristics for everything else, so a playout predicts such opponents better, at several
times the cost of a heuristic playout.
"""

from __future__ import annotations

from imperial_desktop.ai.corrections import Corrections, rondel_corrections
from imperial_desktop.ai.heuristics import HeuristicPolicy
from imperial_desktop.ai.normal import NormalBot
from imperial_desktop.core import Action, DecisionKind, GameState

PLAYOUT_POLICIES = ("greedy", "lookahead")


LOOKAHEAD_KINDS = (DecisionKind.RONDEL, DecisionKind.INVEST)


class LookaheadPlayout:
    """Normal's look-ahead for rondel and investment choices (or only the decision ``kinds``
    given), ``base`` for the rest. With ``corrections``, a rondel option's look-ahead value gets
    Hard's standing corrections too (Hard builds a factory when money lies idle, where Normal's
    look-ahead alone does not), so the playouts expect what Hard players do. With ``second``, a
    rondel choice is the look-ahead's second best with that probability (drawn from ``rng``): a
    searching player often chooses it (Hard's choice is Normal's best in 56% of its rondel choices
    and one of its best two in 81%), so noisy playouts spread over both."""

    def __init__(self, base: HeuristicPolicy, normal: NormalBot, kinds: tuple[str, ...] = LOOKAHEAD_KINDS,
                 corrections: Corrections | None = None, second: float = 0.0):
        self.base = base
        self.normal = normal
        self.kinds = kinds
        self.corrections = corrections
        self.second = second

    @property
    def rng(self):
        """The random numbers of the heuristics (seeded per playout for common random numbers)."""
        return self.base.rng

    def choose(self, state: GameState) -> Action:
        decision = state.decision()
        if decision is not None and decision.kind in self.kinds:
            legal = state.legal_actions()
            if len(legal) > 1:
                if decision.kind == DecisionKind.RONDEL:
                    return self.choose_rondel(state, legal)
                return self.normal.choose_invest(state, legal)
        return self.base.choose(state)

    def choose_rondel(self, state: GameState, legal: list[Action]) -> Action:
        """Normal's look-ahead choice, with the standing corrections when there are any."""
        if self.corrections is None and not self.second:
            return self.normal.choose_rondel(state, legal)
        turn_ends: dict[Action, GameState] = {}
        scored = self.normal.rondel_scores(state, legal, turn_ends)
        if self.corrections is not None:
            extra = rondel_corrections(state, legal, self.base, self.corrections, turn_ends)
            scored.sort(key=lambda sa: -(sa[0] + extra.get(sa[1], 0.0)))
        if self.second and len(scored) > 1 and self.rng.random() < self.second:
            return scored[1][1]
        return scored[0][1]
