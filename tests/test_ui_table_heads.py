"""The bonds table's player columns can be told apart (play-test finding 12: three French heads
read "Ordinateu…"): names go on two lines or are cut in the middle, never to identical texts."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.panels import MIN_TEXT, column_names


@pytest.mark.parametrize("names", [["Joueur", "Ordinateur 1", "Ordinateur 2", "Ordinateur 3"],
                                   ["Spieler", "Computer 1", "Computer 2", "Computer 3", "Computer 4", "Computer 5"],
                                   ["Maximilian-Alexander", "Maximilian-Alexandra", "Bo"]])
@pytest.mark.parametrize("width", [24, 34, 44, 60, 90])
def test_player_heads_are_distinct_and_fit(names, width) -> None:
    pygame.init()
    f = font(11, "bold")
    heads = column_names(names, f, width)
    shown = ["\n".join(lines) for lines in heads]
    assert len(set(shown)) == len(names), shown
    smallest = font(MIN_TEXT, "bold")
    for lines in heads:
        assert 1 <= len(lines) <= 2
        assert all(smallest.size(line)[0] <= width for line in lines), lines


def test_french_computers_get_two_lines_at_1280(monkeypatch) -> None:
    """At the width a 1280x800 window gives each of four players, "Ordinateur 2" is shown whole
    on two lines, not cut."""
    pygame.init()
    f = font(11, "bold")
    width = f.size("Ordinateur")[0] + 2
    heads = column_names(["Joueur", "Ordinateur 1", "Ordinateur 2"], f, width)
    assert heads == [["Joueur"], ["Ordinateur", "1"], ["Ordinateur", "2"]]


def chip_runs(surface: pygame.Surface, colour, y: int) -> int:
    """How many separate stretches of ``colour`` the row ``y`` has."""
    runs, inside = 0, False
    for x in range(surface.get_width()):
        now = tuple(surface.get_at((x, y)))[:3] == tuple(colour)
        runs += now and not inside
        inside = now
    return runs


def test_each_bond_is_its_own_chip_so_values_never_read_as_one_number() -> None:
    """A player's bonds of one nation were one chip "16 6 4 2", read as a single number; now each
    bond is a chip, and where they do not fit the cell one chip joins them with "+"."""
    from imperial_desktop.ui.board_look import nation_look
    from imperial_desktop.ui.panels import bond_chips

    pygame.init()
    for width, expected in ((160, 4), (30, 1)):
        surface = pygame.Surface((width + 10, 30))
        surface.fill((240, 235, 220))
        cell = pygame.Rect(0, 4, width, 22)
        group = bond_chips(surface, [16, 6, 4, 2], "italy", cell, 11)
        assert chip_runs(surface, nation_look("italy").piece, group.y + 2) == expected
        assert cell.contains(group) or expected == 1


@pytest.mark.parametrize("size", [(1600, 1000), (2560, 1440)])
def test_the_fact_columns_grow_with_their_text(size) -> None:
    """At 2560x1440 the text is larger but the columns kept their 1600x1000 widths: "18 x3" in
    the power column ran into the flags. Every fact column is now wide enough for its widest value."""
    from helpers import new_game

    from imperial_desktop.ui.layout import game_layout
    from imperial_desktop.ui.panels import column_tip, draw_table, px

    pygame.init()
    layout = game_layout(*size)
    surface = pygame.Surface(size)
    tips: list = []
    draw_table(surface, layout.table, new_game(4, 1), layout.scale, tips=tips)
    heads = {key: rect for key in ("Treasury", "Power", "Flags") for rect, lines in tips
             if lines == column_tip(key, layout.scale)}
    size = px(12, layout.scale)
    value = font(size, "bold")
    gap = size // 2 + 4  # half an em between a value and the next column: "18 x3" and "5" read as one
    assert heads["Power"].w >= value.size("18 x3")[0] + gap
    assert heads["Treasury"].w >= value.size("28M")[0] + gap
