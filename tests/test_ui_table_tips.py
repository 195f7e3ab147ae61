"""The nations table explains its abbreviations on hover (play-test: "19 x3", "Fact." and "Inv."
meant nothing to a newcomer): each column head, each power cell and each player's head."""

from __future__ import annotations

import pytest
from game_scenes import _played_states, open_scene

from imperial_desktop.ui.layers.tooltips import PanelTipLayer
from imperial_desktop.ui.panels import COLUMN_TIPS


def _hover(driver, pos) -> list[str] | None:
    driver.move(pos)
    driver.frame(2)
    return driver.drawn.get(PanelTipLayer)  # the lines of the tip drawn, if one was


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_every_column_head_explains_itself(size) -> None:
    driver = open_scene(_played_states()["finished"], size)
    scene = driver.scene
    heads = {lines[0]: rect for rect, lines in scene.chrome.table_tips if rect.y == scene.chrome.table_tips[0][0].y}
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
    power = next(rect for rect, lines in scene.chrome.table_tips if lines[0] == state.board.name_of(nation))
    shown = " ".join(_hover(driver, power.center) or [])
    assert f"{state.power[nation]} power points" in shown
    assert f"power factor {state.board.power_factor(state.power[nation])}" in shown
    card = state.card
    head = next(rect for rect, lines in scene.chrome.table_tips if lines[0] == state.setup.players[card])
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
    assert "\u00a0: à la fin" in text  # the catalog holds the mark with a no-break space
    f = panels.font(13)
    for width in range(60, 400, 7):
        lines = panels._wrap(text, f, width)
        assert not [line for line in lines if line[0] in ":;?!»"], width
        assert not [line for line in lines if line.endswith("«")], width
    assert panels.words("indice x2 : à la fin ; « mot » !") == ["indice", "x2 :", "à", "la", "fin ;", "« mot » !"]
    assert panels.words("2\u00a0345 mil. 0-4\u00a0x0") == ["2\u00a0345", "mil.", "0-4\u00a0x0"]  # no-break spaces hold


def _crowded():
    from imperial_desktop.core import GameSetup, GameState

    state = GameState.new(GameSetup.create(6, 1))
    for i, nation in enumerate(state.board.nation_ids):
        state.chart[nation] = 6 if i < 4 else 9
        state.power[nation] = (12, 12, 12, 3, 25, 0)[i]
    return state


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1600, 1000)])
def test_crowded_track_box_names_its_nations(size) -> None:
    """Overlapping markers are told apart in words: the pointer over a box shared by four
    nations, or over any of its markers, shows the box's meaning and all four names."""
    from imperial_desktop.ui.tracks_panel import power_box_heading, tax_box_heading

    state = _crowded()
    board = state.board
    driver = open_scene(state, size)
    scene = driver.scene
    here = [board.name_of(n) for n in board.nation_ids[:4]]
    expected = ["Taxes of 6M: +1 power point"] + here
    assert tax_box_heading(board, 6) == expected[0]
    *markers, box = [rect for rect, lines in scene.chrome.track_tips if lines == expected]  # the box comes last
    assert len(markers) == 4 and all(box.colliderect(marker) for marker in markers)
    for pos in (box.center, (box.centerx, box.bottom - 3), *(marker.center for marker in markers)):
        assert _hover(driver, pos) == expected, pos
    power = next(rect for rect, lines in scene.chrome.track_tips if lines[0] == power_box_heading(board, 12))
    assert _hover(driver, power.center) == ["12 power points, factor x2"] + here[:3]
    assert _hover(driver, scene.layout.board.center) is None  # off the tracks: no tooltip


def test_track_titles_explain_the_tracks() -> None:
    """The tax chart's title and band say what the boxes, the red "+N" and rising mean (the band's
    old header "taxes collected (M), + power points" had to give way to the "+N"); the power
    track's title and bands give every factor of the map."""
    state = _crowded()
    driver = open_scene(state, (1280, 800))
    scene = driver.scene
    tips = {lines[0]: [rect for rect, other in scene.chrome.track_tips if other == lines] for _r, lines in scene.chrome.track_tips}
    for place in tips["Tax chart"]:  # the title and the band
        shown = " ".join(_hover(driver, place.center) or [])
        assert shown.startswith("Tax chart ") and "last Taxation" in shown and "in millions" in shown
        assert "+N above a box is the power points" in shown and "success bonus of 1M" in shown
        assert '5M or less counts as "\u22645", 15M or more as "15+"' in shown
    assert len(tips["Power track"]) == 1 + len(state.board.factor_table)  # the title and each band
    for place in tips["Power track"]:
        shown = " ".join(_hover(driver, place.center) or [])
        assert "reaching 25 ends the game" in shown
        for low, high, factor in state.board.factor_table:
            assert (f"{low}-{high}\u00a0x{factor}" if high > low else f"{low}\u00a0x{factor}") in shown


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_the_turn_counter_says_what_it_counts(size) -> None:
    """Play-test: "Turn 2" after Austria-Hungary alone had moved, "Turn 90" at the end; what a turn
    is showed only on the final chart's axis. The counter shows the round; on hover it names the
    nation turn too and says what a round is."""
    driver = open_scene(_played_states()["rondel"], size)
    scene = driver.scene
    assert scene.chrome.top_bar_tips
    rect, _lines = scene.chrome.top_bar_tips[0]
    assert scene.layout.top_bar.contains(rect)
    shown = _hover(driver, rect.center)
    assert shown is not None and shown[0] == "Round 1, nation turn 1"
    assert "A round is one turn of each of the 6 nations" in " ".join(shown)
    assert _hover(driver, (scene.layout.top_bar.centerx, scene.layout.top_bar.centery)) is None


def test_pointing_at_a_rondel_space_says_what_it_would_bring() -> None:
    """German play-test: pointing at a space of the wheel only lit it. While a human chooses, a
    reachable space explains itself as its button does: the move's cost and what it would bring."""
    import math

    state = _played_states()["rondel"]
    driver = open_scene(state, (1280, 800))
    scene = driver.scene
    cx, cy, inner, outer = scene.chrome.rondel_geometry
    n = len(state.board.rondel)
    offered = {c.rondel_space: c for c in scene.decisions.panel.buttons.values() if c.rondel_space is not None}
    space, choice = next(iter(offered.items()))
    angle = -math.pi / 2 + space * 2 * math.pi / n
    radius = (inner + outer) / 2
    shown = _hover(driver, (round(cx + radius * math.cos(angle)), round(cy + radius * math.sin(angle))))
    assert scene.chrome.rondel_hover == space
    assert shown is not None and shown[0] == choice.label
    assert choice.detail and choice.detail.split()[0] in " ".join(shown[1:])


def test_a_computer_players_head_names_its_level() -> None:
    """6-player play-test (session 18): which computer was Hard showed only in the Load screen."""
    from ui_driver import Driver

    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
    from imperial_desktop.ui.game_scene import GameScene

    state = _played_states()["rondel"]
    names = list(state.setup.players)
    levels = [None, "hard", "easy", "expert"]
    seats = [Seat(n, HUMAN if level is None else COMPUTER, level or "normal") for n, level in zip(names, levels)]
    session = GameSession(state.setup, seats, state=state.clone())
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0), size=(1280, 800))
    driver.frame(2)
    scene = driver.scene
    for name, level in zip(names, levels):
        head = next(rect for rect, lines in scene.chrome.table_tips if lines[0] == name)
        shown = " ".join(_hover(driver, head.center) or [])
        if level is None:
            assert "computer" not in shown, shown
        else:
            assert f"Played by the computer, level: {level.capitalize()}." in shown, shown
