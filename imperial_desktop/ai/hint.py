"""Advice for a human player: the Expert's best options for the pending decision, with reasons.

``advise(state, budget_s)`` searches a copy of the state exactly as the Expert with that budget
would (the same share of it for the kind of decision, so the first option is the Expert's own
pick), plays the shown alternatives out as often as it (the same random numbers), and returns the best
options (for a maneuver: the next single move), each with a one-line reason in the player's terms, the evaluation gain in expected score points, and the regions it concerns (for
highlighting on the board). It never changes the given state.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from imperial_desktop.ai.control import control, payout_hands_takeover, purchase_locks
from imperial_desktop.ai.expert import BUDGET_SECONDS, ExpertBot
from imperial_desktop.ai.heuristics import HeuristicPolicy
from imperial_desktop.ai.lookahead import play_until
from imperial_desktop.ai.search import Candidate, PlayoutSearch, shared_score
from imperial_desktop.core import (
    Action, Battle, BuildFactory, ChooseRondel, DecisionKind, DestroyFactory, EndPhase, EventType, GameState, ImportUnit,
    Invest, MoveArmy, MoveFleet, PassInvestment, Peace, Produce, SetArmyStatus, SwissForce,
)
from imperial_desktop.core.empty_actions import empty_reason
from imperial_desktop.core.events import join_words, units_phrase
from imperial_desktop.i18n import _, format_number, ngettext


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
        return _("{space} for {nation}").format(space=board.rondel[action.space].name, nation=name(action.nation))
    if isinstance(action, Invest):
        if action.trade_in is not None:
            return _("buy the {value}M bond of {nation} (trading in the {old}M bond)").format(
                value=action.value, nation=name(action.nation), old=action.trade_in)
        return _("buy the {value}M bond of {nation}").format(value=action.value, nation=name(action.nation))
    if isinstance(action, PassInvestment):
        return _("pass")
    if isinstance(action, MoveArmy):
        text = _("army {origin} to {destination} by convoy") if action.convoy else _("army {origin} to {destination}")
        return text.format(origin=name(action.origin), destination=name(action.destination))
    if isinstance(action, MoveFleet):
        return _("fleet {origin} to {destination}").format(origin=name(action.origin), destination=name(action.destination))
    if isinstance(action, Battle):
        return _("fight {nation} in {region}").format(nation=name(action.target_nation), region=name(action.region))
    if isinstance(action, Peace):
        return _("enter in peace")
    if isinstance(action, SetArmyStatus):
        text = _("armies in {region} hostile") if action.hostile else _("armies in {region} friendly")
        return text.format(region=name(action.region))
    if isinstance(action, DestroyFactory):
        return _("destroy the factory in {region}").format(region=name(action.region))
    if isinstance(action, BuildFactory):
        return _("factory in {region}").format(region=name(action.city)) if action.city else _("no factory")
    if isinstance(action, Produce):
        if not action.cities:
            return _("produce nothing")
        return _("produce in {regions}").format(regions=_(", ").join(name(c) for c in action.cities))
    if isinstance(action, ImportUnit):
        text = _("import an army to {region}") if action.unit == "army" else _("import a fleet to {region}")
        return text.format(region=name(action.region))
    if isinstance(action, SwissForce):
        text = _("force {nation} onto Investor") if action.force else _("do not force {nation} onto Investor")
        return text.format(nation=name(action.nation))
    if isinstance(action, EndPhase):
        return _("end the phase")
    return str(action)


def _effects(state: GameState, action: Action, player: int) -> list[str]:
    """What visibly changes by the end of the current nation turn (greedy continuation), and what
    the choice itself pays the player or costs him."""
    board = state.board
    name = board.name_of
    sim = state.clone()
    sim.apply(action)
    play_until(sim, HeuristicPolicy(donate=False), turns=1, max_actions=400)
    out: list[str] = []
    if sim.is_terminal():
        rank = next(r["rank"] for r in sim.ranking() if r["player"] == player)
        out.append(_("ends the game with you first") if rank == 1
                   else _("ends the game with you placed {rank}").format(rank=rank))
        return out
    for nation in board.nation_ids:
        if state.government[nation] != player and sim.government[nation] == player:
            out.append(_("takes the government of {nation}").format(nation=name(nation)))
        elif state.government[nation] == player and sim.government[nation] != player:
            out.append(_("loses the government of {nation}").format(nation=name(nation)))
    mine = [n for n in board.nation_ids if state.government[n] == player]
    for nation in mine:
        gained = sim.flag_count(nation) - state.flag_count(nation)
        if gained > 0:
            out.append(ngettext("{nation} wins {count} flag", "{nation} wins {count} flags", gained).format(
                nation=name(nation), count=gained))
        points = sim.power[nation] - state.power[nation]
        if points > 0:
            out.append(ngettext("{nation} gains {count} power point", "{nation} gains {count} power points",
                                points).format(nation=name(nation), count=points))
        for city in board.nation_by_id[nation].home_provinces:
            if city in sim.factories and city not in state.factories:
                out.append(_("builds a factory in {region}").format(region=name(city)))
        new_units = [units_phrase(after - before, unit) for unit, before, after in
                     zip(("army", "fleet"), state.unit_count(nation), sim.unit_count(nation)) if after > before]
        if new_units:
            out.append(_("{nation} gains {units}").format(nation=name(nation), units=join_words(new_units)))
    if not isinstance(action, (Invest, PassInvestment)):  # a bond's price is in its own words
        at_once = state.clone()  # the choice's own payments, before anyone decides anything more
        at_once.apply(action)
        cash = at_once.cash[player] - state.cash[player]
        if cash > 0:
            out.append(_("you receive {amount}M").format(amount=cash))
        elif cash < 0:
            out.append(_("costs you {amount}M").format(amount=-cash))
    for city in sorted(state.factories - sim.factories):
        out.append(_("destroys the factory in {region}").format(region=name(city)))
    if isinstance(action, MoveArmy):
        reg = board.regions[action.destination]
        nation = action.nation
        if reg.nation == nation and action.destination in state.factories:
            threatened = any(state.armies[o].get(n) for o in board.nation_ids if o != nation
                             for n in list(board.land_neighbours[action.destination]) + [action.destination])
            if threatened:
                out.append(_("protects the factory in {region}").format(region=name(action.destination)))
    return out


def _step_effect(state: GameState, action: Action) -> str | None:
    """What a single move does where it goes (a maneuver's options end their turn alike, so
    this is what tells them apart): the flag it takes or plants, the home province it enters."""
    if not isinstance(action, (MoveArmy, MoveFleet)):
        return None
    board = state.board
    name = board.name_of
    region = board.regions[action.destination]
    if region.nation is not None:
        if region.nation == action.nation:
            return None
        if action.destination in state.factories:
            return _("enters {nation}'s home province {region}, where it has a factory").format(
                nation=name(region.nation), region=name(action.destination))
        return _("enters {nation}'s home province {region}").format(nation=name(region.nation),
                                                                    region=name(action.destination))
    owner = state.flags.get(action.destination)
    if owner == action.nation:
        return _("{region} already flies your flag").format(region=name(action.destination))
    if owner is not None:
        return _("can take {region}'s flag from {nation}").format(region=name(action.destination), nation=name(owner))
    return _("{region} has no flag yet").format(region=name(action.destination))


def risk_clause(state: GameState, action: Action, player: int) -> str | None:
    """A government at risk that the action concerns, in one clause (``ai/control.py``): an
    investment that secures the player's nation against a rival's takeover at the rival's next
    chance, or takes a nation that a rival could then take back; a move onto Investor whose
    payout gives a rival investing after it the money to take one of the mover's nations."""
    name = state.board.name_of
    players = state.setup.players
    if isinstance(action, Invest):
        try:
            lock = purchase_locks(state, player, action)
        except ValueError:
            return None
        if lock.takes_over:
            if lock.threats:
                return _("{player} could take {nation} back").format(
                    player=players[lock.threats[0].player], nation=name(action.nation))
            return None
        if not lock.governs_after:
            return None
        still = {t.player for t in lock.threats}
        saved = [t for t in control(state)[action.nation].threats if t.player != player and t.player not in still]
        if saved:
            return _("secures {nation} against {player}'s takeover").format(
                nation=name(action.nation), player=players[saved[0].player])
        return None
    if isinstance(action, ChooseRondel) and action.space == state.board.investor_index:
        found = payout_hands_takeover(state, action.nation)
        if found:
            return _("would pay {player} enough to take {nation}").format(
                player=players[found[0].player], nation=name(found[0].nation))
    return None


