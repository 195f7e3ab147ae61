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
    factory_noun, join_words, place, plural, possessive, units_phrase, with_article,
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


def _placed_line(board: Board, nation: str, placed: list[tuple[str, str]], verb: str, preposition: str) -> str:
    parts = []
    for unit in ("army", "fleet"):
        regions = [r for u, r in placed if u == unit]
        if regions:
            parts.append(f"{units_phrase(len(regions), unit)} {_where(board, regions, preposition)}")
    return f"{nation} {verb} {join_words(parts)}."


def _summarise(turn: _Turn, pieces: list[_Piece], board: Board, names: list[str]) -> NationTurnSummary:
    nation_name = board.name_of(turn.nation) if turn.nation else "Start of the game"
    gov_name = _who(names, turn.government) if turn.government is not None else None
    title = f"{nation_name} ({gov_name})" if gov_name else nation_name
    s = NationTurnSummary(turn.nation, nation_name, turn.government, gov_name, turn.number, title)
    events = [e for p in pieces for e in p.events]
    n = nation_name

    def name(nation: str) -> str:
        return board.name_of(nation)

    head: list[str] = []  # the rondel move, then decisions without an event a reader would miss
    for p in pieces:
        if isinstance(p.action, BuildFactory) and p.action.city is None:
            head.append(f"{name(p.action.nation)} built no factory.")
        if isinstance(p.action, Produce) and not p.action.cities:
            head.append(f"{name(p.action.nation)} produced nothing.")
    body: list[str] = []  # what the nation did on the board, in a fixed order

    placed: dict[bool, list[tuple[str, str]]] = {False: [], True: []}
    moves: dict[tuple[str, str], list[tuple[str, ...]]] = {}
    battles: dict[tuple[str, str, str], list[tuple[str, str]]] = {}
    status: dict[tuple[str, str], bool] = {}
    won: dict[str, list[str]] = {}
    lost: dict[str, list[str]] = {}
    interest: list[str] = []
    paying = False
    own_cash = 0
    shortfall: list[str] = []
    destroyed: list[str] = []
    taxes: list[str] = []
    late: list[str] = []  # investing, governments, Swiss Banks, the end: in the order they came
    mover = turn.nation
    ended_import = any(isinstance(p.action, EndPhase) and p.action.phase == "import" for p in pieces)
    ended_maneuver = False
    rondel_action = None
    for e in events:
        d = e.data
        t = e.type
        if t == "rondel_moved":
            s.rondel = board.rondel[d["to"]].name
            rondel_action = board.rondel[d["to"]].action
            s.rondel_cost = d.get("cost", 0)
            paid = f" ({gov_name or 'the government'} paid {d['cost']}M for the extra spaces)" if d.get("cost") else ""
            passing = ", passing Investor" if d.get("passed_investor") else ""
            head.insert(0, f"{title} moved to {s.rondel} on the rondel{passing}{paid}.")
        elif t == "investor_forced":
            s.forced_by = d["player"]
            intended = board.rondel[d["intended"]].name if isinstance(d.get("intended"), int) else "its choice"
            late.append(f"{_who(names, d['player'])} used a Swiss Bank to force {name(d['nation'])} to stop on "
                        f"Investor instead of {intended}.")
        elif t == "factory_built":
            s.factories_built.append(d["region"])
            body.append(f"{name(d['nation'])} built {with_article(factory_noun(board, d['region']))} "
                           f"in {place(board, d['region'])}.")
        elif t == "unit_placed":
            placed[bool(d.get("imported"))].append((d["unit"], d["region"]))
            mover = d["nation"]
        elif t == "unit_moved":
            s.units_moved += 1
            s.convoyed += 1 if d.get("convoy") else 0
            moves.setdefault((d["unit"], d["destination"]), []).append(tuple(d.get("convoy") or ()))
            mover = d["nation"]
        elif t == "battle":
            s.battles += 1
            a, b = sorted((d["nation"], d["target_nation"]))
            battles.setdefault((d["region"], a, b), []).append((d["nation"], d["unit"]))
            battles[(d["region"], a, b)].append((d["target_nation"], d["target_unit"]))
        elif t == "army_status":
            if d["hostile"]:
                s.hostile_entries += 1
            else:
                s.friendly_entries += 1
            status[(d["nation"], d["region"])] = bool(d["hostile"])  # the last word counts
        elif t == "factory_destroyed":
            s.factories_destroyed.append(d["region"])
            owner = possessive(name(d["owner"])) if d.get("owner") else "the"
            destroyed.append(f"{name(d['nation'])} destroyed {owner} factory in {place(board, d['region'])}, "
                             f"giving up 3 armies.")
        elif t == "flag_placed":
            s.flags_won.append((d["nation"], d["region"]))
            won.setdefault(d["nation"], []).append(d["region"])
        elif t == "flag_removed":
            s.flags_lost.append((d["nation"], d["region"]))
            lost.setdefault(d["nation"], []).append(d["region"])
        elif t == "taxes":
            s.taxes = d["taxes"]
            s.power_points = d["points"]
            s.success_bonus = d["bonus"]
            bonus = f"; {gov_name or 'the government'} received {d['bonus']}M as success bonus" if d["bonus"] else ""
            taxes.append(f"{name(d['nation'])} collected {d['taxes']}M in taxes: "
                           f"+{plural(d['points'], 'power point')} (now {d['power']}), "
                           f"{d['income']}M into its treasury{bonus}.")
        elif t == "interest_paid":
            s.interest_paid += d["amount"]
            own_cash += d.get("by_government") or 0
            if d["amount"]:
                interest.append(f"{_who(names, d['player'])} {d['amount']}M")
            paying = True
        elif t == "interest_shortfall":
            shortfall.append(f"{d['amount']}M to {_who(names, d['player'])}")
        elif t == "investor_bonus":
            s.investor_bonus += d["amount"]
            late.append(f"{_who(names, d['player'])} received {d['amount']}M for holding the investor card.")
        elif t == "bond_bought":
            s.bonds.append((d["player"], d["nation"], d["value"], None))
            late.append(f"{_who(names, d['player'])} bought {possessive(name(d['nation']))} {d['value']}M bond.")
        elif t == "bond_upgraded":
            s.bonds.append((d["player"], d["nation"], d["value"], d["trade_in"]))
            late.append(f"{_who(names, d['player'])} traded {possessive(name(d['nation']))} {d['trade_in']}M bond "
                        f"up to the {d['value']}M bond (paid {d.get('paid', d['value'] - d['trade_in'])}M).")
        elif t == "donation":
            s.donations.append((d["player"], d["nation"], d["amount"]))
            late.append(f"{_who(names, d['player'])} gave {d['amount']}M to {possessive(name(d['nation']))} treasury.")
        elif t == "government_changed":
            s.governments_changed.append((d["nation"], d.get("previous"), d["player"]))
            if isinstance(d.get("previous"), int):
                late.append(f"{_who(names, d['player'])} took over the government of {name(d['nation'])} "
                            f"from {_who(names, d['previous'])}.")
            else:
                late.append(f"{_who(names, d['player'])} now governs {name(d['nation'])}.")
        elif t == "swiss_bank":
            s.swiss_banks.append((d["player"], bool(d["holds"])))
            if d["holds"]:
                late.append(f"{_who(names, d['player'])} governs no nation now and holds a Swiss Bank.")
            else:
                late.append(f"{_who(names, d['player'])} no longer holds a Swiss Bank.")
        elif t == "investor_card":
            late.append(f"The investor card passed to {_who(names, d['player'])}.")
        elif t == "phase" and d.get("phase") == "maneuver ends":
            ended_maneuver = True
        elif t == "game_over":
            s.game_over = True
            scores = d.get("scores") or []
            ranked = sorted(range(len(scores)), key=lambda p: -scores[p])
            final = ", ".join(f"{_who(names, p)} {scores[p]}" for p in ranked)
            late.append(f"The game is over: {name(d['nation'])} reached 25 power points."
                        + (f" Final scores: {final}." if final else ""))

    who_moves = name(mover) if mover else n
    if placed[False]:
        s.units_produced = len(placed[False])
        body.append(_placed_line(board, who_moves, placed[False], "produced", "in"))
    if placed[True]:
        s.units_imported = len(placed[True])
        body.append(_placed_line(board, who_moves, placed[True], "imported", "into"))
    if moves:
        parts = []
        for (unit, destination), convoys in moves.items():
            text = f"{units_phrase(len(convoys), unit)} to {place(board, destination)}"
            seas = sorted({sea for c in convoys for sea in c})
            by_sea = sum(1 for c in convoys if c)
            if by_sea:
                across = f"across {join_words([place(board, sea) for sea in seas])}"
                text += f" ({across})" if by_sea == len(convoys) else f" ({by_sea} {across})"
            parts.append(text)
        counts: Counter[str] = Counter()
        for (unit, _), convoys in moves.items():
            counts[unit] += len(convoys)
        total = join_words([plural(counts[u], u) for u in ("army", "fleet") if counts[u]])
        if s.units_moved == 1:
            body.append(f"{who_moves} moved {parts[0]}.")
        else:
            body.append(f"{who_moves} moved {total}: {join_words(parts)}.")
    for (region, a, b), losses in battles.items():
        count = len(losses) // 2
        lost_units = []
        for side in (a, b):
            units = Counter(u for nat, u in losses if nat == side)
            lost_units.append(f"{name(side)} lost "
                              + join_words([units_phrase(units[u], u) for u in ("army", "fleet") if units[u]]))
        what = "A battle" if count == 1 else f"There were {count} battles"
        body.append(f"{what} in {place(board, region)}: {join_words(lost_units)}.")
    for nation in dict.fromkeys(nation for nation, _ in status):
        for hostile in (True, False):
            regions = [place(board, r) for (nat, r), h in status.items() if nat == nation and h == hostile]
            if regions:
                word = "hostile" if hostile else "friendly"
                body.append(f"{possessive(name(nation))} armies in {join_words(regions)} are {word}.")
    body.extend(destroyed)
    for nation, regions in won.items():
        flags = "a flag" if len(regions) == 1 else f"{len(regions)} flags"
        body.append(f"{name(nation)} won {flags} in {join_words([place(board, r) for r in regions])}.")
    for nation, regions in lost.items():
        flags = "its flag" if len(regions) == 1 else "its flags"
        body.append(f"{name(nation)} lost {flags} in {join_words([place(board, r) for r in regions])}.")
    if turn.nation:  # a rondel action that changed nothing is said, not left to guess
        said = " ".join(head)
        if rondel_action == "factory" and not s.factories_built and "built no factory" not in said:
            body.append(f"{n} could not build a factory.")
        if rondel_action == "production" and not s.units_produced and "produced nothing" not in said:
            body.append(f"{n} produced nothing.")
        if (ended_import or rondel_action == "import") and not s.units_imported:
            body.append(f"{n} imported nothing.")
        if ended_maneuver and not s.units_moved:
            body.append(f"{n} moved no units.")
    body.extend(taxes)
    if paying or shortfall:
        text = f"{n} paid interest: " + ", ".join(interest) if interest else f"{n} paid no interest"
        if own_cash:
            text += f" ({gov_name or 'the government'} added {own_cash}M from own cash)"
        if shortfall:
            text += f"; it could not pay {join_words(shortfall)}"
        body.append(text + ".")
    s.lines = head + body + late
    return s
