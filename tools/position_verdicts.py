"""Right moves decided by play: every choice of a suite position played to the end of the game.

    python tools/position_verdicts.py judge --continuations 32 --jobs 2 --out verdicts.json
    python tools/position_verdicts.py apply verdicts.json [more.json ...]   # into tests/positions/suite.json

For each position of the chosen categories, every legal action is applied to a copy and the
game is played to its end ``--continuations`` times by a model of the other players (and of the
player himself after this choice). The continuation of index k has the same random numbers for
every action (common random numbers), so two actions are compared on paired games. The
outcome of a game for the player is his *margin*: his final score minus the best rival's (what
decides who wins); his win share is reported beside it.

The verdict: the best action is the one with the highest mean margin; an action is *wrong* when
its mean paired difference to the best is below zero by more than ``--sigmas`` standard errors
and by at least ``--min-gap`` points, otherwise it is *right* (played out, it is not measurably
worse). A position keeps a verdict only when some actions are right and some wrong; ``apply``
writes those into the suite (right moves, the margins behind them) and takes the positions
without a plain verdict out; plain positions judged in another suite file (``judge --suite``,
built from other games) fill a category up to ``--per-category``.

The continuation model (``lookahead``): every seat plays Normal's one-turn look-ahead for rondel
spaces and bonds and the heuristics for the rest, with noise (sigma ``--noise`` score points) in
the heuristics, so continuations differ (one continuation's margin varies by about 20 points).
The Expert's playouts use the same policy, but for about 1.5 rounds and the evaluation after
that; here the game is played to its end, so the evaluation's biases do not enter the verdict.
Hard is no continuation model: it plays one line per seed, so its continuations of an action
are all the same game and say nothing about the spread.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from position_suite import CATEGORIES as CATEGORY_ORDER, SUITE, Position, load_suite  # noqa: E402

from imperial_desktop.ai.heuristics import HeuristicPolicy  # noqa: E402
from imperial_desktop.ai.lookahead import play_until  # noqa: E402
from imperial_desktop.ai.normal import NormalBot  # noqa: E402
from imperial_desktop.ai.playout_policy import LookaheadPlayout  # noqa: E402
from imperial_desktop.core import Action, GameState, action_from_json  # noqa: E402

GOVERNMENT_CATEGORIES = ("take_cheap_government", "lock_government", "keep_government",
                         "avoid_financing_takeover", "swiss_force_for_takeover")
MAX_ACTIONS = 20_000  # a continuation never needs this many; a runaway game stops here
SIGMAS = 2.0  # a wrong choice: its mean paired difference to the best is below zero by this many standard errors
MIN_GAP = 2.0  # ... and by at least this many points of margin


@dataclass
class Outcome:
    """One continuation's result for the player: margin over the best rival, share of first place."""

    margin: float
    win: float


def outcome(state: GameState, player: int) -> Outcome:
    """The player's margin and win share in a finished (or stopped) game, by today's scores."""
    totals = [s["total"] for s in state.scores()]
    best_rival = max(t for seat, t in enumerate(totals) if seat != player)
    top = max(totals)
    winners = [seat for seat, t in enumerate(totals) if t == top]
    return Outcome(totals[player] - best_rival, (1 / len(winners)) if player in winners else 0.0)


def continue_game(state: GameState, model: str, seed: int, noise: float) -> GameState:
    """``state`` (a copy) played to its end by the continuation ``model``, seeded by ``seed``."""
    if model != "lookahead":
        raise ValueError(f"unknown continuation model {model!r}")
    policy = LookaheadPlayout(HeuristicPolicy(random.Random(seed), noise=noise), NormalBot(seed + 1))
    play_until(state, policy, turns=10_000, max_actions=MAX_ACTIONS)
    return state


def key_of(action: Action) -> str:
    """An action as the verdicts name it (its JSON, keys sorted)."""
    return json.dumps(action.to_json(), sort_keys=True)


def judge_position(task: tuple[Any, ...]) -> dict[str, Any]:
    """Every legal action of one position played out: per action its margins, in continuation order."""
    suite_path, index, continuations, model, seed, noise = task
    suite = load_suite(Path(suite_path))
    position = suite.positions[index]
    state = suite.state_of(position)
    started = time.perf_counter()
    results: dict[str, list[Outcome]] = {}
    for action in state.legal_actions():
        key = key_of(action)
        outcomes = []
        for k in range(continuations):
            sim = state.clone()
            sim.apply(action)
            continue_game(sim, model, seed * 10_007 + k, noise)
            outcomes.append(outcome(sim, position.player))
        results[key] = outcomes
    return {"index": index, "id": position.id, "seconds": round(time.perf_counter() - started, 1),
            "margins": {key: [o.margin for o in outs] for key, outs in results.items()},
            "wins": {key: [o.win for o in outs] for key, outs in results.items()}}


