"""Playout search over the options of one decision: sequential halving within a time budget.

The candidates are the legal actions ordered by the heuristic policy; all of them when there are
few, otherwise the best few plus a random sample of the rest, so that the search can pick an
option the heuristics rank low. Each candidate is applied to a copy of the state and played on
by the heuristic policy for every player (the rest of a maneuver included, so a maneuver step is
judged as the whole maneuver it begins) for about a round, or to the end of the game when the end
is near, and judged by the evaluation. The first playout of every candidate is exact; further
ones add noise with the same random numbers for every candidate. The planned number of playouts
follows the measured cost of the first ones and the time left; the worse half of the candidates
is dropped after each phase. (Other ways to spend the time, ``refine``, and caps on the options
searched are there to be measured with ``tools/ab_match.py``; none has beaten this yet.)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace

from imperial_desktop.ai.analysis import rounds_left
from imperial_desktop.ai.corrections import DEFAULT_CORRECTIONS, Corrections
from imperial_desktop.ai.evaluation import DEFAULT_WEIGHTS, EvalWeights, edge, expected_scores
from imperial_desktop.ai.fitted_value import fitted_scores
from imperial_desktop.ai.government_value import GovernmentPoints
from imperial_desktop.ai.heuristics import HeuristicPolicy
from imperial_desktop.ai.lookahead import play_until
from imperial_desktop.ai.normal import NormalBot
from imperial_desktop.ai.playout_policy import PLAYOUT_POLICIES, LookaheadPlayout
from imperial_desktop.core import Action, ChooseRondel, DecisionKind, EndPhase, GameState, PassInvestment

END_GAME_ROUNDS = 1.5  # play to the end of the game when it is this close
# Playout length in rounds (a round: every nation's turn once) and how the players are assumed to
# play in it. Measured against three Hard at 0.1 s per decision (200 paired games, docs/ai-history.md):
# look-ahead playouts won 33% against 21.5% with the heuristics alone, and 1.5 rounds 37.5%.
HORIZON_SCALE = 1.5
# The same for a rondel choice (0: ``HORIZON_SCALE``), which gets several times the budget.
RONDEL_HORIZON_SCALE = 0.0
# The same for a bond choice (0: ``HORIZON_SCALE``). 2.5 rounds solved 52 of 62 played-out suite
# positions against 48 on one file and 33 of 52 against 36 on another: no gain (docs/ai.md).
INVEST_HORIZON_SCALE = 0.0
PLAYOUT_POLICY = "lookahead"
WIDE = 10  # decisions with at most this many options search all of them
TOP = {DecisionKind.MANEUVER: 7, DecisionKind.INVEST: 7, DecisionKind.AUCTION: 6}
TOP_DEFAULT = 6
SAMPLED = 2  # low-ranked options added at random to the top ones
NOISE = 1.0
WIN_WEIGHT = 15.0  # score points for being first at the end (playing to win, not to score)
PRIOR_WEIGHT = 0.5  # weight of a given prior (e.g. Normal's look-ahead), fading with playouts
HEURISTIC_WEIGHT = 0.15  # heuristic scores are on a larger scale than the evaluation's points
HEURISTIC_BIAS_CAP = 3.0
EXACT_WEIGHT = 1.0  # how many noisy playouts the exact first one counts as
# After the first exact playouts, spend the rest of the budget on noisy playouts of the same length
# ("halving"), on exact playouts of growing length for the better half ("deepening"), or stop
# ("none"). Only halving at 0.1 s has measured best so far (docs/ai-history.md).
REFINE = "halving"
REFINEMENTS = ("halving", "deepening", "none")
WIDTH = 0  # at most this many top options of a decision with a prior (0: no cap)
HEURISTIC_WIDTH = 0  # the same for a decision ordered by the heuristics
RANK_PENALTY = 0.0  # points against an option per place below the heuristics' favourite
# Points per 10M of idle money for the Factory space in the playouts' rondel choices (0: Normal's
# look-ahead alone); Hard, the usual opponent, adds DEFAULT_CORRECTIONS.factory.
PLAYOUT_FACTORY = 0.0
# How often a noisy playout's rondel choice is the look-ahead's second best (0: never; the first,
# exact playout always takes the best).
PLAYOUT_SECOND = 0.0
# Points for the rondel space Hard would choose, added to the Expert's search result (0: Hard is
# not asked). An ensemble of the two searches: each has won more often with other starting nations.
# Per player count (docs/ai-history.md): against three Hard at 4 players 8 points measured
# +4.3 +- 2.2 points of margin over 250 paired games (the same wins on fresh seeds); at 6 players
# 21.5 wins of 80 against 6 (+4.9 +- 2.9); 20 points was no better. Not measured at 2 and 3
# players (0 there; 5 players takes the value of 4 and 6).
HARD_BONUS = 0.0
HARD_BONUS_BY_PLAYERS = {4: 8.0, 5: 8.0, 6: 8.0}
# Points for the bond Hard would buy (or its pass), added to the Expert's search result at an
# investment choice (0: Hard is not asked there).
HARD_INVEST_BONUS = 0.0
# Points for a Factory choice in the first rounds (see ``Corrections.early_factory``; 0: off): 20
# measured -0.9 +- 2.9 points of margin over 150 paired games at 4 players (docs/ai-history.md).
EARLY_FACTORY = 0.0
# Points per 10M of the treasury that the next payout needs, for building it into a factory instead
# (see ``Corrections.owed_factory``; 0: off, the money a payout needs is not idle). Against three Hard
# at 4 players 20 points measured -3.2 +- 2.6 points of margin over 150 paired games and 10 points
# -4.0 +- 3.3 over 100, while they took the idle count from 5.8 to 1.7 and 3.4 per 100 turns
# (docs/ai.md, "No wasted turn").
OWED_FACTORY = 0.0
# the share of a playout's leaf valued by the model fitted to games played to their end
# (``fitted_value.py``) instead of the hand-made evaluation
FITTED_VALUE = 0.0
INVEST_FITTED_VALUE = -1.0  # the same for an investment choice (negative: as FITTED_VALUE)
# Search weights that differ by player count (a caller's own value wins). At 4 players the
# fitted scores judge the playouts of an investment choice: +5.2 +- 2.8 points of margin over 150
# paired games against three Hard, 48.8 wins against 56.5 (fresh seeds 1700200-1700349), and 132
# of the suite files' 180 played positions against 122 (docs/ai.md, "A value fitted to played
# games"); the model was fitted to games of 4 players. At 3 players the same lost (-3.9 +- 4.7 over 100
# paired games against two Hard), at 6 it changed nothing (-1.3 +- 2.2 over 150 against five).
BY_PLAYERS: dict[int, dict[str, float]] = {4: {"invest_fitted_value": 1.0}}
# Standing corrections (see corrections.py): points for building when money lies idle (per 10M),
# against a move onto or past Investor that lets an investor take the government, against a Maneuver or Import that
# would move or buy nothing and against a battle that wins nothing.
FACTORY_BIAS = 24.0  # per 10M of idle money; 24 measured +7.4 +- 4.0 points of margin over 8 (docs/ai-history.md)
# Per player count where another value measured better (docs/ai-history.md): at 2 players
# 8 won 47 of 60 paired games against Hard where 24 won 32.5, and 46 of 60 on fresh seeds.
FACTORY_BIAS_BY_PLAYERS = {2: 8.0}
TAKEOVER_GUARD = DEFAULT_CORRECTIONS.takeover
EMPTY_PENALTY = DEFAULT_CORRECTIONS.empty
BATTLE_PENALTY = DEFAULT_CORRECTIONS.battle
# Points for a purchase that takes or keeps a government (see government_value.py), off: they
# solve the position suite's government categories (take 8, keep 8, 0.5 a million: 66 of 80
# positions against 51 without) but lose games. Against three Hard the Expert with them lost
# 11.7 +- 5.3 points of margin over 60 paired games (take 3, keep 3, 0.2 a million: -5.6 +- 5.5
# over 40), against three exploiters 12.7 +- 6.6 over 40 (docs/ai.md, "What governing is worth").
GOVERNMENT_POINTS = GovernmentPoints()


def win_chance(values: list[float], player: int, rounds: float) -> float:
    """Rough chance that ``player`` finishes first: exact at the end, softer the further it is."""
    if rounds <= 0.0:
        best = max(values)
        return 1.0 / values.count(best) if values[player] == best else 0.0
    spread = 4.0 + 4.0 * rounds
    chance = 1.0
    for p, v in enumerate(values):
        if p != player:
            chance *= 1.0 / (1.0 + math.exp(-(values[player] - v) / spread))
    return chance


def leaf_value(state: GameState, player: int, win_weight: float | None = None,
               weights: EvalWeights = DEFAULT_WEIGHTS, fitted: float = 0.0) -> float:
    """The search's judgement of a playout's end: the evaluation's edge plus the chance of
    winning (so a player who is behind keeps the game going while he can still catch up).
    ``fitted`` is the share of the expected scores taken from the fitted model."""
    values = expected_scores(state, weights)
    if fitted:
        model = fitted_scores(state)
        values = [(1.0 - fitted) * v + fitted * m for v, m in zip(values, model)]
    rounds = 0.0 if state.is_terminal() else max(0.05, rounds_left(state))
    weight = WIN_WEIGHT if win_weight is None else win_weight
    return edge(values, player, weights.best_rival_share) + weight * win_chance(values, player, rounds)


@dataclass
class Candidate:
    """One option of a decision and what the playouts found."""

    action: Action
    prior: float
    values: list[float] = field(default_factory=list)
    bias: float = 0.0  # the prior's say, relative to the best option's (<= 0)
    bonus: float = 0.0  # a standing correction the playouts cannot see (e.g. money left idle)
    exact_weight: float = 1.0  # the first (exact) playout counts as this many noisy ones
    rank: int = 0  # place in the heuristics' or the prior's order (0: the favourite)

    @property
    def mean(self) -> float:
        return self.mean_of(len(self.values))

    def mean_of(self, n: int) -> float:
        """Mean of the first ``n`` playouts, the exact first one weighted by ``exact_weight``."""
        if n <= 0 or not self.values:
            return float("-inf")
        values = self.values[:n]
        return (self.exact_weight * values[0] + sum(values[1:])) / (self.exact_weight + len(values) - 1)

    @property
    def score(self) -> float:
        """Playout mean plus the prior's fading say."""
        if not self.values:
            return float("-inf")
        return self.mean + self.bonus + self.bias * 2.0 / (1 + len(self.values))


