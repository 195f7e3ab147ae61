"""The power track's markers are readable at 1280x800 (play-test: nations sharing a box were
packed into it at 9 px and could not be told apart): at least 13 px, none hidden behind another,
each over its own box or beside it, all on the track."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from game_scenes import _played_states

from imperial_desktop.core import GameSetup, GameState
from imperial_desktop.ui import panels
from imperial_desktop.ui.layout import game_layout


@pytest.mark.parametrize("which", ["finished", "start"])
@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (1600, 1000)])
def test_power_markers_are_big_and_distinct(which, size) -> None:
    pygame.init()
    state = _played_states()["finished"] if which == "finished" else GameState.new(GameSetup.create(6, 1))
    lay = game_layout(*size)
    surface = pygame.Surface(lay.size)
    markers = panels.draw_tracks(surface, lay.tracks, state, lay.scale).power
    assert set(markers) == set(state.board.nation_ids)
    centres = set()
    for nation, rect in markers.items():
        assert rect.w >= panels.MARKER_MIN and rect.h >= panels.MARKER_MIN, (nation, rect)
        assert lay.tracks.contains(rect), (nation, rect)
        centres.add(rect.center)
    assert len(centres) == len(markers)  # overlapping maybe, never one exactly over another
    alone = [n for n in markers if sum(state.power[m] == state.power[n] for m in markers) == 1]
    for nation in alone:
        assert markers[nation].w >= 15  # a marker with its box to itself fills it
    if which == "finished":  # three nations on 19: a readable 2x2 cluster around box 19
        shared = [markers[n] for n in markers if state.power[n] == 19]
        assert len(shared) == 3 and max(r.right for r in shared) - min(r.left for r in shared) <= 2.2 * panels.MARKER_MIN


@pytest.mark.parametrize("which", ["finished", "start"])
@pytest.mark.parametrize("size", [(1280, 800), (1280, 720), (1600, 1000)])
def test_box_numbers_are_never_covered(which, size, monkeypatch) -> None:
    """Play-test of the screenshots: the six markers at the start hid "0" and "2-5". No marker
    touches a box's number or label, and none changes a pixel of any number or "+N" (a group
    reaching into the next box passes under its "+N")."""
    pygame.init()
    state = _played_states()["finished"] if which == "finished" else GameState.new(GameSetup.create(6, 1))
    lay = game_layout(*size)
    surface = pygame.Surface(lay.size)
    drawing = panels.draw_tracks(surface, lay.tracks, state, lay.scale)
    markers = [rect.inflate(2, 2) for rect in (*drawing.power.values(), *drawing.tax.values())]  # with their rims
    bottom = max(label.bottom for label in drawing.labels)
    numbers = [label for label in drawing.labels if label.bottom == bottom]
    assert len(numbers) == 26 + len(state.board.tax_points)
    for label in numbers:
        assert label.collidelist(markers) == -1, (label, markers)
    monkeypatch.setattr(panels, "_marker", lambda surface, nation, size, centre, flash: pygame.Rect(centre, (size, size)))
    bare = pygame.Surface(lay.size)
    panels.draw_tracks(bare, lay.tracks, state, lay.scale)
    for label in drawing.labels:
        for x in range(label.left, label.right):
            for y in range(label.top, label.bottom):
                assert surface.get_at((x, y)) == bare.get_at((x, y)), (label, (x, y))
