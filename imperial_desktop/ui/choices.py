"""Turn the pending decision's legal actions into labelled choices for dialogs and the board.

Pure functions of the state (no pygame): the dialog shows ``Choice.label`` on a button,
``Choice.tip`` as its tooltip, and applies ``Choice.action`` when pressed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from imperial_desktop.core import (
    Action, AskNation, Battle, BuildFactory, ChooseRondel, DecisionKind, DestroyFactory, EndPhase, GameState,
    ImportUnit, Invest, MoveArmy, MoveFleet, PassInvestment, Peace, Produce, SetArmyStatus, SwissForce,
)
from imperial_desktop.core.events import join_words, place, units_phrase
from imperial_desktop.i18n import _, ngettext
from imperial_desktop.ui.localized import format_money as money
from imperial_desktop.ui.rondel_preview import outlook, passes_investor
from imperial_desktop.ui.movable import movable_paragraph


@dataclass(frozen=True)
class Choice:
    """One button of a decision dialog."""

    label: str
    action: Action | None  # None: a toggle (see ``toggle``) or a disabled button
    tip: str = ""
    group: str = ""
    primary: bool = False
    toggle: str | None = None  # a factory switched on or off in the production dialog
    pinned: bool = False  # a closing choice (end, pass, produce) kept visible below the list
    takes_over: bool = False  # a bond that makes the buyer the nation's government (marked in gold)
    rondel_space: int | None = None  # the rondel space this choice refers to (lit while hovered)
    regions: tuple[str, ...] = ()  # regions this choice refers to (lit while hovered)
    switched_on: bool = False  # a toggle's state: drawn as a selected button with a ticked box
    detail: str = ""  # a short line shown under the button (what a rondel space would bring)


@dataclass(frozen=True)
class DecisionView:
    """What a dialog shows for the pending decision."""

    title: str
    prompt: str
    choices: list[Choice]
    board_actions: bool = False  # the decision is also made on the board (rondel, map)


def nation_name(state: GameState, nation: str) -> str:
    return state.board.nation_by_id[nation].name


def region_name(state: GameState, region: str) -> str:
    return state.board.regions[region].name


def _unit_name(state: GameState, nation: str, unit: str) -> str:
    """"the army of France" / "the fleet of France" (a unit of another nation)."""
    if unit == "fleet":
        return _("the fleet of {nation}").format(nation=nation_name(state, nation))
    return _("the army of {nation}").format(nation=nation_name(state, nation))


def unit_word(unit: str) -> str:
    """"army" or "fleet" in the language in use."""
    return _("fleet") if unit == "fleet" else _("army")



def rondel_choice(state: GameState, action: ChooseRondel) -> Choice:
    b = state.board
    space = b.rondel[action.space]
    start = state.rondel[action.nation]
    steps = 0 if start is None else (action.space - start) % len(b.rondel)
    cost = b.rondel_cost(steps)
    passes = passes_investor(state, action)
    # the first placement is free on every space (the prompt says so): the name alone
    label = space.name if start is None else f"{space.name} · " + ngettext(
        "{count} step", "{count} steps", steps).format(count=steps) + " · " + (money(cost) if cost else _("free"))
    tip = (ngettext("Move {count} space", "Move {count} spaces", steps).format(count=steps) if start is not None
           else _("First placement: any space, free"))
    if cost:
        tip += _("; the government pays {amount} from its own cash").format(amount=money(cost))
    if passes:
        tip += _("; passes Investor (investor card and Swiss Banks invest afterwards)")
    look = outlook(state, action)  # what the space would bring now (ui/rondel_preview.py)
    return Choice(label, action, f"{look.tip} {tip}.", primary=False, rondel_space=action.space, detail=look.line)


def _rondel_out_of_reach(state: GameState, player: int, nation: str) -> str:
    """The prompt's note "Out of reach with ...": the spaces within the longest move that the
    government cannot pay for (they are not offered, and a newcomer wondered where they went);
    "" when there are none."""
    b = state.board
    start = state.rondel[nation]
    if start is None:
        return ""
    cash = state.cash[player]
    far = [(k, sided_space_name(state, (start + k) % len(b.rondel))) for k in range(1, b.max_steps + 1)
           if b.rondel_cost(k) > cash]
    if not far:
        return ""
    spaces = join_words([ngettext("{space} ({count} step)", "{space} ({count} steps)", k).format(space=name, count=k)
                         for k, name in far])
    return " " + _("Out of reach with your {cash}: {spaces} (each step beyond {free} costs you "
                   "{price}).").format(cash=money(cash), spaces=spaces, free=b.free_steps, price=money(b.cost_per_extra_step))


def sided_space_name(state: GameState, index: int) -> str:
    """A rondel space's name, with its side when the rondel has two of that name ("Production
    (left)"): a note naming a space out of reach must not read like an offered one."""
    rondel = state.board.rondel
    name = rondel[index].name
    if sum(1 for space in rondel if space.name == name) < 2:
        return name
    side = _("right") if rondel_side(index, len(rondel)) == "right" else _("left")
    return f"{name} ({side})"


