"""Heuristic scores for maneuver moves, battles, army status and factory destruction.

A :class:`ManeuverView` is built once per decision; it scores each legal action of the active
nation in "score points" (0 = as good as ending the phase). Units spread out to win flags
(a flag stays after its unit leaves), guard threatened factories, and attack rivals only when
the player gains from the rival nation doing badly.
"""

from __future__ import annotations

from imperial_desktop.ai.analysis import battle_takes_flag, distances, fleet_position, hurt_value
from imperial_desktop.core import (
    ARMY, FLEET, Action, Battle, DestroyFactory, EndPhase, GameState, MoveArmy, MoveFleet, Peace,
    SetArmyStatus,
)
from imperial_desktop.core.board import HOME, NEUTRAL

FLAG_GAIN = 10.0
APPROACH = 0.8
HURT_MIN = 0.75
NO_GAIN_BATTLE = 2.5  # a battle that changes no flag costs a unit on each side and wins nothing


class _Nearest:
    """Distance from a region to the nearest target, worked out only for the regions asked
    about (a maneuver view is built at every step of every playout)."""

    def __init__(self, dist: dict[str, dict[str, int]], targets: list[str]):
        self.dist = dist
        self.targets = targets
        self.known: dict[str, float] = {}

    def get(self, region: str, default: float) -> float:
        value = self.known.get(region)
        if value is None:
            row = self.dist.get(region)
            if row is None:
                return default
            value = self.known[region] = float(min((row.get(t, 99) for t in self.targets), default=12))
        return value


