"""Compare variants of a bot (the Expert unless told) on the same seeded games against the same opponents.

    python tools/ab_match.py --variants variants.json --games 60 --seed 30000 --jobs 2

``variants.json`` maps a name to a variant: ``{"base": {}, "long": {"params": {"horizon_scale":
2.0}}, "slow": {"budget": 0.5}}`` (keys: ``budget`` in seconds, ``params`` for
:class:`PlayoutSearch`, ``max_playouts``, ``searched``: the decision kinds to search, Normal
deciding the rest; ``refine``: ``halving`` or ``deepening`` (see ``PlayoutSearch``); ``weights``: fields of the
evaluation's :class:`EvalWeights` to change from the Expert's; ``hard_kinds``: decision kinds Hard makes;
``hard_opening``: the first nation turns whose rondel choices Hard makes; or ``"bot": "hard"`` with ``corrections``, the
:class:`Corrections` of Hard's rondel choices, and ``government``, its :class:`GovernmentPoints`). Every variant plays game g with seed ``seed + g`` in
seat ``g % players`` against the ``--opponent`` bots (seeded as in ``simulate``), so the games
are paired. Prints, per variant, the win rate (shared wins split) with its 95% Wilson interval,
the games and wins per set of nations governed at the start (``by_nations``),
the mean margin (score minus the best rival's), the variant's weaknesses per 100 of its rondel
choices as ``tools/ai_weaknesses.py`` counts them (``weaknesses``) and, for every variant after
the first, the paired difference of margins against the first with its standard error. Use seeds apart from
the ones used in tuning when the figures are the result.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from imperial_desktop.ai import make_bot  # noqa: E402
from imperial_desktop.ai.corrections import Corrections  # noqa: E402
from imperial_desktop.ai.expert import BUDGET_SECONDS, FITTED_WEIGHTS, HARD_OPENING_TURNS, ExpertBot  # noqa: E402
from imperial_desktop.ai.government_value import GovernmentPoints  # noqa: E402
from imperial_desktop.ai.search import GOVERNMENT_POINTS, PLAYOUT_POLICY, REFINE  # noqa: E402
from imperial_desktop.ai.hard import CORRECTIONS, INVEST_LOOKAHEAD, HardBot  # noqa: E402
from imperial_desktop.core import GameSetup, GameState  # noqa: E402
from imperial_desktop.play import play_game  # noqa: E402
from imperial_desktop.simulate import wilson_interval  # noqa: E402
from ai_weaknesses import KINDS, Counts, Observer  # noqa: E402


def variant_bot(spec: dict[str, Any], seed: int, default_budget: float) -> Any:
    """The bot a variant describes."""
    kind = spec.get("bot", "expert")
    if kind == "expert":
        searched = frozenset(spec["searched"]) if "searched" in spec else None
        return ExpertBot(seed, budget=float(spec.get("budget", default_budget)), max_playouts=spec.get("max_playouts"),
                         params=spec.get("params"), searched=searched, playout_policy=spec.get("playout", PLAYOUT_POLICY),
                         refine=spec.get("refine", REFINE), shares=spec.get("shares"),
                         prior_weights=FITTED_WEIGHTS if spec.get("fitted_prior") else None,
                         hard_kinds=frozenset(spec.get("hard_kinds", ())),
                         hard_opening=int(spec.get("hard_opening", HARD_OPENING_TURNS)),
                         weights=replace(FITTED_WEIGHTS, **spec.get("weights", {})))
    if kind == "hard":
        corrections = Corrections(**spec["corrections"]) if "corrections" in spec else CORRECTIONS
        government = GovernmentPoints(**spec["government"]) if "government" in spec else GOVERNMENT_POINTS
        return HardBot(seed, corrections=corrections,
                       invest_lookahead=bool(spec.get("invest_lookahead", INVEST_LOOKAHEAD)), government=government)
    return make_bot(kind, seed)


def play(task: tuple[str, dict[str, Any], int, int, str, float]) -> dict[str, Any]:
    """One game of one variant; the Expert's result and think times."""
    name, spec, players, seed, opponent, default_budget = task
    seat = (seed % 1_000_000) % players
    bots = [variant_bot(spec, seed * 31 + i, default_budget) if i == seat else make_bot(opponent, seed * 31 + i)
            for i in range(players)]
    state = GameState.new(GameSetup.create(players, seed))
    nations = "+".join(sorted(n for n, g in state.government.items() if g == seat))  # governed at the start
    seat_names = [name if i == seat else f"opponent {i}" for i in range(players)]
    counts = {n: Counts() for n in seat_names}
    observer = Observer(counts, seat_names)
    think = play_game(state, bots, before=observer.before,
                      after=lambda after, _action, _seat: observer.after(after)).think[seat]
    scores = [s["total"] for s in state.scores()]
    best = max(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    win = 1.0 / len(winners) if seat in winners else 0.0
    margin = scores[seat] - max(s for p, s in enumerate(scores) if p != seat)
    return {"variant": name, "seed": seed, "win": win, "margin": margin, "turns": state.turns_taken,
            "nations": nations, "think": think, "rondel_choices": counts[name].rondel_choices,
            "weaknesses": counts[name].found}


def by_nations(games: list[dict[str, Any]]) -> dict[str, list[float]]:
    """Games and wins per set of nations the bot governed at the start (setups differ a lot)."""
    out: dict[str, list[float]] = {}
    for g in games:
        entry = out.setdefault(g.get("nations", "?"), [0, 0.0])
        entry[0] += 1
        entry[1] += g["win"]
    return dict(sorted(out.items()))


def report(variants: dict[str, Any], results: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Figures per variant; paired margins against the first variant."""
    names = list(variants)
    by = {n: {r["seed"]: r for r in results if r["variant"] == n} for n in names}
    out: dict[str, Any] = {}
    for n in names:
        games = list(by[n].values())
        wins = sum(g["win"] for g in games)
        low, high = wilson_interval(wins, len(games))
        margins = [g["margin"] for g in games]
        think = sorted(t for g in games for t in g["think"])
        entry = {
            "games": len(games), "wins": wins, "win_rate": round(wins / len(games), 4),
            "win_rate_95ci": [round(low, 4), round(high, 4)], "parity": round(1 / players, 4),
            "mean_margin": round(statistics.fmean(margins), 2),
            "think_ms": {"median": round(1000 * think[len(think) // 2], 1),
                         "p95": round(1000 * think[int(0.95 * (len(think) - 1))], 1),
                         "max": round(1000 * think[-1], 1)} if think else {},
            "by_nations": by_nations(games),
        }
        choices = sum(g.get("rondel_choices", 0) for g in games)
        if choices:
            entry["weaknesses_per_100_turns"] = {
                kind: round(100 * sum(g["weaknesses"][kind] for g in games) / choices, 2) for kind in KINDS}
        if n != names[0]:
            diffs = [by[n][s]["margin"] - by[names[0]][s]["margin"] for s in by[n] if s in by[names[0]]]
            if len(diffs) > 1:
                entry["paired_margin_vs_" + names[0]] = round(statistics.fmean(diffs), 2)
                entry["paired_se"] = round(statistics.stdev(diffs) / math.sqrt(len(diffs)), 2)
        out[n] = entry
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", required=True, help="JSON file (or inline JSON) of variants")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=30_000)
    parser.add_argument("--opponent", default="hard")
    parser.add_argument("--budget", type=float, default=BUDGET_SECONDS,
                        help=f"Expert think time when a variant sets none (default: the Expert's, {BUDGET_SECONDS} s)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", help="also write every game's result here (JSON)")
    parser.add_argument("--log", type=Path, help="append each game's result to this file as it ends (JSON lines)")
    args = parser.parse_args()
    text = args.variants
    try:
        variants = json.loads(Path(text).read_text() if Path(text).exists() else text)
    except (OSError, ValueError) as exc:
        print(f"ab_match: cannot read the variants: {exc}", file=sys.stderr)
        return 2
    tasks = [(n, spec, args.players, args.seed + g, args.opponent, args.budget)
             for g in range(args.games) for n, spec in variants.items()]
    results = []
    with Pool(max(1, args.jobs)) as pool:
        for done, result in enumerate(pool.imap_unordered(play, tasks), 1):
            results.append(result)
            if args.log:
                with args.log.open("a", encoding="utf-8") as log:
                    log.write(json.dumps(result) + "\n")
            print(f"{done}/{len(tasks)}: {result['variant']} seed {result['seed']} margin {result['margin']:+d}",
                  file=sys.stderr, flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(results))
    print(json.dumps(report(variants, results, args.players), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
