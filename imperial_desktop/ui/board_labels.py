"""Region names drawn by the board view at a screen size that stays readable at every zoom.

The board image carries no region names (``map_render.render_surface(labels=False)``): at the
fit zoom of a 1280x720 window (about 0.30) names printed into the image would be 5-6 px high.
Here every name is set at ``label_px(zoom)`` screen pixels (never below ``LAND_MIN_PX``) at the
region's label point in ``maps/europe.json`` or, when a piece, badge, flag, factory, anchor, city
dot or another name is drawn there, at the nearest free place (preferably still on the region).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
import pygame

from imperial_desktop import i18n
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
        self._sprites: dict[tuple[str, int, str], tuple[pygame.Surface, pygame.Rect]] = {}
        self._ground_cache: dict[tuple, np.ndarray] = {}
        self.sea_indices = np.array([i for rid, i in self.pick_index.items() if geometry.regions[rid].kind == "sea"],
                                    dtype=np.uint8)
        self.crowded: list[str] = []  # names that found no free spot at the last placement
        self._last: dict[str, tuple[float, int]] = {}  # name -> (zoom, offset index) where it went last time

    def sprite(self, region: str, zoom: float) -> tuple[pygame.Surface, pygame.Rect]:
        """The name's image and its inked part (relative to the image)."""
        r = self.geometry.regions[region]
        sea = r.kind == "sea"
        px = label_px(zoom, sea)
        key = (region, px, i18n.language())
        cached = self._sprites.get(key)
        if cached is None:
            if sea:
                name = r.name.upper()  # two words or more: two lines, the seas are narrow at this size
                img = _sea_text(name.split(" ", 1) if " " in name else [name], px)
            else:
                text, halo = label_colours(self.grounds[region])
                img = _halo_text(r.name, px, text, halo)
            cached = self._sprites[key] = (img, img.get_bounding_rect())
        return cached

    def regions(self, seas: bool = True) -> list[str]:
        """Regions whose names are drawn (Switzerland's too: it has a name, not slots)."""
        return [rid for rid, r in self.geometry.regions.items() if seas or r.kind != "sea"]

    def _ground_under(self, region: str, zoom: float, centre_offset: tuple[int, int]) -> np.ndarray:
        """For every candidate offset: the pick-buffer value (region index, 0 off the board, 255 on
        a border) under the moved name's centre."""
        key = (region, zoom, centre_offset)
        dxs, dys = NEAR_DX, NEAR_DY
        values = self._ground_cache.get(key)
        if values is None:
            if len(self._ground_cache) > 2000:
                self._ground_cache.clear()
            lx, ly = self.geometry.regions[region].label
            xs = lx + (centre_offset[0] + dxs) / zoom
            ys = ly + (centre_offset[1] + dys) / zoom
            grid = self.pick_grid
            ix = np.clip((xs / self.pick_cell).astype(np.int32), 0, grid.shape[1] - 1)
            iy = np.clip((ys / self.pick_cell).astype(np.int32), 0, grid.shape[0] - 1)
            values = self._ground_cache[key] = grid[iy, ix]
        return values

    def place(self, zoom: float, to_screen: Callable[[Point], Point],
              obstacles: list[pygame.Rect], clip: pygame.Rect) -> list[Placed]:
        """Where every name goes this frame. ``obstacles`` are the screen rectangles of everything
        drawn over the map (pieces with their badges, flags, factories, anchors, city dots).

        A name stays at its label point if nothing is drawn there, else moves to the nearest free
        place with its centre still on its region; smallest regions choose first. A name with no
        such place goes to the nearest free place on the sea (else anywhere free, within 72 px) and
        gets a leader line to its region. Free places are found for all offsets at once from a
        summed-area table of the obstacles."""
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
        placed: list[pygame.Rect] = []
        self.crowded = []
        out: list[Placed] = []

        def candidates(rid: str) -> tuple:
            dxs, dys = NEAR_DX, NEAR_DY
            img, ink = self.sprite(rid, zoom)
            x, y = to_screen(self.geometry.regions[rid].label)
            home = img.get_rect(center=(round(x), round(y)))
            box = ink.move(home.topleft).inflate(2, 2)
            bx, by = box.x - clip.x, box.y - clip.y
            ok = (bx + dxs >= 0) & (by + dys >= 0) & (bx + dxs + box.w <= clip.w) & (by + dys + box.h <= clip.h)
            x0, y0 = np.clip((bx + dxs) // CELL, 0, w), np.clip((by + dys) // CELL, 0, h)
            x1, y1 = np.clip(-(-(bx + dxs + box.w) // CELL), 0, w), np.clip(-(-(by + dys + box.h) // CELL), 0, h)
            covered = table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]
            ground = self._ground_under(rid, zoom, (box.centerx - home.centerx, box.centery - home.centery))
            return img, ink, home, box, ok, covered, ground

        def first_free(box: pygame.Rect, mask: np.ndarray) -> tuple[int, int] | None:
            dxs, dys = NEAR_DX, NEAR_DY
            for i in np.flatnonzero(mask):
                offset = (int(dxs[i]), int(dys[i]))
                if box.move(offset).collidelist(placed) == -1:
                    return offset
            return None

        def put(rid: str, img, ink, home, box, offset, leader: bool) -> None:
            at = home.move(offset)
            placed.append(box.move(offset))
            index = OFFSET_INDEX.get(offset)
            if index is None:
                self._last.pop(rid, None)
            else:
                self._last[rid] = (zoom, index)
            target = None
            if leader:
                r = self.geometry.regions[rid]
                tx, ty = to_screen(r.city or r.label)
                target = (round(tx), round(ty))
            out.append(Placed(img, at, Mark("label", rid, ink.move(at.topleft)), target))

        # small lands first: they have the fewest free places around them
        order = sorted((rid for rid in self.regions()), key=lambda rid: (
            self.geometry.regions[rid].kind == "sea", self.geometry.regions[rid].shape.area, rid))
        for rid in order:
            img, ink, home, box, ok, covered, ground = candidates(rid)
            if not home.colliderect(clip):
                continue
            free = ok & (covered == 0)
            own = free & ((ground == self.pick_index[rid]) | ((NEAR_DX == 0) & (NEAR_DY == 0)))
            # a name stays where it was last time while that place is still free: names do not
            # jump about from one state to the next
            last = self._last.get(rid)
            before = last[1] if last is not None and last[0] == zoom else None
            if before is not None and own[before] and box.move(int(NEAR_DX[before]), int(NEAR_DY[before])).collidelist(placed) == -1:
                put(rid, img, ink, home, box, (int(NEAR_DX[before]), int(NEAR_DY[before])), leader=False)
                continue
            offset = first_free(box, own)
            if offset is not None:
                put(rid, img, ink, home, box, offset, leader=False)
                continue
            if before is not None and free[before] and box.move(int(NEAR_DX[before]), int(NEAR_DY[before])).collidelist(placed) == -1:
                put(rid, img, ink, home, box, (int(NEAR_DX[before]), int(NEAR_DY[before])), leader=True)
                continue
            offset = first_free(box, free & np.isin(ground, self.sea_indices)) or first_free(box, free)
            if offset is None:  # nowhere free: where the least is covered (pieces are drawn over it)
                self.crowded.append(rid)
                cost = np.where(ok, covered, 1 << 30)
                offset = next(((int(NEAR_DX[i]), int(NEAR_DY[i])) for i in np.argsort(cost, kind="stable")[:200]
                               if box.move(int(NEAR_DX[i]), int(NEAR_DY[i])).collidelist(placed) == -1), (0, 0))
            put(rid, img, ink, home, box, offset, leader=offset != (0, 0))
        return out


@dataclass(frozen=True)
class Placed:
    """A name as placed for this frame; ``leader`` is the screen point its leader line goes to
    when the name had to leave its region."""

    image: pygame.Surface
    at: pygame.Rect
    mark: object
    leader: tuple[int, int] | None = None


CELL = 2  # pixels per cell of the table of taken places

# Offsets (screen pixels) tried for a name, nearest first; wider sideways than up and down.
def _offsets(reach_x: int, reach_y: int, step_x: int, step_y: int) -> tuple[np.ndarray, np.ndarray]:
    pairs = sorted(((dx, dy) for dx in range(-reach_x, reach_x + 1, step_x) for dy in range(-reach_y, reach_y + 1, step_y)),
                   key=lambda d: (d[0] * d[0] + 2.2 * d[1] * d[1], d))
    return np.array([d[0] for d in pairs], dtype=np.int32), np.array([d[1] for d in pairs], dtype=np.int32)


NEAR_DX, NEAR_DY = _offsets(72, 45, 4, 3)
OFFSET_INDEX = {(int(dx), int(dy)): i for i, (dx, dy) in enumerate(zip(NEAR_DX, NEAR_DY))}
