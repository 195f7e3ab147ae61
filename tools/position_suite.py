"""A position suite for the computer players: positions from played games with their right moves.

    python tools/position_suite.py run [--levels normal,hard,expert] [--suite tests/positions/suite.json]
    python tools/position_suite.py build --games 24 --seed 960000 [--per-category 8]
    python tools/position_suite.py refresh

``run`` asks each level for its move in every position and prints, per category and overall,
how many positions it solves (its move is one of the right moves, or none of the moves to
avoid). The main signal on two cores, as test suites are for chess engines: a change keeps
every solved position and solves more; tournaments confirm at the end (docs/ai.md).

``build`` plays seeded games (Hard and Normal, 4 players, standard set-up with the investor
card), looks at every decision for the situations below and keeps up to ``--per-category`` of
each, spread over the games. The right moves are decided by exact checks at build time (the
core and ``ai/control.py``), not by a bot, and written into the file with the reason; a
position stays as it was written until the suite is built again. In the five government
categories (take, lock, keep, avoid financing a takeover, Swiss Bank forcing) the checks find
the situation and ``tools/position_verdicts.py`` then decides the right moves by playing every
choice to the end of the game (what the checks call right often loses); ``refresh`` leaves
those alone.

Categories (what is right, and why):

- ``no_empty_action``: a rondel choice where some spaces would do nothing while a space that
  does something costs no more: any choice but those (``core.empty_actions``).
- ``take_cheap_government``: an investment that takes over a nation whose treasury holds at
  least 5M more than the price of the bond: the purchase pays for itself, and the nation is his
  to steer (``control.purchase_locks``: ``takes_over``), while none of his own nations is at
  risk. Right: any such purchase, and any other purchase that takes that nation and keeps it
  through the next Investor stop (the point is taking the nation, not the size of the bond).
- ``build_with_idle_money``: 15M or more in the treasury, a free home city, Factory within the
  free steps (and no Taxation that ends the game with this player first). Right: Factory, or a
  free Taxation on the space just before Factory (the rondel's order: taxes now and Factory one
  free step on at the next turn; Factory first would put Taxation three turns away). Whether
  the money is then built follows over two turns in ``tools/ai_weaknesses.py``
  (``idle_two_turns``), not here.
- ``lock_government``: several purchases take over a nation, and only some keep it through the
  next Investor stop (``holds_next``; a rival could trade up past the others). Right: a
  takeover that keeps its nation through the next stop (of any nation, when several can be taken).
- ``keep_government``: the player governs a nation with 8M or more in its treasury that a rival
  can take at his next chance, a purchase now keeps it through that chance (``holds_next``),
  and no purchase takes another nation. Right: such a purchase.
- ``avoid_financing_takeover``: the government would land on Investor, and the interest it pays
  out would give a rival the cash to take one of its nations (``payout_hands_takeover``).
  Avoid: the landing on Investor (other choices exist).
- ``swiss_force_for_takeover``: a Swiss Bank may force a nation passing Investor to stop there,
  and the interest of that stop would pay for his takeover of one of the government's nations
  (``payout_hands_takeover``). Right: force the stop.
- ``end_game_as_winner``: a Taxation that ends the game (25 power points) with this player first.
  Right: that Taxation.
- ``no_end_game_as_loser``: a Taxation that would end the game with this player not first,
  while other choices exist. Avoid: that Taxation.
- ``no_battle_for_nothing``: a 1:1 battle in a flag region that neither takes the flag nor
  guards the nation's own (``analysis.battle_wins_nothing``), while other moves exist. Avoid it.

The file format (JSON): ``{"format": "imperial-desktop-positions", "version": 1, "games":
[game record, ...], "positions": [{"id", "category", "game", "at", "player", "right": [action],
"avoid": [action], "why"}]}``; ``game`` indexes ``games`` (records as ``GameRecord.to_json``
writes them), ``at`` is how many of its actions are applied to reach the position.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from imperial_desktop.ai import make_bot  # noqa: E402
from imperial_desktop.ai.expert import ExpertBot  # noqa: E402
from imperial_desktop.ai.analysis import battle_wins_nothing  # noqa: E402
from imperial_desktop.ai.control import payout_hands_takeover, purchase_locks, control  # noqa: E402
from imperial_desktop.ai.no_waste import choice_cost, useful_choices  # noqa: E402
from imperial_desktop.core import (  # noqa: E402
    Action, Battle, ChooseRondel, GameRecord, GameSetup, GameState, Invest, SwissForce, action_from_json,
)
from imperial_desktop.core.empty_actions import empty_reason  # noqa: E402
from imperial_desktop.play import play_game  # noqa: E402

FORMAT = "imperial-desktop-positions"
VERSION = 1
SUITE = ROOT / "tests" / "positions" / "suite.json"
CHEAP_MARGIN = 5  # a cheap takeover: the treasury holds at least this much more than the price
VALUABLE_TREASURY = 8  # a government worth keeping: a treasury of at least this
IDLE_TREASURY = 15  # money lying idle: a treasury of at least this (three factories' worth)
CATEGORIES = ("no_empty_action", "build_with_idle_money", "take_cheap_government", "lock_government",
              "keep_government", "avoid_financing_takeover", "swiss_force_for_takeover",
              "end_game_as_winner", "no_end_game_as_loser", "no_battle_for_nothing")


@dataclass
class Position:
    """One position of the suite: where it is, whose move, what is right (or what to avoid)."""

    id: str
    category: str
    game: int
    at: int
    player: int
    right: list[Action]
    avoid: list[Action]
    why: str
    played: dict[str, Any] | None = None  # the played-out verdict's data (tools/position_verdicts.py)

    def solved_by(self, action: Action) -> bool:
        if self.right:
            return action in self.right
        return action not in self.avoid


@dataclass
class Suite:
    games: list[GameRecord]
    positions: list[Position]

    def state_of(self, position: Position) -> GameState:
        """The game state of ``position`` (its game's actions replayed up to ``at``)."""
        record = self.games[position.game]
        state = GameState.new(record.setup)
        for action in record.actions[:position.at]:
            state.apply(action)
        return state


def load_suite(path: Path = SUITE) -> Suite:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"{path}: not a position suite of version {VERSION}")
    games = [GameRecord.from_json(g) for g in data["games"]]
    positions = [Position(p["id"], p["category"], p["game"], p["at"], p["player"],
                          [action_from_json(a) for a in p.get("right", [])],
                          [action_from_json(a) for a in p.get("avoid", [])], p["why"], p.get("played"))
                 for p in data["positions"]]
    return Suite(games, positions)


