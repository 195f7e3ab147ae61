"""Looking back: the game screen showing any earlier position of its game, read-only.

While the player looks back, the game screen's session, log and hot-seat view are swapped for
views of the past (:class:`PastSession`, :class:`PastLog`, :class:`PastHotSeat`): every layer
draws from ``scene.session.state`` as always and so shows the position after the chosen action,
while nothing there can act (no seat waits for input at this screen, nothing can be undone or
confirmed, an action is refused). The live session is not touched: it is paused (no computer
starts or finishes a move) and its autosave waits; returning puts the live objects back.

The positions come from a :class:`~imperial_desktop.session.timeline.Timeline` of the game's
record, kept in step with the live game each time the player looks back.

``GameScene.travel_to`` and ``GameScene.return_to_present`` call :class:`TimeTravel`; the
review screen of a game not played here is :func:`imperial_desktop.ui.time_travel.open_review`.
"""

from __future__ import annotations

import bisect
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from imperial_desktop.core import Action, GameState, IllegalActionError
from imperial_desktop.i18n import _
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.timeline import Timeline
from imperial_desktop.ui.game_log import MOST_LINES, action_lines

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

log = logging.getLogger(__name__)


class PastIsReadOnly(IllegalActionError):
    """An action tried while the screen shows the past."""


class PastSession:
    """A read-only view of ``live`` at an earlier position: its state is that position's; nobody
    at this screen decides, nothing can be undone, confirmed or applied; the rest (seats, set-up,
    levels) is the live session's."""

    def __init__(self, live: GameSession, state: GameState, index: int):
        self.live = live
        self.state = state
        self.index = index
        self.history: list = []
        self.redo_stack: list = []
        self.listeners: list = []
        self.on_change: list = []

    @property
    def version(self) -> int:
        """Never a version of the live game (those count up from 0): every cache keyed on it
        draws each position afresh."""
        return -1 - self.index

    @property
    def paused(self) -> bool:
        return self.live.paused

    @paused.setter
    def paused(self, value: bool) -> None:
        self.live.paused = value  # the screen pauses the live game through this view

    def waits_for_local_input(self) -> bool:
        return False

    def awaiting_confirmation(self) -> bool:
        return False

    def computer_thinking(self) -> bool:
        return False

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def redo(self) -> bool:
        return False

    def confirm_turn(self) -> bool:
        return False

    def unconfirmed_actions(self) -> list[Action]:
        return []

    def apply(self, action: Action) -> list:
        raise PastIsReadOnly(_("This is the past: return to the present to play"))

    def poll(self) -> list:
        return []

    def run_computers(self, max_actions: int = 0) -> int:
        return 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.live, name)


class PastHotSeat:
    """The hot-seat view while looking back: the cash the present hides stays hidden in every
    past position (whoever decided then); the rest is the live hot seat's."""

    def __init__(self, live: Any, hidden: set[int]):
        self.live = live
        self.hidden = frozenset(hidden)

    def cash_hidden_for(self, state: GameState) -> set[int]:
        return set(self.hidden)

    def check(self) -> None:
        """No hand-over comes while looking back (nobody decides here)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self.live, name)


class PastLog:
    """The log as it stood at a position: the lines of the actions up to it (each line knows its
    action's position, so a click on a line travels there). Nothing can be added to it."""

    def __init__(self, lines: list[str], positions: list[int], index: int):
        cut = bisect.bisect_right(positions, index)
        start = max(0, cut - MOST_LINES)
        self.lines = lines[start:cut]
        self.positions: list[int | None] = list(positions[start:cut])
        self.waiting: list[str] = []
        self.scroll = 0
        self.most_scroll = 0

    def add(self, action: Action, events: list, later: bool = False) -> None:
        """Nothing is added to the past."""

    def note(self, line: str) -> None:
        """Nothing is added to the past."""

    def flush(self) -> bool:
        return False

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.most_scroll, self.scroll + lines))

    def position_of(self, line: int) -> int | None:
        return self.positions[line] if 0 <= line < len(self.positions) else None


