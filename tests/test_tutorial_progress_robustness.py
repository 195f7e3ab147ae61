"""The guided game's progress file when it is damaged or cannot be written (session 18 crash hunt).

A deeply nested tutorial.json is damaged progress (the lesson starts anew), not a crash of
"Learn to play (continue)"; a progress file the disk refuses is said on the game screen, once per
run of failures, while the lesson goes on.
"""

from __future__ import annotations

import errno
import time

import pytest

from imperial_desktop.tutorial import Coach, load_progress, start_coach, tutorial_session
from imperial_desktop.tutorial import progress as progress_module
from ui_driver import click_in_app

DEEP = "[" * 100_000 + "]" * 100_000  # valid JSON, nested far beyond Python's recursion limit


@pytest.fixture
def full_disk(monkeypatch):
    """Every write of the progress file fails as on a full disk; ``full_disk["on"] = False`` frees it."""
    state = {"on": True, "writes": 0}
    real = progress_module.atomic_write_bytes

    def write(path, payload, *args, **kwargs):
        state["writes"] += 1
        if state["on"]:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, payload, *args, **kwargs)

    monkeypatch.setattr(progress_module, "atomic_write_bytes", write)
    return state


# ---------------------------------------------------------------------------- a deeply nested file


@pytest.mark.parametrize("content", [DEEP, "[" * 100_000, '{"format": "imperial-desktop-tutorial", "game": ' + DEEP + "}"])
def test_deeply_nested_progress_is_damaged_progress(tmp_path, content):
    """Session 18 crash hunt, finding 3: load_progress raised RecursionError on a deeply nested file."""
    (tmp_path / "tutorial.json").write_text(content)
    assert load_progress(tmp_path) is None


def test_learn_to_play_continue_starts_anew_after_a_deeply_nested_file(tmp_path, monkeypatch):
    """Session 18 crash hunt, finding 3: "Learn to play (continue)" ended on the error screen."""
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    (tmp_path / "tutorial.json").write_text(DEEP)
    coach = start_coach()
    assert coach.index == 0 and not coach.finished and coach.session.history == []


def test_learn_to_play_button_after_a_deeply_nested_file(app, tmp_path):
    """Session 18 crash hunt, finding 3: the same through the title screen's button (the app's folders in tmp_path)."""
    (tmp_path / "tutorial.json").write_text(DEEP)
    app.show_title()
    app.frame(1 / 60)
    click_in_app(app, app.scene.buttons["learn"], settle=3)
    assert type(app.scene).__name__ == "GameScene" and app.scene.coach is not None
    assert app.scene.coach.coach.index == 0


# ---------------------------------------------------------------------------- a full disk


def test_keeper_offers_one_message_per_run_of_failures(tmp_path, full_disk):
    """Session 18 crash hunt, finding 4: save_progress's False was ignored; the keeper turns a failed
    write into one message (not one per move), and again after the disk worked in between."""
    from imperial_desktop.tutorial import ProgressKeeper

    coach = Coach(tutorial_session())
    keeper = ProgressKeeper(tmp_path)
    keeper(coach)
    message = keeper.take_message()
    assert message and "progress could not be saved" in message and "the disk is full" in message
    keeper(coach)
    assert keeper.take_message() is None and keeper.failing
    full_disk["on"] = False
    keeper(coach)
    assert keeper.take_message() is None and not keeper.failing
    assert load_progress(tmp_path) is not None
    full_disk["on"] = True
    keeper(coach)
    assert keeper.take_message() == message


def test_a_full_disk_is_said_on_the_guided_games_screen(app, full_disk):
    """Session 18 crash hunt, finding 4: on a full disk the lesson's progress was silently not kept.
    The game screen's toast (red: a problem, not news) says so once; the lesson goes on."""
    click_in_app(app, app.scene.buttons["learn"], settle=3)
    scene = app.scene
    panel = scene.coach
    assert panel is not None and scene.toasts.message is None
    first = panel.coach.current().key
    click_in_app(app, panel.buttons["next"], settle=2)
    assert full_disk["writes"] >= 1 and panel.coach.current().key != first  # the lesson went on
    assert scene.toasts.message is not None, "no word about the progress that was not kept"
    text, until, info = scene.toasts.message
    assert "progress could not be saved" in text and "the disk is full" in text and not info
    assert until - time.monotonic() > 5  # long enough to read
    scene.toasts.message = None
    writes = full_disk["writes"]
    if "next" in panel.buttons and panel.buttons["next"].visible:
        click_in_app(app, panel.buttons["next"], settle=2)
    else:
        panel.coach.leave_script()
        app.frame(1 / 60)
    assert full_disk["writes"] > writes and scene.toasts.message is None  # the same failure is not said again
