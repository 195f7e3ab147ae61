"""Odd command lines end in one clear line on stderr and a non-zero status, never a traceback,
and reading a record or a save never takes more than its size limit of memory."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from imperial_desktop.cli import main

ROOT = Path(__file__).resolve().parents[1]
DEVICE = "/dev/full" if os.path.exists("/dev/full") else "/dev/null"
MEMORY_LIMIT = 1 << 30  # bytes of address space: far above a capped read, far below "all memory"


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path / "home"))


def run_cli(argv: list[str], capsys) -> tuple[int, list[str], str]:
    """Run the command line in-process: (exit status, stderr lines, stdout)."""
    status = main(argv)
    captured = capsys.readouterr()
    return status, [line for line in captured.err.splitlines() if line.strip()], captured.out


def assert_one_line(err: list[str], *words: str) -> None:
    assert len(err) == 1 and "Traceback" not in err[0] and "error" in err[0], err
    for word in words:
        assert word in err[0], (word, err[0])


def close_window_then(monkeypatch, after) -> None:
    """The game window closes by itself after a few frames, then ``after()`` runs."""
    import pygame

    from imperial_desktop.ui import app

    real_run = app.App.run

    def run(self, *args, **kwargs):
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames = real_run(self, max_frames=5)
        after()
        return frames

    monkeypatch.setattr(app.App, "run", run)


@pytest.mark.skipif(sys.platform == "win32", reason="no device files")
@pytest.mark.parametrize("smoke", [False, True], ids=["window", "smoke-test"])
def test_a_screenshot_to_a_device_is_refused_before_the_window_opens(capsys, monkeypatch, smoke):
    """Session 18 crash hunt: `--screenshot /dev/full` passed the checks, then ended in a traceback
    (pygame.error: not a regular file or pipe) after the window closed."""
    close_window_then(monkeypatch, lambda: None)  # should the window open after all
    status, err, _ = run_cli((["--smoke-test"] if smoke else []) + ["--screenshot", DEVICE], capsys)
    assert status == 2
    assert_one_line(err, "--screenshot", DEVICE, "not a regular file")


@pytest.mark.skipif(sys.platform == "win32" or sys.getfilesystemencoding() != "utf-8", reason="UTF-8 file names")
def test_a_screenshot_name_that_is_not_valid_text_is_refused(capsys, monkeypatch, tmp_path):
    """Session 18 crash hunt: a non-UTF-8 `--screenshot` name was written as a file literally called
    `\\udcff.png`; refused now, nothing written."""
    close_window_then(monkeypatch, lambda: None)
    name = os.fsdecode(os.fsencode(tmp_path) + b"/shot-\xff.png")
    status, err, _ = run_cli(["--screenshot", name], capsys)
    assert status == 2
    assert_one_line(err, "--screenshot", "not valid text")
    assert not list(tmp_path.glob("shot*"))


def test_a_screenshot_that_cannot_be_saved_when_the_window_closes_ends_in_one_line(capsys, monkeypatch, tmp_path):
    """Session 18 crash hunt: a screenshot that could not be written at exit ended in a traceback;
    now one line and status 1 (here its folder is removed while the game runs)."""
    folder = tmp_path / "shots"
    folder.mkdir()
    close_window_then(monkeypatch, lambda: shutil.rmtree(folder))
    status, err, out = run_cli(["--screenshot", str(folder / "shot.png")], capsys)
    assert status == 1
    assert_one_line(err, "cannot save the screenshot", "shot.png")
    assert "screenshot saved" not in out


def test_a_screenshot_that_can_be_saved_still_is(capsys, monkeypatch, tmp_path):
    """Session 18 crash hunt, the other side: the checks added there let a good screenshot through."""
    close_window_then(monkeypatch, lambda: None)
    status, err, out = run_cli(["--screenshot", str(tmp_path / "shot.png")], capsys)
    assert status == 0 and not [line for line in err if "error" in line], err
    assert (tmp_path / "shot.png").stat().st_size > 0 and "screenshot saved" in out


def run_with_little_memory(code: str) -> subprocess.CompletedProcess:
    """Run Python ``code`` in a process limited to MEMORY_LIMIT bytes (a reader without a size
    limit fails there at once instead of taking the machine's memory)."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          preexec_fn=limit, cwd=ROOT, env=env)


@pytest.mark.skipif(not os.path.exists("/dev/zero") or sys.platform == "darwin", reason="needs /dev/zero and RLIMIT_AS")
def test_replay_of_an_endless_file_stops_at_the_size_limit():
    """Session 18 crash hunt: `replay /dev/zero` read without limit (MemoryError after using all
    memory). A device or a pipe has no size to check: the reading stops at the limit."""
    done = run_with_little_memory("import sys; from imperial_desktop.cli import main; "
                                  "sys.exit(main(['replay', '/dev/zero']))")
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, done.stderr
    assert_one_line(lines, "/dev/zero", "too large")


@pytest.mark.skipif(not os.path.exists("/dev/zero") or sys.platform == "darwin", reason="needs /dev/zero and RLIMIT_AS")
def test_loading_an_endless_file_as_a_save_is_refused_without_reading_it_all():
    """Session 18 crash hunt, the same for saves: their size check read st_size, which a device or
    a pipe reports as 0, and then read everything. A file that is not a regular one is refused
    before it is opened, and the reading of a regular one stops at the size limit."""
    done = run_with_little_memory(
        "from imperial_desktop.session.saves import SaveError, read_save\n"
        "try:\n    read_save('/dev/zero')\nexcept SaveError as exc:\n    print('refused:', exc)\n")
    assert done.returncode == 0 and "refused:" in done.stdout and "not a regular file" in done.stdout, \
        (done.stdout, done.stderr)
