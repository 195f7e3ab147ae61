"""Play many complete bot games over every player count and variant; every action is checked.

Usage: python3 tools/bot_robustness.py --games 1000 [--start 0] [--expert 0.02] [--jobs 2]
Seats are a seeded mix of easy, normal, hard and random bots; with --expert SECONDS one seat of
every game is the Expert with that think time per decision. Prints failures (illegal actions
or exceptions) and the distribution of nation turns. Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import traceback
from multiprocessing import Pool

from imperial_desktop.ai import make_bot
from imperial_desktop.core import Action, Donate, GameSetup, GameState
from imperial_desktop.core.selfcheck import check_invariants, variant_for
from imperial_desktop.play import play_game

LEVELS = ("easy", "normal", "hard", "random")


def play(seed: int, expert: float | None = None) -> int:
    players, bond, card, options = variant_for(seed)
    rng = random.Random(seed)
    names = [rng.choice(LEVELS) for _ in range(players)]
    if expert is not None:
        names[seed % players] = f"expert:{expert}"
    # seeded seed * 10 + seat (not as simulate seeds them) so that each seed keeps the game it always checked
    bots = [make_bot(n, seed * 10 + i) for i, n in enumerate(names)]
    steps = 0

    def legal(state: GameState, action: Action, seat: int) -> None:
        if not state.is_legal(action):
            raise AssertionError(f"illegal action {action} ({names}) at {state.describe_decision()}")

    def checked_after(state: GameState, action: Action, seat: int) -> None:
        nonlocal steps
        if not isinstance(action, Donate):
            steps += 1
        check_invariants(state)
        if steps > 20_000:
            raise AssertionError("game does not end")

    setup = GameSetup.create(players, seed, bond_distribution=bond, investor_card=card, options=options)
    return play_game(setup, bots, before=legal, after=checked_after, max_actions=None).state.turns_taken


def checked(task: tuple[int, float | None]) -> tuple[int, int | None, str, str]:
    """One game: (seed, nation turns or None, failure message, traceback)."""
    seed, expert = task
    try:
        return seed, play(seed, expert), "", ""
    except Exception as exc:  # report and go on
        return seed, None, f"{type(exc).__name__}: {exc}", traceback.format_exc()[-1500:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--expert", type=float, default=None, metavar="SECONDS",
                        help="put the Expert with this think time in one seat of every game")
    parser.add_argument("--jobs", type=int, default=1, help="games played in this many processes")
    args = parser.parse_args()
    started = time.time()
    turns, failures = [], []
    tasks = [(seed, args.expert) for seed in range(args.start, args.start + args.games)]
    pool = Pool(args.jobs) if args.jobs > 1 else None
    try:
        results = pool.imap_unordered(checked, tasks) if pool else map(checked, tasks)
        for done, (seed, turn_count, message, trace) in enumerate(results, 1):
            if turn_count is None:
                failures.append((seed, message, trace))
            else:
                turns.append(turn_count)
            if done % (10 if args.expert else 100) == 0:
                print(f"{done} games, {len(failures)} failures, {time.time() - started:.0f} s", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    print(f"{args.games} bot games (2-6 players, standard/auction, with/without card, all options): "
          f"{len(failures)} failures; nation turns mean {statistics.mean(turns):.1f}, median {statistics.median(turns)}, "
          f"min {min(turns)}, max {max(turns)}; {time.time() - started:.0f} s")
    for seed, message, trace in sorted(failures)[:10]:
        print(f"seed {seed}: {message}\n{trace}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
