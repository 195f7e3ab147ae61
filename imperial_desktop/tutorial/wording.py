"""The coach's short words for an action: the rondel space, the region or the bond, no log sentence.

"You chose Taxation; this lesson wanted Maneuver" reads at a glance where the log's
"Great Britain: chooses Taxation on the rondel" twice does not. No seat is named (the log's
fallback "Player 1" is not what the screen calls the player). The words have their own context
("coach"): they stand inside the coach's sentences, where the log's same English words may read
otherwise in German or French.
"""

from __future__ import annotations

from imperial_desktop.core import Action
from imperial_desktop.core.actions import (
    Battle, BuildFactory, ChooseRondel, EndPhase, ImportUnit, Invest, MoveArmy, MoveFleet, PassInvestment, Peace,
    Produce, SetArmyStatus,
)
from imperial_desktop.core.board import Board
from imperial_desktop.core.events import join_words
from imperial_desktop.i18n import pgettext


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
            return pgettext("coach", "no factory")
        return pgettext("coach", "a factory in {region}").format(region=_region(board, action.city))
    if isinstance(action, Produce):
        if not action.cities:
            return pgettext("coach", "no production")
        regions = join_words([_region(board, c) for c in action.cities])
        return pgettext("coach", "production in {regions}").format(regions=regions)
    if isinstance(action, ImportUnit):
        if action.unit == "fleet":
            text = pgettext("coach", "a fleet in {region}")
        else:
            text = pgettext("coach", "an army in {region}")
        return text.format(region=_region(board, action.region))
    if isinstance(action, EndPhase):
        words = {"import": pgettext("coach", "no more imports"),
                 "fleets": pgettext("coach", "the end of the fleet movement"),
                 "armies": pgettext("coach", "the end of the maneuver")}
        return words.get(action.phase, action.describe(board))
    if isinstance(action, MoveFleet):
        return pgettext("coach", "the fleet {origin} → {destination}").format(
            origin=_region(board, action.origin), destination=_region(board, action.destination))
    if isinstance(action, MoveArmy):
        return pgettext("coach", "the army {origin} → {destination}").format(
            origin=_region(board, action.origin), destination=_region(board, action.destination))
    if isinstance(action, Battle):
        return pgettext("coach", "a battle in {region}").format(region=_region(board, action.region))
    if isinstance(action, Peace):
        return pgettext("coach", "no battle")
    if isinstance(action, SetArmyStatus):
        if action.hostile:
            text = pgettext("coach", "a hostile army in {region}")
        else:
            text = pgettext("coach", "a friendly army in {region}")
        return text.format(region=_region(board, action.region))
    if isinstance(action, Invest):
        return pgettext("coach", "the bond {nation} {value}M").format(
            nation=_nation(board, action.nation), value=action.value)
    if isinstance(action, PassInvestment):
        return pgettext("coach", "no bond")
    return action.describe(board)
