"""Rules-core benchmark: complete random games per second, legal_actions() and apply() per second.

Usage: python3 tools/bench_core.py [--games 200] [--players 4] [--profile]
Runs on one core (single process). Prints figures; it does not assert them.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import time

from imperial_desktop.core import GameRecord, GameSetup, GameState


def random_game(players: int, seed: int) -> tuple[GameState, GameRecord]:
    rng = random.Random(seed)
    setup = GameSetup.create(players, seed)
    state = GameState.new(setup)
    record = GameRecord(setup)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    return state, record


def bench_games(players: int, games: int, seed: int) -> tuple[float, list[GameRecord], list[int]]:
    """Returns the CPU time of this process (robust against other load on the machine)."""
    started = time.process_time()
    records, turns = [], []
    for i in range(games):
        state, record = random_game(players, seed + i)
        records.append(record)
        turns.append(state.turns_taken)
    return time.process_time() - started, records, turns


def sample_states(records: list[GameRecord], every: int = 7) -> list[GameState]:
    states = []
    for record in records:
        state = GameState.new(record.setup)
        for i, action in enumerate(record.actions):
            if i % every == 0:
                states.append(state.clone())
            state.apply(action)
    return states


def bench_legal(states: list[GameState], repeat: int = 3) -> tuple[float, float]:
    calls = 0
    started = time.process_time()
    for _ in range(repeat):
        for s in states:
            s._legal = None  # measure generation, not the cache
            s.legal_actions()
            calls += 1
    elapsed = time.process_time() - started
    return calls / elapsed, statistics.mean(len(s.legal_actions()) for s in states)


def bench_apply(records: list[GameRecord]) -> float:
    count = 0
    started = time.process_time()
    for record in records:
        state = GameState.new(record.setup)
        for action in record.actions:
            state.apply(action)  # validation included: it lists the legal actions when needed
            count += 1
    return count / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    args = parser.parse_args()

    elapsed, records, turns = bench_games(args.players, args.games, args.seed)
    actions = sum(len(r.actions) for r in records)
    print("(all figures: CPU time of this single process)")
    print(f"complete random games: {args.games} in {elapsed:.2f} s = {args.games / elapsed:.1f} games/s "
          f"({actions / args.games:.0f} actions and {statistics.mean(turns):.0f} nation turns per game)")
    states = sample_states(records[: max(1, args.games // 4)])
    per_second, mean_len = bench_legal(states)
    print(f"legal_actions(): {per_second:,.0f} calls/s over {len(states)} sampled states "
          f"(mean {mean_len:.1f} actions per listing, cache cleared before each call)")
    print(f"apply() incl. validation: {bench_apply(records[: max(1, args.games // 4)]):,.0f} actions/s")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        bench_games(args.players, max(10, args.games // 10), args.seed + 10_000)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
