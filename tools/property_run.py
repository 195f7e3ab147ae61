"""Long property run: thousands of complete random games with invariant checks after every action.

Usage: python3 tools/property_run.py --games 5000 [--start 0] [--no-round-trip] [--json OUT]
Cycles through 2-6 players, both set-ups, with and without investor card, and every rules option
(see imperial_desktop/core/selfcheck.py). Prints failures and the distribution of nation turns.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import time
import traceback

from imperial_desktop.core.selfcheck import play_checked_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--no-round-trip", action="store_true")
    parser.add_argument("--json", help="write the summary as JSON to this file")
    args = parser.parse_args()
    started = time.time()
    turns: list[int] = []
    by_variant: collections.Counter[str] = collections.Counter()
    failures = []
    for seed in range(args.start, args.start + args.games):
        try:
            game = play_checked_game(seed, apply_every_listed=(seed % 50 == 0), round_trip=not args.no_round_trip)
        except Exception as exc:  # report every failure, keep going
            failures.append({"seed": seed, "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc()[-2000:]})
            continue
        turns.append(game.nation_turns)
        by_variant[game.variant] += 1
        if (seed - args.start + 1) % 500 == 0:
            print(f"{seed - args.start + 1} games, {len(failures)} failures, {time.time() - started:.0f} s", flush=True)
    buckets = collections.Counter((t // 25) * 25 for t in turns)
    summary = {
        "games": args.games, "failures": len(failures), "failure_details": failures[:20],
        "seconds": round(time.time() - started, 1),
        "nation_turns": {"mean": round(statistics.mean(turns), 1), "median": statistics.median(turns),
                         "min": min(turns), "max": max(turns),
                         "histogram_by_25": {f"{k}-{k + 24}": buckets[k] for k in sorted(buckets)}} if turns else {},
        "games_by_variant": dict(sorted(by_variant.items())),
    }
    print(json.dumps(summary, indent=1))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(summary, handle, indent=1)


if __name__ == "__main__":
    main()
