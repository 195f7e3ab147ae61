"""Actions: small immutable values, one per decision, with a stable JSON form and a text form.

Every decision of the game is one of these. ``to_json()``/``action_from_json()`` give the
stable form used in game records; ``describe(board)`` gives the sentence shown to players,
for example "Russia: army Moscow → Sweden, convoyed by the Baltic Sea fleet".
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from imperial_desktop.core.board import Board
from imperial_desktop.core.errors import RecordError
from imperial_desktop.core.events import factory_noun, join_words, place, player_label, with_article
from imperial_desktop.i18n import _

ARMY = "army"
FLEET = "fleet"
UNIT_KINDS = (ARMY, FLEET)


class Action:
    """Base class: subclasses are frozen dataclasses with a unique ``type`` tag."""

    __slots__ = ()
    type: ClassVar[str] = ""
    registry: ClassVar[dict[str, type["Action"]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.type:
            Action.registry[cls.type] = cls

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def describe(self, board: Board) -> str:  # pragma: no cover - overridden
        return self.type

    def __str__(self) -> str:
        return self.type + repr(self.to_json())


_INTERNED: dict[tuple[Any, ...], Action] = {}


def interned(cls: type[Action], *args: Any) -> Action:
    """A shared instance of ``cls(*args)``: legal-action listings create the same few thousand
    actions over and over, and a cache lookup is much cheaper than building a frozen value."""
    key = (cls, *args)
    action = _INTERNED.get(key)
    if action is None:
        if len(_INTERNED) > 200_000:  # a safety valve; never reached in normal play
            _INTERNED.clear()
        action = _INTERNED[key] = cls(*args)
    return action


def action_from_json(data: Any) -> Action:
    """Parse the JSON form of an action; raises :class:`RecordError` on malformed input."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RecordError(f"an action must be an object with a 'type', got {data!r}")
    cls = Action.registry.get(data["type"])
    if cls is None:
        raise RecordError(f"unknown action type {data['type']!r}")
    kwargs: dict[str, Any] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name not in data:
            raise RecordError(f"action {data['type']!r} lacks the field {f.name!r}")
        value = data[f.name]
        if isinstance(value, list):
            if not all(isinstance(v, str) for v in value):
                raise RecordError(f"action {data['type']!r}: field {f.name!r} must list strings")
            value = tuple(value)
        elif value is not None and not isinstance(value, (str, int, bool)):
            raise RecordError(f"action {data['type']!r}: field {f.name!r} has a bad value {value!r}")
        kwargs[f.name] = value
    extra = set(data) - {"type"} - {f.name for f in fields(cls)}  # type: ignore[arg-type]
    if extra:
        raise RecordError(f"action {data['type']!r} has unknown fields {sorted(extra)}")
    return cls(**kwargs)


def _n(board: Board, nation: str) -> str:
    return board.nation_by_id[nation].name if nation in board.nation_by_id else nation


def _r(board: Board, region: str | None) -> str:
    if region is None:
        return "-"
    return board.regions[region].name if region in board.regions else region


# ---------------------------------------------------------------- rondel and investing


@dataclass(frozen=True, slots=True)
class ChooseRondel(Action):
    """The government moves the nation's marker to a rondel space (index 0-7)."""

    type: ClassVar[str] = "rondel"
    nation: str
    space: int

    def describe(self, board: Board) -> str:
        name = board.rondel[self.space].name if 0 <= self.space < len(board.rondel) else str(self.space)
        return _("{nation}: chooses {space} on the rondel").format(nation=_n(board, self.nation), space=name)


@dataclass(frozen=True, slots=True)
class SwissForce(Action):
    """A Swiss-Bank holder forces (or not) the nation to stop on Investor."""

    type: ClassVar[str] = "swiss_force"
    player: int
    nation: str
    force: bool

    def describe(self, board: Board) -> str:
        if self.force:
            text = _("{player} forces {nation} to stop on Investor")
        else:
            text = _("{player} does not force {nation} to stop on Investor")
        return text.format(player=player_label(self.player), nation=_n(board, self.nation))


