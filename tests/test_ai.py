"""Computer players: key heuristics, and small seeded games that must run clean."""

import pytest

from imperial_desktop.ai import make_bot
from imperial_desktop.ai.analysis import hurt_value, projected_power
from imperial_desktop.ai.evaluation import evaluate, expected_scores
from imperial_desktop.ai.hard import HardBot
from imperial_desktop.core import BuildFactory, ChooseRondel, Donate, GameSetup, GameState, Invest, SwissForce
from imperial_desktop.simulate import run, summarize
from helpers import AH, IT, RU, give_turn, refresh, six_player_game

FACTORY, INVESTOR, IMPORT, TAXATION = 0, 3, 4, 7
SMART = ["greedy", "normal", "hard"]


def bot(name: str, seed: int = 1):
    if name == "hard":
        return HardBot(seed, budget=0.3)
    return make_bot(name, seed)


def test_all_levels_are_registered():
    for name in ("random", "easy", "normal", "hard"):
        assert make_bot(name, 3).choose is not None


@pytest.mark.parametrize("name", SMART)
def test_builds_a_factory_when_it_can(name):
    state = six_player_game()
    give_turn(state, AH)
    state.apply(ChooseRondel(AH, FACTORY))
    assert state.decision().kind == "factory"
    action = bot(name).choose(state)
    assert isinstance(action, BuildFactory) and action.city is not None
    state.apply(action)
    assert action.city in state.factories


@pytest.mark.parametrize("name", SMART)
def test_tops_up_the_treasury_to_build_a_factory(name):
    state = six_player_game()
    give_turn(state, AH)
    state.apply(ChooseRondel(AH, FACTORY))
    state.treasury[AH] = 3
    refresh(state)
    player = state.current_player()
    b = bot(name)
    action = b.choose(state)
    assert action == Donate(player, AH, 2)
    state.apply(action)
    follow = b.choose(state)
    assert isinstance(follow, BuildFactory) and follow.city is not None


def _rich_nation(state: GameState, nation: str, flags: int) -> None:
    board = state.board
    for city in board.nation_by_id[nation].home_provinces[:4]:
        state.factories.add(city)
    neutral = [r for r in board.flag_regions if board.regions[r].kind == "neutral_land"]
    for region in neutral[:flags]:
        state.flags[region] = nation
    refresh(state)


@pytest.mark.parametrize("name", SMART)
def test_taxes_when_taxes_are_high(name):
    state = six_player_game()
    _rich_nation(state, AH, 6)  # taxes 4 x 2 + 6 = 14: 9 power points
    give_turn(state, AH, position=IMPORT)
    action = bot(name).choose(state)
    assert action == ChooseRondel(AH, TAXATION)


@pytest.mark.parametrize("name", SMART)
def test_swiss_bank_forces_investor_when_it_pays(name):
    state = six_player_game()
    state.bond_owner[AH][12] = 2  # the French player also holds a large Austrian bond
    state.treasury[AH] = 20
    state.swiss = {2}
    give_turn(state, AH, position=2)
    state.apply(ChooseRondel(AH, IMPORT))  # passes Investor
    assert state.decision().kind == "swiss_force" and state.current_player() == 2
    assert bot(name).choose(state) == SwissForce(2, AH, True)


def test_investor_buys_a_bond_of_a_strong_nation():
    state = six_player_game()
    state.power[RU] = 18
    _rich_nation(state, RU, 5)
    holder = state.card
    state.cash[holder] = 20
    give_turn(state, AH, position=2)
    state.apply(ChooseRondel(AH, INVESTOR))
    assert state.decision().kind == "invest" and state.current_player() == holder
    action = make_bot("normal", 1).choose(state)
    assert isinstance(action, Invest) and action.nation == RU


def test_evaluation_prefers_power_in_own_nations():
    state = six_player_game()
    before = evaluate(state, 0)  # player 0 governs Austria-Hungary
    state.power[AH] += 6
    assert evaluate(state, 0) > before
    assert hurt_value(state, 0, AH) < 0 < hurt_value(state, 0, IT) + 1
    power, rounds = projected_power(state)
    assert rounds > 0 and all(0 <= p <= 25 for p in power.values())
    assert len(expected_scores(state)) == 6


def _play(setup: GameSetup, names: list[str], seed: int) -> GameState:
    """One complete game in which every returned action must be legal."""
    bots = [bot(n, seed * 10 + i) for i, n in enumerate(names)]
    state = GameState.new(setup)
    steps = 0
    while not state.is_terminal():
        action = bots[state.current_player()].choose(state)
        assert state.is_legal(action), action
        state.apply(action)
        steps += 1
        assert steps < 5000
    return state


@pytest.mark.parametrize("players,distribution,card,names", [
    (2, "standard", True, ["easy", "normal"]),
    (3, "auction", False, ["normal", "easy", "random"]),
    (5, "auction", True, ["normal", "easy", "greedy", "random", "normal"]),
    (6, "standard", False, ["easy", "normal", "greedy", "normal", "easy", "random"]),
])
def test_bot_games_run_clean(players, distribution, card, names):
    setup = GameSetup.create(players, 11, bond_distribution=distribution, investor_card=card)
    state = _play(setup, names, 11)
    assert max(state.power.values()) >= 25


def test_hard_game_runs_clean():
    setup = GameSetup.create(4, 5, bond_distribution="auction")
    state = _play(setup, ["hard", "normal", "easy", "random"], 5)
    assert state.is_terminal()


def test_small_tournament_normal_beats_random():
    results = run(4, 4, 77, ["normal", "random", "random", "random"])
    summary = summarize(results)
    assert summary["bots"]["normal"]["win_rate"] >= 0.75
    assert 40 <= summary["nation_turns"]["mean"] <= 400


def test_a_losing_government_delays_the_end_but_not_forever():
    state = six_player_game()
    _rich_nation(state, AH, 6)
    state.power[AH] = 20  # a taxation now ends the game
    state.cash[1] = 200  # ... and player 0, who governs Austria-Hungary, would lose
    give_turn(state, AH, position=IMPORT)
    assert make_bot("greedy", 1).choose(state) != ChooseRondel(AH, TAXATION)
    state.turns_taken = 200
    assert make_bot("greedy", 1).choose(state) == ChooseRondel(AH, TAXATION)
    assert make_bot("normal", 1).choose(state) == ChooseRondel(AH, TAXATION)
