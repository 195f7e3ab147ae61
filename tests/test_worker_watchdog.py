"""The computer players' worker process ends with the game, even when the game is killed."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import imperial_desktop

ROOT = Path(__file__).resolve().parents[1]
GONE_WITHIN = 15.0  # seconds; the worker normally goes within a fraction of a second

# The game's side: start the real worker, set an Expert thinking for a minute, report the PIDs.
GAME = textwrap.dedent("""
    import os, sys, threading, time
    from multiprocessing import resource_tracker

    if __name__ == "__main__":
        from imperial_desktop.core import GameSetup, GameState
        from imperial_desktop.session import thinking

        worker = thinking._pool().submit(os.getpid).result(120)
        state = GameState.new(GameSetup.create(2, 3))
        threading.Thread(target=thinking.choose, args=("expert:60", 1, state), daemon=True).start()
        time.sleep(1.0)  # the worker is deep in its search now
        print(worker, getattr(resource_tracker._resource_tracker, "_pid", None), flush=True)
        time.sleep(120)
""")


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie that nobody reaps, as under a container's init, counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True  # no /proc (macOS): kill(0) is the answer
    return stat.rsplit(")", 1)[-1].split()[0] != "Z"


def _gone(pids: list[int], timeout: float) -> bool:
    """Poll until none of ``pids`` runs; False if one still does after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while any(_alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _start_game(tmp_path: Path) -> tuple[subprocess.Popen, list[int]]:
    """The game process with its Expert thinking, and the PIDs of its worker and resource tracker."""
    script = tmp_path / "game.py"
    script.write_text(GAME)
    source = str(Path(imperial_desktop.__file__).resolve().parents[1])  # the game as these tests import it
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")]))}
    game = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    ready, _, _ = select.select([game.stdout], [], [], 120)
    line = game.stdout.readline() if ready else ""
    if not line.strip():
        game.kill()
        game.wait()
        pytest.fail("the game process did not start its worker")
    return game, [int(p) for p in line.split() if p != "None"]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_the_worker_process_exits_when_the_game_is_killed_while_it_thinks(tmp_path):
    """Session 18 crash hunt: after SIGKILL of the game while an Expert thought, the worker went on
    using CPU with parent PID 1 (and the resource tracker with it), still alive 64 s later."""
    game, pids = _start_game(tmp_path)
    try:
        os.kill(game.pid, signal.SIGKILL)
        game.wait(30)
        assert _gone(pids, GONE_WITHIN), f"still running {GONE_WITHIN} s after the game was killed: {pids}"
    finally:
        game.stdout.close()
        for pid in pids:  # only when the test failed: do not leave them searching
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
