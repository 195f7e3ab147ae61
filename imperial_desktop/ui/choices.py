"""Turn the pending decision's legal actions into labelled choices for dialogs and the board.

Pure functions of the state (no pygame): the dialog shows ``Choice.label`` on a button,
``Choice.tip`` as its tooltip, and applies ``Choice.action`` when pressed.
"""

from __future__ import annotations

from dataclasses import dataclass

from imperial_desktop.core import (
    Action, AskNation, Battle, BuildFactory, ChooseRondel, DestroyFactory, EndPhase, GameState, ImportUnit,
    Invest, MoveArmy, MoveFleet, PassInvestment, Peace, Produce, SetArmyStatus, SwissForce,
)


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
    rondel_space: int | None = None  # the rondel space this choice refers to (lit while hovered)
    regions: tuple[str, ...] = ()  # regions this choice refers to (lit while hovered)


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
    return f"the {unit} of {nation_name(state, nation)}"


def rondel_choice(state: GameState, action: ChooseRondel) -> Choice:
    b = state.board
    space = b.rondel[action.space]
    start = state.rondel[action.nation]
    steps = 0 if start is None else (action.space - start) % len(b.rondel)
    cost = b.rondel_cost(steps)
    passes = start is not None and 0 < (b.investor_index - start) % len(b.rondel) < steps
    where = f"{steps} step{'s' if steps != 1 else ''}" if start is not None else "start"
    label = f"{space.name} · {where} · " + (f"{cost}M" if cost else "free")
    tip = f"Move {steps} space{'s' if steps != 1 else ''}" if start is not None else "First placement: any space, free"
    if cost:
        tip += f"; the government pays {cost}M from its own cash"
    if passes:
        tip += "; passes Investor (investor card and Swiss Banks invest afterwards)"
    return Choice(label, action, tip, primary=False, rondel_space=action.space)


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
            label = c.label.replace(name, f"{name} ({rondel_side(c.rondel_space, spaces)})", 1)
            c = Choice(label, c.action, c.tip, c.group, c.primary, c.toggle, c.pinned, c.rondel_space, c.regions)
        out.append(c)
    return out


def invest_choice(state: GameState, action: Invest) -> Choice:
    b = state.board
    nation = nation_name(state, action.nation)
    interest = b.bond_interest[action.value]
    cost = action.value - (action.trade_in or 0)
    if action.trade_in is None:
        label = f"{nation} {action.value}M: pay {cost}M, interest {interest}"
    else:
        label = f"{nation} {action.trade_in}M→{action.value}M: pay {cost}M, interest {interest}"
    after = state.credit(action.player, action.nation) + cost
    gov = state.government[action.nation]
    tip = (f"Buy the {action.value}M bond" if action.trade_in is None else
           f"Return your {action.trade_in}M bond and take the {action.value}M bond") + f" (interest {interest}M)."
    tip += f" Your credit in {nation} becomes {after}M."
    if gov != action.player:
        top = max([state.credit(p, action.nation) for p in range(state.num_players) if p != action.player] or [0])
        if after > top:
            tip += f" You would take over the government of {nation} at the end of the Investor turn."
        elif gov is not None:
            tip += f" The government stays with {state.setup.players[gov]} ({state.credit(gov, action.nation)}M)."
    return Choice(label, action, tip, group=action.nation)


