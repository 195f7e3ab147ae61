"""A choice's detail line under its button (what a rondel space would bring) is cut short only as a
last resort, and then its whole text shows on hover (6-player play-test, session 18: "Taxes 12M: +7
power points, 3M bonus to you, 7M to t…" at 1280x720, with nothing to read the rest)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from imperial_desktop.ui.choices import Choice, DecisionView
from imperial_desktop.ui.dialogs import ChoicePanel
from imperial_desktop.ui.gui import make_manager

LONG = "Taxes 12M: +7 power points, 3M bonus to you, 7M to the treasury, 2M soldiers' pay for six units"


def test_a_cut_detail_line_shows_its_whole_text_on_hover() -> None:
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    manager = make_manager(screen.get_size())
    choices = [Choice(f"Space {i} · {i} steps · free", None, "tip", primary=False, detail=LONG if i % 2 else "Short")
               for i in range(6)]
    panel = ChoicePanel(manager, pygame.Rect(900, 40, 370, 380), DecisionView("France: rondel", "Choose.", choices))
    long_ones = [image for image, choice in panel.captions.items() if choice.detail == LONG]
    assert long_ones, "the details are drawn"
    for image, choice in panel.captions.items():
        tip = image.tool_tip_text
        if choice.detail == "Short":
            assert tip is None
        else:
            assert tip == LONG  # cut here (two lines of it do not fit this small panel)
    target = long_ones[0]
    pos = target.rect.center
    pygame.mouse.set_pos(pos)
    for _ in range(40):  # pygame-gui shows a tool tip after the pointer rests a while
        for event in pygame.event.get():
            manager.process_events(event)
        manager.update(0.05)
    assert target.tool_tip is not None, "no tool tip over the cut line"
    pygame.quit()
