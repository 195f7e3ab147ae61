"""Issue 14: the language chosen in Settings, through posted events.

Deutsch chosen in the Settings drop-down shows the settings screen in German at once; Save keeps
it and the title screen speaks German (its buttons, pygame-gui's own locale); an app started
afterwards reads the setting and starts in German; choosing English brings English back.
"""

from __future__ import annotations

import pygame
import pytest

from ui_driver import click_in_app


@pytest.fixture
def by_setting(monkeypatch):
    """The language follows the setting (the suite forces English through the variable)."""
    from imperial_desktop import i18n

    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")  # "System" means English on this machine
    yield
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "en")
    i18n.set_language("en")


def choose(app, menu, shown: str) -> None:
    """Open a drop-down menu and click the option showing ``shown`` (real clicks)."""
    click_in_app(app, menu.current_state.selected_option_button)
    expanded = menu.current_state
    items = expanded.options_selection_list.item_list
    item = next(i for i in items if i["text"] == shown)
    click_in_app(app, item["button_element"], settle=3)  # selection, then the menu's change event


def title_texts(app) -> dict[str, str]:
    return {key: button.text for key, button in app.scene.buttons.items()}


def test_settings_switch_to_german_keep_it_and_back_to_english(app, by_setting, tmp_path):
    from imperial_desktop import i18n
    from imperial_desktop.session.settings import load_settings
    from imperial_desktop.ui.app import App, init_display
    from imperial_desktop.ui.settings_screen import SettingsScene
    from imperial_desktop.ui.title_screen import TitleScene

    app.set_language(app.settings.language)  # as at start: "system" -> English here
    app.show_title()
    app.frame(1 / 60)
    assert title_texts(app)["new"] == "New game" and i18n.language() == "en"

    click_in_app(app, app.scene.buttons["settings"])
    assert isinstance(app.scene, SettingsScene)
    choose(app, app.scene.language, "Deutsch")
    # shown at once: the settings screen is built again in German, the choice kept
    assert i18n.language() == "de" and app.manager.get_locale() == "de"
    assert app.scene.done.text == "Speichern" and app.scene.back_button.text == "Zurück"
    assert app.scene.language.selected_option == ("Deutsch", "de")
    click_in_app(app, app.scene.done, settle=2)

    assert isinstance(app.scene, TitleScene)
    texts = title_texts(app)
    assert (texts["new"], texts["load"], texts["settings"], texts["rules"], texts["quit"]) == (
        "Neues Spiel", "Laden", "Einstellungen", "Regeln", "Beenden")
    assert load_settings().language == "de"  # kept in the settings file

    # a new start of the app reads the setting before it builds its first screen
    i18n.set_language("en")
    pygame.quit()
    restarted = App(init_display((1280, 800), headless=True))
    restarted.show_title()
    restarted.frame(1 / 60)
    assert i18n.language() == "de" and restarted.manager.get_locale() == "de"
    assert title_texts(restarted)["continue"] == "Fortsetzen"

    # and back to English, the same way
    click_in_app(restarted, restarted.scene.buttons["settings"])
    choose(restarted, restarted.scene.language, "English")
    assert restarted.scene.done.text == "Save"
    click_in_app(restarted, restarted.scene.done, settle=2)
    assert title_texts(restarted)["new"] == "New game" and i18n.language() == "en"
    assert load_settings().language == "en"


def test_back_leaves_the_language_as_it_was(app, by_setting):
    """A language only tried in the menu is undone by Back (Esc): nothing was saved."""
    from imperial_desktop import i18n
    from imperial_desktop.session.settings import load_settings

    app.set_language("system")
    click_in_app(app, app.scene.buttons["settings"])
    choose(app, app.scene.language, "Français")
    assert i18n.language() == "fr" and app.scene.back_button.text == "Retour"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert i18n.language() == "en" and title_texts(app)["quit"] == "Quit"
    assert load_settings().language == "system"


def test_every_screen_speaks_the_language(app, by_setting):
    """German and French on the title, new-game, load and settings screens and in the game: no
    English button or label left (player names and numbers aside)."""
    from pygame_gui.elements import UIButton, UILabel

    from imperial_desktop.ui.app import default_session
    from imperial_desktop.ui.load_screen import LoadScene
    from imperial_desktop.ui.new_game_screen import NewGameScene
    from imperial_desktop.ui.settings_screen import SettingsScene

    # English words that are not also German or French ("Name", "normal", "Menu", "Scores" are)
    english = {"New game", "Load", "Settings", "Rules", "Quit", "Continue", "Back", "Save", "Delete", "Start the game",
               "Players", "Seat", "Computer level", "Language", "Window size", "Hint", "Undo", "Donate", "Legend",
               "Pass", "human", "random", "standard start", "Load a game", "Cash: shown", "What happened"}
    for language in ("de", "fr"):
        app.set_language(language)
        seen = []
        for show in (app.show_title, lambda: app.switch(NewGameScene(app)), lambda: app.switch(LoadScene(app)),
                     lambda: app.switch(SettingsScene(app)), lambda: app.start_game(default_session(2))):
            show()
            app.frame(1 / 60)
            seen += [e.text for e in app.manager.get_sprite_group().sprites()
                     if isinstance(e, (UIButton, UILabel)) and e.alive() and isinstance(e.text, str)]
        left = sorted(set(seen) & english)
        assert not left, f"{language}: English left: {left}"
        assert len(set(seen)) > 40  # the screens were really there
