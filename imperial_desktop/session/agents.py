"""Who plays a seat: one interface for a person at this screen, a computer and a remote player.

:class:`GameSession` keeps one :class:`Agent` per seat and asks the agent of the seat deciding
now for its move each frame (:meth:`Agent.move`); an agent that has no answer yet returns None
and is asked again later, so a computer thinking in a thread or a process, a person clicking, or
a message from another machine all fit the same loop. Every agent is told of each action applied
(:meth:`Agent.observe`) and of a jump to another state (:meth:`Agent.reset`: undo). The window
asks the session, never a seat's kind, whether the game waits for input from this screen.

The saved description of a seat stays :class:`~imperial_desktop.session.seats.Seat` (its JSON
does not change); :func:`agent_for` makes the agent a seat describes.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from imperial_desktop.ai import Bot, make_bot
from imperial_desktop.ai.waiting import hurry
from imperial_desktop.core import Action, Donate, GameState, Refusal, RefusalCode
from imperial_desktop.core.refusal import refuse
from imperial_desktop.session import thinking
from imperial_desktop.session.seats import Seat, plays_by_level
from imperial_desktop.session.thinking import PROCESS_LEVELS

log = logging.getLogger(__name__)


@runtime_checkable
class Agent(Protocol):
    """What plays one seat."""

    @property
    def local_input(self) -> bool:
        """Whether its moves come from this screen's mouse and keys (the window shows the decision)."""
        ...

    @property
    def level(self) -> str | None:
        """The computer level it plays at; None for a person, here or elsewhere."""
        ...

    def move(self, state: GameState) -> Action | None:
        """The action for ``state`` (whose decision is this seat's), or None: "I will answer
        later", and the session asks again on a later frame."""
        ...

    def observe(self, action: Action, state: GameState) -> None:
        """``action`` was applied (by any seat); ``state`` is the state after it."""
        ...

    def reset(self, state: GameState) -> None:
        """The game goes on from ``state`` (an undo): an answer prepared for another state is void."""
        ...

    def thinking(self) -> bool:
        """Whether it is working on an answer now (a computer's search)."""
        ...


@dataclass
class ThinkPlace:
    """Where and how long a session's computers think, shared by all of them: when the worker
    process fails for one, all think in the window's process from then on; when a person at this
    screen has waited, the computers that follow take a smaller share of their think time
    (``ai.waiting.hurry`` of ``thought``)."""

    in_process: bool = False
    person_waits: bool = False  # a person at this screen waits for the computers' moves
    thought: float = 0.0  # seconds the computers have thought since a person here last acted

    def time_scale(self) -> float:
        """The share of its think time the next computer takes."""
        return hurry(self.thought) if self.person_waits else 1.0


# ---------------------------------------------------------------------------- people


@dataclass(frozen=True)
class RemoteRefusal:
    """An action an inbox refused: the core's reason and a message to send back."""

    action: object
    refusal: Refusal
    message: str


class _Inbox:
    """Actions handed in from outside (any thread) and given to the session one at a time; an
    illegal one is refused with the core's reason, never applied, and the seat waits on."""

    local_input = False
    level: str | None = None

    def __init__(self, player: int, on_refused: Callable[[RemoteRefusal], None] | None = None):
        self.player = player
        self.on_refused = on_refused
        self.refusals: list[RemoteRefusal] = []
        self._queue: queue.SimpleQueue[Action] = queue.SimpleQueue()

    def deliver(self, action: Action) -> None:
        """Hand in the seat's next action (checked when the session asks for the move)."""
        self._queue.put(action)

    def pending(self) -> int:
        """How many delivered actions wait to be taken."""
        return self._queue.qsize()

    def move(self, state: GameState) -> Action | None:
        while True:
            try:
                action = self._queue.get_nowait()
            except queue.Empty:
                return None
            refusal = self._refusal(action, state)
            if refusal is None:
                return action
            self._refuse(action, refusal)

    def _refusal(self, action: Action, state: GameState) -> Refusal | None:
        if isinstance(action, Donate) and action.player != self.player:  # a seat gives only its own cash
            return refuse(RefusalCode.NOT_YOUR_DECISION, player=action.player, deciding=self.player)
        return state.refusal(action)

    def _refuse(self, action: object, refusal: Refusal) -> None:
        # for the sender and the log (a window words the refusal from its code, ui/refusals.py)
        message = f"seat {self.player}: {action!r} refused, it is not legal now ({refusal})"  # i18n: not shown
        item = RemoteRefusal(action, refusal, message)
        self.refusals.append(item)
        log.warning("%s", message)
        if self.on_refused is not None:
            self.on_refused(item)

    def observe(self, action: Action, state: GameState) -> None:
        pass

    def reset(self, state: GameState) -> None:
        """Actions still queued were meant for the state before the jump: dropped."""
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return

    def thinking(self) -> bool:
        return False


class LocalHuman(_Inbox):
    """A person at this screen. The window applies the person's actions at once through
    :meth:`GameSession.apply` (a refusal is shown in the same frame); :meth:`deliver` is the same
    input for a driver without a window, taken on the session's next poll."""

    local_input = True


