"""Fast point -> region lookups for the mouse.

The region shapes come from shapely (BoardGeometry). Asking shapely for every mouse event
costs 50-150 microseconds here, so interiors are answered from a pick buffer rasterised from
those same polygons (one byte per cell of ``CELL`` board units), and every cell within two
cells of a border, a coast or an island is marked ambiguous and decided by shapely itself
(BoardGeometry.region_at: STRtree query, exact). Answers therefore always equal shapely's.
"""

from __future__ import annotations

import numpy as np
import pygame
import pygame.surfarray  # imported, not reached through pygame's lazy attribute (safe in a thread)

from imperial_desktop.ui.board_geometry import BoardGeometry

CELL = 1.0  # board units per pick-buffer cell
AMBIGUOUS = 255


class RegionHitTester:
    """``region_at(x, y)`` in board coordinates, equal to ``BoardGeometry.region_at``."""

    def __init__(self, geometry: BoardGeometry):
        self.geometry = geometry
        self.ids = list(geometry.regions)
        if len(self.ids) >= AMBIGUOUS:
            raise ValueError("too many regions for a one-byte pick buffer")
        self.w = int(geometry.width / CELL) + 1
        self.h = int(geometry.height / CELL) + 1
        surf = pygame.Surface((self.w, self.h), depth=8)
        surf.set_palette([(i, i, i) for i in range(256)])
        surf.fill(0)
        holes = []
        for index, rid in enumerate(self.ids, start=1):
            shape = geometry.regions[rid].shape
            for poly in getattr(shape, "geoms", [shape]):
                pygame.draw.polygon(surf, index, [(x / CELL, y / CELL) for x, y in poly.exterior.coords])
                holes.extend(poly.interiors)
        for ring in holes:  # a hole may hold another region or nothing: let shapely decide there
            pygame.draw.polygon(surf, AMBIGUOUS, [(x / CELL, y / CELL) for x, y in ring.coords])
        # Scanline fills disagree with exact geometry along edges: every cell an outline
        # touches is left to shapely.
        for rid in self.ids:
            shape = geometry.regions[rid].shape
            for poly in getattr(shape, "geoms", [shape]):
                for ring in (poly.exterior, *poly.interiors):
                    pygame.draw.lines(surf, AMBIGUOUS, True, [(x / CELL, y / CELL) for x, y in ring.coords], 3)
        grid = pygame.surfarray.array2d(surf).T.astype(np.uint8)  # rows = y
        ambiguous = np.zeros_like(grid, dtype=bool)
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                if dx or dy:
                    ambiguous |= grid != np.roll(np.roll(grid, dy, axis=0), dx, axis=1)
        ambiguous[:2, :] = ambiguous[-2:, :] = True
        ambiguous[:, :2] = ambiguous[:, -2:] = True
        grid[ambiguous] = AMBIGUOUS
        self.buffer = grid.tobytes()
        self.fallbacks = 0

    def region_at(self, x: float, y: float) -> str | None:
        """The region under board point (x, y), or None (off the board, islands)."""
        ix = int(x / CELL)
        iy = int(y / CELL)
        if x < 0 or y < 0 or ix >= self.w or iy >= self.h:
            return None
        value = self.buffer[iy * self.w + ix]
        if value == AMBIGUOUS:
            self.fallbacks += 1
            return self.geometry.region_at(x, y)
        return self.ids[value - 1] if value else None


_HIT_TESTERS: dict[int, RegionHitTester] = {}


def hit_tester(geometry: BoardGeometry) -> RegionHitTester:
    """The (cached) fast hit-tester of a board geometry."""
    tester = _HIT_TESTERS.get(id(geometry))
    if tester is None:
        tester = _HIT_TESTERS[id(geometry)] = RegionHitTester(geometry)
    return tester
