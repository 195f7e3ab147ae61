"""How long a person waits for the computers: the time between two of his own decisions.

    taskset -c 1 python tools/human_wait.py --games 6 --players 4 --bots expert --seed 1300000

Seat 0 stands for the person (Normal chooses for him, in a few milliseconds, and his own think
time is not counted); every other seat is ``--bots``. The computers hurry as in a session with a
person at the screen (``ai/waiting.py``: the longer the computers have thought since the
person's last action, the smaller the share of its think time a computer takes);
``--full-time`` measures them without. A *wait* is the time from the person's
action to his next decision when at least one computer decided in between: the computers'
thinking and the core's work, as the game's worker process does them one after another. The
game screen's pace of showing the computers' moves (a setting) is not included. Run it on one
core (``taskset``) so the figure is what a one-core machine shows. Prints the waits' median,
95th percentile and maximum, and the computers' think time per decision likewise, in seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.ai.waiting import hurry  # noqa: E402
from imperial_desktop.core import Action, GameSetup, GameState  # noqa: E402
from imperial_desktop.play import play_game, seat_bots  # noqa: E402

PERSON = 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else 0.0


def waits_of_game(players: int, bot: str, seed: int, hurried: bool = True) -> tuple[list[float], list[float]]:
    """One game's waits of the person and the computers' think times."""
    waits: list[float] = []
    last_action = time.perf_counter()
    others_decided = False
    bots = seat_bots(["normal"] + [bot] * (players - 1), seed)

    def decide(state: GameState, seat: int) -> None:
        nonlocal others_decided
        if seat == PERSON:
            if others_decided:
                waits.append(time.perf_counter() - last_action)
            others_decided = False
        else:
            others_decided = True
            if hurried and hasattr(bots[seat], "time_scale"):
                # the computers' thinking since the person acted (the core's work is a few ms of it)
                bots[seat].time_scale = hurry(time.perf_counter() - last_action)

    def after(state: GameState, action: Action, seat: int) -> None:
        nonlocal last_action
        if seat == PERSON:
            last_action = time.perf_counter()

    played = play_game(GameSetup.create(players, seed), bots, decide=decide, after=after)
    think = [t for seat, times in enumerate(played.think) if seat != PERSON for t in times]
    return waits, think


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="expert", help="the computers' level (one name for every other seat)")
    parser.add_argument("--seed", type=int, default=1300000)
    parser.add_argument("--full-time", action="store_true", help="computers do not hurry for the person")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    waits: list[float] = []
    think: list[float] = []
    for g in range(args.games):
        w, t = waits_of_game(args.players, args.bots, args.seed + g, hurried=not args.full_time)
        waits += w
        think += t
        print(f"game {g + 1}: {len(w)} waits, longest {max(w, default=0):.2f} s", file=sys.stderr, flush=True)
    figures = {"games": args.games, "players": args.players, "bots": args.bots, "hurried": not args.full_time,
               "waits": len(waits),
               "wait_median_s": round(percentile(waits, 0.5), 2), "wait_p95_s": round(percentile(waits, 0.95), 2),
               "wait_max_s": round(max(waits, default=0.0), 2), "decisions": len(think),
               "think_median_s": round(percentile(think, 0.5), 3), "think_p95_s": round(percentile(think, 0.95), 3),
               "think_max_s": round(max(think, default=0.0), 3)}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.games} games, {args.players} players, the person against {args.bots}"
              f"{' (full think time)' if args.full_time else ' (computers hurry after a wait)'}")
        print(f"waits: {figures['waits']}, median {figures['wait_median_s']} s, p95 {figures['wait_p95_s']} s, "
              f"max {figures['wait_max_s']} s")
        print(f"computer decisions: {figures['decisions']}, median {figures['think_median_s']} s, "
              f"p95 {figures['think_p95_s']} s, max {figures['think_max_s']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
