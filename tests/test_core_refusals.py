"""The core says why (issue 36, point 2): for every decision kind, each kind of illegal attempt
gets its reason from the rules core as a value (``GameState.refusal`` and its siblings), and
``ui/refusals.py`` holds no rule, only words.

Rule book sections ("R-EN ...") are those of the English rule book; "#n" the clarifications.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers import (
    AH, deciding, FR, GB, GE, IT, RU, clear_units, give_turn, new_game, options, put, refresh, six_player_game,
    start_maneuver,
)

from imperial_desktop.core import (
    AskNation, Battle, BuildFactory, ChooseRondel, DestroyFactory, Donate, EndPhase, GameState,
    IllegalActionError, ImportUnit, Invest, MoveArmy, MoveFleet, PassInvestment, Peace, Produce,
    Refusal, RefusalCode, SetArmyStatus, SwissForce,
)

C = RefusalCode
PACKAGE = Path(__file__).resolve().parent.parent / "imperial_desktop"
FACTORY, PROD1, MAN1, INVESTOR, IMPORT, PROD2, MAN2, TAXATION = range(8)


def code(why: Refusal | None) -> RefusalCode | None:
    return None if why is None else why.code


# ---------------------------------------------------------------- positions


def _decision(kind: str, nation: str = GE, treasury: int = 20) -> GameState:
    return deciding(kind, nation, treasury)


def _maneuver(nation: str, units: dict) -> GameState:
    """``nation``'s Maneuver with only the given ``{(owner, region): (armies, fleets)}`` on the board."""
    state = six_player_game()
    clear_units(state)
    for (owner, region), (armies, fleets) in units.items():
        put(state, owner, region, armies=armies, fleets=fleets)
    start_maneuver(state, nation)
    return state


def _armies_phase(state: GameState, nation: str) -> None:
    if state.maneuver_phase() == "fleets":
        state.apply(EndPhase(nation, "fleets"))


def _swiss_position() -> GameState:
    """Player 5 holds a Swiss Bank; Austria moves from Maneuver past Investor: the question is asked."""
    state = six_player_game()
    state.government[RU] = 4
    state.swiss = {5}
    give_turn(state, AH, position=MAN1)
    state.cash[0] = 20
    refresh(state)
    state.apply(ChooseRondel(AH, MAN2))
    assert state.decision().kind == "swiss_force"
    return state


def _investing() -> GameState:
    """Austria landed on Investor: the card holder (player 1) invests."""
    state = six_player_game()
    give_turn(state, AH, position=MAN1)
    state.apply(ChooseRondel(AH, INVESTOR))
    assert state.decision().kind == "invest"
    return state


def _auction() -> GameState:
    state = new_game(4, seed=2, bond_distribution="auction")
    assert state.decision().kind == "auction"
    return state


def _entry_fight() -> GameState:
    """Russia's fleet entered the Ionian Sea where Italy and Austria have fleets (R-EN example)."""
    state = _maneuver(RU, {(RU, "eastern_mediterranean"): (0, 2), (IT, "ionian_sea"): (0, 1),
                           (AH, "ionian_sea"): (0, 1), (RU, "black_sea"): (0, 1), (GE, "black_sea"): (0, 1)})
    state.apply(MoveFleet(RU, "eastern_mediterranean", "ionian_sea"))
    assert state.decision().kind == "entry_fight"
    return state


def _entry_status() -> GameState:
    state = _maneuver(FR, {(FR, "dijon"): (1, 0), (FR, "marseille"): (1, 0)})
    state.apply(MoveArmy(FR, "dijon", "munich"))
    assert state.decision().kind == "entry_status"
    return state


# ---------------------------------------------------------------- every decision kind


