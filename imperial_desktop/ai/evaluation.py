"""Position evaluation: each player's expected final score, and one player's edge over the rest.

Expected final score = cash + bonds' interest x projected power factor + a share of the
interest the nations will still pay out (from treasury and future income) + a bonus for
governing a nation (more for a rich treasury, which the government steers). At the end of the game it is exactly the score.
The weights (:class:`EvalWeights`) default to hand-set values that Normal and Hard use; the
Expert uses weights fitted to played games (``tools/fit_evaluation.py``, ``expert.FITTED_WEIGHTS``).
"""

from __future__ import annotations

from imperial_desktop.ai.analysis import (
    FACTOR_BLEND_ROUNDS, ROUNDS_PER_TAX, expected_taxes, interests, likely_government, producing_factories,
    projected_power, rounds_cap, smooth_factor,
)
from dataclasses import dataclass

from imperial_desktop.core import GameState

ROUNDS_PER_PAYOUT = 4.0  # a nation stops on (or is forced to) Investor about every four turns
GOVERNMENT_BONUS = 3.0
TREASURY_CONTROL = 0.1  # a government steers its treasury and factories (payouts to itself, units)
PAYOUT_SHARE = 0.5  # of a nation's money, what is expected to reach the bond holders
BEST_RIVAL_SHARE = 0.6  # an edge counts the best rival this much, the rivals' average the rest
WEIGHT_FADE_ROUNDS = 6.0


@dataclass(frozen=True)
class EvalWeights:
    """The evaluation's tunable weights (the defaults are the ones every level uses)."""

    government_bonus: float = GOVERNMENT_BONUS
    treasury_control: float = TREASURY_CONTROL
    payout_share: float = PAYOUT_SHARE
    best_rival_share: float = BEST_RIVAL_SHARE
    rounds_per_payout: float = ROUNDS_PER_PAYOUT
    factor_blend_rounds: float = FACTOR_BLEND_ROUNDS
    # what a point of cash / of bond interest x projected factor is worth far from the end (it
    # is exactly 1 at the end; the weight fades to 1 over the last WEIGHT_FADE_ROUNDS rounds)
    cash_weight: float = 1.0
    bond_weight: float = 1.0
    # far from the end the projected power factor says little about the final one: it is drawn
    # towards ``mean_factor`` by the share rounds / factor_shrink_rounds (0: not at all)
    factor_shrink_rounds: float = 0.0
    mean_factor: float = 3.0
    # a Swiss Bank invests at every Investor stop, not only with the card (faded over 4 rounds)
    swiss_bonus: float = 0.0
    # games last about this many nation turns: the rounds left are at most what remains of
    # them (0: only the power points and MAX_ROUNDS limit them)
    game_turns: float = 0.0
    # a point of a nation's treasury is worth this much to its bond holders, shared as their
    # interest (it funds their payouts and the nation's growth; 0: only the payouts count)
    treasury_share: float = 0.0
    # a nation whose rondel marker stands a move before Investor pays its holders this share of a
    # payout sooner than one that has just paid (0: every position on the rondel is alike)
    next_payout: float = 0.0


DEFAULT_WEIGHTS = EvalWeights()


def expected_scores(state: GameState, weights: EvalWeights = DEFAULT_WEIGHTS) -> list[float]:
    """Every player's expected final score."""
    if state.is_terminal():
        return [float(s["total"]) for s in state.scores()]
    board = state.board
    producing = producing_factories(state)
    taxes = expected_taxes(state, producing)
    power, rounds = projected_power(state, taxes, rounds_cap(state, weights.game_turns))
    far = min(1.0, rounds / WEIGHT_FADE_ROUNDS)
    cash_weight = 1.0 + (weights.cash_weight - 1.0) * far
    bond_weight = 1.0 + (weights.bond_weight - 1.0) * far
    values = [cash_weight * c for c in state.cash]
    payouts_left = rounds / weights.rounds_per_payout
    shrink = min(1.0, rounds / weights.factor_shrink_rounds) if weights.factor_shrink_rounds > 0 else 0.0
    for nation in board.nation_ids:
        ints = interests(state, nation)
        total = sum(ints)
        if total == 0:
            continue
        factor = smooth_factor(board, power[nation], rounds, weights.factor_blend_rounds)
        if shrink:
            factor += shrink * (weights.mean_factor - factor)
        armies, fleets = state.unit_count(nation)
        income = max(0.0, taxes[nation] - armies - fleets)
        money = state.treasury[nation] + income * rounds / ROUNDS_PER_TAX
        paid = min(total * payouts_left, weights.payout_share * money)  # what will flow to the holders
        gov = likely_government(state, nation)
        kept = weights.treasury_share * far * state.treasury[nation]  # worth nothing at the end
        if weights.next_payout and rounds > 1.0:
            paid += weights.next_payout * total * payout_nearness(state, nation)
        for player, interest in enumerate(ints):
            if interest:
                values[player] += bond_weight * interest * factor + (paid + kept) * interest / total
        if gov is not None and rounds > 1.0:  # control: where the nation's money and units go
            assets = state.treasury[nation] + board.factory_cost * len(producing[nation])
            control = weights.government_bonus + weights.treasury_control * min(40, assets)  # a factory costs no control
            values[gov] += control * min(1.0, rounds / 4.0)
    if weights.swiss_bonus and rounds > 0:
        for player in state.swiss:
            values[player] += weights.swiss_bonus * min(1.0, rounds / 4.0)
    return values


def payout_nearness(state: GameState, nation: str) -> float:
    """1 when the nation's marker stands a free move before Investor, falling
    to 0 on Investor itself (it has just paid); 0.5 before its first placement."""
    position = state.rondel[nation]
    if position is None:
        return 0.5
    size = len(state.board.rondel)
    steps = (state.board.investor_index - position) % size or size
    free = state.board.free_steps
    return max(0.0, min(1.0, (size - steps) / (size - free)))


def edge(values: list[float], player: int, best_rival_share: float = BEST_RIVAL_SHARE) -> float:
    """The player's expected score minus a mix of the best and the average rival's."""
    others = [v for p, v in enumerate(values) if p != player]
    if not others:
        return values[player]
    return values[player] - best_rival_share * max(others) - (1.0 - best_rival_share) * sum(others) / len(others)


def evaluate(state: GameState, player: int, weights: EvalWeights = DEFAULT_WEIGHTS) -> float:
    """How good ``state`` is for ``player`` (higher is better; in score points)."""
    return edge(expected_scores(state, weights), player, weights.best_rival_share)
