"""A decision choice is one click target: its button and the detail lines under it. A newcomer
clicked the text under a rondel button and nothing happened; now the click chooses, and pointing
at the text shows the whole choice pointed at (real pointer events)."""

from __future__ import annotations

import pygame
import pytest
from game_scenes import _played_states, open_scene

from imperial_desktop.core import ChooseRondel


def _caption_of(panel, wanted):
    """A detail line's image and the choice and button it belongs to."""
    caption, choice = next((c, ch) for c, ch in panel.captions.items() if wanted(ch))
    button = next(b for b, ch in panel.buttons.items() if ch is choice)
    return caption, choice, button


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_a_click_on_a_choice_description_chooses_it(size):
    state = _played_states()["rondel"]
    driver = open_scene(state, size)
    scene = driver.scene
    panel = scene.decisions.panel
    assert panel is not None and panel.captions
    caption, choice, button = _caption_of(panel, lambda ch: isinstance(ch.action, ChooseRondel)
                                          and ch.action != scene.hints.best_action())
    point = caption.get_abs_rect().center
    assert not button.get_abs_rect().collidepoint(point)  # the text under the button, not the button
    driver.move(point)
    driver.frame(2)
    # the whole choice looks pointed at: its button as hovered, its text on a lit ground
    assert button.drawable_shape.active_state.state_id == "hovered"
    assert caption in panel._captions_lit
    before = len(scene.session.record.actions)
    driver.click(point)
    assert len(scene.session.record.actions) == before + 1
    assert scene.session.record.actions[-1] == choice.action


def test_pointing_away_from_the_description_lets_the_button_go_and_a_drag_off_it_chooses_nothing():
    state = _played_states()["rondel"]
    driver = open_scene(state, (1280, 720))
    scene = driver.scene
    panel = scene.decisions.panel
    caption, _choice, button = _caption_of(panel, lambda ch: isinstance(ch.action, ChooseRondel))
    driver.move(caption.get_abs_rect().center)
    driver.frame(2)
    assert button.drawable_shape.active_state.state_id == "hovered"
    driver.move(scene.layout.log.center)
    driver.frame(2)
    assert button.drawable_shape.active_state.state_id in ("normal", "selected")
    assert caption not in panel._captions_lit
    # pressed on the text, released elsewhere: no choice (as a button does)
    before = len(scene.session.record.actions)
    start = caption.get_abs_rect().center
    driver.move(start)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.frame()
    driver.move(scene.layout.log.center)
    driver.post(pygame.MOUSEBUTTONUP, pos=scene.layout.log.center, button=1)
    driver.frame(2)
    assert len(scene.session.record.actions) == before


def test_a_click_moved_and_pressed_in_one_frame_chooses_too_but_not_through_a_window():
    """A pointer moved onto the text and pressed before a frame passed (a quick tap) still
    chooses; a window standing over the text (the game menu) takes the click itself."""
    state = _played_states()["rondel"]
    driver = open_scene(state, (1280, 720))
    scene = driver.scene
    panel = scene.decisions.panel
    caption, choice, _button = _caption_of(panel, lambda ch: isinstance(ch.action, ChooseRondel))
    point = caption.get_abs_rect().center
    before = len(scene.session.record.actions)
    scene.open_menu()
    driver.frame(2)
    window = next(w for w in driver.manager.get_window_stack().get_full_stack() if w.visible)
    if window.get_abs_rect().collidepoint(point):
        driver.click(point)
        assert len(scene.session.record.actions) == before  # the menu's, not the choice's
    driver.key(pygame.K_ESCAPE)
    driver.frame(2)
    pygame.mouse.set_pos(point)
    for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)):
        pygame.event.post(event)
    driver.frame(2)
    assert len(scene.session.record.actions) == before + 1
    assert scene.session.record.actions[-1] == choice.action
