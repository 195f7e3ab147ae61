"""Issue 12, the last line of defence: the log file and the crash report (record next to the log)."""

from __future__ import annotations

import json
import logging

import pytest

from imperial_desktop.core import GameRecord, GameSetup
from imperial_desktop.session import crash_log
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat


@pytest.fixture(autouse=True)
def _restore_logging():
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        if handler not in before:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    crash_log._file_handler = None


def _session() -> GameSession:
    setup = GameSetup.create(3, 7, names=["Ann", "Bob", "Cem"])
    session = GameSession(setup, [Seat(n) for n in ("Ann", "Bob", "Cem")], seed=7)
    for _ in range(5):
        session.apply(session.state.legal_actions()[0])
    return session


def _boom() -> BaseException:
    try:
        {}["missing nation"]
    except KeyError as exc:
        return exc
    raise AssertionError


def test_log_and_crash_record_go_to_the_home_logs_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    path = crash_log.setup_logging()
    assert path == tmp_path / "logs" / crash_log.LOG_FILE == crash_log.log_file()
    session = _session()
    report = crash_log.write_crash_report(_boom(), session)
    assert report is not None and report.parent == tmp_path / "logs" and report.name.startswith("crash-")
    text = path.read_text(encoding="utf-8")
    assert "Traceback" in text and "missing nation" in text and "_boom" in text and str(report) in text
    record = GameRecord.from_json(json.loads(report.read_text(encoding="utf-8")))
    assert record.replay().digest() == session.state.digest()  # the game is all there
    assert "KeyError" in record.meta["crash"]


def test_crash_report_without_a_game_names_the_log(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    path = crash_log.setup_logging()
    assert crash_log.write_crash_report(_boom(), None) == path


def test_unwritable_log_folder_falls_back_to_stderr(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "home"
    blocker.write_text("a file where the home folder should be")
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(blocker))
    assert crash_log.setup_logging() is None
    assert "logging to stderr only" in capsys.readouterr().err
    assert crash_log.write_crash_report(_boom(), _session()) is None  # no exception either
    err = capsys.readouterr().err
    assert "missing nation" in err and "cannot write the game record" in err


def test_setup_logging_twice_keeps_one_file_handler(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    crash_log.setup_logging()
    crash_log.setup_logging()
    ours = [h for h in logging.getLogger().handlers if getattr(h, "_imperial_desktop", False)]
    assert len(ours) == 2  # one file, one stderr
