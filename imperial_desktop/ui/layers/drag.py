"""A unit being dragged in a maneuver: it follows the pointer, its legal destinations light up,
the name of the region under it says whether it may go there, and the drop moves it (or names
the rule that forbids it). Esc cancels the drag, before anything else Esc would close.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from imperial_desktop.core import Action, MoveArmy
from imperial_desktop.i18n import _
from imperial_desktop.ui import panels, refusals
from imperial_desktop.ui.choices import Choice, convoy_label
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.palette import ILLEGAL
from imperial_desktop.ui.piece_layout import Piece

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene


class DragLayer(Layer):
    """A unit being dragged: where from, what it may do, where the pointer is."""

    rank = Rank.DRAG

    def __init__(self, scene: GameScene, piece: Piece, actions: list[Action], pos: tuple[int, int]):
        self.scene = scene
        self.piece = piece
        self.actions = actions
        self.destinations: set[str] = {a.destination for a in actions}  # type: ignore[attr-defined]
        self.pos = pos

    def captures(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.scene.layers.pop(self)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pos = event.pos
            self.scene.dirty = True
            return False  # the board under it still follows the pointer
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._drop(event.pos)
            return True
        return False

    def refused_at(self, region: str | None) -> bool:
        """Whether the unit cannot go to ``region`` (its outline under the pointer turns red before
        the drop: neutral land must not light up like any region)."""
        return region is not None and region != self.piece.region and region not in self.destinations

    def _drop(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        scene.layers.pop(self)
        state = scene.session.state
        region = scene.board.region_at(pos)
        if region is None or region == self.piece.region:
            return  # dropped where it was: nothing happens
        if scene.human_decision() != "maneuver":
            return
        piece = self.piece
        matches = [a for a in self.actions if a.destination == region and state.is_legal(a)]  # type: ignore[attr-defined]
        if not matches:
            scene.show_message(refusals.move_refused(state, piece.nation, piece.kind, piece.region, region))
            return
        if len(matches) == 1:
            scene.act(matches[0])
            return
        choices = [Choice(convoy_label(state, a), a, _("The fleets used here cannot carry another army this turn."))
                   for a in matches if isinstance(a, MoveArmy)]
        scene.open_choices(_("Choose the route"), _("The army can reach {region} in several ways.").format(
            region=state.board.regions[region].name), choices,
            about=(piece.region, region) + tuple(sea for a in matches if isinstance(a, MoveArmy) for sea in a.convoy or ()))

    def draw(self, surface: pygame.Surface) -> tuple[str, bool] | None:
        """The unit under the pointer, and the name of the region under it; returns that name and
        whether the unit is refused there."""
        scene = self.scene
        state = scene.session.state
        sprite = scene.board.sprite_for(self.piece, scene.board.token_size() + 4, state)
        ghost = sprite.copy()
        ghost.set_alpha(210)
        at = ghost.get_rect(center=self.pos)
        surface.blit(ghost, at)
        return self._draw_tag(surface, at)

    def _draw_tag(self, surface: pygame.Surface, ghost: pygame.Rect) -> tuple[str, bool] | None:
        """The name of the region under the unit, under it: green where it can go, red where not (a
        player aims at a name drawn over the sea beside its small region)."""
        scene = self.scene
        board_layer = scene.board_layer
        region = board_layer.hover_region if scene.board.rect.collidepoint(board_layer.pointer) else None
        state = scene.session.state
        if region is None or region not in state.board.regions:
            return None
        refused = self.refused_at(region)
        name = state.board.regions[region].name
        image = font(panels.px(13, scene.layout.scale), "bold").render(name, True, (255, 255, 255))
        tag = image.get_rect().inflate(12, 6)
        tag.midtop = (ghost.centerx, ghost.bottom + 4)
        tag.clamp_ip(scene.board.rect)
        home = region == self.piece.region  # dropped there: it stays
        pygame.draw.rect(surface, ILLEGAL if refused else (90, 90, 90) if home else (40, 120, 70), tag, border_radius=5)
        pygame.draw.rect(surface, (20, 20, 20), tag, 1, border_radius=5)
        surface.blit(image, image.get_rect(center=tag.center))
        return (name, refused)


__all__ = ["DragLayer"]
