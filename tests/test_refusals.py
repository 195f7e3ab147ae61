"""Refused moves and clicks name the rule (issue 14, acceptance 4): one test per kind of refusal,
against positions built from the core, each citing the rule book section it enforces; and the
game screen shows these messages when a drag or a click is refused (posted events)."""

from __future__ import annotations

import pygame
import pytest
from helpers import AH, deciding, FR, GB, GE, IT, clear_units, give_turn, put, refresh, six_player_game, start_maneuver

from imperial_desktop.core import BuildFactory, GameState, ChooseRondel, EndPhase, ImportUnit, MoveArmy, MoveFleet
from imperial_desktop.ui import refusals
from imperial_desktop.ui.layers.tooltips import RegionTipLayer


def _maneuver(nation: str, **units) -> object:
    """A six-player game in ``nation``'s Maneuver with only the given units on the board."""
    state = six_player_game()
    clear_units(state)
    for (owner, region), (armies, fleets) in units.get("units", {}).items():
        put(state, owner, region, armies=armies, fleets=fleets)
    start_maneuver(state, nation)
    return state


def _armies_phase(state, nation):
    if state.maneuver_phase() == "fleets":
        state.apply(EndPhase(nation, "fleets"))


def _no_move(state, cls, nation, origin, destination) -> None:
    """The core refuses the move too (the message explains a real refusal)."""
    assert not any(isinstance(a, cls) and a.origin == origin and a.destination == destination
                   for a in state.legal_actions())


# ---------------------------------------------------------------- maneuver: who and when


def test_maneuver_only_the_acting_nations_units_move():
    """Rule book, Maneuver: the nation on the Maneuver space moves its own units only."""
    state = _maneuver(GB, units={(GB, "english_channel"): (0, 1), (FR, "paris"): (1, 0)})
    why = refusals.unit_cannot_move(state, FR, "paris", "army")
    assert why == "Only the government of Great Britain moves units now: it is Great Britain's Maneuver"


def test_maneuver_units_move_only_in_a_maneuver_turn():
    """Rule book, Game play: units move only on the Maneuver space."""
    state = six_player_game()
    give_turn(state, AH, position=0)
    assert refusals.unit_cannot_move(state, AH, "vienna", "army") == "Units move only in their nation's Maneuver turn"


def test_maneuver_fleets_first_then_armies():
    """Rule book, Maneuver: "First the fleets are moved, then the armies" (clarification 14)."""
    state = _maneuver(GB, units={(GB, "english_channel"): (0, 1), (GB, "london"): (1, 0)})
    assert state.maneuver_phase() == "fleets"
    assert refusals.unit_cannot_move(state, GB, "london", "army").startswith("First the fleets move")
    _armies_phase(state, GB)
    assert refusals.unit_cannot_move(state, GB, "english_channel", "fleet") == \
        "Fleets move before armies: the fleet movement is over"


def test_maneuver_each_unit_moves_once():
    """Rule book, Maneuver: every unit may move once per Maneuver."""
    state = _maneuver(GB, units={(GB, "english_channel"): (0, 1), (GB, "north_atlantic"): (0, 1)})
    assert refusals.unit_cannot_move(state, GB, "english_channel", "fleet") is None
    state.apply(MoveFleet(GB, "english_channel", "north_sea"))
    assert refusals.unit_cannot_move(state, GB, "north_sea", "fleet") == \
        "This fleet has moved already this Maneuver: each unit moves once"
    assert refusals.stuck_unit(state, GB, "north_sea", "fleet").startswith("This fleet has moved already")


# ---------------------------------------------------------------- maneuver: fleets


def test_fleet_in_harbour_moves_only_to_its_anchor_sea():
    """Rule book, Maneuver 1: a fleet in the harbour first moves to the sea marked by the anchor."""
    state = _maneuver(GB, units={(GB, "london"): (0, 1)})
    _no_move(state, MoveFleet, GB, "london", "north_sea")
    assert refusals.move_refused(state, GB, "fleet", "london", "north_sea") == \
        "A fleet may only move from its harbour to the adjacent sea (English Channel)"


