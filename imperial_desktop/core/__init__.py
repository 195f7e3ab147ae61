"""The rules of Imperial as a pure-Python state machine (standard library only)."""

from imperial_desktop.core.actions import (
    ARMY, FLEET, Action, AskNation, Battle, BuildFactory, ChooseRondel, DestroyFactory, Donate,
    EndPhase, ImportUnit, Invest, MoveArmy, MoveFleet, PassInvestment, Peace, Produce,
    SetArmyStatus, SwissForce, action_from_json,
)
from imperial_desktop.core.board import Board, load_board
from imperial_desktop.core.errors import IllegalActionError, ImperialError, RecordError
from imperial_desktop.core.events import Event, event_text
from imperial_desktop.core.record import GameRecord
from imperial_desktop.core.refusal import Refusal, RefusalCode
from imperial_desktop.core.setup import AUCTION, STANDARD, GameSetup, RulesOptions
from imperial_desktop.core.state import Decision, GameState
from imperial_desktop.core.substates import EntryView, ManeuverProgress
from imperial_desktop.core.vocabulary import DecisionKind, EventType

__all__ = [
    "ARMY", "FLEET", "AUCTION", "STANDARD", "Action", "AskNation", "Battle", "Board", "BuildFactory",
    "ChooseRondel", "Decision", "DecisionKind", "DestroyFactory", "Donate", "EndPhase", "EntryView", "Event", "EventType",
    "GameRecord",
    "GameSetup", "GameState", "IllegalActionError", "ImperialError", "ImportUnit", "Invest",
    "ManeuverProgress", "MoveArmy", "MoveFleet", "PassInvestment", "Peace", "Produce", "RecordError", "Refusal", "RefusalCode",
    "RulesOptions", "SetArmyStatus", "SwissForce", "action_from_json", "event_text", "load_board",
]
