"""The tax chart's box labels come from the board's own tax chart: its lowest box reads "≤N"
(every smaller sum counts as N) and its highest "M+", on Europe and on the test board (whose
chart starts at 4, where a fixed "2-" label was wrong)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from imperial_desktop.core import GameSetup, GameState, load_board
from imperial_desktop.core.board import DEFAULT_MAP
from imperial_desktop.resources import MAPS_VARIABLE
from imperial_desktop.ui import tracks_panel

MAPS = Path(__file__).resolve().parent / "data" / "maps"


@pytest.fixture
def maps_folder(monkeypatch):
    monkeypatch.setenv(MAPS_VARIABLE, str(MAPS))


@pytest.mark.parametrize("name, low, high", [(DEFAULT_MAP, 5, 15), ("testland", 4, 13)])
def test_the_lowest_and_highest_tax_boxes_are_named_from_the_chart(maps_folder, name, low, high):
    board = load_board(name)
    positions = sorted(board.tax_points)
    assert (positions[0], positions[-1]) == (low, high)
    assert tracks_panel.tax_box_name(board, low) == f"\u2264{low}"
    assert tracks_panel.tax_box_name(board, high) == f"{high}+"
    assert [tracks_panel.tax_box_name(board, p) for p in positions[1:-1]] == [str(p) for p in positions[1:-1]]
    tip = " ".join(tracks_panel.tax_chart_tip(board, 1.0))
    assert f'{low}M or less counts as "\u2264{low}"' in tip and "2-" not in tip


def test_the_test_board_tracks_draw_a_box_per_chart_position(maps_folder):
    from imperial_desktop.ui import board_look

    pygame.init()
    board_look.use_map("testland")  # its nations' colours for the markers
    try:
        _draw_testland()
    finally:
        board_look.use_map(DEFAULT_MAP)


def _draw_testland() -> None:
    setup = GameSetup.create(3, 1, names=["A", "B", "C"], map_name="testland")
    state = GameState.new(setup)
    surface = pygame.Surface((900, 60))
    tips: list = []
    drawing = tracks_panel.draw_tracks(surface, surface.get_rect(), state, 0.8, tips=tips)
    assert set(drawing.tax_cells) == set(state.board.tax_points)
    heads = [lines[0] for _rect, lines in tips if lines]
    assert not any("2-4" in head for head in heads)
