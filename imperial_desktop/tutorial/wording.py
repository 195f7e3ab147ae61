"""The coach's short words for an action: the rondel space, the region or the bond, no log sentence.

"You chose Taxation; this lesson wanted Maneuver" reads at a glance where the log's
"Great Britain: chooses Taxation on the rondel" twice does not. No seat is named (the log's
fallback "Player 1" is not what the screen calls the player).
"""

from __future__ import annotations

from imperial_desktop.core import Action
from imperial_desktop.core.actions import (
    Battle, BuildFactory, ChooseRondel, EndPhase, ImportUnit, Invest, MoveArmy, MoveFleet, PassInvestment, Peace,
    Produce, SetArmyStatus,
)
from imperial_desktop.core.board import Board
from imperial_desktop.core.events import join_words
from imperial_desktop.i18n import _


def _region(board: Board, region: str | None) -> str:
    if region is None:
        return "-"
    return board.regions[region].name if region in board.regions else region


def _nation(board: Board, nation: str) -> str:
    return board.nation_by_id[nation].name if nation in board.nation_by_id else nation


def short_action(action: Action, board: Board) -> str:
    """A few words naming what ``action`` chooses (fits after "You chose" / "this lesson wanted")."""
    if isinstance(action, ChooseRondel):
        return board.rondel[action.space].name if 0 <= action.space < len(board.rondel) else str(action.space)
    if isinstance(action, BuildFactory):
        if action.city is None:
            return _("no factory")
        return _("a factory in {region}").format(region=_region(board, action.city))
    if isinstance(action, Produce):
        if not action.cities:
            return _("no production")
        return _("production in {regions}").format(regions=join_words([_region(board, c) for c in action.cities]))
    if isinstance(action, ImportUnit):
        text = _("a fleet in {region}") if action.unit == "fleet" else _("an army in {region}")
        return text.format(region=_region(board, action.region))
    if isinstance(action, EndPhase):
        words = {"import": _("no more imports"), "fleets": _("the end of the fleet movement"),
                 "armies": _("the end of the maneuver")}
        return words.get(action.phase, action.describe(board))
    if isinstance(action, MoveFleet):
        return _("the fleet {origin} → {destination}").format(
            origin=_region(board, action.origin), destination=_region(board, action.destination))
    if isinstance(action, MoveArmy):
        return _("the army {origin} → {destination}").format(
            origin=_region(board, action.origin), destination=_region(board, action.destination))
    if isinstance(action, Battle):
        return _("a battle in {region}").format(region=_region(board, action.region))
    if isinstance(action, Peace):
        return _("no battle")
    if isinstance(action, SetArmyStatus):
        text = _("a hostile army in {region}") if action.hostile else _("a friendly army in {region}")
        return text.format(region=_region(board, action.region))
    if isinstance(action, Invest):
        return _("the bond {nation} {value}M").format(nation=_nation(board, action.nation), value=action.value)
    if isinstance(action, PassInvestment):
        return _("no bond")
    return action.describe(board)