def rondel_side(index: int, spaces: int) -> str:
    """Where a rondel space is drawn: "right" or "left" of the vertical axis (the rondel has two
    Production and two Maneuver spaces, one on each side)."""
    return "right" if 0 < index % spaces < spaces / 2 else "left"


def _distinct_rondel_labels(state: GameState, choices: list[Choice]) -> list[Choice]:
    """Say which side of the rondel a space is on when two choices would read the same."""
    labels = [c.label for c in choices]
    spaces = len(state.board.rondel)
    out = []
    for c in choices:
        if labels.count(c.label) > 1 and c.rondel_space is not None:
            name = state.board.rondel[c.rondel_space].name
            side = _("right") if rondel_side(c.rondel_space, spaces) == "right" else _("left")
            label = c.label.replace(name, f"{name} ({side})", 1)
            c = replace(c, label=label)
        out.append(c)
    return out


def invest_choice(state: GameState, action: Invest) -> Choice:
    b = state.board
    nation = nation_name(state, action.nation)
    interest = b.bond_interest[action.value]
    cost = action.value - (action.trade_in or 0)
    if action.trade_in is None:
        label = _("{nation} {bond}: pay {cost}, interest {interest}").format(
            nation=nation, bond=money(action.value), cost=money(cost), interest=interest)
        tip = _("Buy the {bond} bond (interest {interest}).").format(bond=money(action.value), interest=money(interest))
    else:
        # Translators: {old} is a plain number (the bond given back), {bond} and {cost} amounts of money
        label = _("{nation} {old}M→{bond}: pay {cost}, interest {interest}").format(
            nation=nation, old=action.trade_in, bond=money(action.value), cost=money(cost), interest=interest)
        tip = _("Return your {old} bond and take the {bond} bond (interest {interest}).").format(
            old=money(action.trade_in), bond=money(action.value), interest=money(interest))
    after = state.credit(action.player, action.nation) + cost
    gov = state.government[action.nation]
    tip += " " + _("Your credit in {nation} becomes {amount}.").format(nation=nation, amount=money(after))
    takes_over = False
    if gov != action.player:
        top = max([state.credit(p, action.nation) for p in range(state.num_players) if p != action.player] or [0])
        if after > top:
            takes_over = True
            tip += " " + _("You would take over the government of {nation} at the end of the Investor turn.").format(nation=nation)
        elif gov is not None:
            tip += " " + _("The government stays with {player} ({amount}).").format(
                player=state.setup.players[gov], amount=money(state.credit(gov, action.nation)))
    return Choice(label, action, tip, group=action.nation, takes_over=takes_over)


def units_there(state: GameState, region: str) -> str:
    """Who stands in ``region`` now, for a battle question: "There now: France with 2 armies and
    German Empire with an army." (empty when nobody does)."""
    parts = []
    for nation in state.board.nation_ids:
        armies, fleets = state.armies[nation].get(region, 0), state.fleets[nation].get(region, 0)
        units = ([units_phrase(armies, "army")] if armies else []) + ([units_phrase(fleets, "fleet")] if fleets else [])
        if units:
            parts.append(_("{nation} with {units}").format(nation=nation_name(state, nation), units=join_words(units)))
    return _("There now: {units}.").format(units=join_words(parts)) if parts else ""


