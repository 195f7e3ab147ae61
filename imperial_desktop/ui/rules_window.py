"""The rules summary (assets/rules_summary.html, every new-game option explained) in a window.

Used by the Rules screen of the title and, inside the game, by the Rules button and F1::

    window = RulesWindow(manager, screen.get_size())
    ...
    window.handle_event(event)   # True when the event closed it (then window.alive is False)
    window.close()               # e.g. when the screen changes

The window is a pygame-gui ``UIWindow`` (title-bar close button, Esc, and an optional Close
button at the bottom); its text box scrolls with the wheel and the scrollbar.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UIWindow

from imperial_desktop.resources import assets_root

MAX_SIZE = (1000, 1400)
MARGIN = 20


def rules_text() -> str:
    """The rules summary as pygame-gui markup (read through importlib.resources)."""
    with (assets_root() / "rules_summary.html").open("r", encoding="utf-8") as handle:
        return handle.read().replace("\n", " ")


def window_rect(window_size: tuple[int, int]) -> pygame.Rect:
    """Centred, as large as the screen allows up to :data:`MAX_SIZE`, never outside it."""
    w, h = window_size
    rw = max(200, min(MAX_SIZE[0], w - 2 * MARGIN))
    rh = max(160, min(MAX_SIZE[1], h - 2 * MARGIN))
    rw, rh = min(rw, w), min(rh, h)
    return pygame.Rect((w - rw) // 2, (h - rh) // 2, rw, rh)


class RulesWindow:
    """A closable, scrollable window with the rules summary, sized to the screen."""

    def __init__(self, manager: pygame_gui.UIManager, window_size: tuple[int, int], *,
                 close_text: str | None = "Close", title: str = "The rules in brief"):
        self.manager = manager
        self.close_text = close_text
        self.title = title
        self.alive = True
        self.window: UIWindow | None = None
        self.box: UITextBox | None = None
        self.close_button: UIButton | None = None
        self._build(window_size)

    def _build(self, window_size: tuple[int, int]) -> None:
        rect = window_rect(window_size)
        self.window = UIWindow(rect, self.manager, window_display_title=self.title,
                               object_id="#rules_window", resizable=False, draggable=False)
        inner_w, inner_h = self.window.get_container().get_size()
        footer = 56 if self.close_text else 0
        self.box = UITextBox(rules_text(), pygame.Rect(10, 10, inner_w - 20, inner_h - 20 - footer),
                             self.manager, container=self.window)
        if self.close_text:
            self.close_button = UIButton(pygame.Rect(10, inner_h - footer, 160, 44), self.close_text, self.manager,
                                         container=self.window, tool_tip_text="Close the rules (Esc)")

    def resize(self, window_size: tuple[int, int]) -> None:
        """Lay the window out again for a new screen size (keeps the scroll position)."""
        if not self.alive:
            return
        scroll = self.box.scroll_bar.start_percentage if self.box is not None and self.box.scroll_bar else 0.0
        self.window.kill()
        self._build(window_size)
        if scroll and self.box is not None and self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(scroll)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to closing (title-bar X, Close button, Esc) and resizes; True when it closed."""
        if not self.alive:
            return False
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.alive = False
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close_button:
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        return False

    def close(self) -> None:
        if self.alive:
            self.alive = False
            self.window.kill()

    def widgets(self) -> list:
        """The window and its widgets (for layout tests)."""
        return [w for w in (self.window, self.box, self.close_button) if w is not None]