@dataclass(frozen=True, slots=True)
class Invest(Action):
    """Buy a bond (``trade_in`` None) or upgrade the bond of value ``trade_in`` to ``value``."""

    type: ClassVar[str] = "invest"
    player: int
    nation: str
    value: int
    trade_in: int | None = None

    def describe(self, board: Board) -> str:
        if self.trade_in is None:
            return _("{player} buys {nation}'s {value}M bond").format(
                player=player_label(self.player), nation=_n(board, self.nation), value=self.value)
        return _("{player} trades {nation}'s {old}M bond up to the {value}M bond (pays {cost}M)").format(
            player=player_label(self.player), nation=_n(board, self.nation), old=self.trade_in, value=self.value,
            cost=self.value - self.trade_in)


@dataclass(frozen=True, slots=True)
class PassInvestment(Action):
    """Decline an investment opportunity (also a bid in the set-up auction)."""

    type: ClassVar[str] = "pass"
    player: int

    def describe(self, board: Board) -> str:
        return _("{player} does not invest").format(player=player_label(self.player))


@dataclass(frozen=True, slots=True)
class Donate(Action):
    """A player gives personal cash to a nation's treasury (allowed at any time)."""

    type: ClassVar[str] = "donate"
    player: int
    nation: str
    amount: int

    def describe(self, board: Board) -> str:
        return _("{player} gives {amount}M to {nation}'s treasury").format(
            player=player_label(self.player), amount=self.amount, nation=_n(board, self.nation))


# ---------------------------------------------------------------- factory, production, import


@dataclass(frozen=True, slots=True)
class BuildFactory(Action):
    """Build a factory in ``city`` (None: build nothing)."""

    type: ClassVar[str] = "build_factory"
    nation: str
    city: str | None

    def describe(self, board: Board) -> str:
        if self.city is None:
            return _("{nation}: builds no factory").format(nation=_n(board, self.nation))
        if factory_noun(board, self.city) == "shipyard":
            text = _("{nation}: builds a shipyard in {region}")
        else:
            text = _("{nation}: builds an armaments factory in {region}")
        return text.format(nation=_n(board, self.nation), region=_r(board, self.city))


@dataclass(frozen=True, slots=True)
class Produce(Action):
    """Production: the factories (cities) that produce; the others stay idle."""

    type: ClassVar[str] = "produce"
    nation: str
    cities: tuple[str, ...]

    def describe(self, board: Board) -> str:
        if not self.cities:
            return _("{nation}: produces nothing").format(nation=_n(board, self.nation))
        units = [(_("a fleet in {region}") if factory_noun(board, c) == "shipyard" else _("an army in {region}"))
                 .format(region=_r(board, c)) for c in self.cities]
        return _("{nation}: produces {units}").format(nation=_n(board, self.nation), units=join_words(units))


@dataclass(frozen=True, slots=True)
class ImportUnit(Action):
    """Import one army or fleet (1M) into a home province."""

    type: ClassVar[str] = "import"
    nation: str
    unit: str
    region: str

    def describe(self, board: Board) -> str:
        if self.unit == "fleet":
            text = _("{nation}: imports a fleet into {region}")
        else:
            text = _("{nation}: imports an army into {region}")
        return text.format(nation=_n(board, self.nation), region=_r(board, self.region))


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """End the current phase: 'import', 'fleets' or 'armies' (the last ends the maneuver)."""

    type: ClassVar[str] = "end_phase"
    nation: str
    phase: str

    def describe(self, board: Board) -> str:
        texts = {"import": _("{nation}: ends the import"), "fleets": _("{nation}: ends the fleet movement"),
                 "armies": _("{nation}: ends the army movement and the maneuver")}
        return texts.get(self.phase, "{nation}: " + self.phase).format(nation=_n(board, self.nation))


# ---------------------------------------------------------------- maneuver


