"""Think time of bots on a fixed set of positions (one process, one core).

    python tools/bench_bots.py --bots normal,hard --games 3 --seed 4242 --repeat 2

The positions are every rondel, investment and maneuver decision of seeded 4-player games
played by the greedy policy, so two versions of the code are timed on exactly the same
positions: ``--positions FILE`` writes them the first time (as saved-game state dicts) and reads
them afterwards, so another checkout with a different greedy policy is timed on the same
positions (copy this file there and pass the same file). Prints, per bot, the
median, 95th percentile and maximum time of ``choose`` in milliseconds, and how many
positions were timed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.ai import make_bot  # noqa: E402
from imperial_desktop.core import GameSetup, GameState  # noqa: E402
from imperial_desktop.play import play_game  # noqa: E402

KINDS = ("rondel", "invest", "maneuver")


def positions(games: int, seed: int) -> list[GameState]:
    """Copies of every rondel, investment and maneuver decision of greedy games."""
    found = []

    def keep(state: GameState, seat: int) -> None:
        decision = state.decision()
        if decision is not None and decision.kind in KINDS:
            found.append(state.clone())

    for g in range(games):
        play_game(GameSetup.create(4, seed + g), ["greedy"] * 4, seed + g, decide=keep)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", default="normal,hard")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--repeat", type=int, default=1, help="time each bot this many times, alternating")
    parser.add_argument("--positions", type=Path, help="JSON file of positions: written if missing, else read")
    args = parser.parse_args()
    if args.positions and args.positions.exists():
        try:
            states = [GameState.from_dict(d) for d in json.loads(args.positions.read_text())]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"bench_bots: cannot read positions from {args.positions}: {exc}", file=sys.stderr)
            return 2
    else:
        states = positions(args.games, args.seed)
        if args.positions:
            args.positions.write_text(json.dumps([s.to_dict() for s in states]))
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    times: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(args.repeat):
        for name in names:
            bot = make_bot(name, 7)
            for state in states:
                started = time.perf_counter()
                bot.choose(state)
                times[name].append(1000.0 * (time.perf_counter() - started))
    out = {n: {"positions": len(states), "median_ms": round(percentile(t, 0.5), 2),
               "p95_ms": round(percentile(t, 0.95), 2), "max_ms": round(max(t), 2)} for n, t in times.items()}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
