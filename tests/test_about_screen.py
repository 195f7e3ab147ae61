"""The About screen (version, authors, the board game's credits, every bundled part with its
licence) and the index it shows, assets/licenses/index.json, against what is installed: the
runtime dependencies of imperial-desktop, the shared libraries their wheels ship, the fonts."""

from __future__ import annotations

import importlib.metadata
import os
import re
import sys
from pathlib import Path

import pygame
import pygame_gui
import pytest

from imperial_desktop import i18n
from imperial_desktop.licenses import library_key, load_index
from imperial_desktop.ui.gui import markup_escape
from imperial_desktop.version import version
from test_ui_menus import layout_problems
from ui_driver import click_in_app

ROOT = Path(__file__).resolve().parent.parent
INDEX = load_index()
BUILD_ONLY = "standalone build"  # system libraries PyInstaller takes from the build machine (checked by .ci/build_and_smoke.sh)


def _requirement_name(text: str) -> str:
    return re.split(r"[\s;<>=!~\[(]", text.strip(), maxsplit=1)[0]


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _runtime_closure(name: str = "imperial-desktop") -> set[str]:
    """The distributions imperial-desktop needs to run: its requirements without extras, recursively.
    (Read without the `packaging` library: the checkout's own packaging/ folder shadows it when the
    tests run from the checkout. None of these requirements has a platform marker.)"""
    seen: set[str] = set()
    todo = [name]
    while todo:
        dist = importlib.metadata.distribution(todo.pop())
        for text in dist.requires or []:
            requirement, _, marker = text.partition(";")
            if "extra" in marker:
                continue  # an extra: test, build, mapbuild, python-i18n's yaml
            assert not marker.strip(), f"a marker this test cannot read: {text}"
            key = _normal(_requirement_name(requirement))
            if key not in seen:
                seen.add(key)
                todo.append(key)
    return seen


def _files(dist_name: str) -> list[str]:
    return [str(f) for f in importlib.metadata.distribution(dist_name).files or []]


def test_the_index_lists_exactly_the_python_distributions_the_game_runs_on():
    closure = _runtime_closure()
    assert {"pygame-ce", "pygame-gui", "shapely", "numpy", "platformdirs"} <= closure
    listed = {_normal(c.distribution): c for c in INDEX.components if c.distribution}
    assert set(listed) == closure
    for name, component in listed.items():
        assert component.version == importlib.metadata.version(name), f"{name}: update assets/licenses"


def test_the_index_lists_every_shared_library_the_wheels_ship():
    shipped: dict[str, set[str]] = {}
    for name in _runtime_closure():
        keys = {library_key(f) for f in _files(name)} - {None}
        if keys:
            shipped[name] = keys
    assert {"SDL2", "SDL2_image", "SDL2_mixer", "SDL2_ttf", "freetype"} <= shipped.get("pygame-ce", set())
    listed: dict[str, set[str]] = {}
    for component in INDEX.components:
        if component.libraries and component.shipped_with not in ("", BUILD_ONLY):
            listed.setdefault(_normal(component.shipped_with), set()).update(component.libraries)
    assert listed == shipped


def test_the_index_lists_every_font_the_game_and_its_libraries_ship():
    fonts = {p.name for p in (ROOT / "assets" / "fonts").iterdir() if p.suffix.lower() in (".ttf", ".otf")}
    for name in _runtime_closure():
        fonts |= {Path(f).name for f in _files(name) if Path(f).suffix.lower() in (".ttf", ".otf")
                  and "/tests/" not in f and "/examples/" not in f}
    listed = {font for c in INDEX.components for font in c.fonts}
    assert fonts == listed


def test_every_part_has_a_licence_text_and_its_facts():
    ids = [c.id for c in INDEX.components]
    assert len(ids) == len(set(ids)) and len(ids) >= 40
    for component in INDEX.components:
        assert component.name and component.license and component.kind, component.id
        assert (ROOT / "assets" / component.file).is_file(), component.file
        assert len(component.text().strip()) > 200, component.file  # a licence, not a stub
    sounds = [c for c in INDEX.components if c.kind == "sounds"]
    assert bool(sounds) == (ROOT / "assets" / "sounds").is_dir()


