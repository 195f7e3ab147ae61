"""The "since your last turn" summary: what each nation did since a player's last decision.

A :class:`SummaryTracker` follows a game, either a live :class:`GameSession` (through its
listeners and undo/redo callbacks) or a game record replayed from its set-up. It keeps every
applied action with its events, cut into nation turns, and on request summarises the part of
the game a player has not decided in: one :class:`NationTurnSummary` per nation turn, with
plain-English lines ("Italy (Anna) moved to Taxation on the rondel") and structured counts
that tests and the screen can use.

Lines are plain text with the players' names as they are; the UI escapes them for its widgets.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from imperial_desktop.core import Action, BuildFactory, Donate, EndPhase, Event, GameRecord, GameSetup, GameState, Produce
from imperial_desktop.core.board import Board
from imperial_desktop.core.events import (
    factory_noun, game_end_reason, join_words, place, plural, possessive, units_phrase, with_article,
)


@dataclass
class NationTurnSummary:
    """What happened in one nation turn (or in the opening auction, ``nation`` None)."""

    nation: str | None
    nation_name: str
    government: int | None
    government_name: str | None
    turn: int | None
    title: str
    lines: list[str] = field(default_factory=list)
    rondel: str | None = None  # the space moved to
    rondel_cost: int = 0
    forced_by: int | None = None  # a Swiss Bank that forced the stop on Investor
    factories_built: list[str] = field(default_factory=list)
    units_produced: int = 0
    units_imported: int = 0
    units_moved: int = 0
    convoyed: int = 0
    battles: int = 0
    flags_won: list[tuple[str, str]] = field(default_factory=list)  # (nation, region)
    flags_lost: list[tuple[str, str]] = field(default_factory=list)
    hostile_entries: int = 0
    friendly_entries: int = 0
    factories_destroyed: list[str] = field(default_factory=list)
    taxes: int | None = None
    power_points: int = 0
    success_bonus: int = 0
    interest_paid: int = 0
    investor_bonus: int = 0
    bonds: list[tuple[int, str, int, int | None]] = field(default_factory=list)  # player, nation, value, trade-in
    governments_changed: list[tuple[str, int | None, int]] = field(default_factory=list)  # nation, old, new
    swiss_banks: list[tuple[int, bool]] = field(default_factory=list)  # player, holds now
    donations: list[tuple[int, str, int]] = field(default_factory=list)
    game_over: bool = False


@dataclass
class _Piece:
    """The part of one applied action that falls into one nation turn."""

    index: int  # the action's number in the game (0-based)
    actor: int | None
    action: Action | None  # None: the tail of an action whose events began a new turn
    events: list[Event]


@dataclass
class _Turn:
    nation: str | None
    government: int | None
    number: int | None
    pieces: list[_Piece] = field(default_factory=list)
    initial: bool = False  # begun before any action: kept when an undo empties it


class SummaryTracker:
    """Follows a game and answers what happened since a player's last decision.

    ``SummaryTracker(session)`` follows a live :class:`GameSession` (replaying its record first);
    ``SummaryTracker(setup, actions)`` replays a list of actions. Call :meth:`detach` when the
    session is closed.
    """

    def __init__(self, source: Any, actions: Iterable[Action] = ()):
        self._session = None
        if isinstance(source, GameSetup):
            self.setup = source
        else:  # a GameSession (duck-typed: the session layer's controller)
            self._session = source
            self.setup = source.setup
            actions = list(source.record.actions)
        self.board: Board = GameState.new(self.setup).board
        self.names = list(self.setup.players)
        self._seen: dict[int, int] = {}
        self._replay(list(actions))
        if self._session is not None:
            if not self._count:  # a session started from a state without a record: follow from there
                self._start_from(self._session.state)
            self._session.listeners.append(self._on_action)
            self._session.on_change.append(self._on_change)

    # ------------------------------------------------------------------ feeding

    def _replay(self, actions: list[Action]) -> None:
        state = GameState.new(self.setup)
        self._count = 0
        self._start_from(state)
        for action in actions:
            events = state.apply(action)
            self.record(action, events, state)

    def _start_from(self, state: GameState) -> None:
        """Begin following at ``state`` (a new game has already begun the first nation's turn)."""
        self._governments: dict[str, int | None] = dict(state.government)
        self._next_actor: int | None = state.current_player()
        nation = state.turn_nation
        first = _Turn(nation, state.government.get(nation), state.turns_taken + 1, initial=True) if nation else None
        self._turns: list[_Turn] = [_Turn(None, None, None, initial=True)] + ([first] if first else [])

    def record(self, action: Action, events: list[Event], state_after: GameState | None = None,
               actor: int | None = None) -> None:
        """Add one applied action and its events. ``state_after`` tells who decides next (so
        who made the following decision); ``actor`` overrides who made this one."""
        if actor is None:
            actor = action.player if isinstance(action, Donate) else self._next_actor
        index = self._count
        self._count += 1
        piece = _Piece(index, actor, action, [])
        self._turns[-1].pieces.append(piece)
        for event in events:
            if event.type == "turn_started":
                nation = event.data["nation"]
                piece = _Piece(index, actor, None, [])
                self._turns.append(_Turn(nation, self._governments.get(nation), event.data.get("turn"), [piece]))
            elif event.type == "government_changed":
                self._governments[event.data["nation"]] = event.data["player"]
            piece.events.append(event)
        if state_after is not None:
            self._next_actor = state_after.current_player()

    def _on_action(self, action: Action, events: list[Event]) -> None:
        assert self._session is not None
        self.record(action, events, self._session.state)

    def _on_change(self, kind: str) -> None:
        assert self._session is not None
        done = len(self._session.record.actions)
        if done < self._count:
            self.truncate(done, self._session.state)
        elif done > self._count:  # not expected; stay right whatever happened
            self._replay(list(self._session.record.actions))

    def truncate(self, count: int, state: GameState) -> None:
        """Forget every action from number ``count`` on (after an undo); ``state`` is the game now."""
        for turn in self._turns:
            turn.pieces = [p for p in turn.pieces if p.index < count]
        self._turns = [t for t in self._turns if t.initial or t.pieces]
        self._count = min(self._count, count)
        self._governments = dict(state.government)
        self._next_actor = state.current_player()
        self._seen = {p: min(n, count) for p, n in self._seen.items()}

    def detach(self) -> None:
        """Stop following the session."""
        if self._session is not None:
            if self._on_action in self._session.listeners:
                self._session.listeners.remove(self._on_action)
            if self._on_change in self._session.on_change:
                self._session.on_change.remove(self._on_change)
            self._session = None

    # ------------------------------------------------------------------ questions

    @property
    def action_count(self) -> int:
        return self._count

    def last_decision(self, player: int) -> int | None:
        """The number of the player's last own action, or None if they have made none."""
        last = None
        for turn in self._turns:
            for piece in turn.pieces:
                if piece.action is not None and piece.actor == player:
                    last = piece.index
        return last

    def since(self, player: int) -> list[NationTurnSummary]:
        """Everything after the player's last own decision (and after what they marked seen),
        one summary per nation turn in order; turns with nothing to tell are left out."""
        last = self.last_decision(player)
        start = max(-1 if last is None else last, self._seen.get(player, 0) - 1) + 1
        return self._summaries(start)

    def all_turns(self) -> list[NationTurnSummary]:
        """The whole game so far, turn by turn."""
        return self._summaries(0)

    def mark_seen(self, player: int) -> None:
        """The player has read everything so far: :meth:`since` starts after it next time."""
        self._seen[player] = self._count

    def _summaries(self, start: int) -> list[NationTurnSummary]:
        out = []
        for turn in self._turns:
            pieces = [p for p in turn.pieces if p.index >= start]
            if not pieces:
                continue
            summary = _summarise(turn, pieces, self.board, self.names)
            if summary.lines:
                out.append(summary)
        return out


def summary_text(summaries: list[NationTurnSummary]) -> str:
    """Plain text of summaries: a title line per turn, its lines indented below."""
    out = []
    for s in summaries:
        out.append(s.title)
        out.extend("  " + line for line in s.lines)
    return "\n".join(out)


def replay_summary(record: GameRecord) -> SummaryTracker:
    """A tracker that has followed a recorded game from its set-up."""
    return SummaryTracker(record.setup, record.actions)


# ---------------------------------------------------------------------- building the lines


def _who(names: list[str], player: Any) -> str:
    if isinstance(player, int) and 0 <= player < len(names):
        return names[player]
    return f"Player {player + 1}" if isinstance(player, int) else "nobody"


def _where(board: Board, regions: list[str], preposition: str) -> str:
    """'in Rome' or '(2 in Rome, 1 in Genoa)' for a list of regions with repeats."""
    counts = Counter(regions)
    if len(counts) == 1:
        return f"{preposition} {place(board, regions[0])}"
    return "(" + ", ".join(f"{c} {preposition} {place(board, r)}" for r, c in counts.items()) + ")"


def _summarise(turn: _Turn, pieces: list[_Piece], board: Board, names: list[str]) -> NationTurnSummary:
    writer = _TurnWriter(turn, board, names)
    for piece in pieces:
        writer.decision(piece.action)
    for piece in pieces:
        for event in piece.events:
            handler = _HANDLERS.get(event.type)
            if handler is not None:
                handler(writer, event.data)
    return writer.finish()


class _TurnWriter:
    """Collects one nation turn's events and writes its summary: the rondel move first, then
    what happened on the board in a fixed order, then investing and the rest as it came."""

    def __init__(self, turn: _Turn, board: Board, names: list[str]):
        self.board = board
        self.names = names
        self.turn = turn
        nation_name = board.name_of(turn.nation) if turn.nation else "Start of the game"
        gov_name = _who(names, turn.government) if turn.government is not None else None
        title = f"{nation_name} ({gov_name})" if gov_name else nation_name
        self.s = NationTurnSummary(turn.nation, nation_name, turn.government, gov_name, turn.number, title)
        self.gov = gov_name or "the government"
        self.head: list[str] = []  # the rondel move, then decisions without an event
        self.built: list[str] = []
        self.placed: dict[bool, list[tuple[str, str]]] = {False: [], True: []}  # imported -> (unit, region)
        self.moves: dict[tuple[str, str], list[tuple[str, ...]]] = {}  # (unit, destination) -> convoys
        self.battles: dict[tuple[str, str, str], list[tuple[str, str]]] = {}  # (region, a, b) -> losses
        self.status: dict[tuple[str, str], bool] = {}  # (nation, region) -> hostile; the last word counts
        self.won: dict[str, list[str]] = {}
        self.lost: dict[str, list[str]] = {}
        self.destroyed: list[str] = []
        self.taxes: list[str] = []
        self.interest: list[str] = []
        self.paying = False
        self.own_cash = 0
        self.shortfall: list[str] = []
        self.late: list[str] = []  # investing, governments, Swiss Banks, the end: in the order they came
        self.mover = turn.nation
        self.rondel_action: str | None = None
        self.ended_import = False
        self.ended_maneuver = False

    def name(self, nation: str) -> str:
        return self.board.name_of(nation)

    def who(self, player: Any) -> str:
        return _who(self.names, player)

    def where(self, regions: list[str]) -> str:
        return join_words([place(self.board, r) for r in regions])

    # -------------------------------------------------------------- decisions and events

    def decision(self, action: Action | None) -> None:
        """Decisions that produce no event but that a reader would miss."""
        if isinstance(action, BuildFactory) and action.city is None:
            self.head.append(f"{self.name(action.nation)} built no factory.")
        elif isinstance(action, Produce) and not action.cities:
            self.head.append(f"{self.name(action.nation)} produced nothing.")
        elif isinstance(action, EndPhase) and action.phase == "import":
            self.ended_import = True

    def rondel_moved(self, d: dict[str, Any]) -> None:
        space = self.board.rondel[d["to"]]
        self.s.rondel, self.s.rondel_cost, self.rondel_action = space.name, d.get("cost", 0), space.action
        passing = ", passing Investor" if d.get("passed_investor") else ""
        paid = f" ({self.gov} paid {d['cost']}M for the extra spaces)" if d.get("cost") else ""
        self.head.insert(0, f"{self.s.title} moved to {space.name} on the rondel{passing}{paid}.")

    def investor_forced(self, d: dict[str, Any]) -> None:
        self.s.forced_by = d["player"]
        intended = self.board.rondel[d["intended"]].name if isinstance(d.get("intended"), int) else "its choice"
        self.late.append(f"{self.who(d['player'])} used a Swiss Bank to force {self.name(d['nation'])} to stop on "
                         f"Investor instead of {intended}.")

    def factory_built(self, d: dict[str, Any]) -> None:
        self.s.factories_built.append(d["region"])
        self.built.append(f"{self.name(d['nation'])} built {with_article(factory_noun(self.board, d['region']))} "
                          f"in {place(self.board, d['region'])}.")

    def unit_placed(self, d: dict[str, Any]) -> None:
        self.placed[bool(d.get("imported"))].append((d["unit"], d["region"]))
        self.mover = d["nation"]

    def unit_moved(self, d: dict[str, Any]) -> None:
        self.s.units_moved += 1
        self.s.convoyed += 1 if d.get("convoy") else 0
        self.moves.setdefault((d["unit"], d["destination"]), []).append(tuple(d.get("convoy") or ()))
        self.mover = d["nation"]

    def battle(self, d: dict[str, Any]) -> None:
        self.s.battles += 1
        a, b = sorted((d["nation"], d["target_nation"]))
        losses = self.battles.setdefault((d["region"], a, b), [])
        losses += [(d["nation"], d["unit"]), (d["target_nation"], d["target_unit"])]

    def army_status(self, d: dict[str, Any]) -> None:
        if d["hostile"]:
            self.s.hostile_entries += 1
        else:
            self.s.friendly_entries += 1
        self.status[(d["nation"], d["region"])] = bool(d["hostile"])

    def factory_destroyed(self, d: dict[str, Any]) -> None:
        self.s.factories_destroyed.append(d["region"])
        owner = possessive(self.name(d["owner"])) if d.get("owner") else "the"
        self.destroyed.append(f"{self.name(d['nation'])} destroyed {owner} factory in "
                              f"{place(self.board, d['region'])}, giving up 3 armies.")

    def flag_placed(self, d: dict[str, Any]) -> None:
        self.s.flags_won.append((d["nation"], d["region"]))
        self.won.setdefault(d["nation"], []).append(d["region"])

    def flag_removed(self, d: dict[str, Any]) -> None:
        self.s.flags_lost.append((d["nation"], d["region"]))
        self.lost.setdefault(d["nation"], []).append(d["region"])

    def taxes_collected(self, d: dict[str, Any]) -> None:
        self.s.taxes, self.s.power_points, self.s.success_bonus = d["taxes"], d["points"], d["bonus"]
        bonus = f"; {self.gov} received {d['bonus']}M as success bonus" if d["bonus"] else ""
        self.taxes.append(f"{self.name(d['nation'])} collected {d['taxes']}M in taxes: "
                          f"+{plural(d['points'], 'power point')} (now {d['power']}), "
                          f"{d['income']}M into its treasury{bonus}.")

    def interest_paid(self, d: dict[str, Any]) -> None:
        self.s.interest_paid += d["amount"]
        self.own_cash += d.get("by_government") or 0
        self.paying = True
        if d["amount"]:
            self.interest.append(f"{self.who(d['player'])} {d['amount']}M")

    def interest_shortfall(self, d: dict[str, Any]) -> None:
        self.shortfall.append(f"{d['amount']}M to {self.who(d['player'])}")

    def investor_bonus(self, d: dict[str, Any]) -> None:
        self.s.investor_bonus += d["amount"]
        self.late.append(f"{self.who(d['player'])} received {d['amount']}M for holding the investor card.")

    def bond_bought(self, d: dict[str, Any]) -> None:
        self.s.bonds.append((d["player"], d["nation"], d["value"], None))
        self.late.append(f"{self.who(d['player'])} bought {possessive(self.name(d['nation']))} {d['value']}M bond.")

    def bond_upgraded(self, d: dict[str, Any]) -> None:
        self.s.bonds.append((d["player"], d["nation"], d["value"], d["trade_in"]))
        paid = d.get("paid", d["value"] - d["trade_in"])
        self.late.append(f"{self.who(d['player'])} traded {possessive(self.name(d['nation']))} {d['trade_in']}M bond "
                         f"up to the {d['value']}M bond (paid {paid}M).")

    def donation(self, d: dict[str, Any]) -> None:
        self.s.donations.append((d["player"], d["nation"], d["amount"]))
        self.late.append(f"{self.who(d['player'])} gave {d['amount']}M to {possessive(self.name(d['nation']))} treasury.")

    def government_changed(self, d: dict[str, Any]) -> None:
        previous = d.get("previous")
        self.s.governments_changed.append((d["nation"], previous, d["player"]))
        if isinstance(previous, int):
            self.late.append(f"{self.who(d['player'])} took over the government of {self.name(d['nation'])} "
                             f"from {self.who(previous)}.")
        else:
            self.late.append(f"{self.who(d['player'])} now governs {self.name(d['nation'])}.")

    def swiss_bank(self, d: dict[str, Any]) -> None:
        self.s.swiss_banks.append((d["player"], bool(d["holds"])))
        if d["holds"]:
            self.late.append(f"{self.who(d['player'])} governs no nation now and holds a Swiss Bank.")
        else:
            self.late.append(f"{self.who(d['player'])} no longer holds a Swiss Bank.")

    def investor_card(self, d: dict[str, Any]) -> None:
        self.late.append(f"The investor card passed to {self.who(d['player'])}.")

    def phase(self, d: dict[str, Any]) -> None:
        if d.get("phase") == "maneuver ends":
            self.ended_maneuver = True

    def game_over(self, d: dict[str, Any]) -> None:
        self.s.game_over = True
        scores = d.get("scores") or []
        ranked = sorted(range(len(scores)), key=lambda p: -scores[p])
        final = ", ".join(f"{self.who(p)} {scores[p]}" for p in ranked)
        self.late.append(f"The game is over: {game_end_reason(self.board, d)}."
                         + (f" Final scores: {final}." if final else ""))

    # -------------------------------------------------------------- writing

    def finish(self) -> NationTurnSummary:
        s = self.s
        s.units_produced = len(self.placed[False])
        s.units_imported = len(self.placed[True])
        body = list(self.built)
        body += self._placed_lines()
        body += self._move_lines()
        body += self._battle_lines()
        body += self._status_lines()
        body += self.destroyed
        body += self._flag_lines()
        body += self._nothing_lines()
        body += self.taxes
        body += self._interest_lines()
        s.lines = self.head + body + self.late
        return s

    def _placed_lines(self) -> list[str]:
        who = self.name(self.mover) if self.mover else self.s.nation_name
        out = []
        for imported, verb, preposition in ((False, "produced", "in"), (True, "imported", "into")):
            placed = self.placed[imported]
            parts = []
            for unit in ("army", "fleet"):
                regions = [r for u, r in placed if u == unit]
                if regions:
                    parts.append(f"{units_phrase(len(regions), unit)} {_where(self.board, regions, preposition)}")
            if parts:
                out.append(f"{who} {verb} {join_words(parts)}.")
        return out

    def _move_lines(self) -> list[str]:
        if not self.moves:
            return []
        parts = []
        counts: Counter[str] = Counter()
        for (unit, destination), convoys in self.moves.items():
            counts[unit] += len(convoys)
            text = f"{units_phrase(len(convoys), unit)} to {place(self.board, destination)}"
            by_sea = sum(1 for c in convoys if c)
            if by_sea:
                across = "across " + self.where(sorted({sea for c in convoys for sea in c}))
                text += f" ({across})" if by_sea == len(convoys) else f" ({by_sea} {across})"
            parts.append(text)
        who = self.name(self.mover) if self.mover else self.s.nation_name
        if self.s.units_moved == 1:
            return [f"{who} moved {parts[0]}."]
        total = join_words([plural(counts[u], u) for u in ("army", "fleet") if counts[u]])
        return [f"{who} moved {total}: {join_words(parts)}."]

    def _battle_lines(self) -> list[str]:
        out = []
        for (region, a, b), losses in self.battles.items():
            sides = []
            for side in (a, b):
                units = Counter(u for nation, u in losses if nation == side)
                sides.append(f"{self.name(side)} lost "
                             + join_words([units_phrase(units[u], u) for u in ("army", "fleet") if units[u]]))
            count = len(losses) // 2
            what = "A battle" if count == 1 else f"There were {count} battles"
            out.append(f"{what} in {place(self.board, region)}: {join_words(sides)}.")
        return out

    def _status_lines(self) -> list[str]:
        out = []
        for nation in dict.fromkeys(nation for nation, _ in self.status):
            for hostile in (True, False):
                regions = [r for (n, r), h in self.status.items() if n == nation and h == hostile]
                if regions:
                    word = "hostile" if hostile else "friendly"
                    out.append(f"{possessive(self.name(nation))} armies in {self.where(regions)} are {word}.")
        return out

    def _flag_lines(self) -> list[str]:
        out = []
        for nation, regions in self.won.items():
            flags = "a flag" if len(regions) == 1 else f"{len(regions)} flags"
            out.append(f"{self.name(nation)} won {flags} in {self.where(regions)}.")
        for nation, regions in self.lost.items():
            flags = "its flag" if len(regions) == 1 else "its flags"
            out.append(f"{self.name(nation)} lost {flags} in {self.where(regions)}.")
        return out

    def _nothing_lines(self) -> list[str]:
        """A rondel action that changed nothing is said, not left to guess."""
        if not self.turn.nation:
            return []
        s, n, out = self.s, self.s.nation_name, []
        said = " ".join(self.head)
        if self.rondel_action == "factory" and not s.factories_built and "built no factory" not in said:
            out.append(f"{n} could not build a factory.")
        if self.rondel_action == "production" and not s.units_produced and "produced nothing" not in said:
            out.append(f"{n} produced nothing.")
        if (self.ended_import or self.rondel_action == "import") and not s.units_imported:
            out.append(f"{n} imported nothing.")
        if self.ended_maneuver and not s.units_moved:
            out.append(f"{n} moved no units.")
        return out

    def _interest_lines(self) -> list[str]:
        if not (self.paying or self.shortfall):
            return []
        n = self.s.nation_name
        text = f"{n} paid interest: " + ", ".join(self.interest) if self.interest else f"{n} paid no interest"
        if self.own_cash:
            text += f" ({self.gov} added {self.own_cash}M from own cash)"
        if self.shortfall:
            text += f"; it could not pay {join_words(self.shortfall)}"
        return [text + "."]


_HANDLERS: dict[str, Any] = {
    "rondel_moved": _TurnWriter.rondel_moved, "investor_forced": _TurnWriter.investor_forced,
    "factory_built": _TurnWriter.factory_built, "unit_placed": _TurnWriter.unit_placed,
    "unit_moved": _TurnWriter.unit_moved, "battle": _TurnWriter.battle, "army_status": _TurnWriter.army_status,
    "factory_destroyed": _TurnWriter.factory_destroyed, "flag_placed": _TurnWriter.flag_placed,
    "flag_removed": _TurnWriter.flag_removed, "taxes": _TurnWriter.taxes_collected,
    "interest_paid": _TurnWriter.interest_paid, "interest_shortfall": _TurnWriter.interest_shortfall,
    "investor_bonus": _TurnWriter.investor_bonus, "bond_bought": _TurnWriter.bond_bought,
    "bond_upgraded": _TurnWriter.bond_upgraded, "donation": _TurnWriter.donation,
    "government_changed": _TurnWriter.government_changed, "swiss_bank": _TurnWriter.swiss_bank,
    "investor_card": _TurnWriter.investor_card, "phase": _TurnWriter.phase, "game_over": _TurnWriter.game_over,
}
