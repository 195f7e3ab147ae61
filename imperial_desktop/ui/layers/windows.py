"""The windows over the game: the game menu, the settings, the save dialog or the rules, and a
safeguard question. Each holds the computers while it is open (nothing of the game is missed).

pygame-gui draws them; these layers answer their buttons and the keys Esc and Enter in the
order of their ranks (a question before a side window, a side window before the menu).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from imperial_desktop import i18n
from imperial_desktop.i18n import _
from imperial_desktop.ui.dialogs import escape
from imperial_desktop.ui.game_menu import GameMenu
from imperial_desktop.ui.layers.stack import Layer, Rank

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def _centre(window: Any, size: tuple[int, int]) -> None:
    """A pygame-gui window back in the middle of a screen of ``size``."""
    if window is not None and window.alive():
        r = window.get_abs_rect()
        window.set_position(((size[0] - r.w) // 2, (size[1] - r.h) // 2))


class QuestionLayer(Layer):
    """A safeguard: pygame-gui's confirmation dialog; ``on_yes`` runs only if confirmed (its button or Enter)."""

    rank = Rank.QUESTION

    def __init__(self, scene: GameScene, title: str, question: str, confirm: str, on_yes: Callable[[], None]):
        self.scene = scene
        self.on_yes = on_yes
        w, h = 440, 220
        size = scene.layout.size
        rect = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.dialog = pygame_gui.windows.UIConfirmationDialog(rect, escape(question), scene.manager, window_title=title,
                                                              action_short_name=confirm, blocking=True)

    def _yes(self) -> None:
        self.scene.layers.pop(self)
        self.on_yes()

    def handle_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and element is self.dialog:
            self._yes()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element is self.dialog:
            self.scene.layers.pop(self)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.scene.layers.pop(self)
            return True
        if event.type == pygame.KEYDOWN and event.key in _ENTER:
            self._yes()
            return True
        return False

    def holds_computers(self) -> bool:
        return self.dialog.alive()

    def resize(self, size: tuple[int, int]) -> None:
        _centre(self.dialog, size)

    def close(self) -> None:
        if self.dialog.alive():
            self.dialog.kill()


class MenuLayer(Layer):
    """The game menu (Esc): resume, save, rules, legend, settings, back to the title screen."""

    rank = Rank.MENU

    def __init__(self, scene: GameScene, handlers: dict[str, Callable[[], None]]):
        self.scene = scene
        assert scene.manager is not None
        self.menu = GameMenu(scene.manager, scene.layout.size, handlers, game_over=scene.session.state.is_terminal())

    def handle_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element in self.menu.buttons:
            handler = self.menu.handlers.get(self.menu.buttons[element])
            self.scene.layers.pop(self)  # the menu closes first: the entry may open another window
            if handler is not None:
                handler()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element is self.menu.window:
            self.scene.layers.pop(self)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:  # the window in front closes first
            self.scene.layers.pop(self)
            return True
        return False

    def holds_computers(self) -> bool:
        return self.menu.window.alive()

    def resize(self, size: tuple[int, int]) -> None:
        _centre(self.menu.window, size)

    def close(self) -> None:
        if self.menu.window.alive():
            self.menu.kill()


class SideWindowLayer(Layer):
    """The save dialog or the rules window (``window``): it sees every event, also those a layer
    above takes (Esc cancels a drag and the save dialog at once); Esc closes it, and while it is
    open the keys are not the screen's shortcuts (a save's name is typed there)."""

    rank = Rank.SIDE_WINDOW

    def __init__(self, scene: GameScene, window: Any):
        self.scene = scene
        self.window = window

    @property
    def alive(self) -> bool:
        return getattr(self.window, "alive", True)

    def captures(self, event: pygame.event.Event) -> bool:
        if hasattr(self.window, "handle_event"):
            self.window.handle_event(event)
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.scene.layers.pop(self)
            return True
        # Home (the whole map) still reaches the board
        return event.type == pygame.KEYDOWN and event.key != pygame.K_HOME

    def update(self, dt: float) -> None:
        if not self.alive:
            self.scene.layers.pop(self)

    def holds_computers(self) -> bool:
        return self.alive

    def resize(self, size: tuple[int, int]) -> None:
        if hasattr(self.window, "resize"):
            self.window.resize(size)
        _centre(getattr(self.window, "window", None), size)
        _centre(getattr(getattr(self.window, "question", None), "window", None), size)

    def close(self) -> None:
        self.window.close()


class SettingsLayer(Layer):
    """The settings in a window over the game (``ui.game_settings``); it takes all input while it
    is open, and what Save changed that concerns this game applies when it closes."""

    rank = Rank.SETTINGS

    def __init__(self, scene: GameScene):
        from imperial_desktop.ui.game_settings import GameSettings

        self.scene = scene
        app = scene.app
        self._before = (i18n.language(), getattr(app.settings, "hide_cash_in_hot_seat", None))
        self.window = GameSettings(app, self._closed)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.window.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        self.window.update(dt)

    def holds_computers(self) -> bool:
        return True

    def close(self) -> None:
        self.window.close()

    def _closed(self, saved: bool, problem: str) -> None:
        """The window closed: what Save changed that concerns this game applies now (the pace of
        computer turns, the language, the window's size, hidden cash in a hot seat, the colours)."""
        from imperial_desktop.session.settings import PACES

        scene = self.scene
        scene.layers.pop(self)
        app = scene.app
        settings = getattr(app, "settings", None)
        if saved and settings is not None:
            pace = 0.0 if getattr(app, "smoke", False) else PACES.get(settings.pace, PACES["normal"])
            scene.presenter.animator.seconds_per_step = pace
            scene.session.confirm_turns = getattr(settings, "confirm_turns", False) and scene.coach is None
            if settings.hide_cash_in_hot_seat != self._before[1]:  # else the Cash button's choice stays
                scene.hide_cash = settings.hide_cash_in_hot_seat and scene.hot_seat.humans() > 1
        if saved:
            scene.apply_palette()  # the nations' colours chosen (the board's picture too)
        size = app.screen.get_size() if app is not None else scene.layout.size
        if size != scene.layout.size:
            scene.resize(size)  # a new window size (its buttons are made again too)
        elif i18n.language() != self._before[0]:
            scene.commands.make_buttons()  # in the new language (or back in the old one)
        scene.redraw_all()
        if problem:
            scene.show_message(problem + " " + _("They apply until you quit."), 8.0)
        elif saved:
            scene.show_message(_("Settings saved"), info=True)


def rules_open(manager: pygame_gui.UIManager | None) -> bool:
    """Whether the rules window of this screen is shown (F1, Rules, the panels' help buttons, the coach)."""
    if manager is None:
        return False
    from imperial_desktop.ui.rules_window import open_window

    rules = open_window(manager)
    return rules is not None and rules.alive


__all__ = ["MenuLayer", "QuestionLayer", "SettingsLayer", "SideWindowLayer", "rules_open"]