def test_the_runtime_and_sdl_versions_are_those_in_use():
    python = INDEX.get("python")
    assert python.version.startswith(f"{sys.version_info.major}.{sys.version_info.minor}.")
    import pygame.font
    import pygame.image
    import pygame.mixer

    used = {"sdl2": pygame.get_sdl_version(), "sdl2-image": pygame.image.get_sdl_image_version(),
            "sdl2-mixer": pygame.mixer.get_sdl_mixer_version(), "sdl2-ttf": pygame.font.get_sdl_ttf_version()}
    for component_id, numbers in used.items():
        assert INDEX.get(component_id).version == ".".join(map(str, numbers))


def test_library_names_are_read_from_their_files():
    assert library_key("libSDL2-2-50d19f93.0.so.0.3200.10") == "SDL2"
    assert library_key("libgfortran-040039e1-0352e75f.so.5.0.0") == "gfortran"
    assert library_key("libpython3.11.so.1.0") == "python3.11"
    assert library_key("SDL2_image.dll") == "SDL2_image"
    assert library_key("libz.so.1") == "z"
    assert library_key("_ssl.cpython-311-x86_64-linux-gnu.so") is None
    assert library_key("base.pyd") is None and library_key("font.py") is None


# ---------------------------------------------------------------------------- the screen


def frames(app, n=2):
    for _ in range(n):
        app.frame(1 / 60)


def key(app, code):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    frames(app, 2)


def open_about(app):
    from imperial_desktop.ui.about_screen import AboutScene

    click_in_app(app, app.scene.buttons["about"], settle=2)
    assert isinstance(app.scene, AboutScene)
    return app.scene


def choose(app, scene, component_id):
    """Choose a part in the list, as a click on its row does (the list says what was selected)."""
    text = next(t for t, i in scene._items.items() if i == component_id)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=scene.parts_list,
                                         text=text))
    frames(app, 2)


def test_the_title_screen_shows_the_version_and_opens_about_with_a_click(app):
    assert app.scene.version_label.text == f"Version {version()}"
    scene = open_about(app)
    credits = scene.credits_box.html_text
    for words in (f"Version {version()}", "Mac Gerdts", "PD-Verlag", "Matthias Catrein", "Imperial Desktop contributors"):
        assert words in credits
    assert len(scene.parts_list.item_list) == len(INDEX.components)
    # a real click on the first row opens its licence
    click_in_app(app, scene.parts_list.item_list[0]["button_element"], settle=2)
    assert app.scene is scene and scene.showing == INDEX.components[0].id
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in scene.licence_box.html_text
    click_in_app(app, scene.back_button, settle=2)  # Back to the list
    assert scene.showing is None and scene.parts_list is not None
    click_in_app(app, scene.back_button, settle=2)  # Back to the title screen
    from imperial_desktop.ui.title_screen import TitleScene

    assert isinstance(app.scene, TitleScene)


def test_every_part_opens_its_licence_and_esc_goes_back(app):
    scene = open_about(app)
    for component in INDEX.components:
        choose(app, scene, component.id)
        assert scene.showing == component.id
        first_line = next(line for line in component.text().splitlines() if line.strip()).strip()
        shown = re.sub(r"\s+", " ", scene.licence_box.html_text)
        assert re.sub(r"\s+", " ", markup_escape(first_line))[:40] in shown, component.id
        key(app, pygame.K_ESCAPE)
        assert scene.showing is None and app.scene is scene
    key(app, pygame.K_ESCAPE)
    from imperial_desktop.ui.title_screen import TitleScene

    assert isinstance(app.scene, TitleScene)


def test_f1_opens_the_rules_over_the_about_screen(app):
    from imperial_desktop.ui.rules_window import open_window

    scene = open_about(app)
    key(app, pygame.K_F1)
    window = open_window(app.manager)
    assert window is not None and window.alive and app.scene is scene
    key(app, pygame.K_ESCAPE)  # the rules close first
    assert not window.alive and app.scene is scene


