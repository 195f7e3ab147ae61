"""Where a longer search chooses differently: the heuristic rank of the Expert's pick at two budgets.

    python tools/search_choices.py --games 4 --seed 500 --kind maneuver --short 0.05 --long 0.15

Plays seeded 4-player games with Hard in every seat; at every ``--every``-th decision of
``--kind`` with more than four options, asks the Expert for its pick at the short and the long
budget (the state is not changed) and counts where each pick stands in the heuristics' order
(rank 0 is the heuristic favourite), how often the two picks differ and how often a pick ends
the phase. Used to see which options the longer search prefers (docs/ai-history.md, session 5).
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.ai.expert import ExpertBot  # noqa: E402
from imperial_desktop.ai.heuristics import HeuristicPolicy, pending_choice  # noqa: E402
from imperial_desktop.core import EndPhase, GameSetup, GameState  # noqa: E402
from imperial_desktop.play import play_game  # noqa: E402

TOP_RANK = 9  # ranks from here on are counted together


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--kind", default="maneuver", help="decision kind (rondel, invest, maneuver, ...)")
    parser.add_argument("--short", type=float, default=0.05, help="short budget in seconds")
    parser.add_argument("--long", type=float, default=0.15, help="long budget in seconds")
    parser.add_argument("--every", type=int, default=3, help="look at every n-th such decision")
    args = parser.parse_args()
    policy = HeuristicPolicy(random.Random(1), donate=False)
    ranks = {"short": collections.Counter(), "long": collections.Counter()}
    ends = collections.Counter()
    looked = differ = 0

    def look(state: GameState, player: int) -> None:
        nonlocal seen, looked, differ
        decision, legal, only = pending_choice(state)
        if only is None and decision.kind == args.kind:
            seen += 1
            if len(legal) > 4 and seen % args.every == 0:
                scored = getattr(policy, "score_" + args.kind)(state, legal)
                order = [a for _, a in sorted(scored, key=lambda sa: -sa[0])]
                picks = {name: ExpertBot(1).ranked(state, budget=budget)[0].action
                         for name, budget in (("short", args.short), ("long", args.long))}
                looked += 1
                differ += picks["short"] != picks["long"]
                for name, pick in picks.items():
                    ranks[name][min(order.index(pick), TOP_RANK)] += 1
                    ends[name] += isinstance(pick, EndPhase)

    for g in range(args.games):
        seen = 0  # counted per game
        play_game(GameSetup.create(4, args.seed + g), ["hard"] * 4, args.seed + g, decide=look)
    print(f"{looked} {args.kind} decisions, {args.games} games from seed {args.seed}; picks differ in {differ}")
    for name, budget in (("short", args.short), ("long", args.long)):
        shown = ", ".join(f"{'%d+' % r if r == TOP_RANK else r}: {ranks[name][r]}" for r in sorted(ranks[name]))
        print(f"{name} ({budget} s): heuristic rank of the pick {{{shown}}}; ends the phase {ends[name]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
