"""Advice for a human player: the Expert's best options for the pending decision, with reasons.

``advise(state, budget_s)`` searches a copy of the state exactly as the Expert would and returns
the best options (for a maneuver: the next single move), each with a one-line reason in the
player's terms, the evaluation gain in expected score points, and the regions it concerns (for
highlighting on the board). It never changes the given state.
"""

from __future__ import annotations

from dataclasses import dataclass

from imperial_desktop.ai.expert import ExpertBot
from imperial_desktop.ai.heuristics import HeuristicPolicy
from imperial_desktop.ai.lookahead import play_until
from imperial_desktop.core import (
    Action, Battle, BuildFactory, ChooseRondel, DestroyFactory, EndPhase, GameState, ImportUnit,
    Invest, MoveArmy, MoveFleet, PassInvestment, Peace, Produce, SetArmyStatus, SwissForce,
)


@dataclass(frozen=True)
class Advice:
    """One recommended action for the deciding player."""

    action: Action
    reason: str
    score: float  # the search's value (the player's expected edge in score points)
    regions: tuple[str, ...]


def action_regions(action: Action) -> tuple[str, ...]:
    """Where on the board an action applies (for highlighting)."""
    if isinstance(action, (MoveArmy, MoveFleet)):
        return (action.origin, action.destination)
    if isinstance(action, (Battle, SetArmyStatus, DestroyFactory, ImportUnit)):
        return (action.region,)
    if isinstance(action, BuildFactory):
        return (action.city,) if action.city else ()
    if isinstance(action, Produce):
        return tuple(action.cities)
    return ()


def _what_it_does(state: GameState, action: Action) -> str:
    """The action itself in words, for the reason line."""
    board = state.board
    name = board.name_of
    if isinstance(action, ChooseRondel):
        return f"{board.rondel[action.space].action.title()} for {name(action.nation)}"
    if isinstance(action, Invest):
        trade = f" (trading in the {action.trade_in}M bond)" if action.trade_in is not None else ""
        return f"buy the {action.value}M bond of {name(action.nation)}{trade}"
    if isinstance(action, PassInvestment):
        return "pass"
    if isinstance(action, MoveArmy):
        via = " by convoy" if action.convoy else ""
        return f"army {name(action.origin)} to {name(action.destination)}{via}"
    if isinstance(action, MoveFleet):
        return f"fleet {name(action.origin)} to {name(action.destination)}"
    if isinstance(action, Battle):
        return f"fight {name(action.target_nation)} in {name(action.region)}"
    if isinstance(action, Peace):
        return "enter in peace"
    if isinstance(action, SetArmyStatus):
        return f"armies in {name(action.region)} {'hostile' if action.hostile else 'friendly'}"
    if isinstance(action, DestroyFactory):
        return f"destroy the factory in {name(action.region)}"
    if isinstance(action, BuildFactory):
        return f"factory in {name(action.city)}" if action.city else "no factory"
    if isinstance(action, Produce):
        return "produce in " + ", ".join(name(c) for c in action.cities) if action.cities else "produce nothing"
    if isinstance(action, ImportUnit):
        return f"import a{'n army' if action.unit == 'army' else ' fleet'} to {name(action.region)}"
    if isinstance(action, SwissForce):
        return f"{'force' if action.force else 'do not force'} {name(action.nation)} onto Investor"
    if isinstance(action, EndPhase):
        return "end the phase"
    return str(action)


def _effects(state: GameState, action: Action, player: int) -> list[str]:
    """What visibly changes by the end of the current nation turn (greedy continuation)."""
    board = state.board
    name = board.name_of
    sim = state.clone()
    sim.apply(action)
    play_until(sim, HeuristicPolicy(donate=False), turns=1, max_actions=400)
    out: list[str] = []
    if sim.is_terminal():
        rank = next(r["rank"] for r in sim.ranking() if r["player"] == player)
        out.append("ends the game with you first" if rank == 1 else f"ends the game with you placed {rank}")
        return out
    for nation in board.nation_ids:
        if state.government[nation] != player and sim.government[nation] == player:
            out.append(f"takes the government of {name(nation)}")
        elif state.government[nation] == player and sim.government[nation] != player:
            out.append(f"loses the government of {name(nation)}")
    mine = [n for n in board.nation_ids if state.government[n] == player]
    for nation in mine:
        gained = sim.flag_count(nation) - state.flag_count(nation)
        if gained > 0:
            out.append(f"{name(nation)} wins {gained} flag{'s' if gained > 1 else ''}")
        points = sim.power[nation] - state.power[nation]
        if points > 0:
            out.append(f"{name(nation)} gains {points} power points")
        for city in board.nation_by_id[nation].home_provinces:
            if city in sim.factories and city not in state.factories:
                out.append(f"builds a factory in {name(city)}")
    for city in sorted(state.factories - sim.factories):
        out.append(f"destroys the factory in {name(city)}")
    if isinstance(action, MoveArmy):
        reg = board.regions[action.destination]
        nation = action.nation
        if reg.nation == nation and action.destination in state.factories:
            threatened = any(state.armies[o].get(n) for o in board.nation_ids if o != nation
                             for n in list(board.land_neighbours[action.destination]) + [action.destination])
            if threatened:
                out.append(f"protects the factory in {name(action.destination)}")
    return out


def advise(state: GameState, budget_s: float = 1.0, top: int = 3, seed: int = 0) -> list[Advice]:
    """The best ``top`` options of the pending decision for the player who must make it.

    Empty when the game is over. For a maneuver each advice is the next single move.
    """
    if state.is_terminal() or state.decision() is None:
        return []
    player = state.current_player()
    assert player is not None
    work = state.clone()
    bot = ExpertBot(seed, budget=budget_s)
    ranked = bot.ranked(work, budget=budget_s)
    scored = [c for c in ranked if c.values] or ranked
    advice = []
    for i, c in enumerate(scored[:top]):
        parts = []
        other = scored[1] if i == 0 and len(scored) > 1 else scored[0]
        if other is not c and c.values and other.values:
            delta = common_difference(c.values, other.values)
            parts.append(f"{delta:+.1f} expected points against {'the next option' if i == 0 else 'the best'}")
        parts.extend(_effects(state, c.action, player)[:2])
        reason = f"{_what_it_does(state, c.action)}: " + ("; ".join(parts) if parts else "keeps your position")
        advice.append(Advice(c.action, reason, round(c.mean if c.values else 0.0, 2), action_regions(c.action)))
    return advice


def common_difference(mine: list[float], other: list[float]) -> float:
    """Mean difference over the playouts both options had (the same random numbers)."""
    n = min(len(mine), len(other))
    return (sum(mine[:n]) - sum(other[:n])) / n
