"""The guided first game's set-up and its scripted computer players.

The player governs Great Britain (seat 0) against three computers. The deal is fixed so that
the lessons really arise: the investor card starts with the player (left of Austria-Hungary's
government), the German Empire is governed through a 2M bond only (a small bond can take it),
and France stands an army in Paris for the player's first battle.

While the script runs, the computers choose their rondel spaces from :data:`RONDEL_PLAN` and
otherwise act quietly (no factory, every factory produces, no import, no movement, no battle),
so they never stop on or pass the Investor before the player's Investor turn. After the script
they play as the Normal level.
"""

from __future__ import annotations

from imperial_desktop.ai import make_bot
from imperial_desktop.core import Action, DecisionKind, GameSetup, GameState
from imperial_desktop.core.actions import (
    BuildFactory, ChooseRondel, EndPhase, ImportUnit, PassInvestment, Peace, Produce, SetArmyStatus, SwissForce,
)
from imperial_desktop.i18n import _
from imperial_desktop.session.agents import ComputerAgent
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat

PLAYER = 0
PLAYER_NATION = "great_britain"
FLAG_CARDS = (("great_britain", 0), ("russia", 1), ("italy", 2), ("austria_hungary", 3))
SCRIPTED_LEVEL = "normal"  # what the computers play after the script (and what the save says)

# Rondel spaces: 0 Factory, 1 Production, 2 Maneuver, 3 Investor, 4 Import, 5 Production,
# 6 Maneuver, 7 Taxation. No computer passes the Investor while the script runs.
RONDEL_PLAN: dict[str, tuple[int, ...]] = {
    "austria_hungary": (4, 5, 6, 7, 0, 1),
    "italy": (5, 6, 7, 0, 1, 2),
    "france": (5, 6, 7, 0, 1, 2),
    "germany": (4, 5, 7, 0, 1),
    "russia": (5, 6, 7, 0, 2),
}


def player_names() -> tuple[str, ...]:
    """The seats' names, in the language of now (stored with the game)."""
    # a name, not "you": the screens say "{player} must ..." in the third person
    return (_("Player"), _("Computer 1"), _("Computer 2"), _("Computer 3"))


def tutorial_setup(names: tuple[str, ...] | None = None) -> GameSetup:
    """The fixed set-up of the guided game: standard rules, four players, the chosen deal."""
    return GameSetup(players=names or player_names(), flag_cards=FLAG_CARDS)


def next_space(nation: str, position: int | None) -> int | None:
    """The scripted rondel space after ``position`` (None: the plan has no further turn)."""
    plan = RONDEL_PLAN.get(nation, ())
    if position is None:
        return plan[0] if plan else None
    if position in plan:
        index = plan.index(position)
        return plan[index + 1] if index + 1 < len(plan) else None
    return None


def quiet_choice(state: GameState) -> Action | None:
    """The scripted computer's choice: the planned rondel space, else the quiet option."""
    decision = state.decision()
    if decision is None:
        return None
    legal = state.legal_actions()
    nation = decision.nation
    wanted: Action | None = None
    if decision.kind == DecisionKind.RONDEL and nation is not None:
        space = next_space(nation, state.rondel[nation])
        wanted = None if space is None else ChooseRondel(nation, space)
    elif decision.kind == DecisionKind.FACTORY and nation is not None:
        wanted = BuildFactory(nation, None)
    elif decision.kind == DecisionKind.PRODUCTION:
        wanted = max((a for a in legal if isinstance(a, Produce)), key=lambda a: len(a.cities), default=None)
    elif decision.kind in (DecisionKind.IMPORT, DecisionKind.MANEUVER) and nation is not None:
        wanted = next((a for a in legal if isinstance(a, EndPhase)), None)
    elif decision.kind in (DecisionKind.ENTRY_FIGHT, DecisionKind.ENTRY_DEMAND):
        wanted = next((a for a in legal if isinstance(a, Peace)), None)
    elif decision.kind == DecisionKind.ENTRY_STATUS:
        wanted = next((a for a in legal if isinstance(a, SetArmyStatus) and not a.hostile), None)
    elif decision.kind == DecisionKind.INVEST:
        wanted = next((a for a in legal if isinstance(a, PassInvestment)), None)
    elif decision.kind == DecisionKind.SWISS_FORCE:
        wanted = next((a for a in legal if isinstance(a, SwissForce) and not a.force), None)
    return wanted if wanted is not None and wanted in legal else None


def quiet_note(before: GameState, action: Action) -> str | None:
    """Why a scripted computer's ``action`` (taken in ``before``) leaves undone what its nation
    could do there: a turn that does nothing must not look like a mistake. None when it does
    what it could, or there was nothing to do."""
    decision = before.decision()
    if decision is None or decision.nation is None:
        return None
    nation = decision.nation
    legal = before.legal_actions()
    if decision.kind == DecisionKind.IMPORT and isinstance(action, EndPhase):
        if not any(isinstance(a, ImportUnit) for a in legal):
            return None
        text = _("{nation} imports nothing: in the guided game the computers keep quiet while you learn.")
    elif decision.kind == DecisionKind.FACTORY and isinstance(action, BuildFactory) and action.city is None:
        if not any(isinstance(a, BuildFactory) and a.city for a in legal):
            return None
        text = _("{nation} builds no factory: in the guided game the computers keep quiet while you learn.")
    elif decision.kind == DecisionKind.MANEUVER and isinstance(action, EndPhase) and action.phase == "armies":
        if not sum(before.unit_count(nation)):
            return None
        text = _("{nation} moves no unit: in the guided game the computers keep quiet while you learn.")
    else:
        return None
    return text.format(nation=before.board.name_of(nation))


class ScriptedBot:
    """A computer seat of the guided game: scripted while the script runs, then Normal."""

    name = "tutorial"

    def __init__(self, seed: int = 0):
        self.fallback = make_bot(SCRIPTED_LEVEL, seed)
        self.released = False

    def release(self) -> None:
        """The script is over: play as the Normal level from now on."""
        self.released = True

    def choose(self, state: GameState) -> Action:
        if not self.released:
            choice = quiet_choice(state)
            if choice is not None:
                return choice
        return self.fallback.choose(state)


def tutorial_session(seed: int = 1) -> GameSession:
    """A new guided game: the player's seat and three scripted computers."""
    setup = tutorial_setup()
    seats = [Seat.human(name, SCRIPTED_LEVEL) if i == PLAYER else Seat.computer(name, SCRIPTED_LEVEL)
             for i, name in enumerate(setup.players)]
    session = GameSession(setup, seats, seed=seed)
    install_scripted_bots(session)
    return session


def install_scripted_bots(session: GameSession, released: bool = False) -> list[ScriptedBot]:
    """Give every computer seat of ``session`` a scripted bot (already released if the script is over)."""
    bots: list[ScriptedBot] = []
    for index, agent in enumerate(session.agents):
        if not isinstance(agent, ComputerAgent):
            continue
        bot = ScriptedBot(session.seed * 7 + index)
        if released:
            bot.release()
        agent.use_bot(bot)  # the seat's own agent: the scripted bot thinks in its thread
        bots.append(bot)
    return bots
