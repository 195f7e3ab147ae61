"""Clicks in a real X window land on the button under the pointer at a text size of 150%.

At 150% a 1920x1080 window shows the interface drawn at 1280x720 and scaled up by 1.5
(``ui.app.logical_size``); the pointer is mapped back by that factor. ``tests/real_window.py``
runs the app under its own Xvfb server and xdotool clicks the centre of every visible button
and drop-down menu of the title, new game, settings, load and rules screens and of the game
screen at its first three kinds of decision (as ``tests/test_real_window_input.py`` does at
100%, which covers every kind).

Needs Xvfb and xdotool (see ``tests/test_real_window_input.py``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tools"))

from xvfb import start_xvfb  # noqa: E402

SIZE = "1920x1080"


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> dict:
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        if os.environ.get("IMPERIAL_REAL_WINDOW_REQUIRED"):
            pytest.fail(f"real-window input tests need {', '.join(missing)}")
        pytest.skip(f"needs {', '.join(missing)} (Debian: apt-get install xvfb xdotool)")
    folder = tmp_path_factory.mktemp("real-window-150")
    server, display = start_xvfb()
    try:
        env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   IMPERIAL_DESKTOP_HOME=str(folder / "home"))
        out = folder / "results.json"
        done = subprocess.run(["timeout", "-k", "10", "600", sys.executable, str(HERE / "real_window.py"), "--size", SIZE,
                               "--text-size", "150", "--screens", "menus,game", "--game-states", "3", "--out", str(out)],
                              env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"the driver failed:\n{(done.stdout + done.stderr)[-3000:]}"
        return json.loads(out.read_text(encoding="utf-8"))
    finally:
        server.terminate()
        server.wait(10)


def test_the_window_at_150_percent_shows_a_smaller_drawing_scaled_up(run):
    assert run["window"] == [1920, 1080]
    assert run["logical"] == [1280, 720]


def test_every_click_at_150_percent_presses_the_button_under_the_pointer(run):
    wrong = [f"{r['screen']}: {r['button']} -> {r['pressed'] or 'nothing'}" for r in run["results"] if not r["exact"]]
    assert not wrong, f"{len(wrong)} of {len(run['results'])} clicks did not press exactly their button:\n" + \
        "\n".join(wrong[:40])
    clicked: dict[str, int] = {}
    for result in run["results"]:
        clicked[result["screen"]] = clicked.get(result["screen"], 0) + 1
    least = {"title": 5, "new game": 15, "settings": 5, "load": 4, "rules": 12}
    short = {screen: (clicked.get(screen, 0), n) for screen, n in least.items() if clicked.get(screen, 0) < n}
    assert not short, f"screens with fewer clicks than expected (clicked, expected): {short}"
    assert len([s for s in clicked if s.startswith("game: ")]) == 3, clicked
