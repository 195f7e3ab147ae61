"""The game state machine: who decides, what is legal, and what an action does.

In the style of OpenSpiel and python-chess: :meth:`GameState.legal_actions` lists exactly the
options of the pending decision, :meth:`GameState.apply` validates one action, changes the
state and returns the :class:`Event` s it caused. An illegal action raises
:class:`IllegalActionError` and changes nothing. Donations (:class:`Donate`) are the one kind of
action any player may take at any time; they are validated by :meth:`legal_donation` and are
not listed by ``legal_actions()`` (point 31 of docs/clarifications.md).

Rule references in comments: "R-EN" = docs/rules/rulebook-en.md, "#n" = docs/clarifications.md.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from itertools import combinations
from typing import Any, Callable

from imperial_desktop.core.actions import (
    ARMY, FLEET, Action, AskNation, Battle, BuildFactory, ChooseRondel, DestroyFactory, Donate,
    EndPhase, ImportUnit, Invest, MoveArmy, MoveFleet, PassInvestment, Peace, Produce,
    SetArmyStatus, SwissForce, interned,
)
from imperial_desktop.core.board import HOME, Board
from imperial_desktop.core.errors import IllegalActionError
from imperial_desktop.core.events import Event
from imperial_desktop.core.movement import army_move_actions, fleet_destinations
from imperial_desktop.core import scoring, serialize
from imperial_desktop.core.serialize import STATE_FORMAT_VERSION, copy_plain
from imperial_desktop.core.setup import (
    AUCTION, FORCED_STOP_COST_FREE, INVESTOR_SHORTFALL_FORBID, GameSetup,
)
from imperial_desktop.i18n import N_, _, ngettext


# What each decision asks, as a whole sentence: (with the nation, without one). Marked with N_
# and translated when shown.
DECISION_TEXT = {
    "auction": (N_("{player} ({nation}) must buy a bond in the opening auction, or pass"),
                N_("{player} must buy a bond in the opening auction, or pass")),
    "rondel": (N_("{player} ({nation}) must choose the rondel space"), N_("{player} must choose the rondel space")),
    "swiss_force": (N_("{player} may force {nation} to stop on Investor"),
                    N_("{player} may force the nation to stop on Investor")),
    "factory": (N_("{player} ({nation}) must build a factory"), N_("{player} must build a factory")),
    "production": (N_("{player} ({nation}) must choose the factories that produce"),
                   N_("{player} must choose the factories that produce")),
    "import": (N_("{player} ({nation}) must import up to three units"), N_("{player} must import up to three units")),
    "maneuver": (N_("{player} ({nation}) must move units"), N_("{player} must move units")),
    "entry_fight": (N_("{player} ({nation}) must fight on entering, or not"), N_("{player} must fight on entering, or not")),
    "entry_ask": (N_("{player} ({nation}) must choose which nation is asked next"),
                  N_("{player} must choose which nation is asked next")),
    "entry_demand": (N_("{player} ({nation}) must demand a battle, or not"), N_("{player} must demand a battle, or not")),
    "entry_status": (N_("{player} ({nation}) must declare the armies hostile or friendly"),
                     N_("{player} must declare the armies hostile or friendly")),
    "invest": (N_("{player} ({nation}) must invest in a bond, or pass"), N_("{player} must invest in a bond, or pass")),
}
# the maneuver's two phases
PHASE_TEXT = {
    "fleets": (N_("{player} ({nation}) must move fleets"), N_("{player} must move fleets")),
    "armies": (N_("{player} ({nation}) must move armies"), N_("{player} must move armies")),
    # the fleet phase of a nation without fleets: only its end (or a battle, also possible later)
    "no_fleets": (N_("{player} ({nation}) has no fleets: on to the armies"), N_("{player} has no fleets: on to the armies")),
}


class Decision:
    """The pending decision: who decides, for which nation, of what kind."""

    __slots__ = ("kind", "player", "nation", "data")

    def __init__(self, kind: str, player: int, nation: str | None, data: dict[str, Any]):
        self.kind = kind
        self.player = player
        self.nation = nation
        self.data = data

    def describe(self, state: "GameState") -> str:
        who = state.setup.players[self.player]
        nation = state.board.name_of(self.nation) if self.nation else None
        kind = self.kind
        if kind == "import" and self.data.get("count"):  # the top bar follows the imports made
            left = state.board.import_max - self.data["count"]
            if nation:
                text = ngettext("{player} ({nation}) must import up to {count} more unit, or stop",
                                "{player} ({nation}) must import up to {count} more units, or stop", left)
            else:
                text = ngettext("{player} must import up to {count} more unit, or stop",
                                "{player} must import up to {count} more units, or stop", left)
            return text.format(player=who, nation=nation, count=left)
        if kind == "maneuver":
            phase = state.maneuver_phase()
            if phase == "fleets" and self.nation and not any(state.fleets[self.nation].values()):
                phase = "no_fleets"
            with_nation, without = PHASE_TEXT[phase if phase in ("fleets", "no_fleets") else "armies"]
        else:
            with_nation, without = DECISION_TEXT.get(kind, ("{player} ({nation}): " + kind, "{player}: " + kind))
        return _(with_nation if nation else without).format(player=who, nation=nation)

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, player={self.player}, nation={self.nation!r})"


class GameState:
    """The complete state of one game of Imperial."""

    def __init__(self, setup: GameSetup, *, _empty: bool = False):
        self.setup = setup
        self.board: Board = setup.board()
        if _empty:
            return
        b = self.board
        n = setup.num_players
        self.cash: list[int] = [0] * n
        self.treasury: dict[str, int] = {x: 0 for x in b.nation_ids}
        self.bond_owner: dict[str, dict[int, int]] = {x: {} for x in b.nation_ids}
        self.government: dict[str, int | None] = {x: None for x in b.nation_ids}
        self.swiss: set[int] = set()
        self.card: int | None = None
        self.rondel: dict[str, int | None] = {x: None for x in b.nation_ids}
        self.power: dict[str, int] = {x: 0 for x in b.nation_ids}
        self.chart: dict[str, int] = {x: min(b.tax_points) for x in b.nation_ids}
        self.factories: set[str] = {f for nat in b.nations for f in nat.starting_factories}
        self.armies: dict[str, dict[str, int]] = {x: {} for x in b.nation_ids}
        self.fleets: dict[str, dict[str, int]] = {x: {} for x in b.nation_ids}
        self.hostile: dict[str, set[str]] = {x: set() for x in b.nation_ids}
        self.flags: dict[str, str] = {}
        self.turn_nation: str | None = None
        self.turns_taken = 0
        self.previous_government: int | None = None
        self.agenda: list[list[Any]] = []
        self.pending: dict[str, Any] | None = None
        self.mv: dict[str, Any] | None = None
        self.entry: dict[str, Any] | None = None
        self.over = False
        self.power_log: list[list[Any]] = []
        self._legal: list[Action] | None = None
        self._start(setup)

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, setup: GameSetup) -> "GameState":
        """A new game from a set-up; the first decision is pending."""
        return cls(setup)

    def _start(self, setup: GameSetup) -> None:
        b = self.board
        n = setup.num_players
        events: list[Event] = []
        if setup.bond_distribution == AUCTION:
            cash = b.starting_cash_auction[n]
            self.cash = [cash] * n
            self.agenda = [["auction_nation", i] for i in range(len(b.nation_ids))] + [["auction_finish"]]
        else:
            self.cash = [b.starting_cash_standard[n]] * n
            dealt = dict(setup.flag_cards)
            for nation, player in setup.flag_cards:  # R-EN set-up: buy the bonds on the card back
                for bond_nation, value in b.starting_bonds[nation]:
                    self._buy(player, bond_nation, value, None, events)
                self.government[nation] = player
            for nation in b.nation_ids:  # undealt cards go to the owner of the 2M bond (#32)
                if nation not in dealt:
                    owner = self.bond_owner[nation].get(min(b.bond_values))
                    self.government[nation] = owner
            self._place_investor_card()
            self.agenda = [["turn_start", 0]]
        self._run(events)

    def _place_investor_card(self) -> None:
        """#4: left of Austria-Hungary's government, else of the first governed nation."""
        if not self.setup.investor_card:
            self.card = None
            return
        for nation in self.board.nation_ids:
            gov = self.government[nation]
            if gov is not None:
                self.card = (gov + 1) % self.setup.num_players
                return

    # ------------------------------------------------------------------ public queries

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

    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        if self.pending is None:
            return None
        p = self.pending
        return Decision(p["kind"], p["player"], p.get("nation"), {k: v for k, v in p.items() if k not in ("kind", "player", "nation")})

    def describe_decision(self) -> str:
        d = self.decision()
        return _("the game is over") if d is None else d.describe(self)

    def maneuver_phase(self) -> str | None:
        return None if self.mv is None else self.mv["phase"]

    def occupied_regions(self) -> set[str]:
        """Home provinces holding hostile (standing) armies."""
        out: set[str] = set()
        for regions in self.hostile.values():
            out |= regions
        return out

    def convoy_used(self) -> dict[str, int]:
        return {} if self.mv is None else self.mv["convoy"]

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

    def legal_donation(self, action: Donate) -> str | None:
        """None if the donation is legal, else the reason it is not (#31)."""
        if self.over:
            return _("the game is over")
        if not isinstance(action.player, int) or not 0 <= action.player < self.num_players:
            return _("there is no player {player!r}").format(player=action.player)
        if action.nation not in self.treasury:
            return _("there is no nation {nation!r}").format(nation=action.nation)
        if not isinstance(action.amount, int) or isinstance(action.amount, bool) or action.amount < 1:
            return _("a donation must be a whole number of millions, at least 1")
        if action.amount > self.cash[action.player]:
            return _("player {number} has only {cash}M").format(number=action.player + 1, cash=self.cash[action.player])
        return None

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """Every option of the pending decision (empty only when the game is over)."""
        if self._legal is None:
            self._legal = self._generate() if self.pending is not None else []
        return list(self._legal)

    def is_legal(self, action: Action) -> bool:
        if isinstance(action, Donate):
            return self.legal_donation(action) is None
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate() if self.pending is not None else []
        # An action taken from the listing is found by identity at once; an equal action built
        # elsewhere (the mouse, a record) is compared field by field.
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def _generate(self) -> list[Action]:
        p = self.pending
        assert p is not None
        return _GENERATORS[p["kind"]](self, p)

    def _legal_auction(self, p: dict[str, Any]) -> list[Action]:
        player, nation = p["player"], p["nation"]
        acts: list[Action] = [interned(Invest, player, nation, v, None) for v in self.available_bonds(nation) if v <= self.cash[player]]
        acts.append(interned(PassInvestment, player))
        return acts

    def _legal_rondel(self, p: dict[str, Any]) -> list[Action]:
        nation = p["nation"]
        gov = p["player"]
        b = self.board
        pos = self.rondel[nation]
        acts: list[Action] = []
        if pos is None:
            targets = [(s.index, 0) for s in b.rondel]  # #1: free first placement anywhere
        else:
            size = len(b.rondel)
            targets = [((pos + k) % size, b.rondel_cost(k)) for k in range(1, b.max_steps + 1)]
        for space, cost in targets:
            if cost > self.cash[gov]:
                continue  # #28: only affordable targets
            if space == b.investor_index and not self._can_land_on_investor(nation, self.cash[gov] - cost):
                continue
            acts.append(interned(ChooseRondel, nation, space))
        return acts

    def _can_land_on_investor(self, nation: str, gov_cash: int) -> bool:
        """#5 (default "forbid"): treasury + government cash must cover the other holders' interest."""
        if self.setup.options.investor_shortfall != INVESTOR_SHORTFALL_FORBID:
            return True
        gov = self.government[nation]
        others = sum(v for p, v in self.interest_due(nation).items() if p != gov)
        return self.treasury[nation] + gov_cash >= others

    def _legal_swiss_force(self, p: dict[str, Any]) -> list[Action]:
        nation = p["nation"]
        acts: list[Action] = []
        if self.treasury[nation] >= sum(self.interest_due(nation).values()):
            acts.append(interned(SwissForce, p["player"], nation, True))
        acts.append(interned(SwissForce, p["player"], nation, False))
        return acts

    def _buildable_sites(self, nation: str) -> list[str]:
        occupied = self.occupied_regions()
        return [c for c in self.board.nation_by_id[nation].home_provinces if c not in self.factories and c not in occupied]

    def _legal_factory(self, p: dict[str, Any]) -> list[Action]:
        nation = p["nation"]
        acts: list[Action] = []
        if self.treasury[nation] >= self.board.factory_cost:
            acts = [interned(BuildFactory, nation, c) for c in self._buildable_sites(nation)]
        acts.append(interned(BuildFactory, nation, None))
        return acts

    def _production_subsets(self, nation: str) -> list[tuple[str, ...]]:
        """#12: the government chooses which factories produce, within the unit supply."""
        b = self.board
        occupied = self.occupied_regions()
        sites = tuple(f for f in b.nation_by_id[nation].home_provinces if f in self.factories and f not in occupied)
        armies, fleets = self.unit_count(nation)
        nat = b.nation_by_id[nation]
        shipyards = tuple(b.regions[c].factory_type == "shipyard" for c in sites)
        return _production_combos(sites, shipyards, nat.army_supply - armies, nat.fleet_supply - fleets)

    def _legal_production(self, p: dict[str, Any]) -> list[Action]:
        nation = p["nation"]
        return [interned(Produce, nation, combo) for combo in self._production_subsets(nation)]

    def _import_options(self, nation: str) -> list[tuple[str, str]]:
        """#13: own home provinces without hostile armies; fleets only in port cities; supply."""
        b = self.board
        nat = b.nation_by_id[nation]
        armies, fleets = self.unit_count(nation)
        occupied = self.occupied_regions()
        out = []
        for r in nat.home_provinces:
            if r in occupied:
                continue
            if armies < nat.army_supply:
                out.append((ARMY, r))
            if fleets < nat.fleet_supply and b.regions[r].factory_type == "shipyard":
                out.append((FLEET, r))
        return out

    def _legal_import(self, p: dict[str, Any]) -> list[Action]:
        nation = p["nation"]
        acts: list[Action] = []
        if p["count"] < self.board.import_max and self.treasury[nation] >= self.board.import_cost:
            acts = [interned(ImportUnit, nation, u, r) for u, r in self._import_options(nation)]
        acts.append(interned(EndPhase, nation, "import"))
        return acts

    def _legal_maneuver(self, p: dict[str, Any]) -> list[Action]:
        nation = p["nation"]
        mv = self.mv
        assert mv is not None
        acts: list[Action] = []
        if mv["phase"] == "fleets":
            moved = mv["moved_f"]
            for region, count in sorted(self.fleets[nation].items()):
                if count - moved.get(region, 0) > 0:
                    acts.extend(interned(MoveFleet, nation, region, d) for d in fleet_destinations(self, region))
        else:
            moved = mv["moved_a"]
            origins = [r for r, count in sorted(self.armies[nation].items()) if count - moved.get(r, 0) > 0]
            if origins:
                acts.extend(army_move_actions(self, nation, origins))
            acts.extend(self._status_changes(nation))
            acts.extend(self._destructions(nation))
        acts.extend(self._battles(nation))
        acts.append(interned(EndPhase, nation, mv["phase"]))
        return acts

    def _battles(self, nation: str) -> list[Action]:
        """Further 1:1 battles the active nation may start with units sharing a region (#16, #22)."""
        my_a = self.armies[nation]
        my_f = self.fleets[nation]
        if not my_a and not my_f:
            return []
        regions = self.board.regions
        found: list[tuple[str, str, str, str]] = []
        for other in self.board.nation_ids:
            if other == nation:
                continue
            for region in self.armies[other]:
                if region in my_a:
                    found.append((region, ARMY, other, ARMY))
                if region in my_f:  # my harbour fleet against a foreign army in my province
                    found.append((region, FLEET, other, ARMY))
            for region in self.fleets[other]:
                if region in my_f:  # fleets at sea (a harbour holds only its own nation's fleets)
                    found.append((region, FLEET, other, FLEET))
                elif region in my_a and not regions[region].is_sea:  # a foreign fleet in its harbour
                    found.append((region, ARMY, other, FLEET))
        found.sort()
        return [interned(Battle, nation, r, u, o, ou) for r, u, o, ou in found]

    def _is_foreign_home(self, nation: str, region: str) -> bool:
        r = self.board.regions[region]
        return r.kind == HOME and r.nation != nation

    def forced_friendly(self, region: str) -> bool:
        """#20: the province of a nation's last factory without hostile armies admits only friendly armies."""
        owner = self.board.regions[region].nation
        if owner is None:
            return False
        free = self.unoccupied_factories(owner)
        return len(free) == 1 and free[0] == region

    def _status_changes(self, nation: str) -> list[Action]:
        mv = self.mv
        assert mv is not None
        acts: list[Action] = []
        for region in sorted(self.armies[nation]):
            if not self._is_foreign_home(nation, region) or region in mv["touched"]:
                continue
            hostile = region in self.hostile[nation]
            if hostile:
                acts.append(interned(SetArmyStatus, nation, region, False))
            elif not self.forced_friendly(region):
                acts.append(interned(SetArmyStatus, nation, region, True))
        return acts

    def _destructions(self, nation: str) -> list[Action]:
        """#21: three hostile armies, no defender units left, not the last unoccupied factory."""
        acts: list[Action] = []
        for region in sorted(self.hostile[nation]):
            if region not in self.factories or self.armies[nation].get(region, 0) < 3:
                continue
            owner = self.board.regions[region].nation
            assert owner is not None
            if self.armies[owner].get(region, 0) or self.fleets[owner].get(region, 0):
                continue
            if self.forced_friendly(region):
                continue
            acts.append(interned(DestroyFactory, nation, region))
        return acts

    def _entry_targets(self, nation: str, region: str, unit: str) -> list[tuple[str, str]]:
        """(nation, unit) pairs the unit entering ``region`` could fight (#16, #22)."""
        r = self.board.regions[region]
        out = []
        for other in self.board.nation_ids:
            if other == nation:
                continue
            if unit == FLEET:
                if self.fleets[other].get(region, 0):
                    out.append((other, FLEET))
            else:
                if self.armies[other].get(region, 0):
                    out.append((other, ARMY))
                if r.kind == HOME and r.nation == other and self.fleets[other].get(region, 0):
                    out.append((other, FLEET))
        return out

    def _legal_entry_fight(self, p: dict[str, Any]) -> list[Action]:
        e = self.entry
        assert e is not None
        nation = p["nation"]
        acts: list[Action] = [interned(Battle, nation, e["region"], e["unit"], o, u) for o, u in self._entry_targets(nation, e["region"], e["unit"])]
        acts.append(interned(Peace, nation))
        return acts

    def _legal_entry_ask(self, p: dict[str, Any]) -> list[Action]:
        e = self.entry
        assert e is not None
        return [interned(AskNation, p["nation"], other) for other in e["remaining"]]

    def _legal_entry_demand(self, p: dict[str, Any]) -> list[Action]:
        e = self.entry
        assert e is not None
        asked = p["nation"]
        mover = e["mover"]
        units = [u for o, u in self._entry_targets(mover, e["region"], e["unit"]) if o == asked]
        acts: list[Action] = [interned(Battle, asked, e["region"], u, mover, e["unit"]) for u in units]
        acts.append(interned(Peace, asked))
        return acts

    def _legal_entry_status(self, p: dict[str, Any]) -> list[Action]:
        e = self.entry
        assert e is not None
        return [interned(SetArmyStatus, p["nation"], e["region"], True), interned(SetArmyStatus, p["nation"], e["region"], False)]

    def _invest_options(self, player: int, only: str | None) -> list[Action]:
        """#8: a new bond at full price, or one owned bond traded up to a higher one."""
        cash = self.cash[player]
        acts: list[Action] = []
        values = self.board.bond_values  # ascending
        for nation in (self.board.nation_ids if only is None else (only,)):
            owned = self.bond_owner[nation]
            mine = [v for v, p in owned.items() if p == player]
            reach = cash + (max(mine) if mine else 0)
            for value in values:
                if value > reach:
                    break
                if value in owned:
                    continue
                if value <= cash:
                    acts.append(interned(Invest, player, nation, value, None))
                for old in mine:
                    if old < value and value - old <= cash:
                        acts.append(interned(Invest, player, nation, value, old))
        return acts

    def _legal_invest(self, p: dict[str, Any]) -> list[Action]:
        acts = self._invest_options(p["player"], p.get("only"))
        acts.append(interned(PassInvestment, p["player"]))
        return acts

    # ------------------------------------------------------------------ applying actions

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; returns its events. Raises IllegalActionError (state unchanged)."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        if isinstance(action, Donate):
            reason = self.legal_donation(action)
            if reason:
                raise IllegalActionError(f"{action.describe(self.board) if action.nation in self.treasury else action}: {reason}")
            return self._donate(action)
        if self.over:
            raise IllegalActionError("the game is over; no more actions")
        if not self.is_legal(action):
            raise IllegalActionError(self._why_illegal(action))
        self._legal = None
        events: list[Event] = []
        _HANDLERS[action.type](self, action, events)
        self._run(events)
        return events

    def _why_illegal(self, action: Action) -> str:
        p = self.pending
        assert p is not None
        try:
            text = action.describe(self.board)
        except (KeyError, IndexError, AttributeError, TypeError):
            text = str(action)
        actor = getattr(action, "player", None)
        if actor is not None and actor != p["player"]:
            return f"illegal action ({text}): it is not player {actor + 1 if isinstance(actor, int) else actor}'s decision; {self.describe_decision()}"
        nation = getattr(action, "nation", None)
        if nation is not None and p.get("nation") is not None and nation != p["nation"] and not isinstance(action, (Invest, PassInvestment, SwissForce)):
            return f"illegal action ({text}): {self.board.name_of(p['nation']) if p['nation'] in self.treasury else p['nation']} is the nation to act; {self.describe_decision()}"
        same_kind = [a for a in self.legal_actions() if type(a) is type(action)]
        if not same_kind:
            return f"illegal action ({text}): not possible now; {self.describe_decision()}"
        return f"illegal action ({text}): not among the {len(same_kind)} legal options of this kind; {self.describe_decision()}"

    def _donate(self, action: Donate) -> list[Event]:
        self.cash[action.player] -= action.amount
        self.treasury[action.nation] += action.amount
        self._legal = None
        return [Event("donation", {"player": action.player, "nation": action.nation, "amount": action.amount})]

    # -- set-up auction (#30)

    def _do_invest(self, action: Invest, ev: list[Event]) -> None:
        self._buy(action.player, action.nation, action.value, action.trade_in, ev)
        self.pending = None

    def _do_pass(self, action: PassInvestment, ev: list[Event]) -> None:
        self.pending = None

    def _buy(self, player: int, nation: str, value: int, trade_in: int | None, ev: list[Event]) -> None:
        cost = value - (trade_in or 0)
        self.cash[player] -= cost
        self.treasury[nation] += cost
        owned = self.bond_owner[nation]
        if trade_in is not None:
            del owned[trade_in]
            ev.append(Event("bond_upgraded", {"player": player, "nation": nation, "value": value, "trade_in": trade_in, "paid": cost}))
        else:
            ev.append(Event("bond_bought", {"player": player, "nation": nation, "value": value, "paid": cost}))
        owned[value] = player

    # -- rondel (#1, #2, #6, #7)

    def passes_investor(self, start: int | None, target: int) -> bool:
        """A move from rondel space ``start`` to ``target`` goes past Investor without stopping (#7)."""
        if start is None:
            return False
        size = len(self.board.rondel)
        steps = (target - start) % size
        inv = self.board.investor_index
        return 0 < (inv - start) % size < steps

    def _do_rondel(self, action: ChooseRondel, ev: list[Event]) -> None:
        nation, target = action.nation, action.space
        start = self.rondel[nation]
        self.pending = None
        if self.passes_investor(start, target) and (self.setup.investor_card or self.setup.options.swiss_force_without_card):
            queue = self._force_candidates(nation)
            if queue:
                # The cost is paid on declaring the move, so that nothing (a donation during the
                # Swiss Banks' question) can leave it unpaid; a forced stop refunds the difference.
                gov = self.government[nation]
                assert gov is not None and start is not None
                paid = self.board.rondel_cost((target - start) % len(self.board.rondel))
                self.cash[gov] -= paid
                self.pending = {"kind": "swiss_force", "player": queue[0], "nation": nation, "target": target,
                                "queue": queue[1:], "paid": paid}
                return
        self._move_on_rondel(nation, target, ev)

    def _force_candidates(self, nation: str) -> list[int]:
        """Swiss-Bank holders in seating order from the card holder (#7) who could force now or
        after a donation of their own."""
        n = self.num_players
        gov = self.government[nation]
        first = self.card if self.card is not None else ((gov or 0) + 1) % n
        total = sum(self.interest_due(nation).values())
        out = []
        for k in range(n):
            p = (first + k) % n
            if p in self.swiss and p != gov and self.treasury[nation] + self.cash[p] >= total:
                out.append(p)
        return out

    def _do_swiss_force(self, action: SwissForce, ev: list[Event]) -> None:
        p = self.pending
        assert p is not None
        nation, target, queue, paid = p["nation"], p["target"], p["queue"], p.get("paid", 0)
        self.pending = None
        if action.force:
            ev.append(Event("investor_forced", {"player": action.player, "nation": nation, "intended": target}))
            self._move_on_rondel(nation, self.board.investor_index, ev, forced=True, prepaid=paid)
            return
        total = sum(self.interest_due(nation).values())
        queue = [q for q in queue if q in self.swiss and self.treasury[nation] + self.cash[q] >= total]
        if queue:
            self.pending = {"kind": "swiss_force", "player": queue[0], "nation": nation, "target": target,
                            "queue": queue[1:], "paid": paid}
            return
        self._move_on_rondel(nation, target, ev, prepaid=paid)

    def _move_on_rondel(self, nation: str, target: int, ev: list[Event], forced: bool = False, prepaid: int = 0) -> None:
        b = self.board
        start = self.rondel[nation]
        gov = self.government[nation]
        assert gov is not None
        steps = 0 if start is None else (target - start) % len(b.rondel)
        cost = b.rondel_cost(steps)
        if forced and self.setup.options.forced_stop_cost == FORCED_STOP_COST_FREE:
            cost = 0
        self.cash[gov] -= cost - prepaid  # a refund when a forced stop costs less than declared
        passed = self.passes_investor(start, target)
        self.rondel[nation] = target
        ev.append(Event("rondel_moved", {"nation": nation, "from": start, "to": target, "cost": cost, "passed_investor": passed}))
        steps_after: list[list[Any]] = [["act", b.rondel[target].action]]
        if passed and self.setup.investor_card:
            steps_after += [["investor_card"], ["investor_end"]]
        steps_after.append(["end_turn"])
        self.agenda[:0] = steps_after

    # -- factory, production, import

    def _do_build_factory(self, action: BuildFactory, ev: list[Event]) -> None:
        if action.city is not None:
            self.treasury[action.nation] -= self.board.factory_cost
            self.factories.add(action.city)
            ev.append(Event("factory_built", {"nation": action.nation, "region": action.city, "cost": self.board.factory_cost}))
        self.pending = None

    def _do_produce(self, action: Produce, ev: list[Event]) -> None:
        for city in action.cities:
            unit = FLEET if self.board.regions[city].factory_type == "shipyard" else ARMY
            self._add_unit(action.nation, unit, city)
            ev.append(Event("unit_placed", {"nation": action.nation, "unit": unit, "region": city, "imported": False}))
        self.pending = None

    def _do_import(self, action: ImportUnit, ev: list[Event]) -> None:
        p = self.pending
        assert p is not None
        self.treasury[action.nation] -= self.board.import_cost
        self._add_unit(action.nation, action.unit, action.region)
        ev.append(Event("unit_placed", {"nation": action.nation, "unit": action.unit, "region": action.region, "imported": True}))
        p["count"] += 1
        if p["count"] >= self.board.import_max or not self._import_options(action.nation):
            self.pending = None

    def _add_unit(self, nation: str, unit: str, region: str) -> None:
        store = self.armies[nation] if unit == ARMY else self.fleets[nation]
        store[region] = store.get(region, 0) + 1

    # -- maneuver (#14-#23)

    def _do_end_phase(self, action: EndPhase, ev: list[Event]) -> None:
        if action.phase == "import":
            self.pending = None
            return
        self._end_maneuver_phase(ev)

    def _end_maneuver_phase(self, ev: list[Event]) -> None:
        mv = self.mv
        assert mv is not None and self.pending is not None
        nation = self.pending["nation"]
        if mv["phase"] == "fleets":
            mv["phase"] = "armies"
            ev.append(Event("phase", {"nation": nation, "phase": "armies move"}))
            return
        present: dict[str, list[str]] = {}
        for n in self.board.nation_ids:
            for store in (self.armies[n], self.fleets[n]):
                for region in store:
                    holders = present.setdefault(region, [])
                    if not holders or holders[-1] != n:
                        holders.append(n)
        for region in self.board.flag_regions:  # step 3: flags (#23)
            holders = present.get(region)
            if holders and len(holders) == 1 and self.flags.get(region) != holders[0]:
                self._update_flag(region, ev)
        self.mv = None
        self.pending = None
        ev.append(Event("phase", {"nation": nation, "phase": "maneuver ends"}))

    def _do_move_fleet(self, action: MoveFleet, ev: list[Event]) -> None:
        mv = self.mv
        assert mv is not None
        n = action.nation
        self._take_unit(n, FLEET, action.origin)
        self._add_unit(n, FLEET, action.destination)
        mv["moved_f"][action.destination] = mv["moved_f"].get(action.destination, 0) + 1
        ev.append(Event("unit_moved", {"nation": n, "unit": FLEET, "origin": action.origin, "destination": action.destination, "convoy": []}))
        self._begin_entry(n, action.destination, FLEET, "enter", ev)

    def _do_move_army(self, action: MoveArmy, ev: list[Event]) -> None:
        mv = self.mv
        assert mv is not None
        n = action.nation
        self._take_unit(n, ARMY, action.origin)
        self._add_unit(n, ARMY, action.destination)
        mv["moved_a"][action.destination] = mv["moved_a"].get(action.destination, 0) + 1
        for sea in action.convoy:
            mv["convoy"][sea] = mv["convoy"].get(sea, 0) + 1
        ev.append(Event("unit_moved", {"nation": n, "unit": ARMY, "origin": action.origin, "destination": action.destination, "convoy": list(action.convoy)}))
        self._begin_entry(n, action.destination, ARMY, "enter", ev)

    def _take_unit(self, nation: str, unit: str, region: str) -> None:
        """Remove an unmoved unit that leaves ``region``."""
        store = self.armies[nation] if unit == ARMY else self.fleets[nation]
        store[region] -= 1
        if not store[region]:
            del store[region]
            if unit == ARMY:
                self.hostile[nation].discard(region)

    def _remove_unit(self, nation: str, unit: str, region: str) -> None:
        """Remove a unit lost in battle or destruction; of the active nation a moved (or
        convoy-used) one goes first, which is the choice the rules leave to the player."""
        self._take_unit(nation, unit, region)
        mv = self.mv
        if mv is None or self.pending is None or nation != self.turn_nation:
            return
        if unit == ARMY:
            keys = ("moved_a",)
            left = self.armies[nation].get(region, 0)
        else:
            keys = ("convoy", "moved_f") if mv["phase"] == "armies" else ("moved_f",)
            left = self.fleets[nation].get(region, 0)
        first = True
        for key in keys:
            counts = mv[key]
            c = counts.get(region, 0)
            if first and c > 0:
                c -= 1
            c = min(c, left)
            first = False
            if c:
                counts[region] = c
            else:
                counts.pop(region, None)

    def _fight(self, n1: str, u1: str, n2: str, u2: str, region: str, ev: list[Event]) -> None:
        """One battle: one unit of each side removed (#16)."""
        self._remove_unit(n1, u1, region)
        self._remove_unit(n2, u2, region)
        ev.append(Event("battle", {"nation": n1, "unit": u1, "target_nation": n2, "target_unit": u2, "region": region}))
        if self.board.regions[region].takes_flags:
            self._update_flag(region, ev)

    def _update_flag(self, region: str, ev: list[Event]) -> None:
        """#23: a region held by exactly one nation carries that nation's flag, if it has one left."""
        present = [n for n in self.board.nation_ids if self.armies[n].get(region, 0) or self.fleets[n].get(region, 0)]
        if len(present) != 1:
            return
        holder = present[0]
        current = self.flags.get(region)
        if current == holder:
            return
        if current is not None:
            del self.flags[region]
            ev.append(Event("flag_removed", {"nation": current, "region": region}))
        if self.flag_count(holder) < self.board.nation_by_id[holder].flags:
            self.flags[region] = holder
            ev.append(Event("flag_placed", {"nation": holder, "region": region}))

    def _do_battle(self, action: Battle, ev: list[Event]) -> None:
        p = self.pending
        assert p is not None
        self._fight(action.nation, action.unit, action.target_nation, action.target_unit, action.region, ev)
        if p["kind"] in ("entry_fight", "entry_demand"):
            # The entering unit (or the army whose status changed) fought: the entry is over.
            self.entry = None
        self._prompt_maneuver()

    def _begin_entry(self, nation: str, region: str, unit: str, mode: str, ev: list[Event]) -> None:
        """A unit entered ``region`` (mode "enter") or a stack changed its status (mode "status")."""
        targets = self._entry_targets(nation, region, unit)
        remaining = [o for o in dict.fromkeys(o for o, _ in targets) if self.government[o] is not None]
        self.entry = {"mover": nation, "region": region, "unit": unit, "mode": mode, "remaining": remaining}
        if targets and mode == "enter":
            self.pending = {"kind": "entry_fight", "player": self.government[nation], "nation": nation}
            return
        self._entry_next(ev)

    def _entry_next(self, ev: list[Event]) -> None:
        e = self.entry
        assert e is not None
        remaining = e["remaining"]
        mover = e["mover"]
        if len(remaining) > 1:
            self.pending = {"kind": "entry_ask", "player": self.government[mover], "nation": mover}
            return
        if len(remaining) == 1:
            asked = remaining[0]
            self.pending = {"kind": "entry_demand", "player": self.government[asked], "nation": asked}
            return
        region = e["region"]
        if e["mode"] == "enter" and e["unit"] == ARMY and self._is_foreign_home(mover, region):
            if self.forced_friendly(region):  # #20: entering armies are laid down
                self._set_status(mover, region, False, ev, forced=True)
            else:
                self.pending = {"kind": "entry_status", "player": self.government[mover], "nation": mover}
                return
        self.entry = None
        self._prompt_maneuver()

    def _do_peace(self, action: Peace, ev: list[Event]) -> None:
        e = self.entry
        assert e is not None and self.pending is not None
        if self.pending["kind"] == "entry_demand":
            e["remaining"].remove(action.nation)
        self.pending = None
        self._entry_next(ev)

    def _do_ask(self, action: AskNation, ev: list[Event]) -> None:
        self.pending = {"kind": "entry_demand", "player": self.government[action.asked], "nation": action.asked}

    def _do_army_status(self, action: SetArmyStatus, ev: list[Event]) -> None:
        p = self.pending
        assert p is not None
        self._set_status(action.nation, action.region, action.hostile, ev)
        if p["kind"] == "entry_status":
            self.entry = None
            self._prompt_maneuver()
            return
        # A status change in the army phase: the other nations there may demand a battle (#19).
        self._begin_entry(action.nation, action.region, ARMY, "status", ev)

    def _set_status(self, nation: str, region: str, hostile: bool, ev: list[Event], forced: bool = False) -> None:
        mv = self.mv
        assert mv is not None
        if region not in mv["touched"]:
            mv["touched"].append(region)
        if hostile:
            self.hostile[nation].add(region)
        else:
            self.hostile[nation].discard(region)
        ev.append(Event("army_status", {"nation": nation, "region": region, "hostile": hostile, "forced": forced}))

    def _do_destroy_factory(self, action: DestroyFactory, ev: list[Event]) -> None:
        self.factories.discard(action.region)
        for _army in range(3):
            self._remove_unit(action.nation, ARMY, action.region)
        ev.append(Event("factory_destroyed", {"nation": action.nation, "region": action.region,
                                              "owner": self.board.regions[action.region].nation}))
        self._prompt_maneuver()

    def _prompt_maneuver(self) -> None:
        nation = self.turn_nation
        assert nation is not None
        self.pending = {"kind": "maneuver", "player": self.government[nation], "nation": nation}

    # -- investing (#8-#10)

    def _pay_interest(self, nation: str, ev: list[Event]) -> None:
        """#5: the treasury pays the other holders first; a gap comes from the government's cash;
        the government gets what is left, up to its own interest."""
        gov = self.government[nation]
        due = self.interest_due(nation)
        n = self.num_players
        order = [p for p in ((gov or 0) + 1 + k for k in range(n)) for p in [p % n] if p != gov and p in due]
        for p in order:
            amount = due[p]
            from_treasury = min(amount, self.treasury[nation])
            self.treasury[nation] -= from_treasury
            from_gov = 0
            if from_treasury < amount and gov is not None:
                from_gov = min(amount - from_treasury, self.cash[gov])
                self.cash[gov] -= from_gov
            paid = from_treasury + from_gov
            self.cash[p] += paid
            ev.append(Event("interest_paid", {"nation": nation, "player": p, "amount": paid, "by_government": from_gov}))
            if paid < amount:
                ev.append(Event("interest_shortfall", {"nation": nation, "player": p, "amount": amount - paid}))
        if gov is not None and gov in due:
            own = min(due[gov], self.treasury[nation])
            self.treasury[nation] -= own
            self.cash[gov] += own
            ev.append(Event("interest_paid", {"nation": nation, "player": gov, "amount": own, "by_government": 0}))

    def _update_governments(self, tie_start: int, ev: list[Event]) -> None:
        """#9: a challenger must strictly exceed the incumbent; ties among challengers go to
        the first in seating order from ``tie_start``."""
        n = self.num_players
        for nation in self.board.nation_ids:
            sums = [0] * n
            for value, p in self.bond_owner[nation].items():
                sums[p] += value
            best = max(sums)
            if best == 0:
                continue
            incumbent = self.government[nation]
            if incumbent is not None and sums[incumbent] == best:
                continue
            new = next((tie_start + k) % n for k in range(n) if sums[(tie_start + k) % n] == best)
            self.government[nation] = new
            ev.append(Event("government_changed", {"nation": nation, "player": new, "previous": incumbent}))

    def _update_swiss_banks(self, ev: list[Event]) -> None:
        """#10: a player who governs no nation holds a Swiss Bank."""
        governing = {g for g in self.government.values() if g is not None}
        new = {p for p in range(self.num_players) if p not in governing}
        for p in sorted(new ^ self.swiss):
            ev.append(Event("swiss_bank", {"player": p, "holds": p in new}))
        self.swiss = new

    # ------------------------------------------------------------------ the flow of the game

    def _run(self, ev: list[Event]) -> None:
        """Carry out automatic steps until a decision is pending or the game is over."""
        self._legal = None
        steps = 0
        while not self.over:
            steps += 1
            if steps > _MAX_AUTOMATIC_STEPS:  # a corrupt flow; never reached from a sound state
                raise RuntimeError("the game flow does not reach a decision")
            if self.pending is not None:
                if self.pending["kind"] == "maneuver" and self._only_end_phase():
                    self._end_maneuver_phase(ev)
                    self._legal = None
                    continue
                break
            if not self.agenda:
                raise RuntimeError("the game flow ran out of steps")  # a bug, never a player error
            step = self.agenda.pop(0)
            _STEPS[step[0]](self, ev, *step[1:])

    def _only_end_phase(self) -> bool:
        """A maneuver phase with nothing left to do but end it is ended automatically."""
        self._legal = self._generate()
        return len(self._legal) == 1

    def _step_auction_nation(self, ev: list[Event], index: int) -> None:
        n = self.num_players
        nation = self.board.nation_ids[index]
        first = (self.setup.auction_start + index) % n  # the start player moves on each nation
        queue = [(first + k) % n for k in range(n)]
        self.agenda[:0] = [["auction_bid", nation, queue], ["auction_close", nation]]

    def _step_auction_bid(self, ev: list[Event], nation: str, queue: list[int]) -> None:
        for i, player in enumerate(queue):
            if any(v <= self.cash[player] for v in self.available_bonds(nation)):
                self.pending = {"kind": "auction", "player": player, "nation": nation}
                if queue[i + 1:]:
                    self.agenda.insert(0, ["auction_bid", nation, queue[i + 1:]])
                return

    def _step_auction_close(self, ev: list[Event], nation: str) -> None:
        owners = self.bond_owner[nation]
        if owners:  # bond values are distinct and each player buys at most one: no ties
            top = max(owners)
            self.government[nation] = owners[top]
            ev.append(Event("government_changed", {"nation": nation, "player": owners[top], "previous": None}))

    def _step_auction_finish(self, ev: list[Event]) -> None:
        self._update_swiss_banks(ev)
        self._place_investor_card()
        if self.card is not None:
            ev.append(Event("investor_card", {"player": self.card}))
        self.agenda.insert(0, ["turn_start", 0])

    def _step_turn_start(self, ev: list[Event], index: int) -> None:
        ids = self.board.nation_ids
        nation = ids[index]
        if all(g is None for g in self.government.values()) and not self._anyone_can_invest():
            self._end_without_government(ev)  # clarification point 37: nobody could ever move
            return
        if self.government[nation] is None:  # #3: skipped, or (#29) first offered in a round
            if not self.setup.investor_card:
                starter = self.previous_government
                if starter is None:  # R-EN variant without investor card: the previous nation's government
                    starter = self._previous_nation_government(index)
                self.agenda[:0] = [["variant_round", nation, starter], ["turn_check", index]]
            else:
                self.agenda.insert(0, ["turn_start", (index + 1) % len(ids)])
            return
        self.turn_nation = nation
        ev.append(Event("turn_started", {"nation": nation, "turn": self.turns_taken + 1}))
        self.pending = {"kind": "rondel", "player": self.government[nation], "nation": nation}

    def _previous_nation_government(self, index: int) -> int:
        """The government of the nearest governed nation before ``index`` in turn order (the
        auction's start player if none is governed: clarification point 37)."""
        ids = self.board.nation_ids
        for k in range(1, len(ids) + 1):
            gov = self.government[ids[(index - k) % len(ids)]]
            if gov is not None:
                return gov
        return self.setup.auction_start

    def _anyone_can_invest(self) -> bool:
        """Whether a bond can still be bought at all: only in the variant without investor card
        does an ungoverned nation offer its bonds outside a turn (R-EN variant, #29)."""
        if self.setup.investor_card:
            return False
        cheapest = min(self.board.bond_values)
        return any(c >= cheapest for c in self.cash)

    def _end_without_government(self, ev: list[Event]) -> None:
        """Clarification point 37: no nation has a government and no bond can be granted any more."""
        self.over = True
        self.pending = None
        self.agenda = []
        self.turn_nation = None
        ev.append(Event("game_over", {"nation": None, "reason": "no_government",
                                      "scores": [s["total"] for s in self.scores()]}))

    def _step_turn_check(self, ev: list[Event], index: int) -> None:
        ids = self.board.nation_ids
        if self.government[ids[index]] is not None:
            self.agenda.insert(0, ["turn_start", index])
        else:
            self.agenda.insert(0, ["turn_start", (index + 1) % len(ids)])

    def _step_act(self, ev: list[Event], action: str) -> None:
        nation = self.turn_nation
        assert nation is not None
        gov = self.government[nation]
        if action == "factory":
            if self._buildable_sites(nation):
                self.pending = {"kind": "factory", "player": gov, "nation": nation}
        elif action == "production":
            if len(self._production_subsets(nation)) > 1:
                self.pending = {"kind": "production", "player": gov, "nation": nation}
        elif action == "import":
            if self._import_options(nation):
                self.pending = {"kind": "import", "player": gov, "nation": nation, "count": 0}
        elif action == "maneuver":
            self.mv = {"phase": "fleets", "moved_a": {}, "moved_f": {}, "convoy": {}, "touched": []}
            self._prompt_maneuver()
        elif action == "investor":
            self._pay_interest(nation, ev)
            if self.setup.investor_card:
                self.agenda[:0] = [["investor_card"], ["investor_end"]]
        elif action == "taxation":
            self._taxation(nation, ev)
        else:  # pragma: no cover - map data error
            raise RuntimeError(f"unknown rondel action {action!r}")

    def _taxation(self, nation: str, ev: list[Event]) -> None:
        """R-EN Taxation, #24-#26."""
        b = self.board
        taxes = self.tax_revenue(nation)
        old = self.chart[nation]
        position = b.chart_position(taxes)
        bonus = max(0, position - old)
        gov = self.government[nation]
        assert gov is not None
        self.cash[gov] += bonus
        self.chart[nation] = position
        points = b.tax_points[position]
        self.power[nation] = min(25, self.power[nation] + points)
        armies, fleets = self.unit_count(nation)
        ending = self.power[nation] >= 25
        income = 0 if ending else max(0, taxes - armies - fleets)
        self.treasury[nation] += income
        ev.append(Event("taxes", {"nation": nation, "taxes": taxes, "chart": position, "bonus": bonus,
                                  "points": points, "power": self.power[nation], "soldiers_pay": armies + fleets,
                                  "income": income}))
        self.power_log.append([self.turns_taken + 1, nation, self.power[nation]])
        if ending:
            self.turns_taken += 1
            self.over = True
            self.pending = None
            self.agenda = []
            self.turn_nation = None
            ev.append(Event("game_over", {"nation": nation, "scores": [s["total"] for s in self.scores()]}))

    def _step_investor_card(self, ev: list[Event]) -> None:
        holder = self.card
        assert holder is not None
        self.cash[holder] += 2
        ev.append(Event("investor_bonus", {"player": holder, "amount": 2}))
        n = self.num_players
        queue = [[holder, None]]
        queue += [[(holder + k) % n, None] for k in range(1, n) if (holder + k) % n in self.swiss]
        self.agenda.insert(0, ["invest", queue])

    def _step_investor_end(self, ev: list[Event]) -> None:
        holder = self.card
        assert holder is not None
        self._update_governments(holder, ev)
        self._update_swiss_banks(ev)
        self.card = (holder + 1) % self.num_players
        ev.append(Event("investor_card", {"player": self.card}))

    def _step_invest(self, ev: list[Event], queue: list[list[Any]]) -> None:
        for i, (player, only) in enumerate(queue):
            if self._invest_options(player, only):
                self.pending = {"kind": "invest", "player": player, "nation": only, "only": only}
                if queue[i + 1:]:
                    self.agenda.insert(0, ["invest", queue[i + 1:]])
                return

    def _step_variant_round(self, ev: list[Event], nation: str, starter: int) -> None:
        """#29: after a nation's turn each player may invest in it (a Swiss Bank in any nation)."""
        n = self.num_players
        order = [(starter + k) % n for k in range(n)]
        queue = [[p, None if p in self.swiss else nation] for p in order]
        self.agenda[:0] = [["invest", queue], ["round_end", starter]]

    def _step_round_end(self, ev: list[Event], starter: int) -> None:
        self._update_governments(starter, ev)
        self._update_swiss_banks(ev)

    def _step_end_turn(self, ev: list[Event]) -> None:
        nation = self.turn_nation
        assert nation is not None
        self.turns_taken += 1
        gov = self.government[nation]
        self.previous_government = gov
        index = self.board.nation_ids.index(nation)
        nxt = (index + 1) % len(self.board.nation_ids)
        self.turn_nation = None
        if not self.setup.investor_card:
            self.agenda[:0] = [["variant_round", nation, gov], ["turn_start", nxt]]
        else:
            self.agenda.insert(0, ["turn_start", nxt])

    # ------------------------------------------------------------------ scoring (#27)

    def scores(self) -> list[dict[str, Any]]:
        """Per player: bonds with interest x power factor, cash and the total."""
        return scoring.scores(self)

    def tie_break_key(self, player: int) -> tuple[int, ...]:
        """Credit sums in the nations ordered by power points (ties in nation order)."""
        return scoring.tie_break_key(self, player)

    def ranking(self) -> list[dict[str, Any]]:
        """Players best first, with ``rank`` and whether equal totals needed the tie-break."""
        return scoring.ranking(self)

    # ------------------------------------------------------------------ copies and serialization

    def clone(self) -> "GameState":
        """An independent copy (cheap: containers of ints and strings)."""
        c = GameState(self.setup, _empty=True)
        c.board = self.board
        c.cash = list(self.cash)
        c.treasury = dict(self.treasury)
        c.bond_owner = {k: dict(v) for k, v in self.bond_owner.items()}
        c.government = dict(self.government)
        c.swiss = set(self.swiss)
        c.card = self.card
        c.rondel = dict(self.rondel)
        c.power = dict(self.power)
        c.chart = dict(self.chart)
        c.factories = set(self.factories)
        c.armies = {k: dict(v) for k, v in self.armies.items()}
        c.fleets = {k: dict(v) for k, v in self.fleets.items()}
        c.hostile = {k: set(v) for k, v in self.hostile.items()}
        c.flags = dict(self.flags)
        c.turn_nation = self.turn_nation
        c.turns_taken = self.turns_taken
        c.previous_government = self.previous_government
        c.agenda = copy_plain(self.agenda)
        c.pending = copy_plain(self.pending)
        c.mv = copy_plain(self.mv)
        c.entry = copy_plain(self.entry)
        c.over = self.over
        c.power_log = [list(x) for x in self.power_log]
        c._legal = self._legal
        return c

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (canonical: equal states give equal dicts)."""
        ids = self.board.nation_ids
        return {
            "format_version": STATE_FORMAT_VERSION,
            "setup": self.setup.to_dict(),
            "cash": list(self.cash),
            "treasury": {k: self.treasury[k] for k in ids},
            "bonds": {k: {str(v): p for v, p in sorted(self.bond_owner[k].items())} for k in ids},
            "government": {k: self.government[k] for k in ids},
            "swiss_banks": sorted(self.swiss),
            "investor_card": self.card,
            "rondel": {k: self.rondel[k] for k in ids},
            "power": {k: self.power[k] for k in ids},
            "tax_chart": {k: self.chart[k] for k in ids},
            "factories": sorted(self.factories),
            "armies": {k: dict(sorted(self.armies[k].items())) for k in ids},
            "fleets": {k: dict(sorted(self.fleets[k].items())) for k in ids},
            "hostile": {k: sorted(self.hostile[k]) for k in ids},
            "flags": dict(sorted(self.flags.items())),
            "turn_nation": self.turn_nation,
            "turns_taken": self.turns_taken,
            "previous_government": self.previous_government,
            "agenda": copy_plain(self.agenda),
            "pending": copy_plain(self.pending),
            "maneuver": None if self.mv is None else {
                "phase": self.mv["phase"],
                "moved_a": dict(sorted(self.mv["moved_a"].items())),
                "moved_f": dict(sorted(self.mv["moved_f"].items())),
                "convoy": dict(sorted(self.mv["convoy"].items())),
                "touched": sorted(self.mv["touched"]),
            },
            "entry": copy_plain(self.entry),
            "over": self.over,
            "power_log": [list(x) for x in self.power_log],
        }

    @classmethod
    def from_dict(cls, data: Any) -> "GameState":
        """Rebuild a state from :meth:`to_dict` output; raises RecordError on malformed data."""
        return serialize.state_from_dict(cls, data)

    def validate(self) -> None:
        """Check the invariants of a loaded state; raises RecordError."""
        serialize.validate_state(self)

    def digest(self) -> str:
        """SHA-256 of the canonical JSON form of the state."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