def describe_battle(state: GameState, action: Battle) -> Choice:
    label = (f"{region_name(state, action.region)}: our {action.unit} vs {nation_name(state, action.target_nation)} "
             f"{action.target_unit}")
    tip = (f"{nation_name(state, action.nation)}'s {action.unit} fights {_unit_name(state, action.target_nation, action.target_unit)} "
           f"in {region_name(state, action.region)}: one unit of each side is removed (1:1).")
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
    if kind == "rondel":
        choices = _distinct_rondel_labels(state, [rondel_choice(state, a) for a in legal if isinstance(a, ChooseRondel)])
        return DecisionView(f"{nation}: rondel", f"{who}, choose {nation}'s next space on the rondel (or click it).", choices, True)
    if kind == "swiss_force":
        target = state.board.rondel[decision.data["target"]].name
        choices = []
        for a in legal:
            assert isinstance(a, SwissForce)
            if a.force:
                choices.append(Choice("Force the stop on Investor", a, "The nation lands on Investor and pays all interest; its intended action is lost.", primary=True))
            else:
                choices.append(Choice(f"Let {nation} go on to {target}", a, "No forced stop."))
        return DecisionView("Swiss Bank", f"{who}: {nation} wants to pass Investor on its way to {target}. "
                            "As a Swiss Bank you may force it to stop there.", choices)
    if kind == "factory":
        choices = []
        for a in legal:
            assert isinstance(a, BuildFactory)
            if a.city is None:
                choices.append(Choice("Build nothing", a, "End the Factory action without building.", pinned=True))
            else:
                kind_name = "shipyard" if state.board.regions[a.city].factory_type == "shipyard" else "armaments factory"
                choices.append(Choice(f"Build a {kind_name} in {region_name(state, a.city)} (5M)", a,
                                      "Paid from the treasury.", primary=True, regions=(a.city,)))
        prompt = f"{who}, click a highlighted city to build a factory for {nation}, or build nothing."
        if state.treasury[decision.nation] < state.board.factory_cost:
            prompt += f" The treasury holds only {state.treasury[decision.nation]}M: a donation can make up the 5M."
        return DecisionView(f"{nation}: factory", prompt, choices, True)
    if kind == "production":
        return production_view(state, None)
    if kind == "import":
        choices = []
        for a in legal:
            if isinstance(a, ImportUnit):
                choices.append(import_choice(state, a))
            elif isinstance(a, EndPhase):
                choices.append(Choice("Done importing", a, "End the Import action.", primary=True, pinned=True))
        left = 3 - decision.data.get("count", 0)
        return DecisionView(f"{nation}: import", f"{who}, import {left} more unit{'s' if left != 1 else ''} at most, 1M each "
                            f"from the treasury ({state.treasury[decision.nation]}M): click a highlighted province or use "
                            "the buttons.", choices, True)
    if kind == "maneuver":
        phase = state.maneuver_phase()
        choices = []
        for a in legal:
            if isinstance(a, EndPhase):
                label = "End fleet movement" if phase == "fleets" else "End army movement"
                choices.append(Choice(label, a, "Enter: end this phase", primary=True, pinned=True))
            elif isinstance(a, Battle):
                choices.append(describe_battle(state, a))
            elif isinstance(a, SetArmyStatus):
                word = "hostile (standing)" if a.hostile else "friendly (lying)"
                choices.append(Choice(f"Declare the armies in {region_name(state, a.region)} {word}", a,
                                      "Other nations there may then demand a battle.", regions=(a.region,)))
            elif isinstance(a, DestroyFactory):
                choices.append(Choice(f"Destroy the factory in {region_name(state, a.region)} (3 armies)", a,
                                      "The factory and three of your armies are removed.", regions=(a.region,)))
        unit = "fleets" if phase == "fleets" else "armies"
        waiting = unmoved_units(state)
        rest = f" {waiting} of them can still move." if waiting else " None can move any more."
        return DecisionView(f"{nation}: maneuver ({unit})", f"{who}, drag {nation}'s {unit} to move them; "
                            f"legal destinations light up while you drag.{rest}", choices, True)
    if kind == "entry_fight":
        e = state.entry or {}
        choices = []
        for a in legal:
            if isinstance(a, Battle):
                choices.append(Choice(f"Fight {_unit_name(state, a.target_nation, a.target_unit)}", a, "One unit of each side is removed."))
            elif isinstance(a, Peace):
                choices.append(Choice("No battle", a, "The other nations there are asked whether they want a battle.", primary=True,
                                      pinned=True))
        return DecisionView("Battle?", f"{who}: {nation}'s {e.get('unit', 'unit')} entered {region_name(state, e['region']) if e.get('region') else ''}, "
                            "where other nations stand. Fight?", choices)
    if kind == "entry_ask":
        choices = [Choice(f"Ask {nation_name(state, a.asked)} first", a, "That nation decides whether it demands a battle.")
                   for a in legal if isinstance(a, AskNation)]
        return DecisionView("Who is asked first?", f"{who}: choose the order in which the other nations are asked.", choices)
    if kind == "entry_demand":
        e = state.entry or {}
        mover = nation_name(state, e.get("mover", decision.nation))
        choices = []
        for a in legal:
            if isinstance(a, Battle):
                choices.append(Choice(f"Battle: our {a.unit} against the {a.target_unit} of {mover}", a, "One unit of each side is removed."))
            elif isinstance(a, Peace):
                choices.append(Choice("No battle", a, "Let the units stand side by side.", primary=True, pinned=True))
        where = region_name(state, e["region"]) if e.get("region") else ""
        return DecisionView(f"{nation}: battle?", f"{who} ({nation}): {_unit_name(state, e.get('mover', decision.nation), e.get('unit', 'unit'))} entered {where}. Demand a battle?", choices)
    if kind == "entry_status":
        e = state.entry or {}
        choices = []
        for a in legal:
            assert isinstance(a, SetArmyStatus)
            if a.hostile:
                choices.append(Choice("Hostile (standing)", a, "Blocks production, import, factory building, rail and the factory's taxes there."))
            else:
                choices.append(Choice("Friendly (lying)", a, "No effect on the home nation.", primary=True))
        return DecisionView("Hostile or friendly?", f"{who}: {nation}'s armies in {region_name(state, e['region']) if e.get('region') else ''}.", choices)
    if kind in ("invest", "auction"):
        choices = [invest_choice(state, a) for a in legal if isinstance(a, Invest)]
        choices.sort(key=lambda c: (state.board.nation_ids.index(c.action.nation), c.action.value, c.action.trade_in or 0))  # type: ignore[union-attr]
        choices.append(Choice("Pass" if kind == "invest" else "Grant no bond", next(a for a in legal if isinstance(a, PassInvestment)),
                              "No investment now.", primary=True, pinned=True))
        if kind == "auction":
            prompt = f"{who} ({state.cash[decision.player]}M): you may grant one {nation} bond at full price."
            title = f"Set-up: bonds of {nation}"
        else:
            where = f" in {nation}" if decision.nation else " in any nation"
            prompt = f"{who} ({state.cash[decision.player]}M): you may buy one bond or trade one up{where}."
            title = "Investor"
        return DecisionView(title, prompt, choices)
    return DecisionView(kind, state.describe_decision(), [Choice(a.describe(state.board), a) for a in legal])


