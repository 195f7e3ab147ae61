"""Issue 12, acceptance 5: every bad command line exits with status 2 and one line on stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from imperial_desktop.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run_cli(argv, capsys) -> tuple[int, list[str], str]:
    """Run the command line in-process: (exit status, stderr lines, stdout)."""
    try:
        status = main([str(a) for a in argv])
    except SystemExit as exc:
        status = exc.code
    captured = capsys.readouterr()
    return status, [line for line in captured.err.splitlines() if line.strip()], captured.out


def assert_one_line_error(status, err, *words):
    assert status == 2, (status, err)
    assert len(err) == 1, err
    assert "Traceback" not in err[0] and "error" in err[0]
    for word in words:
        assert word in err[0], (word, err[0])


@pytest.fixture
def blocker(tmp_path) -> Path:
    path = tmp_path / "a-file"
    path.write_text("not a folder")
    return path


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.mark.parametrize("args, words", [
    (["--players", "0"], ["--players", "from 2 to 6"]),
    (["--players", "1"], ["--players"]),
    (["--players", "7"], ["--players"]),
    (["--players", "four"], ["--players", "whole number"]),
    (["--games", "-1"], ["--games"]),
    (["--games", "0"], ["--games"]),
    (["--seed", "x"], ["--seed"]),
    (["--bots", "wizard"], ["unknown bot", "wizard"]),
    (["--bots", ","], ["--bots"]),
    (["--players", "3", "--bots", "random,random"], ["3 players need 3 bots"]),
    (["--setup", "chaos"], ["--setup"]),
    (["--frobnicate"], ["unrecognized"]),
])
def test_simulate_bad_arguments(capsys, args, words):
    status, err, out = run_cli(["simulate", "--games", "1", *args], capsys)
    assert_one_line_error(status, err, *words)
    assert out == ""


def test_simulate_record_dir_is_a_file(capsys, blocker):
    status, err, _ = run_cli(["simulate", "--games", "1", "--record-dir", blocker], capsys)
    assert_one_line_error(status, err, "--record-dir", "is a file")


def test_simulate_record_dir_below_a_file(capsys, blocker):
    status, err, _ = run_cli(["simulate", "--games", "1", "--record-dir", blocker / "records"], capsys)
    assert_one_line_error(status, err, "--record-dir", str(blocker))


def test_simulate_unwritable_record_dir(capsys, tmp_path, monkeypatch):
    """Unwritable folder (simulated: the tests run as root, for whom chmod stops nothing)."""
    import errno
    import tempfile

    folder = tmp_path / "records"
    folder.mkdir()

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(kwargs.get("dir")))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    status, err, _ = run_cli(["simulate", "--games", "1", "--record-dir", folder], capsys)
    assert_one_line_error(status, err, "--record-dir", "Permission denied")


def test_simulate_good_arguments_still_work(capsys, tmp_path):
    status, err, out = run_cli(["simulate", "--games", "1", "--players", "3", "--bots", "random",
                                "--record-dir", tmp_path / "rec", "--json"], capsys)
    assert status == 0 and err == []
    assert json.loads(out)["summary"]["games"] == 1
    assert len(list((tmp_path / "rec").glob("game-*.json"))) == 1


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


@pytest.mark.parametrize("content, words", [
    ("[" * 100_000 + "]" * 100_000, ["not a game record"]),
    ('{"format": ' + "9" * 5000 + "}", ["not a game record"]),
    ("{", ["not valid JSON"]),
    ("[]", ["JSON object"]),
    ('{"format": "imperial-desktop-record", "format_version": 1, "setup": {"players": "x"}, "actions": []}', []),
])
def test_replay_damaged_records(capsys, tmp_path, content, words):
    status, err, _ = run_cli(["replay", _write(tmp_path / "r.json", content)], capsys)
    assert_one_line_error(status, err, *words)


def test_replay_missing_and_unreadable_files(capsys, tmp_path):
    status, err, _ = run_cli(["replay", tmp_path / "missing.json"], capsys)
    assert_one_line_error(status, err, "missing.json")
    status, err, _ = run_cli(["replay", tmp_path], capsys)
    assert_one_line_error(status, err, "folder")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00junk")
    status, err, _ = run_cli(["replay", binary], capsys)
    assert_one_line_error(status, err, "binary.json")


def test_replay_missing_argument(capsys):
    status, err, _ = run_cli(["replay"], capsys)
    assert_one_line_error(status, err, "record")


@pytest.mark.parametrize("target", ["blocker/out.png", "missing-folder/out.png", "folder"])
def test_render_map_to_an_unwritable_path(capsys, tmp_path, blocker, target):
    (tmp_path / "folder").mkdir()
    path = {"blocker/out.png": blocker / "out.png", "missing-folder/out.png": tmp_path / "nope" / "out.png",
            "folder": tmp_path / "folder"}[target]
    status, err, _ = run_cli(["render-map", path], capsys)
    assert_one_line_error(status, err)


def test_render_map_bad_width(capsys, tmp_path):
    status, err, _ = run_cli(["render-map", tmp_path / "m.png", "--width", "-3"], capsys)
    assert_one_line_error(status, err, "--width")


@pytest.mark.parametrize("args, words", [
    (["--size", "abc"], ["--size", "WIDTHxHEIGHT"]),
    (["--size", "0x0"], ["--size"]),
    (["--size", "99999x99999"], ["--size"]),
    (["--size", "1600x"], ["--size"]),
    (["--frames", "-5"], ["--frames"]),
    (["--seed", "x"], ["--seed"]),
    (["--seed", "-1"], ["--seed"]),
    (["--screenshot", "/nonexistent-folder-xyz/shot.png"], ["--screenshot", "does not exist"]),
    (["--bogus"], ["unrecognized"]),
])
@pytest.mark.parametrize("smoke", [False, True], ids=["window", "smoke-test"])
def test_game_window_bad_options(capsys, args, words, smoke):
    status, err, _ = run_cli((["--smoke-test"] if smoke else []) + args, capsys)
    assert_one_line_error(status, err, *words)


def test_unknown_command(capsys):
    status, err, _ = run_cli(["conquer"], capsys)
    assert_one_line_error(status, err, "conquer")


@pytest.mark.parametrize("argv", [
    ["simulate", "--players", "7"],
    ["replay", "DEEP"],
    ["--size", "0x0"],
])
def test_as_a_real_process(tmp_path, argv):
    """The same through ``python -m imperial_desktop``: exit status 2, exactly one stderr line."""
    deep = _write(tmp_path / "deep.json", "[" * 100_000)
    argv = [str(deep) if a == "DEEP" else a for a in argv]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "IMPERIAL_DESKTOP_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, "-m", "imperial_desktop", *argv], capture_output=True, text=True,
                          timeout=120, env=env, cwd=tmp_path)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2 and len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
