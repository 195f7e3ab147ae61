"""Short look-ahead: apply an action to a copy of the state and play on with a fast policy.

Used by Normal (one nation turn, then the evaluation) and Hard (deeper playouts).
"""

from __future__ import annotations

from typing import Protocol

from imperial_desktop.core import Action, Donate, GameState, ImportUnit, MoveArmy, MoveFleet


class Policy(Protocol):
    def choose(self, state: GameState) -> Action:
        ...


def play_until(state: GameState, policy: Policy, *, turns: int = 1, max_actions: int = 400) -> GameState:
    """Play ``state`` (in place) with ``policy`` for every player until ``turns`` more nation
    turns have ended, the game is over or ``max_actions`` were taken; returns the state."""
    goal = state.turns_taken + turns
    count = 0
    donations = 0
    while not state.is_terminal() and state.turns_taken < goal and count < max_actions:
        action = policy.choose(state)
        if isinstance(action, Donate):
            donations += 1
            if donations > 4 or state.legal_donation(action) is not None:
                action = state.legal_actions()[-1]
        state.apply(action)
        count += 1
    return state


def after(state: GameState, action: Action, policy: Policy | None = None, turns: int = 0) -> GameState:
    """A copy of ``state`` with ``action`` applied, then (optionally) played on ``turns`` turns."""
    sim = state.clone()
    sim.apply(action)
    if policy is not None and turns > 0:
        play_until(sim, policy, turns=turns)
    return sim


def units_moved_in_turn(state: GameState, action: Action, policy: Policy, max_actions: int = 400) -> int:
    """How many moves and imports the rest of the nation's turn makes when ``action`` is taken
    and ``policy`` plays on (0 for a Maneuver or Import that would do nothing)."""
    sim = state.clone()
    sim.apply(action)
    turn = state.turns_taken
    moved = 0
    count = 0
    while not sim.is_terminal() and sim.turns_taken == turn and count < max_actions:
        step = policy.choose(sim)
        if isinstance(step, Donate) and sim.legal_donation(step) is not None:
            step = sim.legal_actions()[-1]
        if isinstance(step, (MoveArmy, MoveFleet, ImportUnit)):
            moved += 1
        sim.apply(step)
        count += 1
    return moved


def units_unchanged(before: GameState, after_turn: GameState, nation: str) -> bool:
    """``nation`` has the same armies and fleets in the same places in both states: a Maneuver
    or Import turn that moved or bought nothing (two units trading places would also count)."""
    return before.armies[nation] == after_turn.armies[nation] and before.fleets[nation] == after_turn.fleets[nation]