def import_choice(state: GameState, action: ImportUnit) -> Choice:
    """An import button: the unit, where, and its cost."""
    where = region_name(state, action.region)
    return Choice(f"{action.unit.capitalize()} in {where} (1M)", action,
                  f"Import one {action.unit} into {where} for 1M from the treasury.", group=action.unit,
                  regions=(action.region,))


def unmoved_units(state: GameState) -> int:
    """How many units of the acting nation can still move in this phase of its maneuver."""
    nation = state.acting_nation()
    if nation is None:
        return 0
    fleets = state.maneuver_phase() == "fleets"
    kind = MoveFleet if fleets else MoveArmy
    origins = {a.origin for a in state.legal_actions() if isinstance(a, kind)}  # type: ignore[attr-defined]
    moved = (state.mv or {}).get("moved_f" if fleets else "moved_a", {})
    units = state.fleets[nation] if fleets else state.armies[nation]
    return sum(max(0, units.get(r, 0) - moved.get(r, 0)) for r in origins)


def decision_headline(state: GameState) -> str:
    """The top bar's sentence for the pending decision (counts kept current)."""
    decision = state.decision()
    if decision is not None and decision.kind == "import" and decision.nation:
        left = 3 - decision.data.get("count", 0)
        who = state.setup.players[decision.player]
        return (f"{who} ({nation_name(state, decision.nation)}) imports: {left} more unit{'s' if left != 1 else ''} "
                "possible")
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
        unit = "fleet" if state.board.regions[city].factory_type == "shipyard" else "army"
        on = city in chosen
        choices.append(Choice(f"{'[x]' if on else '[ ]'} {region_name(state, city)}: {unit}", None,
                              "Click to switch this factory " + ("off" if on else "on"), toggle=city))
    order = state.board.nation_by_id[decision.nation].home_provinces
    cities = tuple(sorted(chosen, key=order.index))
    action = Produce(decision.nation, cities)
    if state.is_legal(action):
        label = f"Produce {len(cities)} unit{'s' if len(cities) != 1 else ''}" if cities else "Produce nothing"
        choices.append(Choice(label, action, "Each factory switched on places one unit in its province (fleets in the harbour).",
                              primary=True, pinned=True))
    else:
        choices.append(Choice("Not enough units left in the supply", None, "Switch a factory off.", pinned=True))
    return DecisionView(f"{nation}: production", f"{who}, switch off the factories that should stay idle, then produce.", choices)


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
        elif isinstance(a, (Battle, SetArmyStatus, DestroyFactory)) and a.region == region and state.decision().kind == "maneuver":
            out.append(a)
    return out


def convoy_label(state: GameState, action: MoveArmy) -> str:
    if not action.convoy:
        return f"March to {region_name(state, action.destination)}"
    seas = ", ".join(region_name(state, s) for s in action.convoy)
    return f"By sea via {seas}"
