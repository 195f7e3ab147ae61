"""The figures of a whole game over time, for its charts: each nation's power points, each
player's score and who governed which nation, sampled once per nation turn.

A sample is the position where a nation turn begins (its first decision pending), plus the
set-up and the present, so a game of 1,000 actions gives a few hundred samples. The figures are
the core's own: ``state.power``, ``state.scores()`` (cash + interest x power factor, as the game
counts at its end) and ``state.government``; nothing here knows a rule. One walk through the game
replays every action once (about 15 ms for 1,000 actions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from imperial_desktop.core import GameState
from imperial_desktop.core.actions import Action
from imperial_desktop.core.record import GameRecord
from imperial_desktop.core.setup import GameSetup
from imperial_desktop.session.timeline import Moment, Timeline, moment_of


@dataclass(frozen=True)
class GovernmentSpan:
    """A nation governed by one player (None: by nobody) from sample ``first`` to sample ``last``
    (inclusive), that is from position ``start`` until position ``end``."""

    nation: str
    player: int | None
    first: int
    last: int
    start: int
    end: int


@dataclass(frozen=True)
class GameSeries:
    """The figures of a game at its samples, oldest first.

    ``positions[k]`` is the position (the number of actions played) of sample ``k``; every other
    sequence is indexed by ``k`` in the same way."""

    nations: tuple[str, ...]  # the board's nation ids, in its order
    players: tuple[str, ...]  # the players' names, by seat
    positions: tuple[int, ...]
    moments: tuple[Moment, ...]  # round, nation turn and the nation to move at each sample
    power: dict[str, tuple[int, ...]]  # nation -> power points
    scores: tuple[tuple[int, ...], ...]  # player -> score (cash + bonds at the power factors)
    cash: tuple[tuple[int, ...], ...]  # player -> cash (the part of the score that may be hidden)
    governments: dict[str, tuple[int | None, ...]]  # nation -> governing player
    max_power: int  # the top of the power track
    complete: bool = True  # False: only the present is known (the game's record does not lead to it)

    def __len__(self) -> int:
        return len(self.positions)

    def rounds(self) -> list[tuple[int, int]]:
        """(sample, round) where each round is first seen, in order."""
        out: list[tuple[int, int]] = []
        for k, moment in enumerate(self.moments):
            if not out or moment.round != out[-1][1]:
                out.append((k, moment.round))
        return out

    def spans(self, nation: str) -> list[GovernmentSpan]:
        """Who governed ``nation`` when: runs of samples with the same governing player."""
        values = self.governments[nation]
        out: list[GovernmentSpan] = []
        first = 0
        for k in range(1, len(values) + 1):
            if k == len(values) or values[k] != values[first]:
                end = self.positions[k] if k < len(values) else self.positions[-1]
                out.append(GovernmentSpan(nation, values[first], first, k - 1, self.positions[first], end))
                first = k
        return out

    def nearest(self, position: int) -> int:
        """The sample at or just before ``position`` (the first sample for an earlier one)."""
        best = 0
        for k, p in enumerate(self.positions):
            if p <= position:
                best = k
        return best


class _Gatherer:
    """Reads the figures of the states handed to it, one sample at a time."""

    def __init__(self, state: GameState):
        board = state.board
        self.nations = tuple(board.nation_ids)
        self.players = tuple(state.setup.players)
        self.max_power = max(high for _low, high, _factor in board.factor_table)
        self.positions: list[int] = []
        self.moments: list[Moment] = []
        self.power: dict[str, list[int]] = {n: [] for n in self.nations}
        self.governments: dict[str, list[int | None]] = {n: [] for n in self.nations}
        self.scores: list[list[int]] = [[] for _ in self.players]
        self.cash: list[list[int]] = [[] for _ in self.players]

    def take(self, state: GameState, moment: Moment) -> None:
        self.positions.append(moment.index)
        self.moments.append(moment)
        for nation in self.nations:
            self.power[nation].append(state.power[nation])
            self.governments[nation].append(state.government[nation])
        for entry in state.scores():
            self.scores[entry["player"]].append(entry["total"])
            self.cash[entry["player"]].append(entry["cash"])

    def series(self, complete: bool = True) -> GameSeries:
        return GameSeries(self.nations, self.players, tuple(self.positions), tuple(self.moments),
                          {n: tuple(v) for n, v in self.power.items()}, tuple(tuple(v) for v in self.scores),
                          tuple(tuple(v) for v in self.cash), {n: tuple(v) for n, v in self.governments.items()},
                          self.max_power, complete)


def series_of_game(setup: GameSetup, actions: Sequence[Action], start: GameState | None = None) -> GameSeries:
    """The series of a game: its set-up (or ``start``, the state of that set-up, which is used up)
    and its actions, replayed once (raises the core's errors for an action that does not apply)."""
    state = start if start is not None else GameState.new(setup)
    first = moment_of(state, 0)
    gatherer = _Gatherer(state)
    gatherer.take(state, first)
    turn = (first.nation_turn, first.nation) if first.nation is not None else None
    moment = first
    for index, action in enumerate(actions, start=1):
        state.apply(action)
        moment = moment_of(state, index)
        if moment.nation is not None and (moment.nation_turn, moment.nation) != turn:
            turn = (moment.nation_turn, moment.nation)  # a nation turn begins (as Timeline.turn_starts)
            gatherer.take(state, moment)
    if gatherer.positions[-1] != moment.index:  # the present, when it is not itself the start of a turn
        gatherer.take(state, moment)
    return gatherer.series()


def series_of_timeline(timeline: Timeline) -> GameSeries:
    """The series of the game a timeline holds."""
    return series_of_game(timeline.setup, timeline.actions, timeline.state_at(0))


def series_of_record(record: GameRecord) -> GameSeries:
    """The series of a recorded game."""
    return series_of_game(record.setup, record.actions)


def series_of_present(state: GameState) -> GameSeries:
    """One sample: the present alone (for a game whose earlier positions are not known)."""
    gatherer = _Gatherer(state)
    gatherer.take(state, moment_of(state, 0))
    return gatherer.series(complete=False)


def series_of_session(setup: GameSetup, actions: Sequence[Action], present: GameState) -> GameSeries:
    """The series of a running game: its record replayed, checked against the present (a record
    that does not lead to the present state gives the present alone)."""
    try:
        start = GameState.new(setup)
        series = series_of_game(setup, actions, start)
    except Exception:  # noqa: BLE001 - a record that does not replay costs the charts their past only
        return series_of_present(present)
    if start.digest() != present.digest():  # ``start`` was walked to the end of the record
        return series_of_present(present)
    return series


__all__ = ["GameSeries", "GovernmentSpan", "series_of_game", "series_of_present",
           "series_of_record", "series_of_session", "series_of_timeline"]
