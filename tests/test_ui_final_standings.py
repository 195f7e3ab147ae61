"""After the game the side panel shows the final standings (play-test: it only said "Press S"):
every player's total, where it came from, the governments held, the winner first and marked."""

from __future__ import annotations

import pytest
from game_scenes import _played_states, open_scene
from ui_driver import menu_window

from imperial_desktop.ui.layers.chrome import ChromeLayer
from imperial_desktop.ui.layers.overlays import OverlayLayer


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_the_finished_game_lists_every_player_with_total_and_governments(size) -> None:
    state = _played_states()["finished"]
    driver = open_scene(state, size)
    area = driver.drawn[ChromeLayer].decision_area
    title, lines = area.title, area.steps
    assert title == "The game is over"
    ranking = state.ranking()
    winner = ranking[0]
    assert lines[0] == f"1. {winner['name']}: {winner['total']} points"
    text = "\n".join(lines)
    for entry in ranking:
        assert f"{entry['name']}: {entry['total']} points" in text
        governed = [state.board.name_of(n) for n in state.board.nation_ids if state.government[n] == entry["player"]]
        for name in governed:
            assert name in text
    assert lines[-1].startswith("S: show/hide the score sheet")
    driver.key(ord("s"))  # the full sheet is still one key away
    assert driver.scene.overlay == "results"


def test_the_scores_situation_is_the_score_sheet_during_play() -> None:
    """The screenshots show the score sheet twice: over the finished game (game-results) and, as S
    opens it, during play (game-scores); that one is not the finished game again."""
    from game_scenes import scene_states

    name, state, steps = next(s for s in scene_states() if s[0] == "scores")
    assert not state.is_terminal() and state.decision() is not None
    driver = open_scene(state, (1280, 800), steps)
    assert driver.scene.overlay == "results"


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_score_sheet_is_a_table_by_nation_that_adds_up(size, language) -> None:
    """A newcomer's review: the sheet's lines ("AH 16M: 6x3=18 + ...") used abbreviations found
    nowhere else. The sheet is a table now: each nation's whole name heads its column, each cell
    is the player's points in that nation, and a row's cells and cash add up to its total."""
    from imperial_desktop.i18n import set_language

    set_language(language)
    try:
        state = _played_states()["finished"]
        driver = open_scene(state, size)
        driver.key(ord("s"))
        driver.frame(1)
        sheet = driver.drawn[OverlayLayer]  # the score sheet as drawn
        assert sheet is not None
        for nation in state.board.nation_ids:
            lines, name = sheet.heads[nation], state.board.name_of(nation)
            assert " ".join(lines) == name or "".join(lines) == name, lines  # whole, split at a space or hyphen
        for entry in state.ranking():
            cells = sheet.cells[entry["name"]]
            bond_points = {n: sum(b["points"] for b in entry["bonds"] if b["nation"] == n) for n in state.board.nation_ids}
            for nation, points in bond_points.items():
                held = any(b["nation"] == nation for b in entry["bonds"])
                assert cells.get(nation) == (str(points) if held else None)
            assert int(cells["cash"]) + sum(bond_points.values()) == int(cells["total"]) == entry["total"]
    finally:
        set_language("en")


def test_after_the_game_hint_and_donate_are_off_and_the_menu_goes_back_to_the_board() -> None:
    """Play-test: after the end Hint stayed clickable and answered "A hint is for the player deciding
    now", Donate too, and the menu offered to "Resume the game". (Donate is also off while a computer
    decides: German play-test.)"""
    import pygame

    state = _played_states()["finished"]
    driver = open_scene(state, (1280, 800))
    scene = driver.scene
    driver.frame(1)
    assert not scene.commands.buttons["hint"].is_enabled and not scene.commands.buttons["donate"].is_enabled
    assert scene.commands.buttons["rules"].is_enabled and scene.commands.buttons["results"].is_enabled
    driver.key(ord("h"))
    assert scene.hints.advice is None and scene.toasts.message is not None and "game is over" in scene.toasts.message[0]
    driver.key(pygame.K_ESCAPE)
    assert menu_window(scene) is not None
    assert menu_window(scene).button("resume").text == "Back to the board"


def test_donate_is_off_while_a_computer_decides_and_on_for_the_deciding_human() -> None:
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, Seat
    from imperial_desktop.ui.game_scene import GameScene
    from ui_driver import Driver

    setup = GameSetup.create(3, 2, names=["Anna", "Comp B", "Comp C"])
    session = GameSession(setup, [Seat("Anna")] + [Seat(n, COMPUTER, "random") for n in ("Comp B", "Comp C")], seed=2)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.0), size=(1280, 800))
    driver.frame(2)
    scene = driver.scene
    assert "hide_cash" not in scene.commands.buttons  # one player at the screen: nothing to hide from anyone
    human = session.waits_for_local_input()
    assert scene.commands.buttons["donate"].is_enabled is human
    session.run_computers()
    driver.frame(2)
    assert session.waits_for_local_input() and scene.commands.buttons["donate"].is_enabled
    while session.waits_for_local_input():
        session.apply(session.state.legal_actions()[0])
    scene.commands.sync()  # as every frame does (a frame would also let the computers play on)
    assert not session.waits_for_local_input()
    assert not scene.commands.buttons["donate"].is_enabled
