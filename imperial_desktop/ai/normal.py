"""Normal: the heuristics plus a position evaluation for the decisions that matter most.

Rondel spaces and Swiss-Bank forcing are judged by playing the rest of the nation's turn with
the heuristic policy on a copy of the state and evaluating the result (plus a share of the
heuristic's own estimate, which sees the longer-term worth of units). Investments are judged
by the evaluation right after the purchase. Everything else follows the heuristics.
"""

from __future__ import annotations

import random

from imperial_desktop.ai.base import register
from imperial_desktop.ai.evaluation import DEFAULT_WEIGHTS, EvalWeights, evaluate
from imperial_desktop.ai.heuristics import pending_choice, HeuristicPolicy, rondel_values
from imperial_desktop.ai.lookahead import after
from imperial_desktop.core import Action, ChooseRondel, DecisionKind, GameState, Invest, PassInvestment, SwissForce

HEURISTIC_WEIGHT = 0.5


class NormalBot:
    """Heuristics, with a one-turn look-ahead and evaluation for rondel, forcing and investing."""

    name = "normal"

    def __init__(self, seed: int = 0, heuristic_weight: float = HEURISTIC_WEIGHT,
                 weights: EvalWeights = DEFAULT_WEIGHTS):
        self.weights = weights  # the evaluation's weights (the Expert's prior may use its own)
        self.rng = random.Random(seed)
        self.policy = HeuristicPolicy(random.Random(seed))
        self.playout = HeuristicPolicy(random.Random(seed + 1), donate=False)
        self.heuristic_weight = heuristic_weight

    def choose(self, state: GameState) -> Action:
        decision, legal, only = pending_choice(state)
        if only is not None:
            return only
        if decision.kind == DecisionKind.RONDEL:
            return self.choose_rondel(state, legal)
        if decision.kind == DecisionKind.INVEST:
            return self.choose_invest(state, legal)
        if decision.kind == DecisionKind.SWISS_FORCE:
            choice = self.policy.choose(state)
            if not isinstance(choice, SwissForce):
                return choice  # a donation that makes forcing possible
            return self.choose_swiss(state, legal)
        return self.policy.choose(state)

    def rondel_scores(self, state: GameState, legal: list[Action],
                      sims: dict[Action, GameState] | None = None) -> list[tuple[float, Action]]:
        """Look-ahead value of every rondel option (best first); ``sims``, when given, receives
        each option's state at the end of the nation's turn."""
        player = state.current_player()
        assert player is not None
        prior = rondel_values(state)
        scored = []
        for a in legal:
            assert isinstance(a, ChooseRondel)
            sim = after(state, a, self.playout, turns=1)
            if sims is not None:
                sims[a] = sim
            value = evaluate(sim, player, self.weights) + self.heuristic_weight * prior.get(a.space, 0.0)
            scored.append((value, a))
        scored.sort(key=lambda sa: -sa[0])
        return scored

    def choose_rondel(self, state: GameState, legal: list[Action]) -> Action:
        return self.rondel_scores(state, legal)[0][1]

    def invest_scores(self, state: GameState, legal: list[Action]) -> list[tuple[float, Action]]:
        player = state.current_player()
        assert player is not None
        scored = []
        for a in legal:
            if not isinstance(a, (Invest, PassInvestment)):
                continue
            sim = after(state, a)
            scored.append((evaluate(sim, player, self.weights) + (0.3 if isinstance(a, PassInvestment) else 0.0), a))
        scored.sort(key=lambda sa: -sa[0])
        return scored

    def choose_invest(self, state: GameState, legal: list[Action]) -> Action:
        return self.invest_scores(state, legal)[0][1]

    def choose_swiss(self, state: GameState, legal: list[Action], extra: dict[Action, float] | None = None) -> Action:
        """The forcing choice the one-turn look-ahead values most (plus ``extra`` points per option)."""
        player = state.current_player()
        assert player is not None
        return max(legal, key=lambda a: evaluate(after(state, a, self.playout, turns=1), player, self.weights)
                   + (extra or {}).get(a, 0.0))


register("normal", NormalBot)
