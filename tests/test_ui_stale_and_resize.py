"""Issue 12: widgets act only on the decision they were made for (a production switch pressed in
the same frame as Undo); issue 11: a window resized by dragging is remembered."""


import pygame

from helpers import AH, give_turn, six_player_game
from ui_driver import Driver

from imperial_desktop.core import ChooseRondel
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat


def test_a_production_switch_queued_with_undo_does_nothing_stale():
    from imperial_desktop.ui.game_scene import GameScene

    state = six_player_game()
    give_turn(state, AH)
    session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0))
    driver.frame(2)
    session.apply(ChooseRondel(AH, 1))  # production: one switch per factory
    driver.frame(2)
    panel = driver.scene.decisions.panel
    switch = panel.button_for(lambda c: c.toggle is not None)
    pos = switch.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    # Undo and a click on the switch land in one frame: the switch belongs to a decision that is gone
    driver.post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    driver.frame(3)
    assert session.state.decision().kind == "rondel"  # undone, and nothing else happened
    assert driver.scene.decisions.panel is not None and driver.scene.decisions.panel.view.title.endswith("rondel")


def test_a_window_resized_by_dragging_is_remembered(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    from imperial_desktop.session.settings import load_settings
    from imperial_desktop.ui.app import App, init_display

    app = App(init_display((1600, 1000), headless=True))
    app.show_title()
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1440, h=900, size=(1440, 900)))
    app.frame(1 / 60)
    app.running = False
    app.run()  # leaving the loop writes the remembered size
    settings = load_settings()
    assert (settings.window_width, settings.window_height) == (1440, 900)
    pygame.quit()
