"""Region names drawn by the board view at a screen size that stays readable at every zoom.

The board image carries no region names (``map_render.render_surface(labels=False)``): at the
fit zoom of a 1280x720 window (about 0.30) names printed into the image would be 5-6 px high.
Here every name is set at ``label_px(zoom)`` screen pixels (never below ``LAND_MIN_PX``), centred
on the region's label point in ``maps/europe.json``; tools/place_labels.py keeps those points
clear of unit slots, flag slots, factory squares and each other at that size.
"""

from __future__ import annotations

from typing import Callable

import pygame

from imperial_desktop.ui.board_geometry import BoardGeometry
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.map_render import SEA_TEXT, label_colours, sea_label_lines
from imperial_desktop.ui.palette import RGB

LAND_MIN_PX = 11  # font size (em) of a land name at the smallest zoom; grows with zoom above
LAND_BOARD_SIZE = 16.0  # font size in board units once the zoom is large enough
SEA_MIN_PX = 10
SEA_BOARD_SIZE = 18.0
SEA_LINE = 1.05  # line distance of two-line sea names, in font sizes

Point = tuple[float, float]


def label_px(zoom: float, sea: bool = False) -> int:
    """Font size in screen pixels of a region name at this zoom."""
    if sea:
        return max(SEA_MIN_PX, round(SEA_BOARD_SIZE * zoom))
    return max(LAND_MIN_PX, round(LAND_BOARD_SIZE * zoom))


def _halo_text(text: str, px: int, colour: RGB, halo: RGB) -> pygame.Surface:
    f = font(px, "condensed")
    glyphs = f.render(text, True, colour)
    edge = f.render(text, True, halo)
    out = pygame.Surface((glyphs.get_width() + 2, glyphs.get_height() + 2), pygame.SRCALPHA)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            if (dx, dy) != (1, 1):
                out.blit(edge, (dx, dy))
    out.blit(glyphs, (1, 1))
    return out


def _sea_text(lines: list[str], px: int) -> pygame.Surface:
    f = font(px, "serif_italic")
    imgs = [f.render(line, True, SEA_TEXT) for line in lines]
    step = round(px * SEA_LINE)
    out = pygame.Surface((max(i.get_width() for i in imgs), step * (len(imgs) - 1) + imgs[-1].get_height()), pygame.SRCALPHA)
    for n, img in enumerate(imgs):
        out.blit(img, img.get_rect(midtop=(out.get_width() / 2, n * step)))
    return out


class LabelPainter:
    """Draws region names; caches one sprite per name and font size."""

    def __init__(self, geometry: BoardGeometry, grounds: dict[str, RGB]):
        self.geometry = geometry
        self.grounds = grounds
        self._sprites: dict[tuple[str, int], tuple[pygame.Surface, pygame.Rect]] = {}

    def sprite(self, region: str, zoom: float) -> tuple[pygame.Surface, pygame.Rect]:
        """The name's image and its inked part (relative to the image)."""
        r = self.geometry.regions[region]
        sea = r.kind == "sea"
        px = label_px(zoom, sea)
        key = (region, px)
        cached = self._sprites.get(key)
        if cached is None:
            if sea:
                img = _sea_text(sea_label_lines(r.name_en.upper()), px)
            else:
                text, halo = label_colours(self.grounds[region])
                img = _halo_text(r.name_en, px, text, halo)
            cached = self._sprites[key] = (img, img.get_bounding_rect())
        return cached

    def board_rect(self, region: str, zoom: float) -> tuple[float, float, float, float]:
        """The inked part of a name in board units (x0, y0, x1, y1) when drawn at this zoom."""
        img, ink = self.sprite(region, zoom)
        lx, ly = self.geometry.regions[region].label
        x0 = lx + (ink.x - img.get_width() / 2) / zoom
        y0 = ly + (ink.y - img.get_height() / 2) / zoom
        return (x0, y0, x0 + ink.w / zoom, y0 + ink.h / zoom)

    def regions(self, seas: bool = True) -> list[str]:
        """Regions whose names are drawn (Switzerland's too: it has a name, not slots)."""
        return [rid for rid, r in self.geometry.regions.items() if seas or r.kind != "sea"]

    def draw(self, surface: pygame.Surface, zoom: float, to_screen: Callable[[Point], Point]) -> list:
        """Blit every name; returns a ``Mark("label", ...)`` per name with its inked screen rect."""
        from imperial_desktop.ui.board_view import Mark

        marks = []
        clip = surface.get_clip()
        for rid in self.regions():
            img, ink = self.sprite(rid, zoom)
            x, y = to_screen(self.geometry.regions[rid].label)
            at = img.get_rect(center=(round(x), round(y)))
            if not at.colliderect(clip):
                continue
            surface.blit(img, at)
            marks.append(Mark("label", rid, ink.move(at.topleft)))
        return marks
