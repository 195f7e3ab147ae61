"""The "since your last turn" summary: what each nation did since a player's last decision.

A :class:`SummaryTracker` follows a game, either a live :class:`GameSession` (through its
listeners and undo/redo callbacks) or a game record replayed from its set-up. It keeps every
applied action with its events, cut into nation turns, and on request summarises the part of
the game a player has not decided in: one :class:`NationTurnSummary` per nation turn, with
lines in the current language ("Italy (Anna) moved to Taxation on the rondel") and structured counts
that tests and the screen can use.

Lines are plain text with the players' names as they are; the UI escapes them for its widgets.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from imperial_desktop.core import (
    Action, BuildFactory, Donate, EndPhase, Event, EventType, GameRecord, GameSetup, GameState, Produce,
)
from imperial_desktop.core.board import Board
from imperial_desktop.core.events import (
    factory_noun, game_end_reason, join_words, place, player_label, plural, soldiers_pay, units_phrase,
)
from imperial_desktop.i18n import _, ngettext


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
    # where the board changed, in the order it happened: factories, placed units, moves'
    # destinations, battles, entries, destroyed factories, flags (the screen outlines them)
    regions: list[str] = field(default_factory=list)


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
            if event.type == EventType.TURN_STARTED:
                nation = event.data["nation"]
                piece = _Piece(index, actor, None, [])
                self._turns.append(_Turn(nation, self._governments.get(nation), event.data.get("turn"), [piece]))
            elif event.type == EventType.GOVERNMENT_CHANGED:
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

    def government_news(self, player: int, turns: list[NationTurnSummary] | None = None) -> list[str]:
        """What changed for the player's own governments in ``turns`` (by default those since the
        player's last decision), net of changes that were undone later in them: "Anna lost
        Austria-Hungary to Bob.", "Anna now governs Italy." Shown first: a government lost is what
        a player most needs to notice, and in the turn lines it is one line among many."""
        turns = self.since(player) if turns is None else turns
        first: dict[str, int | None] = {}
        last: dict[str, int] = {}
        for turn in turns:
            for nation, old, new in turn.governments_changed:
                first.setdefault(nation, old if isinstance(old, int) else None)
                last[nation] = new
        name = self.names[player] if 0 <= player < len(self.names) else str(player)
        news = []
        for nation, new in last.items():
            old = first[nation]
            if old == player and new != player:
                news.append(_("{player} lost {nation} to {other}.").format(
                    player=name, nation=self.board.name_of(nation), other=_who(self.names, new)))
            elif new == player and old != player:
                news.append(_("{player} now governs {nation}.").format(player=name, nation=self.board.name_of(nation)))
        return news

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
    return player_label(player) if isinstance(player, int) else _("nobody")


def _where(board: Board, regions: list[str], imported: bool) -> str:
    """'in Rome' or '(2 in Rome, 1 in Genoa)' ('into' for imports) for regions with repeats."""
    counts = Counter(regions)
    if len(counts) == 1:
        text = _("into {region}") if imported else _("in {region}")
        return text.format(region=place(board, regions[0]))
    each = _("{count} into {region}") if imported else _("{count} in {region}")
    return "(" + _(", ").join(each.format(count=c, region=place(board, r)) for r, c in counts.items()) + ")"


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
        nation_name = board.name_of(turn.nation) if turn.nation else _("Start of the game")
        gov_name = _who(names, turn.government) if turn.government is not None else None
        title = _("{nation} ({player})").format(nation=nation_name, player=gov_name) if gov_name else nation_name
        self.s = NationTurnSummary(turn.nation, nation_name, turn.government, gov_name, turn.number, title)
        self.gov = gov_name or _("the government")
        self.said_no_factory = False
        self.said_no_production = False
        self.head: list[str] = []  # the rondel move, then decisions without an event
        self.built: list[str] = []
        self.placed: dict[bool, list[tuple[str, str]]] = {False: [], True: []}  # imported -> (unit, region)
        self.moves: dict[tuple[str, str], list[tuple[str, ...]]] = {}  # (unit, destination) -> convoys
        self.battles: dict[tuple[str, str, str], list[tuple[str, str]]] = {}  # (region, a, b) -> losses
        # battles the moving nation did not start: another nation there demanded them (R-EN Maneuver: "if at least one side wants it")
        self.demanded: dict[tuple[str, str, str], str] = {}
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
            self.head.append(_("{nation} built no factory.").format(nation=self.name(action.nation)))
            self.said_no_factory = True
        elif isinstance(action, Produce) and not action.cities:
            self.head.append(_("{nation} produced nothing.").format(nation=self.name(action.nation)))
            self.said_no_production = True
        elif isinstance(action, EndPhase) and action.phase == "import":
            self.ended_import = True

    def rondel_moved(self, d: dict[str, Any]) -> None:
        space = self.board.rondel[d["to"]]
        self.s.rondel, self.s.rondel_cost, self.rondel_action = space.name, d.get("cost", 0), space.action
        if d.get("passed_investor") and d.get("cost"):
            text = _("{title} moved to {space} on the rondel, passing Investor "
                     "({government} paid {cost}M for the extra spaces).")
        elif d.get("passed_investor"):
            text = _("{title} moved to {space} on the rondel, passing Investor.")
        elif d.get("cost"):
            text = _("{title} moved to {space} on the rondel ({government} paid {cost}M for the extra spaces).")
        else:
            text = _("{title} moved to {space} on the rondel.")
        self.head.insert(0, text.format(title=self.s.title, space=space.name, government=self.gov, cost=d.get("cost")))

    def investor_forced(self, d: dict[str, Any]) -> None:
        self.s.forced_by = d["player"]
        if isinstance(d.get("intended"), int):
            text = _("{player} used a Swiss Bank to force {nation} to stop on Investor instead of {space}.")
        else:
            text = _("{player} used a Swiss Bank to force {nation} to stop on Investor instead of its choice.")
        self.late.append(text.format(player=self.who(d["player"]), nation=self.name(d["nation"]),
                                     space=self.board.rondel[d["intended"]].name if isinstance(d.get("intended"), int) else None))

    def touched(self, region: Any) -> None:
        if isinstance(region, str) and region not in self.s.regions:
            self.s.regions.append(region)

    def factory_built(self, d: dict[str, Any]) -> None:
        self.s.factories_built.append(d["region"])
        self.touched(d["region"])
        if factory_noun(self.board, d["region"]) == "shipyard":
            text = _("{nation} built a shipyard in {region}.")
        else:
            text = _("{nation} built an armaments factory in {region}.")
        self.built.append(text.format(nation=self.name(d["nation"]), region=place(self.board, d["region"])))

    def unit_placed(self, d: dict[str, Any]) -> None:
        self.placed[bool(d.get("imported"))].append((d["unit"], d["region"]))
        self.touched(d["region"])
        self.mover = d["nation"]

    def unit_moved(self, d: dict[str, Any]) -> None:
        self.s.units_moved += 1
        self.s.convoyed += 1 if d.get("convoy") else 0
        self.moves.setdefault((d["unit"], d["destination"]), []).append(tuple(d.get("convoy") or ()))
        self.touched(d["destination"])
        self.mover = d["nation"]

    def battle(self, d: dict[str, Any]) -> None:
        self.s.battles += 1
        self.touched(d["region"])
        a, b = sorted((d["nation"], d["target_nation"]))
        losses = self.battles.setdefault((d["region"], a, b), [])
        losses += [(d["nation"], d["unit"]), (d["target_nation"], d["target_unit"])]
        if self.turn.nation is not None and d["nation"] != self.turn.nation:
            self.demanded[(d["region"], a, b)] = d["nation"]

    def army_status(self, d: dict[str, Any]) -> None:
        if d["hostile"]:
            self.s.hostile_entries += 1
        else:
            self.s.friendly_entries += 1
        self.status[(d["nation"], d["region"])] = bool(d["hostile"])
        self.touched(d["region"])

    def factory_destroyed(self, d: dict[str, Any]) -> None:
        self.s.factories_destroyed.append(d["region"])
        self.touched(d["region"])
        if d.get("owner"):
            text = _("{nation} destroyed {owner}'s factory in {region}, giving up 3 armies.")
        else:
            text = _("{nation} destroyed the factory in {region}, giving up 3 armies.")
        self.destroyed.append(text.format(nation=self.name(d["nation"]), owner=self.name(d["owner"]) if d.get("owner") else None,
                                          region=place(self.board, d["region"])))

    def flag_placed(self, d: dict[str, Any]) -> None:
        self.s.flags_won.append((d["nation"], d["region"]))
        self.touched(d["region"])
        self.won.setdefault(d["nation"], []).append(d["region"])

    def flag_removed(self, d: dict[str, Any]) -> None:
        self.s.flags_lost.append((d["nation"], d["region"]))
        self.touched(d["region"])
        self.lost.setdefault(d["nation"], []).append(d["region"])

    def taxes_collected(self, d: dict[str, Any]) -> None:
        self.s.taxes, self.s.power_points, self.s.success_bonus = d["taxes"], d["points"], d["bonus"]
        pay = soldiers_pay(d)
        if pay and d["bonus"]:
            text = _("{nation} collected {taxes}M in taxes: +{points} (now {power}), {pay}M soldiers' pay, {income}M "
                     "into its treasury; {government} received {bonus}M as success bonus.")
        elif pay:
            text = _("{nation} collected {taxes}M in taxes: +{points} (now {power}), {pay}M soldiers' pay, {income}M "
                     "into its treasury.")
        elif d["bonus"]:
            text = _("{nation} collected {taxes}M in taxes: +{points} (now {power}), {income}M into its treasury; "
                     "{government} received {bonus}M as success bonus.")
        else:
            text = _("{nation} collected {taxes}M in taxes: +{points} (now {power}), {income}M into its treasury.")
        self.taxes.append(text.format(nation=self.name(d["nation"]), taxes=d["taxes"], points=plural(d["points"], "power point"),
                                      power=d["power"], income=d["income"], government=self.gov, bonus=d["bonus"], pay=pay))

    def interest_paid(self, d: dict[str, Any]) -> None:
        self.s.interest_paid += d["amount"]
        self.own_cash += d.get("by_government") or 0
        self.paying = True
        if d["amount"]:
            self.interest.append(_("{player}: {amount}M").format(player=self.who(d["player"]), amount=d["amount"]))

    def interest_shortfall(self, d: dict[str, Any]) -> None:
        self.shortfall.append(_("{amount}M to {player}").format(amount=d["amount"], player=self.who(d["player"])))

    def investor_bonus(self, d: dict[str, Any]) -> None:
        self.s.investor_bonus += d["amount"]
        self.late.append(_("{player} received {amount}M for holding the investor card.").format(
            player=self.who(d["player"]), amount=d["amount"]))

    def bond_bought(self, d: dict[str, Any]) -> None:
        self.s.bonds.append((d["player"], d["nation"], d["value"], None))
        self.late.append(_("{player} bought {nation}'s {value}M bond.").format(
            player=self.who(d["player"]), nation=self.name(d["nation"]), value=d["value"]))

    def bond_upgraded(self, d: dict[str, Any]) -> None:
        self.s.bonds.append((d["player"], d["nation"], d["value"], d["trade_in"]))
        paid = d.get("paid", d["value"] - d["trade_in"])
        self.late.append(_("{player} traded {nation}'s {old}M bond up to the {value}M bond (paid {paid}M).").format(
            player=self.who(d["player"]), nation=self.name(d["nation"]), old=d["trade_in"], value=d["value"], paid=paid))

    def donation(self, d: dict[str, Any]) -> None:
        self.s.donations.append((d["player"], d["nation"], d["amount"]))
        self.late.append(_("{player} gave {amount}M to {nation}'s treasury.").format(
            player=self.who(d["player"]), amount=d["amount"], nation=self.name(d["nation"])))

    def government_changed(self, d: dict[str, Any]) -> None:
        previous = d.get("previous")
        self.s.governments_changed.append((d["nation"], previous, d["player"]))
        if isinstance(previous, int):
            self.late.append(_("{player} took over the government of {nation} from {previous}.").format(
                player=self.who(d["player"]), nation=self.name(d["nation"]), previous=self.who(previous)))
        else:
            self.late.append(_("{player} now governs {nation}.").format(player=self.who(d["player"]), nation=self.name(d["nation"])))

    def swiss_bank(self, d: dict[str, Any]) -> None:
        self.s.swiss_banks.append((d["player"], bool(d["holds"])))
        if d["holds"]:
            self.late.append(_("{player} governs no nation now and holds a Swiss Bank.").format(player=self.who(d["player"])))
        else:
            self.late.append(_("{player} no longer holds a Swiss Bank.").format(player=self.who(d["player"])))

    def investor_card(self, d: dict[str, Any]) -> None:
        self.late.append(_("The investor card passed to {player}.").format(player=self.who(d["player"])))

    def phase(self, d: dict[str, Any]) -> None:
        if d.get("phase") == "maneuver ends":
            self.ended_maneuver = True

    def game_over(self, d: dict[str, Any]) -> None:
        self.s.game_over = True
        scores = d.get("scores") or []
        ranked = sorted(range(len(scores)), key=lambda p: -scores[p])
        final = _(", ").join(_("{player} ({score})").format(player=self.who(p), score=scores[p]) for p in ranked)
        if final:
            text = _("The game is over: {reason}. Final scores: {scores}.")
        else:
            text = _("The game is over: {reason}.")
        self.late.append(text.format(reason=game_end_reason(self.board, d), scores=final))

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
        for imported in (False, True):
            placed = self.placed[imported]
            parts = []
            for unit in ("army", "fleet"):
                regions = [r for u, r in placed if u == unit]
                if regions:
                    parts.append(_("{units} {where}").format(units=units_phrase(len(regions), unit),
                                                              where=_where(self.board, regions, imported)))
            if parts:
                text = _("{nation} imported {units}.") if imported else _("{nation} produced {units}.")
                out.append(text.format(nation=who, units=join_words(parts)))
        return out

    def _move_lines(self) -> list[str]:
        if not self.moves:
            return []
        parts = []
        counts: Counter[str] = Counter()
        for (unit, destination), convoys in self.moves.items():
            counts[unit] += len(convoys)
            fields = {"units": units_phrase(len(convoys), unit), "destination": place(self.board, destination)}
            by_sea = sum(1 for c in convoys if c)
            if by_sea:
                fields.update(seas=self.where(sorted({sea for c in convoys for sea in c})), count=by_sea)
                if by_sea == len(convoys):
                    text = _("{units} to {destination} (across {seas})")
                else:
                    text = _("{units} to {destination} ({count} across {seas})")
            else:
                text = _("{units} to {destination}")
            parts.append(text.format(**fields))
        who = self.name(self.mover) if self.mover else self.s.nation_name
        if self.s.units_moved == 1:
            return [_("{nation} moved {move}.").format(nation=who, move=parts[0])]
        total = join_words([plural(counts[u], u) for u in ("army", "fleet") if counts[u]])
        return [_("{nation} moved {total}: {moves}.").format(nation=who, total=total, moves=join_words(parts))]

    def _battle_lines(self) -> list[str]:
        out = []
        for (region, a, b), losses in self.battles.items():
            sides = []
            for side in (a, b):
                units = Counter(u for nation, u in losses if nation == side)
                sides.append(_("{nation} lost {units}").format(
                    nation=self.name(side),
                    units=join_words([units_phrase(units[u], u) for u in ("army", "fleet") if units[u]])))
            count = len(losses) // 2
            starter = self.demanded.get((region, a, b))
            if starter is not None:  # the mover entered in peace; the one who demanded it is named
                text = ngettext("{nation} demanded a battle in {region}: {sides}.",
                                "{nation} demanded {count} battles in {region}: {sides}.", count)
            else:
                text = ngettext("A battle in {region}: {sides}.", "There were {count} battles in {region}: {sides}.", count)
            out.append(text.format(count=count, region=place(self.board, region), sides=join_words(sides),
                                   nation=self.name(starter) if starter else ""))
        return out

    def _status_lines(self) -> list[str]:
        out = []
        for nation in dict.fromkeys(nation for nation, _region in self.status):
            for hostile in (True, False):
                regions = [r for (n, r), h in self.status.items() if n == nation and h == hostile]
                if regions:
                    text = _("{nation}'s armies in {regions} are hostile.") if hostile else _(
                        "{nation}'s armies in {regions} are friendly.")
                    out.append(text.format(nation=self.name(nation), regions=self.where(regions)))
        return out

    def _flag_lines(self) -> list[str]:
        out = []
        for nation, regions in self.won.items():
            text = ngettext("{nation} won a flag in {regions}.", "{nation} won {count} flags in {regions}.", len(regions))
            out.append(text.format(nation=self.name(nation), count=len(regions), regions=self.where(regions)))
        for nation, regions in self.lost.items():
            text = ngettext("{nation} lost its flag in {regions}.", "{nation} lost its flags in {regions}.", len(regions))
            out.append(text.format(nation=self.name(nation), count=len(regions), regions=self.where(regions)))
        return out

    def _nothing_lines(self) -> list[str]:
        """A rondel action that changed nothing is said, not left to guess."""
        if not self.turn.nation:
            return []
        s, n, out = self.s, self.s.nation_name, []
        if self.rondel_action == "factory" and not s.factories_built and not self.said_no_factory:
            out.append(_("{nation} could not build a factory.").format(nation=n))
        if self.rondel_action == "production" and not s.units_produced and not self.said_no_production:
            out.append(_("{nation} produced nothing.").format(nation=n))
        if (self.ended_import or self.rondel_action == "import") and not s.units_imported:
            out.append(_("{nation} imported nothing.").format(nation=n))
        if self.ended_maneuver and not s.units_moved:
            if self.rondel_action is None:  # the summary began within the maneuver (after a battle answer)
                out.append(_("{nation} moved no more units and ended its maneuver.").format(nation=n))
            else:
                out.append(_("{nation} moved no units.").format(nation=n))
        return out

    def _interest_lines(self) -> list[str]:
        if not (self.paying or self.shortfall):
            return []
        n = self.s.nation_name
        if self.interest:
            text = _("{nation} paid interest: {payments}").format(nation=n, payments=_(", ").join(self.interest))
        else:
            text = _("{nation} paid no interest").format(nation=n)
        if self.own_cash:
            text = _("{text} ({government} added {amount}M from own cash)").format(
                text=text, government=self.gov, amount=self.own_cash)
        if self.shortfall:
            text = _("{text}; it could not pay {debts}").format(text=text, debts=join_words(self.shortfall))
        # no second full stop after an abbreviation ("4 Mio.", "4 mil.")
        return [text if text.endswith(".") else _("{text}.").format(text=text)]


_HANDLERS: dict[str, Any] = {
    EventType.RONDEL_MOVED: _TurnWriter.rondel_moved, EventType.INVESTOR_FORCED: _TurnWriter.investor_forced,
    EventType.FACTORY_BUILT: _TurnWriter.factory_built, EventType.UNIT_PLACED: _TurnWriter.unit_placed,
    EventType.UNIT_MOVED: _TurnWriter.unit_moved, EventType.BATTLE: _TurnWriter.battle, EventType.ARMY_STATUS: _TurnWriter.army_status,
    EventType.FACTORY_DESTROYED: _TurnWriter.factory_destroyed, EventType.FLAG_PLACED: _TurnWriter.flag_placed,
    EventType.FLAG_REMOVED: _TurnWriter.flag_removed, EventType.TAXES: _TurnWriter.taxes_collected,
    EventType.INTEREST_PAID: _TurnWriter.interest_paid, EventType.INTEREST_SHORTFALL: _TurnWriter.interest_shortfall,
    EventType.INVESTOR_BONUS: _TurnWriter.investor_bonus, EventType.BOND_BOUGHT: _TurnWriter.bond_bought,
    EventType.BOND_UPGRADED: _TurnWriter.bond_upgraded, EventType.DONATION: _TurnWriter.donation,
    EventType.GOVERNMENT_CHANGED: _TurnWriter.government_changed, EventType.SWISS_BANK: _TurnWriter.swiss_bank,
    EventType.INVESTOR_CARD: _TurnWriter.investor_card, EventType.PHASE: _TurnWriter.phase, EventType.GAME_OVER: _TurnWriter.game_over,
}
