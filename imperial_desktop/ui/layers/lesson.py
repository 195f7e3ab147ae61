"""The guided game's coach (``ui.coach.CoachPanel``) as a layer: clicks, pointing and the wheel
over its box stay there, its buttons are its own, and its box and marks are drawn over the
board's boxes (the region's facts and the messages stay over it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from imperial_desktop.ui.layers.stack import Layer, Rank

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene


class LessonLayer(Layer):
    """Passes the screen's events and drawing to the scene's coach, when it has one."""

    rank = Rank.LESSON

    def __init__(self, scene: GameScene):
        self.scene = scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        coach = self.scene.coach
        if coach is None:
            return False
        if coach.handle_event(event, self.scene):
            return True  # a click on the coach's panel
        return event.type == pygame_gui.UI_BUTTON_PRESSED and coach.handle_button(event.ui_element, self.scene)

    def draw(self, surface: pygame.Surface) -> None:
        if self.scene.coach is not None:
            self.scene.coach.draw(surface, self.scene)  # its outlines draw the board's names and pieces again

    def close(self) -> None:
        if self.scene.coach is not None:
            self.scene.coach.close()


__all__ = ["LessonLayer"]
