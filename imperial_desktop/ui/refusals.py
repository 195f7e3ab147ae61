"""Why a move, a click or a drop is refused, in words that name the rule.

Pure functions of the game state and the attempted gesture (no pygame): the game screen shows
their message when a drag ends on a region a unit cannot reach, a unit that may not move is
picked up, a rondel space is out of reach, or a city cannot take a factory or an import. Each
message is the rule in a sentence (rule book sections in brackets in the docstrings), so the
player learns it at the moment it matters.
"""

from __future__ import annotations

from imperial_desktop.core import GameState
from imperial_desktop.core.board import HOME, IMPASSABLE
from imperial_desktop.core.movement import ArmyRouter, fleet_destinations
from imperial_desktop.i18n import _


def _name(state: GameState, region_or_nation: str) -> str:
    return state.board.name_of(region_or_nation)


def _maneuver_nation(state: GameState) -> str | None:
    decision = state.decision()
    return decision.nation if decision is not None and decision.kind == "maneuver" else None


def unit_cannot_move(state: GameState, nation: str, region: str, unit: str) -> str | None:
    """Why the ``unit`` ("army"/"fleet") of ``nation`` in ``region`` may not move now, or None if
    it may (rule book, Maneuver: fleets first, then armies; each unit once; only the nation whose
    Maneuver it is)."""
    acting = _maneuver_nation(state)
    if acting is None:
        return _("Units move only in their nation's Maneuver turn")
    if nation != acting:
        return _("Only the government of {nation} moves units now: it is {nation}'s Maneuver").format(
            nation=_name(state, acting))
    phase = state.maneuver_phase()
    if unit == "fleet" and phase == "armies":
        return _("Fleets move before armies: the fleet movement is over")
    if unit == "army" and phase == "fleets":
        return _("First the fleets move (or end the fleet movement), then the armies")
    mv = state.mv or {}
    moved = (mv.get("moved_f") if unit == "fleet" else mv.get("moved_a")) or {}
    here = (state.fleets if unit == "fleet" else state.armies)[nation].get(region, 0)
    if here and here - moved.get(region, 0) <= 0:
        return (_("This fleet has moved already this Maneuver: each unit moves once") if unit == "fleet"
                else _("This army has moved already this Maneuver: each unit moves once"))
    return None


def stuck_unit(state: GameState, nation: str, region: str, unit: str) -> str:
    """Why a unit that was picked up cannot go anywhere now."""
    why = unit_cannot_move(state, nation, region, unit)
    if why is not None:
        return why
    return (_("This fleet has no sea it can reach now") if unit == "fleet"
            else _("This army has no region it can reach now"))


def _fleet_refusal(state: GameState, origin: str, destination: str) -> str:
    """Fleets (rule book, Maneuver 1): one adjacent sea; from a harbour only to its anchor sea;
    never back to land."""
    board = state.board
    regions = board.regions
    if regions[destination].kind == IMPASSABLE:
        return _("Switzerland is closed to all units")
    if not regions[origin].is_sea:
        sea = regions[origin].harbour_sea
        return _("A fleet may only move from its harbour to the adjacent sea ({sea})").format(
            sea=_name(state, sea) if sea else "?")
    if not regions[destination].is_sea:
        return _("Fleets never return to land: a fleet at sea moves only to another sea")
    if destination not in fleet_destinations(state, origin):
        return _("A fleet moves to one adjacent sea per Maneuver: {sea} is too far").format(sea=_name(state, destination))
    return _("The fleet cannot sail to {sea} now").format(sea=_name(state, destination))


def _army_refusal(state: GameState, nation: str, origin: str, destination: str) -> str:
    """Armies (rule book, Maneuver 2): one land step, by convoy through seas holding the nation's
    fleets (one army per fleet), by railway only inside its own unoccupied home provinces;
    never into the sea or Switzerland."""
    board = state.board
    target = board.regions[destination]
    if target.kind == IMPASSABLE:
        return _("Armies cannot enter Switzerland: it is closed to all units")
    if target.is_sea:
        return _("Armies cannot enter the sea; a fleet there can carry them across (convoy)")
    start = ArmyRouter(state, nation).component(origin)
    by_land = any(destination in board.land_neighbours[r] for r in start)
    home = board.nation_by_id[nation].home_provinces
    blocked = [r for r in home if r in state.occupied_regions()]
    if not by_land and blocked and (destination in home or origin in home):
        return _("The railway does not run through home provinces where hostile armies stand ({region})").format(
            region=", ".join(_name(state, r) for r in blocked))
    if not by_land:
        if any(destination in landings for landings in board.coasts.values()):
            return _("An army can cross the sea only with a fleet of its nation in every sea it passes "
                     "(convoy); each fleet carries one army per Maneuver")
        return _("An army moves one land region per Maneuver (the railway runs only inside its own country)")
    return _("The army cannot reach {region} now").format(region=_name(state, destination))


