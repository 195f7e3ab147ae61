"""Decision panel titles fit the heading font at 1280x720 in English, German and French
(play-test finding 14: "…: maneuver (armies)" fell back to the plain font), for every nation."""

from __future__ import annotations

import pygame
import pytest
from game_scenes import _played_states, open_scene
from pygame_gui.elements import UILabel

from imperial_desktop import i18n

TITLES = ("{nation}: rondel", "{nation}: factory", "{nation}: import", "{nation}: move fleets", "{nation}: move armies",
          "{nation}: battle?")


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_every_nations_decision_titles_fit_the_heading_font_at_1280x720(language, monkeypatch) -> None:
    monkeypatch.setenv(i18n.LANGUAGE_ENV, language)
    i18n.set_language(language)
    try:
        states = _played_states()
        driver = open_scene(states["maneuver-armies"], (1280, 720))
        panel = driver.scene.decisions.panel
        assert "#heading_label" in panel.title.object_ids[-1]  # the title shown now is in the heading font
        room = panel.title.relative_rect.w - 8  # as the panel measures it (the label's padding)
        heading = UILabel(pygame.Rect(0, 0, 10, 10), "", driver.manager, object_id="#heading_label").font
        board = states["rondel"].board
        too_wide = [(title, heading.size(title)[0]) for nation in board.nation_ids for template in TITLES
                    if heading.size(title := i18n._(template).format(nation=board.name_of(nation)))[0] > room]
        assert too_wide == [], room
    finally:
        i18n.set_language("en")


def test_a_two_line_headline_is_balanced_and_leaves_no_word_alone() -> None:
    """French play-test (session 18): the top bar wrapped "… avance sur la case Manœuvre de la" /
    "roue". A headline that needs two lines now splits where both lines are about as wide."""
    from imperial_desktop.ui.fonts import font
    from imperial_desktop.ui.panels import _wrap, balanced_lines

    pygame.init()
    f = font(13, "bold")
    sentence = "Empire Germanique\u00a0: avance sur la case Manœuvre de la roue"
    width = f.size(sentence)[0] - f.size(" roue")[0] + 2  # the greedy wrap leaves "roue" alone
    assert _wrap(sentence, f, width)[-1] == "roue"
    lines = balanced_lines(sentence, f, width)
    assert len(lines) == 2 and " ".join(lines) == sentence
    first, second = (f.size(line)[0] for line in lines)
    assert max(first, second) <= width
    assert abs(first - second) < f.size("Manœuvre ")[0]  # no more apart than a word or so
    assert balanced_lines("Unbreakable", f, 10) == []
