"""The coach of the guided first game: which lesson is due, and whether the player followed it.

The coach watches a :class:`GameSession` (as a listener of its actions and of undo). When the
player does what the current step asks, the next step comes. When they do something else, the
coach either accepts it (an action the step lists as fine, or anything during a free turn) or
asks them to take it back with Undo; meanwhile the computers wait. When the game takes a course
the script cannot follow, or the script ends, the computers become Normal players and the coach
says so. No pygame here: the game screen shows what :meth:`Coach.view` returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from imperial_desktop.core import Action, DecisionKind, Donate, Event
from imperial_desktop.core.actions import ChooseRondel
from imperial_desktop.i18n import _
from imperial_desktop.session.controller import GameSession
from imperial_desktop.tutorial.scenario import PLAYER, install_scripted_bots
from imperial_desktop.tutorial.script import FREE, INFO, STEPS, Step, same_action
from imperial_desktop.tutorial.wording import short_action


@dataclass
class CoachView:
    """What the coach panel shows now."""

    title: str
    text: str
    step: Step | None
    waiting: bool = False  # the computers are playing; the step's text is shown ahead
    deviation: bool = False  # the player did something else: Undo is offered
    can_next: bool = False  # an info step: Next continues
    done: bool = False  # the script is over: Close hides the panel


@dataclass
class _Mark:
    """The coach's position before one of the player's actions (restored by Undo)."""

    history: int
    index: int
    deviation: str | None
    accepted: str | None
    early: tuple[Action, ...]


class Coach:
    """Follows the guided game step by step."""

    def __init__(self, session: GameSession, *, index: int = 0, finished: bool = False, deviated: bool = False,
                 steps: tuple[Step, ...] = STEPS, early: tuple[Action, ...] = ()):
        self.session = session
        self.steps = steps
        self.index = max(0, min(index, len(steps)))
        self.finished = finished or self.index >= len(steps)
        self.deviation: str | None = None  # what the player did instead, while Undo is asked for
        self.accepted: str | None = None  # a word about an accepted other choice
        self.off_script: str | None = None  # why the script was left early
        self.on_progress: list[Callable[["Coach"], None]] = []  # told after every change (to save it)
        # actions of later steps of the current group, done already (a resumed game keeps them)
        self.early: tuple[Action, ...] = tuple(early) if self.index < len(steps) and steps[self.index].group else ()
        self._suggestion: tuple[tuple[int, int], tuple[Action, ...]] | None = None
        self._marks: list[_Mark] = []
        # the free step the player has played in: (its index, the length of the history at its first action)
        self._free_played: tuple[int, int] | None = None
        self.bots = install_scripted_bots(session, released=self.finished)
        session.listeners.append(self._on_action)
        session.on_change.append(self._on_change)
        if deviated and not self.finished:  # left while asked to undo: a resumed game has no undo
            self._end(_("The lesson was left after a choice it did not plan, and a continued game cannot take it "
                        "back. The computers play as the Normal level; the game is yours."))
        self.refresh()

    # ------------------------------------------------------------------ queries

    def current(self) -> Step | None:
        return None if self.finished else self.steps[self.index]

    def holds_game(self) -> bool:
        """Whether the computers wait: the player reads an explanation or is asked to undo."""
        step = self.current()
        return step is not None and (self.deviation is not None or step.kind == INFO)

    def expected_action(self) -> Action | None:
        """The action the current step asks for, when it is the player's to make now."""
        step = self.current()
        if step is None or self.deviation is not None or not self._player_decides():
            return None
        if step.asks:
            return step.expect[0]
        if step.kind == FREE:
            state = self.session.state
            return next((a for a in self.suggestion(step) if state.is_legal(a)), None)
        return None

    def suggestion(self, step: Step) -> tuple[Action, ...]:
        """A free step's suggested actions, as the board is now (kept until the game changes)."""
        if step.suggest is None:
            return step.expect
        key = (self.steps.index(step), self.session.version)
        if self._suggestion is None or self._suggestion[0] != key:
            self._suggestion = (key, step.suggest(self.session.state))
        return self._suggestion[1]

    def rondel_space(self) -> int | None:
        """The rondel space the current step points at (for free steps that follow the board: the space
        of the suggested move from where the marker stands now)."""
        step = self.current()
        if step is None or self.deviation is not None:
            return None
        if step.kind == FREE and step.suggest is not None:
            decision = self.session.state.decision()
            if decision is not None and decision.kind == DecisionKind.RONDEL:
                move = next((a for a in self.suggestion(step) if isinstance(a, ChooseRondel)), None)
                return move.space if move is not None else None
        return step.rondel

    def regions(self) -> tuple[str, ...]:
        """The regions the current step points at (for some free steps: where the units are now)."""
        step = self.current()
        if step is None:
            return ()
        if step.regions_of is not None:
            return step.regions_of(self.session.state)
        return step.regions

    def _text(self, step: Step) -> str:
        """The step's text in the current language, with the game's facts of now filled in."""
        if step.kind == FREE and step.suggest is not None and step.text_without and not self.suggestion(step):
            return _(step.text_without)
        state = self.session.state
        card = state.setup.players[state.card] if state.card is not None else "-"
        return _(step.text).replace("{card}", card)

    def _player_decides(self) -> bool:
        decision = self.session.state.decision()
        return decision is not None and decision.player == PLAYER

    def view(self) -> CoachView:
        step = self.current()
        if step is None:
            if self.off_script:
                return CoachView(_("Your game now"), self.off_script, None, done=True)
            # after the last lesson ("Your game now" said it all): only what the buttons do
            return CoachView(_("Guided game complete"), _("Close this box and play on, or start the guided game again."),
                             None, done=True)
        title, text = _(step.title), self._text(step)
        if self.deviation is not None:
            return CoachView(title, self.deviation, step, deviation=True)
        if self.accepted:
            text = self.accepted + "\n" + text
        waiting = step.kind != INFO and not self._player_decides()
        if waiting:
            text = _("The computers are playing; your next lesson:") + "\n" + text
        return CoachView(title, text, step, waiting=waiting, can_next=step.kind == INFO)

    # ------------------------------------------------------------------ the player's input

    def next(self) -> None:
        """The player read an explanation (Next)."""
        step = self.current()
        if step is not None and step.kind == INFO and self.deviation is None:
            self._advance()

    def leave_script(self) -> None:
        """The player chose to play on their own from here."""
        self._end(_("You play on your own from here. The computers play as the Normal level."))

    def _on_action(self, action: Action, events: list[Event]) -> None:
        history = self.session.history
        actor = history[-1].actor if history else None
        if self.finished:
            self._changed()  # the game goes on after the script: its progress is still kept
            return
        if actor != PLAYER or isinstance(action, Donate):
            self.refresh()  # a computer moved: a free turn may be over, a lesson due
            return
        answered = history[-1].before.decision()
        free = self.current()
        if (free is not None and free.kind == FREE and answered is not None and answered.nation == free.nation
                and (self._free_played is None or self._free_played[0] != self.index)):
            self._free_played = (self.index, len(history) - 1)
        self._marks.append(_Mark(len(history) - 1, self.index, self.deviation, self.accepted, self.early))
        if self.deviation is not None:  # acted on after a deviation: still asked to undo
            self._changed()
            return
        self.accepted = None
        while (step := self.current()) is not None and step.kind == INFO:
            self.index += 1  # acted while reading: the explanation is taken as read
        step = self.current()
        if step is not None and step.kind == FREE and (answered is None or answered.nation != step.nation):
            self.index += 1  # the free turn is over
            step = self.current()
        if step is None:
            return
        if not step.asks:
            self.refresh()
            return
        if same_action(action, step.expect[0]):
            self._advance()
        elif any(same_action(action, ok) for ok in step.accept):
            self.accepted = _("You chose {action}. That works too.").format(action=self._describe(action))
            self.early = ()
            self._advance()
        elif (later := self._later_in_group(action)) is not None:
            self.early += (action,)
            self.accepted = _("You chose {action} ahead of time. That works too.").format(action=self._describe(action))
            if later.early:
                self.accepted += " " + _(later.early)
            self._changed()
        else:
            self.deviation = _(
                "You chose {action}; this lesson wanted {wanted}. Press Undo to take it back and "
                "follow the lesson, or play on your own from here.").format(
                action=self._describe(action), wanted=self._describe(step.expect[0]))
            self._changed()

    def _later_in_group(self, action: Action) -> Step | None:
        """The later step of the current group that asks for ``action`` and is not done yet."""
        step = self.current()
        if step is None or step.group is None:
            return None
        pending = list(self.early)
        for later in self.steps[self.index + 1:]:
            if later.group != step.group:
                return None
            wanted = later.expect[0]
            done = next((a for a in pending if same_action(a, wanted)), None)
            if done is not None:
                pending.remove(done)  # that step is done already: the next one may be meant
                continue
            if same_action(action, wanted):
                return later
        return None

    def _on_change(self, kind: str) -> None:
        if kind != "undo":
            return
        length = len(self.session.history)
        if self._free_played is not None and length <= self._free_played[1]:
            self._free_played = None  # the free turn's first move was taken back
        restored = False
        while self._marks and self._marks[-1].history >= length:
            mark = self._marks.pop()
            self.index, self.deviation = mark.index, mark.deviation
            self.accepted, self.early = mark.accepted, mark.early
            restored = True
        if restored:
            self.finished = self.index >= len(self.steps)
            if not self.finished:
                self.off_script = None
                for bot in self.bots:
                    bot.released = False
            self._changed()

    def _describe(self, action: Action) -> str:
        return short_action(action, self.session.state.board)

    # ------------------------------------------------------------------ moving on

    def _advance(self, quiet: bool = False) -> None:
        self.index += 1
        while (done := self._done_early()) is not None:
            self.early = self.early[:done] + self.early[done + 1:]  # done ahead of time: skipped
            self.index += 1
        if self.index >= len(self.steps) or self.steps[self.index].group is None:
            self.early = ()
        if self.index >= len(self.steps):
            self._end(None)
            return
        self.refresh(notify=not quiet)

    def _done_early(self) -> int | None:
        """Where in ``early`` the current step's action is, if it was done ahead of time."""
        if self.index >= len(self.steps):
            return None
        step = self.steps[self.index]
        if not step.asks or step.group is None:
            return None
        return next((i for i, a in enumerate(self.early) if same_action(a, step.expect[0])), None)

    def refresh(self, notify: bool = True) -> None:
        """Move past free turns that are over; leave the script if its next action cannot be made."""
        while True:
            step = self.current()
            if (step is not None and step.kind == FREE and self.deviation is None and self._free_played is not None
                    and self._free_played[0] == self.index and self.session.state.turn_nation != step.nation):
                self.index += 1  # the free turn has been played: the next lesson, not this one, is announced
                if self.index >= len(self.steps):
                    self._end(None)
                    break
                continue
            if step is None or self.deviation is not None or not self._player_decides():
                break
            decision = self.session.state.decision()
            if step.kind == FREE and decision is not None and decision.nation != step.nation:
                self.index += 1
                continue
            if step.asks and not self.session.state.is_legal(step.expect[0]):
                self._end(_("The game has taken a course this lesson did not plan, so the guided part ends "
                            "here. The computers play as the Normal level; the game is yours."))
                return
            break
        if notify:
            self._changed()

    def _end(self, why: str | None) -> None:
        self.finished = True
        self.index = len(self.steps)
        self.deviation = None
        self.early = ()
        self.off_script = why
        for bot in self.bots:
            bot.release()
        self._changed()

    def _changed(self) -> None:
        for callback in list(self.on_progress):
            callback(self)

    def detach(self) -> None:
        if self._on_action in self.session.listeners:
            self.session.listeners.remove(self._on_action)
        if self._on_change in self.session.on_change:
            self.session.on_change.remove(self._on_change)
