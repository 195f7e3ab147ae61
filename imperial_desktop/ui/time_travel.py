"""Time travel: the review API the other screens call.

- ``GameScene.travel_to(index)`` / ``GameScene.return_to_present()``: time travel on a game
  screen (the machinery is :mod:`imperial_desktop.ui.looking_back`, its input and drawing
  :mod:`imperial_desktop.ui.layers.time_travel`);
- :func:`open_review`: a read-only game screen for a finished game, a loaded save or a record
  file, in time travel, with a Back to the screen it was opened from.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from imperial_desktop.core import Action, GameRecord, GameState
from imperial_desktop.core.errors import RecordError
from imperial_desktop.i18n import _
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat
from imperial_desktop.ui.looking_back import PastIsReadOnly, TimeTravel

log = logging.getLogger(__name__)


class _Watched:
    """A seat of a game only watched: it never moves (its level is shown in the table)."""

    local_input = False

    def __init__(self, level: str | None):
        self.level = level

    def move(self, state: GameState) -> None:
        return None

    def observe(self, action: Action, state: GameState) -> None:
        pass

    def reset(self, state: GameState) -> None:
        pass

    def thinking(self) -> bool:
        return False


def _seats(record: GameRecord) -> list[Seat]:
    """The seats a record names in its ``meta`` (people by default)."""
    names = list(record.setup.players)
    given = record.meta.get("seats") if isinstance(record.meta, dict) else None
    seats = [Seat.human(name) for name in names]
    if isinstance(given, list) and len(given) == len(names):
        try:
            seats = [Seat.from_dict(item) for item in given]
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
    return seats


def review_session(record: GameRecord) -> GameSession:
    """A session of ``record`` that no seat plays (raises RecordError for a record that does not replay)."""
    state = record.replay(check_digest=False)
    seats = _seats(record)
    agents = [_Watched(seat.computer_level) for seat in seats]
    return GameSession(record.setup, seats, state=state, actions=list(record.actions), agents=agents)  # type: ignore[arg-type]


def _way_back(app: Any) -> Callable[[], None]:
    """Back to the screen the review was opened from: a menu screen made again, else the title."""
    previous = getattr(app, "scene", None)
    kind = type(previous)
    # a menu screen (made with the app alone) is made again; the title screen, a game screen or
    # none: the title screen (named, not imported: the title screen's own imports lead here)
    if previous is not None and hasattr(previous, "on_button") and kind.__name__ != "TitleScene":
        def back() -> None:
            try:
                app.switch(kind(app))
            except Exception:  # noqa: BLE001 - a screen that cannot be made again: the title instead
                log.exception("cannot go back to %s", kind.__name__)
                app.show_title()
        return back
    return app.show_title


def open_review(app: Any, record: GameRecord, *, at: int | None = None, title: str | None = None,
                back: Callable[[], None] | None = None) -> bool:
    """Switch ``app`` to a read-only game screen showing ``record`` in time travel, at position
    ``at`` (the end when None: with the final scores open when the game is over), titled
    ``title``; its Back (Esc) calls ``back`` (by default: the screen it was opened from).

    A record that does not replay is refused: False, and the screen showing stays, with the
    reason in its message line when it has one (``show_info`` or ``show_message``)."""
    from imperial_desktop.ui.game_scene import GameScene
    from imperial_desktop.ui.layers.overlays import open_overlay

    try:
        session = review_session(record)
    except (RecordError, ValueError) as exc:
        shown = getattr(app.scene, "show_message", None) or getattr(app.scene, "show_info", None)
        if shown is not None:
            shown(_("This game cannot be shown: {reason}").format(reason=exc))
        return False
    back = back or _way_back(app)
    scene = GameScene(session, app.screen.get_size(), app.manager, seconds_per_move=0.0)
    scene.app = app
    scene.on_menu = back
    travel = scene.time_travel
    travel.review, travel.title, travel.on_back = True, title, back
    app.switch(scene)
    travel.travel_to(travel.last if at is None else at)
    if at is None and session.state.is_terminal():
        open_overlay(scene, "results")
    return True


__all__ = ["PastIsReadOnly", "TimeTravel", "open_review", "review_session"]
