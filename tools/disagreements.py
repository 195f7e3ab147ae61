"""Where the Expert decides otherwise than Hard, and which of the two choices ended better.

    python tools/disagreements.py --players 4 --games 40 --seed 540000 --every 3 --out rows.jsonl --jobs 2
    python tools/disagreements.py --report rows.jsonl
    python tools/disagreements.py --params '{"rank_penalty": 3}' ...   (a variant of the Expert)

Plays seeded games with Hard in every seat. At a random third (``--every``) of the decisions with
more than one option it also asks the Expert (``--budget`` seconds). Where the Expert would
choose otherwise, its choice is applied to a copy of the game, which Hard bots (copies of the
game's own, so with the same random state) play to the end. Hard-only games are deterministic,
so the game itself is Hard's choice played out: the two endings differ only by that one
decision. The row records the deciding player's final margin (score minus the best rival's) after
each. The report gives, per decision kind, how often the Expert agrees, and where it does not,
the mean difference of margins (Expert's choice minus Hard's) and a sign test: how often the
Expert's choice ended better or worse, with z = (better - worse) / sqrt(better + worse). One
decision changes the rest of the game, so single differences are large and noisy; the sign test
over hundreds of them is the figure to read.

The Hard-only game does not depend on the Expert, so two runs on the same seeds (say, with and
without ``--params``) sample the same positions, row by row, and can be compared one by one.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import statistics
import sys
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.ai.expert import ExpertBot  # noqa: E402
from imperial_desktop.core import Action, GameSetup, GameState  # noqa: E402
from imperial_desktop.play import play_game as play_out  # noqa: E402
from imperial_desktop.play import seat_bots  # noqa: E402


def margins(state: GameState) -> list[int]:
    """Each player's final score minus the best rival's."""
    totals = [s["total"] for s in state.scores()]
    return [t - max(v for q, v in enumerate(totals) if q != p) for p, t in enumerate(totals)]


def finish(state: GameState, bots: list[Any]) -> GameState:
    """``state`` played on to its end by ``bots``."""
    return play_out(state, bots).state


def play_game(task: tuple[int, int, float, float, dict[str, float] | None]) -> list[dict[str, Any]]:
    """One Hard-only game; a row per sampled decision (``alt``: the margin after the Expert's
    choice, absent where it agreed; ``base``: the game's own margin). The Expert's search takes
    ``params`` (see ``PlayoutSearch``) if given."""
    players, seed, every, budget, params = task
    bots = seat_bots(["hard"] * players, seed)
    expert = ExpertBot(seed + 5, budget=budget, params=params)
    sampler = random.Random(seed)
    rows: list[dict[str, Any]] = []
    sample: dict[str, Any] = {}  # the sampled decision, copied before Hard chooses

    def decide(state: GameState, player: int) -> None:
        decision = state.decision()
        if decision is not None and len(state.legal_actions()) > 1 and sampler.random() < 1.0 / every:
            # Hard's choice moves its random state: copy the bots first so the Expert's line replays the rest
            sample.update(kind=decision.kind, bots=copy.deepcopy(bots), state=state.clone())

    def compare(state: GameState, action: Action, player: int) -> None:
        if not sample:
            return
        before = sample["state"]
        row: dict[str, Any] = {"seed": seed, "kind": sample["kind"], "player": player, "turn": before.turns_taken}
        choice = expert.choose(before)
        if choice != action:
            before.apply(choice)
            row["alt"] = margins(finish(before, sample["bots"]))[player]
            row["hard"], row["expert"] = repr(action), repr(choice)
        rows.append(row)
        sample.clear()

    state = play_out(GameSetup.create(players, seed), bots, decide=decide, before=compare).state
    final = margins(state)
    for row in rows:
        row["base"] = final[row["player"]]
    print(f"seed {seed}: {len(rows)} decisions sampled", file=sys.stderr, flush=True)
    return rows


def report(rows: list[dict[str, Any]]) -> list[str]:
    """Lines per decision kind: agreement, mean difference and the sign test."""
    sampled: Counter[str] = Counter()
    deltas: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        sampled[row["kind"]] += 1
        if "alt" in row:
            deltas[row["kind"]].append(row["alt"] - row["base"])
    lines = [f"{len({r['seed'] for r in rows})} games, {len(rows)} decisions sampled"]
    for kind in sorted(sampled):
        d = deltas[kind]
        agree = 1 - len(d) / sampled[kind]
        line = f"{kind:13s} sampled {sampled[kind]:5d}  agree {agree:4.0%}  differ {len(d):4d}"
        if len(d) >= 2:
            better, worse = sum(x > 0 for x in d), sum(x < 0 for x in d)
            z = (better - worse) / math.sqrt(better + worse) if better + worse else 0.0
            line += (f"  mean {statistics.fmean(d):+6.2f} ± {statistics.stdev(d) / math.sqrt(len(d)):5.2f}"
                     f"  better {better:4d} worse {worse:4d}  z {z:+.1f}")
        lines.append(line)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=540_000)
    parser.add_argument("--every", type=float, default=3.0, help="sample one decision in this many")
    parser.add_argument("--budget", type=float, default=0.1, help="the Expert's think time per decision")
    parser.add_argument("--params", default="", help='the Expert\'s search weights as JSON, e.g. \'{"rank_penalty": 3}\'')
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, help="append the rows here (JSON lines)")
    parser.add_argument("--report", type=Path, help="only report on rows written before")
    args = parser.parse_args()
    if args.report:
        try:
            rows = [json.loads(line) for line in args.report.read_text(encoding="utf-8").splitlines() if line.strip()]
        except (OSError, ValueError) as exc:
            print(f"cannot read {args.report}: {exc}", file=sys.stderr)
            return 1
        print("\n".join(report(rows)))
        return 0
    if not 2 <= args.players <= 6 or args.games < 1 or args.every < 1:
        parser.error("players 2-6, at least one game, --every at least 1")
    try:
        params = json.loads(args.params) if args.params else None
        if params is not None and not isinstance(params, dict):
            raise ValueError("give an object of weights, e.g. {\"rank_penalty\": 3}")
        ExpertBot(0, params=params)
    except (ValueError, TypeError) as exc:
        parser.error(f"--params: {exc}")
    tasks = [(args.players, args.seed + g, args.every, args.budget, params) for g in range(args.games)]
    rows = []
    try:
        out = args.out.open("a", encoding="utf-8") if args.out else None
    except OSError as exc:
        print(f"cannot write {args.out}: {exc}", file=sys.stderr)
        return 1
    with Pool(max(1, args.jobs)) as pool:
        for game_rows in pool.imap_unordered(play_game, tasks):
            rows += game_rows
            if out:
                out.writelines(json.dumps(r) + "\n" for r in game_rows)
                out.flush()
    if out:
        out.close()
    print("\n".join(report(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
