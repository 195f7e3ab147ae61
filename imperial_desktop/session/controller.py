"""The controller between the window and the rules core.

It owns the game state, applies actions (from the mouse, from computer seats, from replays),
keeps the game record and undo history, runs computer players in a worker thread on a copy of
the state, and tells listeners what happened.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Callable, Mapping

from imperial_desktop.ai import make_bot
from imperial_desktop.core import Action, Donate, Event, GameRecord, GameSetup, GameState
from imperial_desktop.session import thinking
from imperial_desktop.session.seats import Seat
from imperial_desktop.session.thinking import PROCESS_LEVELS

log = logging.getLogger(__name__)

Listener = Callable[[Action, list[Event]], None]
ChangeListener = Callable[[str], None]  # called with "undo", "redo" or "confirm"


@dataclass
class _Step:
    """One applied action with the state before it (for undo)."""

    before: GameState
    action: Action
    actor: int | None


class GameSession:
    """A game in progress: state, seats, record, undo/redo and computer players."""

    def __init__(self, setup: GameSetup, seats: list[Seat], *, state: GameState | None = None,
                 actions: list[Action] | None = None, seed: int = 0, think_times: Mapping[str, float] | None = None):
        if len(seats) != setup.num_players:
            raise ValueError("one seat per player")
        self.setup = setup
        self.seats = seats
        self.state = state if state is not None else GameState.new(setup)
        self.record = GameRecord(setup, list(actions or []))
        self.history: list[_Step] = []
        self.redo_stack: list[_Step] = []
        self.listeners: list[Listener] = []
        self.on_change: list[ChangeListener] = []  # told after undo(), redo() and confirm_turn()
        self.seed = seed
        # seconds per decision by level ({"expert": 0.5}; a level not named thinks its default):
        # the seats keep the plain level, so the record and the saves do not change with it
        self.think_times: dict[str, float] = dict(think_times or {})
        self._bot_names = {i: self.bot_name(i) for i, s in enumerate(seats) if not s.is_human}
        self._bots = {i: make_bot(name, seed * 7 + i) for i, name in self._bot_names.items()}
        # the window sets this: long searches then run in a process and leave the GIL to drawing
        self.think_in_process = False
        # the window sets this while a menu or dialog is open over the game: no computer starts
        # thinking and no answer is applied (one already thinking may finish; its answer waits)
        self.paused = False
        # off unless the window turns it on (the setting "Confirm each turn"); see confirm_turns
        self._confirm_turns = False
        self._confirmed = 0  # the steps of history before this index are confirmed: undo stops there
        self._version = 0
        self._worker: threading.Thread | None = None
        self._worker_result: tuple[int, Action | BaseException] | None = None
        self._lock = threading.Lock()

    @classmethod
    def from_record(cls, record: GameRecord, seats: list[Seat], seed: int = 0) -> "GameSession":
        """Resume a recorded game (replayed from its set-up; raises RecordError if broken)."""
        state = record.replay()
        return cls(record.setup, seats, state=state, actions=list(record.actions), seed=seed)

    # -------------------------------------------------------------- queries

    @property
    def version(self) -> int:
        """Changes whenever the state changes (used to drop stale computer answers)."""
        return self._version

    def current_seat(self) -> Seat | None:
        player = self.state.current_player()
        return None if player is None else self.seats[player]

    def human_to_move(self) -> bool:
        seat = self.current_seat()
        return seat is not None and seat.is_human

    def computer_thinking(self) -> bool:
        return self._worker is not None

    def bot_name(self, player: int) -> str:
        """What :func:`make_bot` makes for a computer seat: its level, with the think time of
        :attr:`think_times` after a colon when one is set for that level ("expert:0.5")."""
        level = self.seats[player].level
        seconds = self.think_times.get(level)
        return level if seconds is None else f"{level}:{seconds:g}"

    def set_think_times(self, think_times: Mapping[str, float] | None) -> None:
        """Computer seats think this long per decision from now on (by level; see
        :attr:`think_times`). The window calls it when a game starts or is continued, before any
        computer thinks; a seat whose think time changes gets a new bot (same seed)."""
        self.think_times = dict(think_times or {})
        for player, name in list(self._bot_names.items()):
            wanted = self.bot_name(player)
            if wanted != name:
                self._bot_names[player] = wanted
                self._bots[player] = make_bot(wanted, self.seed * 7 + player)

    @property
    def confirm_turns(self) -> bool:
        """Whether a person's action that hands the game to another seat waits for
        :meth:`confirm_turn` (see :meth:`awaiting_confirmation`). Turned on during a game, it
        asks from the next such action on: what was played before counts as confirmed."""
        return self._confirm_turns

    @confirm_turns.setter
    def confirm_turns(self, on: bool) -> None:
        if on and not self._confirm_turns:
            self._confirmed = len(self.history)
        self._confirm_turns = bool(on)

    def awaiting_confirmation(self) -> bool:
        """Whether the last action, a person's, handed the game to another seat (a computer or
        another person at this screen) and waits for :meth:`confirm_turn` (only with
        :attr:`confirm_turns`). Meanwhile no computer starts, and Undo takes that person's
        actions back one by one; when the next decision is the same person's, nothing waits."""
        if not self._confirm_turns or len(self.history) <= self._confirmed or self.state.is_terminal():
            return False
        last = self.history[-1]
        if last.actor is None or not self.seats[last.actor].is_human:
            return False
        return self.state.current_player() != last.actor

    def confirm_turn(self) -> bool:
        """Confirm the turn that waits (:meth:`awaiting_confirmation`): the game goes on, and its
        actions can no longer be taken back. False when nothing waits."""
        if not self.awaiting_confirmation():
            return False
        self._confirmed = len(self.history)
        self.redo_stack.clear()
        self._changed("confirm")
        return True

    def unconfirmed_actions(self) -> list[Action]:
        """The last actions of the person who acted last that are not confirmed, oldest first
        (those Undo can take back while the turn waits for its confirmation)."""
        if not self.history:
            return []
        actor = self.history[-1].actor
        if actor is None or not self.seats[actor].is_human:
            return []
        out: list[Action] = []
        for index in range(len(self.history) - 1, self._confirmed - 1, -1):
            if self.history[index].actor != actor:
                break
            out.append(self.history[index].action)
        return out[::-1]

    # -------------------------------------------------------------- applying actions

    def apply(self, action: Action) -> list[Event]:
        """Validate and apply an action, record it, remember it for undo, notify listeners."""
        actor = action.player if isinstance(action, Donate) else self.state.current_player()
        before = self.state.clone()
        events = self.state.apply(action)  # raises IllegalActionError, state unchanged
        self.history.append(_Step(before, action, actor))
        self.redo_stack.clear()
        self.record.actions.append(action)
        self._version += 1
        for listener in list(self.listeners):
            listener(action, events)
        return events

    # -------------------------------------------------------------- undo / redo

    def can_undo(self) -> bool:
        """A human may take back their own actions, back to the last decision of a computer seat
        or the last confirmed turn (see :meth:`confirm_turn`)."""
        if not self.history or self._worker is not None or len(self.history) <= self._confirmed:
            return False
        last = self.history[-1]
        # Any human at this screen may take back a human's action (the window cannot tell who
        # pressed the button); a computer's decision is never taken back.
        return last.actor is not None and self.seats[last.actor].is_human

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        step = self.history.pop()
        self.redo_stack.append(step)
        self.state = step.before.clone()
        self.record.actions.pop()
        self._version += 1
        self._changed("undo")
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and self._worker is None

    def redo(self) -> bool:
        if not self.can_redo():
            return False
        step = self.redo_stack.pop()
        redo = list(self.redo_stack)
        self.apply(step.action)
        self.redo_stack = redo
        self._changed("redo")
        return True

    def _changed(self, kind: str) -> None:
        for callback in list(self.on_change):
            callback(kind)

    # -------------------------------------------------------------- computer seats

    def poll(self) -> list[Event]:
        """Call every frame: starts a computer player's thinking, applies a finished answer.

        Returns the events of an applied computer action (empty otherwise); nothing while
        :attr:`paused` or while a person's turn waits for its confirmation.
        """
        if self.state.is_terminal() or self.paused or self.awaiting_confirmation():
            return []
        with self._lock:
            result = self._worker_result
            self._worker_result = None
        if result is not None:
            self._worker = None
            version, answer = result
            if isinstance(answer, BaseException):
                raise RuntimeError(f"computer player failed: {answer}") from answer
            if version == self._version:  # the game did not change meanwhile
                return self.apply(answer)
        player = self.state.current_player()
        if self._worker is None and player is not None and not self.seats[player].is_human:
            self._start_worker(player)
        return []

    def _start_worker(self, player: int) -> None:
        bot = self._bots[player]
        snapshot = self.state.clone()
        version = self._version
        name = self._bot_names.get(player, self.seats[player].level)  # "expert:0.5": the worker makes the same bot
        in_process = self.think_in_process and name.partition(":")[0] in PROCESS_LEVELS
        seed = self.seed * 7 + player

        def think() -> None:
            try:
                answer: Action | BaseException = (self._choose_in_process(name, seed, snapshot, bot) if in_process
                                                  else bot.choose(snapshot))
            except BaseException as exc:  # handed to the main thread
                answer = exc
            with self._lock:
                self._worker_result = (version, answer)

        self._worker = threading.Thread(target=think, name=f"bot-{player}", daemon=True)
        self._worker.start()

    def _choose_in_process(self, level: str, seed: int, snapshot: GameState, bot) -> Action:
        """The worker process's answer; if that process cannot run (it died, or cannot start),
        the seat thinks in this thread from now on: slower frames, but the game goes on."""
        try:
            return thinking.choose(level, seed, snapshot)
        except (thinking.WorkerUnavailable, OSError) as exc:
            log.warning("computer players think in the window's process from now on: %s", exc)
            self.think_in_process = False
            return bot.choose(snapshot)

    def wait_for_computer(self, timeout: float = 30.0) -> None:
        """Block until the current computer answer is ready (tests and the smoke test)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    def run_computers(self, max_actions: int = 10_000) -> int:
        """Play computer seats synchronously until a human must decide (or the game ends, or
        the session is :attr:`paused`, or a person's turn waits for its confirmation)."""
        count = 0
        while (not self.state.is_terminal() and not self.human_to_move() and not self.paused
               and not self.awaiting_confirmation() and count < max_actions):
            self.poll()
            self.wait_for_computer()
            if self.poll():
                count += 1
        return count
