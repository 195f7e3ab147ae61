"""The charts window over the game screen, driven with posted events: opened from the game
menu, its panels switched, a moment clicked travels there; the score sheet's chart travels too;
hidden cash stays hidden."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, menu_window, side_window

from imperial_desktop.core.record import GameRecord
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat
from imperial_desktop.ui.charts_window import ChartsWindow, scene_series
from imperial_desktop.ui.layers.overlays import OverlayLayer

ROOT = Path(__file__).resolve().parent.parent
FINISHED = ROOT / "saves" / "finished.json"
MIDGAME = ROOT / "tests" / "data" / "previous_release" / "four-players-midgame.record.json"


def _driver(path: Path, size=(1280, 720), hide_cash: bool = False) -> tuple[Driver, list[int]]:
    """A game screen of the recorded game ``path`` (every seat a person), whose ``travel_to`` only
    notes the positions it is asked for."""
    from imperial_desktop.ui.game_scene import GameScene

    record = GameRecord.load(path)
    session = GameSession(record.setup, [Seat(n) for n in record.setup.players], state=record.replay(),
                          actions=list(record.actions))
    travelled: list[int] = []

    def make(manager, sz):
        scene = GameScene(session, sz, manager, seconds_per_move=0.0)
        scene.travel_to = travelled.append  # the time travel's entry, noted
        scene.hide_cash = hide_cash
        return scene

    driver = Driver(make, size=size)
    driver.frame(3)
    return driver, travelled


def _open_charts(driver: Driver) -> ChartsWindow:
    scene = driver.scene
    scene.close_overlay()  # the scores open by themselves after the game
    driver.frame(1)
    driver.click_element(scene.commands.buttons["menu"])
    menu = menu_window(scene)
    assert menu is not None
    driver.click_element(menu.button("charts"))
    window = side_window(scene)
    assert isinstance(window, ChartsWindow) and window.alive
    assert scene.holds_computers()  # the game waits while the charts are read
    return window


def _point(window: ChartsWindow, k: int) -> tuple[int, int]:
    """The screen position of sample ``k`` in the middle of the chart's height."""
    r = window.image.get_abs_rect()
    return (r.x + round(window.drawn.xs[k]), r.y + window.drawn.area.centery)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_menu_opens_the_charts_and_a_click_travels_there(size) -> None:
    driver, travelled = _driver(FINISHED, size)
    window = _open_charts(driver)
    series = window.series
    assert window.kind == "power" and len(series) > 50 and series.complete
    driver.click_element(window.tabs["scores"])
    assert window.kind == "scores" and window.drawn.kind == "scores"
    driver.click_element(window.tabs["governments"])
    assert window.kind == "governments" and window.drawn.kind == "governments"
    driver.click_element(window.tabs["power"])
    assert window.drawn.kind == "power"
    k = len(series) // 3
    driver.move(_point(window, k))
    assert window.hover == k  # the pointer shows that moment's figures
    assert any(t == "Click: see the board then" for t, _r in window.drawn.texts)
    driver.click(_point(window, k))
    assert travelled == [series.positions[k]]
    assert not window.alive and side_window(driver.scene) is None
    assert not driver.scene.holds_computers()


def test_keys_switch_panels_step_and_travel() -> None:
    driver, travelled = _driver(FINISHED)
    window = _open_charts(driver)
    driver.key(pygame.K_3)
    assert window.kind == "governments"
    driver.key(pygame.K_2)
    assert window.kind == "scores"
    driver.key(pygame.K_LEFT)
    last = len(window.series) - 1
    assert window.hover == last - 1
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_RIGHT)
    assert window.hover == 1
    driver.key(pygame.K_RETURN)
    assert travelled == [window.series.positions[1]] and not window.alive


def test_esc_and_close_leave_the_game_as_it_was() -> None:
    driver, travelled = _driver(FINISHED)
    version = driver.scene.session.version
    window = _open_charts(driver)
    driver.key(pygame.K_ESCAPE)
    assert not window.alive and side_window(driver.scene) is None
    window = _open_charts(driver)
    driver.click_element(window.close_button)
    assert not window.alive
    assert travelled == [] and driver.scene.session.version == version