class ManeuverView:
    """What the active nation's government sees while moving units."""

    def __init__(self, state: GameState, nation: str, player: int):
        self.state = state
        self.board = board = state.board
        self.nation = nation
        self.player = player
        self.hurt = {}
        for other in board.nation_ids:
            if other == nation:
                continue
            if state.government[other] == player:
                self.hurt[other] = -10.0
            else:
                self.hurt[other] = hurt_value(state, player, other)
        self.my_armies = state.armies[nation]
        self.my_fleets = state.fleets[nation]
        self.others_armies: dict[str, dict[str, int]] = {}
        self.others_fleets: dict[str, dict[str, int]] = {}
        for other in board.nation_ids:
            if other == nation:
                continue
            for region, count in state.armies[other].items():
                self.others_armies.setdefault(region, {})[other] = count
            for region, count in state.fleets[other].items():
                self.others_fleets.setdefault(region, {})[other] = count
        land_kind = "amphibious" if self.my_fleets else "land"
        self.land_dist = distances(board, land_kind)
        self.sea_dist = distances(board, "sea")
        land_targets = [r for r in board.flag_regions if board.regions[r].kind == NEUTRAL
                        and state.flags.get(r) != nation and not self._friendly_occupied(r)]
        sea_targets = [r for r in board.flag_regions if board.regions[r].is_sea
                       and state.flags.get(r) != nation and not self._friendly_occupied(r)]
        self.land_near = _Nearest(self.land_dist, land_targets)
        self.sea_near = _Nearest(self.sea_dist, sea_targets)
        self.home = set(board.nation_by_id[nation].home_provinces)
        self.threatened = self._threatened_homes()

    # -------------------------------------------------------------- helpers

    def _friendly_occupied(self, region: str) -> bool:
        """Units of a nation the player does not want to fight stand there."""
        for units in (self.others_armies.get(region), self.others_fleets.get(region)):
            if units and any(count and self.hurt.get(other, 0) < HURT_MIN for other, count in units.items()):
                return True
        return False

    def _threatened_homes(self) -> set[str]:
        """Own factory provinces that a rival army could enter next turn (or already holds)."""
        out = set()
        state = self.state
        for region in self.home:
            if region not in state.factories:
                continue
            for other, count in self.others_armies.get(region, {}).items():
                if region in state.hostile[other] or self.hurt[other] > -5:
                    out.add(region)
            for nbr in self.board.land_neighbours[region]:
                for other in self.others_armies.get(nbr, {}):
                    if self.hurt[other] > -5:
                        out.add(region)
        return out

    def _enemies_in(self, region: str, unit: str) -> dict[str, int]:
        if unit == FLEET:
            return self.others_fleets.get(region, {})
        out = dict(self.others_armies.get(region, {}))
        reg = self.board.regions[region]
        if reg.kind == HOME:
            for other, count in self.others_fleets.get(region, {}).items():
                out[other] = out.get(other, 0) + count
        return out

    def _flag_value(self, region: str) -> float:
        """Gain of putting the nation's flag on ``region`` (more if it removes a rival's)."""
        holder = self.state.flags.get(region)
        if holder == self.nation:
            return 0.0
        bonus = 0.0 if holder is None else 1.5 * max(-1.0, min(3.0, self.hurt[holder]))
        return FLAG_GAIN + bonus

    # -------------------------------------------------------------- unit moves

    def _enter_value(self, region: str, unit: str) -> float:
        """Value of one more unit of ``unit`` kind arriving in ``region``."""
        reg = self.board.regions[region]
        mine = (self.my_fleets if unit == FLEET else self.my_armies).get(region, 0)
        enemies = self._enemies_in(region, unit)
        if reg.takes_flags:
            if enemies:
                worst = max(enemies, key=lambda o: self.hurt[o])
                if self.hurt[worst] < HURT_MIN:
                    return -4.0
                total = sum(enemies.values())
                value = 2.0 + min(3.0, self.hurt[worst])
                if mine + 1 > total:  # we will outnumber them and take the region
                    value += self._flag_value(region) * 0.6
                return value
            if mine:
                return -1.5
            return self._flag_value(region)
        if reg.kind == HOME and reg.nation == self.nation:
            hostile_here = [o for o in self.others_armies.get(region, {}) if region in self.state.hostile[o]]
            if hostile_here:
                return 9.0
            if region in self.threatened and not self.my_armies.get(region):
                return 3.0
            return -0.5
        if reg.kind == HOME:
            owner = reg.nation
            assert owner is not None
            h = self.hurt[owner]
            if h < HURT_MIN + 0.5 or region not in self.state.factories:
                return -3.0
            if self.state.forced_friendly(region):
                return -2.0
            value = 2.0 + 1.5 * min(4.0, h)
            if mine >= 2 and not enemies:
                value += 4.0  # three armies can destroy the factory
            if enemies.get(owner):
                value -= 1.0
            return value
        return -1.0

    def _leave_cost(self, region: str, unit: str) -> float:
        """What the nation loses when one of its units leaves ``region``."""
        reg = self.board.regions[region]
        mine = (self.my_fleets if unit == FLEET else self.my_armies).get(region, 0)
        enemies = self._enemies_in(region, unit)
        if reg.takes_flags:
            if enemies and mine <= sum(enemies.values()) + 1:
                return 5.0
            return 0.0
        if reg.kind == HOME and reg.nation == self.nation:
            hostile_here = [o for o in self.others_armies.get(region, {}) if region in self.state.hostile[o]]
            if hostile_here and unit == ARMY:
                return 6.0
            if unit == ARMY and region in self.threatened and mine <= 1:
                return 3.0
            return -0.5 if unit == FLEET else 0.0
        if reg.kind == HOME and unit == ARMY and region in self.state.hostile[self.nation]:
            return 3.0 + 1.0 * min(4.0, self.hurt[reg.nation or ""] if reg.nation in self.hurt else 0.0)
        return 0.0

    def score_army(self, a: MoveArmy) -> float:
        approach = APPROACH * (self.land_near.get(a.origin, 12) - self.land_near.get(a.destination, 12))
        return self._enter_value(a.destination, ARMY) - self._leave_cost(a.origin, ARMY) + approach - 0.3 * len(a.convoy)

    def score_fleet(self, a: MoveFleet) -> float:
        here = fleet_position(self.board, a.origin)
        before = self.sea_near.get(here, 12) + (0 if here == a.origin else 1)
        approach = APPROACH * (before - self.sea_near.get(a.destination, 12))
        return self._enter_value(a.destination, FLEET) - self._leave_cost(a.origin, FLEET) + approach

    # -------------------------------------------------------------- battles and status

    def score_battle(self, a: Battle, attacker: bool = True) -> float:
        """A 1:1 battle: ``a.nation`` (ours) against ``a.target_nation``."""
        target = a.target_nation
        h = self.hurt.get(target, 0.0)
        if h < HURT_MIN - 0.25:
            return -5.0
        reg = self.board.regions[a.region]
        value = -1.0 + 0.5 * min(4.0, h)
        if reg.takes_flags:
            if battle_takes_flag(self.state, a.nation, a.region, a.unit):
                value += self._flag_value(a.region) * 0.7
            elif self.state.flags.get(a.region) == self.nation:
                value += 2.0
            else:
                value -= NO_GAIN_BATTLE  # a 1:1 trade that wins and protects nothing
        elif reg.kind == HOME and reg.nation == self.nation:
            value += 6.0 if a.region in self.state.hostile[target] else 2.0
        elif reg.kind == HOME and reg.nation == target and a.region in self.state.factories:
            value += 2.5
        return value

    def score_status(self, a: SetArmyStatus) -> float:
        owner = self.board.regions[a.region].nation
        h = self.hurt.get(owner or "", 0.0)
        useful = a.region in self.state.factories
        if a.hostile:
            return 3.0 + min(4.0, h) if (h >= HURT_MIN + 0.5 and useful) else -3.0
        return 2.0 if h < 0 else -2.0

    def score_destroy(self, a: DestroyFactory) -> float:
        owner = self.board.regions[a.region].nation
        return 8.0 + min(4.0, self.hurt.get(owner or "", 0.0)) if self.hurt.get(owner or "", 0.0) >= HURT_MIN else -5.0

    def score(self, a: Action) -> float:
        if isinstance(a, MoveArmy):
            return self.score_army(a)
        if isinstance(a, MoveFleet):
            return self.score_fleet(a)
        if isinstance(a, Battle):
            return self.score_battle(a)
        if isinstance(a, SetArmyStatus):
            return self.score_status(a)
        if isinstance(a, DestroyFactory):
            return self.score_destroy(a)
        if isinstance(a, (EndPhase, Peace)):
            return 0.0
        return -1.0


def score_demand(state: GameState, player: int, a: Battle) -> float:
    """The asked nation's government: fight the unit that entered (``a.target_nation``)?"""
    h = -10.0 if state.government[a.target_nation] == player else hurt_value(state, player, a.target_nation)
    if h < HURT_MIN:
        return -3.0
    reg = state.board.regions[a.region]
    value = -1.0 + 0.5 * min(4.0, h)
    if reg.kind == HOME and reg.nation == a.nation:
        value += 4.0
    elif reg.takes_flags and state.flags.get(a.region) == a.nation:
        value += 2.0
    elif reg.takes_flags:
        value -= NO_GAIN_BATTLE
    return value
