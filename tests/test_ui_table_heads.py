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
