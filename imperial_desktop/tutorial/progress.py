"""The guided game's progress in its own small file in the data folder (``tutorial.json``).

It holds the game (a save document, as the load screen's files) and the coach's step, so that
"Learn to play" continues where the player left. The tutorial never touches the autosave
behind Continue: a game in progress stays as it was.
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from imperial_desktop.core import Action, action_from_json
from imperial_desktop.core.errors import RecordError
from imperial_desktop.i18n import _
from imperial_desktop.session import saves
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.settings import atomic_write_bytes, data_dir, describe_os_error
from imperial_desktop.tutorial.script import STEP_KEYS

if TYPE_CHECKING:
    from imperial_desktop.tutorial.coach import Coach

log = logging.getLogger(__name__)

PROGRESS_FILE = "tutorial.json"
PROGRESS_FORMAT = "imperial-desktop-tutorial"
PROGRESS_VERSION = 1
MAX_BYTES = 4 << 20


@dataclass
class Progress:
    """A guided game left part-way: the game and the coach's step."""

    session: GameSession
    index: int
    finished: bool
    deviated: bool = False  # left while the coach asked to undo
    early: tuple[Action, ...] = ()  # moves of the current lesson group made ahead of their step


def progress_path(root: Path | None = None) -> Path:
    return (root if root is not None else data_dir()) / PROGRESS_FILE


def save_progress(session: GameSession, index: int, finished: bool, root: Path | None = None, *,
                  deviated: bool = False, early: tuple[Action, ...] = ()) -> bool:
    """Write the progress (atomically); False if the disk refused (logged, never raised)."""
    return save_progress_safely(session, index, finished, root, deviated=deviated, early=early) is None


def save_progress_safely(session: GameSession, index: int, finished: bool, root: Path | None = None, *,
                         deviated: bool = False, early: tuple[Action, ...] = ()) -> str | None:
    """Write the progress (atomically); None if that worked, else a message for the player
    (logged, never raised)."""
    step = STEP_KEYS[index] if 0 <= index < len(STEP_KEYS) else None
    data = {"format": PROGRESS_FORMAT, "version": PROGRESS_VERSION, "step": step, "finished": bool(finished),
            "deviated": bool(deviated), "early": [a.to_json() for a in early],
            "game": saves.save_document(session, "tutorial")}
    path = progress_path(root)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, (json.dumps(data) + "\n").encode("utf-8"))
    except OSError as exc:
        log.warning("the tutorial's progress could not be saved to %s: %s", path, exc)
        return _("The guided game's progress could not be saved: {reason}. The game goes on; "
                 "it is tried again after every move.").format(reason=describe_os_error(exc, path))
    return None


class ProgressKeeper:
    """Saves a coach's progress after every change (one of its ``on_progress`` callbacks).

    A failed write does not stop the lesson: its message is offered once per run of failures by
    :meth:`take_message`, which the coach's panel asks every frame (as the autosave's).
    """

    def __init__(self, root: Path | None = None):
        self.root = root
        self.failing = False  # the last write failed
        self._message: str | None = None
        self._lock = threading.Lock()  # the scripted computers' moves may call from the session's thread

    def __call__(self, coach: "Coach") -> None:
        problem = save_progress_safely(coach.session, coach.index, coach.finished, self.root,
                                       deviated=coach.deviation is not None, early=coach.early)
        with self._lock:
            if problem is None:
                self.failing, self._message = False, None
            elif not self.failing:
                self.failing, self._message = True, problem

    def take_message(self) -> str | None:
        """A new message for the player about progress that could not be saved, else None."""
        with self._lock:
            message, self._message = self._message, None
        return message


def load_progress(root: Path | None = None) -> Progress | None:
    """The saved progress, or None when there is none or it cannot be used (then the lesson starts anew)."""
    path = progress_path(root)
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
            return None
        saved = saves.decode_save(data.get("game"), path)
        step = data.get("step")
        finished = bool(data.get("finished")) or step not in STEP_KEYS
        index = len(STEP_KEYS) if finished else STEP_KEYS.index(step)
        return Progress(saved.to_session(), index, finished, data.get("deviated") is True, _early(data.get("early")))
    except (OSError, ValueError, RecursionError, saves.SaveError) as exc:  # RecursionError: nested too deeply
        log.warning("the tutorial's progress in %s cannot be used: %s", path, exc)
        return None


def _early(data: Any) -> tuple[Action, ...]:
    """The early moves as saved; none when the list is missing (an older file) or damaged."""
    if not isinstance(data, list) or len(data) > 10:
        return ()
    try:
        return tuple(action_from_json(item) for item in data)
    except (RecordError, TypeError, ValueError, KeyError):
        return ()


def has_progress(root: Path | None = None) -> bool:
    """Whether a guided game can be continued (a quick look at the file's presence)."""
    try:
        return progress_path(root).is_file()
    except OSError:
        return False


def forget_progress(root: Path | None = None) -> None:
    """Start the lesson anew next time."""
    try:
        progress_path(root).unlink(missing_ok=True)
    except OSError as exc:
        log.warning("the tutorial's progress could not be removed: %s", exc)
