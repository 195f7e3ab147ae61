"""Trace one seeded game from one seat: what its nations chose and what became of them.

    python tools/trace_game.py --players 4 --seed 650102 --bot expert
    python tools/trace_game.py --players 4 --seed 650102 --bot hard

The game is the one ``tools/ab_match.py`` plays for that seed (the tested bot in seat ``seed %
players``, the ``--opponent`` bots elsewhere, seeded alike), so a trace with ``--bot hard`` shows
what Hard did in the Expert's place. A searching bot thinks against the clock, so two traces of the
same seed may differ a little. Printed: every rondel choice of a nation the seat governs (with its
treasury, power points, factories, units, flags and taxes at that moment), every bond bought
(the seat's marked), every change of government, and the final power points and scores.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TextIO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.ai import make_bot  # noqa: E402
from imperial_desktop.ai.analysis import credits  # noqa: E402
from imperial_desktop.core import ChooseRondel, Donate, GameSetup, GameState, Invest  # noqa: E402


def nation_line(state: GameState, nation: str) -> str:
    """A nation's treasury, power, factories, units, flags and taxes."""
    factories = sum(1 for r in state.board.nation_by_id[nation].home_provinces if r in state.factories)
    armies, fleets = state.unit_count(nation)
    return (f"treasury {state.treasury[nation]:3d}M  power {state.power[nation]:2d}  factories {factories}"
            f" ({len(state.unoccupied_factories(nation))} free)  armies {armies} fleets {fleets}"
            f"  flags {state.flag_count(nation):2d}  taxes {state.tax_revenue(nation):2d}")


def trace(players: int, seed: int, bot: str, opponent: str, out: TextIO, max_actions: int = 20_000) -> GameState:
    """Play the game and write the trace; returns the final state."""
    seat = (seed % 1_000_000) % players
    bots = [make_bot(bot if i == seat else opponent, seed * 31 + i) for i in range(players)]
    state = GameState.new(GameSetup.create(players, seed))
    governs = sorted(n for n, g in state.government.items() if g == seat)
    print(f"seat {seat} ({bot}) governs {', '.join(governs) or 'nothing'} at the start", file=out)
    for _ in range(max_actions):
        if state.is_terminal():
            break
        player = state.current_player()
        assert player is not None
        action = bots[player].choose(state)
        turn = state.turns_taken
        if isinstance(action, ChooseRondel) and state.government[action.nation] == seat:
            space = state.board.rondel[action.space].action
            print(f"turn {turn:3d}  {action.nation:15s} {space:10s}  {nation_line(state, action.nation)}"
                  f"  seat's cash {state.cash[seat]}M", file=out)
        elif isinstance(action, Invest):
            who = "SEAT" if action.player == seat else f"player {action.player}"
            trade = f", trading in {action.trade_in}M" if action.trade_in else ""
            print(f"turn {turn:3d}  {who} buys the {action.value}M bond of {action.nation}{trade}"
                  f" (cash {state.cash[action.player]}M)", file=out)
        elif isinstance(action, Donate) and action.player == seat:
            print(f"turn {turn:3d}  SEAT gives {action.amount}M to {action.nation}", file=out)
        before = dict(state.government)
        state.apply(action)
        for nation, government in state.government.items():
            if before[nation] != government:
                print(f"          government of {nation}: {before[nation]} -> {government}", file=out)
    print("power at the end: " + ", ".join(f"{n} {p}" for n, p in state.power.items()), file=out)
    for p, score in enumerate(state.scores()):
        held = {n: c for n in state.board.nation_ids if (c := credits(state, n)[p])}
        mark = "  <- seat" if p == seat else ""
        print(f"player {p}: {score['total']} points, cash {state.cash[p]}M, interest {held}{mark}", file=out)
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--bot", default="expert", help="the traced seat's bot (as in simulate --bots)")
    parser.add_argument("--opponent", default="hard")
    args = parser.parse_args()
    if not 2 <= args.players <= 6:
        parser.error("--players: 2 to 6")
    for name in (args.bot, args.opponent):
        try:
            make_bot(name)
        except ValueError as exc:
            parser.error(str(exc))
    try:
        trace(args.players, args.seed, args.bot, args.opponent, sys.stdout)
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        sys.stdout = open(os.devnull, "w")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