def test_fleet_never_returns_to_land():
    """Rule book, Maneuver 1: "Once fleets are at sea, they cannot return to land"."""
    state = _maneuver(GB, units={(GB, "english_channel"): (0, 1)})
    _no_move(state, MoveFleet, GB, "english_channel", "london")
    assert refusals.move_refused(state, GB, "fleet", "english_channel", "london").startswith("Fleets never return to land")


def test_fleet_moves_one_adjacent_sea():
    """Rule book, Maneuver 1: a fleet moves to an adjacent sea region."""
    state = _maneuver(GB, units={(GB, "english_channel"): (0, 1)})
    _no_move(state, MoveFleet, GB, "english_channel", "baltic_sea")
    assert refusals.move_refused(state, GB, "fleet", "english_channel", "baltic_sea") == \
        "A fleet moves to one adjacent sea per Maneuver: Baltic Sea is too far"


def test_switzerland_is_closed_to_fleets_too():
    """Rule book, Gameboard: Switzerland may not be entered."""
    state = _maneuver(IT, units={(IT, "western_mediterranean"): (0, 1)})
    assert refusals.move_refused(state, IT, "fleet", "western_mediterranean", "switzerland") == \
        "Switzerland is closed to all units"


# ---------------------------------------------------------------- maneuver: armies


def test_armies_cannot_enter_switzerland():
    """Rule book, Maneuver 2: armies move to adjacent land regions "except for Switzerland"."""
    state = _maneuver(GE, units={(GE, "munich"): (1, 0)})
    _no_move(state, MoveArmy, GE, "munich", "switzerland")
    assert refusals.move_refused(state, GE, "army", "munich", "switzerland") == \
        "Armies cannot enter Switzerland: it is closed to all units"


def test_armies_cannot_enter_the_sea():
    """Rule book, Gameboard: only fleets enter the sea regions."""
    state = _maneuver(GB, units={(GB, "london"): (1, 0)})
    _armies_phase(state, GB)
    assert refusals.move_refused(state, GB, "army", "london", "english_channel").startswith("Armies cannot enter the sea")


def test_army_crosses_the_sea_only_by_convoy():
    """Rule book, Maneuver 2 (sea transport): a fleet of the nation in every sea crossed."""
    state = _maneuver(AH, units={(AH, "trieste"): (1, 0)})
    _armies_phase(state, AH)
    _no_move(state, MoveArmy, AH, "trieste", "algeria")
    why = refusals.move_refused(state, AH, "army", "trieste", "algeria")
    assert why.startswith("An army can cross the sea only with a fleet of its nation in every sea it passes (convoy)")


def test_army_moves_one_land_region():
    """Rule book, Maneuver 2: one adjacent land region (railway only inside the own country)."""
    state = _maneuver(FR, units={(FR, "paris"): (1, 0)})
    _armies_phase(state, FR)
    _no_move(state, MoveArmy, FR, "paris", "moscow")
    assert refusals.move_refused(state, FR, "army", "paris", "moscow").startswith("An army moves one land region per Maneuver")


def test_railway_is_cut_by_hostile_armies():
    """Rule book, Maneuver 2 (railroad): a home province with hostile armies suspends the railway
    (FAQ: a hostile Russian army in Berlin cuts Danzig off); clarification 17."""
    state = six_player_game()
    clear_units(state)
    put(state, GE, "cologne", armies=1)
    put(state, "russia", "berlin", armies=1, hostile=True)
    start_maneuver(state, GE)
    _armies_phase(state, GE)
    _no_move(state, MoveArmy, GE, "cologne", "danzig")
    assert refusals.move_refused(state, GE, "army", "cologne", "danzig") == \
        "The railway does not run through home provinces where hostile armies stand (Berlin)"


# ---------------------------------------------------------------- rondel


def _rondel(position: int, cash: int | None = None):
    state = six_player_game()
    give_turn(state, AH, position=position)
    if cash is not None:
        state.cash[state.government[AH]] = cash
    refresh(state)
    return state