# ---------------------------------------------------------------- finding positions


def _taxation_result(state: GameState, action: ChooseRondel) -> tuple[bool, bool] | None:
    """For a rondel choice of Taxation: (the game ends, this government's player is then first alone)."""
    if state.board.rondel[action.space].action != "taxation":
        return None
    after = state.clone()
    after.apply(action)
    while not after.is_terminal() and after.decision() is not None and after.decision().kind == "swiss_force":
        after.apply(after.legal_actions()[-1])
    if not after.is_terminal():
        return (False, False)
    player = state.decision().player
    ranking = after.ranking()
    first = [r for r in ranking if r["rank"] == 1]
    return (True, len(first) == 1 and first[0]["player"] == player)


def classify(state: GameState) -> list[tuple[str, list[Action], list[Action], str]]:
    """The categories this decision belongs to: (category, right moves, moves to avoid, why)."""
    decision = state.decision()
    legal = state.legal_actions()
    found: list[tuple[str, list[Action], list[Action], str]] = []
    board = state.board
    if decision.kind == "rondel":
        useful = useful_choices(state, legal)
        if len(useful) < len(legal):
            empty = [a for a in legal if a not in useful]
            names = ", ".join(board.rondel[a.space].action for a in empty)
            found.append(("no_empty_action", list(useful), [],
                          f"{names} would do nothing for {board.name_of(decision.nation)}; another space that does "
                          f"something costs no more"))
        nation = decision.nation
        factory = [a for a in legal if board.rondel[a.space].action == "factory" and choice_cost(state, a) == 0
                   and empty_reason(state, nation, a.space) is None]
        if factory and state.treasury[nation] >= IDLE_TREASURY and not any(
                _taxation_result(state, a) == (True, True) for a in legal):
            size = len(board.rondel)
            before = [a for a in legal if board.rondel[a.space].action == "taxation" and choice_cost(state, a) == 0
                      and board.rondel[(a.space + 1) % size].action == "factory"]
            found.append(("build_with_idle_money", factory + before, [], f"{state.treasury[nation]}M lie in the "
                          "treasury, a home city is free and Factory is within the free steps (or Taxation just "
                          "before it, then Factory)"))
        investor = [a for a in legal if board.rondel[a.space].action == "investor"]
        if investor and len(legal) > 1 and payout_hands_takeover(state, decision.nation):
            threat = payout_hands_takeover(state, decision.nation)[0]
            found.append(("avoid_financing_takeover", [], investor,
                          f"landing on Investor pays player {threat.player} the interest that buys a "
                          f"{threat.buy}M bond of {board.name_of(threat.nation)} and takes it"))
        for action in legal:
            result = _taxation_result(state, action)
            if result is None or not result[0]:
                continue
            if result[1]:
                found.append(("end_game_as_winner", [action], [], "this Taxation ends the game with the government's "
                              "player first"))
            elif len(legal) > 1:
                found.append(("no_end_game_as_loser", [], [action], "this Taxation ends the game with another player "
                              "first, and other choices exist"))
    elif decision.kind == "invest":
        player = decision.player
        keeps: list[Action] = []
        cheap: list[Action] = []
        cheap_nations: set[str] = set()
        other_takeover = False
        locking: dict[str, list[Action]] = {}
        loose: dict[str, list[Action]] = {}
        mine = [n for n, g in state.government.items() if g == player]
        at_risk = {n for n in mine if control(state)[n].threats}
        for action in legal:
            if not isinstance(action, Invest):
                continue
            try:
                lock = purchase_locks(state, player, action)
            except ValueError:
                continue
            if lock.takes_over and lock.cost + CHEAP_MARGIN <= lock.treasury_before:
                cheap_nations.add(action.nation)
                cheap.append(action)
            if action.nation in at_risk and lock.holds_next and state.treasury[action.nation] >= VALUABLE_TREASURY:
                keeps.append(action)
            elif lock.takes_over:
                other_takeover = True
            if lock.takes_over:
                (locking if lock.holds_next else loose).setdefault(action.nation, []).append(action)
        # only where the right move is plain: one thing worth doing, not a choice between two
        takes = cheap + [a for n in sorted(cheap_nations) for a in locking.get(n, []) if a not in cheap]
        if takes and not at_risk:
            found.append(("take_cheap_government", takes, [], "a purchase takes over a nation whose treasury holds "
                          f"at least {CHEAP_MARGIN}M more than its price, and none of this player's nations is at "
                          "risk; right: the purchases that take it and keep it through the next Investor stop"))
        if any(loose.get(n) for n in locking):
            names = ", ".join(board.name_of(n) for n in locking if loose.get(n))
            found.append(("lock_government", [a for actions in locking.values() for a in actions], [],
                          f"several purchases take over {names}; only some keep it through the next Investor stop; "
                          "right: a takeover that does (of any nation)"))
        if keeps and not other_takeover:
            found.append(("keep_government", keeps, [], f"a rival can take this player's nation (a treasury of "
                          f"{VALUABLE_TREASURY}M or more) at his next chance; this purchase keeps it through the next "
                          f"Investor stop, and no purchase takes another nation"))
    elif decision.kind == "swiss_force":
        forcer = decision.player
        force = [a for a in legal if isinstance(a, SwissForce) and a.force]
        takers = [t for t in payout_hands_takeover(state, decision.nation) if t.player == forcer]
        if force and takers:
            taker = takers[0]
            found.append(("swiss_force_for_takeover", force, [], f"forcing {board.name_of(decision.nation)} onto "
                          f"Investor pays this Swiss Bank the interest that buys a {taker.buy}M bond of "
                          f"{board.name_of(taker.nation)} and takes it"))
    elif decision.kind == "maneuver":
        nothing = [a for a in legal if isinstance(a, Battle) and battle_wins_nothing(state, a.nation, a.region, a.unit)]
        if nothing and len(legal) > len(nothing):
            found.append(("no_battle_for_nothing", [], nothing, "a 1:1 battle that neither takes a flag nor guards "
                          "the nation's own"))
    return found


