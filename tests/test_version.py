"""One version from the package metadata: `imperial-desktop --version`, the saves and the crash
reports carry it, and an uninstalled checkout still knows it."""

from __future__ import annotations

import importlib.metadata
import json
import logging
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from imperial_desktop import version as version_module
from imperial_desktop.core import GameSetup
from imperial_desktop.session import crash_log, saves
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat

ROOT = Path(__file__).resolve().parent.parent
PREVIOUS = ROOT / "tests" / "data" / "previous_release"


def _pyproject_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)["project"]["version"]


@pytest.fixture(autouse=True)
def _fresh_version_cache():
    version_module.version.cache_clear()
    yield
    version_module.version.cache_clear()


def _session() -> GameSession:
    names = ["Ann", "Bob", "Cem"]
    session = GameSession(GameSetup.create(3, 5, names=names), [Seat(n) for n in names], seed=5)
    session.apply(session.state.legal_actions()[0])
    return session


def test_the_version_is_the_package_metadata_and_the_pyproject_version():
    assert version_module.version() == importlib.metadata.version("imperial-desktop") == _pyproject_version()
    import imperial_desktop

    assert imperial_desktop.__version__ == _pyproject_version()


@pytest.mark.parametrize("args", [["--version"], ["play", "--version"]])
def test_the_command_prints_its_name_and_version(args):
    result = subprocess.run([sys.executable, "-m", "imperial_desktop", *args], capture_output=True, text=True,
                            timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"imperial-desktop {_pyproject_version()}\n"


def test_the_installed_command_prints_the_version_too():
    script = Path(sys.executable).with_name("imperial-desktop")
    if not script.exists():
        pytest.skip("the imperial-desktop script is not installed beside this Python")
    result = subprocess.run([str(script), "--version"], capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout) == (0, f"imperial-desktop {_pyproject_version()}\n")


def test_an_uninstalled_checkout_reads_pyproject_and_failing_that_says_unknown(monkeypatch):
    def not_installed(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", not_installed)
    assert version_module.version() == _pyproject_version()
    version_module.version.cache_clear()
    monkeypatch.setattr(version_module, "_checkout_version", lambda: None)
    assert version_module.version() == version_module.UNKNOWN == "0+unknown"


def test_a_new_save_records_the_version_that_wrote_it(tmp_path):
    session = _session()
    path = saves.save_game(session, "versioned", tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["app_version"] == _pyproject_version()
    assert saves.read_save(path).app_version == _pyproject_version()
    assert saves.read_save(path).notes == []  # the field is part of the checksum: an intact file


@pytest.mark.parametrize("name", ["two-players-standard", "four-players-midgame"])
def test_saves_of_the_previous_release_have_no_version_and_still_load(name):
    path = PREVIOUS / f"{name}.save.json"
    assert "app_version" not in json.loads(path.read_text(encoding="utf-8"))
    saved = saves.read_save(path)
    assert saved.app_version == "" and saved.notes == []


@pytest.mark.parametrize("value", [12, "x" * 41, "0.1\x00", None])
def test_a_strange_version_in_a_save_is_ignored_not_refused(tmp_path, value):
    document = saves.save_document(_session(), "odd")
    document["app_version"] = value
    document["checksum"] = saves._checksum(document)
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    saved = saves.read_save(path)
    assert saved.app_version == "" and saved.notes == []


def test_the_log_and_the_crash_record_carry_the_version(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    try:
        log_path = crash_log.setup_logging()
        try:
            {}["missing"]
        except KeyError as exc:
            report = crash_log.write_crash_report(exc, _session())
        text = log_path.read_text(encoding="utf-8")
    finally:
        for handler in list(root.handlers):
            if handler not in before:
                root.removeHandler(handler)
                handler.close()
        root.setLevel(level)
        crash_log._file_handler = None
    expected = _pyproject_version()
    assert f"Imperial Desktop {expected}\n" in text  # the line each run starts with
    assert f"unexpected error in Imperial Desktop {expected}: KeyError" in text
    meta = json.loads(report.read_text(encoding="utf-8"))["meta"]
    assert meta["app_version"] == expected and "KeyError" in meta["crash"]