class GameLines:
    """The log lines of every action of a timeline, with the position each belongs to; kept in
    step with the timeline (after an undo only the changed tail is described again)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.positions: list[int] = []
        self._actions: list[Action] = []

    def follow(self, timeline: Timeline, names: list[str]) -> None:
        actions = timeline.actions
        same = 0
        for mine, theirs in zip(self._actions, actions):
            if mine != theirs:
                break
            same += 1
        if same == len(self._actions) == len(actions):
            return
        cut = bisect.bisect_right(self.positions, same)
        del self.lines[cut:], self.positions[cut:], self._actions[same:]
        state = timeline.state_at(same)
        for position, action in enumerate(actions[same:], start=same + 1):
            described = action_lines(action, state.apply(action), state.board, names)
            self.lines.extend(described)
            self.positions.extend([position] * len(described))
            self._actions.append(action)


class TimeTravel:
    """Looking back on one game screen: where it is, the timeline, and the live objects put aside.

    ``review``: the screen shows a game that is not played here (:func:`open_review`); it always
    shows the past, and its way out (``on_back``) leaves the screen."""

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.index = 0
        self.active = False
        self.review = False
        self.title: str | None = None
        self.on_back: Callable[[], None] | None = None
        self.timeline: Timeline | None = None
        self.game_lines = GameLines()
        self.hidden: frozenset[int] = frozenset()  # the players whose cash the present hides
        self._live: tuple[Any, Any, Any] | None = None  # the live session, log and hot seat, put aside
        self.on_move: list[Callable[[int], None]] = []  # told of every position shown (the layer)

    # ------------------------------------------------------------------ the game's positions

    @property
    def live_session(self) -> GameSession:
        return self._live[0] if self._live is not None else self.scene.session

    @property
    def last(self) -> int:
        """The present's position: the number of actions the game has (nothing is played while looking back)."""
        return len(self.live_session.record.actions)

    def _follow(self) -> Timeline | None:
        """The timeline of the live game's record, in step with it (None, with a message, when the
        record does not lead to the live position: a game whose record is incomplete)."""
        session = self.live_session
        record = session.record
        try:
            if self.timeline is None or self.timeline.setup is not record.setup:
                self.timeline = Timeline(record.setup, record.actions)
            else:
                self.timeline.follow(record.actions)
            self.game_lines.follow(self.timeline, list(record.setup.players))
        except Exception as exc:  # noqa: BLE001 - a record that does not replay: no time travel, no crash
            log.warning("the game's record does not replay: %s", exc)
            self.timeline = None
            return None
        if self.timeline.state_at(self.timeline.last).digest() != session.state.digest():
            log.warning("the game's record does not lead to its position: no time travel")
            self.timeline = None
            return None
        return self.timeline

    # ------------------------------------------------------------------ the review API

    def travel_to(self, index: int) -> None:
        """Show the position after ``index`` actions (entering time travel if needed); clamped to
        the game. In a game played here, the present itself is shown read-only too (Left steps back)."""
        scene = self.scene
        if not self.active:
            if not self._enter():
                return
        assert self.timeline is not None
        index = max(0, min(self.timeline.last, int(index)))
        self.index = index
        live = self.live_session
        scene.session = PastSession(live, self.timeline.state_at(index), index)  # type: ignore[assignment]
        scene.log = PastLog(self.game_lines.lines, self.game_lines.positions, index)  # type: ignore[assignment]
        scene.board_layer.selected_region = None
        scene.dirty = True
        for listener in list(self.on_move):
            listener(index)

    def return_to_present(self) -> None:
        """Back to the live game as it is (a review screen goes to its last position instead)."""
        if self.review:
            self.travel_to(self.last)
            return
        if not self.active or self._live is None:
            return
        scene = self.scene
        scene.session, scene.log, scene.hot_seat = self._live
        self._live = None
        self.active = False
        scene.board_layer.selected_region = None
        scene.decisions.rebuild()
        scene.chrome.invalidate()
        scene.dirty = True
        for listener in list(self.on_move):
            listener(-1)

    def leave(self) -> None:
        """The way out of the past: back to the present, or (a review) off this screen."""
        if self.review:
            if self.on_back is not None:
                self.on_back()
            return
        self.return_to_present()

    def _enter(self) -> bool:
        """Put the live game aside (paused, its animation finished, its panels closed)."""
        from imperial_desktop.ui.layers import aux_panel
        from imperial_desktop.ui.layers.drag import DragLayer
        from imperial_desktop.ui.layers.overlays import close_overlay

        scene = self.scene
        if scene.coach is not None and not self.review:
            scene.show_message(_("Looking back is not available in the guided game"))
            return False
        if scene.hot_seat.handover_to is not None:
            return False
        scene.presenter.finish()  # the computer moves being shown are shown at once: the log is whole
        scene.presenter.advance(0.0, True)
        if self._follow() is None:
            scene.show_message(_("This game's record is incomplete: looking back is not possible"))
            return False
        self.hidden = frozenset(scene.hot_seat.cash_hidden_for(scene.session.state))
        self._live = (scene.session, scene.log, scene.hot_seat)
        scene.session.paused = True  # at once: no computer move between this frame and the next
        scene.hot_seat = PastHotSeat(scene.hot_seat, set(self.hidden))  # type: ignore[assignment]
        drag = scene.layers.find(DragLayer)
        if drag is not None:
            scene.layers.pop(drag)
        aux_panel.close_choices(scene)
        close_overlay(scene, "summary")
        scene.close_question()
        scene.hints.advice = None
        scene.toasts.clear()
        self.active = True
        scene.chrome.invalidate()
        return True

    def holds_computers(self) -> bool:
        return self.active


__all__ = ["GameLines", "PastHotSeat", "PastIsReadOnly", "PastLog", "PastSession", "TimeTravel"]
