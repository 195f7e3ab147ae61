"""The map: pointing at regions, clicks (build, import, what happens here, select a region), the
start of a unit's drag, zoom with the wheel, pan with the right button, and what is lit on it.

A click is turned into the core's action with the helpers of ``ui.choices``; a click the rules
refuse shows the rule (``ui.refusals``). Boxes over the board keep clear of the regions the
decision of now is about (:meth:`BoardLayer.decision_regions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from imperial_desktop.core import BuildFactory, DecisionKind, GameState, ImportUnit, MoveArmy
from imperial_desktop.i18n import _
from imperial_desktop.ui import refusals
from imperial_desktop.ui.choices import (
    Choice,
    default_production,
    import_choice,
    move_actions,
    region_actions,
)
from imperial_desktop.ui.layers.drag import DragLayer
from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.movable import movable_origins, moving_kind
from imperial_desktop.ui.palette import HOVER, ILLEGAL, LEGAL, QUESTION

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

RGB = tuple[int, int, int]
SELECTED = (255, 214, 80)
CHOICE_POINTED = (255, 255, 255)


@dataclass
class BoardDrawing:
    """What the board showed lit: the regions and their colours, and the regions whose units
    stood ringed as able to move (with how many)."""

    highlights: dict[str, RGB]
    movable: dict[str, int]


class BoardLayer(Layer):
    """The map and the pointer over it."""

    rank = Rank.BOARD

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.pointer: tuple[int, int] = (0, 0)  # where the pointer was last ((-1, -1): over the coach's box)
        self.hover_region: str | None = None
        self.panning = False
        self.selected_region: str | None = None  # clicked: its facts stay shown until the nation turn ends
        self._selected_in_turn = 0
        self._movable: tuple[int | None, dict[str, int]] = (None, {})  # (state version, its movable origins)

    def drag(self) -> DragLayer | None:
        """The unit being dragged, if any."""
        return self.scene.layers.find(DragLayer)

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        board = scene.board
        if event.type == pygame.MOUSEMOTION:
            self._motion(event)
            return False  # the rondel under the same pointer follows it too
        if event.type == pygame.MOUSEWHEEL and board.rect.collidepoint(self.pointer):
            board.zoom_at(self.pointer, 1.15 ** event.y)
            self.hover_region = board.region_at(self.pointer)
            scene.dirty = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and board.rect.collidepoint(event.pos):
            self.panning = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.panning = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and board.rect.collidepoint(event.pos):
            self._click(event.pos)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_HOME:
            board.fit()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.selected_region is not None:
            self.selected_region = None
            return True
        return False

    def _motion(self, event: pygame.event.Event) -> None:
        scene = self.scene
        dragging = self.drag() is not None
        old = (self.hover_region, self.panning)
        self.pointer = event.pos
        if self.panning:
            scene.board.pan(*event.rel)
            scene.dirty = True
        # a stack drawn beside a small region stands for that region: pointing at it names it, not
        # the land it is drawn over (not while a click on the board builds or imports: there the
        # click goes to the land under it)
        piece = scene.board.piece_at(event.pos) if not dragging and scene.human_decision() not in (
            "factory", "import") else None
        self.hover_region = piece.region if piece is not None else scene.board.region_at(event.pos)
        if old != (self.hover_region, self.panning):
            scene.dirty = True

    def _click(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        state = scene.session.state
        kind = scene.human_decision()
        piece = scene.board.piece_at(pos) if kind == DecisionKind.MANEUVER else None
        if piece is not None and piece.nation == state.acting_nation():
            actions = move_actions(state, piece.region, piece.kind)
            if actions:
                old = self.drag()
                if old is not None:
                    scene.layers.pop(old)
                scene.layers.push(DragLayer(scene, piece, actions, pos))
                return
            scene.show_message(refusals.stuck_unit(state, piece.nation, piece.region, piece.kind))
        region = scene.board.region_at(pos)
        if region is None:
            return
        if kind is not None:
            actions = region_actions(state, region)
            if not actions:
                why = (refusals.unit_cannot_move(state, piece.nation, piece.region, piece.kind)
                       if piece is not None and piece.nation != state.acting_nation()
                       else refusals.region_click_refused(state, region))
                if why:
                    scene.show_message(why)
                    return  # a refused click selects nothing: its facts would stay pinned over the board
            if len(actions) == 1 and not isinstance(actions[0], MoveArmy):
                scene.act(actions[0])
                return
            if len(actions) > 1:
                view = [import_choice(state, a) if isinstance(a, ImportUnit) else Choice(_short(a, state), a, a.describe(state.board))
                        for a in actions]
                scene.open_choices(state.board.regions[region].name, _("What should happen here?"), view, about=(region,))
                return
        self.selected_region = None if region == self.selected_region else region
        self._selected_in_turn = state.turns_taken

    # ------------------------------------------------------------------ what is lit

    def selection(self) -> str | None:
        """The clicked region, until the nation turn it was clicked in ends (else a pinned
        box stays over the board through the computers' turns)."""
        if self.selected_region is not None and self.scene.session.state.turns_taken != self._selected_in_turn:
            self.selected_region = None
        return self.selected_region

    def highlights(self) -> dict[str, RGB]:
        """Regions lit up: drag destinations, or the cities/provinces a click can use."""
        scene = self.scene
        state = scene.session.state
        out: dict[str, RGB] = {}
        if self.selection():
            out[self.selected_region] = SELECTED  # type: ignore[index]
        drag = self.drag()
        if drag is not None:
            for region in drag.destinations:
                out[region] = LEGAL
            return out
        kind = scene.human_decision()
        if kind == DecisionKind.PRODUCTION:
            chosen = scene.decisions.production_selection
            for city in (chosen if chosen is not None else default_production(state)):
                out[city] = LEGAL
        if kind in (DecisionKind.FACTORY, DecisionKind.IMPORT):
            for a in state.legal_actions():
                if isinstance(a, BuildFactory) and a.city:
                    out[a.city] = LEGAL
                elif isinstance(a, ImportUnit):
                    out[a.region] = LEGAL
        entry = state.entry_view()
        if kind is not None and kind.startswith("entry_") and entry is not None and entry.region in scene.board.geometry.regions:
            out[entry.region] = QUESTION  # where the question is asked: the entered region
        for region in scene.decisions.pointed_regions:
            out[region] = CHOICE_POINTED
        out.update(scene.hints.regions())
        if scene.coach is not None:
            out.update(scene.coach.region_marks())
        return out

    def decision_regions(self) -> tuple[str, ...]:
        """The regions the pending decision of a human at this screen is about: the region a battle
        question is asked in, the cities a choice can use, the units that can still move. Boxes over
        the board keep clear of them where they can (a summary must not hide the region of its
        battle question)."""
        if self.scene.human_decision() is None:
            return ()
        lit = [region for region, colour in self.highlights().items() if colour in (LEGAL, QUESTION)]
        return tuple(sorted(set(lit) | set(self.movable_origins())))

    def movable_origins(self) -> dict[str, int]:
        """The regions whose units a human at this screen can still move in the maneuver now (and
        how many): none for a computer, during the handover, a step being shown or a drag."""
        if self.drag() is not None or self.scene.human_decision() != "maneuver":
            return {}
        version, origins = self._movable
        if version != self.scene.session.version:  # worked out once per state, not every frame
            origins = movable_origins(self.scene.session.state)
            self._movable = (self.scene.session.version, origins)
        return origins

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> BoardDrawing:
        scene = self.scene
        state = scene.session.state
        hidden = scene.presenter.animator.hidden()
        drag = self.drag()
        if drag is not None:
            hidden = hidden + ((drag.piece.region, drag.piece.nation, drag.piece.kind),)
        movable = self.movable_origins()
        kind = moving_kind(state)
        refused = drag is not None and drag.refused_at(self.hover_region)
        highlights = self.highlights()
        scene.board.draw(surface, state, version=scene.session.version, hover=self.hover_region,
                         highlights=highlights, hidden=hidden,
                         movable=tuple((r, state.acting_nation(), kind) for r in movable),
                         hover_colour=ILLEGAL if refused else HOVER)
        return BoardDrawing(highlights, movable)


def _short(action, state: GameState) -> str:
    """An action's words without its nation's name in front (the panel names the region)."""
    text = action.describe(state.board)
    nation = state.board.nation_by_id.get(getattr(action, "nation", ""), None)
    if nation is not None and text.startswith(nation.name + ": "):
        text = text[len(nation.name) + 2:]
    return text[0].upper() + text[1:]


__all__ = ["BoardDrawing", "BoardLayer"]