def _kind_examples() -> dict[str, tuple[GameState, object, RefusalCode]]:
    """One illegal attempt per decision kind with its reason (the detailed tests follow)."""
    entry_ask = _entry_fight()
    entry_ask.apply(Peace(RU))
    entry_demand = _entry_fight()
    entry_demand.apply(Peace(RU))
    entry_demand.apply(AskNation(RU, IT))
    auction = _auction()
    return {
        "auction": (auction, Invest(auction.decision().player, IT, 2), C.INVEST_ONLY_IN),
        "rondel": (_rondel(MAN1), ChooseRondel(AH, MAN1), C.RONDEL_MUST_MOVE),
        "swiss_force": (_swiss_position(), SwissForce(5, IT, True), C.NOT_THE_ACTING_NATION),
        "factory": (_decision("factory"), BuildFactory(GE, "berlin"), C.FACTORY_EXISTS),
        "production": (_decision("production"), Produce(GE, ("paris",)), C.PRODUCE_NO_FACTORY),
        "import": (_decision("import"), ImportUnit(GE, "fleet", "munich"), C.IMPORT_FLEET_NOT_PORT),
        "maneuver": (_maneuver(GB, {(GB, "london"): (0, 1)}), MoveFleet(GB, "london", "north_sea"),
                     C.FLEET_HARBOUR_TO_ANCHOR),
        "entry_fight": (_entry_fight(), Battle(RU, "black_sea", "fleet", GE, "fleet"), C.ENTRY_BATTLE_ONLY),
        "entry_ask": (entry_ask, AskNation(RU, GE), C.ASK_NOT_PRESENT),
        "entry_demand": (entry_demand, Battle(IT, "ionian_sea", "fleet", AH, "fleet"), C.ENTRY_BATTLE_ONLY),
        "entry_status": (_entry_status(), SetArmyStatus(FR, "marseille", True), C.ENTRY_STATUS_ONLY),
        "invest": (_investing(), Invest(1, AH, 9), C.BOND_TAKEN),
    }


def test_every_decision_kind_has_its_reasons_from_the_core():
    """Each decision the core can ask (its legality generators) answers an illegal attempt with
    the reason of its own phase, and the legal options with None."""
    examples = _kind_examples()
    assert set(examples) == set(GameState._GENERATORS) == set(GameState._REFUSERS)
    for kind, (state, action, expected) in examples.items():
        assert state.decision().kind == kind
        assert code(state.refusal(action)) is expected, kind
        assert all(state.refusal(a) is None for a in state.legal_actions()), kind


def test_checks_common_to_every_decision():
    """R-EN Game play: the government of the nation whose turn it is decides, and only what its
    decision asks."""
    state = _rondel(MAN1)
    assert code(state.refusal(ChooseRondel(IT, PROD2))) is C.NOT_THE_ACTING_NATION
    assert state.refusal(ChooseRondel(IT, PROD2)).params == {"nation": IT, "acting": AH}
    assert code(state.refusal(MoveArmy(AH, "vienna", "rome"))) is C.NOT_NOW
    assert state.refusal(MoveArmy(AH, "vienna", "rome")).params["kind"] == "rondel"
    assert code(state.refusal(PassInvestment(2))) is C.NOT_YOUR_DECISION
    assert code(state.refusal("rondel 3")) is C.NOT_AN_ACTION  # type: ignore[arg-type]
    assert state.refusal(ChooseRondel(AH, PROD2)) is None


def test_the_illegal_action_error_names_the_reason():
    """The English error of an illegal action keeps its words and adds the core's code."""
    state = _rondel(FACTORY, cash=100)
    with pytest.raises(IllegalActionError, match=r"not among the \d+ legal options of this kind \(rondel_too_far: "):
        state.apply(ChooseRondel(AH, TAXATION))
    with pytest.raises(IllegalActionError, match="Austria-Hungary is the nation to act"):
        state.apply(ChooseRondel(IT, PROD1))


def test_no_reason_after_the_game_ends():
    """R-EN Object of the game: the game ends when a nation reaches 25 power points."""
    state = _rondel(MAN1)
    state.over = True
    assert code(state.refusal(ChooseRondel(AH, PROD2))) is C.GAME_OVER


# ---------------------------------------------------------------- set-up auction


def test_auction_reasons():
    """R-EN Variant for experienced players (#30): one bond of the nation being auctioned, new,
    paid in full from the player's cash."""
    state = _auction()
    player = state.decision().player
    assert code(state.refusal(Invest(player, IT, 2))) is C.INVEST_ONLY_IN
    assert code(state.refusal(Invest(player, AH, 3))) is C.NO_SUCH_BOND
    assert code(state.refusal(Invest(player, AH, 4, 2))) is C.NO_TRADE_IN
    state.cash[player] = 5
    refresh(state)
    assert state.refusal(Invest(player, AH, 9)) == Refusal(C.BOND_TOO_DEAR, {"value": 9, "cost": 9, "cash": 5})
    state.apply(Invest(player, AH, 4))
    other = state.decision().player
    assert code(state.refusal(Invest(other, AH, 4))) is C.BOND_TAKEN
    assert code(state.refusal(Invest(player, AH, 6))) is C.NOT_YOUR_DECISION


