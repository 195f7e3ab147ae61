"""During a human's maneuver the board rings the pieces that can still move and the decision panel
lists them (a newcomer's review of the maneuver screenshots: nothing said which units were left)."""

from __future__ import annotations

import pygame
from game_scenes import open_scene
from helpers import GB, clear_units, put, six_player_game, start_maneuver
from ui_driver import Driver
from ui_player import UIPlayer

from imperial_desktop.core import EndPhase, GameState, MoveArmy, MoveFleet
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, Seat
from imperial_desktop.ui.choices import decision_view
from imperial_desktop.ui.layers.board import BoardLayer
from imperial_desktop.ui.layers.hot_seat import HandoverLayer
from imperial_desktop.ui.movable import movable_line, movable_origins

SIZE = (1280, 720)


def british_maneuver() -> GameState:
    """Britain maneuvers: two fleets at sea, two armies in London and one in Liverpool."""
    state = six_player_game()
    clear_units(state)
    put(state, GB, "london", armies=2)
    put(state, GB, "liverpool", armies=1)
    put(state, GB, "english_channel", fleets=1)
    put(state, GB, "north_sea", fleets=1)
    start_maneuver(state, GB)
    return state


def legal_origins(state: GameState, move: type) -> set[str]:
    return {a.origin for a in state.legal_actions() if isinstance(a, move)}


def ringed(driver: Driver) -> dict[str, str]:
    """Region -> unit of the pieces the board drew with the "can still move" ring."""
    return {m.region: m.unit for m in driver.scene.board.marks if m.kind == "movable"}


def test_the_origins_are_those_of_the_legal_moves_with_their_unmoved_units() -> None:
    state = british_maneuver()
    assert movable_origins(state) == {"english_channel": 1, "north_sea": 1}
    assert set(movable_origins(state)) == legal_origins(state, MoveFleet)
    state.apply(EndPhase(GB, "fleets"))
    assert movable_origins(state) == {"liverpool": 1, "london": 2}
    convoys = {a.origin for a in state.legal_actions() if isinstance(a, MoveArmy) and a.convoy}
    assert convoys and convoys <= set(movable_origins(state))  # armies the fleets can carry count too
    state.apply(MoveArmy(GB, "london", "sheffield"))
    assert movable_origins(state) == {"liverpool": 1, "london": 1}  # the moved army stands in Sheffield


def test_the_board_rings_the_movable_pieces_and_a_dragged_one_drops_out() -> None:
    driver = open_scene(british_maneuver(), SIZE)
    scene, state = driver.scene, driver.scene.session.state
    assert driver.drawn[BoardLayer].movable == {"english_channel": 1, "north_sea": 1}
    assert ringed(driver) == {"english_channel": "fleet", "north_sea": "fleet"}
    assert set(ringed(driver)) == legal_origins(state, MoveFleet)
    player = UIPlayer(driver)
    start = scene.board.piece_rect("north_sea", GB, "fleet").center
    driver.drag(start, player.region_point("baltic_sea"))
    assert scene.session.state.fleets[GB].get("baltic_sea") == 1  # the drag moved it
    assert ringed(driver) == {"english_channel": "fleet"}
    assert driver.drawn[BoardLayer].movable == {"english_channel": 1}

    player.perform(EndPhase(GB, "fleets"))
    driver.frame(2)
    assert ringed(driver) == {"liverpool": "army", "london": "army"}
    assert driver.drawn[BoardLayer].movable == {"liverpool": 1, "london": 2}
    start = scene.board.piece_rect("london", GB, "army").center
    driver.drag(start, player.region_point("sheffield"))
    assert scene.session.state.armies[GB].get("sheffield") == 1
    assert driver.drawn[BoardLayer].movable == {"liverpool": 1, "london": 1}  # London's count falls
    assert ringed(driver) == {"liverpool": "army", "london": "army"}  # Sheffield's army has moved


def test_the_panel_lists_the_same_units() -> None:
    driver = open_scene(british_maneuver(), SIZE)
    scene = driver.scene
    prompt = scene.decisions.panel.view.prompt
    state = scene.session.state
    for region, count in driver.drawn[BoardLayer].movable.items():
        assert movable_line(state, region, count) in prompt
    assert "English Channel: 1 fleet" in prompt and "North Sea: 1 fleet" in prompt