def _distinct(effects: list[list[str]]) -> list[list[str]]:
    """Each option's effects less those every shown option has (they do not help to choose)."""
    if len(effects) < 2:
        return effects
    shared = set(effects[0]).intersection(*map(set, effects[1:]))
    return [[e for e in these if e not in shared] for these in effects]


def advise(state: GameState, budget_s: float = BUDGET_SECONDS, top: int = 3, seed: int = 0) -> list[Advice]:
    """The best ``top`` options of the pending decision for the player who must make it.

    Empty when the game is over. For a maneuver each advice is the next single move.
    """
    if state.is_terminal() or state.decision() is None:
        return []
    player = state.current_player()
    assert player is not None
    work = state.clone()
    bot = ExpertBot(seed, budget=budget_s)
    ranked = bot.ranked(work)
    useful = [c for c in ranked if not does_nothing(state, c.action)]
    ranked = useful or ranked  # advice never names a turn that does nothing, unless nothing else is legal
    best = ranked[0]
    alternatives = ranked[1:top]
    if alternatives:
        even_up(work, bot.search, best, alternatives, player, budget_s)
        # in the order of the numbers shown: each against the best, on the playouts both had
        alternatives.sort(key=lambda c: -edge_over(c, best))
    scored = [best] + alternatives
    effects = _distinct([_effects(state, c.action, player) for c in scored])
    advice = []
    for i, c in enumerate(scored):
        parts = []
        if len(scored) > 1 and c.values and scored[0].values:
            parts.append(comparison(-edge_over(scored[1] if i == 0 else c, best), i == 0))
        risk = risk_clause(state, c.action, player)
        if risk:
            parts.append(risk)
        step = _step_effect(state, c.action)
        parts.extend(([step] if step else []) + effects[i][:2 if not step else 1])
        reason = _("{action}: {effects}").format(
            action=_what_it_does(state, c.action), effects=_("; ").join(parts) if parts else _("keeps your position"))
        advice.append(Advice(c.action, reason, round(c.mean if c.values else 0.0, 2), action_regions(c.action)))
    return advice


