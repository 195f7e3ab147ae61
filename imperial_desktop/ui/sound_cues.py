"""When the game screen's sounds play: as the player sees a thing happen, once.

- A person's action at this screen: when it is applied, one sound for the whole action (of its
  visible steps, the cue that ranks highest in the sound table: the coins of the taxes rather
  than the rondel move that led to them).
- A computer's action: each step as it is shown on the board (``ComputerTurnLayer`` tells
  :meth:`SoundCues.heard` when a step begins to show), not the whole turn at once.
- "your_turn": when the game comes to wait for a person at this screen after another seat
  played (with the hot seat's hand-over screen, if one comes), not after each of that person's
  own actions, nor after an undo.

Cues arriving in one frame play as one sound (the highest ranked), and sounds are at least
:data:`MIN_GAP` seconds apart: a turn shown at once (pace "instant") gives a short run of sounds,
not a noise; a cue waiting for the gap is replaced by a later one of higher or equal rank.
"your_turn" waits apart and comes after the sound of the action that led to it.
Nothing plays before the screen's first frame (a loaded game) or without a
:class:`~imperial_desktop.ui.sound.SoundBoard` (tests, tools, headless runs without an app).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from imperial_desktop.i18n import _

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene
    from imperial_desktop.ui.sound import SoundBoard

MIN_GAP = 0.1  # seconds of game-screen time between two sounds
YOUR_TURN = "your_turn"
_UNSET = object()


class SoundCues:
    """Collects the cues of a frame and plays the one that ranks highest."""

    def __init__(self, scene: GameScene, board: SoundBoard | None = None):
        self.scene = scene
        self.board = board
        self._pending: str | None = None
        self._turn_due = False  # "your turn" plays after the sound of what led to it
        self._clock = 0.0  # seconds of frames seen (the gap is measured in it, so tests control it)
        self._last_played = -math.inf
        self._waiting_for: object = _UNSET  # the local player the game waited for at the last frame
        self._taken_back = False
        scene.session.on_change.append(self._changed)

    def heard(self, cues: Iterable[str]) -> None:
        """Cues seen now (step kinds, or "your_turn"): the highest ranked of them plays this frame."""
        if self.board is None:
            return
        best = self.board.table.pick(cues)
        if best is None:
            return
        table = self.board.table
        if self._pending is None or table.priority(best) >= table.priority(self._pending):
            self._pending = best

    @property
    def pending(self) -> bool:
        """Whether a sound waits for its turn (the screen must not rest before it plays)."""
        return self._pending is not None or self._turn_due

    def update(self, dt: float) -> None:
        """Once a frame, after the game moved on: "your turn" if it came, then the sound due."""
        self._clock += dt
        self._check_your_turn()
        if self.board is None or self._clock - self._last_played < MIN_GAP:
            return
        if self._pending is not None:
            cue, self._pending = self._pending, None
        elif self._turn_due:
            cue, self._turn_due = YOUR_TURN, False
        else:
            return
        self._last_played = self._clock
        self.board.play_cue(cue)

    def toggle_mute(self) -> None:
        """Sound off, or on again (the M key); kept in the settings when the app has some."""
        app = self.scene.app
        settings = getattr(app, "settings", None)
        if settings is None or self.board is None:
            return
        settings.mute = not settings.mute
        if not settings.mute and settings.volume <= 0:
            from imperial_desktop.session.settings import DEFAULT_VOLUME

            settings.volume = DEFAULT_VOLUME  # "on" at volume 0 would still be silent
        app.apply_sound_settings()
        from imperial_desktop.session.settings import save_settings_safely

        problem = save_settings_safely(settings)
        message = _("Sound off (M turns it on)") if settings.mute else _("Sound on (M turns it off)")
        self.scene.show_message(f"{message} {problem}" if problem else message, 3.0, info=not problem)

    def close(self) -> None:
        if self._changed in self.scene.session.on_change:
            self.scene.session.on_change.remove(self._changed)

    # ------------------------------------------------------------------ inside

    def _changed(self, kind: str) -> None:
        if kind in ("undo", "redo"):
            self._taken_back = True  # the decision coming back to a person is no new turn

    def _check_your_turn(self) -> None:
        scene = self.scene
        session = scene.session
        # a hot seat's hand-over screen calls the next person to the screen: the chime comes with it
        handover = scene.hot_seat.handover_to
        waiting = handover if handover is not None else (
            session.state.current_player() if scene.human_decision() is not None else None)
        first = self._waiting_for is _UNSET
        if not first and not self._taken_back and waiting is not None and waiting != self._waiting_for:
            last = session.history[-1].actor if session.history else None
            if last is not None and last != waiting and self.board is not None:
                self._turn_due = True
        self._waiting_for = waiting
        self._taken_back = False


__all__ = ["MIN_GAP", "YOUR_TURN", "SoundCues"]
