"""The nations table explains its abbreviations on hover (play-test: "19 x3", "Fact." and "Inv."
meant nothing to a newcomer): each column head, each power cell and each player's head."""

from __future__ import annotations

import pytest
from game_scenes import _played_states, open_scene

from imperial_desktop.ui.panels import COLUMN_TIPS


def _hover(driver, pos) -> list[str] | None:
    driver.move(pos)
    driver.frame(2)
    return driver.scene.table_tip_shown


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_every_column_head_explains_itself(size) -> None:
    driver = open_scene(_played_states()["finished"], size)
    scene = driver.scene
    heads = {lines[0]: rect for rect, lines in scene.table_tips if rect.y == scene.table_tips[0][0].y}
    for key, (heading, _explanation) in COLUMN_TIPS.items():
        rect = heads[heading]
        shown = _hover(driver, rect.center)
        assert shown is not None and shown[0] == heading, (key, shown)
        assert len(" ".join(shown)) > len(heading) + 20  # words, not just the head again
    assert _hover(driver, scene.layout.board.center) is None  # off the table: no table tooltip


def test_power_cell_and_investor_card_head_say_it_in_words() -> None:
    state = _played_states()["finished"]
    driver = open_scene(state, (1280, 800))
    scene = driver.scene
    nation = "russia"
    power = next(rect for rect, lines in scene.table_tips if lines[0] == state.board.name_of(nation))
    shown = " ".join(_hover(driver, power.center) or [])
    assert f"{state.power[nation]} power points" in shown
    assert f"power factor {state.board.power_factor(state.power[nation])}" in shown
    card = state.card
    head = next(rect for rect, lines in scene.table_tips if lines[0] == state.setup.players[card])
    shown = " ".join(_hover(driver, head.center) or [])
    assert "investor card" in shown and "Cash:" in shown


def test_french_marks_stay_with_the_word_before_them(monkeypatch) -> None:
    """Play-test: a French power tip broke before ": à la fin" (French spaces off : ; ? ! and
    guillemets). At every width the wrap keeps each such mark on the line of the word before it."""
    import pygame

    from imperial_desktop import i18n
    from imperial_desktop.ui import panels

    pygame.init()
    monkeypatch.setenv("IMPERIAL_DESKTOP_LANGUAGE", "fr")
    i18n.set_language("fr")
    state = _played_states()["finished"]
    tips = [panels.power_tip(state, nation, 1.0) for nation in state.board.nation_ids]
    text = " ".join(" ".join(tip[1:]) for tip in tips) + " « le marché » ; puis ? et ! enfin"
    assert " : à la fin" in text
    f = panels.font(13)
    for width in range(60, 400, 7):
        lines = panels._wrap(text, f, width)
        assert not [line for line in lines if line[0] in ":;?!»"], width
        assert not [line for line in lines if line.endswith("«")], width
    assert panels.words("indice x2 : à la fin ; « mot » !") == ["indice", "x2 :", "à", "la", "fin ;", "« mot » !"]
