"""Read-only analysis of a position shared by the bots: map distances, who owns what, who
wants which nation to do well, and a projection of the nations' final power.

Everything here reads only the core's public state; nothing changes the game.
"""

from __future__ import annotations

from collections import deque

from imperial_desktop.core import Board, GameState

FAR = 99
ROUNDS_PER_TAX = 3.2  # a nation taxes about once every three of its turns
MAX_ROUNDS = 25.0
MIN_CAPPED_ROUNDS = 2.0  # a game that outlasts the expected length may still go on for a while
FACTOR_BLEND_ROUNDS = 3.0


# ---------------------------------------------------------------- map distances


_DIST_CACHE: dict[tuple[int, str], dict[str, dict[str, int]]] = {}


def _distances(kind: str, board: Board) -> dict[str, dict[str, int]]:
    """All-pairs step counts on one graph of ``board`` (BFS from every node).

    kind "land": land regions over land borders; "sea": seas over sea borders;
    "amphibious": land regions, where two coastal regions on one sea are 2 steps apart.
    """
    if kind == "sea":
        nodes = [r for r, reg in board.regions.items() if reg.is_sea]
        nbrs = {r: [s for s in board.sea_neighbours[r]] for r in nodes}
        weighted = {r: [(s, 1) for s in nbrs[r]] for r in nodes}
    else:
        nodes = [r for r, reg in board.regions.items() if reg.is_land]
        weighted = {r: [(s, 1) for s in board.land_neighbours[r] if board.regions[s].is_land] for r in nodes}
        if kind == "amphibious":
            for sea, coast in board.coasts.items():
                for a in coast:
                    weighted[a] = weighted[a] + [(b, 2) for b in coast if b != a]
    out: dict[str, dict[str, int]] = {}
    for start in nodes:
        dist = {start: 0}
        # small graphs: a deque-based Dijkstra with weights 1-2 is exact enough (0-1-2 BFS)
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt, w in weighted[here]:
                d = dist[here] + w
                if d < dist.get(nxt, FAR):
                    dist[nxt] = d
                    queue.append(nxt)
        out[start] = dist
    return out


def distances(board: Board, kind: str) -> dict[str, dict[str, int]]:
    """Cached all-pairs distances ("land", "sea" or "amphibious")."""
    key = (id(board), kind)
    table = _DIST_CACHE.get(key)
    if table is None:
        table = _DIST_CACHE[key] = _distances(kind, board)
    return table


def fleet_position(board: Board, region: str) -> str:
    """The sea a fleet effectively stands in (a harbour fleet counts as in its harbour sea)."""
    reg = board.regions[region]
    if reg.is_sea:
        return region
    return reg.harbour_sea or region


# ---------------------------------------------------------------- ownership and interests


def interests(state: GameState, nation: str) -> list[int]:
    """Interest per player from ``nation``'s bonds."""
    out = [0] * state.num_players
    rates = state.board.bond_interest
    for value, player in state.bond_owner[nation].items():
        out[player] += rates[value]
    return out


def credits(state: GameState, nation: str) -> list[int]:
    """Bond value (credit) per player in ``nation``."""
    out = [0] * state.num_players
    for value, player in state.bond_owner[nation].items():
        out[player] += value
    return out


def likely_government(state: GameState, nation: str) -> int | None:
    """The government after the next government check (incumbent keeps ties)."""
    sums = credits(state, nation)
    best = max(sums)
    if best == 0:
        return state.government[nation]
    gov = state.government[nation]
    if gov is not None and sums[gov] == best:
        return gov
    return sums.index(best)


def hurt_value(state: GameState, player: int, target: str) -> float:
    """How much ``player`` gains (in interest units) when ``target`` does badly.

    Positive: rivals hold more of the nation than the player does; negative: the player's own
    stake dominates. A player's governed nations count as strongly his own.
    """
    ints = interests(state, target)
    mine = ints[player]
    others = [v for p, v in enumerate(ints) if p != player]
    if not others:
        return -float(mine)
    value = 0.5 * max(others) + 0.5 * sum(others) / len(others) - mine
    if state.government[target] == player:
        value -= 3.0
    return value


# ---------------------------------------------------------------- power projection


def tax_points(board: Board, taxes: float) -> float:
    """Power points a taxation with ``taxes`` would give (interpolated between chart rows)."""
    low = min(board.tax_points)
    high = max(board.tax_points)
    t = max(low, min(high, taxes))
    base = int(t)
    frac = t - base
    points = board.tax_points[base]
    if frac and base + 1 in board.tax_points:
        points += frac * (board.tax_points[base + 1] - points)
    return points


def military_potential(state: GameState, nation: str) -> float:
    """Extra tax points a nation's units may soon win as flags (a small, capped bonus)."""
    armies, fleets = state.unit_count(nation)
    return 0.35 * min(armies + fleets, 6)


EXPOSURE_RISK = 0.75  # chance that an unguarded factory next to a rival's army gets occupied


def producing_factories(state: GameState) -> dict[str, list[str]]:
    """Each nation's factories without hostile armies (one pass over the state)."""
    occupied = state.occupied_regions()
    factories = state.factories
    return {n: [c for c in nat.home_provinces if c in factories and c not in occupied]
            for n, nat in state.board.nation_by_id.items()}


