"""The screen's commands: the buttons of the top bar and the keyboard shortcuts.

The bottom of the stack: a key reaches it only when no open window, panel or overlay took it
(Esc opens the game menu only when nothing else is open to close).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from imperial_desktop.i18n import N_, _
from imperial_desktop.ui.dialogs import fitted_button
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.layers.stack import Layer, Rank

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

KEYS_HELP = N_("Keys: Enter confirm · Esc menu · Ctrl+Z undo · F1 rules · L legend · R what happened · S scores · "
               "H hint · Space skip animation · Home whole map")


class CommandsLayer(Layer):
    """The top bar's buttons (``buttons``, by key) and the keys of the game screen."""

    rank = Rank.COMMANDS

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}

    def _specs(self) -> list[tuple[str, str, str]]:
        return [("menu", _("Menu"), _("The game menu: save, rules, back to the title screen (Esc)")),
                ("hint", _("Hint"), _("What the strongest computer level would do now, with two alternatives and why "
                                      "(H); it never plays for you")),
                ("save", _("Save"), _("Save this game under a name of your choice")),
                ("rules", _("Rules"), _("The rules in brief, with every option explained (F1)")),
                ("legend", _("Legend"), _("What every piece, mark and colour on the board means (L)")),
                ("summary", _("What happened"), _("What each nation did since your last turn (R)")),
                ("hide_cash", _("Cash: hidden"), _("Hot seat: show only the deciding player's own cash")),
                ("undo", _("Undo"), _("Take back your last action (Ctrl+Z); a confirmed turn and the computers' moves "
                                      "stay")),
                ("donate", _("Donate"), _("Give some of your own cash to a nation's treasury (allowed at any time)")),
                ("results", _("Scores"), _("The score of every player now: interest x power factor + cash (S)"))]

    def make_buttons(self) -> None:
        """The buttons, right-aligned in the top bar (again after a resize or a new language)."""
        scene = self.scene
        if scene.manager is None:
            return
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        bar = scene.layout.top_bar
        h = bar.h - 8
        specs = self._specs()
        measure = font(13, "bold")
        x = bar.right - 6
        if scene.hot_seat.humans() < 2:  # hiding cash is for players sharing one screen (alone it is clutter)
            specs = [spec for spec in specs if spec[0] != "hide_cash"]
        for key, label, tip in specs:
            w = measure.size(label)[0] + 14
            if key == "hide_cash":
                w = max(w, measure.size(_("Cash: shown"))[0] + 14)
                label = self._cash_label()
            x -= w
            self.buttons[key] = fitted_button(pygame.Rect(x, bar.y + 4, w, h), label, scene.manager, tip=tip,
                                              object_id=f"#{key}_button")
            x -= 4
        scene.chrome.buttons_left = x
        scene.decisions.rebuild()
        self.sync()

    def _cash_label(self) -> str:
        return _("Cash: hidden") if self.scene.hide_cash else _("Cash: shown")

    def sync(self) -> None:
        """Button states that follow the game: Undo only when something can be undone, the cash
        button telling the truth."""
        scene = self.scene
        session = scene.session
        undo = self.buttons.get("undo")
        if undo is not None:
            can = session.can_undo() and not scene.presenter.busy
            if can and not undo.is_enabled:
                undo.enable()
            elif not can and undo.is_enabled:
                undo.disable()
        state = session.state
        over = state.is_terminal()
        giver = session.waits_for_local_input()  # who may donate now: the player deciding at this screen
        giver = giver and not session.awaiting_confirmation()  # not the next player before the turn is confirmed
        for key, off in (("hint", over), ("donate", over or not giver)):  # nothing to advise or give then
            button = self.buttons.get(key)
            if button is not None and button.is_enabled == off:
                button.disable() if off else button.enable()
        cash = self.buttons.get("hide_cash")
        if cash is not None and cash.text != self._cash_label():
            cash.set_text(self._cash_label())

    def _handlers(self) -> dict[str, Callable[[], None]]:
        scene = self.scene
        return {
            "fit": scene.board.fit, "hide_cash": scene.hot_seat.toggle_hide_cash, "undo": scene.undo,
            "donate": scene.open_donation, "results": lambda: scene.toggle_overlay("results"),
            "legend": lambda: scene.toggle_overlay("legend"), "summary": lambda: scene.toggle_overlay("summary"),
            "menu": scene.open_menu, "save": scene.save_named, "rules": scene.open_rules, "hint": scene.hints.ask,
        }

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            handler = self._handlers().get(key) if key is not None else None
            if handler is None:
                return False
            handler()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        key = event.key
        shortcuts: dict[int, Callable[[], None]] = {
            pygame.K_ESCAPE: scene.open_menu, pygame.K_F1: scene.open_rules,
            pygame.K_h: scene.hints.ask,  # the key a player guesses for Hint (it must not show the hidden cash)
            pygame.K_s: lambda: scene.toggle_overlay("results"), pygame.K_l: lambda: scene.toggle_overlay("legend"),
            pygame.K_r: lambda: scene.toggle_overlay("summary"), pygame.K_SPACE: scene.presenter.finish,
            pygame.K_F2: scene.hints.ask, pygame.K_m: scene.sounds.toggle_mute,
        }
        if key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            scene.undo()
        elif key in shortcuts:
            shortcuts[key]()
        elif getattr(event, "unicode", "") == "?":
            scene.hints.ask()
        else:
            return False
        return True

    def close(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}


__all__ = ["KEYS_HELP", "CommandsLayer"]