@lru_cache(maxsize=4096)
def _production_combos(sites: tuple[str, ...], shipyards: tuple[bool, ...], free_armies: int, free_fleets: int) -> list[tuple[str, ...]]:
    """Every subset of ``sites`` whose armies and fleets fit the free supply (memoised)."""
    out: list[tuple[str, ...]] = []
    indices = range(len(sites))
    for k in range(len(sites) + 1):
        for combo in combinations(indices, k):
            fleets = sum(1 for i in combo if shipyards[i])
            if k - fleets <= free_armies and fleets <= free_fleets:
                out.append(tuple(sites[i] for i in combo))
    return out


_MAX_AUTOMATIC_STEPS = 10_000  # automatic steps between two decisions; a real game needs < 20

# Dispatch tables (built once): action type -> handler, agenda step -> method, decision -> generator.
_HANDLERS: dict[str, Callable[..., None]] = {
    name[len("_do_"):]: fn for name, fn in vars(GameState).items() if name.startswith("_do_")}
_STEPS: dict[str, Callable[..., None]] = {
    name[len("_step_"):]: fn for name, fn in vars(GameState).items() if name.startswith("_step_")}
_GENERATORS: dict[str, Callable[..., list[Action]]] = {
    name[len("_legal_"):]: fn for name, fn in vars(GameState).items() if name.startswith("_legal_")}