def test_rondel_extra_spaces_cost_the_government():
    """Rule book, Selecting a space on the rondel: 1-3 spaces free, 2M per further space from the
    government's own cash; clarification 28: only affordable moves."""
    state = _rondel(0, cash=0)
    assert not state.is_legal(ChooseRondel(AH, 6))
    assert refusals.rondel_refused(state, AH, 6) == ("More than 3 spaces cost 2M per extra space, paid by the "
                                                      "government: Maneuver costs 6M and P1 has 0M")


def test_rondel_must_move_on():
    """Rule book: "remaining in place is not allowed"."""
    state = _rondel(2)
    assert not state.is_legal(ChooseRondel(AH, 2))
    assert refusals.rondel_refused(state, AH, 2) == "A nation must move on the rondel: staying on Maneuver is not allowed"


def test_rondel_at_most_six_spaces():
    """Rule book: "The maximum move on the rondel is six spaces"."""
    state = _rondel(0, cash=100)
    assert not state.is_legal(ChooseRondel(AH, 7))
    assert refusals.rondel_refused(state, AH, 7) == "A nation moves at most 6 spaces on the rondel; Taxation is 7 away"


def test_rondel_investor_needs_the_interest():
    """Clarification 5 (option "forbid Investor"): the nation may stop on Investor only if its
    treasury and its government's cash can pay the other bondholders' interest."""
    state = _rondel(1, cash=0)
    state.treasury[AH] = 0
    state.bond_owner[AH][4] = 1  # another player's bond: interest is owed to someone else
    refresh(state)
    assert not state.is_legal(ChooseRondel(AH, 3))
    assert "may stop on Investor only if its treasury and its government's cash can pay all interest" in \
        refusals.rondel_refused(state, AH, 3)


# ---------------------------------------------------------------- factory and import


def _decision(kind: str, nation: str = GE, treasury: int = 20) -> GameState:
    return deciding(kind, nation, treasury)


def test_factory_only_in_own_free_home_provinces():
    """Rule book, Factory: only in the nation's own cities, one per city, none under hostile armies."""
    state = _decision("factory")
    assert not state.is_legal(BuildFactory(GE, "paris"))
    assert refusals.factory_refused(state, GE, "paris") == \
        "Factories may only be built in your home provinces, where none stands and no hostile army is"
    assert refusals.factory_refused(state, GE, "berlin") == "Berlin has a factory already: one factory per city"
    put(state, FR, "munich", armies=1, hostile=True)
    assert not state.is_legal(BuildFactory(GE, "munich"))
    assert refusals.factory_refused(state, GE, "munich") == "Hostile armies stand in Munich: no factory can be built there"


def test_factory_costs_five_from_the_treasury():
    """Rule book, Factory: "The nation pays 5 mil. into the bank"."""
    state = _decision("factory", treasury=3)
    assert not state.is_legal(BuildFactory(GE, "munich"))
    assert refusals.factory_refused(state, GE, "munich") == "A factory costs 5M from the treasury; German Empire has 3M"
    assert refusals.region_click_refused(state, "munich") == refusals.factory_refused(state, GE, "munich")


def test_import_only_in_own_home_provinces():
    """Rule book, Import: units are placed in the nation's home provinces without hostile armies."""
    state = _decision("import")
    assert not any(isinstance(a, ImportUnit) and a.region == "paris" for a in state.legal_actions())
    assert refusals.import_refused(state, GE, "paris") == \
        "An import places at most 3 units, only in your home provinces (fleets only in port cities)"
    put(state, FR, "munich", armies=1, hostile=True)
    assert refusals.import_refused(state, GE, "munich") == "Hostile armies stand in Munich: nothing can be imported there"


def test_import_at_most_three_and_paid_by_the_treasury():
    """Rule book, Import: at most three units, 1M each from the treasury."""
    state = _decision("import")
    state.pending["count"] = 3
    refresh(state)
    assert not any(isinstance(a, ImportUnit) for a in state.legal_actions())
    assert refusals.import_refused(state, GE, "berlin") == "An import places at most 3 units"
    poor = _decision("import", treasury=0)
    assert refusals.import_refused(poor, GE, "berlin") == "Each imported unit costs 1M from the treasury; German Empire has 0M"


