"""Greedy: the heuristic policy without noise (a test opponent and the playout policy)."""

from __future__ import annotations

import random

from imperial_desktop.ai.base import register
from imperial_desktop.ai.heuristics import HeuristicPolicy
from imperial_desktop.core import Action, GameState


class GreedyBot:
    """The rules of thumb, played exactly."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.policy = HeuristicPolicy(random.Random(seed))

    def choose(self, state: GameState) -> Action:
        return self.policy.choose(state)


register("greedy", GreedyBot)
