"""The rules reference opened from the title screen, over the dimmed board."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from imperial_desktop.i18n import _
from imperial_desktop.ui.rules_window import RulesWindow

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App


class RulesScene:
    """The rules summary in a window over the dimmed board (Back or Esc returns to the title)."""

    def __init__(self, app: App):
        self.app = app
        self.window = RulesWindow(app.manager, app.screen.get_size(), close_text=_("Back"))
        self.back_button = self.window.close_button

    @property
    def elements(self) -> list:
        return self.window.widgets()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.window.handle_event(event):
            self.app.show_title()
            return
        self.back_button = self.window.close_button

    def update(self, dt: float) -> None:
        if not self.window.alive:  # closed by Back, Esc or its X (the window takes those itself)
            self.app.show_title()

    def wants_frames(self) -> bool:
        """Nothing here moves by itself: the screen rests until input arrives."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_backdrop(surface)

    def close(self) -> None:
        self.window.kill()


__all__ = ["RulesScene"]
