"""Fit the evaluation's weights to how games really end (a least-squares fit on played games).

    python tools/fit_evaluation.py collect --games 120 --seed 60000 --out positions.jsonl.gz --jobs 2
    python tools/fit_evaluation.py fit positions.jsonl.gz

``collect`` plays seeded games (one Expert against Hard bots, 2-6 players in turn, the Expert's
seat rotating) and keeps every third position where a nation chooses its rondel space, with the
game's final scores. ``fit`` measures how well :func:`expected_scores` predicts those final
scores (the error of each player's predicted score relative to the table's mean, in score
points, so a constant offset does not count; and how often the predicted leader wins) and then
searches the evaluation's weights, one at a time over a grid and round again while the error
falls. It prints the error of the defaults and of the best weights found, and the weights, which
``tools/ab_match.py`` can then try in games (``{"params": {...}}``). Keep the seeds apart from
those that measure the result.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
from dataclasses import asdict, fields, replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.ai import make_bot  # noqa: E402
from imperial_desktop.ai.analysis import rounds_left  # noqa: E402
from imperial_desktop.ai.evaluation import DEFAULT_WEIGHTS, EvalWeights, expected_scores  # noqa: E402
from imperial_desktop.core import GameSetup, GameState  # noqa: E402
from imperial_desktop.play import play_game as play_out  # noqa: E402

KEEP_EVERY = 3  # of the rondel decisions: neighbouring positions say nearly the same
FIT_WEIGHTS = ("government_bonus", "treasury_control", "payout_share", "rounds_per_payout", "factor_blend_rounds",
               "cash_weight", "bond_weight")
LOWEST = {"rounds_per_payout": 0.5, "cash_weight": 0.2, "bond_weight": 0.2}  # a divisor; no score is worthless
GRID = (0.0, 0.25, 0.5, 0.75, 0.9, 1.1, 1.25, 1.5, 2.0, 3.0)  # multiples of the current value tried per step


def play_game(task: tuple[int, int, float]) -> list[dict[str, Any]]:
    """One seeded game; the kept positions with the final scores."""
    players, seed, budget = task
    seat = seed % players
    bots = [make_bot("hard", seed * 31 + i) for i in range(players)]
    from imperial_desktop.ai.expert import ExpertBot
    bots[seat] = ExpertBot(seed * 31 + seat, budget=budget)
    kept: list[dict[str, Any]] = []
    rondel_seen = 0

    def keep(state: GameState, player: int) -> None:
        nonlocal rondel_seen
        decision = state.decision()
        assert decision is not None
        if decision.kind == "rondel":
            rondel_seen += 1
            if rondel_seen % KEEP_EVERY == 0:
                kept.append(state.to_dict())

    state = play_out(GameSetup.create(players, seed), bots, decide=keep).state
    final = [float(s["total"]) for s in state.scores()]
    return [{"state": s, "final": final, "seed": seed} for s in kept]


def collect(games: int, seed: int, out: Path, jobs: int, budget: float) -> int:
    tasks = [(2 + g % 5, seed + g, budget) for g in range(games)]
    count = 0
    with gzip.open(out, "wt", encoding="utf-8") as f, Pool(jobs) as pool:
        for done, rows in enumerate(pool.imap_unordered(play_game, tasks), start=1):
            for row in rows:
                f.write(json.dumps(row) + "\n")
            count += len(rows)
            print(f"{done}/{games} games, {count} positions", flush=True)
    return count


def load(path: Path) -> tuple[list[tuple[GameState, list[float], float]], int]:
    """Positions with their final scores and the rounds that were left (as estimated), and the
    number of games they come from."""
    rows = []
    seeds = set()
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            data = json.loads(line)
            state = GameState.from_dict(data["state"])
            rows.append((state, data["final"], rounds_left(state)))
            seeds.add(data["seed"])
    return rows, len(seeds)


def errors(rows: list[tuple[GameState, list[float], float]], weights: EvalWeights) -> dict[str, float]:
    """Root-mean-square error of the players' scores relative to the table mean, and how often
    the predicted leader is a winner; overall and by how far the end was."""
    squares: dict[str, list[float]] = {"all": [], "early": [], "late": []}
    leader_right = []
    for state, final, rounds in rows:
        predicted = expected_scores(state, weights)
        mean_p = statistics.fmean(predicted)
        mean_f = statistics.fmean(final)
        err = statistics.fmean(((p - mean_p) - (f - mean_f)) ** 2 for p, f in zip(predicted, final))
        squares["all"].append(err)
        squares["early" if rounds > 4.0 else "late"].append(err)
        best = max(final)
        leader_right.append(1.0 if final[predicted.index(max(predicted))] == best else 0.0)
    out = {f"rmse_{k}": round(statistics.fmean(v) ** 0.5, 3) for k, v in squares.items() if v}
    out["leader_wins"] = round(statistics.fmean(leader_right), 4)
    return out


def fit(rows: list[tuple[GameState, list[float], float]], start: EvalWeights, rounds: int,
        names: tuple[str, ...] = FIT_WEIGHTS) -> EvalWeights:
    """Coordinate search over the weights ``names`` minimising the overall error."""
    best = start
    best_err = errors(rows, best)["rmse_all"]
    for r in range(rounds):
        improved = False
        for name in names:
            current = getattr(best, name)
            for factor in GRID:
                value = round(current * factor, 4) if current else factor
                if value == current or value < LOWEST.get(name, 0.0):
                    continue
                trial = replace(best, **{name: value})
                err = errors(rows, trial)["rmse_all"]
                if err < best_err - 1e-3:
                    best, best_err, improved = trial, err, True
                    print(f"round {r + 1}: {name} = {value} -> rmse {err}", flush=True)
        if not improved:
            break
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="play games and keep positions with their final scores")
    c.add_argument("--games", type=int, default=120)
    c.add_argument("--seed", type=int, default=60_000)
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--budget", type=float, default=0.05, help="the Expert's think time per decision")
    f = sub.add_parser("fit", help="fit the evaluation's weights to the collected positions")
    f.add_argument("positions", type=Path)
    f.add_argument("--rounds", type=int, default=3)
    f.add_argument("--keep", default="", help="comma-separated weights to leave at their defaults")
    args = parser.parse_args()
    if args.command == "collect":
        try:
            collect(args.games, args.seed, args.out, args.jobs, args.budget)
        except OSError as exc:
            print(f"cannot write {args.out}: {exc}", file=sys.stderr)
            return 1
        return 0
    try:
        rows, games = load(args.positions)
    except (OSError, ValueError) as exc:
        print(f"cannot read {args.positions}: {exc}", file=sys.stderr)
        return 1
    print(f"{len(rows)} positions from {games} games")
    print("defaults:", asdict(DEFAULT_WEIGHTS), errors(rows, DEFAULT_WEIGHTS), flush=True)
    keep = {k.strip() for k in args.keep.split(",") if k.strip()}
    unknown = keep - set(FIT_WEIGHTS)
    if unknown:
        parser.error(f"--keep: not a fitted weight: {', '.join(sorted(unknown))} (fitted: {', '.join(FIT_WEIGHTS)})")
    best = fit(rows, DEFAULT_WEIGHTS, args.rounds, tuple(n for n in FIT_WEIGHTS if n not in keep))
    print("fitted:", {k.name: getattr(best, k.name) for k in fields(best)}, errors(rows, best))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
