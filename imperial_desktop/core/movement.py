"""Where units may go: fleet moves and army moves with railroad and convoys.

Rule book "Maneuver" and clarifications points 15, 17 and 18: a fleet moves to one adjacent
sea (its first move from the harbour goes to the anchor sea); an army may travel by railroad
inside its own unsuspended home provinces before and after one land step or one convoy
through seas holding its own unused fleets, or travel by railroad only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from imperial_desktop.core.board import HOME

if TYPE_CHECKING:
    from imperial_desktop.core.state import GameState


def fleet_destinations(state: "GameState", region: str) -> tuple[str, ...]:
    """Seas a fleet in ``region`` (a sea, or a harbour province) may move to."""
    board = state.board
    r = board.regions[region]
    if r.is_sea:
        return tuple(sorted(board.sea_neighbours[region]))
    return (r.harbour_sea,) if r.harbour_sea else ()


def rail_component(state: "GameState", nation: str, start: str, occupied: set[str]) -> set[str]:
    """Own home provinces reachable by rail from ``start`` (point 17: never through a province
    holding hostile armies). A start outside the nation's unsuspended provinces reaches only itself."""
    board = state.board
    region = board.regions[start]
    if region.kind != HOME or region.nation != nation or start in occupied:
        return {start}
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for nxt in board.rail_neighbours[here]:
            if nxt not in seen and nxt not in occupied:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def army_destinations(state: "GameState", nation: str, origin: str) -> dict[str, list[tuple[str, ...]]]:
    """For one army of ``nation`` in ``origin``: destination -> the convoy sea sets that reach it.

    A destination reachable without a convoy maps to ``[()]``; otherwise to every minimal set of
    seas (sorted tuples) whose fleets could carry the army, since the choice of fleets matters
    for later convoys.
    """
    board = state.board
    occupied = state.occupied_regions()
    start_set = rail_component(state, nation, origin, occupied)
    routes: dict[str, set[frozenset[str]]] = {}
    empty: frozenset[str] = frozenset()
    components: dict[str, set[str]] = {}

    def land_at(region: str, seas: frozenset[str]) -> None:
        comp = components.get(region)
        if comp is None:
            comp = components[region] = rail_component(state, nation, region, occupied)
        for r in comp:
            routes.setdefault(r, set()).add(seas)

    for r in start_set:
        routes.setdefault(r, set()).add(empty)
        for nxt in board.land_neighbours[r]:
            land_at(nxt, empty)

    fleets = state.fleets[nation]
    used = state.convoy_used()
    capacity = {s for s, c in fleets.items() if board.regions[s].is_sea and c - used.get(s, 0) > 0}
    if capacity:
        first = {s for r in start_set for s in board.sea_neighbours[r] if s in capacity}

        def extend(sea: str, path: tuple[str, ...]) -> None:
            seas = frozenset(path)
            for landing in board.coasts[sea]:
                land_at(landing, seas)
            for nxt in board.sea_neighbours[sea]:
                if nxt in capacity and nxt not in path:
                    extend(nxt, path + (nxt,))

        for sea in first:
            extend(sea, (sea,))

    out: dict[str, list[tuple[str, ...]]] = {}
    for dest, options in routes.items():
        if dest == origin:
            continue
        if empty in options:
            out[dest] = [()]
            continue
        minimal = [s for s in options if not any(o < s for o in options)]
        out[dest] = sorted(tuple(sorted(s)) for s in minimal)
    return out
