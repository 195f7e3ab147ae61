"""No wasted turn: which rondel spaces do nothing (the core says why) and the rule every computer
level follows (issue "opponent", item 3)."""

from __future__ import annotations

import random

import pytest
from helpers import AH, FR, GB, clear_units, give_turn, new_game, put, refresh

from imperial_desktop.ai import make_bot
from imperial_desktop.ai.expert import ExpertBot
from imperial_desktop.ai.heuristics import pending_choice
from imperial_desktop.ai.no_waste import choice_cost, useful_choices
from imperial_desktop.core import ChooseRondel, GameState
from imperial_desktop.core.empty_actions import Empty, empty_reason

FACTORY, PRODUCTION, MANEUVER, INVESTOR, IMPORT, PRODUCTION_2, MANEUVER_2, TAXATION = range(8)


def opening(nation: str = FR) -> GameState:
    """The first turn of a 4-player game: ``nation`` (11M in its treasury, no units) places its marker."""
    state = new_game(4, 1)
    give_turn(state, nation)
    return state


# ---------------------------------------------------------------- the core: what is empty, and why


def test_maneuver_without_units_does_nothing():
    """R-EN Maneuver: the nation moves its fleets and armies; with none on the board nothing moves."""
    state = opening()
    assert empty_reason(state, FR, MANEUVER) is Empty.NO_UNITS
    put(state, FR, "paris", armies=1)
    assert empty_reason(state, FR, MANEUVER) is None


def test_factory_without_a_free_city_does_nothing_but_a_short_treasury_is_not_empty():
    """R-EN Factory: a factory goes on a home city without one (and without hostile armies); a
    treasury short of the price can be filled by donations (R-EN Donations), so that is no waste."""
    state = opening()
    cities = state.board.nation_by_id[FR].home_provinces
    state.treasury[FR] = 0
    assert empty_reason(state, FR, FACTORY) is None
    state.factories |= set(cities)
    refresh(state)
    assert empty_reason(state, FR, FACTORY) is Empty.NO_FACTORY_SITE


def test_import_needs_room_and_money():
    """R-EN Import: each unit costs 1M from the treasury and goes to a home province without
    hostile armies, within the unit supply."""
    state = opening()
    assert empty_reason(state, FR, IMPORT) is None
    state.treasury[FR] = 0
    assert empty_reason(state, FR, IMPORT) is Empty.NO_MONEY_TO_IMPORT
    state.treasury[FR] = 11
    for city in state.board.nation_by_id[FR].home_provinces:
        put(state, GB, city, armies=1, hostile=True)
    assert empty_reason(state, FR, IMPORT) is Empty.NO_ROOM_TO_IMPORT


def test_production_without_a_working_factory_does_nothing():
    """R-EN Production: each factory without hostile armies produces a unit of its kind."""
    state = opening()
    assert empty_reason(state, FR, PRODUCTION) is None
    for city in state.board.nation_by_id[FR].home_provinces:
        if city in state.factories:
            put(state, GB, city, armies=1, hostile=True)
    assert empty_reason(state, FR, PRODUCTION) is Empty.NOTHING_TO_PRODUCE


def test_taxation_and_investor_always_do_something():
    state = opening()
    clear_units(state)
    state.treasury[FR] = 0
    assert empty_reason(state, FR, TAXATION) is None
    assert empty_reason(state, FR, INVESTOR) is None


# ---------------------------------------------------------------- the rule


def test_an_empty_choice_goes_when_a_useful_one_costs_no_more():
    """The opening: the first placement is free everywhere, so neither Maneuver is a choice."""
    state = opening()
    kept = useful_choices(state, state.legal_actions())
    spaces = {a.space for a in kept}
    assert MANEUVER not in spaces and MANEUVER_2 not in spaces
    assert {FACTORY, PRODUCTION, IMPORT, TAXATION} <= spaces


