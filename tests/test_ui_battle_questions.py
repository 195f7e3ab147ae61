"""A battle question shows who stands in the region and with what (session 13's play-test: "Fight
the army of France" did not say France had two armies there against one)."""

from __future__ import annotations

import pytest
from game_scenes import _played_states

from imperial_desktop.core.events import units_phrase


@pytest.mark.parametrize("kind", ["entry_fight", "entry_demand"])
def test_a_battle_question_names_every_nations_units_in_the_region(kind) -> None:
    from imperial_desktop.ui.choices import decision_view

    state = _played_states()[kind]
    region = state.entry_view().region
    prompt = decision_view(state).prompt
    standing = [(n, state.armies[n].get(region, 0)) for n in state.board.nation_ids if state.armies[n].get(region, 0)]
    assert len(standing) >= 2
    assert "There now: " in prompt
    for nation, armies in standing:
        assert f"{state.board.name_of(nation)} with {units_phrase(armies, 'army')}" in prompt


# ------------------------------------------- what each question is about (a newcomer's review, session 15)

def _ask_state():
    """Russia's fleet sails into the Ionian Sea, where Italy and Austria-Hungary have a fleet each,
    and Russia declines to fight: it chooses who is asked first."""
    from game_scenes import ionian_entry
    from helpers import RU

    from imperial_desktop.core import MoveFleet, Peace

    state = ionian_entry()
    state.apply(MoveFleet(RU, "eastern_mediterranean", "ionian_sea"))
    state.apply(Peace(RU))
    assert state.decision().kind == "entry_ask"
    return state


def test_who_is_asked_first_says_who_entered_where_and_what_the_order_decides() -> None:
    from imperial_desktop.ui.choices import decision_view

    view = decision_view(_ask_state())
    assert view.prompt.startswith("P6: the fleet of Russia entered the Ionian Sea, where several nations stand.")
    assert "asked first whether it demands a battle" in view.prompt
    # what the order decides: the first nation to demand a battle fights, the rest are not asked
    assert "The first to demand one fights (one unit of each side is removed); the rest are then not asked." in view.prompt
    assert "There now: Austria-Hungary with a fleet, Italy with a fleet and Russia with a fleet." in view.prompt
    assert [c.label for c in view.choices] == ["Ask Austria-Hungary first", "Ask Italy first"]


def test_a_status_change_is_not_called_an_entry() -> None:
    """Armies that turn hostile without moving let the others demand a battle (clarifications #19):
    the question says so instead of "entered"."""
    from helpers import AH, RU, clear_units, put, six_player_game, start_maneuver

    from imperial_desktop.core import EndPhase, SetArmyStatus
    from imperial_desktop.ui.choices import decision_view

    state = six_player_game()
    clear_units(state)
    put(state, RU, "lemberg", armies=1)
    put(state, AH, "lemberg", armies=1)
    start_maneuver(state, RU)
    state.apply(EndPhase(RU, "fleets"))
    state.apply(SetArmyStatus(RU, "lemberg", True))
    assert state.decision().kind == "entry_demand"
    prompt = decision_view(state).prompt
    assert "the armies of Russia in Lemberg are now hostile (standing). Demand a battle?" in prompt
    assert "entered" not in prompt and "A battle removes one unit of each side." in prompt


def test_hostile_or_friendly_says_what_each_answer_does_to_the_home_nation() -> None:
    from imperial_desktop.ui.choices import decision_view

    state = _played_states()["entry_status"]
    region = state.entry_view().region
    mover, owner = state.entry_view().mover, state.board.regions[region].nation
    prompt = decision_view(state).prompt
    name, home, where = state.board.name_of(mover), state.board.name_of(owner), state.board.regions[region].name
    assert f"the army of {name} entered {where}, a home province of {home}." in prompt
    assert region in state.factories
    # R-EN "Entering provinces of other Great Powers", Taxation, FAQ on rail
    assert (f"Hostile (standing): {home} can no longer produce, import or use the railway there and gets no taxes "
            "for that factory.") in prompt
    assert prompt.endswith("Friendly (lying): no effect.")
    # a newcomer's review: the green (primary) Friendly button read as advice, against the coach's
    assert not any(c.primary for c in decision_view(state).choices)
    state = state.clone()
    state.factories.discard(region)  # no factory there: hostile armies stop building one
    assert (f"Hostile (standing): {home} can no longer build a factory, import or use the railway there."
            in decision_view(state).prompt)


def test_production_says_why_a_factory_may_stay_idle() -> None:
    from imperial_desktop.ui.choices import decision_view

    prompt = decision_view(_played_states()["production"]).prompt
    assert "every army and fleet costs 1M soldiers' pay out of the taxes at each Taxation" in prompt
    assert "Switch off the factories that should stay idle, then produce." in prompt
    assert "supply" not in prompt  # every factory can produce


def test_production_says_when_the_supply_is_short() -> None:
    from helpers import AH, give_turn, put, refresh, six_player_game

    from imperial_desktop.core import ChooseRondel
    from imperial_desktop.ui.choices import decision_view, production_sites

    state = six_player_game()
    give_turn(state, AH)
    put(state, AH, "west_balkan", armies=state.board.nation_by_id[AH].army_supply - 1)
    refresh(state)
    state.apply(ChooseRondel(AH, 1))
    assert state.decision().kind == "production" and len(production_sites(state)) >= 2
    assert "The supply is short: an army left." in decision_view(state).prompt


def test_french_demand_says_our_unit(monkeypatch) -> None:
    """"Battle: our {unit} against {target}" lost its "our" in French ("Bataille : armée contre
    l'armée (…)"); it says "Notre armée contre l'armée (…)" (with "Bataille : " in front it would
    not fit the button at 1280)."""
    from imperial_desktop import i18n
    from imperial_desktop.ui.choices import decision_view

    state = _played_states()["entry_demand"]
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "fr")
    i18n.set_language("fr")
    try:
        assert i18n._("Battle: our {unit} against {target}") == "Notre {unit} contre {target}"
        labels = [c.label for c in decision_view(state).choices]
    finally:
        i18n.set_language("en")
    assert "Notre armée contre l'armée (Empire Germanique)" in labels
