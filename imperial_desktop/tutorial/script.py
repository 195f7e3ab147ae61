"""The lessons of the guided first game, in the order the game reaches them.

Each :class:`Step` is one thing the coach says. An *info* step only explains (the player
presses Next; the computers wait). An *act* step asks for one action (``expect[0]``) of the
player's seat. A *free* step lets the player play one nation's turn as they like (``expect``
is the suggested way, used by the tests). Texts are marked with ``N_`` and translated where
shown (catalog domain ``tutorial``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from imperial_desktop.core import Action, GameState
from imperial_desktop.core.actions import (
    Battle, BuildFactory, ChooseRondel, EndPhase, ImportUnit, Invest, MoveArmy, MoveFleet, Produce, SetArmyStatus,
)
from imperial_desktop.core.board import HOME
from imperial_desktop.i18n import N_

INFO = "info"
FREE = "free"
# kinds of act steps (what the player is asked to do)
RONDEL, BUILD, PRODUCTION, IMPORT, MANEUVER, BATTLE, INVESTOR = (
    "rondel", "build", "production", "import", "maneuver", "battle", "investor")

GB, DE = "great_britain", "germany"


@dataclass(frozen=True)
class Step:
    """One thing the coach says, and what it asks for."""

    key: str
    kind: str
    title: str
    text: str
    expect: tuple[Action, ...] = ()
    accept: tuple[Action, ...] = ()  # other actions that keep the lesson on course
    nation: str | None = None  # free steps: the nation played freely
    rondel: int | None = None  # the rondel space lit up
    regions: tuple[str, ...] = ()  # the regions outlined on the board
    topic: str | None = None  # a rules help topic id
    overlay: str | None = None  # an overlay the game screen opens for this step ("results")
    panel: str | None = None  # a part of the game screen outlined for this step ("tracks": power track and tax chart)
    group: str | None = None  # act steps of one group (moves of one maneuver) may be done in any order
    early: str | None = None  # said when this step's action is done before its turn in the group
    # free steps that follow the player's own choices: the suggestion and the regions as the board is now
    suggest: Callable[[GameState], tuple[Action, ...]] | None = None
    regions_of: Callable[[GameState], tuple[str, ...]] | None = None
    text_without: str | None = None  # the text when ``suggest`` finds nothing to suggest

    @property
    def asks(self) -> bool:
        """Whether the player is asked for one particular action."""
        return self.kind not in (INFO, FREE)


def nearest_space(state: GameState, nation: str, kind: str) -> ChooseRondel | None:
    """The move to the nearest rondel space of ``kind`` ahead of ``nation``'s marker (the free ones first),
    or None when it is not ``nation``'s rondel turn or none can be reached."""
    if not _deciding(state, nation, "rondel"):
        return None
    board = state.board
    here = state.rondel[nation]
    count = len(board.rondel)
    for steps in range(0 if here is None else 1, count):
        space = (0 if here is None else here) + steps
        action = ChooseRondel(nation, space % count)
        if board.rondel[space % count].action == kind and state.is_legal(action):
            return action
    return None


def _largest_german_production(state: GameState) -> tuple[Action, ...]:
    """Production (wherever Germany's marker stands), and when it is due, every German factory producing
    (whichever were built)."""
    move = nearest_space(state, DE, "production")
    produce = max((a for a in state.legal_actions() if isinstance(a, Produce) and a.nation == DE),
                  key=lambda a: len(a.cities), default=None) if _deciding(state, DE, "production") else None
    return ((move,) if move is not None else ()) + ((produce,) if produce is not None else ())


def _deciding(state: GameState, nation: str, kind: str) -> bool:
    decision = state.decision()
    return decision is not None and decision.nation == nation and decision.kind == kind


def german_armies_for_belgium(state: GameState) -> tuple[str, ...]:
    """The regions of the German armies that can march into Belgium this maneuver (by rail through
    German home provinces, then one step; or from next to it)."""
    board = state.board
    found = []
    for region, count in state.armies[DE].items():
        if count <= 0 or region not in board.regions:
            continue
        info = board.regions[region]
        at_home = info.nation == DE and info.kind == HOME
        if at_home or "belgium" in board.land_neighbours.get(region, ()):
            found.append(region)
    return tuple(sorted(found))


