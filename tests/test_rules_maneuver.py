"""Maneuver: R-EN pages 8-11 with their examples; clarifications 14-23."""

import pytest

from imperial_desktop.core import (
    AskNation, Battle, DestroyFactory, EndPhase, IllegalActionError, MoveArmy, MoveFleet, Peace,
    SetArmyStatus,
)
from imperial_desktop.core.movement import army_destinations
from helpers import AH, FR, GB, GE, IT, RU, clear_units, legal_of, put, refresh, six_player_game, start_maneuver


def fresh():
    state = six_player_game()
    clear_units(state)
    return state


def fleet_moves(state, origin):
    return sorted(a.destination for a in legal_of(state, MoveFleet) if a.origin == origin)


def army_moves(state, origin):
    return sorted({a.destination for a in legal_of(state, MoveArmy) if a.origin == origin})


# ---------------------------------------------------------------- fleets (#14, #15)

def test_rule_example_fleet_moves_from_the_channel_and_harbours():
    state = fresh()
    put(state, GB, "english_channel", fleets=1)
    put(state, GB, "london", fleets=1)
    put(state, GB, "dublin", fleets=1)
    start_maneuver(state, GB)
    assert fleet_moves(state, "english_channel") == ["bay_of_biscay", "north_atlantic", "north_sea"]
    assert fleet_moves(state, "london") == ["english_channel"]  # first move to the anchor sea
    assert fleet_moves(state, "dublin") == ["north_atlantic"]


def test_point_14_fleets_first_then_armies_each_unit_once():
    state = fresh()
    put(state, GB, "london", fleets=1, armies=1)
    start_maneuver(state, GB)
    assert state.maneuver_phase() == "fleets"
    assert legal_of(state, MoveArmy) == []
    state.apply(MoveFleet(GB, "london", "english_channel"))
    # the moved fleet cannot move again; only the end of the fleet phase (and no battle) remains
    # so the phase ended by itself and the army phase began
    assert state.maneuver_phase() == "armies"
    assert legal_of(state, MoveFleet) == []
    state.apply(MoveArmy(GB, "london", "sheffield"))
    assert legal_of(state, MoveArmy) == []


def test_point_14_player_ends_phases_explicitly():
    state = fresh()
    put(state, GB, "north_sea", fleets=1)
    put(state, GB, "london", armies=1)
    start_maneuver(state, GB)
    state.apply(EndPhase(GB, "fleets"))
    assert state.maneuver_phase() == "armies"
    state.apply(EndPhase(GB, "armies"))
    assert state.decision().nation == GE  # turn over


def test_point_15_fleets_never_return_to_land():
    state = fresh()
    put(state, FR, "english_channel", fleets=1)
    start_maneuver(state, FR)
    with pytest.raises(IllegalActionError):
        state.apply(MoveFleet(FR, "english_channel", "brest"))


# ---------------------------------------------------------------- battles (#16, #22)

def test_rule_example_fleet_battle_mover_chooses_target_and_asking_order():
    # Purple (Russia) moves into the Ionian Sea holding green (Italy) and yellow (Austria) fleets.
    state = fresh()
    put(state, RU, "eastern_mediterranean", fleets=2)
    put(state, IT, "ionian_sea", fleets=1)
    put(state, AH, "ionian_sea", fleets=1)
    start_maneuver(state, RU)
    state.apply(MoveFleet(RU, "eastern_mediterranean", "ionian_sea"))
    d = state.decision()
    assert d.kind == "entry_fight" and d.nation == RU
    assert set(state.legal_actions()) == {Battle(RU, "ionian_sea", "fleet", IT, "fleet"),
                                          Battle(RU, "ionian_sea", "fleet", AH, "fleet"), Peace(RU)}
    state.apply(Peace(RU))
    assert state.decision().kind == "entry_ask"  # Russia chooses whom to ask first
    state.apply(AskNation(RU, IT))
    d = state.decision()
    assert (d.kind, d.nation, d.player) == ("entry_demand", IT, 1)
    state.apply(Peace(IT))
    d = state.decision()
    assert (d.kind, d.nation) == ("entry_demand", AH)
    state.apply(Peace(AH))
    assert state.decision().kind == "maneuver"
    assert state.fleets[RU]["ionian_sea"] == 1 and state.fleets[IT]["ionian_sea"] == 1


