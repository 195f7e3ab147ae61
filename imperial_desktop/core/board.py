"""The board as the rules see it: regions, adjacency, harbours, rondel and tables.

Read from ``maps/<name>.json``; nothing about the map is hard-coded here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from imperial_desktop.i18n import language as current_language
from imperial_desktop.resources import load_map_json

HOME = "home_province"
NEUTRAL = "neutral_land"
SEA = "sea"
IMPASSABLE = "impassable"
DEFAULT_MAP = "europe"  # the board of a set-up that names none (maps/europe.json)


def _localized(english: str, names: tuple[tuple[str, str], ...]) -> str:
    """The name for the current language out of (language, name) pairs, else the English one."""
    if names:
        current = current_language()
        for language, name in names:
            if language == current:
                return name
    return english


@dataclass(frozen=True)
class Region:
    """One region of the board."""

    id: str
    name_en: str
    kind: str
    nation: str | None = None
    factory_type: str | None = None  # "armaments" | "shipyard" for home provinces
    harbour_sea: str | None = None
    starts_with_factory: bool = False
    names: tuple[tuple[str, str], ...] = ()  # (language, name) of the other editions

    @property
    def name(self) -> str:
        """The name in the current language (the edition's name), English when it has none."""
        return _localized(self.name_en, self.names)

    @property
    def is_land(self) -> bool:
        return self.kind in (HOME, NEUTRAL)

    @property
    def is_sea(self) -> bool:
        return self.kind == SEA

    @property
    def takes_flags(self) -> bool:
        return self.kind in (NEUTRAL, SEA)


@dataclass(frozen=True)
class Nation:
    """One of the six Great Powers."""

    id: str
    code: str
    name_en: str
    colour: str
    army_supply: int
    fleet_supply: int
    flags: int
    home_provinces: tuple[str, ...]
    starting_factories: tuple[str, ...]
    names: tuple[tuple[str, str], ...] = ()  # (language, name) of the other editions

    @property
    def name(self) -> str:
        """The name in the current language, English when it has none."""
        return _localized(self.name_en, self.names)


@dataclass(frozen=True)
class RondelSpace:
    index: int
    id: str
    action: str
    name_en: str
    names: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        """The space's name in the current language, as printed on that edition's rondel."""
        return _localized(self.name_en, self.names)


@dataclass
class Board:
    """Immutable-by-convention view of a map file, with precomputed neighbour sets."""

    name: str
    nations: tuple[Nation, ...]
    regions: dict[str, Region]
    land_neighbours: dict[str, frozenset[str]]
    sea_neighbours: dict[str, frozenset[str]]  # land -> coastal seas, sea -> seas
    coasts: dict[str, frozenset[str]]  # sea -> coastal land regions
    rail_neighbours: dict[str, frozenset[str]]  # home province -> same-nation land neighbours
    rondel: tuple[RondelSpace, ...]
    free_steps: int
    max_steps: int
    cost_per_extra_step: int
    bond_values: tuple[int, ...]
    bond_interest: dict[int, int]
    starting_bonds: dict[str, tuple[tuple[str, int], ...]]
    starting_cash_standard: dict[int, int]
    starting_cash_auction: dict[int, int]
    tax_points: dict[int, int]  # chart position -> power points gained
    factor_table: tuple[tuple[int, int, int], ...]
    factory_cost: int
    import_max: int
    import_cost: int
    # players -> (card dealt, cards dealt with it), in the order before the shuffle (the seed's deal)
    paired_flag_cards: dict[int, tuple[tuple[str, tuple[str, ...]], ...]] = field(default_factory=dict)
    nation_ids: tuple[str, ...] = field(init=False)
    nation_by_id: dict[str, Nation] = field(init=False)
    investor_index: int = field(init=False)
    flag_regions: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.nation_ids = tuple(n.id for n in self.nations)
        self.nation_by_id = {n.id: n for n in self.nations}
        self.investor_index = next(s.index for s in self.rondel if s.action == "investor")
        self.flag_regions = tuple(r.id for r in self.regions.values() if r.takes_flags)

    def name_of(self, region_or_nation: str) -> str:
        if region_or_nation in self.regions:
            return self.regions[region_or_nation].name
        return self.nation_by_id[region_or_nation].name

    def power_factor(self, points: int) -> int:
        for low, high, factor in self.factor_table:
            if low <= points <= high:
                return factor
        return self.factor_table[-1][2]

    def chart_position(self, taxes: int) -> int:
        positions = sorted(self.tax_points)
        return max(positions[0], min(positions[-1], taxes))

    def rondel_cost(self, steps: int) -> int:
        return max(0, steps - self.free_steps) * self.cost_per_extra_step


def _undirected(pairs: list[list[str]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a, b in pairs:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def _other_names(entry: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """(language, name) from the entry's ``name_<lang>`` keys other than English."""
    return tuple((key[5:], value) for key, value in entry.items()
                 if key.startswith("name_") and key != "name_en" and isinstance(value, str) and value)


def board_from_json(data: dict[str, Any], *, extra_land_edges: tuple[tuple[str, str], ...] = ()) -> Board:
    """Build a :class:`Board` from a parsed map file."""
    nations = tuple(
        Nation(
            id=n["id"], code=n["code"], name_en=n["name_en"], names=_other_names(n), colour=n["piece_colour"],
            army_supply=n["unit_supply"]["armies"], fleet_supply=n["unit_supply"]["fleets"],
            flags=n["flags"], home_provinces=tuple(n["home_provinces"]),
            starting_factories=tuple(n["starting_factories"]),
        )
        for n in sorted(data["nations"], key=lambda n: n["turn_order"])
    )
    regions = {
        r["id"]: Region(
            id=r["id"], name_en=r["name_en"], names=_other_names(r), kind=r["kind"], nation=r.get("nation"),
            factory_type=r.get("factory_type"), harbour_sea=r.get("harbour_sea"),
            starts_with_factory=bool(r.get("starts_with_factory", False)),
        )
        for r in data["regions"]
    }
    adjacency = data["adjacency"]
    land = _undirected(list(adjacency["land_land"]) + [list(e) for e in extra_land_edges])
    coast = _undirected(adjacency["land_sea"])
    seas = _undirected(adjacency["sea_sea"])
    land_neighbours = {rid: frozenset(land.get(rid, ())) for rid in regions}
    sea_neighbours: dict[str, frozenset[str]] = {}
    coasts: dict[str, frozenset[str]] = {}
    for rid, region in regions.items():
        if region.is_sea:
            sea_neighbours[rid] = frozenset(seas.get(rid, ()))
            coasts[rid] = frozenset(coast.get(rid, ()))
        else:
            sea_neighbours[rid] = frozenset(coast.get(rid, ()))
    rail = {
        rid: frozenset(n for n in land_neighbours[rid] if regions[n].kind == HOME and regions[n].nation == region.nation)
        for rid, region in regions.items()
        if region.kind == HOME
    }
    rondel = tuple(RondelSpace(s["index"], s["id"], s["action"], s["name_en"], _other_names(s)) for s in sorted(data["rondel"], key=lambda s: s["index"]))
    rules = data["rondel_rules"]
    bonds = data["bonds"]
    return Board(
        name=data["name"],
        nations=nations,
        regions=regions,
        land_neighbours=land_neighbours,
        sea_neighbours=sea_neighbours,
        coasts=coasts,
        rail_neighbours=rail,
        rondel=rondel,
        free_steps=rules["free_steps"],
        max_steps=rules["max_steps"],
        cost_per_extra_step=rules["cost_per_extra_step"],
        bond_values=tuple(b["value"] for b in bonds),
        bond_interest={b["value"]: b["interest"] for b in bonds},
        starting_bonds={k: tuple((n, v) for n, v in pairs) for k, pairs in data["starting_bonds_by_flag_card"].items()},
        starting_cash_standard={int(k): v for k, v in data["starting_cash"]["standard"].items()},
        starting_cash_auction={int(k): v for k, v in data["starting_cash"]["experienced_variant"].items()},
        tax_points={row["chart_position"]: row["power_points"] for row in data["tax_chart"]},
        factor_table=tuple((row["from"], row["to"], row["factor"]) for row in data["power_factor"]),
        factory_cost=data["components"]["factory_cost"],
        import_max=data["components"]["import_max_units"],
        import_cost=data["components"]["import_cost_each"],
        paired_flag_cards={int(players): tuple((entry["card"], tuple(entry["with"])) for entry in deal)
                           for players, deal in data.get("paired_flag_cards", {}).items()},
    )


@lru_cache(maxsize=8)
def load_board(name: str = DEFAULT_MAP, stpetersburg_kiev_border: bool = False) -> Board:
    """The board of ``maps/<name>.json``; the disputed St. Petersburg-Kiev edge only on request."""
    data = load_map_json(name)
    extra: tuple[tuple[str, str], ...] = ()
    if stpetersburg_kiev_border:
        extra = tuple(tuple(d["edge"]) for d in data.get("disputed_adjacency", ()))  # type: ignore[misc]
    return board_from_json(data, extra_land_edges=extra)
