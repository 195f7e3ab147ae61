"""The controller between the window and the rules core.

It owns the game state, applies actions (from the mouse, from the seats' agents, from replays),
keeps the game record and undo history, asks the agent of the seat deciding now for its move
(a computer thinks in a worker thread or process, see :mod:`imperial_desktop.session.agents`),
and tells listeners what happened. The window asks it whether the game waits for input from
this screen (:meth:`GameSession.waits_for_local_input`), never a seat's kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from imperial_desktop.ai import Bot
from imperial_desktop.core import Action, Donate, Event, GameRecord, GameSetup, GameState
from imperial_desktop.session.agents import Agent, ComputerAgent, ThinkPlace, agent_for
from imperial_desktop.session.seats import Seat

Listener = Callable[[Action, list[Event]], None]
ChangeListener = Callable[[str], None]  # called with "undo", "redo" or "confirm"


@dataclass
class _Step:
    """One applied action with the state before it (for undo)."""

    before: GameState
    action: Action
    actor: int | None


class GameSession:
    """A game in progress: state, seats and their agents, record, undo/redo."""

    def __init__(self, setup: GameSetup, seats: list[Seat], *, state: GameState | None = None,
                 actions: list[Action] | None = None, seed: int = 0, think_times: Mapping[str, float] | None = None,
                 agents: Sequence[Agent | None] | None = None):
        """``agents``: who plays each seat where it is not what the seat describes (a remote
        player); None, or None for a seat, makes the agent of :func:`agent_for`."""
        if len(seats) != setup.num_players or (agents is not None and len(agents) != len(seats)):
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
        # where the computers think: the window turns the process on (long searches then leave
        # the GIL to drawing); shared, so a failing worker process turns it off for all of them
        self._place = ThinkPlace()
        given = list(agents) if agents is not None else [None] * len(seats)
        self.agents: list[Agent] = [
            agent if agent is not None else agent_for(seat, i, seed * 7 + i, self.bot_name(i), self._place)
            for i, (seat, agent) in enumerate(zip(seats, given))]
        # computers hurry when a person here has waited long for them (ai/waiting.py)
        self._place.person_waits = any(agent.local_input for agent in self.agents)
        # the window sets this while a menu or dialog is open over the game: no computer starts
        # thinking and no answer is applied (one already thinking may finish; its answer waits)
        self.paused = False
        # off unless the window turns it on (the setting "Confirm each turn"); see confirm_turns
        self._confirm_turns = False
        self._confirmed = 0  # the steps of history before this index are confirmed: undo stops there
        self._version = 0

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

    def local_seat(self, player: int | None) -> bool:
        """Whether ``player``'s seat is played from this screen (a person at its mouse and keys)."""
        return player is not None and 0 <= player < len(self.agents) and self.agents[player].local_input

    def local_players(self) -> list[int]:
        """The players whose seats are played from this screen, in seat order."""
        return [player for player, agent in enumerate(self.agents) if agent.local_input]

    def waits_for_local_input(self) -> bool:
        """Whether the decision now waits for input from this screen."""
        return self.local_seat(self.state.current_player())

    def computer_level(self, player: int) -> str | None:
        """The computer level ``player``'s seat is played at; None for a person (here or elsewhere)."""
        return self.agents[player].level

    def computer_thinking(self) -> bool:
        return any(agent.thinking() for agent in self.agents)

    @property
    def think_in_process(self) -> bool:
        """Whether the computers think in the worker process (the window turns it on; it turns
        itself off when that process cannot run)."""
        return self._place.in_process

    @think_in_process.setter
    def think_in_process(self, on: bool) -> None:
        self._place.in_process = bool(on)

    @property
    def bots(self) -> dict[int, Bot]:
        """The bot of each computer seat, by player."""
        return {player: agent.bot for player, agent in enumerate(self.agents) if isinstance(agent, ComputerAgent)}

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
        for player, agent in enumerate(self.agents):
            if isinstance(agent, ComputerAgent):
                agent.retune(self.bot_name(player))

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
        if not self.local_seat(last.actor):
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
        if not self.local_seat(actor):
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
        if self.local_seat(actor):
            self._place.thought = 0.0  # the person's wait for the computers starts again
        self.redo_stack.clear()
        self.record.actions.append(action)
        self._version += 1
        for agent in self.agents:
            agent.observe(action, self.state)
        for listener in list(self.listeners):
            listener(action, events)
        return events

    # -------------------------------------------------------------- undo / redo

    def can_undo(self) -> bool:
        """A person at this screen may take back their own actions, back to the last decision of
        another seat (a computer's) or the last confirmed turn (see :meth:`confirm_turn`)."""
        if not self.history or self.computer_thinking() or len(self.history) <= self._confirmed:
            return False
        # Any person at this screen may take back the action of one at this screen (the window
        # cannot tell who pressed the button); a computer's decision is never taken back.
        return self.local_seat(self.history[-1].actor)

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        step = self.history.pop()
        self.redo_stack.append(step)
        self.state = step.before.clone()
        self.record.actions.pop()
        self._version += 1
        for agent in self.agents:
            agent.reset(self.state)
        self._changed("undo")
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and not self.computer_thinking()

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

    # -------------------------------------------------------------- the seats' agents

    def poll(self) -> list[Event]:
        """Call every frame: asks the agent of the seat deciding now for its move (a computer
        starts thinking, or its answer is ready) and applies it.

        Returns the events of an action applied (empty otherwise); nothing while :attr:`paused`
        or while a person's turn waits for its confirmation.
        """
        if self.state.is_terminal() or self.paused or self.awaiting_confirmation():
            return []
        player = self.state.current_player()
        if player is None:
            return []
        agent = self.agents[player]
        if not agent.thinking() and any(other.thinking() for other in self.agents):
            return []  # one computer thinks at a time: another's search for a state gone by ends first
        action = agent.move(self.state)
        return [] if action is None else self.apply(action)

    def wait_for_computer(self, timeout: float = 30.0) -> None:
        """Block until the current computer answer is ready (tests and the smoke test)."""
        for agent in self.agents:
            if isinstance(agent, ComputerAgent) and agent.thinking():
                agent.wait(timeout)

    def run_computers(self, max_actions: int = 10_000) -> int:
        """Play computer seats synchronously until another seat must decide (or the game ends, or
        the session is :attr:`paused`, or a person's turn waits for its confirmation)."""
        count = 0
        while (not self.state.is_terminal() and not self.paused and not self.awaiting_confirmation()
               and count < max_actions):
            player = self.state.current_player()
            if player is None or not isinstance(self.agents[player], ComputerAgent):
                break
            self.poll()
            self.wait_for_computer()
            if self.poll():
                count += 1
        return count
