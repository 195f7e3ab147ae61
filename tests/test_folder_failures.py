"""Issue 12, folders: an unwritable saves folder, a file in place of the saves or home folder,
a full disk, and a write killed before its rename. Each starts a game, plays, and checks the
player gets one readable message (never an exception) and that nothing already saved is lost."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from imperial_desktop.core import GameSetup
from imperial_desktop.session import autosave as autosave_module
from imperial_desktop.session.autosave import (
    AutoSaver, autosave, continue_game, has_autosave, stray_temporary_files,
)
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.saves import AUTOSAVE, SaveError, read_save, saves_dir
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.session.settings import (
    Settings, load_settings, save_settings_safely, settings_path,
)

ROOT = Path(__file__).resolve().parents[1]


def new_session(seed: int = 5) -> GameSession:
    names = ["Ann", "Bob", "Cem", "Dora"]
    setup = GameSetup.create(4, seed, names=names)
    return GameSession(setup, [Seat(n, HUMAN if i == 0 else COMPUTER, "random") for i, n in enumerate(names)], seed=seed)


def play(session: GameSession, actions: int) -> None:
    for _ in range(actions):
        session.apply(session.state.legal_actions()[0])


def start_and_play_with_failure(saver_root, failing) -> tuple[GameSession, AutoSaver, list[str]]:
    """Start a game, play three actions while ``failing`` and collect every message taken."""
    session = new_session()
    saver = AutoSaver(session, saver_root)
    messages = []
    for _ in range(3):
        play(session, 1)  # never raises, whatever the disk does
        assert saver.flush(10)
        message = saver.take_message()
        if message:
            messages.append(message)
    assert saver.failing
    return session, saver, messages


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(folder))
    return folder


class _Switch:
    """A monkeypatched failure that a test can turn off ("the player freed some space")."""

    def __init__(self):
        self.on = True


def _fail_writes_in(monkeypatch, folder: Path, code: int) -> _Switch:
    """Make creating files in ``folder`` fail with ``code`` (the tests run as root, where
    chmod does not stop anything, so the refusal of the system is simulated)."""
    switch = _Switch()
    real_mkstemp = tempfile.mkstemp

    def mkstemp(*args, **kwargs):
        target = Path(kwargs.get("dir") or ".").resolve()
        if switch.on and target == folder.resolve():
            raise OSError(code, os.strerror(code), str(target))
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    return switch


def _disk_full(monkeypatch) -> _Switch:
    """fsync fails with ENOSPC, as it does when the last blocks cannot be written."""
    switch = _Switch()
    real_fsync = os.fsync

    def fsync(fd):
        if switch.on:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return switch


def _check_one_message_then_recovery(session, saver, messages, switch, folder_text, why):
    assert len(messages) == 1, messages  # once per failure episode, not after every action
    assert "Autosave failed" in messages[0] and folder_text in messages[0] and why in messages[0]
    switch.on = False  # the player fixes the folder: the next action saves again
    play(session, 1)
    assert saver.flush(10)
    assert not saver.failing
    assert "works again" in (saver.take_message() or "")
    resumed, notes = continue_game(saver.root)
    assert resumed.state.digest() == session.state.digest()
    saver.close()


def test_unwritable_saves_folder_gives_one_message_and_play_goes_on(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    switch = _fail_writes_in(monkeypatch, folder, errno.EACCES)
    session, saver, messages = start_and_play_with_failure(folder, switch)
    assert not (folder / AUTOSAVE).exists()
    _check_one_message_then_recovery(session, saver, messages, switch, str(folder), "permission denied")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write anywhere")
def test_really_read_only_saves_folder(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        session = new_session()
        saver = AutoSaver(session, folder)
        play(session, 2)
        assert saver.flush(10) and saver.failing
        assert "permission denied" in (saver.take_message() or "")
        saver.close()
    finally:
        folder.chmod(0o700)


def test_full_disk_gives_one_message_and_keeps_the_last_good_autosave(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    good = new_session()
    play(good, 4)
    autosave(good, folder)
    switch = _disk_full(monkeypatch)
    session, saver, messages = start_and_play_with_failure(folder, switch)
    assert read_save(folder / AUTOSAVE).state.digest() == good.state.digest()  # not torn
    assert stray_temporary_files(folder) == []  # the failed writes left nothing behind
    _check_one_message_then_recovery(session, saver, messages, switch, str(folder), "the disk is full")


def test_a_file_in_place_of_the_saves_folder(tmp_path):
    blocker = tmp_path / "saves"
    blocker.write_text("a file, not a folder")
    session, saver, messages = start_and_play_with_failure(blocker, None)
    assert len(messages) == 1 and "Autosave failed" in messages[0] and str(blocker) in messages[0]
    assert blocker.read_text() == "a file, not a folder"  # nothing of the player's is touched
    assert not has_autosave(blocker)
    blocker.unlink()  # the player moves the file away; the next action saves
    play(session, 1)
    assert saver.flush(10) and not saver.failing
    assert continue_game(blocker)[0].state.digest() == session.state.digest()
    saver.close()


def test_home_folder_is_a_file(tmp_path, monkeypatch):
    """``IMPERIAL_DESKTOP_HOME`` names a file: autosave and settings fail with messages."""
    home_file = tmp_path / "home"
    home_file.write_text("oops")
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(home_file))
    session, saver, messages = start_and_play_with_failure(None, None)
    assert len(messages) == 1 and str(saves_dir()) in messages[0]
    assert load_settings() == Settings()
    error = save_settings_safely(Settings())  # "Start the game" saves the settings first
    assert error and "settings could not be saved" in error and str(home_file) in error
    assert not has_autosave()
    with pytest.raises(SaveError, match="no game to continue"):
        continue_game()
    saver.close()


def test_unwritable_home_settings_give_a_message(home, monkeypatch):
    home.mkdir()
    _fail_writes_in(monkeypatch, home, errno.EACCES)
    error = save_settings_safely(Settings(window_width=1700))
    assert error and "permission denied" in error and str(settings_path()) in error
    assert load_settings() == Settings()


def test_full_disk_settings_give_a_message_and_keep_the_old_file(home, monkeypatch):
    assert save_settings_safely(Settings(window_width=1700)) is None
    _disk_full(monkeypatch)
    error = save_settings_safely(Settings(window_width=1800))
    assert error and "the disk is full" in error
    assert load_settings().window_width == 1700
    assert [p.name for p in home.iterdir()] == ["settings.json"]  # no temporary file left


def test_failed_autosave_is_retried_periodically_without_an_action(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    switch = _disk_full(monkeypatch)
    session = new_session()
    saver = AutoSaver(session, folder, retry_seconds=0.05)
    play(session, 2)
    assert saver.flush(10) and saver.failing and saver.take_message()
    switch.on = False  # no further action: the retry alone must save the newest state
    for _ in range(200):
        if not saver.failing:
            break
        saver.flush(0.05)
        time.sleep(0.02)
    assert not saver.failing
    assert read_save(folder / AUTOSAVE).state.digest() == session.state.digest()
    saver.close()


# ---------------------------------------------------------------------------- killed writes

_KILLED_CHILD = r"""
import json, os, signal, sys
sys.path.insert(0, sys.argv[2])
from test_folder_failures import new_session, play
from imperial_desktop.session.autosave import autosave
folder = sys.argv[1]
session = new_session()
play(session, 3)
autosave(session, folder)
play(session, 2)
print(json.dumps({"older": None, "newer": session.state.digest()}), flush=True)
# killed at the worst moment: the new file is complete and synced but not yet renamed
os.replace = lambda *a, **k: os.kill(os.getpid(), signal.SIGKILL)
autosave(session, folder)
print("not killed", flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_during_write_a_complete_newer_temporary_autosave_is_recovered(tmp_path):
    folder = tmp_path / "saves"
    child = subprocess.run([sys.executable, "-c", _KILLED_CHILD, str(folder), str(ROOT / "tests")],
                           capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert child.returncode == -signal.SIGKILL, child.stderr
    newer = json.loads(child.stdout.splitlines()[0])["newer"]
    strays = stray_temporary_files(folder)
    assert len(strays) == 1 and read_save(strays[0]).state.digest() == newer
    assert read_save(folder / AUTOSAVE).state.digest() != newer  # the rename never happened
    # a torn temporary file from an earlier kill must not win
    (folder / ".autosave-torn.tmp").write_bytes(strays[0].read_bytes()[:300])

    resumed, notes = continue_game(folder)
    assert resumed.state.digest() == newer
    assert notes and "interrupted write" in notes[0]
    # playing on autosaves normally and clears the stray files away
    saver = AutoSaver(resumed, folder)
    play(resumed, 1)
    assert saver.flush(10) and not saver.failing
    assert stray_temporary_files(folder) == []
    assert continue_game(folder)[0].state.digest() == resumed.state.digest()
    saver.close()


def test_an_older_stray_temporary_file_does_not_win(tmp_path):
    folder = tmp_path / "saves"
    session = new_session()
    play(session, 2)
    autosave(session, folder)
    old_bytes = (folder / AUTOSAVE).read_bytes()
    data = json.loads(old_bytes)
    data["saved_at"] = "2000-01-01T00:00:00+00:00"  # written long before
    from imperial_desktop.session.saves import _checksum
    data["checksum"] = _checksum(data)
    (folder / ".autosave-old.tmp").write_text(json.dumps(data))
    play(session, 2)
    autosave(session, folder)
    resumed, notes = continue_game(folder)
    assert resumed.state.digest() == session.state.digest() and notes == []


def test_stray_temporary_files_do_not_pile_up(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    for i in range(5):
        (folder / f".autosave-{i}.tmp").write_bytes(b'{"format": "imperial-desk')
    (folder / "mine.txt").write_text("not ours")
    session = new_session()
    saver = AutoSaver(session, folder)
    play(session, 1)
    assert saver.flush(10)
    assert stray_temporary_files(folder) == []
    names = {p.name for p in folder.iterdir()}
    assert names - {"autosave.prev.json"} == {"autosave.json", "mine.txt"}  # the player's file stays
    saver.close()


def test_a_document_that_cannot_be_built_is_a_message_not_a_crash(tmp_path, monkeypatch):
    session = new_session()
    saver = AutoSaver(session, tmp_path)
    assert saver.flush(10)

    def broken(*args, **kwargs):
        raise TypeError("something in the state cannot be saved")

    monkeypatch.setattr(autosave_module, "save_document", broken)
    play(session, 2)  # the listener catches it: play goes on
    assert saver.flush(10) and saver.failing
    assert "cannot prepare the autosave" in (saver.take_message() or "")
    monkeypatch.undo()
    play(session, 1)
    assert saver.flush(10) and not saver.failing
    assert continue_game(tmp_path)[0].state.digest() == session.state.digest()
    saver.close()


# ---------------------------------------------------------------------------- through the window


def _click(app, element):
    from ui_driver import click_in_app

    click_in_app(app, element)


def _toast_after_autosave(app) -> str:
    for _ in range(50):
        app.autosaver.flush(10)
        app.frame(1 / 60)
        if app.scene.toasts.message:
            return app.scene.toasts.message[0]
    return ""


@pytest.mark.parametrize("failure", ["home is a file", "saves is a file", "unwritable saves", "full disk"])
def test_window_start_the_game_and_play_with_a_broken_folder(tmp_path, monkeypatch, failure):
    """Through the App, headless: New game, Start the game, play; the autosave failure is a
    message on the game screen (the toast), shown once, and the game goes on."""
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    home = tmp_path / "home"
    expected = {"home is a file": str(home), "saves is a file": str(home / "saves"),
                "unwritable saves": "permission denied", "full disk": "the disk is full"}[failure]
    if failure == "home is a file":
        home.write_text("a file where the home folder should be")
    elif failure == "saves is a file":
        home.mkdir()
        (home / "saves").write_text("a file where the saves folder should be")
    elif failure == "unwritable saves":
        (home / "saves").mkdir(parents=True)
        _fail_writes_in(monkeypatch, home / "saves", errno.EACCES)
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(home))
    from imperial_desktop.ui.app import App, init_display
    from imperial_desktop.ui.game_scene import GameScene

    app = App(init_display((1600, 1000), headless=True))
    app.settings.pace = "instant"  # computer turns without the animation pauses
    app.settings.confirm_turns = False  # the human's actions below hand the game on without Confirm turn
    try:
        app.show_title()
        app.frame(1 / 60)
        if failure == "full disk":
            _disk_full(monkeypatch)
        _click(app, app.scene.buttons["new"])
        _click(app, app.scene.widgets["start"])  # saves the settings first: must not crash
        assert isinstance(app.scene, GameScene)
        session = app.scene.session
        first = _toast_after_autosave(app)
        assert "Autosave failed" in first and expected in first
        app.scene.toasts.message = None
        for _ in range(300):  # the computers play on; the human answers with a legal action
            if session.state.is_terminal() or len(session.record.actions) >= 8:
                break
            if session.waits_for_local_input():
                session.apply(session.state.legal_actions()[0])
            app.frame(1 / 60)
            session.wait_for_computer(5)
        assert len(session.record.actions) >= 8  # played on without saving
        app.autosaver.flush(10)
        app.frame(1 / 60)
        assert app.autosaver.failing and app.scene.toasts.message is None  # not repeated after every move
    finally:
        app._stop_autosave()
        pygame.quit()


def test_only_a_torn_temporary_file_means_no_game_to_continue(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / ".autosave-torn.tmp").write_bytes(b'{"format": "imperial-desk')
    with pytest.raises(SaveError, match="no game to continue"):
        continue_game(folder)
