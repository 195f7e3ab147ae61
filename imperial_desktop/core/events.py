"""Events: the facts an applied action produced, for animation, logs and tests.

The UI never diffs states to guess what happened; it reads these.
"""

from __future__ import annotations

from typing import Any

from imperial_desktop.core.board import Board


class Event:
    """One fact: ``type`` names it, ``data`` holds plain JSON values. Treat as read-only.

    (A plain slotted class: events are created for every action, and this is several times
    cheaper to build than a frozen dataclass.)
    """

    __slots__ = ("type", "data")

    def __init__(self, type: str, data: dict[str, Any] | None = None):
        self.type = type
        self.data = {} if data is None else data

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.type == other.type and self.data == other.data

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.data!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


def _name(board: Board, key: Any) -> str:
    if isinstance(key, str):
        if key in board.regions:
            return board.regions[key].name
        if key in board.nation_by_id:
            return board.nation_by_id[key].name
    return str(key)


def event_text(event: Event, board: Board, player_names: list[str] | None = None) -> str:
    """A one-line English description of an event for the game log."""
    d = event.data

    def who(p: Any) -> str:
        if player_names is not None and isinstance(p, int) and 0 <= p < len(player_names):
            return player_names[p]
        return f"Player {p + 1}" if isinstance(p, int) else "nobody"

    n = _name(board, d.get("nation"))
    t = event.type
    if t == "rondel_moved":
        cost = f" (paid {d['cost']}M)" if d.get("cost") else ""
        return f"{n} moves to {board.rondel[d['to']].name}{cost}"
    if t == "investor_forced":
        return f"{who(d['player'])} forces {n} to stop on Investor"
    if t == "factory_built":
        return f"{n} builds a factory in {_name(board, d['region'])}"
    if t == "unit_placed":
        how = "imports" if d.get("imported") else "produces"
        return f"{n} {how} a{'n' if d['unit'] == 'army' else ''} {d['unit']} in {_name(board, d['region'])}"
    if t == "unit_moved":
        via = f" via {', '.join(_name(board, s) for s in d['convoy'])}" if d.get("convoy") else ""
        return f"{n} {d['unit']} {_name(board, d['origin'])} -> {_name(board, d['destination'])}{via}"
    if t == "battle":
        return (f"Battle in {_name(board, d['region'])}: {n} {d['unit']} and "
                f"{_name(board, d['target_nation'])} {d['target_unit']} are removed")
    if t == "army_status":
        return f"{n} armies in {_name(board, d['region'])} are {'hostile' if d['hostile'] else 'friendly'}"
    if t == "factory_destroyed":
        return f"{n} destroys the factory in {_name(board, d['region'])}"
    if t == "flag_placed":
        return f"{n} plants a flag in {_name(board, d['region'])}"
    if t == "flag_removed":
        return f"{n} loses its flag in {_name(board, d['region'])}"
    if t == "interest_paid":
        return f"{n} pays {who(d['player'])} {d['amount']}M interest" + (" (from the government's pocket)" if d.get("by_government") else "")
    if t == "interest_shortfall":
        return f"{n} cannot pay {who(d['player'])} {d['amount']}M of interest"
    if t == "investor_bonus":
        return f"{who(d['player'])} receives {d['amount']}M as Investor"
    if t == "bond_bought":
        return f"{who(d['player'])} buys the {n} {d['value']}M bond"
    if t == "bond_upgraded":
        return f"{who(d['player'])} trades the {n} {d['trade_in']}M bond up to {d['value']}M"
    if t == "government_changed":
        return f"{who(d['player'])} now governs {n}"
    if t == "swiss_bank":
        return f"{who(d['player'])} {'takes' if d['holds'] else 'returns'} a Swiss Bank"
    if t == "investor_card":
        return f"The investor card goes to {who(d['player'])}"
    if t == "taxes":
        return (f"{n} collects {d['taxes']}M taxes: +{d['bonus']}M bonus, +{d['points']} power points, "
                f"{d['income']}M to the treasury")
    if t == "donation":
        return f"{who(d['player'])} gives {d['amount']}M to the {n} treasury"
    if t == "phase":
        return f"{n}: {d['phase']}"
    if t == "turn_started":
        return f"{n}'s turn"
    if t == "game_over":
        return "The game is over"
    return f"{t} {d}"
