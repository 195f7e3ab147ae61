"""A small choice panel over a corner of the board: the route of a convoyed army, what to do in
a region clicked, a donation. It stands in the corner that hides least of the regions it is
about and of the nation's units (an import question must not stand over the army just imported),
and holds the computers while it is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from imperial_desktop.core import Donate
from imperial_desktop.i18n import _
from imperial_desktop.ui.choices import Choice, DecisionView
from imperial_desktop.ui.dialogs import ChoicePanel
from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.localized import format_money as money
from imperial_desktop.ui.placement import point_rects, quietest_corner
from imperial_desktop.ui.rules_topics import topic_for_decision

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene


class AuxLayer(Layer):
    """The panel's choices and Cancel; Esc closes it, and Enter does not choose the decision
    panel's primary choice behind it."""

    rank = Rank.AUX

    def __init__(self, scene: GameScene, title: str, prompt: str, choices: list[Choice], help_topic: str | None = None,
                 about: tuple[str, ...] = ()):
        self.scene = scene
        b = scene.layout.board
        w = min(440, b.w - 20)
        size = (w, min(b.h - 16, 150 + 32 * len(choices)))
        state = scene.session.state
        nation = state.acting_nation()
        units = [r for r in state.board.regions if nation is not None
                 and (state.armies[nation].get(r) or state.fleets[nation].get(r))]
        keep_clear = [point_rects([scene.region_point(r) for r in about]),
                      point_rects([scene.region_point(r) for r in units])]
        rect = quietest_corner(size, b.inflate(-20, -16), keep_clear, ("topright", "topleft", "bottomright", "bottomleft"))
        self.panel = ChoicePanel(scene.manager, rect, DecisionView(title, prompt, choices), cancel=_("Cancel"),
                                 object_id="#aux_panel", scale=scene.layout.scale,
                                 help_topic=help_topic or topic_for_decision(state.decision()))

    def handle_event(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.panel.cancel_button:
                scene.layers.pop(self)
                return True
            choice = self.panel.choice_for(event.ui_element)
            if choice is None:
                return False
            if choice.action is not None:
                scene.act(choice.action)
            return True
        if event.type == pygame.MOUSEWHEEL:
            return self.panel.wheel(scene.board_layer.pointer, event.y)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.layers.pop(self)
            return True
        return event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)

    def holds_computers(self) -> bool:
        return True

    def resize(self, size: tuple[int, int]) -> None:
        self.scene.layers.pop(self)  # laid out for the old size

    def close(self) -> None:
        self.panel.kill()
        self.scene.dirty = True


def open_choices(scene: GameScene, title: str, prompt: str, choices: list[Choice], help_topic: str | None = None,
                 about: tuple[str, ...] = ()) -> None:
    """Open a small choice panel (in place of one open)."""
    if scene.manager is None:
        return
    close_choices(scene)
    scene.layers.push(AuxLayer(scene, title, prompt, choices, help_topic, about))
    scene.dirty = True


def close_choices(scene: GameScene) -> None:
    layer = scene.layers.find(AuxLayer)
    if layer is not None:
        scene.layers.pop(layer)


def open_donation(scene: GameScene) -> None:
    """Donate 1, 2 or 5M (or all) of the deciding human's cash to a nation's treasury."""
    state = scene.session.state
    player = state.current_player()
    if player is None or not scene.session.waits_for_local_input():
        scene.show_message(_("Donations are made by the player deciding now"))
        return
    cash = state.cash[player]
    if cash <= 0:
        scene.show_message(_("You have no cash to give"))
        return
    choices = []
    for nation in state.board.nation_ids:
        for amount in sorted({1, 2, 5, cash} & set(range(1, cash + 1))):
            choices.append(Choice(_("{nation}: give {amount}").format(nation=state.board.nation_by_id[nation].name,
                                                                       amount=money(amount)), Donate(player, nation, amount),
                                  _("Treasury now {treasury}; you keep {rest}.").format(
                                      treasury=money(state.treasury[nation]), rest=money(cash - amount)), group=nation))
    open_choices(scene, _("Donation"), _("{player} ({cash}): give cash to a treasury. It cannot be taken back by you later.").format(
        player=state.setup.players[player], cash=money(cash)), choices, help_topic=topic_for_decision("donation"))


__all__ = ["AuxLayer", "close_choices", "open_choices", "open_donation"]