# ---------------------------------------------------------------- rondel and Swiss Banks


def _rondel(position: int | None, cash: int | None = None) -> GameState:
    state = six_player_game()
    give_turn(state, AH, position=position)
    if cash is not None:
        state.cash[state.government[AH]] = cash
    refresh(state)
    return state


def test_rondel_reasons():
    """R-EN Selecting a space on the rondel: move on (remaining in place is not allowed), three
    spaces free, 2M per further space from the government's cash, at most six (#2, #28)."""
    state = _rondel(FACTORY, cash=0)
    assert state.refusal(ChooseRondel(AH, FACTORY)) == Refusal(C.RONDEL_MUST_MOVE, {"space": FACTORY})
    assert state.refusal(ChooseRondel(AH, PROD2)) == Refusal(
        C.RONDEL_TOO_DEAR, {"space": PROD2, "cost": 4, "player": 0, "cash": 0, "free": 3, "price": 2})
    assert code(state.refusal(ChooseRondel(AH, 8))) is C.NO_SUCH_SPACE
    rich = _rondel(FACTORY, cash=100)
    assert rich.refusal(ChooseRondel(AH, TAXATION)) == Refusal(C.RONDEL_TOO_FAR, {"space": TAXATION, "steps": 7, "most": 6})


def test_rondel_investor_needs_the_interest():
    """#5 (option "forbid"): a nation stops on Investor only if its treasury and its government's
    cash cover the other bondholders' interest; also on the free first placement (#1)."""
    for position in (MAN1, None):
        state = _rondel(position, cash=0)
        state.treasury[AH] = 0
        refresh(state)
        why = state.refusal(ChooseRondel(AH, INVESTOR))
        assert why == Refusal(C.INVESTOR_INTEREST, {"nation": AH, "due": 1, "available": 0})
    lenient = six_player_game(options=options(investor_shortfall="pay_what_you_can"))
    give_turn(lenient, AH, position=MAN1)
    lenient.treasury[AH] = lenient.cash[0] = 0
    refresh(lenient)
    assert lenient.refusal(ChooseRondel(AH, INVESTOR)) is None


def test_swiss_force_reasons():
    """#7: a Swiss Bank may force the stop on Investor only if the treasury can pay all interest;
    the question is the Swiss Bank holder's, about the moving nation."""
    state = _swiss_position()
    assert state.refusal(SwissForce(5, AH, True)) is None
    state.treasury[AH] = 4  # interest due: 4 (9M bond) + 1 (2M) = 5
    refresh(state)
    assert state.refusal(SwissForce(5, AH, True)) == Refusal(C.FORCE_NEEDS_INTEREST, {"nation": AH, "due": 5, "treasury": 4})
    assert state.refusal(SwissForce(5, AH, False)) is None
    assert code(state.refusal(SwissForce(3, AH, False))) is C.NOT_YOUR_DECISION
    assert code(state.refusal(SwissForce(5, IT, False))) is C.NOT_THE_ACTING_NATION


# ---------------------------------------------------------------- factory, production, import


def test_factory_reasons():
    """R-EN Factory: only in the nation's own cities, one per city, none where hostile armies
    stand; the nation pays 5M into the bank (#11)."""
    state = _decision("factory")
    assert state.refusal(BuildFactory(GE, "paris")) == Refusal(C.FACTORY_NOT_HOME, {"region": "paris"})
    assert code(state.refusal(BuildFactory(GE, "berlin"))) is C.FACTORY_EXISTS
    assert code(state.refusal(BuildFactory(GE, "atlantis"))) is C.UNKNOWN_REGION
    put(state, FR, "munich", armies=1, hostile=True)
    assert code(state.refusal(BuildFactory(GE, "munich"))) is C.FACTORY_OCCUPIED
    poor = _decision("factory", treasury=3)
    assert poor.refusal(BuildFactory(GE, "munich")) == Refusal(C.FACTORY_TOO_DEAR, {"nation": GE, "cost": 5, "money": 3})
    assert poor.refusal(BuildFactory(GE, None)) is None
    assert code(poor.region_refusal("danzig")) is C.FACTORY_TOO_DEAR  # a click on the board asks the same


