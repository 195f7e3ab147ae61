"""tools/ab_match.py, the paired match of Expert variants: a variant's evaluation weights reach the
bot, and the report counts games and wins per set of nations governed at the start."""

from __future__ import annotations

import sys
from pathlib import Path

from imperial_desktop.ai.expert import FITTED_WEIGHTS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import ab_match  # noqa: E402


def test_a_variant_changes_only_the_evaluation_weights_it_names():
    bot = ab_match.variant_bot({"weights": {"game_turns": 112}}, seed=1, default_budget=0.1)
    assert bot.search.weights.game_turns == 112
    assert bot.search.weights.payout_share == FITTED_WEIGHTS.payout_share
    assert ab_match.variant_bot({}, seed=1, default_budget=0.1).search.weights == FITTED_WEIGHTS


def test_a_variant_can_leave_the_opening_rondel_choices_to_hard():
    bot = ab_match.variant_bot({"hard_opening": 12}, seed=1, default_budget=0.1)
    assert bot.hard_opening == 12 and bot.hard is not None
    plain = ab_match.variant_bot({}, seed=1, default_budget=0.1)
    assert plain.hard_opening == 0


def test_one_game_records_the_nations_governed_at_the_start():
    result = ab_match.play(("quick", {"bot": "greedy"}, 2, 5, "greedy", 0.1))
    assert result["variant"] == "quick" and result["seed"] == 5
    assert result["nations"] and all(part for part in result["nations"].split("+"))
    assert result["win"] in (0.0, 0.5, 1.0)


def test_the_report_counts_games_and_wins_per_starting_nations():
    results = [
        {"variant": "a", "seed": 1, "win": 1.0, "margin": 5, "nations": "france", "think": [0.1]},
        {"variant": "a", "seed": 2, "win": 0.0, "margin": -3, "nations": "france", "think": [0.2]},
        {"variant": "a", "seed": 3, "win": 0.5, "margin": 0, "nations": "italy+russia", "think": [0.3]},
        {"variant": "b", "seed": 1, "win": 0.0, "margin": -1, "nations": "france", "think": [0.1]},
        {"variant": "b", "seed": 2, "win": 1.0, "margin": 4, "nations": "france", "think": [0.1]},
        {"variant": "b", "seed": 3, "win": 0.0, "margin": -2, "nations": "italy+russia", "think": [0.1]},
    ]
    report = ab_match.report({"a": {}, "b": {}}, results, players=4)
    assert report["a"]["by_nations"] == {"france": [2, 1.0], "italy+russia": [1, 0.5]}
    assert report["b"]["by_nations"] == {"france": [2, 1.0], "italy+russia": [1, 0.0]}
    assert report["b"]["paired_margin_vs_a"] == round((-6 + 7 - 2) / 3, 2)


def test_a_game_counts_the_variants_weaknesses_and_the_report_gives_them_per_100_turns():
    result = ab_match.play(("quick", {"bot": "greedy"}, 2, 5, "greedy", 0.1))
    assert result["rondel_choices"] > 0
    assert set(result["weaknesses"]) == set(ab_match.KINDS)
    other = {**result, "seed": 6, "rondel_choices": 50, "weaknesses": {**result["weaknesses"], "idle_two_turns": 3}}
    report = ab_match.report({"quick": {}}, [result, other], players=2)
    expected = 100 * (result["weaknesses"]["idle_two_turns"] + 3) / (result["rondel_choices"] + 50)
    assert report["quick"]["weaknesses_per_100_turns"]["idle_two_turns"] == round(expected, 2)


def test_the_search_parameter_for_owed_money_reaches_the_experts_factory_points():
    from helpers import AH, give_turn, six_player_game
    from imperial_desktop.core import ChooseRondel
    state = six_player_game()
    give_turn(state, AH, position=7)  # Factory one free step on
    state.treasury[AH] = 5 + sum(state.interest_due(AH).values())  # only the payout's money
    legal = state.legal_actions()

    def factory_points(spec):
        bonus = ab_match.variant_bot(spec, seed=1, default_budget=0.1).standing_bonus(state, legal)
        return sum(v for a, v in bonus.items() if isinstance(a, ChooseRondel) and a.space == 0)

    assert factory_points({}) == 0
    assert factory_points({"params": {"owed_factory": 20}}) > 0
