"""Text that draws nothing (a zero-width space, a soft hyphen, a variation selector, the grapheme
joiner) crashed the font code with "Text has zero width" (session 18's crash hunt): typed into a
name box, remembered as a seat name in the settings, or read as a player's name from a save."""

from __future__ import annotations

import os

import pygame
import pytest

from imperial_desktop.core.validate import clean_text, shows_nothing, text_problem

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

INVISIBLE = ["\u200b", "\ufe0f", "\u034f", "\u00ad", "\u200b\u200d"]


@pytest.mark.parametrize("text", INVISIBLE)
def test_text_of_invisible_characters_is_refused_and_repaired(text) -> None:
    pygame.font.init()
    with pytest.raises(pygame.error, match="zero width"):  # what the guard is for
        pygame.font.Font(None, 20).render(text, True, (0, 0, 0))
    assert shows_nothing(text)
    assert text_problem(text, 60) == "holds only invisible characters"
    assert text_problem(" " + text + " ", 60) == "holds only invisible characters"
    assert clean_text(text, 60) == "\ufffd"


def test_visible_text_with_such_characters_in_it_is_fine() -> None:
    for text in ("Zoë", "e\u0301", "Anna\u200bBen", "\U0001F600\ufe0f", "Ann\u00ad"):
        assert not shows_nothing(text) and text_problem(text, 60) is None and clean_text(text, 60) == text
    assert not shows_nothing("")


def test_typing_an_invisible_character_into_a_name_box_changes_nothing(app) -> None:
    """The New-game name box: select all, type U+200B. pygame-gui's text box then held only that
    character and crashed the next frame; the app drops such typed text."""
    from ui_driver import click_in_app

    from imperial_desktop.ui.new_game_screen import NewGameScene

    click_in_app(app, app.scene.buttons["new"], settle=2)
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    entry = scene.seat_rows[1]["name"]
    before = entry.get_text()
    click_in_app(app, entry, settle=1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.frame(1 / 60)
    for text in INVISIBLE:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        app.frame(1 / 60)
    assert app.scene is scene and entry.get_text() == before
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Z"))
    app.frame(1 / 60)
    assert entry.get_text() == "Z"  # ordinary typing goes on


def test_a_remembered_invisible_seat_name_becomes_the_default_name(app) -> None:
    from ui_driver import click_in_app

    from imperial_desktop.session.settings import NewGameChoices

    choices = NewGameChoices()
    choices.seats[1]["name"] = "\u034f"
    app.settings.last_new_game = choices
    click_in_app(app, app.scene.buttons["new"], settle=2)
    assert app.scene.seat_rows[1]["name"].get_text() == "Computer 1"


def test_a_save_with_an_invisible_player_name_is_refused_with_a_reason(tmp_path) -> None:
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session import saves
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    names = ["Anna", "\u034f", "Ben"]
    session = GameSession(GameSetup.create(3, 9, names=names), [Seat(n) for n in names], seed=9)
    path = saves.save_game(session, "invisible", tmp_path)
    with pytest.raises(saves.SaveError, match="holds only invisible characters"):
        saves.read_save(path)