def test_production_reasons():
    """R-EN Production: each own factory produces one unit; occupied factories cannot produce;
    the supply of pieces limits it (#12)."""
    state = _decision("production")
    state.factories |= {"munich"}
    refresh(state)
    assert code(state.refusal(Produce(GE, ("paris",)))) is C.PRODUCE_NO_FACTORY
    assert code(state.refusal(Produce(GE, ("danzig",)))) is C.PRODUCE_NO_FACTORY  # no factory there
    assert code(state.refusal(Produce(GE, ("berlin", "berlin")))) is C.PRODUCE_TWICE
    put(state, RU, "berlin", armies=1, hostile=True)
    assert code(state.refusal(Produce(GE, ("berlin",)))) is C.PRODUCE_OCCUPIED
    state.hostile[RU].clear()
    put(state, GE, "cologne", armies=8)  # the whole army supply is on the board
    assert state.refusal(Produce(GE, ("munich",))) == Refusal(C.PRODUCE_SUPPLY, {"nation": GE, "unit": "army", "supply": 8})
    assert state.refusal(Produce(GE, ("hamburg",))) is None


def test_import_reasons():
    """R-EN Import: at most three units at 1M each from the treasury, in home provinces without
    hostile armies, fleets only in seaports, within the supply (#13)."""
    state = _decision("import")
    assert state.refusal(ImportUnit(GE, "army", "paris")) == Refusal(C.IMPORT_NOT_HOME, {"region": "paris", "most": 3})
    assert code(state.refusal(ImportUnit(GE, "fleet", "munich"))) is C.IMPORT_FLEET_NOT_PORT
    assert code(state.refusal(ImportUnit(GE, "tank", "munich"))) is C.UNKNOWN_UNIT
    assert code(state.refusal(EndPhase(GE, "fleets"))) is C.END_PHASE_MISMATCH
    put(state, FR, "munich", armies=1, hostile=True)
    assert code(state.refusal(ImportUnit(GE, "army", "munich"))) is C.IMPORT_OCCUPIED
    put(state, GE, "cologne", armies=8)
    assert state.refusal(ImportUnit(GE, "army", "berlin")) == Refusal(
        C.IMPORT_NO_PIECES, {"nation": GE, "region": "berlin", "unit": "army"})
    assert state.refusal(ImportUnit(GE, "fleet", "hamburg")) is None
    assert code(state.import_refusal(GE, "berlin")) is C.IMPORT_NO_PIECES  # neither kind fits
    assert state.import_refusal(GE, "hamburg") is None
    state.pending["count"] = 3
    refresh(state)
    assert state.refusal(ImportUnit(GE, "fleet", "hamburg")) == Refusal(C.IMPORT_LIMIT, {"most": 3})
    poor = _decision("import", treasury=0)
    assert poor.import_refusal(GE, "berlin") == Refusal(C.IMPORT_TOO_DEAR, {"nation": GE, "cost": 1, "money": 0})
    assert code(_rondel(MAN1).import_refusal(AH, "vienna")) is C.NOT_NOW


# ---------------------------------------------------------------- maneuver: which unit moves


def test_which_unit_may_move():
    """R-EN Maneuver: the nation on the Maneuver space moves; first the fleets, then the armies;
    every unit once (#14)."""
    state = _maneuver(GB, {(GB, "english_channel"): (0, 1), (GB, "london"): (1, 0), (GB, "edinburgh"): (1, 0),
                           (FR, "paris"): (1, 0)})
    assert code(state.unit_refusal(FR, "army", "paris")) is C.NOT_THE_ACTING_NATION
    assert code(state.unit_refusal(GB, "army", "london")) is C.ARMIES_AFTER_FLEETS
    assert code(state.unit_refusal(GB, "fleet", "north_sea")) is C.NO_UNIT_THERE
    assert state.unit_refusal(GB, "fleet", "english_channel") is None
    state.apply(MoveFleet(GB, "english_channel", "north_sea"))
    _armies_phase(state, GB)
    assert code(state.unit_refusal(GB, "fleet", "north_sea")) is C.FLEET_PHASE_OVER
    state.apply(MoveArmy(GB, "london", "sheffield"))
    assert state.unit_refusal(GB, "army", "sheffield") == Refusal(C.UNIT_MOVED, {"unit": "army", "region": "sheffield"})
    assert code(state.refusal(MoveArmy(GB, "sheffield", "london"))) is C.UNIT_MOVED
    idle = six_player_game()
    give_turn(idle, AH, position=0)
    assert code(idle.unit_refusal(AH, "army", "vienna")) is C.NOT_NOW