def verdict(margins: dict[str, list[float]], sigmas: float, min_gap: float) -> dict[str, Any]:
    """Right and wrong actions from paired margins (see the module's docstring)."""
    means = {key: sum(m) / len(m) for key, m in margins.items()}
    best = max(means, key=lambda key: means[key])
    right, wrong, gaps = [], [], {}
    for key, values in margins.items():
        diffs = [v - b for v, b in zip(values, margins[best])]
        mean = sum(diffs) / len(diffs)
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
        se = sd / math.sqrt(len(diffs))
        gaps[key] = (round(mean, 2), round(se, 2))
        (wrong if mean < -max(sigmas * se, min_gap) else right).append(key)
    return {"best": best, "right": right, "wrong": wrong, "means": {k: round(v, 2) for k, v in means.items()},
            "gaps": gaps}


def describe(key: str) -> str:
    return repr(action_from_json(json.loads(key)))


def judge(args: argparse.Namespace) -> int:
    """Play out the chosen positions, print each verdict, write the margins to ``--out``."""
    suite = load_suite(Path(args.suite))
    wanted = set(args.categories.split(","))
    ids = {i for i in args.ids.split(",") if i}
    indices = [i for i, p in enumerate(suite.positions) if p.category in wanted and (not ids or p.id in ids)]
    tasks = [(args.suite, i, args.continuations, args.model, args.seed, args.noise) for i in indices]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            judged = pool.map(judge_position, tasks, chunksize=1)
    else:
        judged = [judge_position(t) for t in tasks]
    raw = json.loads(Path(args.suite).read_text(encoding="utf-8"))
    for item in judged:
        position: Position = suite.positions[item["index"]]
        v = verdict(item["margins"], args.sigmas, args.min_gap)
        old_right = {key_of(a) for a in position.right}
        old_avoid = {key_of(a) for a in position.avoid}
        old_solved = {k for k in item["margins"] if (k in old_right if old_right else k not in old_avoid)}
        plain = bool(v["right"]) and bool(v["wrong"])
        agree = old_solved <= set(v["right"])
        print(f"{position.id}: {len(item['margins'])} actions, {item['seconds']} s; "
              f"{'plain' if plain else 'no plain verdict'}; right {len(v['right'])}, wrong {len(v['wrong'])}; "
              f"the exact check's right moves {'are' if agree else 'are not'} all right by play")
        for key in sorted(item["margins"], key=lambda k: -v["means"][k]):
            wins = item["wins"][key]
            mark = "+" if key in v["right"] else "-"
            old = "*" if key in old_solved else " "  # right by the exact check
            print(f"   {mark}{old} {v['means'][key]:7.2f}  win {sum(wins) / len(wins):.2f}  gap {v['gaps'][key]}"
                  f"  {describe(key)}{' (best)' if key == v['best'] else ''}")
        item["plain"] = plain
        item["position"] = raw["positions"][item["index"]]
        item["record"] = raw["games"][position.game]
    if args.out:
        args.out.write_text(json.dumps({"suite": str(Path(args.suite).resolve()), "model": args.model,
                                        "continuations": args.continuations, "noise": args.noise,
                                        "seed": args.seed, "sigmas": args.sigmas, "min_gap": args.min_gap,
                                        "judged": judged}), encoding="utf-8")
    return 0


def played_why(check_why: str, v: dict[str, Any], model: str, continuations: int) -> str:
    best = action_from_json(json.loads(v["best"]))
    return (f"{check_why}. Played out {continuations} times to the end ({model} model): right are the "
            f"{len(v['right'])} choices not measurably worse than the best ({best!r}, mean margin "
            f"{v['means'][v['best']]:+.1f}); {len(v['wrong'])} are")


