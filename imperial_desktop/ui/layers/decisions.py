"""The place for decisions: the decision panel of a human at this screen, or, while a played turn
waits for its confirmation, the Confirm turn panel (:mod:`.confirm_turn`) in its place.

Both are made again when the game, the size or the production chosen changes; the hint's (or
the coach's) choice is shown selected, and pointing at a choice lights its rondel space and regions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from imperial_desktop.core import DecisionKind
from imperial_desktop.ui.choices import (
    Choice,
    decision_view,
    default_production,
    production_view,
)
from imperial_desktop.ui.dialogs import ChoicePanel
from imperial_desktop.ui.layers.confirm_turn import ConfirmTurnLayer
from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.rules_topics import topic_for_decision

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene


class DecisionLayer(Layer):
    """The decision panel (None when no human at this screen decides now) and the production chosen in it."""

    rank = Rank.DECISION

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.panel: ChoicePanel | None = None
        self.production_selection: set[str] | None = None  # factories switched on in the production dialog
        self._production_for: int | None = None
        self.pointed_regions: tuple[str, ...] = ()  # the regions of the choice pointed at
        self._pressed: Choice | None = None  # the choice whose detail lines the mouse button went down on
        self._key: tuple | None = None

    def rebuild(self) -> None:
        """Make the panels again at the next refresh (the decision of now may have changed)."""
        self._key = None

    def confirm_layer(self) -> ConfirmTurnLayer | None:
        return self.scene.layers.find(ConfirmTurnLayer)

    def production_selection_key(self) -> tuple[str, ...] | None:
        return None if self.production_selection is None else tuple(sorted(self.production_selection))

    def refresh(self) -> None:
        """Show the pending decision's choices when a human at this screen must decide, or the
        Confirm turn panel when a played turn waits."""
        scene = self.scene
        if scene.manager is None:
            return
        session = scene.session
        state = session.state
        busy = scene.presenter.busy
        waiting = session.awaiting_confirmation() and not busy
        human = session.waits_for_local_input() and scene.hot_seat.handover_to is None and not busy
        key = (session.version, human, scene.layout.size, self.production_selection_key(), waiting)
        if key == self._key:
            return
        self._key = key
        scene.dirty = True
        if self.panel is not None:
            self.panel.kill()
            self.panel = None
            scene.chrome.rondel_hover = None
            self.pointed_regions = ()
        confirm = self.confirm_layer()
        if confirm is not None:
            scene.layers.pop(confirm)
        if waiting:  # the turn is played: confirmed, or taken back with Undo
            scene.layers.push(ConfirmTurnLayer(scene))
            return
        if not human:
            return
        if state.decision() is not None and state.decision().kind == DecisionKind.PRODUCTION:
            if self._production_for != session.version:
                self.production_selection = None
                self._production_for = session.version
            view = production_view(state, self.production_selection)
        else:
            view = decision_view(state)
        if view is None:
            return
        self.panel = ChoicePanel(scene.manager, scene.layout.decision.inflate(-4, -4), view, scale=scene.layout.scale,
                                 on_hover=self._pointed, help_topic=topic_for_decision(state.decision()))

    def _pointed(self, choice: Choice | None) -> None:
        self.scene.chrome.rondel_hover = None if choice is None else choice.rondel_space
        self.pointed_regions = () if choice is None else choice.regions
        self.scene.dirty = True

    def toggle_factory(self, city: str) -> None:
        """Switch one factory on or off in the production dialog (only while production is asked)."""
        session = self.scene.session
        state = session.state
        decision = state.decision()
        if decision is None or decision.kind != DecisionKind.PRODUCTION or not session.waits_for_local_input():
            self._key = None  # a stale panel: rebuild it for the decision of now
            return
        chosen = set(self.production_selection if self.production_selection is not None else default_production(state))
        chosen ^= {city}
        self.production_selection = chosen
        self._production_for = session.version
        self._key = None  # show the switch in its new position

    def intercept(self, event: pygame.event.Event) -> bool:
        """A click on a choice's detail lines is a click on its button (before the panel, which
        would take it and do nothing): pressed and released over the same lines, it chooses."""
        panel = self.panel
        if panel is None or event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False
        target = panel.caption_target(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = target[1] if target is not None else None
            return target is not None
        pressed, self._pressed = self._pressed, None
        if pressed is None:
            return False
        if target is not None and target[1] is pressed:
            self._choose(pressed)
        return True

    def _choose(self, choice: Choice) -> None:
        if choice.toggle is not None:
            self.toggle_factory(choice.toggle)
        elif choice.action is not None:
            self.scene.act_checked(choice.action)

    def handle_event(self, event: pygame.event.Event) -> bool:
        panel = self.panel
        if panel is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            choice = panel.choice_for(event.ui_element)
            if choice is None:
                return False
            self._choose(choice)
            return True
        if event.type == pygame.MOUSEWHEEL:
            return panel.wheel(self.scene.board_layer.pointer, event.y)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            primary = panel.primary()
            if primary is not None and primary.action is not None:
                self.scene.act_checked(primary.action)
            return True
        return False

    def follow_pointer(self) -> None:
        """The pointed choice followed, and the hint's first choice (else the coach's lesson's) shown
        selected in the panel (the others not)."""
        if self.panel is None:
            return
        self.panel.update_hover(self.scene.board_layer.pointer)
        best = self.scene.hints.best_action()
        if best is None and self.scene.coach is not None:
            best = self.scene.coach.expected_action()
        for button, choice in self.panel.buttons.items():
            want = choice.switched_on or (best is not None and choice.action == best)  # a switch on stays selected
            if want and not button.is_selected:
                button.select()
            elif not want and button.is_selected:
                button.unselect()

    def close(self) -> None:
        if self.panel is not None:
            self.panel.kill()
            self.panel = None


__all__ = ["DecisionLayer"]
