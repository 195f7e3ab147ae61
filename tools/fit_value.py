"""Fit ``ai/fitted_value.py``'s model of the final scores to games played to their end.

    python tools/fit_value.py collect --games 2000 --players 4 --seed 2000000 --out value.jsonl.gz --jobs 2
    python tools/fit_value.py fit value.jsonl.gz [--holdout 0.25]

``collect`` plays seeded games from the start with the search's look-ahead playout policy for
every seat (the heuristics with noise σ = 1, as the position suite's verdicts continue games), or
with named bots (``--bots hard``: every seat; ``--bots hard,normal,...``: one per seat, seeded as
``imperial-desktop simulate`` seeds them), and keeps about every second nation-turn boundary: the
model's features of each player there, the Expert's hand-made evaluation of each player (for comparison) and the game's final scores.

``fit`` keeps the last ``--holdout`` share of the games apart, fits the coefficients by least
squares on the rest (each player's score and features taken relative to the table's mean, so only
differences between players count) and prints, on the games it did not fit, the error of the
fitted model and of the hand-made evaluation (root mean square, in score points; overall, with
more than 4 rounds left and with fewer) and how often each one's leader won; then the
coefficients as ``fitted_value.COEFFICIENTS`` takes them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.ai import make_bot  # noqa: E402
from imperial_desktop.ai.analysis import rounds_left  # noqa: E402
from imperial_desktop.ai.evaluation import expected_scores  # noqa: E402
from imperial_desktop.ai.expert import FITTED_WEIGHTS  # noqa: E402
from imperial_desktop.ai.fitted_value import COEFFICIENTS, FEATURES, player_features  # noqa: E402
from imperial_desktop.ai.heuristics import HeuristicPolicy  # noqa: E402
from imperial_desktop.ai.normal import NormalBot  # noqa: E402
from imperial_desktop.ai.playout_policy import LookaheadPlayout  # noqa: E402
from imperial_desktop.core import GameSetup, GameState  # noqa: E402
from imperial_desktop.play import play_game as play_out  # noqa: E402

KEEP_SHARE = 0.5  # of the nation-turn boundaries: neighbours say nearly the same
MAX_ACTIONS = 20_000
LATE_ROUNDS = 4.0


Task = tuple[int, int, float, tuple[str, ...]]


def play_game(task: Task) -> list[dict[str, Any]]:
    """One seeded game played to its end; its kept positions with the final scores."""
    players, seed, noise, bots = task
    rng = random.Random(seed)
    kept: list[dict[str, Any]] = []
    turns = 0

    def keep(state: GameState) -> None:
        """Keep about every second nation-turn boundary (the state after a turn's last action)."""
        nonlocal turns
        if state.turns_taken != turns and not state.is_terminal():
            turns = state.turns_taken
            if rng.random() < KEEP_SHARE:
                kept.append({"features": player_features(state), "hand": expected_scores(state, FITTED_WEIGHTS),
                             "rounds": rounds_left(state)})

    setup = GameSetup.create(players, seed)
    if bots:
        names = list(bots) * players if len(bots) == 1 else list(bots)
        try:
            state = play_out(setup, names, seed, after=lambda s, _a, _seat: keep(s), max_actions=MAX_ACTIONS).state
        except RuntimeError:
            return []  # a game that did not end says nothing about final scores
    else:
        state = GameState.new(setup)
        policy = LookaheadPlayout(HeuristicPolicy(random.Random(seed + 1), noise=noise), NormalBot(seed + 2))
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            state.apply(policy.choose(state))
            keep(state)
    if not state.is_terminal():
        return []
    final = [float(s["total"]) for s in state.scores()]
    return [{**row, "final": final, "seed": seed} for row in kept]


def collect(args: argparse.Namespace) -> int:
    if args.bots and len(args.bots) not in (1, args.players):
        print(f"--bots: one name for every seat or {args.players} names", file=sys.stderr)
        return 2
    for name in set(args.bots):
        try:
            make_bot(name)
        except ValueError as exc:
            print(f"--bots: {exc}", file=sys.stderr)
            return 2
    tasks: list[Task] = [(args.players, args.seed + g, args.noise, tuple(args.bots)) for g in range(args.games)]
    count = 0
    with gzip.open(args.out, "wt", encoding="utf-8") as f, Pool(args.jobs) as pool:
        for done, rows in enumerate(pool.imap(play_game, tasks, chunksize=4), start=1):
            for row in rows:
                f.write(json.dumps(row) + "\n")
            count += len(rows)
            if done % 100 == 0 or done == args.games:
                print(f"{done}/{args.games} games, {count} positions", flush=True)
    return 0


def load(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def centred(rows: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Stacked features, finals and hand values relative to each table's mean; rounds per row."""
    xs, ys, hs, rs = [], [], [], []
    for row in rows:
        x = np.asarray(row["features"], dtype=float)
        y = np.asarray(row["final"], dtype=float)
        h = np.asarray(row["hand"], dtype=float)
        xs.append(x - x.mean(axis=0))
        ys.append(y - y.mean())
        hs.append(h - h.mean())
        rs.append(np.full(len(y), row["rounds"]))
    return np.vstack(xs), np.concatenate(ys), np.concatenate(hs), np.concatenate(rs)


def solve(rows: list[dict[str, Any]], without: list[str] = (), ridge: float = 1.0) -> np.ndarray:
    """Least-squares coefficients (with a small ridge penalty) of the features for the final
    scores, both relative to each table's mean; a feature in ``without`` gets 0."""
    x, y, _, _ = centred(rows)
    x[:, [name in without for name in FEATURES]] = 0.0  # the penalty then keeps its coefficient at 0
    return np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)


def rmse(rows: list[dict[str, Any]], coefficients: np.ndarray) -> float:
    """The root-mean-square error of the model's scores relative to the table's mean."""
    x, y, _, _ = centred(rows)
    return float(np.sqrt(np.mean((x @ coefficients - y) ** 2)))


def leader_wins(rows: list[dict[str, Any]], predict) -> float:
    """How often the player a prediction puts first is a winner."""
    right = 0
    for row in rows:
        predicted = predict(row)
        right += row["final"][int(np.argmax(predicted))] == max(row["final"])
    return right / len(rows)


def report(name: str, error: np.ndarray, rounds: np.ndarray) -> str:
    late = rounds <= LATE_ROUNDS

    def rms(e: np.ndarray) -> float:
        return float(np.sqrt(np.mean(e ** 2))) if len(e) else float("nan")

    return f"{name:<10} rmse all {rms(error):6.2f}  early {rms(error[~late]):6.2f}  late {rms(error[late]):6.2f}"


def fit(args: argparse.Namespace) -> int:
    try:
        rows = load(args.positions)
    except (OSError, ValueError) as exc:
        print(f"cannot read {args.positions}: {exc}", file=sys.stderr)
        return 1
    seeds = sorted({row["seed"] for row in rows})
    if len(seeds) < 2 or not 0.0 < args.holdout < 1.0:
        print("fitting needs positions of at least two games and a held-out share between 0 and 1", file=sys.stderr)
        return 1
    cut = seeds[int(len(seeds) * (1 - args.holdout))]
    train = [row for row in rows if row["seed"] < cut]
    test = [row for row in rows if row["seed"] >= cut]
    print(f"{len(rows)} positions from {len(seeds)} games: fitted on {len(train)}, tested on {len(test)} "
          f"(games from seed {cut})")
    unknown = set(args.without) - set(FEATURES)
    if unknown:
        print(f"--without: not a feature: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    coefficients = solve(train, args.without, args.ridge)
    tx, ty, th, tr = centred(test)
    print(report("fitted", tx @ coefficients - ty, tr))
    shipped = np.asarray([COEFFICIENTS[name] for name in FEATURES])
    print(report("hand", th - ty, tr))
    print(report("shipped", tx @ shipped - ty, tr))  # the coefficients in fitted_value.py (fitted at 4 players)
    print(f"leader wins: fitted {leader_wins(test, lambda r: np.asarray(r['features']) @ coefficients):.3f}, "
          f"hand {leader_wins(test, lambda r: r['hand']):.3f}, "
          f"shipped {leader_wins(test, lambda r: np.asarray(r['features']) @ shipped):.3f}")
    print("COEFFICIENTS = {")
    for name, value in zip(FEATURES, coefficients):
        print(f'    "{name}": {value:.4f},')
    print("}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="play games to their end and keep positions with their final scores")
    c.add_argument("--games", type=int, default=2000)
    c.add_argument("--players", type=int, default=4)
    c.add_argument("--seed", type=int, default=2_000_000)
    c.add_argument("--noise", type=float, default=1.0)
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--bots", type=lambda text: [t.strip() for t in text.split(",") if t.strip()], default=[],
                   help="bots that play the games (one for every seat, or one per seat); default: the playout policy")
    c.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit", help="fit the coefficients and print their error on held-out games")
    f.add_argument("positions", type=Path)
    f.add_argument("--holdout", type=float, default=0.25)
    f.add_argument("--ridge", type=float, default=1.0, help="a small penalty on large coefficients")
    f.add_argument("--without", type=lambda text: [t.strip() for t in text.split(",") if t.strip()], default=[],
                   help="features to leave out (comma-separated)")
    args = parser.parse_args(argv)
    return collect(args) if args.command == "collect" else fit(args)


if __name__ == "__main__":
    raise SystemExit(main())