def candidate_options(state: GameState, legal: list[Action], policy: HeuristicPolicy,
                      rng: random.Random, prior: dict[Action, float] | None = None,
                      width: int = 0, heuristic_width: int = 0, sampled: int = SAMPLED) -> list[Candidate]:
    """Legal actions to search, best first by ``prior`` or else the heuristics (never a donation).

    ``width`` (when not 0) caps the top list of a decision with a prior: the rest are reached
    only through the few sampled at random; ``heuristic_width`` the same for one ordered by the
    heuristics."""
    decision = state.decision()
    assert decision is not None
    given_prior = prior is not None
    if prior is None:
        scorer = getattr(policy, "score_" + decision.kind)
        scored = scorer(state, legal)
        if isinstance(scored, Action):  # a rule that answers directly (e.g. no factory site)
            scored = [(1.0 if a == scored else 0.0, a) for a in legal]
        prior = {a: s for s, a in scored}
    ranked = sorted(legal, key=lambda a: -prior.get(a, -99.0))
    top = TOP.get(decision.kind, TOP_DEFAULT)
    cap = width if given_prior else heuristic_width
    if cap:
        top = min(top, cap)
    if given_prior and width:
        sampled = 0  # the prior (a look-ahead over every option) already weighed the rest
    if len(ranked) <= WIDE and not (cap and len(ranked) > cap + sampled):
        chosen = ranked
    else:
        chosen = ranked[:top]
        rest = ranked[top:]
        keep = [a for a in rest if isinstance(a, (EndPhase, PassInvestment))]
        others = [a for a in rest if a not in keep]
        chosen += keep + rng.sample(others, min(sampled, len(others)))
    return [Candidate(a, prior.get(a, -99.0), rank=ranked.index(a)) for a in chosen]


