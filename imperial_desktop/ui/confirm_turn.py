"""The panel that stands where the decision panel is while a person's turn waits for its
confirmation (``GameSession.awaiting_confirmation``).

The board shows the result of the turn; the panel says what comes next, lists the actions Undo
can still take back, and has the two ways on: "Confirm turn" (primary, also Enter), after which
the next seat plays and the turn is kept, and "Undo last action" (also Ctrl+Z), after which the
person decides that action again.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from imperial_desktop.core import Action, GameState
from imperial_desktop.i18n import _, ngettext
from imperial_desktop.ui.choices import decision_headline
from imperial_desktop.ui.dialogs import GAP, button_height, escape, fitted_button

MOST_LISTED = 12  # actions listed by name; more are counted ("and 3 earlier actions")


def turn_actions(actions: list[Action], state: GameState) -> list[str]:
    """The actions of the turn as the log writes them, with the players' names, oldest first."""
    names = list(state.setup.players)
    lines = []
    for action in actions:
        line = action.describe(state.board)
        for i, name in enumerate(names):  # actions say "Player 2"; the panel uses the names
            line = line.replace(f"Player {i + 1} ", f"{name} ")
            line = line.replace(_("Player {number}").format(number=i + 1) + " ", f"{name} ")
        lines.append(line)
    return lines


def panel_text(state: GameState, actions: list[Action]) -> str:
    """The panel's text (pygame-gui markup): what comes next, what the two buttons do, and the
    actions of the turn that Undo takes back, numbered, the last first."""
    listed = turn_actions(actions, state)
    next_head, list_head = escape(_("Next:")), escape(_("Your actions not yet confirmed:"))
    parts = [f"<b>{next_head}</b> {escape(decision_headline(state))}", "",
             escape(_("Until you confirm, Undo (Ctrl+Z) takes your actions back one by one, the last first. After "
                      "Confirm turn (Enter) they stay.")), "",
             f"<b>{list_head}</b>"]
    shown = listed[::-1][:MOST_LISTED]
    parts += [f"{len(listed) - i}. {escape(line)}" for i, line in enumerate(shown)]
    if len(listed) > len(shown):
        earlier = len(listed) - len(shown)
        parts.append(escape(ngettext("(and {count} earlier action)", "(and {count} earlier actions)", earlier).format(
            count=earlier)))
    return "<br>".join(parts)


class ConfirmTurnPanel:
    """Title, text and the two buttons: ``confirm_button`` (primary) pinned at the bottom, and
    ``undo_button`` above it."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, state: GameState, actions: list[Action],
                 scale: float = 1.0):
        self.rect = pygame.Rect(rect)
        self.panel = UIPanel(self.rect, starting_height=3, manager=manager, object_id="#decision_panel")
        pad = 6
        inner_w = self.rect.w - 2 * pad - 4
        title_h = max(22, round(26 * scale))
        self.title = UILabel(pygame.Rect(pad, 3, inner_w, title_h), _("Confirm your turn"), manager, container=self.panel,
                             object_id="#heading_label")
        bh = button_height(scale)
        confirm_h = bh + max(4, round(8 * scale))  # the way on: a little taller than the choices
        y_confirm = self.rect.h - pad - 4 - confirm_h
        y_undo = y_confirm - GAP - bh
        self.text = UITextBox(panel_text(state, actions), pygame.Rect(pad, title_h + 4, inner_w, y_undo - title_h - 4 - 5),
                              manager, container=self.panel)
        self.undo_button: UIButton = fitted_button(
            pygame.Rect(pad, y_undo, inner_w, bh), _("Undo last action"), manager, container=self.panel,
            tip=_("Take back your last action and decide it again (Ctrl+Z)"))
        self.confirm_button: UIButton = fitted_button(
            pygame.Rect(pad, y_confirm, inner_w, confirm_h), _("Confirm turn"), manager, container=self.panel,
            tip=_("End your turn: the next player plays (Enter). Your turn can then no longer be taken back"),
            object_id="#primary_button")

    def kill(self) -> None:
        self.panel.kill()


__all__ = ["ConfirmTurnPanel", "panel_text", "turn_actions"]
