"""The new-game screen offers the numbers of players the board in use is played by (its rules
data, not a fixed 2 to 6), fits last game's table to them, and words a refusal through the
catalogs. The test board (tests/data/maps/testland.json, three nations) seats 2 or 3 players."""

from __future__ import annotations

from pathlib import Path

import pytest

from imperial_desktop.core import load_board
from imperial_desktop.core.board import DEFAULT_MAP
from imperial_desktop.i18n import set_language
from imperial_desktop.resources import MAPS_VARIABLE
from imperial_desktop.ui import board_look

MAPS = Path(__file__).resolve().parent / "data" / "maps"


@pytest.fixture
def testland(monkeypatch):
    monkeypatch.setenv(MAPS_VARIABLE, str(MAPS))
    board_look.use_map("testland")
    yield
    board_look.use_map(DEFAULT_MAP)


def _offered(scene) -> list[str]:
    menu = scene.widgets["players"]
    return [o[1] if isinstance(o, tuple) else o for o in menu.options_list]


def test_the_player_counts_follow_each_board(app, testland):
    from imperial_desktop.ui.new_game_screen import NewGameScene, player_counts, tip

    assert player_counts() == sorted(load_board("testland").starting_cash_standard) == [2, 3]
    scene = NewGameScene(app)
    app.switch(scene)
    assert _offered(scene) == ["2", "3"]
    assert len(scene.seats) in (2, 3)  # last game's four seats fit to the board
    assert "2 to 3" in tip("players")
    board_look.use_map(DEFAULT_MAP)
    scene = NewGameScene(app)
    app.switch(scene)
    assert _offered(scene) == [str(n) for n in sorted(load_board(DEFAULT_MAP).starting_cash_standard)]
    assert _offered(scene) == ["2", "3", "4", "5", "6"]


def test_a_table_too_large_for_the_board_is_fitted_and_a_refusal_is_translated(app, testland, monkeypatch):
    from imperial_desktop.ui.new_game_screen import NewGameScene

    app.settings.last_new_game.seats = [{"name": f"P{i}", "kind": "computer", "level": "hard"} for i in range(6)]
    scene = NewGameScene(app)
    app.switch(scene)
    assert len(scene.seats) == 3 and len(scene.seat_rows) == 3
    setup, seats, _seed = scene.build_setup()
    assert setup.map_name == "testland" and len(seats) == 3
    # a count the board does not seat (a stale screen): refused in the player's language
    scene.seat_rows.append(scene.seat_rows[-1])
    monkeypatch.setenv("IMPERIAL_DESKTOP_LANGUAGE", "de")
    set_language("de")
    with pytest.raises(ValueError) as refused:
        scene.build_setup()
    assert str(refused.value) == "Dieses Spielbrett wird von 2 bis 3 Spielern gespielt."
