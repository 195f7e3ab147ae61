"""Issue 6: title, new-game, load and settings screens; from the title to a game against
computer seats and back via Continue, through posted events."""

import os

import pygame
import pytest

from ui_driver import click_in_app, menu_window

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


def click(app, element):
    click_in_app(app, element)


def test_title_to_new_game_to_computers_and_back_via_continue(app, tmp_path):
    from imperial_desktop.ui.game_scene import GameScene
    from imperial_desktop.ui.new_game_screen import NewGameScene
    from imperial_desktop.ui.title_screen import TitleScene

    assert isinstance(app.scene, TitleScene)
    assert not app.scene.buttons["continue"].is_enabled  # nothing to continue yet
    app.settings.pace = "instant"  # this test is about the way through the screens, not the pace
    click(app, app.scene.buttons["new"])
    assert isinstance(app.scene, NewGameScene)
    click(app, app.scene.widgets["start"])  # the default: you against three computers
    assert isinstance(app.scene, GameScene)
    session = app.scene.session
    assert [s.kind for s in session.seats] == ["human", "computer", "computer", "computer"]
    for _ in range(400):  # let the computers play until it is the human's turn
        app.frame(1 / 60)
        session.wait_for_computer(5)
        if session.waits_for_local_input() and not app.scene.presenter.animator.busy:
            break
    assert session.waits_for_local_input()
    app.autosaver.flush(5.0)  # the autosave is written in the background
    assert (tmp_path / "saves" / "autosave.json").exists()
    version = len(session.record.actions)
    click(app, app.scene.commands.buttons["menu"])  # the game menu opens; its last entry leads to the title
    click(app, menu_window(app.scene).button("title"))
    assert isinstance(app.scene, TitleScene)
    assert app.scene.buttons["continue"].is_enabled
    click(app, app.scene.buttons["continue"])
    assert isinstance(app.scene, GameScene)
    assert len(app.scene.session.record.actions) == version
    assert app.scene.session.state == session.state


def test_menu_screens_render(app, tmp_path):
    from imperial_desktop.ui.load_screen import LoadScene
    from imperial_desktop.ui.reference_screen import RulesScene
    from imperial_desktop.ui.settings_screen import SettingsScene
    from imperial_desktop.ui.title_screen import TitleScene

    for key, cls in (("load", LoadScene), ("settings", SettingsScene), ("rules", RulesScene)):
        click(app, app.scene.buttons[key])
        assert isinstance(app.scene, cls)
        app.frame(1 / 60)
        pygame.image.save(app.screen, str(tmp_path / f"{key}.png"))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.frame(1 / 60)
        assert isinstance(app.scene, TitleScene)


def test_settings_are_saved(app, tmp_path):
    from imperial_desktop.session.settings import load_settings

    click(app, app.scene.buttons["settings"])
    scene = app.scene
    scene.pace.selected_option = ("slow", "slow")
    click(app, scene.done)
    assert load_settings().pace == "slow"


def test_chosen_deal_gives_each_seat_its_flag_card():
    import random

    from imperial_desktop.core import GameSetup, GameState
    from imperial_desktop.ui.new_game_screen import _with_chosen_deal

    setup = GameSetup.create(4, 5, names=["A", "B", "C", "D"])
    chosen = _with_chosen_deal(setup, ["russia", "random", "italy", "random"], random.Random(5))
    cards = dict(chosen.flag_cards)
    assert cards["russia"] == 0 and cards["italy"] == 2
    assert sorted(cards.values()) == [0, 1, 2, 3]
    assert GameState.new(chosen).government["russia"] == 0
    three = _with_chosen_deal(GameSetup.create(3, 5, names=["A", "B", "C"]), ["france", "random", "random"], random.Random(1))
    assert dict(three.flag_cards)["france"] == 0 and dict(three.flag_cards)["germany"] == 0  # Germany goes with France
    with pytest.raises(ValueError):
        _with_chosen_deal(setup, ["italy", "italy", "random", "random"], random.Random(1))