def test_a_unit_with_nowhere_to_go():
    """R-EN Maneuver 2: an army crosses the sea only with its nation's fleets (Dublin: no land
    border, no rail)."""
    state = _maneuver(GB, {(GB, "dublin"): (1, 0), (GB, "london"): (1, 0)})
    _armies_phase(state, GB)
    assert state.unit_refusal(GB, "army", "dublin") == Refusal(C.NO_DESTINATION, {"unit": "army", "region": "dublin"})


# ---------------------------------------------------------------- maneuver: where it goes


def test_fleet_destinations():
    """R-EN Maneuver 1: a fleet moves to an adjacent sea; from the harbour first to the anchor
    sea; once at sea it never returns to land. R-EN Gameboard: Switzerland may not be entered."""
    state = _maneuver(GB, {(GB, "london"): (0, 1), (GB, "english_channel"): (0, 1)})
    assert state.refusal(MoveFleet(GB, "london", "north_sea")) == Refusal(
        C.FLEET_HARBOUR_TO_ANCHOR, {"sea": "english_channel"})
    assert code(state.refusal(MoveFleet(GB, "english_channel", "london"))) is C.FLEET_NOT_TO_LAND
    assert state.refusal(MoveFleet(GB, "english_channel", "baltic_sea")) == Refusal(C.FLEET_TOO_FAR, {"sea": "baltic_sea"})
    assert state.refusal(MoveFleet(GB, "english_channel", "switzerland")) == Refusal(
        C.CLOSED_REGION, {"region": "switzerland", "unit": "fleet"})
    assert code(state.move_refusal(GB, "fleet", "english_channel", "atlantis")) is C.UNKNOWN_REGION
    assert state.move_refusal(GB, "fleet", "english_channel", "north_sea") is None


def test_army_destinations():
    """R-EN Maneuver 2: armies move to an adjacent land region except Switzerland, never into
    the sea, across it only by convoy (one army per fleet), and by railroad within their own
    country (#15, #17, #18)."""
    state = _maneuver(AH, {(AH, "trieste"): (1, 0), (AH, "vienna"): (1, 0)})
    _armies_phase(state, AH)
    assert state.refusal(MoveArmy(AH, "trieste", "switzerland")) == Refusal(
        C.CLOSED_REGION, {"region": "switzerland", "unit": "army"})
    assert code(state.refusal(MoveArmy(AH, "trieste", "ionian_sea"))) is C.ARMY_NOT_TO_SEA
    assert code(state.refusal(MoveArmy(AH, "trieste", "algeria"))) is C.CONVOY_NEEDED
    assert code(state.refusal(MoveArmy(AH, "vienna", "moscow"))) is C.ARMY_TOO_FAR
    assert code(state.move_refusal(AH, "army", "vienna", "vienna")) is C.ARMY_CANNOT_REACH
    assert state.move_refusal(AH, "army", "vienna", "venice") is None


def test_railway_cut_by_hostile_armies():
    """R-EN Maneuver 2 (railroad): a home province with hostile armies suspends the railway (#17)."""
    state = six_player_game()
    clear_units(state)
    put(state, GE, "cologne", armies=1)
    put(state, RU, "berlin", armies=1, hostile=True)
    start_maneuver(state, GE)
    _armies_phase(state, GE)
    assert state.refusal(MoveArmy(GE, "cologne", "danzig")) == Refusal(C.RAILWAY_CUT, {"regions": ("berlin",)})


