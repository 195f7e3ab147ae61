"""tools/ai_weaknesses.py, the measure of issue 13's weaknesses: its detectors on built
positions, and its own copy of the factory rule agreeing with the bots'."""

from __future__ import annotations

import sys
from pathlib import Path

from helpers import AH, give_turn, six_player_game

from imperial_desktop.ai import make_bot
from imperial_desktop.ai.analysis import factory_within_reach
from imperial_desktop.core import ChooseRondel, GameSetup, GameState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import ai_weaknesses  # noqa: E402

FACTORY, MANEUVER = 0, 2  # rondel spaces


def test_idle_treasury_is_a_choice_other_than_factory_with_money_and_a_free_site():
    state = six_player_game()
    give_turn(state, AH, position=7)  # Factory is one free step away
    due = sum(state.interest_due(AH).values())
    state.treasury[AH] = 5 + due + 20
    assert ai_weaknesses.idle_treasury(state, ChooseRondel(nation=AH, space=MANEUVER))
    assert not ai_weaknesses.idle_treasury(state, ChooseRondel(nation=AH, space=FACTORY))
    assert ai_weaknesses.spare_money(state, AH) == 20
    state.factories.update({"prague", "lemberg", "trieste"})  # no free site left
    assert not ai_weaknesses.idle_treasury(state, ChooseRondel(nation=AH, space=MANEUVER))


def test_an_empty_maneuver_is_counted_for_the_bot_that_chose_it():
    state = six_player_game()
    give_turn(state, AH, position=1)
    state.treasury[AH] = 0
    seat = state.government[AH]
    names = [f"p{i}" for i in range(6)]
    counts = {name: ai_weaknesses.Counts() for name in names}
    observer = ai_weaknesses.Observer(counts, names)
    greedy = make_bot("greedy", 1)
    action = ChooseRondel(nation=AH, space=MANEUVER)
    turn = state.turns_taken
    while state.turns_taken == turn:
        observer.before(state, action, state.current_player())
        state.apply(action)
        observer.after(state)
        action = greedy.choose(state)
    assert counts[names[seat]].found["empty_actions"] == 1
    assert counts[names[seat]].rondel_choices == 1
    assert sum(c.found["empty_actions"] for c in counts.values()) == 1


def test_the_tools_factory_rule_agrees_with_the_bots():
    """The tool writes the rule out (so it can measure older bots); both must say the same."""
    state = GameState.new(GameSetup.create(4, 31))
    bot = make_bot("greedy", 31)
    checked = reachable = 0
    while not state.is_terminal() and state.turns_taken < 40:
        for nation in state.board.nation_ids:
            ours = ai_weaknesses.factory_within_reach(state, nation)
            assert ours == factory_within_reach(state, nation), (nation, state.turns_taken)
            checked += 1
            reachable += ours
        state.apply(bot.choose(state))
    assert checked > 100 and reachable > 0


def test_money_idle_for_two_turns_is_counted_once_for_the_bot_that_passed_factory_first():
    """Issue "opponent", acceptance 2: 10M or more, a free site, Factory within the free steps,
    and no Factory in that turn nor the next one of the nation."""
    state = six_player_game()
    give_turn(state, AH, position=7)  # Factory is one free step away
    state.treasury[AH] = 12
    names = [f"p{i}" for i in range(6)]
    counts = {name: ai_weaknesses.Counts() for name in names}
    observer = ai_weaknesses.Observer(counts, names)
    seat = state.government[AH]
    observer.before(state, ChooseRondel(nation=AH, space=MANEUVER), seat)  # first turn passed
    assert counts[names[seat]].found["idle_two_turns"] == 0
    observer.before(state, ChooseRondel(nation=AH, space=MANEUVER), (seat + 1) % 6)  # and the next
    assert counts[names[seat]].found["idle_two_turns"] == 1
    assert counts[names[(seat + 1) % 6]].found["idle_two_turns"] == 0
    observer.before(state, ChooseRondel(nation=AH, space=MANEUVER), seat)  # a new first turn
    observer.before(state, ChooseRondel(nation=AH, space=FACTORY), seat)  # built in the next one
    assert counts[names[seat]].found["idle_two_turns"] == 1
    state.treasury[AH] = 9  # below 10M: not idle money in the sense
    observer.before(state, ChooseRondel(nation=AH, space=MANEUVER), seat)
    observer.before(state, ChooseRondel(nation=AH, space=MANEUVER), seat)
    assert counts[names[seat]].found["idle_two_turns"] == 1


def test_idle_money_beyond_the_payout_is_told_apart_from_money_the_payout_needs():
    """The idle count's split: a treasury that a factory and the next payout would not empty."""
    state = six_player_game()
    give_turn(state, AH, position=7)
    names = [f"p{i}" for i in range(6)]
    counts = {name: ai_weaknesses.Counts() for name in names}
    observer = ai_weaknesses.Observer(counts, names)
    seat = state.government[AH]
    owed = sum(state.interest_due(AH).values())
    state.treasury[AH] = max(10, state.board.factory_cost + owed)  # all of it spoken for
    assert ai_weaknesses.spare_money(state, AH) <= 0
    for _ in range(2):
        observer.before(state, ChooseRondel(nation=AH, space=MANEUVER), seat)
    found = counts[names[seat]].found
    assert (found["idle_two_turns"], found["idle_two_turns_spare"]) == (1, 0)
    state.treasury[AH] = state.board.factory_cost + owed + 10  # 10M that nothing needs
    for _ in range(2):
        observer.before(state, ChooseRondel(nation=AH, space=MANEUVER), seat)
    assert (found["idle_two_turns"], found["idle_two_turns_spare"]) == (2, 1)
    counts[names[seat]].seats, counts[names[seat]].wins = 300, 120
    low, high = ai_weaknesses.report(counts)[names[seat]]["win_rate_95"]
    assert 0.34 < low < 0.4 < high < 0.46
