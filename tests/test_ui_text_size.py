"""The Text size setting (100%, 125%, 150%): kept in the settings file (a damaged value gives
100%), chosen on the Settings screen and in the game's Settings window, applied at once without a
restart, and at 1920x1080 and 2560x1440 at each size (and at 1280x720) every screen fits: no
widget outside the window, no button or label text wider than its widget.

The whole interface is drawn at a smaller logical size (the window's divided by the factor) and
scaled up onto the window (``ui.app.logical_size``), so the pointer is mapped back by that factor;
clicks here are posted in window coordinates, as the system sends them.
"""

from __future__ import annotations

import json

import pygame
import pytest
from game_scenes import open_scene, scene_states
from test_ui_layout_fits import text_problems
from ui_driver import menu_window, settings_window

from imperial_desktop.session.settings import Settings, load_settings, save_settings
from imperial_desktop.ui.app import logical_size, logical_size_and_scale

WINDOWS = [(1920, 1080), (2560, 1440)]
CASES = [(window, size) for window in WINDOWS for size in (100, 125, 150)] + [((1280, 720), 100), ((1280, 720), 150)]
IDS = [f"{w}x{h}-{size}" for (w, h), size in CASES]


# ---------------------------------------------------------------------------- the setting


def test_the_text_size_is_kept_and_a_damaged_value_gives_100(tmp_path):
    assert Settings().text_size == 100
    settings = Settings(text_size=125)
    save_settings(settings, tmp_path)
    assert load_settings(tmp_path).text_size == 125
    path = tmp_path / "settings.json"
    for damaged in (130, "150", 1.5, True, None, [150], -100):
        data = json.loads(path.read_text("utf-8"))
        data["text_size"], data["pace"] = damaged, "fast"
        path.write_text(json.dumps(data), "utf-8")
        loaded = load_settings(tmp_path)
        assert loaded.text_size == 100, damaged
        assert loaded.pace == "fast"  # the other settings are kept


@pytest.mark.parametrize("window, text_size, drawn, scale", [
    ((1920, 1080), 100, (1920, 1080), 1.0), ((1920, 1080), 125, (1536, 864), 1.25),
    ((1920, 1080), 150, (1280, 720), 1.5), ((2560, 1440), 125, (2048, 1152), 1.25),
    ((2560, 1440), 150, (1707, 960), 1.5),
    ((1280, 720), 150, (1280, 720), 1.0),  # no room to grow: drawn as at 100%
    ((1600, 1000), 150, (1280, 800), 1.25),  # grows as far as the window allows
    ((1024, 600), 150, (1280, 750), 0.8),  # smaller than the smallest layout: scaled down as before
])
def test_the_logical_size_shrinks_by_the_text_size_but_never_below_the_smallest_layout(window, text_size, drawn, scale):
    assert logical_size_and_scale(window, text_size) == (drawn, pytest.approx(scale, abs=0.001))
    assert logical_size(window, text_size) == drawn
    assert drawn[0] >= 1280 and drawn[1] >= 720


# ---------------------------------------------------------------------------- every screen fits


def _app(tmp_path, monkeypatch, window, text_size):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    from imperial_desktop.ui.app import App, init_display

    app = App(init_display(window, headless=True))
    app.settings.text_size = text_size
    app.settings.window_width, app.settings.window_height = window  # Save then keeps the window as it is
    app.apply_text_size()
    app.show_title()
    frames(app, 2)
    return app


def frames(app, n=2):
    for _ in range(n):
        app.frame(1 / 60)
        future = getattr(app.scene, "future", None)
        if future is not None:
            future.result(10)


def window_pos(app, element) -> tuple[int, int]:
    """The window pixel at the centre of ``element`` (laid out in logical pixels)."""
    x, y = element.get_abs_rect().center
    fx, fy = app.manager.mouse_pos_scale_factor
    return round(x / fx), round(y / fy)


def click(app, element, settle=2) -> None:
    """A real click on ``element``, posted where the system would send it: in window pixels."""
    pos = window_pos(app, element)
    pygame.mouse.set_pos(pos)
    for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(event)
        app.frame(1 / 60)
    frames(app, settle)


def choose(app, menu, key: str) -> None:
    """Open a drop-down menu with a click and click the option whose key is ``key``."""
    click(app, menu.current_state.selected_option_button)
    shown = next(text for text, k in menu.options_list if k == key)
    item = next(i for i in menu.current_state.options_selection_list.item_list if i["text"] == shown)
    click(app, item["button_element"], settle=3)


def problems(app, name: str) -> list[str]:
    return [f"{name}: {p}" for p in text_problems(app.manager, pygame.Rect((0, 0), app.screen.get_size()))]