def test_convoy_route_must_be_one_of_the_fleets_that_can_carry():
    """R-EN Maneuver 2 (sea transport): the army is carried by fleets of its nation in the seas
    it crosses; a route through other seas is refused though the destination can be reached."""
    state = _maneuver(AH, {(AH, "trieste"): (1, 0), (AH, "ionian_sea"): (0, 1), (AH, "western_mediterranean"): (0, 1)})
    _armies_phase(state, AH)
    legal = [a for a in state.legal_actions() if isinstance(a, MoveArmy) and a.destination == "tunis"]
    assert legal and all(a.convoy for a in legal)
    wrong = MoveArmy(AH, "trieste", "tunis", ("black_sea",))
    assert state.refusal(wrong) == Refusal(C.CONVOY_ROUTE, {"region": "tunis", "convoy": ("black_sea",)})


# ---------------------------------------------------------------- maneuver: battles, status, destruction


def test_battle_reasons():
    """R-EN Maneuver (battles): units are matched 1:1 where both sides have a unit (#16, #22)."""
    state = _maneuver(RU, {(RU, "black_sea"): (0, 1), (GE, "black_sea"): (0, 1)})
    assert state.refusal(Battle(RU, "black_sea", "fleet", GE, "fleet")) is None
    assert code(state.refusal(Battle(RU, "black_sea", "army", GE, "fleet"))) is C.BATTLE_NO_UNIT
    assert state.refusal(Battle(RU, "black_sea", "fleet", IT, "fleet")) == Refusal(
        C.BATTLE_NO_TARGET, {"nation": IT, "region": "black_sea", "unit": "fleet"})
    assert code(state.refusal(Battle(RU, "black_sea", "fleet", RU, "fleet"))) is C.BATTLE_OWN_NATION
    assert code(state.refusal(Battle(RU, "black_sea", "fleet", "prussia", "fleet"))) is C.UNKNOWN_NATION
    assert code(state.refusal(EndPhase(RU, "armies"))) is C.END_PHASE_MISMATCH


def test_army_status_reasons():
    """R-EN Maneuver (entering provinces of other Great Powers): armies in a foreign home province
    are hostile or friendly; the status may change in the nation's next Maneuver, once (#19);
    the last unoccupied factory admits friendly armies only (#20)."""
    state = _maneuver(FR, {(FR, "munich"): (1, 0), (FR, "paris"): (1, 0), (FR, "berlin"): (1, 0),
                           (FR, "english_channel"): (0, 1)})
    state.factories -= {"hamburg"}  # Germany keeps Berlin as its last factory
    refresh(state)
    assert code(state.refusal(SetArmyStatus(FR, "munich", True))) is C.ARMIES_AFTER_FLEETS
    _armies_phase(state, FR)
    assert state.refusal(SetArmyStatus(FR, "munich", True)) is None
    assert code(state.refusal(SetArmyStatus(FR, "munich", False))) is C.STATUS_UNCHANGED
    assert code(state.refusal(SetArmyStatus(FR, "paris", True))) is C.STATUS_NOT_FOREIGN_HOME
    assert code(state.refusal(SetArmyStatus(FR, "vienna", True))) is C.STATUS_NO_ARMY
    assert code(state.refusal(SetArmyStatus(FR, "berlin", True))) is C.STATUS_FORCED_FRIENDLY
    state.apply(SetArmyStatus(FR, "munich", True))
    assert code(state.refusal(SetArmyStatus(FR, "munich", False))) is C.STATUS_CHANGED_ALREADY


def test_destroy_factory_reasons():
    """R-EN Maneuver (destruction): three armies destroy a foreign factory when no defender units
    are left in the province (#21); the armies must stand there hostile (a nation's last factory
    without hostile armies admits friendly armies only, #20, so it is never destroyed)."""
    state = _maneuver(AH, {(AH, "venice"): (2, 0), (IT, "venice"): (1, 0), (AH, "florence"): (3, 0),
                           (AH, "genoa"): (3, 0)})
    state.factories |= {"venice"}
    state.hostile[AH] |= {"venice", "florence"}
    refresh(state)
    assert code(state.refusal(DestroyFactory(AH, "venice"))) is C.ARMIES_AFTER_FLEETS
    _armies_phase(state, AH)
    assert code(state.refusal(DestroyFactory(AH, "genoa"))) is C.DESTROY_NOT_HOSTILE
    assert code(state.refusal(DestroyFactory(AH, "florence"))) is C.DESTROY_NO_FACTORY
    assert state.refusal(DestroyFactory(AH, "venice")) == Refusal(C.DESTROY_NEEDS_THREE, {"region": "venice", "armies": 2})
    put(state, AH, "venice", armies=1)
    assert state.refusal(DestroyFactory(AH, "venice")) == Refusal(C.DESTROY_DEFENDED, {"region": "venice", "owner": IT})
    state.armies[IT].clear()
    refresh(state)
    assert state.refusal(DestroyFactory(AH, "venice")) is None


