"""A bot that picks a uniformly random legal action: the baseline and the simulator's driver."""

from __future__ import annotations

import random

from imperial_desktop.ai.base import register
from imperial_desktop.core import Action, GameState


class RandomBot:
    """Uniformly random legal actions (never donates)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(state.legal_actions())


register("random", RandomBot)
