"""The Confirm turn panel as a layer: while a person's turn waits for its confirmation it stands
where the decision panel is; Enter or its button confirms the turn, its other button (or Ctrl+Z)
takes the last action back."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from imperial_desktop.ui.confirm_turn import ConfirmTurnPanel
from imperial_desktop.ui.layers.hot_seat import HANDOVER_ECHO_SECONDS
from imperial_desktop.ui.layers.stack import Layer, Rank

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene


class ConfirmTurnLayer(Layer):
    """The panel of a turn that waits for "Confirm turn"."""

    rank = Rank.CONFIRM_TURN

    def __init__(self, scene: GameScene):
        self.scene = scene
        session = scene.session
        assert scene.manager is not None
        self.panel = ConfirmTurnPanel(scene.manager, scene.layout.decision.inflate(-4, -4), session.state,
                                      session.unconfirmed_actions(), scale=scene.layout.scale)
        self.opened_at = time.monotonic()  # a click within a double click's time after is dropped

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in (self.panel.confirm_button,
                                                                               self.panel.undo_button):
            if time.monotonic() - self.opened_at < HANDOVER_ECHO_SECONDS:
                return True  # the second click of a double click on the button that stood there (Produce): not a confirmation
            if event.ui_element is self.panel.confirm_button:
                self.scene.confirm_turn()
            else:
                self.scene.undo()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.scene.confirm_turn()
            return True
        return False

    def close(self) -> None:
        self.panel.kill()


__all__ = ["ConfirmTurnLayer"]
