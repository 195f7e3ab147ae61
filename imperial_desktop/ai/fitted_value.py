"""Each player's final score as a linear model fitted to games played to their end.

The hand-made evaluation (``evaluation.py``) projects each nation's power from its taxes and
values a bond by that projection. Far from the end that projection says little about which
nation's bonds pay more (the position suite's played verdicts, docs/ai.md). This model keeps the
evaluation's shape, a player's score is his cash plus, per nation, his bonds' interest times the
nation's final power factor, his share of what the nation will pay out, and what its government
is worth, but each of those is a linear function of features of the nation, with coefficients
fitted by least squares to the final scores of games that the search's own playout policy played
to the end (``tools/fit_value.py``, which prints the coefficients below and their error on games
it did not fit).
"""

from __future__ import annotations

from imperial_desktop.ai.analysis import (
    MAX_ROUNDS, expected_taxes, interests, likely_government, producing_factories, projected_power, smooth_factor,
)
from imperial_desktop.ai.evaluation import payout_nearness
from imperial_desktop.core import GameState

HORIZON_ROUNDS = 8.0  # "far from the end" saturates here: beyond it the features say the same

# Feature names, in the order of :func:`player_features`'s columns.
FEATURES = (
    "cash", "cash_far",
    # sum over nations of the player's interest times ...
    "bond", "bond_far", "bond_projected", "bond_projected_far", "bond_factor_now", "bond_factor_now_far",
    "bond_taxes", "bond_taxes_far", "bond_treasury_far", "bond_units_far", "bond_rounds",
    "bond_factories_far", "bond_flags_far",
    # sum over nations of the player's share of the nation's interest times ...
    "share_treasury", "share_treasury_far", "share_income_rounds", "share_interest_rounds",
    # the player's interest from the nation times how near its next payout is
    "bond_payout_near",
    # sum over the nations the player is likely to govern of ...
    "gov_far", "gov_treasury_far", "gov_factories_far", "gov_units_far",
    # the player holds ...
    "swiss_far", "card_far",
)


def player_features(state: GameState) -> list[list[float]]:
    """One row of :data:`FEATURES` per player."""
    board = state.board
    players = state.num_players
    producing = producing_factories(state)
    taxes = expected_taxes(state, producing)
    power, rounds = projected_power(state, taxes, MAX_ROUNDS)
    far = min(1.0, rounds / HORIZON_ROUNDS)
    capped_rounds = min(rounds, 2 * HORIZON_ROUNDS)
    rows = [[0.0] * len(FEATURES) for _ in range(players)]
    col = {name: i for i, name in enumerate(FEATURES)}
    for player in range(players):
        cash = float(state.cash[player])
        rows[player][col["cash"]] = cash
        rows[player][col["cash_far"]] = cash * far
        if player in state.swiss:
            rows[player][col["swiss_far"]] = far
        if state.card == player:
            rows[player][col["card_far"]] = far
    for nation in board.nation_ids:
        ints = interests(state, nation)
        total = sum(ints)
        armies, fleets = state.unit_count(nation)
        units = armies + fleets
        treasury = float(state.treasury[nation])
        income = max(0.0, taxes[nation] - units)
        projected = smooth_factor(board, power[nation], rounds)
        now = float(board.power_factor(state.power[nation]))
        flags = sum(1 for holder in state.flags.values() if holder == nation)
        per_bond = {
            "bond": 1.0, "bond_far": far, "bond_projected": projected, "bond_projected_far": projected * far,
            "bond_factor_now": now, "bond_factor_now_far": now * far, "bond_taxes": taxes[nation] / 10.0,
            "bond_taxes_far": taxes[nation] / 10.0 * far, "bond_treasury_far": treasury / 10.0 * far,
            "bond_units_far": units / 5.0 * far, "bond_rounds": capped_rounds / HORIZON_ROUNDS,
            "bond_factories_far": len(producing[nation]) / 5.0 * far, "bond_flags_far": flags / 5.0 * far,
            "bond_payout_near": payout_nearness(state, nation),
        }
        per_share = {
            "share_treasury": treasury, "share_treasury_far": treasury * far,
            "share_income_rounds": income * capped_rounds / 3.0, "share_interest_rounds": total * capped_rounds / 3.0,
        }
        for player, interest in enumerate(ints):
            if not interest:
                continue
            row = rows[player]
            for name, value in per_bond.items():
                row[col[name]] += interest * value
            share = interest / total
            for name, value in per_share.items():
                row[col[name]] += share * value
        gov = likely_government(state, nation)
        if gov is not None:
            row = rows[gov]
            row[col["gov_far"]] += far
            row[col["gov_treasury_far"]] += treasury / 10.0 * far
            row[col["gov_factories_far"]] += len(producing[nation]) * far
            row[col["gov_units_far"]] += units / 5.0 * far
    return rows


def fitted_scores(state: GameState, coefficients: dict[str, float] | None = None) -> list[float]:
    """Every player's expected final score by the fitted model (exact at the end of the game)."""
    if state.is_terminal():
        return [float(s["total"]) for s in state.scores()]
    weights = [(coefficients or COEFFICIENTS).get(name, 0.0) for name in FEATURES]
    return [sum(w * x for w, x in zip(weights, row)) for row in player_features(state)]


# Fitted to 1,500 games of 4 players (``python tools/fit_value.py collect --games 1500 --seed 2100000
# --out value.jsonl.gz`` then ``fit value.jsonl.gz``): on the 375 games held out the error of each
# player's final score relative to the table's mean is 15.10 points (16.56 for the Expert's hand-made
# evaluation; 10.88 against 11.93 with 4 rounds or fewer left), and the player it puts first wins
# 53.4% of the positions (49.3%).
COEFFICIENTS: dict[str, float] = {
    "cash": 1.6254,
    "cash_far": 0.2430,
    "bond": 1.0750,
    "bond_far": -4.2826,
    "bond_projected": 0.0453,
    "bond_projected_far": 0.0067,
    "bond_factor_now": 0.8848,
    "bond_factor_now_far": -0.6207,
    "bond_taxes": -0.1885,
    "bond_taxes_far": 0.7627,
    "bond_treasury_far": 0.1395,
    "bond_units_far": 0.3803,
    "bond_rounds": 0.2924,
    "bond_factories_far": 5.0475,
    "bond_flags_far": 1.5005,
    "share_treasury": 0.2667,
    "share_treasury_far": 0.0748,
    "share_income_rounds": 0.0437,
    "share_interest_rounds": 0.7796,
    "bond_payout_near": 0.1163,
    "gov_far": -1.9583,
    "gov_treasury_far": -0.6516,
    "gov_factories_far": 0.4043,
    "gov_units_far": 2.7909,
    "swiss_far": 3.1661,
    "card_far": 4.7925,
}