def test_a_long_list_shares_one_paragraph_and_names_every_region() -> None:
    state = six_player_game()
    clear_units(state)
    regions = ("london", "liverpool", "sheffield", "edinburgh", "belgium", "holland")
    for region in regions + ("dublin",):
        put(state, GB, region, armies=1)
    start_maneuver(state, GB)  # no fleets: the armies move at once
    assert set(movable_origins(state)) == set(regions)  # Dublin's army has no fleet to carry it
    prompt = decision_view(state).prompt
    assert "Dublin" not in prompt
    assert prompt.count("\n") == 3  # the sentence, a blank line, the heading, the paragraph
    for region, count in movable_origins(state).items():
        assert movable_line(state, region, count).replace(" ", "\u00a0") in prompt


def test_nothing_is_ringed_outside_a_maneuver_or_while_dragging() -> None:
    state = six_player_game()  # the first decision: a rondel space
    driver = open_scene(state, SIZE)
    assert driver.drawn[BoardLayer].movable == {} and ringed(driver) == {}
    driver = open_scene(british_maneuver(), SIZE)
    scene = driver.scene
    start = scene.board.piece_rect("north_sea", GB, "fleet").center
    driver.move(start)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.post(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1]), rel=(30, 0), buttons=(1, 0, 0))
    driver.frame(2)
    assert scene.board_layer.drag() is not None and ringed(driver) == {}  # the destinations alone light up
    driver.post(pygame.MOUSEBUTTONUP, pos=start, button=1)
    driver.frame(2)
    assert set(ringed(driver)) == {"english_channel", "north_sea"}


def test_nothing_is_ringed_for_a_computer_seat_or_at_the_handover() -> None:
    from imperial_desktop.ui.game_scene import GameScene

    state = british_maneuver()
    seats = [Seat(n, COMPUTER, "easy") if i == state.decision().player else Seat(n)
             for i, n in enumerate(state.setup.players)]
    session = GameSession(state.setup, seats, state=state.clone())
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.05), size=SIZE)
    checked = 0
    for _ in range(40):
        driver.frame(1)
        if ringed(driver) or driver.drawn[BoardLayer].movable:
            assert session.waits_for_local_input()
        else:
            checked += session.state.decision().kind == "maneuver"
    assert checked  # frames during the computer's maneuver showed no ring
    session.wait_for_computer(5)

    driver = open_scene(british_maneuver(), SIZE)
    driver.scene.layers.push(HandoverLayer(driver.scene, driver.scene.session.state.current_player()))
    driver.frame(2)
    assert ringed(driver) == {} and driver.drawn[BoardLayer].movable == {}


def near(a: pygame.Color, b: pygame.Color) -> bool:
    """The same colour but for rounding (a sprite's edges blend with what lies under them)."""
    return all(abs(x - y) <= 3 for x, y in zip(a[:3], b[:3]))


def test_the_ring_shows_around_the_piece_and_leaves_its_badge_alone() -> None:
    driver = open_scene(british_maneuver(), SIZE)
    scene = driver.scene
    board, state = scene.board, scene.session.state
    state.apply(EndPhase(GB, "fleets"))
    marked = {}
    for movable in ((), (("london", GB, "army"),)):
        marked[bool(movable)] = pygame.Surface(SIZE)
        board.draw(marked[bool(movable)], state, version=None, movable=movable)
    rect = board.piece_rect("london", GB, "army").inflate(-6, -6)  # the sprite (the hit box is 3 px wider)
    changed = [p for p in ((rect.left - 3, rect.centery), (rect.right + 2, rect.centery + 4),
                           (rect.centerx, rect.bottom + 2)) if not near(marked[True].get_at(p), marked[False].get_at(p))]
    assert len(changed) == 3  # the ring is drawn around the piece
    inside = rect.inflate(-6, -6)
    for x in range(inside.left, inside.right, 2):  # the piece itself is drawn as before
        assert near(marked[True].get_at((x, inside.centery)), marked[False].get_at((x, inside.centery)))
    badge = pygame.Rect(0, 0, 5, 5)
    badge.center = rect.topright  # the count badge "2" sits on the top-right corner, over the ring
    for x in range(badge.left, badge.right):
        for y in range(badge.top, badge.bottom):
            assert near(marked[True].get_at((x, y)), marked[False].get_at((x, y)))


def test_the_legend_explains_the_ring() -> None:
    from imperial_desktop.ui.legend import _rows

    assert "movable" in {key for key, _ in _rows()}