def test_point_16_one_battle_removes_exactly_one_unit_each():
    state = fresh()
    put(state, RU, "eastern_mediterranean", fleets=1)
    put(state, IT, "ionian_sea", fleets=2)
    start_maneuver(state, RU)
    state.apply(MoveFleet(RU, "eastern_mediterranean", "ionian_sea"))
    state.apply(Battle(RU, "ionian_sea", "fleet", IT, "fleet"))
    assert RU not in [n for n, *_ in state.units_in("ionian_sea")]
    assert state.fleets[IT]["ionian_sea"] == 1


def test_point_16_defender_may_demand_battle():
    state = fresh()
    put(state, RU, "eastern_mediterranean", fleets=1)
    put(state, IT, "ionian_sea", fleets=1)
    state.flags["ionian_sea"] = IT
    start_maneuver(state, RU)
    state.apply(MoveFleet(RU, "eastern_mediterranean", "ionian_sea"))
    state.apply(Peace(RU))
    assert state.decision().kind == "entry_demand"  # only one nation: asked directly
    state.apply(Battle(IT, "ionian_sea", "fleet", RU, "fleet"))
    assert state.units_in("ionian_sea") == []
    assert state.flags.get("ionian_sea") == IT  # nobody occupies it exclusively: flag stays


def test_point_16_active_nation_may_start_further_battles_with_unmoved_units():
    state = fresh()
    put(state, RU, "black_sea", fleets=1)
    put(state, GE, "black_sea", fleets=1)
    start_maneuver(state, RU)
    assert Battle(RU, "black_sea", "fleet", GE, "fleet") in state.legal_actions()
    state.apply(Battle(RU, "black_sea", "fleet", GE, "fleet"))
    assert state.units_in("black_sea") == []


def test_point_16_army_battle_then_flag_for_the_survivor():
    state = fresh()
    put(state, RU, "romania", armies=2)
    put(state, AH, "romania", armies=1)
    state.flags["romania"] = AH
    start_maneuver(state, RU)
    state.apply(Battle(RU, "romania", "army", AH, "army"))
    assert state.flags["romania"] == RU  # #23: flag replaced at once after the battle


def test_point_22_entering_army_may_attack_a_fleet_in_its_harbour():
    state = fresh()
    put(state, IT, "venice", fleets=1)
    put(state, AH, "vienna", armies=1)
    start_maneuver(state, AH)
    state.apply(MoveArmy(AH, "vienna", "venice"))
    assert Battle(AH, "venice", "army", IT, "fleet") in state.legal_actions()


def test_point_22_harbour_fleet_may_demand_battle_against_entering_army():
    state = fresh()
    put(state, IT, "venice", fleets=1)
    put(state, AH, "vienna", armies=1)
    start_maneuver(state, AH)
    state.apply(MoveArmy(AH, "vienna", "venice"))
    state.apply(Peace(AH))
    assert set(state.legal_actions()) == {Battle(IT, "venice", "fleet", AH, "army"), Peace(IT)}


def test_point_22_active_harbour_fleet_may_attack_army_in_its_province_but_never_fleet_at_sea_vs_army():
    state = fresh()
    put(state, IT, "venice", fleets=1)
    put(state, AH, "venice", armies=1, hostile=True)
    put(state, IT, "ionian_sea", fleets=1)
    put(state, AH, "greece", armies=1)
    start_maneuver(state, IT)
    battles = set(legal_of(state, Battle))
    assert Battle(IT, "venice", "fleet", AH, "army") in battles
    assert not any(b.region == "greece" for b in battles)


# ---------------------------------------------------------------- railroad (#17) and convoys (#18)

