"""What every phase of the game state shares: the fields, the queries, the dispatch tables.

:class:`~imperial_desktop.core.state.GameState` is composed of one mixin per phase (set-up,
rondel, factory/production/import, maneuver, investor, taxation), each in its own module with
its legality (``_legal_<decision kind>``), its reasons (``_refuse_<decision kind>``), its action
handlers (``_do_<action type>``) and its automatic steps (``_step_<agenda step>``). The tables
that map those names to methods are built for every class from the class itself (with its bases),
so a variant that subclasses GameState and overrides one phase's method is the one called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from imperial_desktop.core.actions import ARMY, Action
from imperial_desktop.core.substates import EntryView, ManeuverProgress

if TYPE_CHECKING:
    from imperial_desktop.core.board import Board
    from imperial_desktop.core.refusal import Refusal
    from imperial_desktop.core.setup import GameSetup


def _methods(cls: type, prefix: str) -> dict[str, Callable[..., Any]]:
    """Name (without ``prefix``) -> the method ``cls`` resolves for it, over all its bases."""
    return {name[len(prefix):]: getattr(cls, name) for name in dir(cls) if name.startswith(prefix)}


class StateBase:
    """The fields of a game state and the queries the phases share (see GameState).

    The phase mixins call each other's methods through ``self``: they are parts of one
    GameState, never used alone.
    """

    setup: GameSetup
    board: Board
    cash: list[int]
    treasury: dict[str, int]
    bond_owner: dict[str, dict[int, int]]  # nation -> bond value -> player
    government: dict[str, int | None]
    swiss: set[int]  # players holding a Swiss Bank
    card: int | None  # the Investor card's holder
    rondel: dict[str, int | None]
    power: dict[str, int]
    chart: dict[str, int]  # tax chart positions
    factories: set[str]
    armies: dict[str, dict[str, int]]
    fleets: dict[str, dict[str, int]]
    hostile: dict[str, set[str]]  # nation -> regions where its armies stand hostile
    flags: dict[str, str]  # region -> nation
    turn_nation: str | None
    turns_taken: int
    previous_government: int | None
    agenda: list[list[Any]]  # automatic steps still to run, first first
    pending: dict[str, Any] | None  # the decision asked now
    mv: dict[str, Any] | None  # the maneuver under way
    entry: dict[str, Any] | None  # the battle questions of a unit's entry
    over: bool
    power_log: list[list[Any]]
    _legal: list[Action] | None  # the cached listing of the pending decision

    # Built for each class by __init_subclass__: action type -> handler, agenda step -> method,
    # decision kind -> legal-action generator, decision kind -> refusal.
    _HANDLERS: ClassVar[dict[str, Callable[..., None]]] = {}
    _STEPS: ClassVar[dict[str, Callable[..., None]]] = {}
    _GENERATORS: ClassVar[dict[str, Callable[..., list[Action]]]] = {}
    _REFUSERS: ClassVar[dict[str, Callable[..., Refusal | None]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._HANDLERS = _methods(cls, "_do_")
        cls._STEPS = _methods(cls, "_step_")
        cls._GENERATORS = _methods(cls, "_legal_")
        cls._REFUSERS = _methods(cls, "_refuse_")

    # ------------------------------------------------------------------ who decides

    @property
    def num_players(self) -> int:
        return self.setup.num_players

    def is_terminal(self) -> bool:
        return self.over

    def current_player(self) -> int | None:
        """The seat that must decide now (None when the game is over)."""
        return None if self.pending is None else self.pending["player"]

    def acting_nation(self) -> str | None:
        """The nation the pending decision is about (the turn's nation, or an asked nation)."""
        return None if self.pending is None else self.pending.get("nation")

    def maneuver_phase(self) -> str | None:
        return None if self.mv is None else self.mv["phase"]

    def convoy_used(self) -> dict[str, int]:
        return {} if self.mv is None else self.mv["convoy"]

    def maneuver_view(self) -> ManeuverProgress | None:
        """A read-only snapshot of the maneuver under way (None outside a maneuver)."""
        return None if self.mv is None else ManeuverProgress.of(self.mv, self.turn_nation)

    def entry_view(self) -> EntryView | None:
        """A read-only snapshot of the battle questions of a unit's entry (None when none is open)."""
        return None if self.entry is None else EntryView.of(self.entry)

    # ------------------------------------------------------------------ bonds and money

    def bonds_of(self, player: int) -> list[tuple[str, int]]:
        """(nation, value) of every bond the player holds, in nation order."""
        return [(nat, v) for nat in self.board.nation_ids for v, p in sorted(self.bond_owner[nat].items()) if p == player]

    def credit(self, player: int, nation: str) -> int:
        return sum(v for v, p in self.bond_owner[nation].items() if p == player)

    def available_bonds(self, nation: str) -> list[int]:
        owned = self.bond_owner[nation]
        return [v for v in self.board.bond_values if v not in owned]

    def interest_due(self, nation: str) -> dict[int, int]:
        out: dict[int, int] = {}
        for value, player in self.bond_owner[nation].items():
            out[player] = out.get(player, 0) + self.board.bond_interest[value]
        return out

    # ------------------------------------------------------------------ the board

    def occupied_regions(self) -> set[str]:
        """Home provinces holding hostile (standing) armies."""
        out: set[str] = set()
        for regions in self.hostile.values():
            out |= regions
        return out

    def unit_count(self, nation: str) -> tuple[int, int]:
        return sum(self.armies[nation].values()), sum(self.fleets[nation].values())

    def flag_count(self, nation: str) -> int:
        return sum(1 for n in self.flags.values() if n == nation)

    def unoccupied_factories(self, nation: str) -> list[str]:
        occupied = self.occupied_regions()
        return [f for f in self.board.nation_by_id[nation].home_provinces if f in self.factories and f not in occupied]

    def tax_revenue(self, nation: str) -> int:
        """Taxes: 2M per factory without hostile armies + 1M per flag (#24, no cap below 25)."""
        return 2 * len(self.unoccupied_factories(nation)) + self.flag_count(nation)

    def units_in(self, region: str) -> list[tuple[str, int, int]]:
        """(nation, armies, fleets) of every nation with units in ``region``."""
        out = []
        for nation in self.board.nation_ids:
            a = self.armies[nation].get(region, 0)
            f = self.fleets[nation].get(region, 0)
            if a or f:
                out.append((nation, a, f))
        return out

    def _add_unit(self, nation: str, unit: str, region: str) -> None:
        store = self.armies[nation] if unit == ARMY else self.fleets[nation]
        store[region] = store.get(region, 0) + 1
