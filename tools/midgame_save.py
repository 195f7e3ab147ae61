"""Make saves/midgame.json: the game in progress behind the README's main screenshot.

A seeded four-player game of computer players (Anna, Ben, Clara, David; by default Hard and
Normal in turn, seeded as ``imperial-desktop simulate --players 4 --seed 63 --bots
hard,normal,hard,normal`` seeds them), stopped at the first rondel decision at which the game
looks half-way through:

* every nation has 5 to 18 power points, and they spread over the x1, x2 and x3 factor bands;
* at least five nations have units on the board, and some armies stand hostile somewhere;
* every player holds at least four bonds and governs at least one nation.

Seed 63 stops at turn 65 of a game that lasts 121 nation turns: David (France) chooses a rondel
space, Austria-Hungary leads with 18 power points, an Austro-Hungarian army stands hostile in Berlin
and a German one in Paris, 24 flags are planted.

Usage (from the repository root)::

    python tools/midgame_save.py            # write saves/midgame.json
    python tools/midgame_save.py --list     # the moments that qualify, write nothing
    python tools/midgame_save.py --check    # is saves/midgame.json this game? (exit 1 if not)

The bots are deterministic (Hard's single playout per candidate does not depend on its time
budget), so the same arguments make the same file. The file is a game record
(docs/game-record.md); loading it replays every action and validates the final position, as
for a player's save.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from imperial_desktop.core import GameRecord, GameSetup, GameState  # noqa: E402
from imperial_desktop.play import play_game  # noqa: E402

NAMES = ["Anna", "Ben", "Clara", "David"]
SEED = 63
BOTS = "hard,normal,hard,normal"
DESCRIPTION = "Mid-game: power points spread over the factor bands, flags planted, hostile armies standing"
MAX_ACTIONS = 5000


def looks_half_way(state: GameState) -> bool:
    """The moment wanted: a rondel decision in a game about half-way through (module docstring)."""
    if state.pending is None or state.pending["kind"] != "rondel":
        return False
    nations = state.board.nation_ids
    power = [state.power[n] for n in nations]
    bands = {p // 5 for p in power}
    with_units = sum(1 for n in nations if state.armies[n] or state.fleets[n])
    hostile = sum(len(regions) for regions in state.hostile.values())
    players = range(state.num_players)
    return (min(power) >= 5 and max(power) <= 18 and {1, 2, 3} <= bands and with_units >= 5 and hostile >= 1
            and all(len(state.bonds_of(p)) >= 4 for p in players)
            and all(any(state.government[n] == p for n in nations) for p in players))


def describe(state: GameState) -> str:
    nations = state.board.nation_ids
    power = ", ".join(f"{n} {state.power[n]}" for n in sorted(nations, key=lambda n: -state.power[n]))
    bonds = [len(state.bonds_of(p)) for p in range(state.num_players)]
    deciding = state.setup.players[state.current_player()]
    return (f"turn {state.turns_taken}: {deciding} ({state.acting_nation()}) to choose a rondel space; power {power}; "
            f"{len(state.flags)} flags; bonds per player {bonds}; cash {state.cash}")


def play(seed: int, bots: list[str], stop: Callable[[GameState], bool] = looks_half_way,
         every: bool = False) -> Iterator[tuple[GameRecord, GameState]]:
    """Play the game; yields (record, state) at each qualifying moment (only the first unless ``every``)."""
    setup = GameSetup.create(len(NAMES), seed, names=NAMES)
    record = GameRecord(setup)
    moments: list[tuple[GameRecord, GameState]] = []

    def moment(state: GameState) -> bool:
        """Keeps a qualifying moment; true where the game stops (the first moment, or MAX_ACTIONS)."""
        if len(record.actions) >= MAX_ACTIONS:
            return True
        if stop(state):
            moments.append((GameRecord(setup, list(record.actions)), state.clone()))
            return not every
        return False

    play_game(setup, bots, seed, record=record, stop=moment)  # bots seeded as simulate.py seeds them
    yield from moments


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--bots", default=BOTS, help="one bot name per seat, comma-separated")
    parser.add_argument("--out", default=str(ROOT / "saves" / "midgame.json"))
    parser.add_argument("--list", action="store_true", help="print every qualifying moment of the game; write nothing")
    parser.add_argument("--check", action="store_true", help="compare with the file at --out; write nothing")
    args = parser.parse_args()
    bots = args.bots.split(",")
    if len(bots) != len(NAMES):
        parser.error(f"--bots needs {len(NAMES)} names")
    if args.list:
        for record, state in play(args.seed, bots, every=True):
            print(f"{len(record.actions)} actions, {describe(state)}")
        return 0
    found = next(play(args.seed, bots), None)
    if found is None:
        print(f"seed {args.seed}: no moment of the game qualifies; try another --seed", file=sys.stderr)
        return 1
    record, state = found
    made_by = f"tools/midgame_save.py --seed {args.seed} --bots {args.bots}"
    record.meta = {"description": DESCRIPTION, "made_by": made_by}
    out = Path(args.out)
    if args.check:
        same = out.exists() and json.loads(out.read_text(encoding="utf-8")) == record.to_json(state)
        print(f"{out}: {'the same game' if same else 'differs'} ({describe(state)})")
        return 0 if same else 1
    GameRecord(record.setup, record.actions).replay(check_digest=False)  # the loader's checks
    record.save(out, state)
    print(f"{out}: {len(record.actions)} actions, {describe(state)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
