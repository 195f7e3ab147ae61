"""Maneuver: fleets then armies move, battles, the armies' status, flags (R-EN Maneuver, #14-#23).

Two parts of one phase: :class:`ManeuverMoves` (which unit moves where, the end of each movement
and the flags) and :class:`ManeuverBattles` (battles, the questions a unit's entry raises, the
armies' status in foreign home provinces, destroying factories).
"""

from __future__ import annotations

from typing import Any

from imperial_desktop.core.actions import (
    ARMY, FLEET, UNIT_KINDS, Action, AskNation, Battle, DestroyFactory, EndPhase, MoveArmy, MoveFleet,
    Peace, SetArmyStatus, interned,
)
from imperial_desktop.core.board import HOME, IMPASSABLE
from imperial_desktop.core.events import Event
from imperial_desktop.core.movement import ArmyRouter, army_move_actions, fleet_destinations
from imperial_desktop.core.refusal import Refusal, RefusalCode, refuse
from imperial_desktop.core.state_base import StateBase
from imperial_desktop.core.vocabulary import EVENT, KIND


class ManeuverMoves(StateBase):
    """The movement of fleets and armies, the end of each movement and the flags."""

    def _act_maneuver(self, ev: list[Event]) -> None:
        self.mv = {"phase": "fleets", "moved_a": {}, "moved_f": {}, "convoy": {}, "touched": []}
        self._prompt_maneuver()

    def _prompt_maneuver(self) -> None:
        nation = self.turn_nation
        assert nation is not None
        self.pending = {"kind": KIND.MANEUVER, "player": self.government[nation], "nation": nation}

    # ------------------------------------------------------------------ legality and reasons

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

    def _refuse_maneuver(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        mv = self.mv
        assert mv is not None
        if isinstance(action, (MoveFleet, MoveArmy)):
            unit = FLEET if isinstance(action, MoveFleet) else ARMY
            why = self.move_refusal(action.nation, unit, action.origin, action.destination)
            if why is None and isinstance(action, MoveArmy):  # the destination is reached by other seas
                return refuse(RefusalCode.CONVOY_ROUTE, region=action.destination, convoy=action.convoy)
            return why
        if isinstance(action, Battle):
            return self._battle_refusal(action)
        if isinstance(action, SetArmyStatus):
            return self._status_refusal(action)
        if isinstance(action, DestroyFactory):
            return self._destroy_refusal(action)
        if isinstance(action, EndPhase) and action.phase != mv["phase"]:
            return refuse(RefusalCode.END_PHASE_MISMATCH, phase=action.phase, current=mv["phase"])
        return None

    def unit_refusal(self, nation: str, unit: str, region: str) -> Refusal | None:
        """Why the ``unit`` ("army" or "fleet") of ``nation`` in ``region`` cannot move now, or
        None if it can move somewhere (R-EN Maneuver: only the nation on the Maneuver space
        moves, fleets first, then armies, each unit once)."""
        why = self._unit_refusal(nation, unit, region)
        if why is not None:
            return why
        kind = MoveFleet if unit == FLEET else MoveArmy
        if not any(type(a) is kind and a.origin == region for a in self.legal_actions()):  # type: ignore[attr-defined]
            return refuse(RefusalCode.NO_DESTINATION, unit=unit, region=region)
        return None

    def _unit_refusal(self, nation: str, unit: str, region: str) -> Refusal | None:
        """Who moves and when: the nation's Maneuver, the movement of this kind of unit, a unit
        there that has not moved yet."""
        p = self.pending
        if p is None or p["kind"] != KIND.MANEUVER:
            return refuse(RefusalCode.NOT_NOW, kind=None if p is None else p["kind"])
        if nation != p["nation"]:
            return refuse(RefusalCode.NOT_THE_ACTING_NATION, nation=nation, acting=p["nation"])
        if unit not in UNIT_KINDS:
            return refuse(RefusalCode.UNKNOWN_UNIT, unit=unit)
        mv = self.mv
        assert mv is not None
        if unit == FLEET and mv["phase"] == "armies":
            return refuse(RefusalCode.FLEET_PHASE_OVER)
        if unit == ARMY and mv["phase"] == "fleets":
            return refuse(RefusalCode.ARMIES_AFTER_FLEETS)
        here = (self.fleets if unit == FLEET else self.armies)[nation].get(region, 0)
        if not here:
            return refuse(RefusalCode.NO_UNIT_THERE, nation=nation, unit=unit, region=region)
        # units that moved into the region this Maneuver are counted there
        moved = mv["moved_f"] if unit == FLEET else mv["moved_a"]
        if here - moved.get(region, 0) <= 0:
            return refuse(RefusalCode.UNIT_MOVED, unit=unit, region=region)
        return None

    def move_refusal(self, nation: str, unit: str, origin: str, destination: str) -> Refusal | None:
        """Why the ``unit`` of ``nation`` cannot move from ``origin`` to ``destination`` now by any
        route, or None if it can."""
        why = self._unit_refusal(nation, unit, origin)
        if why is not None:
            return why
        if destination not in self.board.regions:
            return refuse(RefusalCode.UNKNOWN_REGION, region=destination)
        if unit == FLEET:
            return self._fleet_refusal(origin, destination)
        return self._army_refusal(nation, origin, destination)

    def _fleet_refusal(self, origin: str, destination: str) -> Refusal | None:
        """R-EN Maneuver 1: one adjacent sea; from a harbour only to its anchor sea; never back
        to land; no unit enters the impassable region."""
        regions = self.board.regions
        if regions[destination].kind == IMPASSABLE:
            return refuse(RefusalCode.CLOSED_REGION, region=destination, unit=FLEET)
        if destination in fleet_destinations(self, origin):
            return None
        if not regions[origin].is_sea:
            return refuse(RefusalCode.FLEET_HARBOUR_TO_ANCHOR, sea=regions[origin].harbour_sea)
        if not regions[destination].is_sea:
            return refuse(RefusalCode.FLEET_NOT_TO_LAND, region=destination)
        return refuse(RefusalCode.FLEET_TOO_FAR, sea=destination)

    def _army_refusal(self, nation: str, origin: str, destination: str) -> Refusal | None:
        """R-EN Maneuver 2: one land step, or a convoy through seas holding the nation's unused
        fleets, with the railway inside its own home provinces free of hostile armies before
        and after (#15, #17, #18); never into the sea or the impassable region."""
        board = self.board
        target = board.regions[destination]
        if target.kind == IMPASSABLE:
            return refuse(RefusalCode.CLOSED_REGION, region=destination, unit=ARMY)
        if target.is_sea:
            return refuse(RefusalCode.ARMY_NOT_TO_SEA, region=destination)
        router = ArmyRouter(self, nation)
        if destination in router.destinations(origin):
            return None
        start = router.component(origin)
        by_land = any(destination in board.land_neighbours[r] for r in start)
        home = board.nation_by_id[nation].home_provinces
        occupied = self.occupied_regions()
        blocked = [r for r in home if r in occupied]
        if not by_land and blocked and (destination in home or origin in home):
            return refuse(RefusalCode.RAILWAY_CUT, regions=blocked)
        if not by_land:
            if any(destination in landings for landings in board.coasts.values()):
                return refuse(RefusalCode.CONVOY_NEEDED, region=destination)
            return refuse(RefusalCode.ARMY_TOO_FAR, region=destination)
        return refuse(RefusalCode.ARMY_CANNOT_REACH, region=destination)

    # ------------------------------------------------------------------ moving

    def _do_move_fleet(self, action: MoveFleet, ev: list[Event]) -> None:
        mv = self.mv
        assert mv is not None
        n = action.nation
        self._take_unit(n, FLEET, action.origin)
        self._add_unit(n, FLEET, action.destination)
        mv["moved_f"][action.destination] = mv["moved_f"].get(action.destination, 0) + 1
        ev.append(Event(EVENT.UNIT_MOVED, {"nation": n, "unit": FLEET, "origin": action.origin, "destination": action.destination, "convoy": []}))
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
        ev.append(Event(EVENT.UNIT_MOVED, {"nation": n, "unit": ARMY, "origin": action.origin, "destination": action.destination, "convoy": list(action.convoy)}))
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

    # ------------------------------------------------------------------ the end of a movement

    def _end_maneuver_phase(self, ev: list[Event]) -> None:
        mv = self.mv
        assert mv is not None and self.pending is not None
        nation = self.pending["nation"]
        if mv["phase"] == "fleets":
            mv["phase"] = "armies"
            ev.append(Event(EVENT.PHASE, {"nation": nation, "phase": "armies move"}))
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
        ev.append(Event(EVENT.PHASE, {"nation": nation, "phase": "maneuver ends"}))

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
            ev.append(Event(EVENT.FLAG_REMOVED, {"nation": current, "region": region}))
        if self.flag_count(holder) < self.board.nation_by_id[holder].flags:
            self.flags[region] = holder
            ev.append(Event(EVENT.FLAG_PLACED, {"nation": holder, "region": region}))


class ManeuverBattles(StateBase):
    """Battles, the questions a unit's entry raises, the armies' status and factory destruction."""

    # ------------------------------------------------------------------ what may happen where units meet

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

    # ------------------------------------------------------------------ reasons in the Maneuver decision

    def _battle_refusal(self, action: Battle) -> Refusal | None:
        """#16, #22: a battle needs a unit of each side in the region."""
        if action.region not in self.board.regions:
            return refuse(RefusalCode.UNKNOWN_REGION, region=action.region)
        for unit in (action.unit, action.target_unit):
            if unit not in UNIT_KINDS:
                return refuse(RefusalCode.UNKNOWN_UNIT, unit=unit)
        if action.target_nation not in self.armies:
            return refuse(RefusalCode.UNKNOWN_NATION, nation=action.target_nation)
        if action.target_nation == action.nation:
            return refuse(RefusalCode.BATTLE_OWN_NATION, nation=action.nation)
        if not (self.armies if action.unit == ARMY else self.fleets)[action.nation].get(action.region, 0):
            return refuse(RefusalCode.BATTLE_NO_UNIT, nation=action.nation, region=action.region, unit=action.unit)
        if not (self.armies if action.target_unit == ARMY else self.fleets)[action.target_nation].get(action.region, 0):
            return refuse(RefusalCode.BATTLE_NO_TARGET, nation=action.target_nation, region=action.region,
                          unit=action.target_unit)
        return None

    def _status_refusal(self, action: SetArmyStatus) -> Refusal | None:
        """#19, #20: armies in a foreign home province change their status once per Maneuver, in
        the army movement; the last free factory's province admits friendly armies only."""
        mv = self.mv
        assert mv is not None
        nation, region = action.nation, action.region
        if mv["phase"] == "fleets":
            return refuse(RefusalCode.ARMIES_AFTER_FLEETS)
        if region not in self.board.regions:
            return refuse(RefusalCode.UNKNOWN_REGION, region=region)
        if not self.armies[nation].get(region, 0):
            return refuse(RefusalCode.STATUS_NO_ARMY, region=region)
        if not self._is_foreign_home(nation, region):
            return refuse(RefusalCode.STATUS_NOT_FOREIGN_HOME, region=region)
        if region in mv["touched"]:
            return refuse(RefusalCode.STATUS_CHANGED_ALREADY, region=region)
        if bool(action.hostile) == (region in self.hostile[nation]):
            return refuse(RefusalCode.STATUS_UNCHANGED, region=region, hostile=bool(action.hostile))
        if action.hostile and self.forced_friendly(region):
            return refuse(RefusalCode.STATUS_FORCED_FRIENDLY, region=region)
        return None

    def _destroy_refusal(self, action: DestroyFactory) -> Refusal | None:
        """#21: three hostile armies destroy a foreign factory no defender holds."""
        mv = self.mv
        assert mv is not None
        nation, region = action.nation, action.region
        if mv["phase"] == "fleets":
            return refuse(RefusalCode.ARMIES_AFTER_FLEETS)
        if region not in self.board.regions:
            return refuse(RefusalCode.UNKNOWN_REGION, region=region)
        if region not in self.hostile[nation]:
            return refuse(RefusalCode.DESTROY_NOT_HOSTILE, region=region)
        if region not in self.factories:
            return refuse(RefusalCode.DESTROY_NO_FACTORY, region=region)
        armies = self.armies[nation].get(region, 0)
        if armies < 3:
            return refuse(RefusalCode.DESTROY_NEEDS_THREE, region=region, armies=armies)
        owner = self.board.regions[region].nation
        if owner is not None and (self.armies[owner].get(region, 0) or self.fleets[owner].get(region, 0)):
            return refuse(RefusalCode.DESTROY_DEFENDED, region=region, owner=owner)
        # the last factory without hostile armies admits no hostile army (#20): never reached here
        return None

    # ------------------------------------------------------------------ the entry questions (#16, #19, #22)

    def _legal_entry_fight(self, p: dict[str, Any]) -> list[Action]:
        e = self.entry
        assert e is not None
        nation = p["nation"]
        acts: list[Action] = [interned(Battle, nation, e["region"], e["unit"], o, u) for o, u in self._entry_targets(nation, e["region"], e["unit"])]
        acts.append(interned(Peace, nation))
        return acts

    def _refuse_entry_fight(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """#16, #22: on entering, only the entering unit fights, against a unit there."""
        e = self.entry
        assert e is not None
        if not isinstance(action, Battle):
            return None
        if action.region != e["region"] or action.unit != e["unit"]:
            return refuse(RefusalCode.ENTRY_BATTLE_ONLY, nation=e["mover"], region=e["region"], unit=e["unit"])
        return self._battle_refusal(action)

    def _legal_entry_ask(self, p: dict[str, Any]) -> list[Action]:
        e = self.entry
        assert e is not None
        return [interned(AskNation, p["nation"], other) for other in e["remaining"]]

    def _refuse_entry_ask(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """#22: only the governed nations with units there are asked."""
        e = self.entry
        assert e is not None
        if isinstance(action, AskNation) and action.asked not in e["remaining"]:
            return refuse(RefusalCode.ASK_NOT_PRESENT, nation=action.asked)
        return None

    def _legal_entry_demand(self, p: dict[str, Any]) -> list[Action]:
        e = self.entry
        assert e is not None
        asked = p["nation"]
        mover = e["mover"]
        units = [u for o, u in self._entry_targets(mover, e["region"], e["unit"]) if o == asked]
        acts: list[Action] = [interned(Battle, asked, e["region"], u, mover, e["unit"]) for u in units]
        acts.append(interned(Peace, asked))
        return acts

    def _refuse_entry_demand(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """R-EN Maneuver (battles, point 2): an asked nation may fight only the unit that entered."""
        e = self.entry
        assert e is not None
        if not isinstance(action, Battle):
            return None
        if action.region != e["region"] or action.target_nation != e["mover"] or action.target_unit != e["unit"]:
            return refuse(RefusalCode.ENTRY_BATTLE_ONLY, nation=e["mover"], region=e["region"], unit=e["unit"])
        return self._battle_refusal(action)

    def _legal_entry_status(self, p: dict[str, Any]) -> list[Action]:
        e = self.entry
        assert e is not None
        return [interned(SetArmyStatus, p["nation"], e["region"], True), interned(SetArmyStatus, p["nation"], e["region"], False)]

    def _refuse_entry_status(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """#19: the armies that just entered a foreign home province declare their status."""
        e = self.entry
        assert e is not None
        if isinstance(action, SetArmyStatus) and action.region != e["region"]:
            return refuse(RefusalCode.ENTRY_STATUS_ONLY, region=e["region"])
        return None

    # ------------------------------------------------------------------ carrying them out

    def _do_battle(self, action: Battle, ev: list[Event]) -> None:
        p = self.pending
        assert p is not None
        self._fight(action.nation, action.unit, action.target_nation, action.target_unit, action.region, ev)
        if p["kind"] in (KIND.ENTRY_FIGHT, KIND.ENTRY_DEMAND):
            # The entering unit (or the army whose status changed) fought: the entry is over.
            self.entry = None
        self._prompt_maneuver()

    def _fight(self, n1: str, u1: str, n2: str, u2: str, region: str, ev: list[Event]) -> None:
        """One battle: one unit of each side removed (#16)."""
        self._remove_unit(n1, u1, region)
        self._remove_unit(n2, u2, region)
        ev.append(Event(EVENT.BATTLE, {"nation": n1, "unit": u1, "target_nation": n2, "target_unit": u2, "region": region}))
        if self.board.regions[region].takes_flags:
            self._update_flag(region, ev)

    def _begin_entry(self, nation: str, region: str, unit: str, mode: str, ev: list[Event]) -> None:
        """A unit entered ``region`` (mode "enter") or a stack changed its status (mode "status")."""
        targets = self._entry_targets(nation, region, unit)
        remaining = [o for o in dict.fromkeys(o for o, _ in targets) if self.government[o] is not None]
        self.entry = {"mover": nation, "region": region, "unit": unit, "mode": mode, "remaining": remaining}
        if targets and mode == "enter":
            self.pending = {"kind": KIND.ENTRY_FIGHT, "player": self.government[nation], "nation": nation}
            return
        self._entry_next(ev)

    def _entry_next(self, ev: list[Event]) -> None:
        e = self.entry
        assert e is not None
        remaining = e["remaining"]
        mover = e["mover"]
        if len(remaining) > 1:
            self.pending = {"kind": KIND.ENTRY_ASK, "player": self.government[mover], "nation": mover}
            return
        if len(remaining) == 1:
            asked = remaining[0]
            self.pending = {"kind": KIND.ENTRY_DEMAND, "player": self.government[asked], "nation": asked}
            return
        region = e["region"]
        if e["mode"] == "enter" and e["unit"] == ARMY and self._is_foreign_home(mover, region):
            if self.forced_friendly(region):  # #20: entering armies are laid down
                self._set_status(mover, region, False, ev, forced=True)
            else:
                self.pending = {"kind": KIND.ENTRY_STATUS, "player": self.government[mover], "nation": mover}
                return
        self.entry = None
        self._prompt_maneuver()

    def _do_peace(self, action: Peace, ev: list[Event]) -> None:
        e = self.entry
        assert e is not None and self.pending is not None
        if self.pending["kind"] == KIND.ENTRY_DEMAND:
            e["remaining"].remove(action.nation)
        self.pending = None
        self._entry_next(ev)

    def _do_ask(self, action: AskNation, ev: list[Event]) -> None:
        self.pending = {"kind": KIND.ENTRY_DEMAND, "player": self.government[action.asked], "nation": action.asked}

    def _do_army_status(self, action: SetArmyStatus, ev: list[Event]) -> None:
        p = self.pending
        assert p is not None
        self._set_status(action.nation, action.region, action.hostile, ev)
        if p["kind"] == KIND.ENTRY_STATUS:
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
        ev.append(Event(EVENT.ARMY_STATUS, {"nation": nation, "region": region, "hostile": hostile, "forced": forced}))

    def _do_destroy_factory(self, action: DestroyFactory, ev: list[Event]) -> None:
        self.factories.discard(action.region)
        for _army in range(3):
            self._remove_unit(action.nation, ARMY, action.region)
        ev.append(Event(EVENT.FACTORY_DESTROYED, {"nation": action.nation, "region": action.region,
                                              "owner": self.board.regions[action.region].nation}))
        self._prompt_maneuver()


class ManeuverPhase(ManeuverMoves, ManeuverBattles):
    """The whole Maneuver: movement, battles and their questions."""