def move_refused(state: GameState, nation: str, unit: str, origin: str, destination: str) -> str:
    """The rule that stops the ``unit`` of ``nation`` moving from ``origin`` to ``destination``."""
    why = unit_cannot_move(state, nation, origin, unit)
    if why is not None:
        return why
    if unit == "fleet":
        return _fleet_refusal(state, origin, destination)
    return _army_refusal(state, nation, origin, destination)


def rondel_refused(state: GameState, nation: str | None, space: int) -> str:
    """Why ``nation`` may not move to rondel ``space`` (rule book, Selecting a space on the rondel;
    clarifications 2, 5 and 28)."""
    board = state.board
    decision = state.decision()
    if decision is None or decision.kind != "rondel" or nation is None:
        return _("The rondel is used at the start of a nation's turn")
    name = board.rondel[space].name
    start = state.rondel[nation]
    if start is None:
        return _("{space} cannot be chosen now").format(space=name)
    steps = (space - start) % len(board.rondel)
    if steps == 0:
        return _("A nation must move on the rondel: staying on {space} is not allowed").format(space=name)
    if steps > board.max_steps:
        return _("A nation moves at most {most} spaces on the rondel; {space} is {steps} away").format(
            most=board.max_steps, space=name, steps=steps)
    cost = board.rondel_cost(steps)
    gov = decision.player
    if cost > state.cash[gov]:
        return _("More than {free} spaces cost {price}M per extra space, paid by the government: {space} costs "
                 "{cost}M and {player} has {cash}M").format(free=board.free_steps, price=board.cost_per_extra_step,
                                                            space=name, cost=cost, player=state.setup.players[gov],
                                                            cash=state.cash[gov])
    if space == board.investor_index:
        return _("{nation} may stop on Investor only if its treasury and its government's cash can pay all "
                 "interest (option: interest shortfall)").format(nation=_name(state, nation))
    return _("{space} cannot be chosen now").format(space=name)


def factory_refused(state: GameState, nation: str, region: str) -> str:
    """Why no factory may be built in ``region`` (rule book, Factory)."""
    board = state.board
    r = board.regions[region]
    if r.kind != HOME or r.nation != nation:
        return _("Factories may only be built in your home provinces, where none stands and no hostile army is")
    if region in state.factories:
        return _("{region} has a factory already: one factory per city").format(region=_name(state, region))
    if region in state.occupied_regions():
        return _("Hostile armies stand in {region}: no factory can be built there").format(region=_name(state, region))
    if state.treasury[nation] < board.factory_cost:
        return _("A factory costs {cost}M from the treasury; {nation} has {money}M").format(
            cost=board.factory_cost, nation=_name(state, nation), money=state.treasury[nation])
    return _("No factory can be built in {region} now").format(region=_name(state, region))


def import_refused(state: GameState, nation: str, region: str) -> str:
    """Why nothing may be imported into ``region`` (rule book, Import; clarification 13)."""
    board = state.board
    r = board.regions[region]
    decision = state.decision()
    count = decision.data.get("count", 0) if decision is not None else 0
    if r.kind != HOME or r.nation != nation:
        return _("An import places at most {most} units, only in your home provinces (fleets only in port "
                 "cities)").format(most=board.import_max)
    if region in state.occupied_regions():
        return _("Hostile armies stand in {region}: nothing can be imported there").format(region=_name(state, region))
    if count >= board.import_max:
        return _("An import places at most {most} units").format(most=board.import_max)
    if state.treasury[nation] < board.import_cost:
        return _("Each imported unit costs {cost}M from the treasury; {nation} has {money}M").format(
            cost=board.import_cost, nation=_name(state, nation), money=state.treasury[nation])
    return _("{nation} has no army or fleet pieces left to place in {region}").format(
        nation=_name(state, nation), region=_name(state, region))


def region_click_refused(state: GameState, region: str) -> str | None:
    """The rule behind a click on a region that offers nothing for the pending decision, or None
    when the decision is not made on the board."""
    decision = state.decision()
    if decision is None or decision.nation is None:
        return None
    if decision.kind == "factory":
        return factory_refused(state, decision.nation, region)
    if decision.kind == "import":
        return import_refused(state, decision.nation, region)
    return None


__all__ = ["factory_refused", "import_refused", "move_refused", "region_click_refused", "rondel_refused",
           "stuck_unit", "unit_cannot_move"]
