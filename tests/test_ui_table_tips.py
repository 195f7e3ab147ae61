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