def test_the_score_sheet_chart_travels_to_the_moment_clicked() -> None:
    driver, travelled = _driver(FINISHED, (1600, 1000))
    scene = driver.scene
    if scene.overlay != "results":
        driver.key(pygame.K_s)
    driver.frame(1)
    sheet = driver.drawn[OverlayLayer]
    chart = sheet.chart
    assert chart is not None and chart.kind == "power" and chart.area.h > 60
    k = len(chart.xs) // 2
    driver.click((round(chart.xs[k]), chart.area.centery))
    assert travelled == [scene_series(scene).positions[k]]
    assert scene.overlay is None
    driver.key(pygame.K_s)  # a click beside the chart only closes the sheet
    driver.frame(1)
    sheet = driver.drawn[OverlayLayer]
    driver.click((sheet.chart.rect.centerx, sheet.chart.rect.y - 40))
    assert scene.overlay is None and len(travelled) == 1


def test_hidden_cash_keeps_the_other_players_scores_hidden() -> None:
    driver, _travelled = _driver(MIDGAME, hide_cash=True)
    scene = driver.scene
    state = scene.session.state
    assert not state.is_terminal() and scene.hot_seat.handover_to is not None
    driver.key(pygame.K_RETURN)  # the player deciding now sits down
    assert scene.hot_seat.handover_to is None
    hidden = scene.hot_seat.cash_hidden_for(state)
    assert hidden and state.current_player() not in hidden  # the other players' cash is hidden
    window = _open_charts(driver)
    assert window.hidden == frozenset(hidden)
    driver.key(pygame.K_2)
    assert window.drawn.kind == "scores"
    assert set(window.drawn.shown_players).isdisjoint(hidden)
    assert state.current_player() in window.drawn.shown_players  # one's own score is one's own to see
    assert any("Cash is hidden" in t for t, _r in window.drawn.texts)


def test_the_finished_game_hides_no_score() -> None:
    driver, _travelled = _driver(FINISHED, hide_cash=True)
    window = _open_charts(driver)
    assert window.hidden == frozenset()
    driver.key(pygame.K_2)
    assert window.drawn.shown_players == list(range(len(window.series.players)))


def test_a_resize_keeps_the_panel_and_fits_the_window() -> None:
    driver, _travelled = _driver(FINISHED, (1600, 1000))
    window = _open_charts(driver)
    driver.key(pygame.K_3)
    driver.post(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720))
    driver.frame(2)
    assert window.alive and window.kind == "governments"
    rect = window.window.get_abs_rect()
    assert pygame.Rect(0, 0, 1280, 720).contains(rect)


def test_a_click_shows_the_board_then_and_the_charts_still_show_the_whole_game() -> None:
    """With the screen's own time travel (no stand-in): the board shows the moment clicked, and
    the charts opened again from the past show the whole game with that moment pointed at."""
    from imperial_desktop.ui.game_scene import GameScene

    record = GameRecord.load(FINISHED)
    session = GameSession(record.setup, [Seat(n) for n in record.setup.players], state=record.replay(),
                          actions=list(record.actions))
    driver = Driver(lambda manager, sz: GameScene(session, sz, manager, seconds_per_move=0.0), size=(1280, 720))
    driver.frame(3)
    scene = driver.scene
    window = _open_charts(driver)
    whole = window.series
    k = len(whole) // 4
    driver.click(_point(window, k))
    assert not window.alive
    assert scene.time_travel.active and scene.time_travel.index == whole.positions[k]
    past = GameRecord(record.setup, record.actions[:whole.positions[k]]).replay(check_digest=False)
    assert scene.session.state.digest() == past.digest()  # the board and tables draw from this state
    scene.open_charts()  # (the top bar of the past has no Menu button: the charts are opened as the menu would)
    driver.frame(2)
    window = side_window(scene)
    assert isinstance(window, ChartsWindow) and window.alive
    assert window.series == whole and window.hover == k
    driver.key(pygame.K_ESCAPE)
    scene.return_to_present()
    assert scene.session is session and scene.session.state.digest() == record.replay().digest()
