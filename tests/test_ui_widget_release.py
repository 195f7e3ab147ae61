"""Issue 12 (memory): widgets a resize or a screen change dropped are collected at once.

pygame-gui elements sit in reference cycles (element, container, manager), so dropped ones wait
for the cyclic garbage collector; the app collects them at the end of such a frame."""

import gc

import pygame
from pygame_gui.core import UIElement


def _live_elements(manager) -> int:
    """Elements of this app's manager still in memory (other tests' apps do not count)."""
    return sum(1 for o in gc.get_objects() if isinstance(o, UIElement) and getattr(o, "ui_manager", None) is manager)


def test_resizes_and_screen_changes_leave_no_dropped_widgets(app):
    gc.collect()
    gc.disable()  # only the app's own collection may free them here
    try:
        for size in [(1280, 720), (1600, 1000), (1366, 708), (1600, 1000)]:
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
            app.frame(1 / 60)
        app.frame(1 / 60)  # collected at the end of the frame after the change
        alive_on_title = len(app.manager.get_sprite_group().sprites())
        elements = _live_elements(app.manager)
        assert elements <= alive_on_title + 5, (elements, alive_on_title)
        app.show_title()
        app.frame(1 / 60)
        app.frame(1 / 60)
        assert _live_elements(app.manager) <= len(app.manager.get_sprite_group().sprites()) + 5
    finally:
        gc.enable()
