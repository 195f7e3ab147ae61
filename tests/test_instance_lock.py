"""Two windows of the game autosaving into one folder overwrote each other's game (session 18's
crash hunt: the last to write won). The first window holds a lock; a second plays on without
autosaving and says so."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from imperial_desktop.session.instance_lock import AutosaveLock

HOLDER = textwrap.dedent("""
    import sys
    from imperial_desktop.session.instance_lock import AutosaveLock
    lock = AutosaveLock(sys.argv[1])
    print("held" if lock.acquire() else "refused", flush=True)
    sys.stdin.readline()  # hold it until told to end
""")


def hold_in_another_process(folder) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "held"
    return process


def test_only_one_process_holds_the_autosave_lock_and_a_dead_one_holds_none(tmp_path):
    other = hold_in_another_process(tmp_path)
    try:
        assert not AutosaveLock(tmp_path).acquire()
    finally:
        other.kill()  # killed, not ended: the lock must not go stale
        other.wait(10)
    mine = AutosaveLock(tmp_path)
    assert mine.acquire() and mine.held
    assert AutosaveLock(tmp_path).acquire()  # this process again (a second window of it, as in tests)
    mine.release()
    assert not mine.held


def test_a_second_window_plays_without_autosaving_and_says_so(app, tmp_path):
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session import autosave as autosaves, saves
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    other = hold_in_another_process(saves.saves_dir())
    try:
        names = ["Ina", "Jo", "Kai"]
        app.start_game(GameSession(GameSetup.create(3, 2, names=names), [Seat(n) for n in names], seed=2))
        app.frame(1 / 60)
        assert app.autosaver is None and not autosaves.has_autosave()
        assert "does not autosave" in app.scene.toasts.message[0]
    finally:
        other.kill()
        other.wait(10)


def test_the_first_window_autosaves(app):
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session import autosave as autosaves
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    names = ["Ina", "Jo", "Kai"]
    app.start_game(GameSession(GameSetup.create(3, 2, names=names), [Seat(n) for n in names], seed=2))
    assert app.autosaver is not None and app.autosaver.flush(5) and autosaves.has_autosave()


def test_one_process_keeps_one_lock_open(tmp_path):
    """A process holds the lock of one saves folder: taking another's lets the first go (the
    tests' many windows, each with its own folder, would otherwise keep a file open each)."""
    from imperial_desktop.session import instance_lock

    first, second = AutosaveLock(tmp_path / "a"), AutosaveLock(tmp_path / "b")
    assert first.acquire() and second.acquire()
    assert list(instance_lock._HELD) == [second.path]
    other = hold_in_another_process(tmp_path / "a")  # the first folder is free again
    other.kill()
    other.wait(10)
    second.release()
    assert instance_lock._HELD == {}