def test_rule_example_railroad_army_in_holland():
    state = fresh()
    put(state, GE, "holland", armies=1)
    put(state, GE, "baltic_sea", fleets=1)
    dests = army_destinations(state, GE, "holland")
    assert not {"denmark", "sweden", "norway"} & set(dests)
    assert {"hamburg", "berlin", "cologne", "munich", "danzig"} <= set(dests)


def test_rule_example_railroad_army_in_cologne():
    state = fresh()
    put(state, GE, "cologne", armies=1)
    put(state, GE, "baltic_sea", fleets=1)
    dests = army_destinations(state, GE, "cologne")
    assert dests["denmark"] == [()]  # rail to Hamburg, then directly to Denmark
    assert dests["sweden"] == [("baltic_sea",)] and dests["norway"] == [("baltic_sea",)]


def test_point_17_hostile_army_in_berlin_cuts_danzig_off():
    # R-EN FAQ: a hostile Russian army in Berlin: no rail from Hamburg, Cologne or Munich to Danzig.
    state = fresh()
    put(state, RU, "berlin", armies=1, hostile=True)
    for origin in ("hamburg", "cologne", "munich"):
        put(state, GE, origin, armies=1)
        assert "danzig" not in army_destinations(state, GE, origin)


def test_point_17_rail_never_starts_in_an_occupied_province():
    state = fresh()
    put(state, RU, "berlin", armies=1, hostile=True)
    put(state, GE, "berlin", armies=1)
    dests = army_destinations(state, GE, "berlin")
    assert "munich" in dests  # a land step
    assert "danzig" in dests  # land step
    assert "holland" not in dests  # would need rail from Berlin to Hamburg/Cologne first


def test_point_17_friendly_foreign_army_does_not_suspend_rail():
    state = fresh()
    put(state, RU, "berlin", armies=1, hostile=False)
    put(state, GE, "hamburg", armies=1)
    assert "danzig" in army_destinations(state, GE, "hamburg")


def test_point_17_no_rail_to_dublin():
    state = fresh()
    put(state, GB, "london", armies=1)
    assert "dublin" not in army_destinations(state, GB, "london")


def test_rule_example_convoy_trieste_to_algeria_and_tunis():
    state = fresh()
    put(state, AH, "trieste", armies=2)
    put(state, AH, "ionian_sea", fleets=2)
    put(state, AH, "western_mediterranean", fleets=1)
    start_maneuver(state, AH)
    state.apply(EndPhase(AH, "fleets"))
    algeria = [a for a in legal_of(state, MoveArmy) if a.destination == "algeria"]
    assert algeria == [MoveArmy(AH, "trieste", "algeria", ("ionian_sea", "western_mediterranean"))]
    state.apply(algeria[0])
    second = army_moves(state, "trieste")
    assert "algeria" not in second  # the W. Med fleet has carried its army
    assert "tunis" in second  # the second Ionian fleet still can


def test_point_18_player_chooses_the_fleets_when_it_matters():
    state = fresh()
    put(state, GB, "london", armies=1)
    put(state, GB, "english_channel", fleets=1)
    put(state, GB, "north_sea", fleets=1)
    put(state, GB, "north_atlantic", fleets=1)
    dests = army_destinations(state, GB, "london")
    # Norway: via the North Sea alone (London touches it); Portugal: via Channel or Atlantic to Biscay? no fleet in Biscay
    assert dests["norway"] == [("north_sea",)]
    assert "portugal" not in dests
    put(state, GB, "bay_of_biscay", fleets=1)
    dests = army_destinations(state, GB, "london")
    assert dests["portugal"] == [("bay_of_biscay", "english_channel"), ("bay_of_biscay", "north_atlantic")]


def test_point_18_landing_in_own_province_allows_rail_afterwards():
    state = fresh()
    put(state, FR, "spain", armies=1)
    put(state, FR, "bay_of_biscay", fleets=1)
    dests = army_destinations(state, FR, "spain")
    assert "paris" in dests  # Spain -> Bordeaux (land), then rail


