"""One window of the game autosaves at a time.

Two windows that autosave into the same folder overwrite each other's game: the last to write
wins, and a whole game is lost. The first window holds an operating-
system lock on a file in the saves folder for as long as it runs; the lock goes with the process,
also when it is killed, so it never goes stale. A second window finds the lock taken and plays
without autosaving (the player is told, and can save by name).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import IO, Any

from imperial_desktop.session.saves import PathLike, saves_dir

log = logging.getLogger(__name__)

LOCK_FILE = ".autosave.lock"


# lock files this process holds (a second window of the same process, as tests make, shares it)
_HELD: dict[Path, IO[bytes]] = {}


class AutosaveLock:
    """The lock on the saves folder's autosave; :attr:`held` says whether this process has it."""

    def __init__(self, root: PathLike | None = None):
        self.path = saves_dir(root) / LOCK_FILE
        self.held = False

    def acquire(self) -> bool:
        """Take the lock if no other process has it; True when this process holds it now. A folder
        that cannot be written (no lock file possible) counts as held: there is no one to clash
        with there, and the autosave reports its own failure."""
        if self.held or self.path in _HELD:
            self.held = True
            return True
        for other in [p for p in _HELD if p != self.path]:  # one data folder per process (tests change it)
            _unlock_and_close(_HELD.pop(other))
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(self.path, "a+b")  # noqa: SIM115 - kept open while the lock is held
        except OSError as exc:
            log.info("no autosave lock file (%s): autosaving without one", exc)
            self.held = True
            return True
        if not _try_lock(handle):
            handle.close()
            log.warning("another window autosaves in %s: this one does not", self.path.parent)
            return False
        _HELD[self.path] = handle
        self.held = True
        return True

    def release(self) -> None:
        """Let the lock go (the end of the process does the same)."""
        handle = _HELD.pop(self.path, None) if self.held else None
        if handle is not None:
            _unlock_and_close(handle)
        self.held = False


def _unlock_and_close(handle: IO[bytes]) -> None:
    _unlock(handle)
    handle.close()


def _msvcrt_try_lock(handle: IO[bytes], msvcrt_module: Any) -> bool:
    """Windows: lock the lock file's first byte without waiting; False when another process has it.
    The msvcrt module comes in as an argument so the tests can run this on any system."""
    try:
        handle.seek(0)  # msvcrt locks from the current position, and "a+b" opens at the end
        msvcrt_module.locking(handle.fileno(), msvcrt_module.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def _msvcrt_unlock(handle: IO[bytes], msvcrt_module: Any) -> None:
    """Windows: unlock the first byte (an error, as for a byte not locked, is of no use to anyone)."""
    try:
        handle.seek(0)
        msvcrt_module.locking(handle.fileno(), msvcrt_module.LK_UNLCK, 1)
    except OSError:
        pass


if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(handle: IO[bytes]) -> bool:
        return _msvcrt_try_lock(handle, msvcrt)

    def _unlock(handle: IO[bytes]) -> None:
        _msvcrt_unlock(handle, msvcrt)
else:
    import fcntl

    def _try_lock(handle: IO[bytes]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        except OSError:
            pass


__all__ = ["AutosaveLock", "LOCK_FILE"]
