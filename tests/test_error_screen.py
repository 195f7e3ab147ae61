"""Issue 12, acceptance 4: an exception in the UI loop or in a computer's thought shows the error
screen, the log holds the traceback and the game record, and Continue resumes the game."""

import json
import logging
import os

import pygame
import pytest
from ui_driver import question, turn_panel

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    from imperial_desktop.ui.app import App, init_display

    screen = init_display((1280, 800), headless=True)
    application = App(screen)
    yield application
    logging.getLogger("imperial_desktop").handlers.clear()
    pygame.quit()


def start(app, computer_levels=("easy", "easy", "easy")):
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat

    names = ["Anna", "Bot 1", "Bot 2", "Bot 3"]
    seats = [Seat(names[0], HUMAN)] + [Seat(n, COMPUTER, lvl) for n, lvl in zip(names[1:], computer_levels)]
    session = GameSession(GameSetup.create(4, 9, names=names), seats, seed=9)
    app.start_game(session)
    app.scene.presenter.animator.seconds_per_step = 0.0
    return session


def play_until_human(app, session, frames=3000):
    for _ in range(frames):
        app.frame(1 / 60)
        session.wait_for_computer(5)
        if session.waits_for_local_input() and not app.scene.presenter.animator.busy:
            return
    raise AssertionError("no human decision came")


def click(app, element):
    from ui_driver import click_in_app

    click_in_app(app, element)


def log_text(tmp_path) -> str:
    return (tmp_path / "logs" / "imperial-desktop.log").read_text(encoding="utf-8")


def test_an_error_in_the_ui_loop_shows_the_error_screen_and_continue_resumes(app, tmp_path):
    from imperial_desktop.ui.error_scene import ErrorScene
    from imperial_desktop.ui.game_scene import GameScene

    session = start(app)
    play_until_human(app, session)
    done = len(session.record.actions)
    app.autosaver.flush(5)

    def broken_draw(surface):
        raise RuntimeError("injected drawing failure")

    app.scene.draw = broken_draw
    app.frame(1 / 60)
    assert isinstance(app.scene, ErrorScene)
    assert "injected drawing failure" in log_text(tmp_path) and "Traceback" in log_text(tmp_path)
    crash = next((tmp_path / "logs").glob("crash-*.json"))
    record = json.loads(crash.read_text(encoding="utf-8"))
    assert len(record["actions"]) == done
    app.frame(1 / 60)
    click(app, app.scene.continue_button)
    assert isinstance(app.scene, GameScene)
    assert len(app.scene.session.record.actions) == done
    assert app.scene.session.state == session.state


def test_an_error_in_a_computers_thought_shows_the_error_screen(app, tmp_path, monkeypatch):
    from imperial_desktop.ui.error_scene import ErrorScene
    from imperial_desktop.ui.game_scene import GameScene

    session = start(app)
    play_until_human(app, session)
    app.autosaver.flush(5)
    done = len(session.record.actions)

    def broken_choose(state):
        raise ValueError("injected thinking failure")

    for bot in session.bots.values():  # the thinking thread's bots ...
        bot.choose = broken_choose
    from imperial_desktop.session import thinking

    # ... and the worker process the window uses
    monkeypatch.setattr(thinking, "choose", lambda level, seed, state, time_scale=1.0: broken_choose(state))
    # the human ends their turn: the first computer to think fails
    for _ in range(200):
        if isinstance(app.scene, ErrorScene):
            break
        scene = app.scene
        if session.waits_for_local_input() and scene.decisions.panel is not None:
            button = scene.decisions.panel.button_for(lambda c: c.pinned and c.action is not None) or next(
                b for b, c in scene.decisions.panel.buttons.items() if c.action is not None)
            click(app, button)
            if question(app.scene) is not None:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        elif turn_panel(scene) is not None:  # the turn is played: confirmed (Enter)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        app.frame(1 / 60)
        session.wait_for_computer(5)
    assert isinstance(app.scene, ErrorScene)
    assert "injected thinking failure" in log_text(tmp_path)
    app.frame(1 / 60)
    click(app, app.scene.continue_button)
    assert isinstance(app.scene, GameScene)
    assert len(app.scene.session.record.actions) >= done  # nothing before the failure is lost
