"""A pygame-gui window that hands every event to the object that owns it (the rules, charts and
About windows over the game: the owner lays out and answers, the window only frames it)."""

from __future__ import annotations

from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIWindow


class WindowOwner(Protocol):
    def process(self, event: pygame.event.Event) -> bool: ...

    def close(self) -> None: ...


class OwnedWindow(UIWindow):
    """A fixed-size, draggable window whose events go to ``owner.process`` and whose close button
    calls ``owner.close``."""

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, owner: WindowOwner, title: str,
                 object_id: str):
        self.owner = owner
        super().__init__(rect, manager, window_display_title=title, object_id=object_id, resizable=False,
                         draggable=True)

    def process_event(self, event: pygame.event.Event) -> bool:
        consumed = super().process_event(event)
        return self.owner.process(event) or consumed

    def on_close_window_button_pressed(self) -> None:
        self.owner.close()
