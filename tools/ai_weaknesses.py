"""Count the known weaknesses of the bots (issue 13) over seeded games, per bot.

    python tools/ai_weaknesses.py --players 4 --bots hard,normal,normal,normal --games 20 --seed 7000

Per bot (the player who made the decision) it reports, totals and per game played:

- ``empty_actions``: a rondel choice of Maneuver or Import after which the nation moved or
  imported nothing;
- ``idle_treasuries``: a rondel choice other than Factory while the nation had a free site, the
  treasury for a factory and the Factory space within the free steps;
- ``idle_money``: the same, counted only when the treasury also held money that neither the
  factory nor a full payout to the bond holders needs (the 20-75M treasuries of the issue,
  not a treasury that the next payout hands out);
- ``idle_two_turns``: a nation with 10M or more, a free site and Factory within the free steps
  that does not choose Factory in that turn nor in its next one (issue "opponent", acceptance 2;
  counted once, for the bot that passed it first);
- ``idle_two_turns_spare``: of those, the ones whose treasury, when first passed, also held money
  that neither the factory nor a full payout of the bonds' interest needs;
- ``government_lost_after_payout``: the government chose Investor and lost the nation in the same
  turn to a rival who was paid by that payout;
- ``empty_spaces``: a rondel choice of a space whose action does nothing now (the core's
  ``empty_actions.empty_reason``: Maneuver without units, Import without room or money,
  Production without a working factory, Factory without a free city);
- ``wasted_choices``: such a choice while another that does something cost no more (the rule of
  ``ai/no_waste.py``, which every level follows; its written exception, passing Investor, aside);
- ``factory_no_site``: Factory chosen with every home city built or occupied;
- ``battles_no_flag``: a battle in a flag region (neutral land or sea) not carrying the fighting
  nation's own flag that left the region's flag unchanged at the end of the nation's turn (a
  1:1 trade that won and protected nothing).

It also reports the money left in the treasuries of each bot's governed nations at the end
(``treasury_at_end``, per game played) and each bot's wins (a shared first place counts as a
share), so a change that removes a weakness can be seen not to cost strength.

Seats rotate like ``imperial-desktop simulate`` (game i: seed + i, shift i % players).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from imperial_desktop.ai.no_waste import useful_choices  # noqa: E402
from imperial_desktop.core.empty_actions import Empty, empty_reason  # noqa: E402
from imperial_desktop.core import (  # noqa: E402
    Battle, ChooseRondel, GameSetup, GameState, ImportUnit, MoveArmy, MoveFleet,
)
from imperial_desktop.play import play_game as play_out  # noqa: E402
from imperial_desktop.simulate import wilson_interval  # noqa: E402

KINDS = ("empty_actions", "empty_spaces", "wasted_choices", "factory_no_site", "idle_treasuries", "idle_money",
         "government_lost_after_payout", "battles_no_flag", "idle_two_turns", "idle_two_turns_spare")
IDLE_TWO_TURNS_TREASURY = 10  # the idle treasury: 10M or more


@dataclass
class Counts:
    """Weakness counts for one bot."""

    seats: int = 0
    wins: float = 0.0  # a shared first place counts as a share of a win
    rondel_choices: int = 0
    battles: int = 0
    treasury_at_end: int = 0
    found: dict[str, int] = field(default_factory=lambda: {k: 0 for k in KINDS})


def idle_treasury(state: GameState, action: ChooseRondel) -> bool:
    """A non-Factory choice while a factory was affordable, a site free and Factory free to reach."""
    if state.board.rondel[action.space].action == "factory":
        return False
    return factory_within_reach(state, action.nation)


def factory_within_reach(state: GameState, nation: str) -> bool:
    """The treasury pays a factory, a home province has a free site and the rondel's Factory
    space is within the free steps (written out here, not imported from the bots, like
    ``spare_money``)."""
    board = state.board
    if state.treasury[nation] < board.factory_cost:
        return False
    occupied = state.occupied_regions()
    if all(c in state.factories or c in occupied for c in board.nation_by_id[nation].home_provinces):
        return False
    pos = state.rondel[nation]
    if pos is None:
        return True
    size = len(board.rondel)
    return any(space.action == "factory" and 1 <= (space.index - pos) % size <= board.max_steps
               and board.rondel_cost((space.index - pos) % size) == 0 for space in board.rondel)


def spare_money(state: GameState, nation: str) -> int:
    """Treasury left after a factory and a full payout of the bonds' interest (written out here,
    not imported, so that the tool also measures older versions of the bots)."""
    return state.treasury[nation] - state.board.factory_cost - sum(state.interest_due(nation).values())


class Observer:
    """Watches one game action by action and counts weaknesses for the deciding bot."""

    def __init__(self, counts: dict[str, Counts], seat_bots: list[str]):
        self.counts = counts
        self.seat_bots = seat_bots
        self.turn: dict | None = None  # facts about the running nation turn
        self.battles: list[tuple[str, str, str | None]] = []  # (bot, region, flag before)
        # nation -> (bot that left its money idle one turn, whether money beyond the payout was spare)
        self.idle_watch: dict[str, tuple[str, bool]] = {}

    def before(self, state: GameState, action, seat: int) -> None:
        bot = self.counts[self.seat_bots[seat]]
        board = state.board
        if isinstance(action, ChooseRondel):
            bot.rondel_choices += 1
            if idle_treasury(state, action):
                bot.found["idle_treasuries"] += 1
                if spare_money(state, action.nation) > 0:
                    bot.found["idle_money"] += 1
            kind = board.rondel[action.space].action
            watched = self.idle_watch.pop(action.nation, None)
            if kind != "factory":
                if watched is not None:
                    watcher, spare = watched
                    self.counts[watcher].found["idle_two_turns"] += 1
                    self.counts[watcher].found["idle_two_turns_spare"] += spare
                elif state.treasury[action.nation] >= IDLE_TWO_TURNS_TREASURY and factory_within_reach(state, action.nation):
                    self.idle_watch[action.nation] = (self.seat_bots[seat], spare_money(state, action.nation) > 0)
            empty = empty_reason(state, action.nation, action.space)
            if empty is not None:
                bot.found["empty_spaces"] += 1
                bot.found["factory_no_site"] += empty is Empty.NO_FACTORY_SITE
                bot.found["wasted_choices"] += action not in useful_choices(state, state.legal_actions())
            self.turn = {"bot": self.seat_bots[seat], "seat": seat, "nation": action.nation, "kind": kind,
                         "units": 0, "turn": state.turns_taken,
                         "paid": {p for p, v in state.interest_due(action.nation).items() if v > 0 and p != seat}}
        elif isinstance(action, (MoveArmy, MoveFleet, ImportUnit)) and self.turn is not None:
            self.turn["units"] += 1
        if isinstance(action, Battle):
            bot.battles += 1
            flag = state.flags.get(action.region)
            if board.regions[action.region].takes_flags and flag != action.nation:  # not guarding a flag
                self.battles.append((self.seat_bots[seat], action.region, flag))

    def after(self, state: GameState) -> None:
        turn = self.turn
        if turn is None or (state.turns_taken == turn["turn"] and not state.is_terminal()):
            return
        bot = self.counts[turn["bot"]]
        if turn["kind"] in ("maneuver", "import") and turn["units"] == 0:
            bot.found["empty_actions"] += 1
        if turn["kind"] == "investor":
            gov = state.government[turn["nation"]]
            if gov is not None and gov != turn["seat"] and gov in turn["paid"]:
                bot.found["government_lost_after_payout"] += 1
        for name, region, flag in self.battles:
            if state.flags.get(region) == flag:
                self.counts[name].found["battles_no_flag"] += 1
        self.battles = []
        self.turn = None


def play_game(task: tuple[int, int, int, list[str], str, bool]) -> dict[str, Counts]:
    """One seeded game (index ``index`` of the run); the counts of its bots."""
    players, index, seed, bots, setup, card = task
    game_seed = seed + index
    shift = index % players
    seat_bots = bots[shift:] + bots[:shift]
    counts = {name: Counts() for name in bots}
    game_setup = GameSetup.create(players, game_seed, names=[f"{b} {i + 1}" for i, b in enumerate(seat_bots)],
                                  bond_distribution=setup, investor_card=card)
    for name in seat_bots:
        counts[name].seats += 1
    observer = Observer(counts, seat_bots)
    state = play_out(game_setup, seat_bots, game_seed, before=observer.before,
                     after=lambda after, _action, _seat: observer.after(after)).state
    for nation in state.board.nation_ids:
        gov = state.government[nation]
        if gov is not None:
            counts[seat_bots[gov]].treasury_at_end += state.treasury[nation]
    totals = [s["total"] for s in state.scores()]
    winners = [seat for seat, total in enumerate(totals) if total == max(totals)]
    for seat in winners:
        counts[seat_bots[seat]].wins += 1 / len(winners)
    print(f"game {index + 1} (seed {game_seed}) done: {state.turns_taken} nation turns", file=sys.stderr, flush=True)
    return counts


def play(players: int, games: int, seed: int, bots: list[str], setup: str, card: bool,
         jobs: int = 1, log: Path | None = None) -> dict[str, Counts]:
    """Every game's counts, added up per bot (games in ``jobs`` processes); with ``log``, each
    game's counts are also appended to that file as one JSON line when the game ends, so that a
    run stopped early still leaves its finished games."""
    tasks = [(players, index, seed, bots, setup, card) for index in range(games)]
    counts = {name: Counts() for name in bots}

    def add(index: int, result: dict[str, Counts]) -> None:
        for name, c in result.items():
            total = counts[name]
            total.seats += c.seats
            total.wins += c.wins
            total.rondel_choices += c.rondel_choices
            total.battles += c.battles
            total.treasury_at_end += c.treasury_at_end
            for kind, v in c.found.items():
                total.found[kind] += v
        if log is not None:
            with log.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"game": index, "seed": seed + index,
                                      "bots": {name: asdict(c) for name, c in result.items()}}) + "\n")

    if jobs > 1:
        with Pool(jobs) as pool:
            for index, result in pool.imap_unordered(_indexed_game, tasks, chunksize=1):
                add(index, result)
    else:
        for task in tasks:
            add(*_indexed_game(task))
    return counts


def _indexed_game(task: tuple[int, int, int, list[str], str, bool]) -> tuple[int, dict[str, Counts]]:
    return task[1], play_game(task)


def report(counts: dict[str, Counts]) -> dict:
    out = {}
    for name, c in counts.items():
        seats = max(1, c.seats)
        low, high = wilson_interval(c.wins, seats)
        out[name] = {"seats": c.seats, "wins": round(c.wins, 2), "win_rate": round(c.wins / seats, 3),
                     "win_rate_95": [round(low, 3), round(high, 3)],
                     "rondel_choices": c.rondel_choices, "battles": c.battles,
                     "treasury_at_end_per_game": round(c.treasury_at_end / seats, 1),
                     **{k: {"total": v, "per_game": round(v / seats, 2),
                            "per_100_turns": round(100 * v / max(1, c.rondel_choices), 2)} for k, v in c.found.items()}}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="hard,normal,normal,normal")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--setup", default="standard", choices=["standard", "auction"])
    parser.add_argument("--no-investor-card", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="games played in this many processes")
    parser.add_argument("--log", type=Path, help="append each finished game's counts to this file (JSON lines)")
    args = parser.parse_args()
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        parser.error(f"{args.players} players need {args.players} bots (or one for all)")
    counts = play(args.players, args.games, args.seed, bots, args.setup, not args.no_investor_card,
                  max(1, args.jobs), args.log)
    print(json.dumps({"games": args.games, "players": args.players, "seed": args.seed, "bots": report(counts)}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
