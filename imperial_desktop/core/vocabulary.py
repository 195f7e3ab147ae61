"""The words the core speaks in: the kinds of decision it asks and the types of event it reports.

Both are str-valued enums: a member equals (and hashes like) its plain string, so code and saved
files that use the strings keep working, and ``json.dumps`` writes the plain string. Saves and
records are therefore the same both ways: a file written with the strings loads, and a file written
with the members reads as the strings.
"""

from __future__ import annotations

from enum import Enum
from types import SimpleNamespace


class _StrWord(str, Enum):
    """A str-valued enum member that prints as its plain string.

    Python 3.11 formats a mixed-in enum member as ``Class.NAME`` in ``str()`` and f-strings, and
    ``repr`` shows ``<Class.NAME: 'value'>``; texts, log lines, messages and refusal parameters built
    from a kind or type must read exactly as they did with the plain strings.
    """

    __str__ = str.__str__
    __format__ = str.__format__
    __repr__ = str.__repr__


class DecisionKind(_StrWord):
    """What the pending decision asks (``GameState.decision().kind``, ``pending["kind"]``)."""

    AUCTION = "auction"  # the auction variant: buy a nation's opening bonds or pass
    RONDEL = "rondel"  # the government moves its nation on the rondel
    SWISS_FORCE = "swiss_force"  # a Swiss Bank holder may force the investor slot to be skipped
    FACTORY = "factory"  # where to build a factory
    PRODUCTION = "production"  # which factories produce
    IMPORT = "import"  # units to import
    MANEUVER = "maneuver"  # fleet and army moves
    ENTRY_FIGHT = "entry_fight"  # a unit's entry: fight or pass by
    ENTRY_ASK = "entry_ask"  # a unit's entry: which nation to ask for peace
    ENTRY_DEMAND = "entry_demand"  # the asked nation: fight or accept peace
    ENTRY_STATUS = "entry_status"  # an army in a foreign home province: hostile or friendly
    INVEST = "invest"  # the investor buys a bond or passes


class EventType(_StrWord):
    """What an applied action or automatic step reported (``Event.type``)."""

    ARMY_STATUS = "army_status"
    BATTLE = "battle"
    BOND_BOUGHT = "bond_bought"
    BOND_UPGRADED = "bond_upgraded"
    DONATION = "donation"
    FACTORY_BUILT = "factory_built"
    FACTORY_DESTROYED = "factory_destroyed"
    FLAG_PLACED = "flag_placed"
    FLAG_REMOVED = "flag_removed"
    GAME_OVER = "game_over"
    GOVERNMENT_CHANGED = "government_changed"
    INTEREST_PAID = "interest_paid"
    INTEREST_SHORTFALL = "interest_shortfall"
    INVESTOR_BONUS = "investor_bonus"
    INVESTOR_CARD = "investor_card"
    INVESTOR_FORCED = "investor_forced"
    PHASE = "phase"
    RONDEL_MOVED = "rondel_moved"
    SWISS_BANK = "swiss_bank"
    TAXES = "taxes"
    TURN_STARTED = "turn_started"
    UNIT_MOVED = "unit_moved"
    UNIT_PLACED = "unit_placed"


# value -> member, to turn a kind read from a file back into a member (unknown values stay as
# they are, for validation to refuse with its own message)
DECISION_KINDS: dict[str, DecisionKind] = {k.value: k for k in DecisionKind}
EVENT_TYPES: dict[str, EventType] = {t.value: t for t in EventType}

# The same members under a plain namespace, for the core's hot paths: reading a member from its
# enum class costs about 50 ns in Python 3.11 (the enum metaclass), from a namespace about 15 ns,
# and the rules engine reads them at every step (4-6% of apply() in tools/bench_core.py).
KIND = SimpleNamespace(**DecisionKind.__members__)
EVENT = SimpleNamespace(**EventType.__members__)
