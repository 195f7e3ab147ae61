"""Any position of a game, fast: its set-up and actions, with snapshots at intervals.

A :class:`Timeline` replays a game once and keeps a copy of the state every
:data:`SNAPSHOT_EVERY` actions; a position in between is the nearest earlier snapshot plus at
most that many actions replayed (a few milliseconds). Position ``i`` is the state after the
first ``i`` actions: 0 is the set-up, ``len(timeline) - 1`` the present. Each position also
knows its round and nation turn, so a timeline bar can mark rounds and turns without replaying.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import Sequence

from imperial_desktop.core import GameState
from imperial_desktop.core.actions import Action
from imperial_desktop.core.record import GameRecord
from imperial_desktop.core.setup import GameSetup

SNAPSHOT_EVERY = 40  # actions between two kept copies: replaying 40 actions costs about 1 ms


@dataclass(frozen=True)
class Moment:
    """Where a position stands in the game (the state after ``index`` actions)."""

    index: int
    round: int  # counted as the top bar counts it: a round is one turn of every nation
    nation_turn: int  # 1 for the first nation turn; the turn under way (or the last one, at the end)
    nation: str | None  # the nation whose turn it is (None during the opening and at the end)
    player: int | None  # the seat that decides next (None when the game is over)


def moment_of(state: GameState, index: int) -> Moment:
    """The round and turn of a state, as the top bar words them."""
    nation_turn = max(1, state.turns_taken + (0 if state.is_terminal() else 1))
    nations = max(1, len(state.board.nation_ids))
    game_round = max(1, (nation_turn + nations - 1) // nations)
    return Moment(index, game_round, nation_turn, state.turn_nation, state.current_player())


class Timeline:
    """Every position of one game, from its set-up to its last action."""

    def __init__(self, setup: GameSetup, actions: Sequence[Action] = (), *, every: int = SNAPSHOT_EVERY) -> None:
        self.setup = setup
        self.every = max(1, int(every))
        self._actions: list[Action] = []
        start = GameState.new(setup)
        self._snapshots: list[GameState] = [start.clone()]  # the state after k * every actions
        self._moments: list[Moment] = [moment_of(start, 0)]
        self._head = start  # the state after every action so far (never handed out)
        self.extend(actions)

    @classmethod
    def from_record(cls, record: GameRecord, *, every: int = SNAPSHOT_EVERY) -> "Timeline":
        """The timeline of a record (raises the core's errors for an action that does not apply)."""
        return cls(record.setup, record.actions, every=every)

    def __len__(self) -> int:
        """The number of positions: the set-up and one after each action."""
        return len(self._actions) + 1

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def last(self) -> int:
        """The index of the present (the newest position)."""
        return len(self._actions)

    def extend(self, actions: Sequence[Action]) -> None:
        """Add actions played after the present (each is applied once, in order)."""
        for action in actions:
            self._head.apply(action)
            self._actions.append(action)
            index = len(self._actions)
            self._moments.append(moment_of(self._head, index))
            if index % self.every == 0:
                self._snapshots.append(self._head.clone())

    def follow(self, actions: Sequence[Action]) -> None:
        """Bring the timeline in step with a game's actions after an undo, a redo or new moves:
        the common beginning is kept, the rest replayed."""
        actions = list(actions)
        same = 0
        for mine, theirs in zip(self._actions, actions):
            if mine != theirs:
                break
            same += 1
        if same < len(self._actions):
            self._truncate(same)
        self.extend(actions[same:])

    def _truncate(self, length: int) -> None:
        del self._actions[length:]
        del self._moments[length + 1:]
        del self._snapshots[length // self.every + 1:]
        self._head = self._replay_from_snapshot(length)

    def _replay_from_snapshot(self, index: int) -> GameState:
        state = self._snapshots[index // self.every].clone()
        for action in self._actions[(index // self.every) * self.every:index]:
            state.apply(action)
        return state

    def state_at(self, index: int) -> GameState:
        """A fresh copy of the position after ``index`` actions (clamped to the game)."""
        index = max(0, min(self.last, int(index)))
        if index == self.last:
            return self._head.clone()
        return self._replay_from_snapshot(index)

    def moment(self, index: int) -> Moment:
        return self._moments[max(0, min(self.last, int(index)))]

    def moments(self) -> list[Moment]:
        return list(self._moments)

    def turn_starts(self) -> list[int]:
        """The positions where a nation turn begins (its first decision is pending)."""
        starts = []
        previous = None
        for m in self._moments:
            if m.nation is not None and (m.nation_turn, m.nation) != previous:
                starts.append(m.index)
                previous = (m.nation_turn, m.nation)
        return starts

    def round_starts(self) -> list[int]:
        """The positions where a round begins (its first nation turn's first decision)."""
        starts = []
        seen: set[int] = set()
        for index in self.turn_starts():
            r = self._moments[index].round
            if r not in seen:
                seen.add(r)
                starts.append(index)
        return starts

    def memory_bytes(self) -> int:
        """About what the kept copies take (their pickled size)."""
        return sum(len(pickle.dumps(s, protocol=pickle.HIGHEST_PROTOCOL)) for s in self._snapshots)
