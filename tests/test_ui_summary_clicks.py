""""What happened" never covers what a decision needs and never eats a click meant for the game:
a click on a rondel space or on the board while it is open plays that choice (and closes it), a
click on the frame only closes it, and tooltips are drawn over it and over the coach's box."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver

from imperial_desktop.core import BuildFactory, ChooseRondel, DecisionKind, GameSetup
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, Seat
from imperial_desktop.ui import rondel_panel
from imperial_desktop.ui.layers.stack import Rank


def back_at_the_rondel(seed: int = 3) -> GameSession:
    """Anna (human) and three computers, Anna to choose a rondel space right after the computers played."""
    setup = GameSetup.create(4, seed, names=["Anna", "Comp B", "Comp C", "Comp D"])
    session = GameSession(setup, [Seat("Anna")] + [Seat(f"Comp {c}", COMPUTER, "random") for c in "BCD"], seed=seed)
    session.run_computers()
    for _ in range(200):
        acted = bool(session.history) and session.history[-1].actor not in (None, 0)
        if acted and session.state.decision().kind == DecisionKind.RONDEL:
            return session
        session.apply(session.state.legal_actions()[0])
        session.run_computers()
    raise AssertionError("no rondel decision of Anna after the computers' turns")


def open_with_summary(session: GameSession, size: tuple[int, int]) -> Driver:
    from imperial_desktop.ui.game_scene import GameScene

    driver = Driver(lambda manager, sz: GameScene(session, sz, manager, seconds_per_move=0.0), size=size)
    driver.frame(3)
    assert driver.scene.overlay == "summary"  # it opened by itself: the computers played meanwhile
    return driver


def point_on_space(driver: Driver, space: int) -> tuple[int, int]:
    """A screen point on rondel ``space``, found through the rondel's own hit test."""
    chrome = driver.scene.chrome
    rect, spaces = driver.scene.layout.rondel, len(driver.scene.session.state.board.rondel)
    for y in range(rect.top, rect.bottom, 3):
        for x in range(rect.left, rect.right, 3):
            if rondel_panel.rondel_space_at((x, y), chrome.rondel_geometry, spaces) == space:
                cx, cy, inner, outer = chrome.rondel_geometry
                if abs(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - (inner + outer) / 2) < (outer - inner) / 4:
                    return (x, y)  # well inside the ring, not on its edge
    raise AssertionError(f"rondel space {space} not found on the screen")


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_a_click_on_a_rondel_space_while_what_happened_is_open_plays_that_choice(size):
    session = back_at_the_rondel()
    driver = open_with_summary(session, size)
    state = session.state
    choice = next(a for a in state.legal_actions() if isinstance(a, ChooseRondel))
    before = len(session.record.actions)
    driver.click(point_on_space(driver, choice.space))
    assert len(session.record.actions) == before + 1
    assert session.record.actions[-1] == choice  # the first click chose, it did not only close the summary
    assert driver.scene.overlay is None


def test_a_click_on_the_frame_only_closes_it():
    session = back_at_the_rondel()
    driver = open_with_summary(session, (1280, 720))
    before = (session.version, len(session.record.actions))
    driver.click(driver.scene.summary.view.rect.center)
    assert driver.scene.overlay is None
    assert (session.version, len(session.record.actions)) == before


def test_a_click_on_the_board_while_what_happened_is_open_builds_there():
    from game_scenes import _played_states, open_scene

    state = _played_states().get("factory")
    if state is None:
        pytest.skip("the seeded game has no factory decision")
    driver = open_scene(state, (1280, 720))
    scene = driver.scene
    driver.key(pygame.K_r)
    assert scene.overlay == "summary"
    build = next(a for a in state.legal_actions() if isinstance(a, BuildFactory) and a.city)
    point = scene.region_point(build.city)
    assert not scene.summary.view.rect.collidepoint(point)
    before = len(scene.session.record.actions)
    driver.click(point)
    assert len(scene.session.record.actions) == before + 1
    assert scene.session.record.actions[-1] == build
    assert scene.overlay is None


def _needed(scene) -> list[pygame.Rect]:
    """What the decision of now needs on the screen: the rondel, the decision panel, the board
    (the log and the top bar's buttons are never covered either)."""
    lay = scene.layout
    rects = [lay.rondel, lay.decision, lay.board, lay.log, lay.top_bar]
    if scene.decisions.panel is not None:
        rects.append(scene.decisions.panel.rect)
    return rects


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1600, 1000)])
def test_the_summary_never_covers_what_any_decision_needs(size):
    from game_scenes import _played_states, open_scene

    states = _played_states()
    kinds = [k for k in states if k != "finished"]
    assert {"rondel", "invest", "factory"} <= set(kinds)
    for kind in kinds:
        driver = open_scene(states[kind], size)
        scene = driver.scene
        driver.key(pygame.K_r)
        assert scene.overlay == "summary", kind
        frame = scene.summary.view.rect
        for rect in _needed(scene):
            assert not frame.colliderect(rect), (kind, frame, rect)
        for text, rect in scene.summary.view.drawn:  # readable: every text inside the frame, on the screen
            assert frame.contains(rect) and driver.screen.get_rect().contains(rect), (kind, text)


def test_tooltips_are_drawn_after_the_summary_and_the_coach():
    from imperial_desktop.ui.layers.lesson import LessonLayer
    from imperial_desktop.ui.layers.overlays import OverlayLayer
    from imperial_desktop.ui.layers.tooltips import PanelTipLayer, RegionTipLayer

    assert PanelTipLayer.rank > LessonLayer.rank > OverlayLayer.rank
    assert RegionTipLayer.rank > LessonLayer.rank
    assert PanelTipLayer.rank > Rank.HINT
    session = back_at_the_rondel()
    driver = open_with_summary(session, (1280, 720))
    scene = driver.scene
    order = [type(layer) for layer in scene.layers]
    assert order.index(PanelTipLayer) > order.index(LessonLayer) > order.index(OverlayLayer)
    # a tip of the rondel shows over the open summary (it is drawn last of the boxes)
    choice = next(a for a in session.state.legal_actions() if isinstance(a, ChooseRondel))
    driver.move(point_on_space(driver, choice.space))
    driver.frame(2)
    assert scene.overlay == "summary"
    assert driver.drawn.get(PanelTipLayer), "no tip over the rondel while the summary is open"


def test_the_frame_leaves_the_rows_of_the_players_own_nations_in_view():
    session = back_at_the_rondel()
    driver = open_with_summary(session, (1280, 720))
    scene = driver.scene
    frame = scene.summary.view.rect
    keep = scene.summary.keep_clear(0)
    assert keep  # the player governs a nation: its row's names and numbers
    assert frame.w < scene.summary.area().w * 0.55, "a short summary needs one column"
    assert not any(frame.colliderect(rect) for rect in keep)
