"""What a rondel space would do for the nation now: one short line for the decision panel and a
fuller tooltip, so that a newcomer sees what each choice brings before choosing.

The numbers come from the rules themselves: the choice is applied to a copy of the state
(``state.clone()``, a Swiss Bank's question answered "no forced stop") and the events the core
reports are read (taxes, interest, the investor card) or the options it then offers (production,
import, maneuver). Where the nation's government still chooses afterwards (which factories
produce, how many units to import, which units move) the line says what is possible, not what
will happen. The real state is never changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from imperial_desktop.core import (
    ARMY, FLEET, ChooseRondel, DecisionKind, EndPhase, Event, EventType, GameState, MoveArmy, MoveFleet,
    Produce, SwissForce,
)
from imperial_desktop.core.events import join_words, plural, units_phrase
from imperial_desktop.i18n import _, ngettext
from imperial_desktop.ui.localized import format_money


def money(amount: int) -> str:
    """An amount that a wrapped line never breaks: "5 Mio." with a no-break space."""
    return format_money(amount).replace(" ", "\u00a0")


@dataclass(frozen=True)
class Outlook:
    """What a rondel choice brings: ``line`` shown under its button, ``tip`` in its tooltip."""

    line: str
    tip: str


def preview(state: GameState, action: ChooseRondel) -> str:
    """One short line: what choosing ``action`` would do for the nation now."""
    return outlook(state, action).line


def outlook(state: GameState, action: ChooseRondel) -> Outlook:
    """The short line and the fuller tooltip text for a legal rondel choice."""
    after, events, could_force = _played(state, action)
    kind = state.board.rondel[action.space].action
    line, tip = _KINDS[kind](state, action.nation, after, events)
    if could_force:
        tip += " " + _("(Unless a Swiss Bank forces a stop on Investor.)")
    if passes_investor(state, action):  # others may invest then: say so before, not after
        line = _("{line} · passes Investor").format(line=line)
    return Outlook(line, tip)


def passes_investor(state: GameState, action: ChooseRondel) -> bool:
    """The move goes past the Investor space without stopping on it: the investor card's holder and
    the Swiss Banks invest afterwards."""
    start = state.rondel[action.nation]
    size = len(state.board.rondel)
    return start is not None and 0 < (state.board.investor_index - start) % size < (action.space - start) % size


def _played(state: GameState, action: ChooseRondel) -> tuple[GameState, list[Event], bool]:
    """A copy of the state after the choice and its automatic part; a Swiss Bank that could force a
    stop on Investor is assumed not to."""
    after = state.clone()
    events = after.apply(action)
    could_force = False
    decision = after.decision()
    while decision is not None and decision.kind == DecisionKind.SWISS_FORCE:
        could_force = True
        events += after.apply(SwissForce(decision.player, decision.nation, False))
        decision = after.decision()
    return after, events, could_force


def _clauses(*parts: str) -> str:
    """Clauses of one line: "Taxes 9M: +4 power points, 2M bonus to you, 5M to the treasury"."""
    return _(", ").join(p for p in parts if p)


def _names(state: GameState, regions: list[str]) -> str:
    return join_words([state.board.regions[r].name for r in regions])


def _units(armies: int, fleets: int) -> str:
    """"2 armies and a fleet" (the kinds there are)."""
    return join_words(([units_phrase(armies, ARMY)] if armies else []) + ([units_phrase(fleets, FLEET)] if fleets else []))


# ---------------------------------------------------------------- taxation (R-EN Taxation, #24-#26)


def _taxation(state: GameState, nation: str, after: GameState, events: list[Event]) -> tuple[str, str]:
    d = next(e.data for e in events if e.type == EventType.TAXES)
    ends = any(e.type == EventType.GAME_OVER for e in events)
    points = "+" + plural(d["points"], "power point")
    head = _("Taxes {taxes}: {points}").format(taxes=money(d["taxes"]), points=points)
    bonus = _("{amount} bonus to you").format(amount=money(d["bonus"])) if d["bonus"] else ""
    factories, flags = len(state.unoccupied_factories(nation)), state.flag_count(nation)
    tip = [_("Taxes: {factories} without hostile armies × {two} + {flags} × {one} = {taxes}.").format(
        factories=plural(factories, "factory"), flags=plural(flags, "flag"), two=money(2), one=money(1),
        taxes=money(d["taxes"]))]
    if d["bonus"]:
        tip.append(ngettext("The tax marker rises {count} box: a success bonus of {amount} to you.",
                            "The tax marker rises {count} boxes: a success bonus of {amount} to you.", d["bonus"]).format(
            count=d["bonus"], amount=money(d["bonus"])))
    tip.append(_("Power points: {before} → {after}.").format(before=state.power[nation], after=d["power"]))
    if ends:
        line = _clauses(head, bonus, _("the game ends"))
        tip.append(_("{nation} reaches 25 power points: the game ends and is scored.").format(
            nation=state.board.name_of(nation)))
        return line, " ".join(tip)
    pay = d["soldiers_pay"]
    income = (_("{amount} to the treasury").format(amount=money(d["income"])) if d["income"] else
              _("nothing to the treasury"))
    if pay:
        tip.append(ngettext("Soldiers' pay {pay} for {count} unit; {income} goes into the treasury.",
                            "Soldiers' pay {pay} for {count} units; {income} goes into the treasury.", pay).format(
            pay=money(pay), count=pay, income=money(d["income"])))
    else:
        tip.append(_("No soldiers' pay (no armies or fleets): all {income} goes into the treasury.").format(
            income=money(d["income"])))
    return _clauses(head, bonus, income), " ".join(tip)


# ---------------------------------------------------------------- production (R-EN Production, #12)


def _production(state: GameState, nation: str, after: GameState, events: list[Event]) -> tuple[str, str]:
    b = state.board
    own = [r for r in b.nation_by_id[nation].home_provinces if r in state.factories]
    blocked = [r for r in own if r in state.occupied_regions()]
    decision = after.decision()
    best: tuple[str, ...] = ()
    if decision is not None and decision.kind == DecisionKind.PRODUCTION:
        best = max((a.cities for a in after.legal_actions() if isinstance(a, Produce)), key=len)
    fleets = sum(1 for r in best if b.regions[r].factory_type == "shipyard")
    armies = len(best) - fleets
    tip: list[str] = []
    if best:
        line = _("Produces {units}").format(units=_units(armies, fleets))
        tip.append(_("One unit in each of {cities}, free; you may switch factories off.").format(
            cities=_names(state, list(best))))
    elif not own:
        line = _("Nothing: {nation} has no factory").format(nation=b.name_of(nation))
    elif len(blocked) == len(own):
        line = _("Nothing: hostile armies block every factory")
    else:
        line = _("Nothing: no units left in the supply")
    if blocked:
        if best:
            line = _clauses(line, ngettext("{count} factory blocked", "{count} factories blocked", len(blocked)).format(
                count=len(blocked)))
        tip.append(_("Hostile armies stop the factories in {cities}.").format(cities=_names(state, blocked)))
    free = [r for r in own if r not in blocked]
    if best and len(best) < len(free):
        line = _clauses(line, _("the supply is short"))
        tip.append(_("The supply of units is short: you choose which factories produce."))
    return line, " ".join(tip)


# ---------------------------------------------------------------- investor (R-EN Investor, #5, #6)


def _investor(state: GameState, nation: str, after: GameState, events: list[Event]) -> tuple[str, str]:
    gov = state.government[nation]
    names = state.setup.players
    due = state.interest_due(nation)
    paid = [e.data for e in events if e.type == EventType.INTEREST_PAID]
    total = sum(due.values())
    yours = sum(p["amount"] for p in paid if p["player"] == gov)
    from_cash = sum(p["by_government"] for p in paid)
    unpaid = sum(e.data["amount"] for e in events if e.type == EventType.INTEREST_SHORTFALL)
    tip: list[str] = []
    if not total:
        line = _("No bonds: no interest to pay")
    else:
        line = (_("Pays {total} interest, {yours} to you").format(total=money(total), yours=money(yours))
                if gov in due else _("Pays {total} interest to the bond holders").format(total=money(total)))
        holders = [p for p in range(state.num_players) if p in due]
        tip.append(_("Interest: {list}.").format(list=join_words(
            [_("{player} {amount}").format(player=names[p], amount=money(due[p])) for p in holders])))
        tip.append(_("The treasury ({amount}) pays the other holders first; you get what is left, up to your own "
                     "interest.").format(amount=money(state.treasury[nation])))
        if from_cash:
            line = _clauses(line, _("{amount} from your cash").format(amount=money(from_cash)))
            tip.append(_("The treasury is short: you pay {amount} of the others' interest from your own cash.").format(
                amount=money(from_cash)))
        if gov in due and yours < due[gov]:
            tip.append(_("You forgo {amount} of your own interest.").format(amount=money(due[gov] - yours)))
        if unpaid:
            tip.append(_("{amount} of interest cannot be paid.").format(amount=money(unpaid)))
    bonus = next((e.data for e in events if e.type == EventType.INVESTOR_BONUS), None)
    if bonus is not None:
        if bonus["player"] == gov:
            line = _clauses(line, _("then you get {amount} and invest").format(amount=money(bonus["amount"])))
        tip.append(_("Then {player} (investor card) receives {amount} and may buy a bond.").format(
            player=names[bonus["player"]], amount=money(bonus["amount"])))
        if any(p != bonus["player"] for p in state.swiss):
            tip.append(_("Then each Swiss Bank may invest."))
    return line, " ".join(tip)


# ---------------------------------------------------------------- factory (R-EN Factory, #11)


def _factory(state: GameState, nation: str, after: GameState, events: list[Event]) -> tuple[str, str]:
    b = state.board
    occupied = state.occupied_regions()
    sites = [r for r in b.nation_by_id[nation].home_provinces if r not in state.factories and r not in occupied]
    treasury, cost = state.treasury[nation], b.factory_cost
    if not sites:
        return _("No city left for a factory"), _("Every home city of {nation} has a factory or hostile armies.").format(
            nation=b.name_of(nation))
    kinds = [_("{city} (shipyard)") if b.regions[r].factory_type == "shipyard" else _("{city} (armaments factory)")
             for r in sites]
    tip = [_("Free cities: {cities}.").format(cities=join_words([k.format(city=b.regions[r].name) for k, r in zip(kinds, sites)]))]
    if treasury >= cost:
        line = _("Builds a factory for {cost} (treasury {treasury})").format(cost=money(cost), treasury=money(treasury))
        tip.append(_("The {cost} come from the treasury.").format(cost=money(cost)))
    else:
        line = _("A factory costs {cost}: the treasury lacks {short}").format(cost=money(cost), short=money(cost - treasury))
        tip.append(_("The treasury holds {amount}; any player may donate the rest.").format(amount=money(treasury)))
    return line, " ".join(tip)


# ---------------------------------------------------------------- import (R-EN Import, #13)


def _import(state: GameState, nation: str, after: GameState, events: list[Event]) -> tuple[str, str]:
    b = state.board
    nat = b.nation_by_id[nation]
    occupied = state.occupied_regions()
    free = [r for r in nat.home_provinces if r not in occupied]
    ports = [r for r in free if b.regions[r].factory_type == "shipyard"]
    armies, fleets = state.unit_count(nation)
    room = (nat.army_supply - armies if free else 0) + (nat.fleet_supply - fleets if ports else 0)
    treasury = state.treasury[nation]
    count = min(b.import_max, room, treasury // b.import_cost)
    tip = _("Each unit costs {cost} from the treasury; armies go to home provinces without hostile armies, "
            "fleets to port cities.").format(cost=money(b.import_cost))
    if room <= 0:
        return _("Nothing to import: no room or no units left"), tip
    if count <= 0:
        return (_("Treasury empty: nothing to pay imports with"),
                tip + " " + _("Any player may donate to the treasury."))
    line = ngettext("Up to {count} unit, {cost} each (treasury {treasury})",
                    "Up to {count} units, {cost} each (treasury {treasury})", count).format(
        count=count, cost=money(b.import_cost), treasury=money(treasury))
    return line, tip


# ---------------------------------------------------------------- maneuver (R-EN Maneuver, #14-#23)


def _movable(after: GameState, kind: type) -> int:
    """How many units of the acting nation have a legal move in the phase pending in ``after``."""
    nation = after.acting_nation()
    origins = {a.origin for a in after.legal_actions() if isinstance(a, kind)}
    units = after.fleets[nation] if kind is MoveFleet else after.armies[nation]
    return sum(units.get(r, 0) for r in origins)


def _maneuver(state: GameState, nation: str, after: GameState, events: list[Event]) -> tuple[str, str]:
    fleets = armies = 0
    decision = after.decision()
    if decision is not None and decision.kind == DecisionKind.MANEUVER and after.maneuver_phase() == "fleets":
        fleets = _movable(after, MoveFleet)
        after.apply(EndPhase(nation, "fleets"))  # a copy: see which armies could move then
        decision = after.decision()
    if decision is not None and decision.kind == DecisionKind.MANEUVER and after.maneuver_phase() == "armies":
        armies = _movable(after, MoveArmy)
    tip = _("Fleets move first, then armies (by rail and by sea); battles are 1:1; a flag marks each region "
            "the nation alone then holds.")
    if not fleets and not armies:
        return _("No unit can move"), tip
    return _("Can move {units}").format(units=_units(armies, fleets)), tip


_KINDS = {"taxation": _taxation, "production": _production, "investor": _investor, "factory": _factory,
          "import": _import, "maneuver": _maneuver}

__all__ = ["Outlook", "outlook", "preview"]