def test_point_18_convoy_cannot_use_fleet_twice_and_foreign_fleets_do_not_block():
    state = fresh()
    put(state, IT, "naples", armies=2)
    put(state, IT, "western_mediterranean", fleets=1)
    put(state, FR, "western_mediterranean", fleets=3)
    start_maneuver(state, IT)
    state.apply(EndPhase(IT, "fleets"))
    assert MoveArmy(IT, "naples", "spain", ("western_mediterranean",)) in state.legal_actions()
    state.apply(MoveArmy(IT, "naples", "spain", ("western_mediterranean",)))
    assert "spain" not in army_moves(state, "naples")
    remaining = [a for a in legal_of(state, MoveArmy) if a.origin == "naples"]
    assert remaining and all(a.convoy == () for a in remaining)  # only rail and land steps are left


# ---------------------------------------------------------------- hostile / friendly (#19, #20)

def test_point_19_entering_a_foreign_home_province_asks_hostile_or_friendly():
    state = fresh()
    put(state, FR, "dijon", armies=1)
    start_maneuver(state, FR)
    state.apply(MoveArmy(FR, "dijon", "munich"))
    d = state.decision()
    assert d.kind == "entry_status"
    assert set(state.legal_actions()) == {SetArmyStatus(FR, "munich", True), SetArmyStatus(FR, "munich", False)}
    state.apply(SetArmyStatus(FR, "munich", True))
    assert "munich" in state.hostile[FR]


def test_point_19_status_change_in_a_later_maneuver_lets_others_demand_battle():
    state = fresh()
    put(state, FR, "munich", armies=1, hostile=False)
    put(state, GE, "munich", armies=1)
    start_maneuver(state, FR)
    state.apply(EndPhase(FR, "fleets"))  # a battle is possible, so the fleet phase waits for its end
    assert SetArmyStatus(FR, "munich", True) in state.legal_actions()
    state.apply(SetArmyStatus(FR, "munich", True))
    d = state.decision()
    assert (d.kind, d.nation) == ("entry_demand", GE)
    state.apply(Battle(GE, "munich", "army", FR, "army"))
    assert state.units_in("munich") == []
    assert "munich" not in state.hostile[FR]


def test_point_19_status_changes_only_once_per_maneuver():
    state = fresh()
    put(state, FR, "munich", armies=1, hostile=False)
    start_maneuver(state, FR)
    state.apply(SetArmyStatus(FR, "munich", True))
    assert not legal_of(state, SetArmyStatus)


def test_point_19_hostile_army_may_stand_beside_peaceful_defenders():
    state = fresh()
    put(state, FR, "dijon", armies=1)
    put(state, GE, "munich", armies=1)
    start_maneuver(state, FR)
    state.apply(MoveArmy(FR, "dijon", "munich"))
    state.apply(Peace(FR))
    state.apply(Peace(GE))
    assert state.decision().kind == "entry_status"
    state.apply(SetArmyStatus(FR, "munich", True))
    assert state.armies[GE]["munich"] == 1 and "munich" in state.hostile[FR]


def test_point_20_last_unoccupied_factory_admits_only_friendly_armies():
    state = fresh()
    state.factories -= {"hamburg"}  # Germany keeps only Berlin
    put(state, RU, "danzig", armies=1)
    start_maneuver(state, RU)
    events = state.apply(MoveArmy(RU, "danzig", "berlin"))
    assert [e.data["forced"] for e in events if e.type == "army_status"] == [True]  # no choice offered
    assert "berlin" not in state.hostile[RU]


def test_point_20_no_switch_to_hostile_in_the_last_unoccupied_factory():
    state = fresh()
    state.factories -= {"hamburg"}
    put(state, RU, "berlin", armies=1, hostile=False)
    put(state, RU, "warsaw", armies=1)
    start_maneuver(state, RU)
    assert SetArmyStatus(RU, "berlin", True) not in state.legal_actions()


# ---------------------------------------------------------------- destruction (#21)