# ---------------------------------------------------------------- maneuver: the entry questions


def test_entry_fight_reasons():
    """R-EN Maneuver 1 (fleet battle example): the entering unit may fight one of the units in
    the region it entered (#16, #22); nothing else is decided at this moment."""
    state = _entry_fight()
    assert state.refusal(Battle(RU, "ionian_sea", "fleet", IT, "fleet")) is None
    assert state.refusal(Battle(RU, "black_sea", "fleet", GE, "fleet")) == Refusal(
        C.ENTRY_BATTLE_ONLY, {"nation": RU, "region": "ionian_sea", "unit": "fleet"})
    assert code(state.refusal(Battle(RU, "ionian_sea", "fleet", FR, "fleet"))) is C.BATTLE_NO_TARGET
    assert code(state.refusal(MoveFleet(RU, "eastern_mediterranean", "ionian_sea"))) is C.NOT_NOW


def test_entry_ask_and_demand_reasons():
    """R-EN Maneuver 1: the mover chooses the order in which the others are asked; an asked
    nation may only demand a battle against the unit that entered (#16, #22)."""
    state = _entry_fight()
    state.apply(Peace(RU))
    assert state.decision().kind == "entry_ask"
    assert state.refusal(AskNation(RU, GE)) == Refusal(C.ASK_NOT_PRESENT, {"nation": GE})
    state.apply(AskNation(RU, IT))
    assert (state.decision().kind, state.decision().nation) == ("entry_demand", IT)
    assert code(state.refusal(Peace(RU))) is C.NOT_THE_ACTING_NATION
    assert code(state.refusal(Battle(IT, "ionian_sea", "fleet", AH, "fleet"))) is C.ENTRY_BATTLE_ONLY
    assert state.refusal(Battle(IT, "ionian_sea", "fleet", RU, "fleet")) is None
    assert code(state.refusal(Battle(IT, "ionian_sea", "army", RU, "fleet"))) is C.BATTLE_NO_UNIT


def test_entry_status_reasons():
    """R-EN Maneuver (entering provinces of other Great Powers): the government of the army that
    entered decides whether that army is hostile or friendly (#19)."""
    state = _entry_status()
    assert state.refusal(SetArmyStatus(FR, "munich", True)) is None
    assert state.refusal(SetArmyStatus(FR, "marseille", True)) == Refusal(C.ENTRY_STATUS_ONLY, {"region": "munich"})
    assert code(state.refusal(MoveArmy(FR, "marseille", "genoa"))) is C.NOT_NOW


# ---------------------------------------------------------------- investing and donations


def test_invest_reasons():
    """R-EN Investor 2 and #8: one bond of any nation, not yet sold, paid in full, or an own bond
    of the same nation traded up to a higher one for the difference."""
    state = _investing()
    player = state.decision().player
    assert code(state.refusal(Invest(player, AH, 9))) is C.BOND_TAKEN
    assert code(state.refusal(Invest(player, AH, 7))) is C.NO_SUCH_BOND
    assert code(state.refusal(Invest(player, "prussia", 4))) is C.UNKNOWN_NATION
    mine = max(value for value, owner in state.bond_owner[IT].items() if owner == player)
    lower = min(state.available_bonds(IT))
    assert lower < mine and state.bond_owner[FR].get(4) != player
    assert code(state.refusal(Invest(player, FR, 30, 4))) is C.TRADE_IN_NOT_OWNED
    assert state.refusal(Invest(player, IT, lower, mine)) == Refusal(C.TRADE_IN_NOT_LOWER, {"value": lower, "trade_in": mine})
    state.cash[player] = 3
    refresh(state)
    assert state.refusal(Invest(player, FR, 30)) == Refusal(C.BOND_TOO_DEAR, {"value": 30, "cost": 30, "cash": 3})
    assert code(state.refusal(Invest((player + 1) % 6, FR, 4))) is C.NOT_YOUR_DECISION