def test_the_long_licence_scrolls(app):
    scene = open_about(app)
    choose(app, scene, "gcc-runtime")
    bar = scene.licence_box.scroll_bar
    assert bar is not None
    start = bar.start_percentage
    pos = scene.licence_box.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 1)
    for _ in range(5):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0))
        frames(app, 1)
    frames(app, 3)
    assert bar.start_percentage > start


@pytest.mark.parametrize("language, heading, button", [("de", "Über Imperial Desktop", "Über das Spiel"),
                                                        ("fr", "À propos d'Imperial Desktop", "À propos")])
def test_the_about_screen_speaks_german_and_french_and_fits_1280x720(app, monkeypatch, language, heading, button):
    monkeypatch.setenv("IMPERIAL_DESKTOP_LANGUAGE", language)
    assert app.set_language(language) == language
    app.show_title()
    frames(app)
    assert app.scene.buttons["about"].text == button
    scene = open_about(app)
    labels = [e.text for e in app.manager.get_sprite_group().sprites() if type(e).__name__ == "UILabel"]
    assert heading in labels
    assert "Mac Gerdts" in scene.credits_box.html_text and "Version" in scene.credits_box.html_text
    for size in ((1280, 720), (1600, 1000)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app, 3)
        assert layout_problems(app) == [], size
        choose(app, scene, "sdl2")
        assert layout_problems(app) == [], size
        key(app, pygame.K_ESCAPE)
    os.environ["IMPERIAL_DESKTOP_LANGUAGE"] = "en"
    i18n.set_language("en")


# ---------------------------------------------------------------------------- over the game


def _game_driver():
    from ui_driver import Driver

    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.game_scene import GameScene

    names = ["Ann", "Bob", "Cem"]
    session = GameSession(GameSetup.create(3, 4, names=names), [Seat(n) for n in names], seed=4)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0), size=(1280, 720))
    driver.frame(2)
    return driver


def test_the_about_window_over_the_game_holds_the_computers_and_esc_steps_back():
    """The window the game menu's About opens (as a side window of the game screen, like the rules)."""
    from imperial_desktop.ui.about_screen import AboutWindow
    from imperial_desktop.ui.layers.windows import SideWindowLayer

    driver = _game_driver()
    scene = driver.scene
    window = AboutWindow(scene.manager, scene.layout.size)
    layer = scene.layers.push(SideWindowLayer(scene, window))
    driver.frame(2)
    assert window.alive and scene.layers.holds_computers()
    assert pygame.Rect((0, 0), (1280, 720)).contains(window.window.get_abs_rect())
    driver.click_element(window.view.parts_list.item_list[7]["button_element"])  # a real click on a row
    driver.frame(2)  # the list's selection event comes a frame after the button's
    assert window.view.showing == INDEX.components[7].id and "Sam Lantinga" in window.view.licence_box.html_text
    driver.key(pygame.K_ESCAPE)  # from the licence back to the list: the window stays
    assert window.view.showing is None and window.alive and scene.layers.find(SideWindowLayer) is layer
    driver.click_element(window.view.back_button)  # Close
    driver.frame(2)
    assert not window.alive and scene.layers.find(SideWindowLayer) is None and not scene.layers.holds_computers()
    pygame.quit()


def test_the_game_menu_shows_about_when_the_game_screen_gives_it_a_handler():
    from imperial_desktop.ui.game_menu import GameMenu

    pygame.init()
    pygame.display.set_mode((1280, 720))
    from imperial_desktop.ui.gui import make_manager

    manager = make_manager((1280, 720))
    opened = []
    menu = GameMenu(manager, (1280, 720), {"resume": lambda: None, "about": lambda: opened.append(1)})
    assert menu.button("about").text == "About Imperial Desktop"
    assert menu.handle_button(menu.button("about")) and opened == [1]
    without = GameMenu(manager, (1280, 720), {"resume": lambda: None})
    assert "about" not in without.buttons.values()
    pygame.quit()
