"""The rondel's nation markers stay on their space and never hide a space's name (play-test of the
screenshots: three markers on Factory covered the P of the Production beside it at 1280x720)."""

from __future__ import annotations

import math

import pygame
import pytest
from helpers import new_game

from imperial_desktop.ui import panels, rondel_panel
from imperial_desktop.ui.layout import game_layout

RONDEL_RECT = {(1280, 720): pygame.Rect(900, 36, 380, 184), (1600, 1000): pygame.Rect(1125, 36, 475, 250)}
SIZES = [(1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 1000), (1920, 1080), (2560, 1440), (1280, 1024)]


def rondel_picture(state, rect: pygame.Rect, scale: float) -> tuple[pygame.Surface, tuple[float, float, float, float]]:
    surface = pygame.Surface((rect.right, rect.bottom))
    return surface, rondel_panel.draw_rondel(surface, rect, state, scale)


@pytest.mark.parametrize("size, scale", [((1280, 720), 0.8), ((1600, 1000), 1.0)])
def test_markers_stay_on_their_space_and_under_the_names(size, scale) -> None:
    pygame.init()
    state = new_game(players=6, seed=1)
    nations = list(state.board.nation_ids)
    state.rondel.update({n: 0 for n in nations[:3]} | {n: 4 for n in nations[3:]})  # 3 on Factory, 3 on Import
    surface, geometry = rondel_picture(state, RONDEL_RECT[size], scale)
    n = len(state.board.rondel)
    msize = rondel_panel.rondel_marker_size(scale)
    labels = rondel_panel.rondel_labels(tuple(space.name for space in state.board.rondel), geometry, scale)
    for space, count in ((0, 3), (4, 3), (1, 6), (2, 2)):
        row = rondel_panel.rondel_marker_row(count, labels[space].markers_at, space, geometry, n, msize)
        for x, y in (row[0], row[-1]):
            for edge in ((x - msize // 2 + 1, y), (x + msize // 2 - 1, y)):
                assert rondel_panel.rondel_space_at(edge, geometry, n) == space, (space, count, edge)
    # the names are whole: the white of their letters is the same with and without the markers
    state.rondel.update({nation: None for nation in nations})
    bare, _ = rondel_picture(state, RONDEL_RECT[size], scale)
    white = (255, 255, 255)
    names = pygame.mask.from_threshold(bare, white, (1, 1, 1, 255))
    assert names.count() > 200
    with_markers = pygame.mask.from_threshold(surface, white, (1, 1, 1, 255))
    assert with_markers.overlap_area(names, (0, 0)) == names.count()


def inside_space(rect: pygame.Rect, space: int, spaces: int, geometry) -> bool:
    """Every corner of ``rect`` within the space's angles and the outer radius, its nearest point
    beyond the inner radius."""
    cx, cy, inner_r, radius = geometry
    width = 2 * math.pi / spaces
    for x, y in ((rect.left, rect.top), (rect.right, rect.top), (rect.left, rect.bottom), (rect.right, rect.bottom)):
        angle = (math.atan2(y - cy, x - cx) + math.pi / 2 - (space - 0.5) * width) % (2 * math.pi)
        if angle > width or math.hypot(x - cx, y - cy) > radius:
            return False
    nearest = (min(max(cx, rect.left), rect.right), min(max(cy, rect.top), rect.bottom))
    return math.hypot(nearest[0] - cx, nearest[1] - cy) >= inner_r


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_every_name_lies_inside_its_space(language, size) -> None:
    """Play-test of the screenshots: "Production" and "Maneuver" crossed into the next spaces at 1280x720."""
    from imperial_desktop import i18n

    pygame.init()
    i18n.set_language(language)
    try:
        state = new_game(players=6, seed=1)
        lay = game_layout(*size)
        surface = pygame.Surface(lay.size)
        geometry = rondel_panel.draw_rondel(surface, lay.rondel, state, lay.scale)
        drawn = rondel_panel.draw_rondel_names(surface, state, geometry, lay.scale)
    finally:
        i18n.set_language("en")
    n = len(state.board.rondel)
    assert sorted(drawn) == list(range(n))
    for space, rect in drawn.items():
        assert inside_space(rect, space, n, geometry), (state.board.rondel[space].name, rect)
    labels = rondel_panel.rondel_labels(tuple(space.name for space in state.board.rondel), geometry, lay.scale)
    for label in labels:
        assert label.size >= panels.MIN_TEXT and len(label.lines) <= 2
        assert "".join(label.lines).replace("-", "") in {space.name.replace("-", "") for space in state.board.rondel}
