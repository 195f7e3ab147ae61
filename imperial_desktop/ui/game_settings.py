"""Settings during a game: the Settings screen's widgets in a window over the game screen.

The game menu's "Settings..." opens it. The title screen's :class:`~imperial_desktop.ui.menus.SettingsScene`
is reused as it is (the same rows, tool tips, Save and Back); only its frame differs: a window
over the board instead of a panel over the dimmed backdrop, and closing it returns to the game
instead of the title screen. The game screen stays where it was behind it (its session, its
autosave, the computer turn being shown), and its computers wait while the window is open
(its layer, ``ui.layers.windows.SettingsLayer``, holds them), so nothing of the game is lost or missed.

What Save changes applies as on the title screen (the window's size and full screen at once);
the game screen then applies the rest that concerns the game now (see
``SettingsLayer._closed``): the pace of computer turns, the language of its buttons and
panels (the log's earlier lines stay as they were written), hidden cash in a hot seat. The
computers' thinking time applies from the next game started or continued, as its tool tips say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UILabel, UIWindow

from imperial_desktop.i18n import _
from imperial_desktop.ui.menu_base import _fit, _selected
from imperial_desktop.ui.settings_screen import SettingsScene

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App


class GameSettings(SettingsScene):
    """The settings in a window over the game; ``on_close(saved, problem)`` runs once when it closes
    (``saved``: by Save, after the settings were stored; ``problem``: why they could not be written,
    "" if they were). Back, Esc and the window's X close it without changes."""

    panel_size = (660, 560)

    def __init__(self, app: App, on_close: Callable[[bool, str], None]):
        self.on_close = on_close
        self.open = True
        super().__init__(app)

    def _make_panel(self) -> None:
        """A window (not the title screen's panel): it is drawn over the game's widgets, like the
        game's other windows; the rows are built in its container."""
        w, h = self.window_size()
        pw, ph = max(1, min(self.panel_size[0], w - 40)), max(1, min(self.panel_size[1], h - 40))
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.window = UIWindow(rect, self.manager, window_display_title=_(self.title), object_id="#game_settings")
        self.panel = self.window
        self.panel_rect = pygame.Rect(rect.topleft, self.window.get_container().get_size())
        self.elements = [self.window]
        cw = self.panel_rect.w
        UILabel(pygame.Rect(16, 12, cw - 32, 30), _fit(_("The game waits while this window is open."), cw - 40, 14),
                self.manager, container=self.window)

    def update(self, dt: float) -> None:
        if self.open and not self.window.alive():  # its X: as Back
            self.back()
            return
        super().update(dt)

    def back(self) -> None:
        """Back, Esc or the X: nothing kept (a language tried in the menu is taken back)."""
        if _selected(self.language) != self.language_before:
            self.app.set_language(self.language_before)
        self._finish(False, "")

    def saved(self, problem: str) -> None:
        self._finish(True, problem)

    def _finish(self, saved: bool, problem: str) -> None:
        if not self.open:
            return
        self.open = False
        self.close()
        self.on_close(saved, problem)


__all__ = ["GameSettings"]