def build(games: int, seed: int, per_category: int) -> dict[str, Any]:
    """Play seeded games and keep up to ``per_category`` positions of each category, spread over the games."""
    records: list[GameRecord] = []
    candidates: dict[str, list[dict[str, Any]]] = {c: [] for c in CATEGORIES}
    for g in range(games):
        setup = GameSetup.create(4, seed + g)
        record = GameRecord(setup)

        def look(state: GameState, player: int, record: GameRecord = record) -> None:  # this game's record
            for category, right, avoid, why in classify(state):
                candidates[category].append({"game": len(records), "at": len(record.actions), "player": player,
                                             "right": [a.to_json() for a in right],
                                             "avoid": [a.to_json() for a in avoid], "why": why})

        play_game(setup, ["hard", "normal", "hard", "normal"], seed + g, record=record, decide=look)
        records.append(record)
        print(f"game {g + 1}: {len(record.actions)} actions", file=sys.stderr, flush=True)
    chosen: list[dict[str, Any]] = []
    used_games: set[int] = set()
    for category, found in candidates.items():
        picked: list[dict[str, Any]] = []
        seen_games: set[int] = set()
        for item in found:  # one per game first, then more
            if item["game"] not in seen_games and len(picked) < per_category:
                picked.append(item)
                seen_games.add(item["game"])
        for item in found:
            if len(picked) >= per_category:
                break
            if item not in picked and all(abs(item["at"] - p["at"]) > 40 or item["game"] != p["game"] for p in picked):
                picked.append(item)
        for n, item in enumerate(picked, 1):
            chosen.append({"id": f"{category}-{n}", "category": category, **item})
            used_games.add(item["game"])
        print(f"{category}: {len(found)} found, {len(picked)} kept", file=sys.stderr)
    # keep only the games positions use, each up to its last position
    order = sorted(used_games)
    renumber = {old: new for new, old in enumerate(order)}
    kept_games = []
    for old in order:
        last = max(p["at"] for p in chosen if p["game"] == old)
        record = GameRecord(records[old].setup, records[old].actions[:last])
        kept_games.append(record.to_json())
    for p in chosen:
        p["game"] = renumber[p["game"]]
    return {"format": FORMAT, "version": VERSION, "built_with": {"games": games, "seed": seed,
            "per_category": per_category, "bots": "hard,normal,hard,normal"},
            "games": kept_games, "positions": chosen}


