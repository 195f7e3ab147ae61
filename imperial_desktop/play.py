"""One game between computer players, played to its end: the loop the simulator and the tools share.

Bots are given ready or by name; a name becomes ``make_bot(name, seed * 31 + seat)``, the seeding
of ``imperial-desktop simulate``, so a game seeded alike is the same game in every tool. Hooks let
a tool watch every decision and action (count weaknesses, sample positions, stop at a moment)
without writing the loop again.

Above ``ai`` and ``core``, below ``session`` and ``ui`` (which do not use it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

from imperial_desktop.ai import Bot, make_bot
from imperial_desktop.core import Action, GameRecord, GameSetup, GameState

MAX_ACTIONS = 100_000  # a safety net against a runaway game; never reached in tests

Decide = Callable[[GameState, int], None]
"""Called with the state and the seat to move, before that seat's bot chooses."""
Observe = Callable[[GameState, Action, int], None]
"""Called with the state, the chosen action and the seat that chose it."""
Stop = Callable[[GameState], bool]
"""Asked before each decision; true ends the game there, unfinished."""


@dataclass
class PlayedGame:
    """What :func:`play_game` leaves: the last state, the actions applied, think times per seat."""

    state: GameState
    actions: int
    think: list[list[float]]  # seconds per ``choose``, one list per seat, in the order of the game
    stopped: bool = False  # ended by ``stop`` before the game was over

    def think_by_name(self, names: Sequence[str]) -> dict[str, list[float]]:
        """The think times gathered per bot name (``names[seat]``), seats in order."""
        out: dict[str, list[float]] = {name: [] for name in names}
        for seat, name in enumerate(names):
            out[name].extend(self.think[seat])
        return out


def seat_bots(names: Sequence[str], seed: int) -> list[Bot]:
    """The bots of seats named ``names``, seeded as ``imperial-desktop simulate`` seeds them."""
    return [make_bot(name, seed * 31 + seat) for seat, name in enumerate(names)]


def play_game(start: GameSetup | GameState, bots: Sequence[Bot | str], seed: int | None = None, *,
              record: GameRecord | None = None, decide: Decide | None = None, before: Observe | None = None,
              after: Observe | None = None, stop: Stop | None = None,
              max_actions: int | None = MAX_ACTIONS) -> PlayedGame:
    """Play from ``start`` (a new game of a set-up, or a state played on in place) to the end.

    ``bots`` holds one bot per seat, ready or by name (a name needs ``seed``; see
    :func:`seat_bots`); ready bots are used as given, so a tool may copy them mid-game. Each
    action is appended to ``record`` if given. ``decide`` runs before a bot chooses, ``before``
    between its choice and the action's effect, ``after`` once the action is applied (and
    recorded). More than ``max_actions`` actions raise ``RuntimeError`` (``None``: no limit).
    """
    if any(isinstance(bot, str) for bot in bots):
        if seed is None:
            raise ValueError("bots given by name need the game's seed")
        seated: list[Bot] = [make_bot(bot, seed * 31 + seat) if isinstance(bot, str) else bot
                             for seat, bot in enumerate(bots)]
    else:
        seated = list(bots)  # type: ignore[arg-type]
    state = GameState.new(start) if isinstance(start, GameSetup) else start
    think: list[list[float]] = [[] for _ in seated]
    count = 0
    stopped = False
    while not state.is_terminal():
        if stop is not None and stop(state):
            stopped = True
            break
        seat = state.current_player()
        assert seat is not None, "an unfinished game always has a player to move"
        if decide is not None:
            decide(state, seat)
        started = time.perf_counter()
        action = seated[seat].choose(state)
        think[seat].append(time.perf_counter() - started)
        if before is not None:
            before(state, action, seat)
        state.apply(action)
        if record is not None:
            record.actions.append(action)
        count += 1
        if after is not None:
            after(state, action, seat)
        if max_actions is not None and count > max_actions:
            which = f"game with seed {seed}" if seed is not None else "game"
            raise RuntimeError(f"{which} exceeded {max_actions} actions")
    return PlayedGame(state, count, think, stopped)
