"""Tooltips drawn by the game screen itself: what a place on the panels means, and the facts of
the region pointed at (or clicked) on the board.

Two layers, both over every box the game screen draws (the summary, the hint, the coach's box):
a tip is asked for by pointing, and what it explains must not hide under a box.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.tooltip import (
    place_tooltip,
    region_tooltip_lines,
    tooltip_surface,
)

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene


class PanelTipLayer(Layer):
    """What the place under the pointer means: on the table a column head, a power cell or a
    player's head; on the tracks a title, a band or a box (with the nations on it); on the top
    bar the turn counter; on the rondel what a space would bring."""

    rank = Rank.PANEL_TIP

    def __init__(self, scene: GameScene):
        self.scene = scene
        self._tip: tuple[tuple, pygame.Surface] | None = None

    def invalidate(self) -> None:
        self._tip = None

    def draw(self, surface: pygame.Surface) -> list[str] | None:
        """Draw the tip of the place pointed at; returns its lines."""
        scene = self.scene
        if covered(scene) or scene.hot_seat.handover_to is not None:
            return None
        lay, chrome, pos = scene.layout, scene.chrome, scene.board_layer.pointer
        if _over_summary(scene, pos) or _over_coach(scene, pos):
            return None  # the place under the box is hidden: its tip would explain what is not seen
        places = next((tips for area, tips in ((lay.table, chrome.table_tips), (lay.tracks, chrome.track_tips),
                                               (lay.top_bar, chrome.top_bar_tips))
                       if area.collidepoint(pos)), [])
        lines = next((lines for rect, lines in places if rect.collidepoint(pos)), None)
        if lines is None and lay.rondel.collidepoint(pos):
            lines = chrome.rondel_tip_lines()
        if lines is None:
            return None
        key = (tuple(lines), lay.scale)
        if self._tip is None or self._tip[0] != key:  # made once per place, not every frame
            self._tip = (key, tooltip_surface(lines, lay.scale))
        tip = self._tip[1]
        surface.blit(tip, place_tooltip(tip.get_size(), pos, surface.get_size()))
        return lines


def covered(scene: GameScene) -> bool:
    """Whether an overlay covers the board and the panels (the scores, the legend; not the summary,
    which stands in the strip under the board)."""
    return scene.overlay not in (None, "summary")


def _over_summary(scene: GameScene, pos: tuple[int, int]) -> bool:
    rect = scene.summary.view.rect
    return scene.overlay == "summary" and rect is not None and rect.collidepoint(pos)


def _over_coach(scene: GameScene, pos: tuple[int, int]) -> bool:
    coach = scene.coach
    return coach is not None and not coach.hidden and coach.rect.collidepoint(pos)


class RegionTip(NamedTuple):
    """A region's tooltip as drawn: its lines, the image and where it went."""

    lines: list[str]
    image: pygame.Surface
    rect: pygame.Rect


class RegionTipLayer(Layer):
    """The facts of the region under the pointer, else of the region clicked last."""

    rank = Rank.REGION_TIP

    def __init__(self, scene: GameScene):
        self.scene = scene
        self._tip: tuple[list[str], pygame.Surface] | None = None
        self._key: tuple | None = None

    def invalidate(self) -> None:
        self._key = None

    def region(self) -> str | None:
        """The region whose facts show: the one under the pointer on the board, else the selected one."""
        board_layer = self.scene.board_layer
        region = board_layer.hover_region if self.scene.board.rect.collidepoint(board_layer.pointer) else None
        return region or board_layer.selection()

    def draw(self, surface: pygame.Surface) -> RegionTip | None:
        scene = self.scene
        if covered(scene):
            return None
        region = self.region()
        if region is None or scene.board_layer.panning or scene.board_layer.drag() is not None:
            return None
        lay = scene.layout
        key = (region, scene.session.version, lay.scale)
        if key != self._key or self._tip is None:  # the lines are made only when the region or the game changes
            lines = region_tooltip_lines(scene.session.state, region)
            self._tip = (lines, tooltip_surface(lines, lay.scale))
            self._key = key
        lines, tip = self._tip
        pointer = scene.board_layer.pointer
        anchor = pointer if scene.board.rect.collidepoint(pointer) else scene.region_point(region)
        x, y = place_tooltip(tip.get_size(), anchor, surface.get_size())
        x = max(lay.board.x, min(x, lay.board.right - tip.get_width()))
        y = max(lay.board.y, min(y, lay.board.bottom - tip.get_height()))
        return RegionTip(lines, tip, surface.blit(tip, (x, y)))


__all__ = ["PanelTipLayer", "RegionTip", "RegionTipLayer"]
