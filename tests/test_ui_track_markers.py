"""The power track's markers are readable at 1280x800 (play-test: nations sharing a box were
packed into it at 9 px and could not be told apart): at least 13 px, none hidden behind another,
each over its own box or beside it, all on the track. The tax chart's "+N" stand in the band
above their boxes (play-test: in a box shared by four nations the "+N" cut off the top row)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from game_scenes import _played_states

from imperial_desktop.core import GameSetup, GameState
from imperial_desktop.ui import tracks_panel
from imperial_desktop.ui.layout import game_layout


SIZES = [(1280, 800), (1280, 720), (1600, 1000)]


def crowded() -> GameState:
    """Four nations on tax box 6 and three on power box 12: the crowds of a real game's middle."""
    state = GameState.new(GameSetup.create(6, 1))
    for i, nation in enumerate(state.board.nation_ids):
        state.chart[nation] = 6 if i < 4 else (15 if i == 4 else 9)
        state.power[nation] = (12, 12, 12, 3, 25, 0)[i]
    return state


def _state(which: str) -> GameState:
    if which == "crowded":
        return crowded()
    return _played_states()["finished"] if which == "finished" else GameState.new(GameSetup.create(6, 1))


@pytest.mark.parametrize("which", ["finished", "start", "crowded"])
@pytest.mark.parametrize("size", SIZES)
def test_power_markers_are_big_and_distinct(which, size) -> None:
    pygame.init()
    state = _state(which)
    lay = game_layout(*size)
    surface = pygame.Surface(lay.size)
    markers = tracks_panel.draw_tracks(surface, lay.tracks, state, lay.scale).power
    assert set(markers) == set(state.board.nation_ids)
    centres = set()
    for nation, rect in markers.items():
        assert rect.w >= tracks_panel.MARKER_MIN and rect.h >= tracks_panel.MARKER_MIN, (nation, rect)
        assert lay.tracks.contains(rect), (nation, rect)
        centres.add(rect.center)
    assert len(centres) == len(markers)  # overlapping maybe, never one exactly over another
    alone = [n for n in markers if sum(state.power[m] == state.power[n] for m in markers) == 1]
    for nation in alone:
        assert markers[nation].w >= 15  # a marker with its box to itself fills it
    if which == "finished":  # three nations on 19: a readable 2x2 cluster around box 19
        shared = [markers[n] for n in markers if state.power[n] == 19]
        assert len(shared) == 3 and max(r.right for r in shared) - min(r.left for r in shared) <= 2.2 * tracks_panel.MARKER_MIN


@pytest.mark.parametrize("which", ["finished", "start", "crowded"])
@pytest.mark.parametrize("size", SIZES)
def test_box_numbers_are_never_covered(which, size, monkeypatch) -> None:
    """Play-test of the screenshots: the six markers at the start hid "0" and "2-5". No marker
    touches a box's number or label, and none changes a pixel of any number or "+N"."""
    pygame.init()
    state = _state(which)
    lay = game_layout(*size)
    surface = pygame.Surface(lay.size)
    drawing = tracks_panel.draw_tracks(surface, lay.tracks, state, lay.scale)
    markers = [rect.inflate(2, 2) for rect in (*drawing.power.values(), *drawing.tax.values())]  # with their rims
    bottom = max(label.bottom for label in drawing.labels)
    numbers = [label for label in drawing.labels if label.bottom == bottom]
    assert len(numbers) == 26 + len(state.board.tax_points)
    for label in numbers:
        assert label.collidelist(markers) == -1, (label, markers)
    monkeypatch.setattr(tracks_panel, "_marker", lambda surface, nation, size, centre, flash: pygame.Rect(centre, (size, size)))
    bare = pygame.Surface(lay.size)
    tracks_panel.draw_tracks(bare, lay.tracks, state, lay.scale)
    for label in drawing.labels:
        for x in range(label.left, label.right):
            for y in range(label.top, label.bottom):
                assert surface.get_at((x, y)) == bare.get_at((x, y)), (label, (x, y))


@pytest.mark.parametrize("size", SIZES)
def test_crowded_tax_box_keeps_its_markers_whole(size) -> None:
    """Four nations on one tax box: no marker (with its rim) overlaps the ink of any number or
    "+N", and every marker stays inside the boxes' row, below the band with the "+N"."""
    pygame.init()
    state = crowded()
    lay = game_layout(*size)
    drawing = tracks_panel.draw_tracks(pygame.Surface(lay.size), lay.tracks, state, lay.scale)
    box = drawing.tax_cells[6]
    shared = [rect for nation, rect in drawing.tax.items() if state.chart[nation] == 6]
    assert len(shared) == 4
    for rect in (*drawing.power.values(), *drawing.tax.values()):
        assert rect.inflate(2, 2).collidelist(drawing.labels) == -1, (rect, drawing.labels)
        assert rect.top >= box.top and rect.bottom <= box.bottom, (rect, box)
    assert max(r.right for r in shared) - min(r.left for r in shared) <= 2.2 * tracks_panel.MARKER_MIN  # a 2x2 cluster


@pytest.mark.parametrize("size", SIZES)
def test_power_points_stand_in_the_band_above_their_box(size) -> None:
    """Each tax box's "+N" is centred above it, in the band (like "factor x1" above the power
    track); inside the box only its number is left."""
    pygame.init()
    state = crowded()
    lay = game_layout(*size)
    drawing = tracks_panel.draw_tracks(pygame.Surface(lay.size), lay.tracks, state, lay.scale)
    assert set(drawing.tax_points) == set(drawing.tax_cells) == set(state.board.tax_points)
    for position, ink in drawing.tax_points.items():
        box = drawing.tax_cells[position]
        assert lay.tracks.top < ink.top and ink.bottom < box.top, (position, ink, box)
        assert abs(ink.centerx - box.centerx) <= 1 and box.left <= ink.left and ink.right <= box.right
        assert len([label for label in drawing.labels if box.contains(label)]) == 1  # its number alone
    xs = [drawing.tax_points[p].centerx for p in sorted(drawing.tax_points)]
    assert xs == sorted(xs)
