"""The rondel's nation markers stay on their space and never hide a space's name (play-test of the
screenshots: three markers on Factory covered the P of the Production beside it at 1280x720)."""

from __future__ import annotations

import math

import pygame
import pytest
from helpers import new_game

from imperial_desktop.ui import panels

RONDEL_RECT = {(1280, 720): pygame.Rect(900, 36, 380, 184), (1600, 1000): pygame.Rect(1125, 36, 475, 250)}


def rondel_picture(state, rect: pygame.Rect, scale: float) -> tuple[pygame.Surface, tuple[float, float, float, float]]:
    surface = pygame.Surface((rect.right, rect.bottom))
    return surface, panels.draw_rondel(surface, rect, state, scale)


@pytest.mark.parametrize("size, scale", [((1280, 720), 0.8), ((1600, 1000), 1.0)])
def test_markers_stay_on_their_space_and_under_the_names(size, scale) -> None:
    pygame.init()
    state = new_game(players=6, seed=1)
    nations = list(state.board.nation_ids)
    state.rondel.update({n: 0 for n in nations[:3]} | {n: 4 for n in nations[3:]})  # 3 on Factory, 3 on Import
    surface, geometry = rondel_picture(state, RONDEL_RECT[size], scale)
    n = len(state.board.rondel)
    msize = max(12, round(15 * scale))
    for space, count in ((0, 3), (4, 3), (1, 6)):
        cx, cy, inner_r, radius = geometry
        mid = -math.pi / 2 + space * 2 * math.pi / n
        at = (cx + (inner_r + radius) / 2 * math.cos(mid), cy + (inner_r + radius) / 2 * math.sin(mid) + 8 * scale)
        row = panels.rondel_marker_row(count, at, space, geometry, n, msize)
        for x, y in (row[0], row[-1]):
            for edge in ((x - msize // 2 + 1, y), (x + msize // 2 - 1, y)):
                assert panels.rondel_space_at(edge, geometry, n) == space, (space, count, edge)
    # the names are whole: the white of their letters is the same with and without the markers
    state.rondel.update({nation: None for nation in nations})
    bare, _ = rondel_picture(state, RONDEL_RECT[size], scale)
    white = (255, 255, 255)
    names = pygame.mask.from_threshold(bare, white, (1, 1, 1, 255))
    assert names.count() > 200
    with_markers = pygame.mask.from_threshold(surface, white, (1, 1, 1, 255))
    assert with_markers.overlap_area(names, (0, 0)) == names.count()
