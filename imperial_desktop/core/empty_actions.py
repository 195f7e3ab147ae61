"""Rondel spaces whose action would do nothing for a nation now, and why.

Taxation and Investor always do something (taxes or the success bonus, the payout and the
investor round). The other four can be empty:

- Factory (R-EN Factory): every home city already has a factory or hostile armies. A treasury
  short of the price is not empty: any player may donate the rest (R-EN Donations).
- Production (R-EN Production): no factory may produce (none, all occupied by hostile armies, or
  the unit supply is used up for every factory's kind of unit).
- Import (R-EN Import): no home province can take a unit (occupied, or the supply is used up),
  or the treasury cannot pay one unit (an import cannot be donated for).
- Maneuver (R-EN Maneuver): the nation has no fleets and no armies on the board.

The computer players never choose an empty space while one that does something costs no more
(``imperial_desktop.ai.no_waste``); the UI words the reason.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from imperial_desktop.core.state import GameState


class Empty(str, Enum):
    """Why a rondel space's action would do nothing for the nation."""

    NO_FACTORY_SITE = "no_factory_site"
    NOTHING_TO_PRODUCE = "nothing_to_produce"
    NO_ROOM_TO_IMPORT = "no_room_to_import"
    NO_MONEY_TO_IMPORT = "no_money_to_import"
    NO_UNITS = "no_units"


def empty_reason(state: GameState, nation: str, space: int) -> Empty | None:
    """Why the action of rondel ``space`` would do nothing for ``nation`` in ``state``, or None
    when it does something."""
    board = state.board
    action = board.rondel[space].action
    if action == "factory":
        return None if state._buildable_sites(nation) else Empty.NO_FACTORY_SITE
    if action == "production":
        produces = any(len(cities) > 0 for cities in state._production_subsets(nation))
        return None if produces else Empty.NOTHING_TO_PRODUCE
    if action == "import":
        if not state._import_options(nation):
            return Empty.NO_ROOM_TO_IMPORT
        return None if state.treasury[nation] >= board.import_cost else Empty.NO_MONEY_TO_IMPORT
    if action == "maneuver":
        armies, fleets = state.unit_count(nation)
        return None if armies or fleets else Empty.NO_UNITS
    return None
