"""Factory, Production, Import: R-EN pages 7-8 with their examples; clarifications 11, 12, 13, 34, 36."""

import pytest

from imperial_desktop.core import (
    BuildFactory, ChooseRondel, Donate, EndPhase, IllegalActionError, ImportUnit, Produce,
)
from helpers import AH, FR, GB, GE, IT, RU, clear_units, give_turn, legal_of, put, six_player_game

FACTORY, PROD1, MAN1, INVESTOR, IMPORT = 0, 1, 2, 3, 4


def test_rule_example_germany_factory_only_in_munich_or_danzig():
    # Germany has factories in Berlin and Hamburg; a (hostile) French army stands in Cologne.
    state = six_player_game()
    put(state, FR, "cologne", armies=1, hostile=True)
    give_turn(state, GE)
    state.apply(ChooseRondel(GE, FACTORY))
    builds = {a.city for a in legal_of(state, BuildFactory)}
    assert builds == {"munich", "danzig", None}
    treasury = state.treasury[GE]
    state.apply(BuildFactory(GE, "danzig"))
    assert "danzig" in state.factories
    assert state.treasury[GE] == treasury - 5


def test_point_11_factory_cost_from_treasury_and_donation_covers_shortfall():
    state = six_player_game()
    state.treasury[GE] = 3
    give_turn(state, GE)
    state.apply(ChooseRondel(GE, FACTORY))
    assert legal_of(state, BuildFactory) == [BuildFactory(GE, None)]
    state.apply(Donate(4, GE, 2))  # the government gives 2M of his own money
    assert BuildFactory(GE, "munich") in state.legal_actions()
    state.apply(BuildFactory(GE, "munich"))
    assert state.treasury[GE] == 0


def test_point_11_factory_only_in_matching_own_city_one_per_city():
    state = six_player_game()
    give_turn(state, GE)
    state.apply(ChooseRondel(GE, FACTORY))
    builds = {a.city for a in legal_of(state, BuildFactory)} - {None}
    assert builds == {"cologne", "munich", "danzig"}  # Berlin and Hamburg already have one


def test_point_11_destroyed_factory_city_can_be_rebuilt():
    state = six_player_game()
    state.factories.discard("berlin")
    give_turn(state, GE)
    state.apply(ChooseRondel(GE, FACTORY))
    assert BuildFactory(GE, "berlin") in state.legal_actions()


def test_rule_example_production_hostile_blocks_friendly_does_not():
    # Germany: factories Berlin, Hamburg, Munich; hostile Russian army in Berlin, friendly French in Munich.
    state = six_player_game()
    clear_units(state)
    state.factories.add("munich")
    put(state, RU, "berlin", armies=1, hostile=True)
    put(state, FR, "munich", armies=1, hostile=False)
    give_turn(state, GE)
    state.apply(ChooseRondel(GE, PROD1))
    largest = max(legal_of(state, Produce), key=lambda a: len(a.cities))
    assert set(largest.cities) == {"hamburg", "munich"}
    state.apply(largest)
    assert state.fleets[GE] == {"hamburg": 1}
    assert state.armies[GE] == {"munich": 1}


def test_point_12_government_may_leave_factories_idle():
    state = six_player_game()
    give_turn(state, AH)
    state.apply(ChooseRondel(AH, PROD1))
    subsets = {a.cities for a in legal_of(state, Produce)}
    assert subsets == {(), ("vienna",), ("budapest",), ("vienna", "budapest")}
    state.apply(Produce(AH, ("budapest",)))
    assert state.armies[AH] == {"budapest": 1}


def test_point_12_unit_supply_limits_production():
    state = six_player_game()
    put(state, GB, "north_sea", fleets=9)  # GB supply: 10 fleets
    give_turn(state, GB)
    state.apply(ChooseRondel(GB, PROD1))
    subsets = {a.cities for a in legal_of(state, Produce)}
    assert ("london", "liverpool") not in subsets
    assert ("london",) in subsets and ("liverpool",) in subsets


@pytest.mark.parametrize("nation,armies,fleets", [(AH, 10, 6), (GB, 6, 10), (IT, 8, 8), (FR, 8, 8), (GE, 8, 8), (RU, 8, 8)])
def test_point_34_unit_supplies(nation, armies, fleets):
    n = six_player_game().board.nation_by_id[nation]
    assert (n.army_supply, n.fleet_supply) == (armies, fleets)


def test_rule_example_austria_imports_two_fleets_and_an_army_in_trieste():
    state = six_player_game()
    give_turn(state, AH)
    state.apply(ChooseRondel(AH, IMPORT))
    treasury = state.treasury[AH]
    state.apply(ImportUnit(AH, "fleet", "trieste"))
    state.apply(ImportUnit(AH, "fleet", "trieste"))
    state.apply(ImportUnit(AH, "army", "trieste"))
    assert state.fleets[AH] == {"trieste": 2} and state.armies[AH] == {"trieste": 1}
    assert state.treasury[AH] == treasury - 3
    assert state.decision().nation == IT  # three imports end the action


def test_point_13_import_places_fleets_only_in_port_cities_and_not_under_hostile_armies():
    state = six_player_game()
    put(state, IT, "vienna", armies=1, hostile=True)
    put(state, RU, "budapest", armies=1, hostile=False)
    give_turn(state, AH)
    state.apply(ChooseRondel(AH, IMPORT))
    places = {(a.unit, a.region) for a in legal_of(state, ImportUnit)}
    assert ("army", "vienna") not in places  # hostile army
    assert ("army", "budapest") in places  # friendly foreign army does not matter
    assert {r for u, r in places if u == "fleet"} == {"trieste"}  # AH's only port city, shipyard not needed


def test_point_13_import_limited_by_treasury_and_can_stop_early():
    state = six_player_game()
    state.treasury[AH] = 1
    give_turn(state, AH)
    state.apply(ChooseRondel(AH, IMPORT))
    state.apply(ImportUnit(AH, "army", "prague"))
    assert legal_of(state, ImportUnit) == []
    assert state.legal_actions() == [EndPhase(AH, "import")]
    state.apply(EndPhase(AH, "import"))
    assert state.decision().nation == IT


def test_import_more_than_three_is_illegal():
    state = six_player_game()
    give_turn(state, AH)
    state.apply(ChooseRondel(AH, IMPORT))
    for _ in range(2):
        state.apply(ImportUnit(AH, "army", "vienna"))
    state.apply(ImportUnit(AH, "army", "vienna"))
    with pytest.raises(IllegalActionError):
        state.apply(ImportUnit(AH, "army", "vienna"))