def _march_into_belgium(state: GameState) -> tuple[Action, ...]:
    """Maneuver, and one German army into Belgium (from wherever the German armies stand now), then
    the end of the army movement: once one stands there, the next suggestion is to end it."""
    there = state.armies[DE].get("belgium", 0) > 0
    if not there and not german_armies_for_belgium(state):
        return ()
    move = nearest_space(state, DE, "maneuver")
    moves: tuple[Action, ...] = ()
    if _deciding(state, DE, "maneuver") and not there:
        moves = tuple(a for a in state.legal_actions()
                      if isinstance(a, MoveArmy) and a.nation == DE and a.destination == "belgium" and not a.convoy)[:1]
    return ((move,) if move is not None else ()) + (EndPhase(DE, "fleets"),) + moves + (EndPhase(DE, "armies"),)


def _belgium_regions(state: GameState) -> tuple[str, ...]:
    armies = german_armies_for_belgium(state)
    return armies + ("belgium",) if armies else ()


def _act(key: str, kind: str, title: str, text: str, action: Action, **more) -> Step:
    return Step(key, kind, title, text, (action,), **more)


STEPS: tuple[Step, ...] = (
    Step("welcome", INFO, N_("Welcome to Imperial"), N_(
        "You are an investor, not a nation. You own bonds of the Great Powers; whoever holds the most of a "
        "nation's bonds forms its government and decides its turns. You hold Great Britain's 9M bond, so you "
        "govern Great Britain, and Russia's 2M bond. At the end, every bond pays its interest times the nation's "
        "power factor; add your cash, and the richest investor wins."), topic="overview"),
    _act("rondel_factory", RONDEL, N_("The rondel"), N_(
        "Each turn a nation moves its marker clockwise around the rondel and does what the space says. On its "
        "first turn it may start on any space. Later, up to three spaces ahead are free; each further space "
        "costs its government 2M of your own cash (six spaces at most). Click Factory on the rondel."),
         ChooseRondel(GB, 0), rondel=0, topic="rondel"),
    _act("factory", BUILD, N_("Factory"), N_(
        "Factory: the nation pays 5M from its treasury for one new factory in a home city. Great Britain has two "
        "shipyards, which build fleets, but no armaments factory, so it cannot produce armies. Build an armaments "
        "factory in Sheffield (click the city)."),
         BuildFactory(GB, "sheffield"), regions=("sheffield",), topic="factory"),
    Step("others", INFO, N_("The other nations"), N_(
        "The computers now play the other nations' turns, one after the other: the German Empire and Russia, "
        "then Austria-Hungary, Italy and France. Watch the rondel and the log. The coach speaks again when it "
        "is Great Britain's turn."), topic="rondel"),
    _act("rondel_production", RONDEL, N_("Production"), N_(
        "Great Britain's turn again. Production is one space ahead of Factory, so the move is free. Choose "
        "Production on the rondel."),
         ChooseRondel(GB, 1), rondel=1, topic="production"),
    _act("production", PRODUCTION, N_("Production"), N_(
        "Production: every factory makes one unit, free of charge: a shipyard a fleet, an armaments factory an "
        "army, in its own province. Keep London, Liverpool and Sheffield switched on and press “Produce 3 "
        "units”."),
         Produce(GB, ("london", "liverpool", "sheffield")), regions=("london", "liverpool", "sheffield"),
         topic="production"),
    _act("rondel_import", RONDEL, N_("Import"), N_(
        "Import buys up to three units for 1M each from the treasury. It is three spaces ahead, so the move is "
        "free. On the way the marker passes the Investor space: remember that, it matters in a moment. "
        "Choose Import."),
         ChooseRondel(GB, 4), rondel=4, topic="import"),
    _act("import_army", IMPORT, N_("Import an army"), N_(
        "Imported units appear in home provinces, fleets only in port cities. Click London and import an "
        "army there (1M)."),
         ImportUnit(GB, "army", "london"), regions=("london",), topic="import"),
    _act("import_fleet", IMPORT, N_("Import a fleet"), N_(
        "Now import a fleet into London as well (1M). Each fleet can carry one army across its sea: with two "
        "fleets, two armies can cross."),
         ImportUnit(GB, "fleet", "london"), regions=("london",), topic="import"),
    _act("import_end", IMPORT, N_("Enough imports"), N_(
        "Two units are enough; the treasury keeps its last millions. Stop importing."),
         EndPhase(GB, "import"), topic="import"),
    _act("invest", INVESTOR, N_("The investor card"), N_(
        "Great Britain passed the Investor space. The holder of the investor card (you) gets 2M from the bank and "
        "may buy one bond (or trade one of theirs up to a bigger one). The German Empire is governed by Computer 3, who holds only its 2M bond. Buy "
        "the German Empire's 4M bond: you will hold more of the German Empire than anyone, and its "
        "government passes to you."),
         Invest(0, DE, 4), topic="investor"),
    Step("government", INFO, N_("A change of government"), N_(
        "You now govern two nations: the German Empire as well as Great Britain. Your cash is your own; the "
        "treasuries belong to the nations, and you only spend them for them. The investor card has moved on "
        "to the next player. The German Empire's turn comes now."), topic="investor"),
    Step("germany_1", FREE, N_("Your German turn"), N_(
        "Play the German Empire's turn as you like. A suggestion: Factory (three spaces ahead, free) and an "
        "armaments factory in Cologne, paid from the German treasury. Later lessons follow whatever you build."),
         (ChooseRondel(DE, 0), BuildFactory(DE, "cologne")), nation=DE, rondel=0, regions=("cologne",), topic="factory"),
    _act("rondel_maneuver", RONDEL, N_("Maneuver"), N_(
        "Maneuver: the nation moves its fleets first, then its armies. Maneuver is two spaces ahead. "
        "Choose it."),
         ChooseRondel(GB, 6), rondel=6, topic="maneuver"),
    _act("fleet_1", MANEUVER, N_("Fleets to sea"), N_(
        "A fleet in its harbour may only move to the harbour's sea. Drag a fleet from London into the "
        "English Channel."),
         MoveFleet(GB, "london", "english_channel"), regions=("london", "english_channel"), topic="maneuver",
         group="fleets"),
    _act("fleet_2", MANEUVER, N_("A second fleet"), N_(
        "Drag the other London fleet into the English Channel too: two fleets there can carry two armies."),
         MoveFleet(GB, "london", "english_channel"), regions=("london", "english_channel"), topic="maneuver",
         group="fleets"),
    _act("fleet_3", MANEUVER, N_("Flags"), N_(
        "Drag the Liverpool fleet into the North Atlantic. A sea or neutral land that your units hold alone "
        "gets your flag at the end of the maneuver; each flag adds 1M to your taxes."),
         MoveFleet(GB, "liverpool", "north_atlantic"), accept=(EndPhase(GB, "fleets"),),
         regions=("liverpool", "north_atlantic"), topic="flags", group="fleets", early=N_(
             "A sea or neutral land that your units hold alone gets your flag at the end of the maneuver; each "
             "flag adds 1M to your taxes.")),
    _act("convoy", MANEUVER, N_("A convoy"), N_(
        "Now the armies. An army may go by rail through its own home provinces, then one step on, or across a "
        "sea where its fleets stand: a convoy. Drag the army from Sheffield to Paris, across the English "
        "Channel. A French army stands in Paris."),
         MoveArmy(GB, "sheffield", "paris", ("english_channel",)), regions=("sheffield", "english_channel", "paris"),
         topic="maneuver"),
    _act("battle", BATTLE, N_("A battle"), N_(
        "An army entering a region with foreign units may fight. A battle is one against one: both units "
        "are removed. Fight the French army."),
         Battle(GB, "paris", "army", "france", "army"), regions=("paris",), topic="battles"),
    _act("second_army", MANEUVER, N_("The second army"), N_(
        "Paris is empty now. Drag the army from London to Paris as well; the second fleet in the Channel "
        "carries it."),
         MoveArmy(GB, "london", "paris", ("english_channel",)), regions=("london", "english_channel", "paris"),
         topic="maneuver"),
    _act("hostile", BATTLE, N_("A hostile entry"), N_(
        "An army in another nation's home province is hostile (standing) or friendly (lying down). A hostile "
        "army blocks the province: its factory neither produces nor pays taxes, and nothing may be built or "
        "imported there. Declare your army hostile."),
         SetArmyStatus(GB, "paris", True), regions=("paris",), topic="battles"),
    Step("germany_2", FREE, N_("The German Empire again"), N_(
        "The German Empire's turn. A suggestion: Production, so that every German factory makes a unit."),
         (ChooseRondel(DE, 1),), nation=DE, rondel=1, topic="production", suggest=_largest_german_production),
    _act("rondel_taxation", RONDEL, N_("Taxation"), N_(
        "Taxation: a nation collects 2M for each factory not blocked by hostile armies and 1M for each flag. "
        "It pays 1M for each of its units; the rest goes into its treasury. If the taxes climb on the tax "
        "chart, its government (you) gets 1M per step as a bonus. Choose Taxation."),
         ChooseRondel(GB, 7), rondel=7, topic="taxation"),
    Step("power", INFO, N_("Power points and factors"), N_(
        "Taxes of 6M or more also give power points on the scoring track along the bottom of the board. The "
        "game ends when a nation reaches 25 power points. The power factor printed above the track (0 to 5) "
        "multiplies the interest of that nation's bonds at the end: strong nations make their investors rich."),
         topic="taxation", panel="tracks"),
    Step("germany_3", FREE, N_("The German Empire's maneuver"), N_(
        "The German Empire's turn. A suggestion: Maneuver, march one German army into Belgium (the armies in the "
        "outlined provinces can reach it), then end the army movement: neutral land gets the German Empire's flag."),
         (ChooseRondel(DE, 2),), nation=DE, rondel=2, topic="maneuver", suggest=_march_into_belgium,
         regions_of=_belgium_regions, text_without=N_(
             "The German Empire's turn, as you like. No German army can reach Belgium now; a suggestion: Production "
             "or Factory, to build up the German Empire's army.")),
    _act("rondel_investor", RONDEL, N_("Investor: interest"), N_(
        "Now Great Britain lands on the Investor space. It is four spaces ahead: one more than free, so it costs "
        "you 2M of your own cash. Landing there, the nation pays every bondholder the interest of their bonds "
        "from its treasury. Choose Investor."),
         ChooseRondel(GB, 3), rondel=3, topic="investor"),
    Step("interest", INFO, N_("Interest"), N_(
        "Great Britain paid you 4M for its 9M bond and Computer 2 1M for its 2M bond. When a treasury cannot pay, "
        "its government gives up its own interest first, then pays the others from its own cash. Now {card}, who holds the investor card, gets 2M and may buy "
        "a bond; then the card moves on. Buying bonds is how investors grow rich and take over governments."),
         topic="investor"),
    Step("swiss", INFO, N_("The Swiss Bank"), N_(
        "A player who governs no nation gets a Swiss Bank. Whenever a nation lands on or passes the Investor "
        "space, a Swiss Bank may invest as if it held the investor card, without the 2M. It may also force a "
        "nation that would pass the Investor to stop there and pay its interest, but only if the nation's "
        "treasury has enough money to pay all the interest."), topic="swiss_bank"),
    Step("score", INFO, N_("The score"), N_(
        "The table shows the score if the game ended now: for every bond, its interest times its nation's "
        "power factor, plus your cash. Every factor is x0 now, because no nation has 5 power points yet: the "
        "bonds count nothing, only cash. Ties go to the larger investor in the strongest nation."),
         topic="end", overlay="results"),
    Step("handover", INFO, N_("Your game now"), N_(
        "The guided part ends here: from now on the computers play as the Normal level and the game is "
        "yours. The Hint button shows what the strongest computer would do; F1 opens the rules."),
         topic="overview"),
)

STEP_KEYS = tuple(step.key for step in STEPS)


def same_action(done: Action, wanted: Action) -> bool:
    """Whether ``done`` is ``wanted`` (the factories of a production in any order)."""
    if isinstance(done, Produce) and isinstance(wanted, Produce):
        return done.nation == wanted.nation and sorted(done.cities) == sorted(wanted.cities)
    return done == wanted