def test_rule_example_destruction_of_the_venice_shipyard():
    state = fresh()
    state.factories.add("venice")
    put(state, IT, "venice", fleets=1)
    put(state, AH, "vienna", armies=2)
    put(state, AH, "budapest", armies=2)
    start_maneuver(state, AH)
    state.apply(MoveArmy(AH, "vienna", "venice"))
    state.apply(Battle(AH, "venice", "army", IT, "fleet"))  # the army fights the fleet in harbour
    assert state.units_in("venice") == []
    state.apply(MoveArmy(AH, "vienna", "venice"))
    state.apply(SetArmyStatus(AH, "venice", True))
    for _ in range(2):  # Budapest -> Vienna by rail, then on to Venice
        state.apply(MoveArmy(AH, "budapest", "venice"))
        state.apply(SetArmyStatus(AH, "venice", True))
    assert state.armies[AH]["venice"] == 3
    assert DestroyFactory(AH, "venice") in state.legal_actions()
    state.apply(DestroyFactory(AH, "venice"))
    assert "venice" not in state.factories
    assert "venice" not in state.armies[AH]


def test_point_21_no_destruction_while_defender_units_remain_or_armies_friendly():
    state = fresh()
    state.factories.add("venice")
    put(state, AH, "venice", armies=3, hostile=True)
    put(state, IT, "venice", armies=1)
    start_maneuver(state, AH)
    assert DestroyFactory(AH, "venice") not in state.legal_actions()
    state = fresh()
    state.factories.add("venice")
    put(state, AH, "venice", armies=3, hostile=False)
    start_maneuver(state, AH)
    assert DestroyFactory(AH, "venice") not in state.legal_actions()


def test_point_21_last_unoccupied_factory_cannot_be_destroyed():
    state = fresh()
    state.factories -= {"naples"}  # Italy keeps Rome only
    put(state, AH, "rome", armies=3, hostile=True)  # (a hostile stack would make Rome occupied)
    state.hostile[AH].discard("rome")
    refresh(state)
    start_maneuver(state, AH)
    assert DestroyFactory(AH, "rome") not in state.legal_actions()


# ---------------------------------------------------------------- flags (#23)

def test_point_23_flags_placed_at_the_end_of_the_maneuver_never_in_home_provinces():
    state = fresh()
    put(state, FR, "paris", armies=1)
    put(state, FR, "dijon", armies=1)
    start_maneuver(state, FR)
    state.apply(MoveArmy(FR, "paris", "belgium"))
    state.apply(MoveArmy(FR, "dijon", "munich"))
    state.apply(SetArmyStatus(FR, "munich", False))  # nothing left to do: the maneuver ends
    assert state.decision().nation == GB
    assert state.flags == {"belgium": FR}


def test_point_23_no_flag_where_foreign_units_remain():
    state = fresh()
    put(state, FR, "paris", armies=1)
    put(state, GE, "belgium", armies=1)
    start_maneuver(state, FR)
    state.apply(MoveArmy(FR, "paris", "belgium"))
    state.apply(Peace(FR))
    state.apply(Peace(GE))
    state.apply(EndPhase(FR, "armies"))
    assert "belgium" not in state.flags


def test_point_23_flag_stays_until_another_nation_alone_occupies_it():
    state = fresh()
    state.flags["belgium"] = GE
    put(state, FR, "paris", armies=1)
    start_maneuver(state, FR)
    state.apply(MoveArmy(FR, "paris", "belgium"))  # the maneuver ends by itself
    assert state.flags["belgium"] == FR


def test_point_23_out_of_flags_old_flag_removed_region_unflagged():
    state = fresh()
    regions = [r for r in state.board.flag_regions if r not in ("belgium",)][:15]
    for r in regions:
        state.flags[r] = FR
    state.flags["belgium"] = GE
    put(state, FR, "paris", armies=1)
    start_maneuver(state, FR)
    state.apply(MoveArmy(FR, "paris", "belgium"))
    assert "belgium" not in state.flags
    assert state.flag_count(FR) == 15