def refresh(path: Path) -> dict[str, Any]:
    """The suite file at ``path`` with each position's right moves, moves to avoid and reason
    decided again by today's ``classify`` (the games and positions stay; a position that no longer
    belongs to its category is reported and kept as it was; a position whose right moves were
    decided by play keeps them)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    suite = load_suite(path)
    for raw, position in zip(data["positions"], suite.positions):
        if position.played is not None:
            continue  # its right moves were decided by play (tools/position_verdicts.py), not by a check
        found = [f for f in classify(suite.state_of(position)) if f[0] == position.category]
        if not found:
            print(f"{position.id}: no longer a {position.category} position; kept as it was", file=sys.stderr)
            continue
        _, right, avoid, why = found[0]
        raw["right"] = [a.to_json() for a in right]
        raw["avoid"] = [a.to_json() for a in avoid]
        raw["why"] = why
    return data


# ---------------------------------------------------------------- running


def run(suite: Suite, level: str, seed: int = 1, params: dict[str, float] | None = None,
        categories: frozenset[str] | None = None, budget: float | None = None) -> dict[str, Any]:
    """The positions ``level`` solves, per category; its slowest decision. ``params``: search
    parameters of an Expert variant (see ``PlayoutSearch``); ``categories``: only these; ``budget``:
    the Expert's think time per decision in seconds (None: its default)."""
    per: dict[str, list[int]] = {}
    failed: list[str] = []
    slowest = 0.0
    for position in suite.positions:
        if categories and position.category not in categories:
            continue
        state = suite.state_of(position)
        if level == "expert" and (params or budget):
            bot = ExpertBot(seed, params=params) if budget is None else ExpertBot(seed, budget=budget, params=params)
        else:
            bot = make_bot(level, seed)
        started = time.perf_counter()
        action = bot.choose(state)
        slowest = max(slowest, time.perf_counter() - started)
        solved = position.solved_by(action)
        counts = per.setdefault(position.category, [0, 0])
        counts[0] += solved
        counts[1] += 1
        if not solved:
            failed.append(position.id)
    total = [sum(c[0] for c in per.values()), sum(c[1] for c in per.values())]
    return {"level": level, "solved": total[0], "positions": total[1], "per_category": per, "failed": failed,
            "slowest_s": round(slowest, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    runner = sub.add_parser("run", help="how many positions each level solves")
    runner.add_argument("--levels", default="normal,hard,expert")
    runner.add_argument("--suite", default=str(SUITE))
    runner.add_argument("--json", action="store_true")
    runner.add_argument("--params", type=json.loads, default=None,
                        help='search parameters of the Expert, as JSON: \'{"government_take": 4}\'')
    runner.add_argument("--seed", type=int, default=1, help="the bots' seed (the Expert stops on time)")
    runner.add_argument("--categories", default="", help="only these categories (comma-separated)")
    runner.add_argument("--budget", type=float, default=None, help="the Expert's think time per decision (s)")
    builder = sub.add_parser("build", help="make the suite from seeded games")
    builder.add_argument("--games", type=int, default=24)
    builder.add_argument("--seed", type=int, default=960000)
    builder.add_argument("--per-category", type=int, default=8)
    builder.add_argument("--out", default=str(SUITE))
    refresher = sub.add_parser("refresh", help="decide the right moves of the kept positions again")
    refresher.add_argument("--suite", default=str(SUITE))
    args = parser.parse_args(argv)
    if args.command == "refresh":
        data = refresh(Path(args.suite))
        Path(args.suite).write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{len(data['positions'])} positions refreshed in {args.suite}")
        return 0
    if args.command == "build":
        data = build(args.games, args.seed, args.per_category)
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{len(data['positions'])} positions from {len(data['games'])} games written to {args.out}")
        return 0
    suite = load_suite(Path(args.suite))
    only = frozenset(c.strip() for c in args.categories.split(",") if c.strip())
    unknown = only - set(CATEGORIES)
    if unknown:
        parser.error(f"--categories: unknown {', '.join(sorted(unknown))}")
    results = [run(suite, level.strip(), args.seed, args.params, only, args.budget) for level in args.levels.split(",")
               if level.strip()]
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    categories = sorted({p.category for p in suite.positions if not only or p.category in only}, key=CATEGORIES.index)
    asked = sum(1 for p in suite.positions if p.category in categories)
    print(f"{asked} positions in {len(categories)} categories ({args.suite})")
    print(f"{'category':<26}" + "".join(f"{r['level']:>10}" for r in results))
    for category in categories:
        print(f"{category:<26}" + "".join(f"{r['per_category'].get(category, [0, 0])[0]:>5}/{r['per_category'].get(category, [0, 0])[1]:<4}"
                                          for r in results))
    print(f"{'all':<26}" + "".join(f"{r['solved']:>5}/{r['positions']:<4}" for r in results))
    print(f"{'slowest decision (s)':<26}" + "".join(f"{r['slowest_s']:>10}" for r in results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
