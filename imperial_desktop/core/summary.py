"""A compact JSON summary of a state: what `imperial-desktop replay --json` prints.

Documented in docs/game-record.md.
"""

from __future__ import annotations

from typing import Any

from imperial_desktop.core.state import GameState


def state_summary(state: GameState) -> dict[str, Any]:
    """Players, nations, whose turn and the scores, as plain JSON data."""
    b = state.board
    players = []
    for p in range(state.num_players):
        players.append({
            "seat": p,
            "name": state.setup.players[p],
            "cash": state.cash[p],
            "bonds": [{"nation": n, "value": v} for n, v in state.bonds_of(p)],
            "swiss_bank": p in state.swiss,
        })
    nations = {}
    for nation in b.nation_ids:
        units: dict[str, dict[str, Any]] = {}
        for region, count in sorted(state.armies[nation].items()):
            entry = units.setdefault(region, {"armies": 0, "fleets": 0})
            entry["armies"] = count
            if state.board.regions[region].kind == "home_province" and state.board.regions[region].nation != nation:
                entry["hostile"] = region in state.hostile[nation]
        for region, count in sorted(state.fleets[nation].items()):
            units.setdefault(region, {"armies": 0, "fleets": 0})["fleets"] = count
        rondel = state.rondel[nation]
        nations[nation] = {
            "government": state.government[nation],
            "treasury": state.treasury[nation],
            "power_points": state.power[nation],
            "tax_chart": state.chart[nation],
            "rondel": None if rondel is None else b.rondel[rondel].id,
            "flags": sorted(r for r, n in state.flags.items() if n == nation),
            "factories": sorted(f for f in state.factories if b.regions[f].nation == nation),
            "units": units,
        }
    decision = state.decision()
    return {
        "players": players,
        "nations": nations,
        "investor_card": state.card,
        "turn": None if decision is None else {
            "player": decision.player, "nation": decision.nation, "decision": decision.kind,
            "text": decision.describe(state),
        },
        "nation_turns": state.turns_taken,
        "game_over": state.is_terminal(),
        "scores": [{"seat": r["player"], "total": r["total"], "rank": r["rank"]} for r in state.ranking()],
        "digest": state.digest(),
    }
