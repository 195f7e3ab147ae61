"""Where units may go: fleet moves and army moves with railroad and convoys.

Rule book "Maneuver" and clarifications points 15, 17 and 18: a fleet moves to one adjacent
sea (its first move from the harbour goes to the anchor sea); an army may travel by railroad
inside its own unsuspended home provinces before and after one land step or one convoy
through seas holding its own unused fleets, or travel by railroad only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from imperial_desktop.core.actions import MoveArmy, interned
from imperial_desktop.core.board import HOME

if TYPE_CHECKING:
    from imperial_desktop.core.state import GameState


_FLEET_DESTINATIONS: dict[tuple[int, str], tuple[str, ...]] = {}


def fleet_destinations(state: "GameState", region: str) -> tuple[str, ...]:
    """Seas a fleet in ``region`` (a sea, or a harbour province) may move to."""
    key = (id(state.board), region)
    found = _FLEET_DESTINATIONS.get(key)
    if found is None:
        board = state.board
        r = board.regions[region]
        if r.is_sea:
            found = tuple(sorted(board.sea_neighbours[region]))
        else:
            found = (r.harbour_sea,) if r.harbour_sea else ()
        _FLEET_DESTINATIONS[key] = found
    return found


class ArmyRouter:
    """Army destinations of one nation in one position (built once per legal-action listing).

    Rail components (point 17: never through a province holding hostile armies) and the
    landings reachable from each sea with a usable fleet (point 18) are computed once and
    shared by every army of the nation.
    """

    def __init__(self, state: "GameState", nation: str):
        board = self.board = state.board
        occupied = state.occupied_regions()
        self.components: dict[str, tuple[str, ...]] = {}
        for start in board.nation_by_id[nation].home_provinces:
            if start in occupied or start in self.components or board.regions[start].kind != HOME:
                continue
            seen = [start]
            todo = [start]
            while todo:
                here = todo.pop()
                for nxt in board.rail_neighbours[here]:
                    if nxt not in occupied and nxt not in seen:
                        seen.append(nxt)
                        todo.append(nxt)
            comp = tuple(seen)
            for r in comp:
                self.components[r] = comp
        used = state.convoy_used()
        self.capacity = frozenset(s for s, c in state.fleets[nation].items()
                                  if board.regions[s].is_sea and c - used.get(s, 0) > 0)
        self._landings: dict[str, list[tuple[str, frozenset[str]]]] = {}

    def component(self, region: str) -> tuple[str, ...]:
        """Regions reachable by rail from ``region`` (itself included)."""
        return self.components.get(region) or (region,)

    def landings(self, sea: str) -> list[tuple[str, frozenset[str]]]:
        """(land region, seas used) for every convoy chain starting in ``sea``."""
        cached = self._landings.get(sea)
        if cached is not None:
            return cached
        out: list[tuple[str, frozenset[str]]] = []
        board = self.board
        capacity = self.capacity

        def extend(here: str, path: tuple[str, ...]) -> None:
            seas = frozenset(path)
            for landing in board.coasts[here]:
                out.append((landing, seas))
            for nxt in board.sea_neighbours[here]:
                if nxt in capacity and nxt not in path:
                    extend(nxt, path + (nxt,))

        extend(sea, (sea,))
        self._landings[sea] = out
        return out

    def destinations(self, origin: str) -> dict[str, list[tuple[str, ...]]]:
        """Destination -> convoy sea sets: ``[()]`` without a convoy, otherwise each minimal set
        of seas (sorted) whose fleets could carry the army (the choice matters for later convoys)."""
        board = self.board
        start = self.component(origin)
        plain: set[str] = set(start)
        for r in start:
            for nxt in board.land_neighbours[r]:
                plain.update(self.component(nxt))
        plain.discard(origin)
        out: dict[str, list[tuple[str, ...]]] = {d: [()] for d in plain}
        if not self.capacity:
            return out
        first = {s for r in start for s in board.sea_neighbours[r] if s in self.capacity}
        convoys: dict[str, set[frozenset[str]]] = {}
        for sea in first:
            for landing, seas in self.landings(sea):
                for dest in self.component(landing):
                    if dest not in plain and dest != origin:
                        convoys.setdefault(dest, set()).add(seas)
        for dest, options in convoys.items():
            if len(options) == 1:
                out[dest] = [tuple(sorted(next(iter(options))))]
            else:
                minimal = [s for s in options if not any(o < s for o in options)]
                out[dest] = sorted(tuple(sorted(s)) for s in minimal)
        return out


def army_destinations(state: "GameState", nation: str, origin: str) -> dict[str, list[tuple[str, ...]]]:
    """For one army of ``nation`` in ``origin``: destination -> the convoy sea sets that reach it."""
    return ArmyRouter(state, nation).destinations(origin)


_MOVES_CACHE: dict[tuple[object, ...], tuple[MoveArmy, ...]] = {}


def army_move_actions(state: "GameState", nation: str, origins: list[str]) -> list[MoveArmy]:
    """The MoveArmy actions of one army from each of ``origins`` (in order).

    Army routes depend only on the map, on which of the nation's own provinces hold hostile
    armies (rail) and on which seas hold a fleet that can still convoy, so the listing is
    memoised on exactly those facts: within a maneuver most armies are listed many times.
    """
    board = state.board
    own = board.nation_by_id[nation].home_provinces
    suspended = frozenset(r for r in state.occupied_regions() if r in own)
    used = state.convoy_used()
    capacity = frozenset(s for s, c in state.fleets[nation].items()
                         if board.regions[s].is_sea and c - used.get(s, 0) > 0)
    router: ArmyRouter | None = None
    out: list[MoveArmy] = []
    for origin in origins:
        key = (id(board), nation, origin, suspended, capacity)
        actions = _MOVES_CACHE.get(key)
        if actions is None:
            router = router or ArmyRouter(state, nation)
            actions = tuple(interned(MoveArmy, nation, origin, dest, convoy)  # type: ignore[misc]
                            for dest, convoys in sorted(router.destinations(origin).items())
                            for convoy in convoys)
            if len(_MOVES_CACHE) > 100_000:
                _MOVES_CACHE.clear()
            _MOVES_CACHE[key] = actions
        out.extend(actions)
    return out