def test_no_refusal_for_decisions_not_made_on_the_board():
    state = six_player_game()
    give_turn(state, AH, position=0)
    assert refusals.region_click_refused(state, "vienna") is None


# ---------------------------------------------------------------- on the game screen


@pytest.mark.parametrize("target, rule", [("switzerland", "Armies cannot enter Switzerland"),
                                          ("sweden", "only with a fleet of its nation in every sea"),
                                          ("moscow", "one land region per Maneuver")])
def test_a_drop_on_an_illegal_region_shows_the_rule(target, rule):
    """A unit dragged (posted mouse events) to a region it cannot enter snaps back with the rule."""
    from ui_driver import Driver
    from ui_player import UIPlayer

    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.game_scene import GameScene

    state = six_player_game()
    clear_units(state)
    put(state, GE, "munich", armies=1)
    start_maneuver(state, GE)
    session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state.clone())
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0))
    driver.frame(2)
    player = UIPlayer(driver)
    rect = driver.scene.board.piece_rect("munich", GE, "army")
    point = player.region_point(target)
    assert driver.scene.board.region_at(point) == target
    driver.drag(rect.center, point)
    assert session.version == 0
    assert rule in driver.scene.toasts.message[0]
    pygame.quit()


def test_a_click_on_a_city_that_cannot_take_a_factory_shows_the_rule():
    from ui_driver import Driver
    from ui_player import UIPlayer

    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.game_scene import GameScene

    state = _decision("factory")
    session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state.clone())
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0))
    driver.frame(2)
    driver.click(UIPlayer(driver).region_point("paris", city=True))
    assert session.version == 0
    assert driver.scene.toasts.message[0].startswith("Factories may only be built in your home provinces")
    # French play-test (session 18): the refused click also selected the region, and its facts
    # stayed pinned over the board through the next turns
    assert driver.scene.board_layer.selected_region is None and driver.scene.board_layer.highlights().get("paris") is None
    pygame.quit()


def test_a_clicked_regions_facts_stay_shown_until_the_nation_turn_ends():
    """A click on a region outside a board decision pins its facts (the tooltip and a yellow
    outline); they go when the nation turn ends, not later over the next nations' moves."""
    from ui_driver import Driver
    from ui_player import UIPlayer

    from imperial_desktop.core import GameSetup, GameState
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.game_scene import GameScene

    state = GameState.new(GameSetup.create(4, 5))
    session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state.clone())
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0))
    driver.frame(2)
    scene = driver.scene
    driver.click(UIPlayer(driver).region_point("spain"))
    driver.move(scene.layout.log.center)  # the pointer leaves the board
    driver.frame(2)
    assert scene.board_layer.selected_region == "spain" and driver.drawn[RegionTipLayer].lines[0] == "Spain"
    nation = session.state.turn_nation
    session.apply(session.state.legal_actions()[0])  # the nation's first decision: its turn goes on
    driver.frame(2)
    assert session.state.turn_nation == nation and driver.drawn[RegionTipLayer].lines[0] == "Spain"
    while session.state.turn_nation == nation:
        session.apply(session.state.legal_actions()[0])
    driver.frame(2)
    assert RegionTipLayer not in driver.drawn and "spain" not in scene.board_layer.highlights()
    pygame.quit()


def test_a_click_on_the_rondel_outside_the_rondel_decision_says_when_it_is_used():
    """Rule book, Game play: a nation chooses its rondel space at the start of its turn only."""
    from ui_driver import Driver
    from ui_player import UIPlayer

    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.game_scene import GameScene

    state = _decision("import")
    assert refusals.rondel_refused(state, GE, 2) == "The rondel is used at the start of a nation's turn"
    session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state.clone())
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0))
    driver.frame(2)
    driver.click(UIPlayer(driver).rondel_point(2))
    assert session.version == 0
    assert driver.scene.toasts.message[0] == "The rondel is used at the start of a nation's turn"
    pygame.quit()
