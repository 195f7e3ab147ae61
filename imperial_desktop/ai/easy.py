"""Easy: the heuristic policy with noise and the odd random move."""

from __future__ import annotations

import random

from imperial_desktop.ai.base import register
from imperial_desktop.ai.heuristics import HeuristicPolicy
from imperial_desktop.core import Action, GameState


class EasyBot:
    """Sensible rules of thumb, played loosely: noisy scores and 10% random choices."""

    name = "easy"

    def __init__(self, seed: int = 0):
        self.policy = HeuristicPolicy(random.Random(seed), noise=2.5, epsilon=0.10, donate=False)

    def choose(self, state: GameState) -> Action:
        return self.policy.choose(state)


register("easy", EasyBot)