@dataclass(frozen=True, slots=True)
class MoveFleet(Action):
    """Move one fleet from a sea (or its harbour) to an adjacent sea."""

    type: ClassVar[str] = "move_fleet"
    nation: str
    origin: str
    destination: str

    def describe(self, board: Board) -> str:
        return _("{nation}: fleet {origin} → {destination}").format(
            nation=_n(board, self.nation), origin=_r(board, self.origin), destination=_r(board, self.destination))


@dataclass(frozen=True, slots=True)
class MoveArmy(Action):
    """Move one army (rail, one land step or one convoy, rail) from origin to destination.

    ``convoy`` lists the sea regions (sorted) whose fleets carry the army; empty for land moves.
    """

    type: ClassVar[str] = "move_army"
    nation: str
    origin: str
    destination: str
    convoy: tuple[str, ...] = ()

    def describe(self, board: Board) -> str:
        fields = {"nation": _n(board, self.nation), "origin": _r(board, self.origin),
                  "destination": _r(board, self.destination), "seas": join_words([_r(board, s) for s in self.convoy])}
        if not self.convoy:
            return _("{nation}: army {origin} → {destination}").format(**fields)
        if len(self.convoy) == 1:
            return _("{nation}: army {origin} → {destination}, convoyed by the {seas} fleet").format(**fields)
        return _("{nation}: army {origin} → {destination}, convoyed by the {seas} fleets").format(**fields)


@dataclass(frozen=True, slots=True)
class Battle(Action):
    """``nation``'s ``unit`` in ``region`` fights one ``target_unit`` of ``target_nation`` (1:1)."""

    type: ClassVar[str] = "battle"
    nation: str
    region: str
    unit: str
    target_nation: str
    target_unit: str

    def describe(self, board: Board) -> str:
        texts = {("army", "army"): _("{nation}: army fights an army of {other} in {region}"),
                 ("army", "fleet"): _("{nation}: army fights a fleet of {other} in {region}"),
                 ("fleet", "army"): _("{nation}: fleet fights an army of {other} in {region}"),
                 ("fleet", "fleet"): _("{nation}: fleet fights a fleet of {other} in {region}")}
        text = texts.get((self.unit, self.target_unit)) or (
            f"{{nation}}: {self.unit} fights {with_article(self.target_unit)} of {{other}} in {{region}}")  # i18n: not shown
        return text.format(nation=_n(board, self.nation), other=_n(board, self.target_nation), region=place(board, self.region))


@dataclass(frozen=True, slots=True)
class Peace(Action):
    """Decline a battle (the mover on entry, or a nation asked whether it demands one)."""

    type: ClassVar[str] = "peace"
    nation: str

    def describe(self, board: Board) -> str:
        # "wants": another nation there may still demand one (else "no battle" is logged, then a battle)
        return _("{nation}: wants no battle").format(nation=_n(board, self.nation))


@dataclass(frozen=True, slots=True)
class AskNation(Action):
    """The mover chooses which nation is asked next whether it demands a battle."""

    type: ClassVar[str] = "ask"
    nation: str
    asked: str

    def describe(self, board: Board) -> str:
        return _("{nation}: asks {other} whether it wants a battle").format(
            nation=_n(board, self.nation), other=_n(board, self.asked))


@dataclass(frozen=True, slots=True)
class SetArmyStatus(Action):
    """Declare the nation's armies in a foreign home province hostile (standing) or friendly (lying)."""

    type: ClassVar[str] = "army_status"
    nation: str
    region: str
    hostile: bool

    def describe(self, board: Board) -> str:
        if self.hostile:
            text = _("{nation}: armies in {region} are hostile")
        else:
            text = _("{nation}: armies in {region} are friendly")
        return text.format(nation=_n(board, self.nation), region=_r(board, self.region))


@dataclass(frozen=True, slots=True)
class DestroyFactory(Action):
    """Three hostile armies destroy the foreign factory of their province (and are removed)."""

    type: ClassVar[str] = "destroy_factory"
    nation: str
    region: str

    def describe(self, board: Board) -> str:
        return _("{nation}: three armies destroy the factory in {region}").format(
            nation=_n(board, self.nation), region=_r(board, self.region))
