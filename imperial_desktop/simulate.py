"""Headless games between computer players: `imperial-desktop simulate`.

Seats are rotated from game to game so that every bot plays every seat.
"""

from __future__ import annotations

import json
import math
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from imperial_desktop.core import GameRecord, GameSetup, RulesOptions
from imperial_desktop.play import play_game


@dataclass
class GameResult:
    """What one simulated game produced."""

    index: int
    seed: int
    bots: list[str]
    scores: list[int]
    ranks: list[int]
    winners: list[int]
    nation_turns: int
    actions: int
    seconds: float
    think_times: dict[str, list[float]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.index, "seed": self.seed, "bots": self.bots, "scores": self.scores,
            "ranks": self.ranks, "winners": self.winners, "winner_bots": [self.bots[w] for w in self.winners],
            "nation_turns": self.nation_turns, "actions": self.actions, "seconds": round(self.seconds, 4),
        }


def run(players: int, games: int, seed: int, bots: list[str], *, bond_distribution: str = "standard",
        investor_card: bool = True, options: RulesOptions | None = None,
        record_dir: Path | None = None) -> list[GameResult]:
    """Play ``games`` games; bot seats rotate by one each game."""
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots (or one for all), got {len(bots)}")
    results = []
    for index in range(games):
        game_seed = seed + index
        shift = index % players
        seat_bots = bots[shift:] + bots[:shift]
        setup = GameSetup.create(players, game_seed, names=[f"{b} {i + 1}" for i, b in enumerate(seat_bots)],
                                 bond_distribution=bond_distribution, investor_card=investor_card, options=options)
        record = GameRecord(setup, meta={"bots": seat_bots, "seed": game_seed}) if record_dir else None
        started = time.perf_counter()
        played = play_game(setup, seat_bots, game_seed, record=record)
        elapsed = time.perf_counter() - started
        state = played.state
        ranking = state.ranking()
        scores = [s["total"] for s in state.scores()]
        ranks = [0] * players
        for r in ranking:
            ranks[r["player"]] = r["rank"]
        if record is not None and record_dir is not None:
            record_dir.mkdir(parents=True, exist_ok=True)
            record.save(record_dir / f"game-{game_seed}.json", state)
        results.append(GameResult(index, game_seed, seat_bots, scores, ranks,
                                  [p for p in range(players) if ranks[p] == 1], state.turns_taken, played.actions,
                                  elapsed, played.think_by_name(seat_bots)))
    return results


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 0.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(results: list[GameResult]) -> dict[str, Any]:
    """Win rates (shared wins split), average scores, nation turns and think times per bot."""
    per_bot: dict[str, dict[str, Any]] = {}
    think: dict[str, list[float]] = {}
    for r in results:
        for seat, name in enumerate(r.bots):
            entry = per_bot.setdefault(name, {"seats": 0, "wins": 0.0, "score_sum": 0})
            entry["seats"] += 1
            entry["score_sum"] += r.scores[seat]
            if seat in r.winners:
                entry["wins"] += 1 / len(r.winners)
        for name, times in r.think_times.items():
            think.setdefault(name, []).extend(times)
    bots = {}
    for name, e in per_bot.items():
        low, high = wilson_interval(e["wins"], e["seats"])
        times = sorted(think.get(name, [])) or [0.0]
        bots[name] = {
            "seats": e["seats"], "wins": round(e["wins"], 2), "win_rate": round(e["wins"] / e["seats"], 4),
            "win_rate_95ci": [round(low, 4), round(high, 4)], "average_score": round(e["score_sum"] / e["seats"], 2),
            "think_ms": {"median": round(statistics.median(times) * 1000, 3),
                         "p95": round(times[int(0.95 * (len(times) - 1))] * 1000, 3),
                         "max": round(times[-1] * 1000, 3)},
        }
    turns = [r.nation_turns for r in results]
    seconds = sum(r.seconds for r in results)
    return {
        "games": len(results),
        "bots": bots,
        "nation_turns": {"mean": round(statistics.mean(turns), 1), "median": statistics.median(turns),
                         "min": min(turns), "max": max(turns)} if turns else {},
        "seconds": round(seconds, 3),
        "games_per_second": round(len(results) / seconds, 2) if seconds else None,
    }


def format_text(results: list[GameResult], summary: dict[str, Any]) -> str:
    lines = []
    for r in results:
        winners = ", ".join(f"seat {w + 1} ({r.bots[w]})" for w in r.winners)
        lines.append(f"game {r.index + 1} (seed {r.seed}): winner {winners}; scores {r.scores}; "
                     f"{r.nation_turns} nation turns; {r.actions} actions; {r.seconds:.3f} s")
    lines.append(f"{summary['games']} games in {summary['seconds']} s ({summary['games_per_second']} games/s); "
                 f"nation turns per game: {summary['nation_turns']}")
    for name, b in sorted(summary["bots"].items()):
        lines.append(f"  {name}: win rate {b['win_rate']:.1%} (95% CI {b['win_rate_95ci'][0]:.1%}-{b['win_rate_95ci'][1]:.1%}) "
                     f"over {b['seats']} seats; average score {b['average_score']}; think ms {b['think_ms']}")
    return "\n".join(lines)


def main_simulate(args: Any) -> int:
    """``imperial-desktop simulate``: bad arguments exit 2 with one line on stderr (see cli.py)."""
    from imperial_desktop.arguments import PROG, check_simulate_args, fail

    bots = check_simulate_args(args)
    options = RulesOptions(investor_shortfall=args.investor_shortfall, forced_stop_cost=args.forced_stop_cost)
    try:
        results = run(args.players, args.games, args.seed, bots, bond_distribution=args.setup,
                      investor_card=not args.no_investor_card, options=options,
                      record_dir=Path(args.record_dir) if args.record_dir else None)
    except OSError as exc:  # the record folder became unwritable or full while playing
        fail(f"{PROG} simulate", f"cannot write a game record: {exc.strerror or exc} ({exc.filename or args.record_dir})")
    summary = summarize(results)
    if args.json:
        print(json.dumps({"games": [r.to_json() for r in results], "summary": summary}, indent=1))
    else:
        print(format_text(results, summary))
    return 0
