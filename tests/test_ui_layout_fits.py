"""Issue 11, acceptance 1: every dialog and panel of the game screen, at 1280x720, 1366x708,
1600x1000 and 2560x1440: every button and label text fits its rectangle, every widget lies in
the window, and a decision's first choices and its confirm button show without scrolling."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core.utility import translate
from pygame_gui.elements import UIButton, UILabel

from game_scenes import open_scene, scene_states

SIZES = [(1280, 720), (1366, 708), (1600, 1000), (2560, 1440)]
SCENES = list(scene_states())


def _elements(manager):
    return [e for e in manager.get_sprite_group().sprites() if getattr(e, "visible", True) and e.alive()]


def text_problems(manager, window: pygame.Rect) -> list[str]:
    """Texts wider than their widget, and widgets outside the window."""
    problems = []
    for element in _elements(manager):
        rect = element.get_abs_rect()
        if rect.w > 0 and rect.h > 0 and not window.contains(rect):
            problems.append(f"{type(element).__name__} {rect} outside {window}")
        if isinstance(element, (UIButton, UILabel)) and element.text and getattr(element, "font", None) is not None:
            width = element.font.size(translate(element.text, **getattr(element, "text_kwargs", {}) or {}))[0]
            room = rect.w - (6 if isinstance(element, UIButton) else 0)
            if width > room:
                problems.append(f"{type(element).__name__} '{element.text}' is {width} px wide in {rect.w} px")
    return problems


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_text_fits_and_decisions_show_their_choices(size):
    from imperial_desktop.ui.app import logical_size

    size = logical_size(size)  # what the app draws at (a smaller window shows it scaled down)
    failures = []
    for name, state, steps in SCENES:
        driver = open_scene(state, size, steps)
        scene = driver.scene
        window = pygame.Rect((0, 0), size)
        failures += [f"{name}: {p}" for p in text_problems(driver.manager, window)]
        panel = scene.decision_panel
        if panel is not None and scene.aux_panel is None:
            listed = [b for b, c in panel.buttons.items() if not c.pinned]
            pinned = [b for b, c in panel.buttons.items() if c.pinned]
            visible = panel.visible_buttons()
            wanted = listed[:min(8, len(listed))]
            missing = [b.text for b in wanted + pinned if b not in visible]
            if missing:
                failures.append(f"{name}: not visible without scrolling: {missing}")
            area = scene.layout.decision
            if not area.contains(panel.rect):
                failures.append(f"{name}: the decision panel leaves its place")
        driver.scene.close()
        driver.manager.clear_and_reset()
    assert not failures, "\n".join(failures[:40])


def test_the_parts_of_the_screen_never_overlap():
    from imperial_desktop.ui.app import logical_size
    from imperial_desktop.ui.layout import game_layout

    for window in SIZES + [(1920, 1080), (1280, 1024), (1024, 600), (800, 600)]:
        size = logical_size(window)
        assert size[0] >= 1280 and size[1] >= 720 and abs(size[0] / size[1] - window[0] / window[1]) < 0.01
        lay = game_layout(*size)
        parts = [lay.top_bar, lay.board, lay.tracks, lay.table, lay.rondel, lay.decision, lay.log]
        for i, a in enumerate(parts):
            assert pygame.Rect((0, 0), size).contains(a), (size, a)
            assert not any(a.colliderect(b) for b in parts[i + 1:]), (size, a)
        # room for eight choices under the prompt at every size
        assert lay.decision.h >= 8 * 27 + 110, (size, lay.decision)