_MANEUVER_DEEDS = frozenset({EventType.UNIT_MOVED, EventType.BATTLE, EventType.FLAG_PLACED, EventType.FLAG_REMOVED,
                             EventType.FACTORY_DESTROYED, EventType.ARMY_STATUS})


def does_nothing(state: GameState, action: Action) -> bool:
    """Whether a rondel choice's action would do nothing for its nation now (``core.empty_actions``),
    or, for a Maneuver, no unit of the nation could do anything (the core ends such a maneuver by
    itself; the rondel's button says "No unit can move"): advice to take it would contradict the screen."""
    if not isinstance(action, ChooseRondel):
        return False
    if empty_reason(state, action.nation, action.space) is not None:
        return True
    if state.board.rondel[action.space].action != "maneuver":
        return False
    after = state.clone()
    events = after.apply(action)
    decision = after.decision()
    if decision is not None and decision.kind == DecisionKind.MANEUVER and after.acting_nation() == action.nation:
        return False  # the core asks: some unit has something to do
    ended = any(e.type == EventType.PHASE and e.data.get("phase") == "maneuver ends"
                and e.data.get("nation") == action.nation for e in events)
    return ended and not any(e.type in _MANEUVER_DEEDS for e in events)


def even_up(state: GameState, search: PlayoutSearch, best: Candidate, alternatives: list[Candidate], player: int,
            budget_s: float) -> None:
    """Play the shown alternatives out as often as the best (with the same random numbers, within
    about one more budget), so their numbers compare like for like: an option the search dropped
    after one unlucky playout would otherwise be judged by that one."""
    turns = search.turns_for(state)
    deadline = time.perf_counter() + max(budget_s, 0.05)
    for c in alternatives:
        while len(c.values) < max(1, len(best.values)) and (not c.values or time.perf_counter() < deadline):
            k = len(c.values)
            c.values.append(search.playout(state, c.action, player, turns, None if k == 0 else k))


def edge_over(c: Candidate, best: Candidate) -> float:
    """What the search holds ``c`` worth against ``best``, in expected points: the playouts both
    had, the standing corrections and the prior's fading say, as its own final pick compares them
    (``search.shared_score``)."""
    return shared_score(c, best) - shared_score(best, c)


def comparison(ahead: float, for_best: bool) -> str:
    """The reason's number: how far the best option is ahead of the next (said on the best) or of
    this alternative (said on it). An alternative the search holds about as good as the best, or
    better on the playouts alone (the pick also weighs more playouts and the heuristics' say), is
    called even rather than shown above the option advised first."""
    if ahead < 0.5:
        return _("about as good as the next option") if for_best else _("about as good as the best")
    points = round(ahead)  # whole points: a short search is not precise to a tenth
    if for_best:
        return ngettext("{delta} expected point more than the next option",
                        "{delta} expected points more than the next option", points).format(
            delta=format_number(points, 0))
    return ngettext("{delta} expected point less than the best", "{delta} expected points less than the best",
                    points).format(delta=format_number(points, 0))