def describe_battle(state: GameState, action: Battle) -> Choice:
    label = _("{region}: our {unit} vs {target}").format(
        region=region_name(state, action.region), unit=unit_word(action.unit),
        target=_unit_name(state, action.target_nation, action.target_unit))
    tip = _("{nation}: {unit} in {region} fights {target}; one unit of each side is removed (1:1).").format(
        nation=nation_name(state, action.nation), unit=unit_word(action.unit), region=region_name(state, action.region),
        target=_unit_name(state, action.target_nation, action.target_unit))
    return Choice(label, action, tip, regions=(action.region,))


def decision_view(state: GameState) -> DecisionView | None:
    """Title, prompt and choices of the pending decision (None when the game is over)."""
    decision = state.decision()
    if decision is None:
        return None
    legal = state.legal_actions()
    who = state.setup.players[decision.player]
    nation = nation_name(state, decision.nation) if decision.nation else ""
    kind = decision.kind
    if kind == DecisionKind.RONDEL:
        choices = _distinct_rondel_labels(state, [rondel_choice(state, a) for a in legal if isinstance(a, ChooseRondel)])
        prompt = (_("{player}, choose the next space of {nation} on the rondel (or click it).")
                  if state.rondel[decision.nation] is not None else
                  _("{player}, place {nation} on any space of the rondel, free (or click it)."))
        return DecisionView(_("{nation}: rondel").format(nation=nation),
                            prompt.format(player=who, nation=nation) + _rondel_out_of_reach(state, decision.player,
                                                                                             decision.nation),
                            choices, True)
    if kind == DecisionKind.SWISS_FORCE:
        target = state.board.rondel[decision.data["target"]].name
        choices = []
        for a in legal:
            assert isinstance(a, SwissForce)
            if a.force:
                choices.append(Choice(_("Force the stop on Investor"), a,
                                      _("The nation lands on Investor and pays all interest; its intended action is lost."),
                                      primary=True))
            else:
                choices.append(Choice(_("Let {nation} go on to {space}").format(nation=nation, space=target), a,
                                      _("No forced stop.")))
        due = state.interest_due(decision.nation)
        facts = _("Its treasury holds {treasury}; the stop would pay {total} of interest, {yours} of it to you.").format(
            treasury=money(state.treasury[decision.nation]), total=money(sum(due.values())),
            yours=money(due.get(decision.player, 0)))
        return DecisionView(_("Swiss Bank"), _("{player}: {nation} wants to pass Investor on its way to {space}. As a Swiss "
                                               "Bank you may force it to stop there.").format(player=who, nation=nation, space=target)
                            + " " + facts, choices)
    if kind == DecisionKind.FACTORY:
        choices = []
        for a in legal:
            assert isinstance(a, BuildFactory)
            if a.city is None:
                choices.append(Choice(_("Build nothing"), a, _("End the Factory action without building."), pinned=True))
            else:
                shipyard = state.board.regions[a.city].factory_type == "shipyard"
                label = (_("Build a shipyard in {city} ({cost})") if shipyard else
                         _("Build an armaments factory in {city} ({cost})"))
                choices.append(Choice(label.format(city=region_name(state, a.city), cost=money(state.board.factory_cost)), a,
                                      _("Paid from the treasury."), primary=True, regions=(a.city,)))
        prompt = _("{player}, click a highlighted city to build a factory for {nation}, or build nothing.").format(
            player=who, nation=nation)
        if state.treasury[decision.nation] < state.board.factory_cost:
            prompt += " " + _("The treasury holds only {amount}: a donation can make up the {cost}.").format(
                amount=money(state.treasury[decision.nation]), cost=money(state.board.factory_cost))
        return DecisionView(_("{nation}: factory").format(nation=nation), prompt, choices, True)
    if kind == DecisionKind.PRODUCTION:
        return production_view(state, None)
    if kind == DecisionKind.IMPORT:
        choices = []
        for a in legal:
            if isinstance(a, ImportUnit):
                choices.append(import_choice(state, a))
            elif isinstance(a, EndPhase):
                choices.append(Choice(_("Done importing"), a, _("End the Import action."), primary=True, pinned=True))
        left = 3 - decision.data.get("count", 0)
        prompt = ngettext("{player}, import {count} more unit at most, 1M each from the treasury ({treasury}): click a "
                          "highlighted province or use the buttons.",
                          "{player}, import {count} more units at most, 1M each from the treasury ({treasury}): click a "
                          "highlighted province or use the buttons.", left).format(
            player=who, count=left, treasury=money(state.treasury[decision.nation]))
        return DecisionView(_("{nation}: import").format(nation=nation), prompt, choices, True)
    if kind == DecisionKind.MANEUVER:
        phase = state.maneuver_phase()
        no_fleets = phase == "fleets" and not any(state.fleets[decision.nation].values())
        choices = []
        for a in legal:
            if isinstance(a, EndPhase):
                label = _("End fleet movement") if phase == "fleets" else _("End army movement")
                if no_fleets:
                    label = _("On to the armies")
                choices.append(Choice(label, a, _("Enter: end this phase"), primary=True, pinned=True))
            elif isinstance(a, Battle):
                choices.append(describe_battle(state, a))
            elif isinstance(a, SetArmyStatus):
                label = (_("Declare the armies in {region} hostile (standing)") if a.hostile else
                         _("Declare the armies in {region} friendly (lying)"))
                choices.append(Choice(label.format(region=region_name(state, a.region)), a,
                                      _("Other nations there may then demand a battle."), regions=(a.region,)))
            elif isinstance(a, DestroyFactory):
                choices.append(Choice(_("Destroy the factory in {region} (3 armies)").format(region=region_name(state, a.region)), a,
                                      _("The factory and three of your armies are removed."), regions=(a.region,)))
        waiting = unmoved_units(state)
        rest = (" " + ngettext("{count} of them can still move.", "{count} of them can still move.", waiting).format(count=waiting)
                if waiting else " " + _("None can move any more."))
        if no_fleets:  # else the player wonders where the fleets went
            title = _("{nation}: move fleets")
            prompt = _("{player}, {nation} has no fleets. Go on to the army movement (a battle can be fought there "
                       "too).")
            rest = ""
        elif phase == "fleets":
            title = _("{nation}: move fleets")  # short: fits the heading font at 1280x720 in every language
            prompt = _("{player}, drag the fleets of {nation} to move them; legal destinations light up while you drag.")
        else:
            title = _("{nation}: move armies")
            prompt = _("{player}, drag the armies of {nation} to move them; legal destinations light up while you drag.")
        return DecisionView(title.format(nation=nation), prompt.format(player=who, nation=nation) + rest
                            + movable_paragraph(state), choices, True)
    if kind == DecisionKind.ENTRY_FIGHT:
        e = state.entry_view()
        choices = []
        for a in legal:
            if isinstance(a, Battle):
                choices.append(Choice(_("Fight {target}").format(target=_unit_name(state, a.target_nation, a.target_unit)), a,
                                      _("One unit of each side is removed.")))
            elif isinstance(a, Peace):
                choices.append(Choice(_("No battle"), a, _("The other nations there are asked whether they want a battle."),
                                      primary=True, pinned=True))
        where = region_name(state, e.region) if e else ""
        prompt = (_("{player}: the fleet of {nation} entered {region}, where other nations stand. Fight?")
                  if e is not None and e.unit == "fleet" else
                  _("{player}: the army of {nation} entered {region}, where other nations stand. Fight?"))
        there = units_there(state, e.region) if e else ""
        outcome = _("A battle removes one unit of each side; without one, the other nations there may demand one.")
        return DecisionView(_("Battle?"), " ".join(filter(None, [prompt.format(player=who, nation=nation, region=where),
                                                                 outcome, there])), choices)
    if kind == DecisionKind.ENTRY_ASK:
        e = state.entry_view()
        choices = [Choice(_("Ask {nation} first").format(nation=nation_name(state, a.asked)), a,
                          _("That nation decides whether it demands a battle.")) for a in legal if isinstance(a, AskNation)]
        question = _("Choose which nation there is asked first whether it demands a battle. The first to demand one "
                     "fights (one unit of each side is removed); the rest are then not asked.")
        there = units_there(state, e.region) if e else ""
        return DecisionView(_("Who is asked first?"), " ".join(filter(None, [entry_news(state, who), question, there])),
                            choices)
    if kind == DecisionKind.ENTRY_DEMAND:
        e = state.entry_view()
        choices = []
        for a in legal:
            if isinstance(a, Battle):
                choices.append(Choice(_("Battle: our {unit} against {target}").format(
                    unit=unit_word(a.unit), target=_unit_name(state, e.mover if e else decision.nation, a.target_unit)), a,
                    _("One unit of each side is removed.")))
            elif isinstance(a, Peace):
                choices.append(Choice(_("No battle"), a, _("Let the units stand side by side."), primary=True, pinned=True))
        where = region_name(state, e.region) if e else ""
        there = units_there(state, e.region) if e else ""
        mover = e.mover if e else decision.nation
        if e is not None and e.mode == "status":  # an army stack changed its status (#19): the others may call for a battle
            question = (_("{player} ({nation}): the armies of {mover} in {region} are now hostile (standing). Demand a battle?")
                        if e.region in state.hostile[mover] else
                        _("{player} ({nation}): the armies of {mover} in {region} are now friendly (lying). Demand a battle?")
                        ).format(player=who, nation=nation, mover=nation_name(state, mover), region=where)
        else:
            question = _("{player} ({nation}): {unit} entered {region}. Demand a battle?").format(
                player=who, nation=nation, region=where, unit=_unit_name(state, mover, e.unit if e else "army"))
        outcome = _("A battle removes one unit of each side.")
        return DecisionView(_("{nation}: battle?").format(nation=nation), " ".join(filter(None, [question, outcome, there])),
                            choices)
    if kind == DecisionKind.ENTRY_STATUS:
        e = state.entry_view()
        choices = []
        for a in legal:
            assert isinstance(a, SetArmyStatus)
            if a.hostile:
                choices.append(Choice(_("Hostile (standing)"), a,
                                      _("Blocks production, import, factory building, rail and the factory's taxes there.")))
            else:  # neither answer is the usual one: no green button (the coach marks its own advice)
                choices.append(Choice(_("Friendly (lying)"), a, _("No effect on the home nation.")))
        return DecisionView(_("Hostile or friendly?"), status_prompt(state, who, e.region if e else None), choices)
    if kind in (DecisionKind.INVEST, DecisionKind.AUCTION):
        choices = [invest_choice(state, a) for a in legal if isinstance(a, Invest)]
        if kind == DecisionKind.AUCTION:  # the set-up hands out the governments anyway: no gold there
            choices = [replace(c, takes_over=False) for c in choices]
        choices.sort(key=lambda c: (state.board.nation_ids.index(c.action.nation), c.action.value, c.action.trade_in or 0))  # type: ignore[union-attr]
        skip = next(a for a in legal if isinstance(a, PassInvestment))
        choices.append(Choice(_("Pass"), skip, _("No investment now."), primary=True, pinned=True) if kind == DecisionKind.INVEST else
                       Choice(_("Buy no bond of {nation}").format(nation=nation), skip,
                              _("Keep your money; the next player may buy a bond of {nation}.").format(nation=nation),
                              primary=True, pinned=True))
        cash = money(state.cash[decision.player])
        if kind == DecisionKind.AUCTION:
            prompt = _("{player} ({cash}): each player in turn may buy one bond of {nation}.").format(
                player=who, cash=cash, nation=nation)
            title = _("Set-up: buying bonds of {nation}").format(nation=nation)
        else:
            prompt = (_("{player} ({cash}): you may buy one bond or trade one up in {nation}.").format(
                player=who, cash=cash, nation=nation) if decision.nation else
                _("{player} ({cash}): you may buy one bond or trade one up in any nation.").format(player=who, cash=cash))
            title = _("Investor")
        if any(c.takes_over for c in choices):
            prompt += " " + _("Gold: that bond takes over the government.")
        return DecisionView(title, prompt, choices)
    return DecisionView(kind, state.describe_decision(), [Choice(a.describe(state.board), a) for a in legal])


