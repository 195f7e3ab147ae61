"""Tune the Expert's search weights by self-play: SPSA over seeded tournaments, resumable.

    python tools/tune.py --state tune-state.json --iterations 20 --games 16 --budget 0.05 --jobs 2

Each iteration perturbs all weights at once by +-c (a random sign per weight), plays the same
seeded games (Expert with the weights against three Hard bots, seats rotating) for the plus and
the minus side, and steps the weights along the measured gradient of the Expert's result (its
score minus the best rival's, in score points, averaged over the games). The state file holds
the weights, the iteration and every iteration's figures; run the command again to continue.
Seeds start at --seed (keep tuning seeds apart from the seeds used to measure the result).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.ai import make_bot  # noqa: E402
from imperial_desktop.ai.expert import ExpertBot  # noqa: E402
from imperial_desktop.ai.search import PlayoutSearch  # noqa: E402
from imperial_desktop.core import GameSetup  # noqa: E402
from imperial_desktop.play import play_game  # noqa: E402

# weight: (start, step scale c, lowest, highest); the starts are the Expert's defaults
_SEARCH = ExpertBot().search


def _default(name: str) -> float:
    return float(getattr(_SEARCH.weights if name in PlayoutSearch.EVAL_WEIGHTS else _SEARCH, name))


SPACE = {name: (_default(name), c, low, high) for name, c, low, high in (
    ("noise", 0.3, 0.0, 4.0),
    ("win_weight", 5.0, 0.0, 60.0),
    ("prior_weight", 0.2, 0.0, 3.0),
    ("heuristic_weight", 0.07, 0.0, 1.0),
    ("end_game_rounds", 0.5, 0.5, 4.0),
    ("horizon_scale", 0.25, 0.3, 3.0),
    ("factory_bias", 3.0, 0.0, 40.0),
    ("takeover_guard", 2.0, 0.0, 30.0),
    ("empty_penalty", 1.5, 0.0, 10.0),
    ("battle_penalty", 1.5, 0.0, 10.0),
    ("exact_weight", 2.0, 1.0, 20.0),
    ("government_bonus", 1.5, 0.0, 15.0),
    ("treasury_control", 0.05, 0.0, 0.5),
    ("payout_share", 1.0, 0.0, 15.0),  # above about 2 the treasury no longer caps the payouts
    ("best_rival_share", 0.15, 0.0, 1.0),
    ("rounds_per_payout", 0.5, 1.0, 12.0),
    ("factor_blend_rounds", 0.5, 0.0, 10.0),
    ("cash_weight", 0.1, 0.3, 3.0),
    ("bond_weight", 0.1, 0.3, 3.0),
    ("heuristic_cap", 0.5, 0.0, 10.0),
    ("rank_penalty", 0.5, 0.0, 10.0),
)}
# the option widths (whole numbers, 0 for "no cap") are measured with ab_match.py, not tuned here
assert set(SPACE) <= set(PlayoutSearch.TUNABLE), set(SPACE) - set(PlayoutSearch.TUNABLE)


def play_one(task: tuple[dict[str, float], int, int, int, float]) -> float:
    """The Expert's score minus the best rival's in one seeded game."""
    params, players, seed, seat, budget = task
    setup = GameSetup.create(players, seed)
    bots = [ExpertBot(seed * 31 + i, budget=budget, params=params) if i == seat else make_bot("hard", seed * 31 + i)
            for i in range(players)]
    scores = [s["total"] for s in play_game(setup, bots).state.scores()]
    return float(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))


def result(pool: Pool | None, params: dict[str, float], players: int, seed: int, games: int, budget: float) -> float:
    tasks = [(params, players, seed + g, g % players, budget) for g in range(games)]
    values = pool.map(play_one, tasks, chunksize=1) if pool else [play_one(t) for t in tasks]
    return sum(values) / len(values)


def clip(name: str, value: float) -> float:
    _, _, low, high = SPACE[name]
    return min(high, max(low, value))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--state", default="tune-state.json", help="resumable state file")
    parser.add_argument("--iterations", type=int, default=10, help="iterations to run now")
    parser.add_argument("--games", type=int, default=16, help="games per side per iteration")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--budget", type=float, default=0.05, help="Expert think time per decision (s)")
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--a", type=float, default=0.5, help="step size (in units of c per point)")
    parser.add_argument("--only", help="comma-separated weights to tune (default: all); the rest keep their values")
    args = parser.parse_args()
    names = [n.strip() for n in args.only.split(",")] if args.only else list(SPACE)
    unknown = [n for n in names if n not in SPACE]
    if unknown:
        parser.error(f"unknown weights {', '.join(unknown)}; known: {', '.join(SPACE)}")
    path = Path(args.state)
    if path.exists():
        try:
            state = json.loads(path.read_text())
            if not isinstance(state.get("params"), dict):
                raise ValueError("no 'params' object")
        except (OSError, ValueError, AttributeError) as exc:
            print(f"tune: cannot read the state file {path}: {exc}", file=sys.stderr)
            return 2
    else:
        state = {"iteration": 0, "params": {}, "history": []}
    state["params"] = {**{k: v[0] for k, v in SPACE.items()}, **state["params"]}  # weights added since
    pool = Pool(args.jobs) if args.jobs > 1 else None
    try:
        for _ in range(args.iterations):
            k = state["iteration"]
            rng = random.Random(args.seed + k)
            ck = 1.0 / (k + 1) ** 0.101
            ak = args.a / (k + 1 + 5) ** 0.602
            delta = {name: rng.choice((-1.0, 1.0)) for name in names}
            plus = {n: clip(n, v + ck * SPACE[n][1] * delta.get(n, 0.0)) for n, v in state["params"].items()}
            minus = {n: clip(n, v - ck * SPACE[n][1] * delta.get(n, 0.0)) for n, v in state["params"].items()}
            seed = args.seed + 1000 * k  # the same games for both sides (common random numbers)
            f_plus = result(pool, plus, args.players, seed, args.games, args.budget)
            f_minus = result(pool, minus, args.players, seed, args.games, args.budget)
            for name in names:
                gradient = (f_plus - f_minus) / (2 * ck * delta[name])  # per unit of c
                state["params"][name] = clip(name, state["params"][name] + ak * SPACE[name][1] * gradient / 10.0)
            state["iteration"] = k + 1
            state["history"].append({"iteration": k, "plus": f_plus, "minus": f_minus, "params": dict(state["params"])})
            path.write_text(json.dumps(state, indent=1))
            print(f"iteration {k}: plus {f_plus:+.2f} minus {f_minus:+.2f} -> {state['params']}", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
