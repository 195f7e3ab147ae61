"""Factory, Production and Import: the rondel spaces that build and place (R-EN Factory,
Production, Import; clarifications 11-13)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from imperial_desktop.core.actions import (
    ARMY, FLEET, UNIT_KINDS, Action, BuildFactory, EndPhase, ImportUnit, Produce, interned,
)
from imperial_desktop.core.board import HOME
from imperial_desktop.core.events import Event
from imperial_desktop.core.refusal import Refusal, RefusalCode, refuse
from imperial_desktop.core.state_base import StateBase
from imperial_desktop.core.vocabulary import EVENT, KIND


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


class ProductionPhase(StateBase):
    """The Factory, Production and Import decisions."""

    def _is_own_home(self, nation: str, region: str) -> bool:
        r = self.board.regions[region]
        return r.kind == HOME and r.nation == nation

    # ------------------------------------------------------------------ factory

    def _act_factory(self, ev: list[Event]) -> None:
        nation = self.turn_nation
        assert nation is not None
        if self._buildable_sites(nation):
            self.pending = {"kind": KIND.FACTORY, "player": self.government[nation], "nation": nation}

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

    def _refuse_factory(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """R-EN Factory: in an own home province without a factory or hostile armies, 5M from
        the treasury."""
        if not isinstance(action, BuildFactory) or action.city is None:
            return None
        nation, region = p["nation"], action.city
        if region not in self.board.regions:
            return refuse(RefusalCode.UNKNOWN_REGION, region=region)
        if not self._is_own_home(nation, region):
            return refuse(RefusalCode.FACTORY_NOT_HOME, region=region)
        if region in self.factories:
            return refuse(RefusalCode.FACTORY_EXISTS, region=region)
        if region in self.occupied_regions():
            return refuse(RefusalCode.FACTORY_OCCUPIED, region=region)
        if self.treasury[nation] < self.board.factory_cost:
            return refuse(RefusalCode.FACTORY_TOO_DEAR, nation=nation, cost=self.board.factory_cost,
                          money=self.treasury[nation])
        return None

    def _do_build_factory(self, action: BuildFactory, ev: list[Event]) -> None:
        if action.city is not None:
            self.treasury[action.nation] -= self.board.factory_cost
            self.factories.add(action.city)
            ev.append(Event(EVENT.FACTORY_BUILT, {"nation": action.nation, "region": action.city, "cost": self.board.factory_cost}))
        self.pending = None

    # ------------------------------------------------------------------ production

    def _act_production(self, ev: list[Event]) -> None:
        nation = self.turn_nation
        assert nation is not None
        if len(self._production_subsets(nation)) > 1:
            self.pending = {"kind": KIND.PRODUCTION, "player": self.government[nation], "nation": nation}

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

    def _refuse_production(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """R-EN Production: each own factory without hostile armies produces one unit, within
        the nation's supply of pieces (#12)."""
        if not isinstance(action, Produce):
            return None
        nation = p["nation"]
        regions = self.board.regions
        occupied = self.occupied_regions()
        seen: set[str] = set()
        new = {ARMY: 0, FLEET: 0}
        for city in action.cities:
            if city not in regions:
                return refuse(RefusalCode.UNKNOWN_REGION, region=city)
            if city in seen:
                return refuse(RefusalCode.PRODUCE_TWICE, region=city)
            seen.add(city)
            if not self._is_own_home(nation, city) or city not in self.factories:
                return refuse(RefusalCode.PRODUCE_NO_FACTORY, region=city)
            if city in occupied:
                return refuse(RefusalCode.PRODUCE_OCCUPIED, region=city)
            new[FLEET if regions[city].factory_type == "shipyard" else ARMY] += 1
        nat = self.board.nation_by_id[nation]
        armies, fleets = self.unit_count(nation)
        if armies + new[ARMY] > nat.army_supply:
            return refuse(RefusalCode.PRODUCE_SUPPLY, nation=nation, unit=ARMY, supply=nat.army_supply)
        if fleets + new[FLEET] > nat.fleet_supply:
            return refuse(RefusalCode.PRODUCE_SUPPLY, nation=nation, unit=FLEET, supply=nat.fleet_supply)
        return None

    def _do_produce(self, action: Produce, ev: list[Event]) -> None:
        for city in action.cities:
            unit = FLEET if self.board.regions[city].factory_type == "shipyard" else ARMY
            self._add_unit(action.nation, unit, city)
            ev.append(Event(EVENT.UNIT_PLACED, {"nation": action.nation, "unit": unit, "region": city, "imported": False}))
        self.pending = None

    # ------------------------------------------------------------------ import

    def _act_import(self, ev: list[Event]) -> None:
        nation = self.turn_nation
        assert nation is not None
        if self._import_options(nation):
            self.pending = {"kind": KIND.IMPORT, "player": self.government[nation], "nation": nation, "count": 0}

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

    def import_refusal(self, nation: str, region: str) -> Refusal | None:
        """Why ``nation`` can import no unit at all into ``region`` now, or None if it can import
        an army or a fleet there (R-EN Import, #13)."""
        p = self.pending
        if p is None or p["kind"] != KIND.IMPORT:
            return refuse(RefusalCode.NOT_NOW, kind=None if p is None else p["kind"])
        if nation != p["nation"]:
            return refuse(RefusalCode.NOT_THE_ACTING_NATION, nation=nation, acting=p["nation"])
        why = self._import_site_refusal(nation, region, p)
        if why is not None or any(r == region for _unit, r in self._import_options(nation)):
            return why
        return refuse(RefusalCode.IMPORT_NO_PIECES, nation=nation, region=region, unit=None)

    def _import_site_refusal(self, nation: str, region: str, p: dict[str, Any]) -> Refusal | None:
        b = self.board
        if region not in b.regions:
            return refuse(RefusalCode.UNKNOWN_REGION, region=region)
        if not self._is_own_home(nation, region):
            return refuse(RefusalCode.IMPORT_NOT_HOME, region=region, most=b.import_max)
        if region in self.occupied_regions():
            return refuse(RefusalCode.IMPORT_OCCUPIED, region=region)
        if p["count"] >= b.import_max:
            return refuse(RefusalCode.IMPORT_LIMIT, most=b.import_max)
        if self.treasury[nation] < b.import_cost:
            return refuse(RefusalCode.IMPORT_TOO_DEAR, nation=nation, cost=b.import_cost, money=self.treasury[nation])
        return None

    def _refuse_import(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """R-EN Import: at most three units, 1M each from the treasury, in own home provinces
        without hostile armies, fleets only in port cities, within the supply (#13)."""
        if isinstance(action, EndPhase):
            return None if action.phase == "import" else refuse(RefusalCode.END_PHASE_MISMATCH, phase=action.phase, current="import")
        if not isinstance(action, ImportUnit):
            return None
        nation, region, unit = p["nation"], action.region, action.unit
        if unit not in UNIT_KINDS:
            return refuse(RefusalCode.UNKNOWN_UNIT, unit=unit)
        why = self._import_site_refusal(nation, region, p)
        if why is not None:
            return why
        if unit == FLEET and self.board.regions[region].factory_type != "shipyard":
            return refuse(RefusalCode.IMPORT_FLEET_NOT_PORT, region=region)
        if (unit, region) not in self._import_options(nation):
            return refuse(RefusalCode.IMPORT_NO_PIECES, nation=nation, region=region, unit=unit)
        return None

    def _do_import(self, action: ImportUnit, ev: list[Event]) -> None:
        p = self.pending
        assert p is not None
        self.treasury[action.nation] -= self.board.import_cost
        self._add_unit(action.nation, action.unit, action.region)
        ev.append(Event(EVENT.UNIT_PLACED, {"nation": action.nation, "unit": action.unit, "region": action.region, "imported": True}))
        p["count"] += 1
        if p["count"] >= self.board.import_max or not self._import_options(action.nation):
            self.pending = None

    def _end_import(self, ev: list[Event]) -> None:
        self.pending = None