def entry_news(state: GameState, who: str) -> str:
    """The first sentence of the question who is asked first: which unit entered where (or which
    armies changed their status)."""
    e = state.entry_view()
    if e is None:
        return ""
    mover, where = nation_name(state, e.mover), place(state.board, e.region)
    if e.mode == "status":
        text = (_("{player}: the armies of {nation} in {region} are now hostile (standing).")
                if e.region in state.hostile[e.mover] else
                _("{player}: the armies of {nation} in {region} are now friendly (lying)."))
    elif e.unit == "fleet":
        text = _("{player}: the fleet of {nation} entered {region}, where several nations stand.")
    else:
        text = _("{player}: the army of {nation} entered {region}, where several nations stand.")
    return text.format(player=who, nation=mover, region=where)


def status_prompt(state: GameState, who: str, region: str | None) -> str:
    """The question hostile or friendly, with what each answer does to the home nation (R-EN
    "Entering provinces of other Great Powers", FAQ on rail and taxes, clarifications #19)."""
    decision = state.decision()
    assert decision is not None and decision.nation is not None
    nation = nation_name(state, decision.nation)
    if region is None:
        return _("{player}: the armies of {nation}.").format(player=who, nation=nation)
    owner = state.board.regions[region].nation
    home = nation_name(state, owner) if owner else ""
    where = region_name(state, region)
    first = _("{player}: the army of {nation} entered {region}, a home province of {owner}.").format(
        player=who, nation=nation, region=where, owner=home)
    count = state.armies[decision.nation].get(region, 0)
    if count > 1:  # the status belongs to the whole stack
        first += " " + ngettext("The choice applies to its {count} army there.", "The choice applies to all its {count} armies there.",
                                count).format(count=count)
    if region in state.factories:
        hostile = _("Hostile (standing): {owner} can no longer produce, import or use the railway there and gets no "
                    "taxes for that factory.")
    else:
        hostile = _("Hostile (standing): {owner} can no longer build a factory, import or use the railway there.")
    friendly = _("Friendly (lying): no effect.")
    return " ".join([first, hostile.format(owner=home), friendly])