def apply(args: argparse.Namespace) -> int:
    """Write the plain verdicts of verdict files into the suite: a judged position of the suite
    takes its right moves from play, one without a plain verdict leaves the suite, and plain
    positions judged in other suite files join it while their category has fewer than
    ``--per-category``. Runs of one position with other seeds are joined (their continuations
    added up) before the verdict."""
    path = Path(args.suite)
    data = json.loads(path.read_text(encoding="utf-8"))
    verdicts = [json.loads(Path(f).read_text(encoding="utf-8")) for f in args.files]
    here = str(path.resolve())

    def played(items: list[tuple[dict[str, Any], dict[str, Any]]]) -> tuple[dict[str, Any], bool]:
        """One position's runs (the same model, other seeds) as the suite's position."""
        item, run = items[0]
        margins = {key: [m for it, _ in items for m in it["margins"][key]] for key in item["margins"]}
        v = verdict(margins, run["sigmas"], run["min_gap"])
        position = dict(item["position"])
        check_why = position["why"].split(". Played out")[0]
        continuations = sum(r["continuations"] for _, r in items)
        position["right"] = [json.loads(k) for k in v["right"]]
        position["avoid"] = []
        position["why"] = played_why(check_why, v, run["model"], continuations)
        position["played"] = {"model": run["model"], "continuations": continuations, "noise": run["noise"],
                              "seeds": [r["seed"] for _, r in items], "sigmas": run["sigmas"],
                              "min_gap": run["min_gap"], "margins": margins}
        return position, bool(v["right"]) and bool(v["wrong"])

    runs: dict[tuple[str, str], list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for run in verdicts:
        for item in run["judged"]:
            runs.setdefault((run["suite"], item["position"]["id"]), []).append((item, run))
    for items in runs.values():
        if len({(r["model"], r["noise"], r["sigmas"], r["min_gap"]) for _, r in items}) > 1:
            raise SystemExit(f"{items[0][0]['position']['id']}: runs of different models cannot be joined")
    kept, dropped = [], []
    for position in data["positions"]:
        items = runs.get((here, position["id"]))
        if items is None:
            kept.append(position)
            continue
        joined, plain = played(items)
        (kept.append(joined) if plain else dropped.append(position["id"]))
    games = list(data["games"])
    added = []
    for (suite, _), items in runs.items():
        category = items[0][0]["position"]["category"]
        if suite == here or sum(p["category"] == category for p in kept) >= args.per_category:
            continue
        position, plain = played(items)
        if not plain:
            continue
        position["game"] = len(games)
        games.append(items[0][0]["record"])
        number = 1 + max((int(p["id"].rsplit("-", 1)[1]) for p in kept + dropped_positions(data, dropped)
                          if p["category"] == category), default=0)
        position["id"] = f"{category}-{number}"
        kept.append(position)
        added.append(position["id"])
    data["positions"] = sorted(kept, key=lambda p: (CATEGORY_ORDER.index(p["category"]),
                                                    int(p["id"].rsplit("-", 1)[1])))
    used = sorted({p["game"] for p in data["positions"]})
    renumber = {old: new for new, old in enumerate(used)}
    data["games"] = [games[old] for old in used]
    for p in data["positions"]:
        p["game"] = renumber[p["game"]]
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{path}: {len(data['positions'])} positions; dropped (no plain verdict): {', '.join(dropped) or 'none'}; "
          f"added: {', '.join(added) or 'none'}")
    return 0


def dropped_positions(data: dict[str, Any], dropped: list[str]) -> list[dict[str, Any]]:
    """The suite's positions that left it (their ids are not given again)."""
    return [p for p in data["positions"] if p["id"] in dropped]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    judging = sub.add_parser("judge", help="play out the positions' choices and print the verdicts")
    judging.add_argument("--suite", default=str(SUITE))
    judging.add_argument("--categories", default=",".join(GOVERNMENT_CATEGORIES))
    judging.add_argument("--ids", default="", help="only these position ids (comma-separated)")
    judging.add_argument("--continuations", type=int, default=32)
    judging.add_argument("--model", default="lookahead", choices=["lookahead"])
    judging.add_argument("--noise", type=float, default=1.0)
    judging.add_argument("--sigmas", type=float, default=SIGMAS)
    judging.add_argument("--min-gap", type=float, default=MIN_GAP)
    judging.add_argument("--seed", type=int, default=1)
    judging.add_argument("--jobs", type=int, default=1)
    judging.add_argument("--out", type=Path, help="write every action's margins here (JSON), for apply")
    applying = sub.add_parser("apply", help="write plain verdicts into the suite")
    applying.add_argument("files", nargs="+", help="verdict files written by judge --out")
    applying.add_argument("--suite", default=str(SUITE))
    applying.add_argument("--per-category", type=int, default=8)
    args = parser.parse_args(argv)
    return judge(args) if args.command == "judge" else apply(args)


if __name__ == "__main__":
    raise SystemExit(main())
