"""Bot tournaments split over several processes (one game per task), with the simulator's summary.

    python tools/tournament.py --players 4 --bots hard,normal,normal,normal --games 200 --seed 1 --jobs 2

Seats rotate exactly as in `imperial-desktop simulate` (game i uses seed+i and shift i % players),
so the results equal a single-process run; only the think times are measured under load when
--jobs > 1 (use --jobs 1 for timing).
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.simulate import GameResult, run, summarize  # noqa: E402


def _one(task: tuple[int, int, int, list[str], str, bool]) -> GameResult:
    players, index, seed, bots, setup, card = task
    shift = index % players
    rotated = bots[shift:] + bots[:shift]
    # run() rotates by game index; play the single game with index 0 and the pre-rotated bots
    result = run(players, 1, seed + index, rotated, bond_distribution=setup, investor_card=card)[0]
    result.index = index
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="normal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--setup", default="standard", choices=["standard", "auction"])
    parser.add_argument("--no-investor-card", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print every game and the summary as JSON")
    args = parser.parse_args()
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) == 1:
        bots = bots * args.players
    tasks = [(args.players, i, args.seed, bots, args.setup, not args.no_investor_card) for i in range(args.games)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(_one, tasks, chunksize=1)
    else:
        results = [_one(t) for t in tasks]
    summary = summarize(results)
    if args.json:
        print(json.dumps({"games": [r.to_json() for r in results], "summary": summary}, indent=1))
    else:
        print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
