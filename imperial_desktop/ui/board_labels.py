"""Region names drawn by the board view at a screen size that stays readable at every zoom.

The board image carries no region names (``map_render.render_surface(labels=False)``): at the
fit zoom of a 1280x720 window (about 0.30) names printed into the image would be 5-6 px high.
Here every name is set at ``label_px(zoom)`` screen pixels (never below ``LAND_MIN_PX``) at the
region's label point in ``maps/europe.json`` or, when a piece, badge, flag, factory, anchor, city
dot or another name is drawn there, at the nearest free place (preferably still on the region).
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pygame

from imperial_desktop.ui.board_geometry import BoardGeometry
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.hit_test import CELL as CELL_HIT, RegionHitTester
from imperial_desktop.ui.map_render import SEA_TEXT, label_colours
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

    def __init__(self, geometry: BoardGeometry, grounds: dict[str, RGB], tester: RegionHitTester):
        self.geometry = geometry
        self.pick_grid = np.frombuffer(tester.buffer, dtype=np.uint8).reshape(tester.h, tester.w)
        self.pick_cell = CELL_HIT
        self.pick_index = {rid: i for i, rid in enumerate(tester.ids, start=1)}
        self.grounds = grounds
        self._sprites: dict[tuple[str, int], tuple[pygame.Surface, pygame.Rect]] = {}
        self._inside_cache: dict[tuple, np.ndarray] = {}
        self.crowded: list[str] = []  # names that found no free spot at the last placement

    def sprite(self, region: str, zoom: float) -> tuple[pygame.Surface, pygame.Rect]:
        """The name's image and its inked part (relative to the image)."""
        r = self.geometry.regions[region]
        sea = r.kind == "sea"
        px = label_px(zoom, sea)
        key = (region, px)
        cached = self._sprites.get(key)
        if cached is None:
            if sea:
                name = r.name_en.upper()  # two words or more: two lines, the seas are narrow at this size
                img = _sea_text(name.split(" ", 1) if " " in name else [name], px)
            else:
                text, halo = label_colours(self.grounds[region])
                img = _halo_text(r.name_en, px, text, halo)
            cached = self._sprites[key] = (img, img.get_bounding_rect())
        return cached

    def regions(self, seas: bool = True) -> list[str]:
        """Regions whose names are drawn (Switzerland's too: it has a name, not slots)."""
        return [rid for rid, r in self.geometry.regions.items() if seas or r.kind != "sea"]

    def _inside_mask(self, region: str, zoom: float, centre_offset: tuple[int, int]) -> np.ndarray:
        """For every candidate offset: does the moved name's centre still lie on its own region?
        (Read from the hit-tester's pick buffer; cells on borders count as outside.)"""
        key = (region, zoom, centre_offset)
        mask = self._inside_cache.get(key)
        if mask is None:
            if len(self._inside_cache) > 2000:
                self._inside_cache.clear()
            lx, ly = self.geometry.regions[region].label
            xs = lx + (centre_offset[0] + _DX) / zoom
            ys = ly + (centre_offset[1] + _DY) / zoom
            grid = self.pick_grid
            ix = np.clip((xs / self.pick_cell).astype(np.int32), 0, grid.shape[1] - 1)
            iy = np.clip((ys / self.pick_cell).astype(np.int32), 0, grid.shape[0] - 1)
            mask = self._inside_cache[key] = grid[iy, ix] == self.pick_index[region]
        return mask

    def place(self, zoom: float, to_screen: Callable[[Point], Point],
              obstacles: list[pygame.Rect], clip: pygame.Rect) -> list[tuple[pygame.Surface, pygame.Rect, object]]:
        """Where every name goes this frame: at its label point if nothing drawn is there, else at the
        nearest free spot, preferably still on its own region. Returns (image, where, Mark) per name.

        ``obstacles`` are the screen rectangles of everything drawn over the map (pieces with their
        badges, flags, factories, anchors); names also keep clear of each other. The free spots
        are found at once for all offsets from a summed-area table of the obstacles."""
        from imperial_desktop.ui.board_view import Mark

        w, h = -(-clip.w // CELL), -(-clip.h // CELL)
        busy = np.zeros((h + 1, w + 1), dtype=np.int32)
        for r in obstacles:  # cells a rectangle touches at all count as taken
            r = r.clip(clip)
            if r.w and r.h:
                x0, y0 = (r.x - clip.x) // CELL, (r.y - clip.y) // CELL
                x1, y1 = -(-(r.right - clip.x) // CELL), -(-(r.bottom - clip.y) // CELL)
                busy[y0 + 1:y1 + 1, x0 + 1:x1 + 1] = 1
        table = busy.cumsum(0).cumsum(1)

        def taken_cells(x0, y0, x1, y1):
            return table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]

        placed: list[pygame.Rect] = []
        out = []
        self.crowded = []
        # small lands first: they have the fewest free places around them
        order = sorted(self.regions(), key=lambda rid: (self.geometry.regions[rid].kind == "sea",
                                                         self.geometry.regions[rid].shape.area, rid))
        for rid in order:
            img, ink = self.sprite(rid, zoom)
            x, y = to_screen(self.geometry.regions[rid].label)
            home = img.get_rect(center=(round(x), round(y)))
            if not home.colliderect(clip):
                continue
            box = ink.move(home.topleft).inflate(2, 2)
            bx, by = box.x - clip.x, box.y - clip.y
            if (clip.contains(box) and box.collidelist(placed) == -1
                    and not taken_cells(bx // CELL, by // CELL, -(-(bx + box.w) // CELL), -(-(by + box.h) // CELL))):
                placed.append(box)
                out.append((img, home, Mark("label", rid, ink.move(home.topleft))))
                continue
            x0 = (bx + _DX) // CELL
            y0 = (by + _DY) // CELL
            x1 = -(-(bx + _DX + box.w) // CELL)
            y1 = -(-(by + _DY + box.h) // CELL)
            ok = (bx + _DX >= 0) & (by + _DY >= 0) & (bx + _DX + box.w <= clip.w) & (by + _DY + box.h <= clip.h)
            covered = taken_cells(np.clip(x0, 0, w), np.clip(y0, 0, h), np.clip(x1, 0, w), np.clip(y1, 0, h))
            free = ok & (covered == 0)
            inside = self._inside_mask(rid, zoom, (box.centerx - home.centerx, box.centery - home.centery))
            best = loose = None
            for i in np.flatnonzero(free & inside):
                cand = box.move(int(_DX[i]), int(_DY[i]))
                if cand.collidelist(placed) == -1:
                    best = (int(_DX[i]), int(_DY[i]))
                    break
            if best is None:
                for i in np.flatnonzero(free & ~inside):
                    cand = box.move(int(_DX[i]), int(_DY[i]))
                    if cand.collidelist(placed) == -1:
                        loose = (int(_DX[i]), int(_DY[i]))
                        break
            best = best or loose
            if best is None:  # nowhere free: where the least is covered (pieces are drawn over it)
                self.crowded.append(rid)
                cost = np.where(ok, covered * 4 + (~inside) * 8, 1 << 30)
                for i in np.argsort(cost, kind="stable")[:200]:
                    if box.move(int(_DX[i]), int(_DY[i])).collidelist(placed) == -1:
                        best = (int(_DX[i]), int(_DY[i]))
                        break
                best = best or (0, 0)
            at = home.move(best)
            placed.append(box.move(best))
            out.append((img, at, Mark("label", rid, ink.move(at.topleft))))
        return out


CELL = 2  # pixels per cell of the table of taken places

# Offsets (screen pixels) tried for a name, nearest first; wider sideways than up and down.
CANDIDATES: list[tuple[int, int]] = sorted(
    ((dx, dy) for dx in range(-72, 73, 4) for dy in range(-45, 46, 3)),
    key=lambda d: (d[0] * d[0] + 2.2 * d[1] * d[1], d))
_DX = np.array([d[0] for d in CANDIDATES], dtype=np.int32)
_DY = np.array([d[1] for d in CANDIDATES], dtype=np.int32)