def import_choice(state: GameState, action: ImportUnit) -> Choice:
    """An import button: the unit, where, and its cost."""
    where = region_name(state, action.region)
    if action.unit == "fleet":
        label, tip = _("Fleet in {region} (1M)"), _("Import one fleet into {region} for 1M from the treasury.")
    else:
        label, tip = _("Army in {region} (1M)"), _("Import one army into {region} for 1M from the treasury.")
    return Choice(label.format(region=where), action, tip.format(region=where), group=action.unit, regions=(action.region,))


def unmoved_units(state: GameState) -> int:
    """How many units of the acting nation can still move in this phase of its maneuver."""
    nation = state.acting_nation()
    if nation is None:
        return 0
    fleets = state.maneuver_phase() == "fleets"
    kind = MoveFleet if fleets else MoveArmy
    origins = {a.origin for a in state.legal_actions() if isinstance(a, kind)}  # type: ignore[attr-defined]
    mv = state.maneuver_view()
    moved = {} if mv is None else mv.moved_fleets if fleets else mv.moved_armies
    units = state.fleets[nation] if fleets else state.armies[nation]
    return sum(max(0, units.get(r, 0) - moved.get(r, 0)) for r in origins)


def decision_headline(state: GameState) -> str:
    """The top bar's sentence for the pending decision (counts kept current)."""
    decision = state.decision()
    if decision is not None and decision.kind == DecisionKind.AUCTION and decision.nation:  # short: fits one line at 1280
        return _("Set-up: {player} may buy a bond of {nation}").format(
            player=state.setup.players[decision.player], nation=nation_name(state, decision.nation))
    if decision is not None and decision.kind == DecisionKind.IMPORT and decision.nation:
        left = 3 - decision.data.get("count", 0)
        who = state.setup.players[decision.player]
        return ngettext("{player} ({nation}) imports: {count} more unit possible",
                        "{player} ({nation}) imports: {count} more units possible", left).format(
            player=who, nation=nation_name(state, decision.nation), count=left)
    return state.describe_decision()