def test_an_empty_choice_stays_when_every_useful_one_costs_more():
    """From Taxation the free steps reach Factory, Production and Maneuver; with the home provinces
    occupied and no units all three do nothing, and the nearest useful space, Investor, costs 2M:
    the rule keeps those (a free empty turn may beat paying) and drops the empty ones costing 2M or more."""
    state = new_game(4, 1)
    clear_units(state)
    for city in state.board.nation_by_id[FR].home_provinces:
        put(state, GB, city, armies=1, hostile=True)
    give_turn(state, FR, position=TAXATION)
    state.cash[state.government[FR]] = 20
    refresh(state)
    legal = state.legal_actions()
    empties = [a for a in legal if empty_reason(state, FR, a.space) is not None]
    assert {a.space for a in empties if choice_cost(state, a) == 0} == {FACTORY, PRODUCTION, MANEUVER}
    assert all(choice_cost(state, a) > 0 for a in legal if a not in empties)
    kept = useful_choices(state, legal)
    assert {a.space for a in kept if a in empties} == {FACTORY, PRODUCTION, MANEUVER}  # the free ones stay
    assert all(a in kept for a in legal if a not in empties)
    assert not [a for a in kept if a in empties and choice_cost(state, a) > 0]  # Investor (2M) replaces them


def test_an_empty_choice_that_passes_investor_stays_unless_a_useful_one_reaches_investor_too():
    """The written exception: passing Investor may be the purpose (the investor round)."""
    state = new_game(4, 1)
    clear_units(state)
    give_turn(state, FR, position=PRODUCTION)  # Investor (3) lies between it and Import (4), Maneuver (6)
    state.treasury[FR] = 0  # Import empty (no money)
    state.cash[state.government[FR]] = 40  # the government can pay the interest: Investor is legal
    refresh(state)
    legal = state.legal_actions()
    by_space = {a.space: a for a in legal}
    assert empty_reason(state, FR, IMPORT) is Empty.NO_MONEY_TO_IMPORT
    kept = set(useful_choices(state, legal))
    # Maneuver (2, one free step, no units) goes: Investor (3, also free) does something and costs no more
    assert by_space[MANEUVER] not in kept
    # Import (4) passes Investor; Investor itself (free, useful) reaches Investor: Import goes too
    assert INVESTOR in by_space and by_space[IMPORT] not in kept
    # with Investor out of reach (a landing the government cannot pay), Import stays
    state2 = state.clone()
    state2._legal = None
    legal2 = [a for a in legal if a.space != INVESTOR]
    kept2 = set(useful_choices(state2, legal2))
    assert by_space[IMPORT] in kept2


def test_pending_choice_applies_the_rule():
    state = opening()
    _, legal, _ = pending_choice(state)
    assert all(empty_reason(state, a.nation, a.space) is None for a in legal if isinstance(a, ChooseRondel))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_chooses_an_empty_space_in_the_opening(level):
    for seed in range(6):
        state = opening(AH if seed % 2 else FR)
        action = make_bot(level, seed).choose(state)
        assert empty_reason(state, action.nation, action.space) is None, (level, seed, action)


def test_the_expert_and_its_hint_choose_no_empty_space():
    state = opening()
    bot = ExpertBot(3, budget=0.05)
    action = bot.choose(state)
    assert empty_reason(state, action.nation, action.space) is None
    ranked = bot.ranked(state, budget=0.05)  # what the Hint shows
    assert all(empty_reason(state, c.action.nation, c.action.space) is None for c in ranked)


def test_whole_games_hold_the_rule():
    """Seeded games of Normal and Hard: no rondel choice of theirs is empty while a useful one
    cost no more (the rule, checked at every rondel decision against the legal actions)."""
    rng = random.Random(11)
    checked = 0
    for game in range(3):
        state = new_game(4, 100 + game)
        bots = [make_bot(level, rng.randrange(1000)) for level in ("normal", "hard", "normal", "easy")]
        while not state.is_terminal() and state.turns_taken < 60:
            decision = state.decision()
            action = bots[decision.player].choose(state)
            if decision.kind == "rondel":
                assert action in useful_choices(state, state.legal_actions())
                checked += 1
            state.apply(action)
    assert checked > 100