class RemoteAgent(_Inbox):
    """A seat played from another machine (a stub): the network layer fills the inbox with
    :meth:`deliver`; the session takes a legal action on its next poll and waits meanwhile. An
    illegal one is refused (``refusals``, ``on_refused``) with the core's reason."""


# ---------------------------------------------------------------------------- computers


class ComputerAgent:
    """A bot of some level, thinking in a worker thread on a copy of the state (or, when the
    session's :class:`ThinkPlace` says so and the level is one of ``PROCESS_LEVELS``, in the worker
    process of :mod:`imperial_desktop.session.thinking`), so the window keeps drawing."""

    local_input = False

    def __init__(self, player: int, name: str, seed: int, place: ThinkPlace | None = None):
        self.player = player
        self.name = name  # what make_bot makes: the level, with its think time after a colon ("expert:0.5")
        self.seed = seed
        self.place = place if place is not None else ThinkPlace()
        self.bot: Bot = make_bot(name, seed)
        self._own_bot = False  # a bot given by use_bot: the worker process could not make it
        self._epoch = 0  # counts the actions and resets seen: an answer to an older state is dropped
        self._worker: threading.Thread | None = None
        self._result: tuple[int, Action | BaseException] | None = None
        self._lock = threading.Lock()

    @property
    def level(self) -> str:
        return self.name.partition(":")[0]

    def retune(self, name: str) -> None:
        """Play as ``name`` from now on (another think time): a new bot with the same seed."""
        if name != self.name:
            self.name = name
            self.bot = make_bot(name, self.seed)
            self._own_bot = False

    def use_bot(self, bot: Bot) -> None:
        """Choose with ``bot`` from now on (the guided game's scripted computers); it thinks in
        a thread, as the worker process makes its bots by name."""
        self.bot = bot
        self._own_bot = True

    def move(self, state: GameState) -> Action | None:
        with self._lock:
            result, self._result = self._result, None
        if result is not None:
            self._worker = None
            epoch, answer = result
            if isinstance(answer, BaseException):
                raise RuntimeError(f"computer player failed: {answer}") from answer
            if epoch == self._epoch:  # nothing was played or undone meanwhile
                return answer
        if self._worker is None:
            self._start(state)
        return None

    def observe(self, action: Action, state: GameState) -> None:
        self._epoch += 1

    def reset(self, state: GameState) -> None:
        self._epoch += 1

    def thinking(self) -> bool:
        """Whether a search runs or its answer waits to be taken (an answer to a state that has
        passed is dropped here: nobody will take it)."""
        with self._lock:
            if self._result is not None and self._result[0] != self._epoch:
                self._result = None
                self._worker = None
        return self._worker is not None

    def wait(self, timeout: float) -> None:
        """Block until the search running now has its answer (tests and the smoke test)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    def _start(self, state: GameState) -> None:
        snapshot = state.clone()
        epoch = self._epoch
        bot, name, seed = self.bot, self.name, self.seed
        in_process = self.place.in_process and not self._own_bot and self.level in PROCESS_LEVELS
        scale = self.place.time_scale()

        def think() -> None:
            started = time.monotonic()
            try:
                if in_process:
                    answer: Action | BaseException = self._choose_in_process(name, seed, snapshot, bot, scale)
                else:
                    if hasattr(bot, "time_scale"):
                        bot.time_scale = scale
                    answer = bot.choose(snapshot)
            except BaseException as exc:  # handed to the main thread
                answer = exc
            self.place.thought += time.monotonic() - started  # before the answer can be played
            with self._lock:
                self._result = (epoch, answer)

        self._worker = threading.Thread(target=think, name=f"bot-{self.player}", daemon=True)
        self._worker.start()

    def _choose_in_process(self, name: str, seed: int, snapshot: GameState, bot: Bot, scale: float = 1.0) -> Action:
        """The worker process's answer; if that process cannot run (it died, or cannot start),
        the computers think in this thread from now on: slower frames, but the game goes on."""
        try:
            return thinking.choose(name, seed, snapshot, scale)
        except (thinking.WorkerUnavailable, OSError) as exc:
            log.warning("computer players think in the window's process from now on: %s", exc)
            self.place.in_process = False
            if hasattr(bot, "time_scale"):
                bot.time_scale = scale
            return bot.choose(snapshot)


def agent_for(seat: Seat, player: int, seed: int, name: str | None = None, place: ThinkPlace | None = None) -> Agent:
    """The agent a saved seat describes: a computer of its level (``name``: the bot name with a
    think time, see :meth:`GameSession.bot_name`), else a person at this screen."""
    if plays_by_level(seat.kind):
        return ComputerAgent(player, name or seat.level, seed, place)
    return LocalHuman(player)


__all__ = ["Agent", "ComputerAgent", "LocalHuman", "RemoteAgent", "RemoteRefusal", "ThinkPlace", "agent_for"]