def production_sites(state: GameState) -> list[str]:
    """Factories that may produce now (those appearing in any legal production), in board order."""
    sites: list[str] = []
    for a in state.legal_actions():
        if isinstance(a, Produce):
            sites.extend(c for c in a.cities if c not in sites)
    order = state.board.nation_by_id[state.acting_nation()].home_provinces  # type: ignore[index]
    return sorted(sites, key=order.index)


def default_production(state: GameState) -> set[str]:
    """The largest legal production (every factory, unless the unit supply is short)."""
    best = max((a for a in state.legal_actions() if isinstance(a, Produce)), key=lambda a: len(a.cities))
    return set(best.cities)


def production_view(state: GameState, selected: set[str] | None) -> DecisionView:
    """One switch per factory and a button that produces with the factories switched on."""
    decision = state.decision()
    assert decision is not None and decision.nation is not None
    nation = nation_name(state, decision.nation)
    who = state.setup.players[decision.player]
    chosen = default_production(state) if selected is None else selected
    choices = []
    for city in production_sites(state):
        unit = unit_word("fleet" if state.board.regions[city].factory_type == "shipyard" else "army")
        on = city in chosen
        label = (_("{city}: {unit}").format(city=region_name(state, city), unit=unit) if on else
                 _("{city}: stays idle").format(city=region_name(state, city)))
        choices.append(Choice(("☑ " if on else "☐ ") + label, None,
                              _("Click to switch this factory off") if on else _("Click to switch this factory on"),
                              toggle=city, switched_on=on))
    order = state.board.nation_by_id[decision.nation].home_provinces
    cities = tuple(sorted(chosen, key=order.index))
    action = Produce(decision.nation, cities)
    if state.is_legal(action):
        label = (ngettext("Produce {count} unit", "Produce {count} units", len(cities)).format(count=len(cities))
                 if cities else _("Produce nothing"))
        choices.append(Choice(label, action, _("Each factory switched on places one unit in its province (fleets in the harbour)."),
                              primary=True, pinned=True))
    else:
        choices.append(Choice(_("Not enough units left in the supply"), None, _("Switch a factory off."), pinned=True))
    prompt = _("{player}: each factory switched on places one unit for free, but every army and fleet costs 1M "
               "soldiers' pay out of the taxes at each Taxation. Switch off the factories that should stay idle, "
               "then produce.").format(player=who)
    short = supply_left(state, decision.nation)
    if short:
        prompt += " " + short
    return DecisionView(_("{nation}: production").format(nation=nation), prompt, choices)