def exposed_factories(state: GameState, producing: dict[str, list[str]] | None = None) -> dict[str, int]:
    """Per nation: its producing factories with none of its armies inside and an army of a
    nation under another government next to them (likely to be occupied soon)."""
    board = state.board
    producing = producing_factories(state) if producing is None else producing
    near: dict[str, set[str]] = {}
    for other in board.nation_ids:
        for region in state.armies[other]:
            near.setdefault(region, set()).add(other)
    out = {}
    for nation in board.nation_ids:
        gov = state.government[nation]
        count = 0
        own = state.armies[nation]
        for city in producing[nation]:
            if own.get(city):
                continue
            if any(o != nation and state.government[o] != gov
                   for nbr in board.land_neighbours[city] for o in near.get(nbr, ())):
                count += 1
        out[nation] = count
    return out


def expected_taxes(state: GameState, producing: dict[str, list[str]] | None = None) -> dict[str, float]:
    """Each nation's taxes (2 per producing factory + flags), less the expected loss of its
    exposed factories."""
    producing = producing_factories(state) if producing is None else producing
    exposed = exposed_factories(state, producing)
    flags: dict[str, int] = {}
    for holder in state.flags.values():
        flags[holder] = flags.get(holder, 0) + 1
    return {n: 2 * len(producing[n]) + flags.get(n, 0) - 2.0 * EXPOSURE_RISK * exposed[n]
            for n in state.board.nation_ids}


def power_rates(state: GameState, taxes: dict[str, float] | None = None) -> dict[str, float]:
    """Expected power points per round for each nation (governed nations only)."""
    taxes_now = expected_taxes(state) if taxes is None else taxes
    out = {}
    for nation in state.board.nation_ids:
        if state.government[nation] is None:
            out[nation] = 0.0
            continue
        taxes = taxes_now[nation] + military_potential(state, nation)
        out[nation] = tax_points(state.board, taxes) / ROUNDS_PER_TAX
    return out


def rounds_left(state: GameState, rates: dict[str, float] | None = None, cap: float = MAX_ROUNDS) -> float:
    """Estimated rounds until some nation reaches 25 power points (at most ``cap``)."""
    if state.is_terminal():
        return 0.0
    rates = rates or power_rates(state)
    best = cap
    for nation, rate in rates.items():
        need = 25 - state.power[nation]
        if rate > 0:
            best = min(best, need / rate)
    return max(0.0, best)


def rounds_cap(state: GameState, game_turns: float) -> float:
    """At most this many rounds are left when games last about ``game_turns`` nation turns (0:
    no limit but MAX_ROUNDS). Early on no nation taxes much, so the power points alone would
    promise MAX_ROUNDS where a game has 17-19 left."""
    if game_turns <= 0:
        return MAX_ROUNDS
    per_round = len(state.board.nation_ids)
    return min(MAX_ROUNDS, max(MIN_CAPPED_ROUNDS, (game_turns - state.turns_taken) / per_round))


def projected_power(state: GameState, taxes: dict[str, float] | None = None,
                    cap: float = MAX_ROUNDS) -> tuple[dict[str, float], float]:
    """Each nation's expected final power points, and the rounds left (at most ``cap``)."""
    rates = power_rates(state, taxes)
    rounds = rounds_left(state, rates, cap)
    out = {n: min(25.0, state.power[n] + rates[n] * rounds) for n in state.board.nation_ids}
    return out, rounds


def smooth_factor(board: Board, points: float, rounds: float, blend_rounds: float = FACTOR_BLEND_ROUNDS) -> float:
    """Power factor of an expected point total: exact at the end, smoothed before it (fully
    linear ``blend_rounds`` or more before the end)."""
    exact = board.power_factor(int(points))
    if rounds <= 0.01:
        return float(exact)
    linear = max(0.0, points / 5.0 - 0.45)
    weight = min(1.0, rounds / blend_rounds) if blend_rounds > 0 else 1.0  # far from the end the steps are uncertain
    return weight * linear + (1 - weight) * exact


def factory_within_reach(state: GameState, nation: str) -> bool:
    """The treasury pays a factory, a home province has a free site and the rondel's Factory
    space is within the free steps: money that could be building and is not."""
    board = state.board
    if state.treasury[nation] < board.factory_cost:
        return False
    occupied = state.occupied_regions()
    if all(c in state.factories or c in occupied for c in board.nation_by_id[nation].home_provinces):
        return False
    pos = state.rondel[nation]
    if pos is None:
        return True
    size = len(board.rondel)
    return any(space.action == "factory" and 1 <= (space.index - pos) % size <= board.max_steps
               and board.rondel_cost((space.index - pos) % size) == 0 for space in board.rondel)


def battle_takes_flag(state: GameState, nation: str, region: str, unit: str) -> bool:
    """After one more 1:1 battle in the flag region ``region``, ``nation``'s ``unit`` kind is the
    only one left there, so the region's flag becomes the nation's."""
    kind = state.fleets if unit == "fleet" else state.armies
    mine = kind[nation].get(region, 0)
    theirs = sum(kind[other].get(region, 0) for other in state.board.nation_ids if other != nation)
    return mine - 1 >= 1 and theirs - 1 == 0


def battle_wins_nothing(state: GameState, nation: str, region: str, unit: str) -> bool:
    """A 1:1 battle of ``nation`` in a flag region that neither takes the flag nor guards the
    nation's own: a unit lost on each side for nothing."""
    if not state.board.regions[region].takes_flags:
        return False
    return state.flags.get(region) != nation and not battle_takes_flag(state, nation, region, unit)
