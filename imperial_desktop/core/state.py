"""The game state machine: who decides, what is legal, and what an action does.

In the style of OpenSpiel and python-chess: :meth:`GameState.legal_actions` lists exactly the
options of the pending decision, :meth:`GameState.apply` validates one action, changes the
state and returns the :class:`Event` s it caused. An illegal action raises
:class:`IllegalActionError` and changes nothing. Donations (:class:`Donate`) are the one kind of
action any player may take at any time; they are validated by :meth:`legal_donation` and are
not listed by ``legal_actions()`` (point 31 of docs/clarifications.md).

Rule references in comments: "R-EN" = docs/rules/rulebook-en.md, "#n" = docs/clarifications.md.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from imperial_desktop.core import serialize
from imperial_desktop.core.actions import Action, BuildFactory, Donate, EndPhase, Invest, PassInvestment, SwissForce
from imperial_desktop.core.errors import IllegalActionError
from imperial_desktop.core.events import Event
from imperial_desktop.core.phase_investor import InvestorPhase
from imperial_desktop.core.phase_maneuver import ManeuverPhase
from imperial_desktop.core.phase_production import ProductionPhase
from imperial_desktop.core.phase_rondel import RondelPhase
from imperial_desktop.core.phase_setup import SetupPhase
from imperial_desktop.core.phase_taxation import TaxationPhase
from imperial_desktop.core.refusal import Refusal, RefusalCode, refuse
from imperial_desktop.core.serialize import STATE_FORMAT_VERSION, copy_plain
from imperial_desktop.core.setup import GameSetup
from imperial_desktop.core.vocabulary import EVENT, KIND, DecisionKind
from imperial_desktop.i18n import N_, _, ngettext


# What each decision asks, as a whole sentence: (with the nation, without one). Marked with N_
# and translated when shown.
DECISION_TEXT = {
    KIND.AUCTION: (N_("{player} ({nation}) must buy a bond in the opening auction, or pass"),
                           N_("{player} must buy a bond in the opening auction, or pass")),
    KIND.RONDEL: (N_("{player} ({nation}) must choose the rondel space"), N_("{player} must choose the rondel space")),
    KIND.SWISS_FORCE: (N_("{player} may force {nation} to stop on Investor"),
                               N_("{player} may force the nation to stop on Investor")),
    KIND.FACTORY: (N_("{player} ({nation}) must build a factory"), N_("{player} must build a factory")),
    KIND.PRODUCTION: (N_("{player} ({nation}) must choose the factories that produce"),
                              N_("{player} must choose the factories that produce")),
    KIND.IMPORT: (N_("{player} ({nation}) must import up to three units"), N_("{player} must import up to three units")),
    KIND.MANEUVER: (N_("{player} ({nation}) must move units"), N_("{player} must move units")),
    KIND.ENTRY_FIGHT: (N_("{player} ({nation}) must fight on entering, or not"), N_("{player} must fight on entering, or not")),
    KIND.ENTRY_ASK: (N_("{player} ({nation}) must choose which nation is asked next"),
                             N_("{player} must choose which nation is asked next")),
    KIND.ENTRY_DEMAND: (N_("{player} ({nation}) must demand a battle, or not"), N_("{player} must demand a battle, or not")),
    KIND.ENTRY_STATUS: (N_("{player} ({nation}) must declare the armies hostile or friendly"),
                                N_("{player} must declare the armies hostile or friendly")),
    KIND.INVEST: (N_("{player} ({nation}) must invest in a bond, or pass"), N_("{player} must invest in a bond, or pass")),
}
# the maneuver's two phases
PHASE_TEXT = {
    "fleets": (N_("{player} ({nation}) must move fleets"), N_("{player} must move fleets")),
    "armies": (N_("{player} ({nation}) must move armies"), N_("{player} must move armies")),
    # the fleet phase of a nation without fleets: only its end (or a battle, also possible later)
    "no_fleets": (N_("{player} ({nation}) has no fleets: on to the armies"), N_("{player} has no fleets: on to the armies")),
}


class Decision:
    """The pending decision: who decides, for which nation, of what kind."""

    __slots__ = ("kind", "player", "nation", "data")

    kind: DecisionKind

    def __init__(self, kind: DecisionKind, player: int, nation: str | None, data: dict[str, Any]):
        self.kind = kind
        self.player = player
        self.nation = nation
        self.data = data

    def describe(self, state: "GameState") -> str:
        who = state.setup.players[self.player]
        nation = state.board.name_of(self.nation) if self.nation else None
        kind = self.kind
        if kind == KIND.IMPORT and self.data.get("count"):  # the top bar follows the imports made
            left = state.board.import_max - self.data["count"]
            if nation:
                text = ngettext("{player} ({nation}) must import up to {count} more unit, or stop",
                                "{player} ({nation}) must import up to {count} more units, or stop", left)
            else:
                text = ngettext("{player} must import up to {count} more unit, or stop",
                                "{player} must import up to {count} more units, or stop", left)
            return text.format(player=who, nation=nation, count=left)
        if kind == KIND.MANEUVER:
            phase = state.maneuver_phase()
            if phase == "fleets" and self.nation and not any(state.fleets[self.nation].values()):
                phase = "no_fleets"
            with_nation, without = PHASE_TEXT[phase if phase in ("fleets", "no_fleets") else "armies"]
        else:
            with_nation, without = DECISION_TEXT.get(kind, ("{player} ({nation}): " + kind, "{player}: " + kind))
        return _(with_nation if nation else without).format(player=who, nation=nation)

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, player={self.player}, nation={self.nation!r})"


# Actions whose nation need not be the decision's: an investor buys bonds of any nation, and
# the Swiss Banks' question is checked by its own phase.
_NATION_FREE = (Invest, PassInvestment, SwissForce)
# Reasons that say no more than the English error's own words
_GENERIC = frozenset({RefusalCode.NOT_YOUR_DECISION, RefusalCode.NOT_THE_ACTING_NATION, RefusalCode.NOT_NOW,
                      RefusalCode.NOT_AN_OPTION})
_MAX_AUTOMATIC_STEPS = 10_000  # automatic steps between two decisions; a real game needs < 20


class GameState(SetupPhase, RondelPhase, ProductionPhase, ManeuverPhase, InvestorPhase, TaxationPhase):
    """The complete state of one game of Imperial.

    Composed of one mixin per phase (``core/phase_*.py``); this class holds what is common to
    all decisions: the listing and checking of actions, their reasons, the automatic flow between
    decisions, copies and the JSON form. A variant of the rules subclasses it and overrides the
    phase methods it changes (the dispatch tables are built per class, see ``state_base``).
    """

    def __init__(self, setup: GameSetup, *, _empty: bool = False):
        self.setup = setup
        self.board = setup.board()
        if _empty:
            return
        b = self.board
        n = setup.num_players
        self.cash = [0] * n
        self.treasury = {x: 0 for x in b.nation_ids}
        self.bond_owner = {x: {} for x in b.nation_ids}
        self.government = {x: None for x in b.nation_ids}
        self.swiss = set()
        self.card = None
        self.rondel = {x: None for x in b.nation_ids}
        self.power = {x: 0 for x in b.nation_ids}
        self.chart = {x: min(b.tax_points) for x in b.nation_ids}
        self.factories = {f for nat in b.nations for f in nat.starting_factories}
        self.armies = {x: {} for x in b.nation_ids}
        self.fleets = {x: {} for x in b.nation_ids}
        self.hostile = {x: set() for x in b.nation_ids}
        self.flags = {}
        self.turn_nation = None
        self.turns_taken = 0
        self.previous_government = None
        self.agenda = []
        self.pending = None
        self.mv = None
        self.entry = None
        self.over = False
        self.power_log = []
        self._legal = None
        self._start(setup)

    @classmethod
    def new(cls, setup: GameSetup) -> "GameState":
        """A new game from a set-up; the first decision is pending."""
        return cls(setup)

    # ------------------------------------------------------------------ the pending decision

    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        if self.pending is None:
            return None
        p = self.pending
        return Decision(p["kind"], p["player"], p.get("nation"), {k: v for k, v in p.items() if k not in ("kind", "player", "nation")})

    def describe_decision(self) -> str:
        d = self.decision()
        return _("the game is over") if d is None else d.describe(self)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """Every option of the pending decision (empty only when the game is over)."""
        if self._legal is None:
            self._legal = self._generate() if self.pending is not None else []
        return list(self._legal)

    def is_legal(self, action: Action) -> bool:
        if isinstance(action, Donate):
            return self.legal_donation(action) is None
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate() if self.pending is not None else []
        # An action taken from the listing is found by identity at once; an equal action built
        # elsewhere (the mouse, a record) is compared field by field.
        for candidate in legal:
            if candidate is action:
                return True
        return action in legal

    def _generate(self) -> list[Action]:
        p = self.pending
        assert p is not None
        return self._GENERATORS[p["kind"]](self, p)

    # ------------------------------------------------------------------ why an action is illegal

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` is illegal now, as a code and its facts; None when it is legal.

        The checks common to every decision come first (the game's end, whose decision it is,
        for which nation), then the reasons of the pending decision's phase; an action the
        decision does not take at all is NOT_NOW, one that is merely not among the options
        NOT_AN_OPTION.
        """
        if isinstance(action, Donate):
            return self._donation_refusal(action)
        if not isinstance(action, Action):
            return refuse(RefusalCode.NOT_AN_ACTION)
        if self.over or self.pending is None:
            return refuse(RefusalCode.GAME_OVER)
        if self.is_legal(action):
            return None
        return self._illegal_refusal(action)

    def _illegal_refusal(self, action: Action) -> Refusal:
        p = self.pending
        assert p is not None
        actor = getattr(action, "player", None)
        if actor is not None and actor != p["player"]:
            return refuse(RefusalCode.NOT_YOUR_DECISION, player=actor, deciding=p["player"])
        nation = getattr(action, "nation", None)
        if nation is not None and p.get("nation") is not None and nation != p["nation"] and not isinstance(action, _NATION_FREE):
            return refuse(RefusalCode.NOT_THE_ACTING_NATION, nation=nation, acting=p["nation"])
        refuser = self._REFUSERS.get(p["kind"])
        try:
            why = None if refuser is None else refuser(self, action, p)
        except (KeyError, IndexError, AttributeError, TypeError, ValueError):
            why = None  # a malformed action (a damaged record) gets the general reason
        if why is not None:
            return why
        same_kind = sum(1 for a in self.legal_actions() if type(a) is type(action))
        if not same_kind:
            return refuse(RefusalCode.NOT_NOW, kind=p["kind"], action=action.type)
        return refuse(RefusalCode.NOT_AN_OPTION, options=same_kind)

    def region_refusal(self, region: str) -> Refusal | None:
        """Why a click on ``region`` does nothing for the pending Factory or Import decision (None
        when it does, or when the decision is not made on the board's regions)."""
        p = self.pending
        if p is None or p.get("nation") is None:
            return None
        if p["kind"] == KIND.FACTORY:
            return self.refusal(BuildFactory(p["nation"], region))
        if p["kind"] == KIND.IMPORT:
            return self.import_refusal(p["nation"], region)
        return None

    def _donation_refusal(self, action: Donate) -> Refusal | None:
        """#31: any player, any time, whole millions of his own cash, to an existing nation."""
        if self.over:
            return refuse(RefusalCode.GAME_OVER)
        if not isinstance(action.player, int) or not 0 <= action.player < self.num_players:
            return refuse(RefusalCode.NO_SUCH_PLAYER, player=action.player)
        if action.nation not in self.treasury:
            return refuse(RefusalCode.UNKNOWN_NATION, nation=action.nation)
        if not isinstance(action.amount, int) or isinstance(action.amount, bool) or action.amount < 1:
            return refuse(RefusalCode.DONATION_NOT_WHOLE)
        if action.amount > self.cash[action.player]:
            return refuse(RefusalCode.DONATION_TOO_LARGE, player=action.player, cash=self.cash[action.player])
        return None

    def legal_donation(self, action: Donate) -> str | None:
        """None if the donation is legal, else the reason it is not, in words (#31)."""
        why = self._donation_refusal(action)
        if why is None:
            return None
        code = why.code
        if code is RefusalCode.GAME_OVER:
            return _("the game is over")
        if code is RefusalCode.NO_SUCH_PLAYER:
            return _("there is no player {player!r}").format(player=action.player)
        if code is RefusalCode.UNKNOWN_NATION:
            return _("there is no nation {nation!r}").format(nation=action.nation)
        if code is RefusalCode.DONATION_NOT_WHOLE:
            return _("a donation must be a whole number of millions, at least 1")
        return _("player {number} has only {cash}M").format(number=action.player + 1, cash=self.cash[action.player])

    def _why_illegal(self, action: Action) -> str:
        """The English message of IllegalActionError (a developer's text: not translated)."""
        p = self.pending
        assert p is not None
        try:
            text = action.describe(self.board)
        except (KeyError, IndexError, AttributeError, TypeError):
            text = str(action)
        why = self._illegal_refusal(action)
        detail = "" if why.code in _GENERIC else f" ({why})"
        if why.code is RefusalCode.NOT_YOUR_DECISION:
            actor = why.params["player"]
            return f"illegal action ({text}): it is not player {actor + 1 if isinstance(actor, int) else actor}'s decision; {self.describe_decision()}"
        if why.code is RefusalCode.NOT_THE_ACTING_NATION and not isinstance(action, _NATION_FREE):
            return f"illegal action ({text}): {self.board.name_of(p['nation']) if p['nation'] in self.treasury else p['nation']} is the nation to act; {self.describe_decision()}"
        same_kind = sum(1 for a in self.legal_actions() if type(a) is type(action))
        if not same_kind:
            return f"illegal action ({text}): not possible now{detail}; {self.describe_decision()}"
        return f"illegal action ({text}): not among the {same_kind} legal options of this kind{detail}; {self.describe_decision()}"

    # ------------------------------------------------------------------ applying actions

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; returns its events. Raises IllegalActionError (state unchanged)."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        if isinstance(action, Donate):
            reason = self.legal_donation(action)
            if reason:
                raise IllegalActionError(f"{action.describe(self.board) if action.nation in self.treasury else action}: {reason}")
            return self._donate(action)
        if self.over:
            raise IllegalActionError("the game is over; no more actions")
        if not self.is_legal(action):
            raise IllegalActionError(self._why_illegal(action))
        self._legal = None
        events: list[Event] = []
        self._HANDLERS[action.type](self, action, events)
        self._run(events)
        return events

    def _donate(self, action: Donate) -> list[Event]:
        self.cash[action.player] -= action.amount
        self.treasury[action.nation] += action.amount
        self._legal = None
        return [Event(EVENT.DONATION, {"player": action.player, "nation": action.nation, "amount": action.amount})]

    def _do_end_phase(self, action: EndPhase, ev: list[Event]) -> None:
        """The end of the Import, or of the Maneuver's fleet or army movement."""
        if action.phase == "import":
            self._end_import(ev)
        else:
            self._end_maneuver_phase(ev)

    # ------------------------------------------------------------------ the flow of the game

    def _run(self, ev: list[Event]) -> None:
        """Carry out automatic steps until a decision is pending or the game is over."""
        self._legal = None
        steps = 0
        while not self.over:
            steps += 1
            if steps > _MAX_AUTOMATIC_STEPS:  # a corrupt flow; never reached from a sound state
                raise RuntimeError("the game flow does not reach a decision")
            if self.pending is not None:
                if self.pending["kind"] == KIND.MANEUVER and self._only_end_phase():
                    self._end_maneuver_phase(ev)
                    self._legal = None
                    continue
                break
            if not self.agenda:
                raise RuntimeError("the game flow ran out of steps")  # a bug, never a player error
            step = self.agenda.pop(0)
            self._STEPS[step[0]](self, ev, *step[1:])

    def _only_end_phase(self) -> bool:
        """A maneuver phase with nothing left to do but end it is ended automatically."""
        self._legal = self._generate()
        return len(self._legal) == 1

    # ------------------------------------------------------------------ copies and serialization

    def clone(self) -> "GameState":
        """An independent copy (cheap: containers of ints and strings)."""
        c = type(self)(self.setup, _empty=True)  # a variant stays a variant
        c.board = self.board
        c.cash = list(self.cash)
        c.treasury = dict(self.treasury)
        c.bond_owner = {k: dict(v) for k, v in self.bond_owner.items()}
        c.government = dict(self.government)
        c.swiss = set(self.swiss)
        c.card = self.card
        c.rondel = dict(self.rondel)
        c.power = dict(self.power)
        c.chart = dict(self.chart)
        c.factories = set(self.factories)
        c.armies = {k: dict(v) for k, v in self.armies.items()}
        c.fleets = {k: dict(v) for k, v in self.fleets.items()}
        c.hostile = {k: set(v) for k, v in self.hostile.items()}
        c.flags = dict(self.flags)
        c.turn_nation = self.turn_nation
        c.turns_taken = self.turns_taken
        c.previous_government = self.previous_government
        c.agenda = copy_plain(self.agenda)
        c.pending = copy_plain(self.pending)
        c.mv = copy_plain(self.mv)
        c.entry = copy_plain(self.entry)
        c.over = self.over
        c.power_log = [list(x) for x in self.power_log]
        c._legal = self._legal
        return c

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data (canonical: equal states give equal dicts)."""
        ids = self.board.nation_ids
        return {
            "format_version": STATE_FORMAT_VERSION,
            "setup": self.setup.to_dict(),
            "cash": list(self.cash),
            "treasury": {k: self.treasury[k] for k in ids},
            "bonds": {k: {str(v): p for v, p in sorted(self.bond_owner[k].items())} for k in ids},
            "government": {k: self.government[k] for k in ids},
            "swiss_banks": sorted(self.swiss),
            "investor_card": self.card,
            "rondel": {k: self.rondel[k] for k in ids},
            "power": {k: self.power[k] for k in ids},
            "tax_chart": {k: self.chart[k] for k in ids},
            "factories": sorted(self.factories),
            "armies": {k: dict(sorted(self.armies[k].items())) for k in ids},
            "fleets": {k: dict(sorted(self.fleets[k].items())) for k in ids},
            "hostile": {k: sorted(self.hostile[k]) for k in ids},
            "flags": dict(sorted(self.flags.items())),
            "turn_nation": self.turn_nation,
            "turns_taken": self.turns_taken,
            "previous_government": self.previous_government,
            "agenda": copy_plain(self.agenda),
            "pending": copy_plain(self.pending),
            "maneuver": None if self.mv is None else {
                "phase": self.mv["phase"],
                "moved_a": dict(sorted(self.mv["moved_a"].items())),
                "moved_f": dict(sorted(self.mv["moved_f"].items())),
                "convoy": dict(sorted(self.mv["convoy"].items())),
                "touched": sorted(self.mv["touched"]),
            },
            "entry": copy_plain(self.entry),
            "over": self.over,
            "power_log": [list(x) for x in self.power_log],
        }

    @classmethod
    def from_dict(cls, data: Any) -> "GameState":
        """Rebuild a state from :meth:`to_dict` output; raises RecordError on malformed data."""
        return serialize.state_from_dict(cls, data)

    def validate(self) -> None:
        """Check the invariants of a loaded state; raises RecordError."""
        serialize.validate_state(self)

    def digest(self) -> str:
        """SHA-256 of the canonical JSON form of the state."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
