"""The autosave lock's Windows branch (msvcrt byte-range locks), run on any system through a
stand-in msvcrt that locks bytes the way Windows does: from the file's current position, not
re-entrant, and refused at once to another process with LK_NBLCK."""

from __future__ import annotations

import errno
import os

import pytest

from imperial_desktop.session import instance_lock
from imperial_desktop.session.instance_lock import AutosaveLock, _msvcrt_try_lock, _msvcrt_unlock


class FakeMsvcrt:
    """One process's msvcrt; processes made with the same ``table`` see each other's locks."""

    LK_UNLCK, LK_LOCK, LK_NBLCK = 0, 1, 2

    def __init__(self, table: dict):
        self.table = table  # (file id, byte) -> the FakeMsvcrt holding it
        self.calls: list[tuple[int, int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        position = os.lseek(fd, 0, os.SEEK_CUR)
        self.calls.append((mode, position, nbytes))
        info = os.fstat(fd)
        keys = [((info.st_dev, info.st_ino), byte) for byte in range(position, position + nbytes)]
        if mode == self.LK_NBLCK:
            if any(key in self.table for key in keys):  # Windows refuses its own second lock too
                raise PermissionError(errno.EACCES, "Permission denied")
            for key in keys:
                self.table[key] = self
        elif mode == self.LK_UNLCK:
            if any(self.table.get(key) is not self for key in keys):
                raise PermissionError(errno.EACCES, "Permission denied")
            for key in keys:
                del self.table[key]
        else:
            raise AssertionError(f"mode {mode} is not used by the lock")


def _open(path):
    return open(path, "a+b")  # as AutosaveLock opens it: positioned at the end


def test_the_first_byte_is_locked_wherever_the_file_stands(tmp_path):
    path = tmp_path / ".autosave.lock"
    path.write_bytes(b"left by an older version")
    msvcrt = FakeMsvcrt({})
    with _open(path) as handle:
        assert handle.tell() > 0
        assert _msvcrt_try_lock(handle, msvcrt)
        _msvcrt_unlock(handle, msvcrt)
    assert msvcrt.calls == [(msvcrt.LK_NBLCK, 0, 1), (msvcrt.LK_UNLCK, 0, 1)]
    assert not msvcrt.table


def test_a_second_process_is_refused_until_the_first_unlocks(tmp_path):
    path = tmp_path / ".autosave.lock"
    table: dict = {}
    first, second = FakeMsvcrt(table), FakeMsvcrt(table)
    with _open(path) as mine, _open(path) as theirs:
        assert _msvcrt_try_lock(mine, first)
        assert not _msvcrt_try_lock(theirs, second)
        _msvcrt_unlock(mine, first)
        assert _msvcrt_try_lock(theirs, second)
        _msvcrt_unlock(theirs, second)
    assert not table


def test_unlocking_what_is_not_locked_is_quiet(tmp_path):
    msvcrt = FakeMsvcrt({})
    with _open(tmp_path / ".autosave.lock") as handle:
        _msvcrt_unlock(handle, msvcrt)  # Windows raises here; the lock must not
    assert msvcrt.calls == [(msvcrt.LK_UNLCK, 0, 1)]


@pytest.fixture
def windows_lock(monkeypatch):
    """AutosaveLock as on Windows: its lock calls go to a stand-in msvcrt of this process."""
    table: dict = {}
    this_process = FakeMsvcrt(table)
    monkeypatch.setattr(instance_lock, "_try_lock", lambda handle: _msvcrt_try_lock(handle, this_process))
    monkeypatch.setattr(instance_lock, "_unlock", lambda handle: _msvcrt_unlock(handle, this_process))
    monkeypatch.setattr(instance_lock, "_HELD", {})
    return table


def test_the_autosave_lock_on_windows_keeps_another_process_out(tmp_path, windows_lock):
    lock = AutosaveLock(tmp_path)
    assert lock.acquire() and lock.held
    other_process = FakeMsvcrt(windows_lock)
    with _open(lock.path) as theirs:
        assert not _msvcrt_try_lock(theirs, other_process)
        lock.release()
        assert not lock.held and not windows_lock
        assert _msvcrt_try_lock(theirs, other_process)
        assert not AutosaveLock(tmp_path).acquire()  # now this process is the second window
        _msvcrt_unlock(theirs, other_process)
    assert AutosaveLock(tmp_path).acquire()


def test_a_second_window_of_the_same_process_does_not_lock_twice(tmp_path, windows_lock):
    """msvcrt locks are not re-entrant: a second window of one process must share the first's."""
    first, second = AutosaveLock(tmp_path), AutosaveLock(tmp_path)
    assert first.acquire() and second.acquire()
    assert len(windows_lock) == 1
    first.release()
    assert not windows_lock