class PlayoutSearch:
    """Sequential halving over a decision's candidates, judged by playouts and the evaluation."""

    SEARCH_WEIGHTS = ("noise", "win_weight", "prior_weight", "heuristic_weight", "end_game_rounds", "horizon_scale",
                      "rondel_horizon_scale", "invest_horizon_scale",
                      "factory_bias", "takeover_guard", "empty_penalty", "battle_penalty", "exact_weight", "width",
                      "heuristic_cap", "heuristic_width", "sampled", "rank_penalty", "playout_factory",
                      "playout_second", "hard_bonus", "hard_invest_bonus",
                      "early_factory", "owed_factory", "government_take", "government_keep", "government_per_million",
                      "government_loose", "government_financing", "fitted_value", "invest_fitted_value")
    EVAL_WEIGHTS = ("government_bonus", "treasury_control", "payout_share", "best_rival_share", "rounds_per_payout",
                    "factor_blend_rounds", "cash_weight", "bond_weight", "factor_shrink_rounds", "mean_factor", "swiss_bonus")
    TUNABLE = SEARCH_WEIGHTS + EVAL_WEIGHTS

    def __init__(self, seed: int = 0, horizon: int | None = None, max_playouts: int | None = None,
                 params: dict[str, float] | None = None, playout_policy: str = PLAYOUT_POLICY,
                 refine: str = REFINE, weights: EvalWeights = DEFAULT_WEIGHTS):
        self.seed = seed
        self.rng = random.Random(seed)
        self.noise = NOISE
        self.win_weight = WIN_WEIGHT
        self.prior_weight = PRIOR_WEIGHT
        self.heuristic_weight = HEURISTIC_WEIGHT
        self.end_game_rounds = END_GAME_ROUNDS
        self.horizon_scale = HORIZON_SCALE
        self.rondel_horizon_scale = RONDEL_HORIZON_SCALE
        self.invest_horizon_scale = INVEST_HORIZON_SCALE
        self.factory_bias = FACTORY_BIAS
        self.takeover_guard = TAKEOVER_GUARD
        self.empty_penalty = EMPTY_PENALTY
        self.battle_penalty = BATTLE_PENALTY
        self.exact_weight = EXACT_WEIGHT
        self.width = WIDTH
        self.heuristic_cap = HEURISTIC_BIAS_CAP
        self.heuristic_width = HEURISTIC_WIDTH
        self.sampled = SAMPLED
        self.rank_penalty = RANK_PENALTY
        self.playout_factory = PLAYOUT_FACTORY
        self.playout_second = PLAYOUT_SECOND
        self.hard_bonus = HARD_BONUS
        self.hard_invest_bonus = HARD_INVEST_BONUS
        self.early_factory = EARLY_FACTORY
        self.owed_factory = OWED_FACTORY
        self.fitted_value = FITTED_VALUE
        self.invest_fitted_value = INVEST_FITTED_VALUE
        self.leaf_fitted = FITTED_VALUE  # the share used by the decision being searched
        self.government_take = GOVERNMENT_POINTS.take
        self.government_keep = GOVERNMENT_POINTS.keep
        self.government_per_million = GOVERNMENT_POINTS.per_million
        self.government_loose = GOVERNMENT_POINTS.loose
        self.government_financing = GOVERNMENT_POINTS.financing
        self.weights = weights  # the evaluation's weights; ``params`` may change single ones
        self.chosen: set[str] = set()  # search weights the caller set (kept at every player count)
        for name, value in (params or {}).items():
            if name in self.EVAL_WEIGHTS:
                self.weights = replace(self.weights, **{name: float(value)})
            elif name in self.SEARCH_WEIGHTS:
                setattr(self, name, float(value))
                self.chosen.add(name)
            else:
                raise ValueError(f"unknown search parameter {name!r}")
        self.exact = HeuristicPolicy(random.Random(seed + 1), donate=False)
        self.noisy = HeuristicPolicy(random.Random(seed + 2), noise=self.noise, donate=False)
        self.ordering = HeuristicPolicy(random.Random(seed + 3), donate=False)
        if playout_policy not in PLAYOUT_POLICIES:
            raise ValueError(f"unknown playout policy {playout_policy!r}")
        self.playout_exact = self.exact
        self.playout_noisy = self.noisy
        if playout_policy == "lookahead":
            expected = Corrections(factory=self.playout_factory) if self.playout_factory else None
            self.playout_exact = LookaheadPlayout(self.exact, NormalBot(seed + 4), corrections=expected)
            self.playout_noisy = LookaheadPlayout(self.noisy, NormalBot(seed + 5), corrections=expected,
                                                  second=self.playout_second)
        if refine not in REFINEMENTS:
            raise ValueError(f"unknown refinement {refine!r}")
        self.refine = refine
        self.horizon = horizon
        self.max_playouts = max_playouts
        self.playouts_done = 0
        self.depth_reached = 1  # playout length, in multiples of the first, of the last deepening

    def factory_correction(self, players: int) -> float:
        """Points per 10M of idle money for building it into a factory, in a game of ``players``."""
        if "factory_bias" in self.chosen:
            return self.factory_bias
        return FACTORY_BIAS_BY_PLAYERS.get(players, self.factory_bias)

    def government_points(self) -> GovernmentPoints:
        """The points for taking or keeping a government at an investment choice."""
        return GovernmentPoints(self.government_take, self.government_keep, self.government_per_million,
                                self.government_loose, self.government_financing)

    def hard_bonus_for(self, players: int) -> float:
        """Points for Hard's rondel choice in a game of ``players`` (0: Hard is not asked)."""
        if "hard_bonus" in self.chosen:
            return self.hard_bonus
        return HARD_BONUS_BY_PLAYERS.get(players, self.hard_bonus)

    def turns_for(self, state: GameState) -> int:
        if rounds_left(state) <= self.end_game_rounds:
            return 10_000  # to the end: the exact scores decide
        if self.horizon is not None:
            return self.horizon
        scale = self.horizon_scale
        decision = state.decision()
        if self.rondel_horizon_scale and decision is not None and decision.kind == DecisionKind.RONDEL:
            scale = self.rondel_horizon_scale
        invest_scale = self.for_players("invest_horizon_scale", len(state.setup.players))
        if invest_scale and decision is not None and decision.kind == DecisionKind.INVEST:
            scale = invest_scale
        return max(1, round((len(state.board.nation_ids) + 1) * scale))

    def fitted_for(self, state: GameState) -> float:
        """The share of the fitted model in the leaf values of the pending decision."""
        decision = state.decision()
        invest = self.for_players("invest_fitted_value", len(state.setup.players))
        if invest >= 0 and decision is not None and decision.kind == DecisionKind.INVEST:
            return invest
        return self.fitted_value

    def for_players(self, name: str, players: int) -> float:
        """A search weight in a game of ``players``: the caller's value, else ``BY_PLAYERS``'s, else the default."""
        if name in self.chosen:
            return getattr(self, name)
        return BY_PLAYERS.get(players, {}).get(name, getattr(self, name))

    def playout(self, state: GameState, action: Action, player: int, turns: int, noisy_round: int | None) -> float:
        sim = state.clone()
        sim.apply(action)
        turns -= sim.turns_taken - state.turns_taken  # an action that ends the turn counts it
        if noisy_round is None:
            play_until(sim, self.playout_exact, turns=turns, max_actions=2000)
        else:
            self.noisy.rng.seed(self.seed * 1_000_003 + noisy_round)  # common random numbers
            play_until(sim, self.playout_noisy, turns=turns, max_actions=2000)
        self.playouts_done += 1
        return leaf_value(sim, player, self.win_weight, self.weights, self.leaf_fitted)

    def rank(self, state: GameState, legal: list[Action], budget: float,
             prior: dict[Action, float] | None = None, bonus: dict[Action, float] | None = None) -> list[Candidate]:
        """All searched candidates, best first (survivors of the last phase lead).

        ``prior`` (optional, in evaluation points) orders the candidates instead of the
        heuristics and counts in the comparison with a weight that fades as playouts accumulate.
        """
        started = time.perf_counter()
        deadline = started + budget
        player = state.current_player()
        assert player is not None
        cands = candidate_options(state, legal, self.ordering, self.rng, prior, int(self.width),
                                  int(self.heuristic_width), int(self.sampled))
        if prior:
            top = max(prior.values())
            for c in cands:
                c.bias = self.prior_weight * (prior.get(c.action, top - 10.0) - top)
        else:  # the heuristics' own scores: a small say, only against outlying playouts
            top = max(c.prior for c in cands)
            for c in cands:
                c.bias = max(-self.heuristic_cap, self.heuristic_weight * (c.prior - top)) - self.rank_penalty * c.rank
        listed = {c.action for c in cands}
        top_prior = max(c.prior for c in cands)
        for a, points in (bonus or {}).items():
            if points > 0 and a not in listed and a in legal:  # a standing correction in its favour: always searched
                cands.append(Candidate(a, (prior or {}).get(a, top_prior - 10.0), rank=len(cands)))
                if prior:
                    cands[-1].bias = self.prior_weight * (prior.get(a, top_prior - 10.0) - max(prior.values()))
        for c in cands:
            c.bonus = (bonus or {}).get(c.action, 0.0)
            c.exact_weight = self.exact_weight
        if bonus:  # the first playouts go to what looks best with the corrections, in case time runs out
            cands.sort(key=lambda c: -(c.prior + c.bonus))
        if len(cands) == 1:
            return cands
        for c in cands:
            if isinstance(c.action, ChooseRondel) and wins_at_once(state, c.action, player):  # only Taxation ends it
                return [c] + [o for o in cands if o is not c]
        turns = self.turns_for(state)
        self.leaf_fitted = self.fitted_for(state)
        self.playouts_done = 0
        self.depth_reached = 1
        for c in cands:  # phase 0: one exact playout each
            c.values.append(self.playout(state, c.action, player, turns, None))
            if time.perf_counter() > deadline:
                break
        cost = (time.perf_counter() - started) / max(1, self.playouts_done)
        survivors = [c for c in cands if c.values]
        eliminated: list[Candidate] = [c for c in cands if not c.values]
        plan = int(max(0.0, deadline - time.perf_counter()) / max(cost, 1e-5))
        if self.max_playouts is not None:  # a fixed count (deterministic unless the deadline strikes)
            plan = max(0, self.max_playouts - self.playouts_done)
        if self.refine == "none":
            return sorted(survivors, key=lambda c: (-c.score, -c.prior)) + eliminated
        if self.refine == "deepening":
            return self.deepen(state, player, turns, survivors, eliminated, cost, plan, deadline)
        phases = max(1, math.ceil(math.log2(len(survivors)))) if len(survivors) > 1 else 0
        noisy_round = 0
        for _ in range(phases):
            if len(survivors) <= 1 or plan <= 0:
                break
            per = max(1, plan // (phases * len(survivors)))
            for k in range(per):
                noisy_round += 1
                for c in survivors:
                    if time.perf_counter() > deadline:
                        break
                    c.values.append(self.playout(state, c.action, player, turns, noisy_round))
                if time.perf_counter() > deadline:
                    break
            if time.perf_counter() > deadline:
                break
            survivors.sort(key=lambda c: -c.score)
            cut = max(1, len(survivors) // 2)
            eliminated = survivors[cut:] + eliminated
            survivors = survivors[:cut]
        ranked = sorted(survivors + eliminated, key=lambda c: (-c.score, -c.prior))
        # the final pick compares options on the playouts they share (same random numbers), so
        # a survivor's extra, unluckier playouts do not count against it
        best = ranked[0]
        for c in ranked[1:]:
            if c.values and shared_score(c, best) > shared_score(best, c):
                best = c
        return [best] + [c for c in ranked if c is not best]

    def deepen(self, state: GameState, player: int, turns: int, survivors: list[Candidate],
               eliminated: list[Candidate], cost: float, plan: int, deadline: float) -> list[Candidate]:
        """Keep the better half and judge it again by one exact playout ``depth`` times as long,
        while the budget allows a whole phase; a deeper judgement replaces the shallower one."""
        survivors.sort(key=lambda c: (-c.score, -c.prior))
        depth = 1
        turns_to_end = rounds_left(state) * len(state.board.nation_ids)
        while len(survivors) > 1 and turns * depth < turns_to_end:
            keep = max(2, len(survivors) // 2)
            depth += 1
            needed = keep * depth  # in first-playout costs
            if needed > plan or time.perf_counter() + needed * cost > deadline:
                break
            values = []
            for c in survivors[:keep]:
                values.append(self.playout(state, c.action, player, turns * depth, None))
                if time.perf_counter() > deadline and len(values) < keep:
                    break
            if len(values) < keep:
                break  # an unfinished phase is not comparable: keep the last whole one
            plan -= needed
            eliminated = survivors[keep:] + eliminated
            survivors = survivors[:keep]
            for c, v in zip(survivors, values):
                c.values = [v]
            survivors.sort(key=lambda c: (-c.score, -c.prior))
            self.depth_reached = depth
        return survivors + eliminated


def wins_at_once(state: GameState, action: Action, player: int) -> bool:
    """Whether ``action`` ends the game at once with ``player`` alone in first place: nothing a
    playout could find is better, whatever the evaluation says about going on (its weights for
    cash and bonds far from the end do not apply to a finished game)."""
    sim = state.clone()
    sim.apply(action)
    if not sim.is_terminal():
        return False
    first = [r for r in sim.ranking() if r["rank"] == 1]
    return len(first) == 1 and first[0]["player"] == player


def shared_score(c: Candidate, other: Candidate) -> float:
    """``c``'s playout mean over the playouts both candidates had, plus its prior's say."""
    n = min(len(c.values), len(other.values))
    if n == 0:
        return c.score
    return c.mean_of(n) + c.bonus + c.bias * 2.0 / (1 + n)
