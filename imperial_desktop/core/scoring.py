"""Final scores and ranking (rule book "Object of the game", clarification 27).

Score = sum over a player's bonds of interest x power factor of the nation, plus cash.
Equal totals: the higher credit sum in the nation with the most power points, then the next,
and so on (nations tied on points in turn order); if everything is equal the rank is shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from imperial_desktop.core.state import GameState


def scores(state: "GameState") -> list[dict[str, Any]]:
    """Per player: bonds with interest x power factor, cash and the total."""
    out = []
    for p in range(state.num_players):
        bonds = []
        for nation, value in state.bonds_of(p):
            interest = state.board.bond_interest[value]
            factor = state.board.power_factor(state.power[nation])
            bonds.append({"nation": nation, "value": value, "interest": interest, "factor": factor, "points": interest * factor})
        total = sum(b["points"] for b in bonds) + state.cash[p]
        out.append({"player": p, "name": state.setup.players[p], "bonds": bonds, "cash": state.cash[p], "total": total})
    return out

def tie_break_key(state: "GameState", player: int) -> tuple[int, ...]:
    """Credit sums in the nations ordered by power points (ties in nation order)."""
    ids = state.board.nation_ids
    order = sorted(ids, key=lambda x: (-state.power[x], ids.index(x)))
    return tuple(state.credit(player, nation) for nation in order)

def ranking(state: "GameState") -> list[dict[str, Any]]:
    """Players best first, with ``rank`` (shared when everything is equal) and whether the
    tie-break decided between them and a neighbour."""
    scores = state.scores()
    keyed = sorted(scores, key=lambda s: (s["total"], state.tie_break_key(s["player"])), reverse=True)
    out = []
    for i, s in enumerate(keyed):
        key = (s["total"], state.tie_break_key(s["player"]))
        if i and key == (keyed[i - 1]["total"], state.tie_break_key(keyed[i - 1]["player"])):
            rank = out[-1]["rank"]
        else:
            rank = i + 1
        tied_total = any(o is not s and o["total"] == s["total"] for o in scores)
        out.append({**s, "rank": rank, "tie_break_used": tied_total})
    return out
