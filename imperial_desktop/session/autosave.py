"""The autosave: written after every action, undo and redo, and read back by "Continue".

``autosave.json`` is written atomically and the one before it is kept as ``autosave.prev.json``,
so a crash during a write never loses the game. A kill between writing the temporary file and
renaming it leaves a complete ``.autosave-*.tmp``: "Continue" takes it when it is a valid save
at least as new as ``autosave.json``, and the next successful autosave removes such stray files.

:class:`AutoSaver` does the disk work in a background thread so that a slow or failing disk
never holds up a frame; failures are reported once per episode through
:meth:`AutoSaver.take_message` and the game plays on.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import threading
import time
import weakref
from pathlib import Path

from imperial_desktop.core import Action, Event
from imperial_desktop.i18n import _
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.saves import (
    AUTOSAVE, AUTOSAVE_PREV, PathLike, SavedGame, SaveError, read_save, save_document, saves_dir,
)
from imperial_desktop.session.settings import atomic_write_bytes, describe_os_error

log = logging.getLogger(__name__)

STRAY_PATTERN = ".autosave-*.tmp"  # what atomic_write_bytes names its temporary files
RETRY_SECONDS = 20.0  # after a failure, the latest state is written again this often
_IDLE_SECONDS = 2.0  # the writer thread ends after this long with nothing to do


def autosave_payload(session: GameSession) -> bytes:
    """The bytes of an autosave of ``session`` as it is now (built on the calling thread)."""
    return (json.dumps(save_document(session, "Autosave"), indent=1) + "\n").encode("utf-8")


def write_autosave_payload(payload: bytes, root: PathLike | None = None) -> Path:
    """Write ``payload`` as ``autosave.json``, keeping the previous one as ``autosave.prev.json``.

    The new file is fully written and fsynced before anything is renamed, so a crash leaves
    either the old autosave or the new one (and ``autosave.prev.json``) readable. Raises
    :class:`SaveError` naming the folder and the reason.
    """
    folder = saves_dir(root)
    current, previous = folder / AUTOSAVE, folder / AUTOSAVE_PREV

    def rotate() -> None:
        if current.exists():
            os.replace(current, previous)

    try:
        atomic_write_bytes(current, payload, before_replace=rotate)
    except OSError as exc:
        raise SaveError(_("cannot write the autosave: {reason}").format(reason=describe_os_error(exc, folder)), current) from exc
    return current


def autosave(session: GameSession, root: PathLike | None = None) -> Path:
    """Write the autosave of ``session`` now, on this thread (see :class:`AutoSaver` for the UI)."""
    return write_autosave_payload(autosave_payload(session), root)


def stray_temporary_files(root: PathLike | None = None) -> list[Path]:
    """Temporary autosave files left behind by a killed write (never raises)."""
    try:
        return sorted(saves_dir(root).glob(STRAY_PATTERN))
    except OSError:
        return []


def remove_stray_temporary_files(root: PathLike | None = None) -> int:
    """Delete stray ``.autosave-*.tmp`` files; returns how many went (errors are ignored)."""
    removed = 0
    for path in stray_temporary_files(root):
        try:
            path.unlink()
            removed += 1
        except OSError:
            pass
    return removed


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def has_autosave(root: PathLike | None = None) -> bool:
    """Whether "Continue" has something to offer (never raises)."""
    folder = saves_dir(root)
    try:
        return ((folder / AUTOSAVE).is_file() or (folder / AUTOSAVE_PREV).is_file()
                or bool(stray_temporary_files(root)))
    except OSError:
        return False


def _newest_stray(root: PathLike | None) -> SavedGame | None:
    """The newest stray temporary file that is a complete, valid save (None if there is none)."""
    best: SavedGame | None = None
    for path in stray_temporary_files(root):
        try:
            saved = read_save(path)
        except SaveError:
            continue  # torn by the kill: ignore it
        if best is None or _progress(saved) > _progress(best):
            best = saved
    return best


def _progress(saved: SavedGame) -> tuple:
    return (saved.saved_at, len(saved.record.actions))


def load_autosave(root: PathLike | None = None) -> SavedGame:
    """The autosave for "Continue".

    A complete stray temporary file that is at least as new as ``autosave.json`` wins (the
    write was killed just before its rename); a damaged ``autosave.json`` falls back to the
    previous one, with a note for the player. Never writes or deletes a file. Writes still
    queued by an :class:`AutoSaver` of this process are waited for first (up to 5 s).
    """
    for saver in list(_live_savers):
        saver.flush(5.0)
    folder = saves_dir(root)
    stray = _newest_stray(root)
    try:
        current = read_save(folder / AUTOSAVE)
    except SaveError as first:
        if stray is not None:
            stray.notes.insert(0, _("Recovered the last autosave from an interrupted write."))
            return stray
        try:
            saved = read_save(folder / AUTOSAVE_PREV)
        except SaveError:
            if not (_is_file(folder / AUTOSAVE) or _is_file(folder / AUTOSAVE_PREV)):
                # nothing, or only a torn temporary file from a write killed before the first one
                raise SaveError(_("there is no game to continue"), folder / AUTOSAVE) from None
            raise first from None
        saved.notes.insert(0, _("The last autosave could not be read: {reason}. "
                                "The game goes on from the one before it (the last action is lost).").format(reason=first))
        return saved
    if stray is not None and _progress(stray) >= _progress(current):
        stray.notes.insert(0, _("Recovered the last autosave from an interrupted write."))
        return stray
    return current


def continue_game(root: PathLike | None = None) -> tuple[GameSession, list[str]]:
    """The session for "Continue" and notes for the player (empty when all was well)."""
    saved = load_autosave(root)
    return saved.to_session(), list(saved.notes)


_live_savers: "weakref.WeakSet[AutoSaver]" = weakref.WeakSet()


@atexit.register
def _flush_at_exit() -> None:
    for saver in list(_live_savers):
        saver.flush(5.0)


class AutoSaver:
    """Autosaves a session after every applied action, undo and redo, in a background thread.

    The document is built on the thread that changed the session (so the state cannot change
    under it); writing and fsync happen in the writer thread, latest state wins. A failed write
    does not interrupt the game: it is kept in :attr:`last_error`, offered once per failure
    episode by :meth:`take_message`, and retried with the newest state on the next action and
    every ``retry_seconds``. The UI calls :meth:`take_message` every frame and shows what it
    returns; :meth:`close` when leaving the game.
    """

    def __init__(self, session: GameSession, root: PathLike | None = None, *, save_now: bool = True,
                 retry_seconds: float = RETRY_SECONDS):
        self.session = session
        self.root = root
        self.retry_seconds = retry_seconds
        self.last_error: str | None = None  # why the last write failed; None after a success
        self.saved_version: int | None = None  # the session version last written to disk
        self.failures = 0  # failed writes in all
        self._requested_version: int | None = None
        self._lock = threading.Condition()
        self._pending: tuple[int, bytes] | None = None  # (version, payload) not yet written
        self._retry: tuple[int, bytes] | None = None  # the newest payload whose write failed
        self._writing = False
        self._message: str | None = None
        self._reported = False  # the current failure episode was reported
        self._cleaned = False  # stray temporary files removed after the first good write
        self._thread: threading.Thread | None = None
        self._attached = True
        session.listeners.append(self._on_action)
        session.on_change.append(self._on_change)
        _live_savers.add(self)
        if save_now:
            self.save()

    # ---------------------------------------------------------------- asking for writes

    def save(self) -> None:
        """Queue a write of the session as it is now (returns at once)."""
        version = self.session.version
        self._requested_version = version
        try:
            payload = autosave_payload(self.session)
        except Exception as exc:  # noqa: BLE001 - a listener must never break the game
            log.exception("cannot build the autosave document")
            with self._lock:
                self._finish(version, b"", SaveError(_("cannot prepare the autosave ({error}: {exc})").format(error=type(exc).__name__, exc=exc)))
                self._retry = None  # nothing to write; the next action tries again
            return
        with self._lock:
            self._pending = (version, payload)
            self._retry = None
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _on_action(self, action: Action, events: list[Event]) -> None:
        self._save_if_changed()

    def _on_change(self, kind: str) -> None:
        self._save_if_changed()

    def _save_if_changed(self) -> None:
        if self._requested_version != self.session.version:
            self.save()

    # ---------------------------------------------------------------- for the window

    def take_message(self) -> str | None:
        """A new message for the player about a failed or recovered autosave, else None."""
        with self._lock:
            message, self._message = self._message, None
        return message

    @property
    def failing(self) -> bool:
        """Whether the last write failed (saving is off until a retry works)."""
        return self.last_error is not None

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued write has been tried; False if ``timeout`` ran out first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while self._pending is not None or self._writing:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._lock.wait(remaining)
        return True

    def detach(self) -> None:
        """Stop autosaving this session (a queued write still completes)."""
        self._attached = False
        if self._on_action in self.session.listeners:
            self.session.listeners.remove(self._on_action)
        if self._on_change in self.session.on_change:
            self.session.on_change.remove(self._on_change)
        with self._lock:
            self._retry = None
            self._lock.notify_all()

    def close(self, timeout: float | None = 5.0) -> bool:
        """Detach and wait for the last write (at most ``timeout`` s); whether it finished."""
        self.detach()
        done = self.flush(timeout)
        _live_savers.discard(self)
        return done

    # ---------------------------------------------------------------- the writer thread

    def _run(self) -> None:
        while True:
            with self._lock:
                job = self._next_job()
                if job is None:
                    self._thread = None
                    self._lock.notify_all()
                    return
                self._writing = True
            version, payload = job
            error = self._write(payload)
            with self._lock:
                self._writing = False
                self._finish(version, payload, error)
                self._lock.notify_all()

    def _next_job(self) -> tuple[int, bytes] | None:
        """(Under the lock) the next payload to write, waiting for one; None to end the thread."""
        idle_since = time.monotonic()
        while True:
            if self._pending is not None:
                job, self._pending = self._pending, None
                return job
            if self._retry is not None and self._attached:
                wait = self.retry_seconds
            elif time.monotonic() - idle_since >= _IDLE_SECONDS:
                return None
            else:
                wait = _IDLE_SECONDS
            woke = self._lock.wait(wait)
            if not woke and self._retry is not None and self._attached and self._pending is None:
                job, self._retry = self._retry, None
                return job

    def _write(self, payload: bytes) -> SaveError | None:
        try:
            write_autosave_payload(payload, self.root)
        except SaveError as exc:
            return exc
        except Exception as exc:  # noqa: BLE001 - the writer thread must survive anything
            log.exception("unexpected error while autosaving")
            return SaveError(_("cannot write the autosave in {folder}: {exc}").format(folder=saves_dir(self.root), exc=exc))
        if not self._cleaned:
            remove_stray_temporary_files(self.root)
            self._cleaned = True
        return None

    def _finish(self, version: int, payload: bytes, error: SaveError | None) -> None:
        """(Under the lock) record the outcome and queue a message when the episode changes."""
        if error is None:
            self.saved_version = version
            if self.last_error is not None and self._reported:
                self._message = _("Autosave works again: the game is saved in {folder}.").format(folder=saves_dir(self.root))
                log.info("autosave works again")
            self.last_error = None
            self._reported = False
            return
        self.failures += 1
        self.last_error = str(error)
        log.log(logging.DEBUG if self._reported else logging.WARNING, "autosave failed: %s", error)
        if self._pending is None:
            self._retry = (version, payload)  # retried later with the newest state
        if not self._reported:
            self._reported = True
            self._message = _("Autosave failed: {reason}. The game goes on without saving; "
                              "it is tried again after every move.").format(reason=error)



__all__ = [
    "AutoSaver", "autosave", "autosave_payload", "continue_game", "has_autosave", "load_autosave",
    "remove_stray_temporary_files", "stray_temporary_files", "write_autosave_payload",
]
