"""Play-test findings on two decision panels: the bond auction of the set-up said "Grant no bond"
and its headline wrapped badly at 1280 wide; production switched factories with ASCII "[x]"."""

from __future__ import annotations

import pygame
from game_scenes import open_scene
from helpers import AH, give_turn, six_player_game

from imperial_desktop.core import ChooseRondel, GameSetup, GameState, PassInvestment
from imperial_desktop.ui import panels
from imperial_desktop.ui.layers.chrome import ChromeLayer
from imperial_desktop.ui.fonts import font


def _auction() -> GameState:
    return GameState.new(GameSetup(players=("Anna", "Ben", "Clara"), bond_distribution="auction", auction_start=0))


def test_the_auction_speaks_of_buying_bonds_in_turn_and_its_headline_fits_at_1280() -> None:
    driver = open_scene(_auction(), (1280, 800))
    scene = driver.scene
    nation, headline = driver.drawn[ChromeLayer].top_bar
    assert headline == "Set-up: Anna may buy a bond of Austria-Hungary"
    size = panels.px(16, scene.layout.scale)
    used = 12 + round(scene.layout.top_bar.h * 0.6) + 8 + font(size, "bold").size("Round 1")[0] + 16  # disc, round
    room = scene.chrome.buttons_left - 8 - used
    assert font(size, "bold").size(headline)[0] <= room  # one line at full size
    panel = scene.decisions.panel
    skip = panel.button_for(lambda c: isinstance(c.action, PassInvestment))
    assert skip.text == "Buy no bond of Austria-Hungary"
    assert "in turn" in panel.view.prompt and "grant" not in panel.view.prompt.lower()
    driver.click_element(skip)
    assert scene.session.state.decision().player == 1  # the next player's turn to buy


def test_production_switches_are_ticked_buttons_that_toggle() -> None:
    state = six_player_game()
    give_turn(state, AH)
    state.apply(ChooseRondel(AH, 1))
    driver = open_scene(state, (1280, 800))
    scene = driver.scene

    def switch(city: str):
        return scene.decisions.panel.button_for(lambda c: c.toggle == city)

    button = switch("vienna")
    assert button.text.startswith("☑ ") and button.is_selected and "[x]" not in button.text
    selected_colour = button.drawable_shape.get_surface("selected").get_at((6, button.rect.h // 2))
    driver.click_element(button)
    button = switch("vienna")
    assert button.text.startswith("☐ ") and "idle" in button.text and not button.is_selected
    normal_colour = button.drawable_shape.get_surface("normal").get_at((6, button.rect.h // 2))
    assert selected_colour != normal_colour  # on and off look different, not only the box
    assert "vienna" not in scene.decisions.production_selection
    driver.click_element(button)
    assert switch("vienna").is_selected and "vienna" in scene.decisions.production_selection
    pygame.event.clear()
