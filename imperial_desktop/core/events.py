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


# ---------------------------------------------------------------- small English helpers
# Shared by the texts of actions, events and the turn summary, so that articles and plurals
# are decided in one place.

_PLURALS = {"army": "armies", "fleet": "fleets", "unit": "units", "battle": "battles", "flag": "flags",
            "factory": "factories", "power point": "power points", "bond": "bonds"}


def plural(count: int, noun: str) -> str:
    """'1 army', '2 armies', '0 units'."""
    return f"{count} {noun if count == 1 else _PLURALS.get(noun, noun + 's')}"


def with_article(noun: str) -> str:
    """'an army', 'a fleet', 'an armaments factory', 'a shipyard'."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def units_phrase(count: int, unit: str) -> str:
    """'an army' for one, '3 fleets' for more."""
    return with_article(unit) if count == 1 else plural(count, unit)


def join_words(items: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def possessive(name: str) -> str:
    """"Italy's", "Anna's"."""
    return f"{name}'s"


def place(board: Board, region: Any) -> str:
    """A region as it stands in a sentence: seas take 'the' ('the North Sea'), land does not."""
    name = _name(board, region)
    if isinstance(region, str) and region in board.regions and board.regions[region].is_sea:
        return "the " + name
    return name


def factory_noun(board: Board, region: Any) -> str:
    """'shipyard' or 'armaments factory', as the region's factory type says."""
    kind = board.regions[region].factory_type if isinstance(region, str) and region in board.regions else None
    return "shipyard" if kind == "shipyard" else "armaments factory"


def game_end_reason(board: Board, data: dict[str, Any]) -> str:
    """Why a game ended, from a game_over event's data."""
    if data.get("nation"):
        return f"{_name(board, data['nation'])} reached 25 power points"
    if data.get("reason") == "no_government":
        return "no nation has a government and no bond can be bought any more"
    return "no further move is possible"


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
        return f"{n} moves to {board.rondel[d['to']].name} on the rondel{cost}"
    if t == "investor_forced":
        return f"{who(d['player'])} uses a Swiss Bank to force {n} to stop on Investor"
    if t == "factory_built":
        return f"{n} builds {with_article(factory_noun(board, d['region']))} in {place(board, d['region'])}"
    if t == "unit_placed":
        if d.get("imported"):
            return f"{n} imports {with_article(d['unit'])} into {place(board, d['region'])}"
        return f"{n} produces {with_article(d['unit'])} in {place(board, d['region'])}"
    if t == "unit_moved":
        via = f" (carried across {join_words([place(board, s) for s in d['convoy']])})" if d.get("convoy") else ""
        return (f"{n} moves {with_article(d['unit'])} from {place(board, d['origin'])} "
                f"to {place(board, d['destination'])}{via}")
    if t == "battle":
        return (f"Battle in {place(board, d['region'])}: {n} loses {with_article(d['unit'])}, "
                f"{_name(board, d['target_nation'])} loses {with_article(d['target_unit'])}")
    if t == "army_status":
        return f"{possessive(n)} armies in {place(board, d['region'])} are {'hostile' if d['hostile'] else 'friendly'}"
    if t == "factory_destroyed":
        owner = f"{possessive(_name(board, d['owner']))} factory" if d.get("owner") else "the factory"
        return f"{n} destroys {owner} in {place(board, d['region'])} (three armies are removed)"
    if t == "flag_placed":
        return f"{n} plants a flag in {place(board, d['region'])}"
    if t == "flag_removed":
        return f"{n} loses its flag in {place(board, d['region'])}"
    if t == "interest_paid":
        extra = f" ({d['by_government']}M of it from the government's own cash)" if d.get("by_government") else ""
        return f"{n} pays {who(d['player'])} {d['amount']}M interest{extra}"
    if t == "interest_shortfall":
        return f"{n} cannot pay {who(d['player'])} {d['amount']}M of the interest due"
    if t == "investor_bonus":
        return f"{who(d['player'])} receives {d['amount']}M for holding the investor card"
    if t == "bond_bought":
        return f"{who(d['player'])} buys {possessive(n)} {d['value']}M bond"
    if t == "bond_upgraded":
        return f"{who(d['player'])} trades {possessive(n)} {d['trade_in']}M bond up to the {d['value']}M bond"
    if t == "government_changed":
        previous = d.get("previous")
        took = f", taking over from {who(previous)}" if isinstance(previous, int) else ""
        return f"{who(d['player'])} now governs {n}{took}"
    if t == "swiss_bank":
        if d["holds"]:
            return f"{who(d['player'])} governs no nation and now holds a Swiss Bank"
        return f"{who(d['player'])} no longer holds a Swiss Bank"
    if t == "investor_card":
        return f"The investor card goes to {who(d['player'])}"
    if t == "taxes":
        bonus = f", {d['bonus']}M success bonus to the government" if d.get("bonus") else ""
        return (f"{n} collects {d['taxes']}M in taxes: +{plural(d['points'], 'power point')}, "
                f"{d['income']}M into the treasury{bonus}")
    if t == "donation":
        return f"{who(d['player'])} gives {d['amount']}M to {possessive(n)} treasury"
    if t == "phase":
        return {"armies move": f"{n}: the fleets are done, now the armies move",
                "maneuver ends": f"{n}: the maneuver ends"}.get(d["phase"], f"{n}: {d['phase']}")
    if t == "turn_started":
        return f"{possessive(n)} turn"
    if t == "game_over":
        return f"The game is over: {game_end_reason(board, d)}"
    return f"{t} {d}"