@pytest.mark.parametrize("window, text_size", CASES, ids=IDS)
def test_every_screen_around_the_board_fits_at_each_text_size(tmp_path, monkeypatch, window, text_size):
    from imperial_desktop.ui.load_screen import LoadScene
    from imperial_desktop.ui.new_game_screen import NewGameScene
    from imperial_desktop.ui.reference_screen import RulesScene
    from imperial_desktop.ui.rules_window import show_rules
    from imperial_desktop.ui.save_dialog import SaveDialog
    from imperial_desktop.ui.settings_screen import SettingsScene
    from imperial_desktop.ui.app import default_session

    app = _app(tmp_path, monkeypatch, window, text_size)
    try:
        drawn = logical_size(window, text_size)
        assert app.window.get_size() == window and app.screen.get_size() == drawn
        found = problems(app, "title")
        screens = [("new game", lambda: app.switch(NewGameScene(app))), ("load", lambda: app.switch(LoadScene(app))),
                   ("settings", lambda: app.switch(SettingsScene(app))), ("rules", lambda: app.switch(RulesScene(app))),
                   ("rules window", lambda: (app.show_title(), show_rules(app.manager, app.screen.get_size()))),
                   ("question", lambda: (app.switch(NewGameScene(app)),
                                         app.scene.ask("Start a new game?", title="New game", ok="Start"))),
                   ("save dialog", lambda: (app.show_title(), SaveDialog(app.manager, app.screen.get_size(),
                                                                          default_session(1)))),
                   ("error", lambda: app.fail(RuntimeError("an example")))]
        for name, show in screens:
            show()
            frames(app, 3)
            found += problems(app, name)
        app.show_title()
        app.start_game(default_session(1))
        frames(app, 3)
        assert app.scene.layout.size == drawn
        found += problems(app, "game")
        assert not found, "\n".join(found[:30])
    finally:
        app._stop_autosave()
        pygame.quit()


GAME_SIZES = sorted({logical_size(w, s) for w, s in CASES} - {(1280, 720), (2560, 1440)})  # those two: test_ui_layout_fits


@pytest.mark.parametrize("size", GAME_SIZES, ids=[f"{w}x{h}" for w, h in GAME_SIZES])
def test_every_situation_of_the_game_screen_fits_at_the_sizes_the_text_sizes_draw_at(size):
    """What 125% and 150% draw the game screen at (1920x1080 at 100% too): every decision, the
    windows and overlays, the final results (``tests/game_scenes.py``)."""
    failures = []
    window = pygame.Rect((0, 0), size)
    for name, state, steps in scene_states():
        driver = open_scene(state, size, steps)
        failures += [f"{name}: {p}" for p in text_problems(driver.manager, window)]
        driver.scene.close()
        driver.manager.clear_and_reset()
    assert not failures, "\n".join(failures[:40])


# ---------------------------------------------------------------------------- applied at once


def test_a_text_size_chosen_in_settings_applies_at_once_on_the_title_screen_and_in_a_game(tmp_path, monkeypatch):
    from imperial_desktop.ui.app import default_session

    app = _app(tmp_path, monkeypatch, (1920, 1080), 100)
    try:
        click(app, app.scene.buttons["settings"])
        choose(app, app.scene.menus["text"], "150")
        click(app, app.scene.done)
        assert app.settings.text_size == 150 and load_settings().text_size == 150
        assert app.screen.get_size() == (1280, 720) and app.window.get_size() == (1920, 1080)
        assert type(app.scene).__name__ == "TitleScene" and app.scene.panel_rect.centerx == 640
        assert problems(app, "title") == []
        app.start_game(default_session(1))
        frames(app, 3)
        scene = app.scene
        assert scene.layout.size == (1280, 720)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        frames(app, 2)
        click(app, menu_window(scene).button("settings"))
        window = settings_window(scene)
        assert window is not None and window.menus["text"].selected_option[1] == "150"
        choose(app, window.menus["text"], "125")
        click(app, window.done)
        assert settings_window(scene) is None and app.scene is scene  # the same game, laid out again
        assert app.settings.text_size == 125 and scene.layout.size == (1536, 864) == app.screen.get_size()
        assert problems(app, "game") == []
    finally:
        app._stop_autosave()
        pygame.quit()


def test_a_window_resized_at_150_percent_is_drawn_at_the_smaller_size_and_scaled_up(tmp_path, monkeypatch):
    from imperial_desktop.ui.app import default_session

    app = _app(tmp_path, monkeypatch, (1920, 1080), 150)
    try:
        app.start_game(default_session(1))
        frames(app, 2)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=2560, h=1440, size=(2560, 1440)))
        frames(app, 3)
        assert app.window.get_size() == (2560, 1440)
        assert app.screen.get_size() == (1707, 960) == app.scene.layout.size
        assert app.manager.mouse_pos_scale_factor == pytest.approx([1707 / 2560, 960 / 1440])
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720)))
        frames(app, 3)
        assert app.screen.get_size() == (1280, 720) == app.scene.layout.size  # no room to grow: as at 100%
        assert problems(app, "game") == []
    finally:
        app._stop_autosave()
        pygame.quit()