def test_invest_in_the_variant_round_only_in_the_nation():
    """R-EN Variant without investor card (#29): after a nation's turn each player may invest in
    that nation only; a Swiss Bank in any nation."""
    state = six_player_game(investor_card=False)
    state.pending = {"kind": "invest", "player": 1, "nation": AH, "only": AH}
    state.cash[1] = 20
    refresh(state)
    value = min(state.available_bonds(AH))
    assert state.refusal(Invest(1, IT, value)) == Refusal(C.INVEST_ONLY_IN, {"nation": AH})
    assert state.refusal(Invest(1, AH, value)) is None


def test_donation_reasons():
    """#31: any player may give his own cash, in whole millions, to a treasury at any time."""
    state = six_player_game()
    assert state.refusal(Donate(0, AH, 1)) is None
    assert code(state.refusal(Donate(9, AH, 1))) is C.NO_SUCH_PLAYER
    assert code(state.refusal(Donate(0, "prussia", 1))) is C.UNKNOWN_NATION
    assert code(state.refusal(Donate(0, AH, 0))) is C.DONATION_NOT_WHOLE
    assert state.refusal(Donate(0, AH, 999)) == Refusal(C.DONATION_TOO_LARGE, {"player": 0, "cash": state.cash[0]})
    assert state.legal_donation(Donate(0, AH, 999)) == f"player 1 has only {state.cash[0]}M"
    state.over = True
    assert code(state.refusal(Donate(0, AH, 1))) is C.GAME_OVER


# ---------------------------------------------------------------- the values and the codes


def test_refusals_are_plain_values():
    a = Refusal(C.RAILWAY_CUT, {"regions": ("berlin",)})
    assert a == Refusal(C.RAILWAY_CUT, {"regions": ("berlin",)}) and hash(a) == hash(Refusal(C.RAILWAY_CUT, {"regions": ("berlin",)}))
    assert str(a) == "railway_cut: regions=('berlin',)" and a.code == "railway_cut"
    with pytest.raises(AttributeError):
        a.code = C.NOT_NOW  # type: ignore[misc]


def test_every_code_is_given_by_the_core():
    """No code is declared that no rule of the core gives."""
    source = "".join(path.read_text(encoding="utf-8") for path in (PACKAGE / "core").glob("*.py")
                     if path.name != "refusal.py")
    unused = [c.name for c in RefusalCode if f"RefusalCode.{c.name}" not in source]
    assert not unused, unused


# ---------------------------------------------------------------- ui/refusals.py: words only


def test_ui_refusals_holds_no_rule():
    """``ui/refusals.py`` imports nothing rule-like (no movement, no board constants), does no
    arithmetic (no rondel distances) and reads of the state only the core's reasons and names."""
    tree = ast.parse((PACKAGE / "ui" / "refusals.py").read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Import)], "only 'from ... import' of the core"
    imported: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.setdefault(node.module or "", set()).update(a.name for a in node.names)
    assert set(imported) <= {"__future__", "collections.abc", "typing", "imperial_desktop.core", "imperial_desktop.i18n"}, \
        imported
    assert imported["imperial_desktop.core"] <= {"GameState", "Refusal", "RefusalCode", "BuildFactory", "ChooseRondel"}
    arithmetic = [n for n in ast.walk(tree) if isinstance(n, (ast.BinOp, ast.AugAssign))
                  and not isinstance(n.op, ast.BitOr)]  # "X | None" in the type hints
    assert not arithmetic, "arithmetic in the wording"

    asked = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "state":
            asked.add(node.attr)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and \
                isinstance(node.value.value, ast.Name) and node.value.value.id == "state":
            asked.add(f"{node.value.attr}.{node.attr}")
    reasons = {"refusal", "unit_refusal", "move_refusal", "import_refusal", "region_refusal"}
    names = {"board", "setup", "board.name_of", "board.rondel", "setup.players"}
    assert reasons <= asked, reasons - asked
    assert asked <= reasons | names, asked - reasons - names
    for word in ("HOME", "IMPASSABLE", "ArmyRouter", "fleet_destinations", "occupied_regions", "treasury",
                 "cash", "factories", "mv", "maneuver_phase", "decision", "legal_actions", "import_max",
                 "max_steps", "rondel_cost"):
        assert not any(isinstance(n, (ast.Name, ast.Attribute)) and (getattr(n, "id", None) == word or
                       getattr(n, "attr", None) == word) for n in ast.walk(tree)), word