def supply_left(state: GameState, nation: str) -> str:
    """"Only 2 armies are left in the supply." when the supply cannot fill every factory (#12), else ""."""
    sites = production_sites(state)
    if len(default_production(state)) == len(sites):
        return ""
    nat = state.board.nation_by_id[nation]
    armies, fleets = state.unit_count(nation)
    kinds = {state.board.regions[c].factory_type for c in sites}
    left = []
    if "shipyard" in kinds:
        left.append(units_phrase(nat.fleet_supply - fleets, "fleet") if nat.fleet_supply > fleets else _("no fleet"))
    if kinds - {"shipyard"}:
        left.insert(0, units_phrase(nat.army_supply - armies, "army") if nat.army_supply > armies else _("no army"))
    return _("The supply is short: {units} left.").format(units=join_words(left))


def move_actions(state: GameState, region: str, unit: str) -> list[Action]:
    """Legal moves of one ``unit`` ("army"/"fleet") standing in ``region``."""
    out: list[Action] = []
    for a in state.legal_actions():
        if unit == "fleet" and isinstance(a, MoveFleet) and a.origin == region:
            out.append(a)
        elif unit == "army" and isinstance(a, MoveArmy) and a.origin == region:
            out.append(a)
    return out


def region_actions(state: GameState, region: str) -> list[Action]:
    """Legal actions a click on ``region`` can mean (factory site, import, battles, status, destruction)."""
    out: list[Action] = []
    for a in state.legal_actions():
        if isinstance(a, BuildFactory) and a.city == region:
            out.append(a)
        elif isinstance(a, ImportUnit) and a.region == region:
            out.append(a)
        elif isinstance(a, (Battle, SetArmyStatus, DestroyFactory)) and a.region == region and state.decision().kind == DecisionKind.MANEUVER:
            out.append(a)
    return out


def convoy_label(state: GameState, action: MoveArmy) -> str:
    if not action.convoy:
        return _("March to {region}").format(region=region_name(state, action.destination))
    seas = ", ".join(region_name(state, s) for s in action.convoy)
    return _("By sea via {seas}").format(seas=seas)
