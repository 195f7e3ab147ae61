"""Why an action is illegal, as a value: a code and its parameters (no words).

The rules core answers :meth:`GameState.refusal` with a :class:`Refusal` (None when the action is
legal), in the manner of python-chess's board status: the code names the rule that stops the
action, the parameters are the facts the rule was checked against (region, nation and player
ids, rondel space indices, amounts). Words are the user interface's business
(``imperial_desktop.ui.refusals``); the English message of :class:`IllegalActionError` only shows
the code.

Each phase module computes the reasons of its decisions next to its legality (``_refuse_<kind>``
beside ``_legal_<kind>``); the codes that belong to no single phase come first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class RefusalCode(str, Enum):
    """The rule that makes an action illegal."""

    # any decision
    GAME_OVER = "game_over"
    NOT_AN_ACTION = "not_an_action"
    NOT_YOUR_DECISION = "not_your_decision"  # player, deciding
    NOT_THE_ACTING_NATION = "not_the_acting_nation"  # nation, acting
    NOT_NOW = "not_now"  # kind: the pending decision takes no action of this type
    NOT_AN_OPTION = "not_an_option"  # options: how many actions of this type are legal
    UNKNOWN_REGION = "unknown_region"  # region
    UNKNOWN_NATION = "unknown_nation"  # nation
    UNKNOWN_UNIT = "unknown_unit"  # unit

    # donations (clarification 31)
    NO_SUCH_PLAYER = "no_such_player"  # player
    DONATION_NOT_WHOLE = "donation_not_whole"
    DONATION_TOO_LARGE = "donation_too_large"  # player, cash

    # bonds: the opening auction and investing
    INVEST_ONLY_IN = "invest_only_in"  # nation: the one nation whose bonds are offered
    NO_SUCH_BOND = "no_such_bond"  # value
    BOND_TAKEN = "bond_taken"  # nation, value
    BOND_TOO_DEAR = "bond_too_dear"  # value, cost, cash
    NO_TRADE_IN = "no_trade_in"  # the auction sells new bonds only
    TRADE_IN_NOT_OWNED = "trade_in_not_owned"  # nation, value
    TRADE_IN_NOT_LOWER = "trade_in_not_lower"  # value, trade_in

    # the rondel
    NO_SUCH_SPACE = "no_such_space"  # space
    RONDEL_MUST_MOVE = "rondel_must_move"  # space
    RONDEL_TOO_FAR = "rondel_too_far"  # space, steps, most
    RONDEL_TOO_DEAR = "rondel_too_dear"  # space, cost, player, cash, free, price
    INVESTOR_INTEREST = "investor_interest"  # nation, due, available
    FORCE_NEEDS_INTEREST = "force_needs_interest"  # nation, due, treasury

    # factory, production, import
    FACTORY_NOT_HOME = "factory_not_home"  # region
    FACTORY_EXISTS = "factory_exists"  # region
    FACTORY_OCCUPIED = "factory_occupied"  # region
    FACTORY_TOO_DEAR = "factory_too_dear"  # nation, cost, money
    PRODUCE_TWICE = "produce_twice"  # region
    PRODUCE_NO_FACTORY = "produce_no_factory"  # region
    PRODUCE_OCCUPIED = "produce_occupied"  # region
    PRODUCE_SUPPLY = "produce_supply"  # nation, unit, supply
    IMPORT_NOT_HOME = "import_not_home"  # region, most
    IMPORT_OCCUPIED = "import_occupied"  # region
    IMPORT_LIMIT = "import_limit"  # most
    IMPORT_TOO_DEAR = "import_too_dear"  # nation, cost, money
    IMPORT_FLEET_NOT_PORT = "import_fleet_not_port"  # region
    IMPORT_NO_PIECES = "import_no_pieces"  # nation, region, unit (None: neither kind)
    END_PHASE_MISMATCH = "end_phase_mismatch"  # phase, current

    # maneuver: which unit moves
    FLEET_PHASE_OVER = "fleet_phase_over"
    ARMIES_AFTER_FLEETS = "armies_after_fleets"
    NO_UNIT_THERE = "no_unit_there"  # nation, unit, region
    UNIT_MOVED = "unit_moved"  # unit, region
    NO_DESTINATION = "no_destination"  # unit, region
    # maneuver: where it goes
    CLOSED_REGION = "closed_region"  # region, unit
    FLEET_HARBOUR_TO_ANCHOR = "fleet_harbour_to_anchor"  # sea (None when the harbour has none)
    FLEET_NOT_TO_LAND = "fleet_not_to_land"  # region
    FLEET_TOO_FAR = "fleet_too_far"  # sea
    ARMY_NOT_TO_SEA = "army_not_to_sea"  # region
    RAILWAY_CUT = "railway_cut"  # regions: the home provinces holding hostile armies
    CONVOY_NEEDED = "convoy_needed"  # region
    ARMY_TOO_FAR = "army_too_far"  # region
    ARMY_CANNOT_REACH = "army_cannot_reach"  # region
    CONVOY_ROUTE = "convoy_route"  # region, convoy: the destination is reached by other seas
    # maneuver: battles, army status, factories
    BATTLE_NO_UNIT = "battle_no_unit"  # nation, region, unit
    BATTLE_NO_TARGET = "battle_no_target"  # nation, region, unit
    BATTLE_OWN_NATION = "battle_own_nation"  # nation
    ENTRY_BATTLE_ONLY = "entry_battle_only"  # region, unit: only the entering unit fights now
    ASK_NOT_PRESENT = "ask_not_present"  # nation
    ENTRY_STATUS_ONLY = "entry_status_only"  # region
    STATUS_NO_ARMY = "status_no_army"  # region
    STATUS_NOT_FOREIGN_HOME = "status_not_foreign_home"  # region
    STATUS_CHANGED_ALREADY = "status_changed_already"  # region
    STATUS_FORCED_FRIENDLY = "status_forced_friendly"  # region
    STATUS_UNCHANGED = "status_unchanged"  # region, hostile
    DESTROY_NOT_HOSTILE = "destroy_not_hostile"  # region
    DESTROY_NO_FACTORY = "destroy_no_factory"  # region
    DESTROY_NEEDS_THREE = "destroy_needs_three"  # region, armies
    DESTROY_DEFENDED = "destroy_defended"  # region, owner


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, (list, tuple)) else value


@dataclass(frozen=True)
class Refusal:
    """The reason an action is illegal: a code and the facts it was checked against."""

    code: RefusalCode
    params: dict[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted((k, _frozen(v)) for k, v in self.params.items()))))

    def __str__(self) -> str:
        if not self.params:
            return self.code.value
        return self.code.value + ": " + ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))


def refuse(code: RefusalCode, **params: Any) -> Refusal:
    """A refusal with keyword parameters (lists are stored as tuples, so refusals compare simply)."""
    return Refusal(code, {k: _frozen(v) for k, v in params.items()})
