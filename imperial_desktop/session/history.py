"""The history of games played: one file per finished game in ``<data dir>/history``.

When the last action of a game is applied in the window, :class:`HistoryRecorder` writes one
entry (format in docs/saves.md, "Games played"): the seats, when the game ended and how long it
lasted, the final scores and ranks, who governed what, and the full game record. One file per
game, written atomically: a crash during a write leaves the other games untouched, and a
damaged file costs only its own game. A file that cannot be read is moved aside
(``<name>.json.damaged``) the first time it is met and reported once; the rest still lists.

What is recorded: every game finished in the window, with people or computers at any seat (a
hot-seat game too). Not recorded: the guided game (its computers follow a script, so its result
says nothing about anyone's play) and the smoke test. A finished game loaded again, or its
results shown again, writes nothing (nothing was played); a game whose last action is taken
back and played again replaces its own entry (one game, one entry).

Every summary field can be worked out again from the record (:func:`game_story`): when an
entry's checksum does not match, the record is replayed and the summary taken from it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import stat
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from imperial_desktop.core import Action, Event, GameRecord, GameState, RecordError
from imperial_desktop.core.validate import MAX_NAME_CHARS, clean_text, is_int, text_problem
from imperial_desktop.i18n import _
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.session.settings import atomic_write_bytes, data_dir, describe_os_error
from imperial_desktop.version import version

log = logging.getLogger(__name__)

HISTORY_FORMAT = "imperial-desktop-history-entry"
HISTORY_FORMAT_VERSION = 1
HISTORY_FOLDER = "history"
DAMAGED_SUFFIX = ".damaged"  # game-….json.damaged, then .damaged-2, ...
MAX_DAMAGED_COPIES = 20
MAX_ENTRY_BYTES = 32 << 20  # as a save: a finished game's entry is about 100-150 KB
MAX_ENTRIES = 5_000  # files read from the folder (the newest by file date); a player's lifetime of games
MAX_SECONDS = 10 * 365 * 24 * 3600  # a length of play above this is not believed
_EARLIEST = datetime(1971, 1, 1, tzinfo=timezone.utc)
_LATEST = datetime(9000, 1, 1, tzinfo=timezone.utc)

PathLike = str | os.PathLike[str]


class HistoryError(Exception):
    """A history entry that cannot be read or written; ``str()`` is for the player."""


# ---------------------------------------------------------------------------- the story of a game


@dataclass(frozen=True)
class Placing:
    """One seat's result: its final score and rank (1 = first; a rank is shared when everything is equal)."""

    seat: int
    name: str
    total: int
    rank: int


@dataclass(frozen=True)
class GameStory:
    """What a finished (or unfinished) record tells: results, governments and length."""

    placings: tuple[Placing, ...]  # best first
    winners: tuple[int, ...]  # the seats ranked first (more than one only when everything is equal)
    governed_at_end: tuple[tuple[str, ...], ...]  # per seat: the nations it governs at the end
    turns_governed: tuple[int, ...]  # per seat: the nation turns taken by a nation it governed
    nation_turns: int
    rounds: int
    actions: int
    game_over: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "placings": [{"seat": p.seat, "name": p.name, "total": p.total, "rank": p.rank} for p in self.placings],
            "winners": list(self.winners),
            "governed_at_end": [list(g) for g in self.governed_at_end],
            "turns_governed": list(self.turns_governed),
            "nation_turns": self.nation_turns,
            "rounds": self.rounds,
            "actions": self.actions,
            "game_over": self.game_over,
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> "GameStory":
        """The story as written in an entry; raises HistoryError when any part is malformed."""
        try:
            placings = tuple(Placing(int_field(p, "seat", 0, players - 1), text_of(p["name"]),
                                     int_field(p, "total", -10**6, 10**6), int_field(p, "rank", 1, players))
                             for p in data["placings"])
            winners = tuple(seat_number(w, players) for w in data["winners"])
            governed = tuple(tuple(str(n) for n in g) for g in data["governed_at_end"])
            turns = tuple(seat_count(t) for t in data["turns_governed"])
            story = cls(placings, winners, governed, turns, int_field(data, "nation_turns", 0, 10**6),
                        int_field(data, "rounds", 0, 10**6), int_field(data, "actions", 0, 10**7), data["game_over"] is True)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise HistoryError(f"the results are damaged ({type(exc).__name__}: {exc})"[:200]) from exc
        if (sorted(p.seat for p in placings) != list(range(players)) or len(governed) != players
                or len(turns) != players or not winners):
            raise HistoryError("the results do not name every seat once")
        return story


def int_field(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if not is_int(value) or not low <= value <= high:
        raise ValueError(f"{key} out of {low}-{high}")
    return value


def seat_number(value: Any, players: int) -> int:
    if not is_int(value) or not 0 <= value < players:
        raise ValueError("not a seat")
    return value


def seat_count(value: Any) -> int:
    if not is_int(value) or not 0 <= value <= 10**6:
        raise ValueError("not a count")
    return value


def text_of(value: Any) -> str:
    if text_problem(value, MAX_NAME_CHARS) is not None:
        raise ValueError("not a name")
    return value


def round_of(state: GameState) -> int:
    """The round a state stands in, counted as the top bar counts it (every nation's turn is one round)."""
    turn = max(1, state.turns_taken + (0 if state.is_terminal() else 1))
    nations = max(1, len(state.board.nation_ids))
    return (turn + nations - 1) // nations


def game_story(record: GameRecord, *, check_digest: bool = True) -> tuple[GameStory, GameState]:
    """Replay ``record`` and tell its story (raises RecordError for a record that does not replay)."""
    state = GameState.new(record.setup)
    turns = [0] * state.num_players
    counted = -1  # the turns_taken of the last nation turn counted
    for number, action in enumerate(record.actions, start=1):
        _count_turn(state, turns, counted)
        counted = state.turns_taken if state.turn_nation is not None else counted
        try:
            state.apply(action)
        except RecordError:
            raise
        except Exception as exc:  # noqa: BLE001 - whatever a hostile record does, it is a damaged record
            raise RecordError(f"action #{number} cannot be applied: {type(exc).__name__}: {exc}"[:300]) from exc
    state.validate()
    if check_digest and record.digest is not None and state.digest() != record.digest:
        raise RecordError("the replayed game does not match the record's digest")
    ranking = state.ranking()
    placings = tuple(Placing(r["player"], r["name"], r["total"], r["rank"]) for r in ranking)
    winners = tuple(sorted(p.seat for p in placings if p.rank == 1))
    governed = tuple(tuple(n for n in state.board.nation_ids if state.government[n] == seat) for seat in range(state.num_players))
    story = GameStory(placings, winners, governed, tuple(turns), state.turns_taken, round_of(state), len(record.actions),
                      state.is_terminal())
    return story, state


def _count_turn(state: GameState, turns: list[int], counted: int) -> None:
    """Count the nation turn under way for its government, once per turn (the government at its first decision)."""
    nation = state.turn_nation
    if nation is None or state.turns_taken == counted:
        return
    seat = state.government.get(nation)
    if seat is not None and 0 <= seat < len(turns):
        turns[seat] += 1


# ---------------------------------------------------------------------------- entries


@dataclass
class HistoryEntry:
    """One finished game of the history."""

    game_id: str
    finished_at: datetime  # aware (UTC); shown in local time
    seats: list[Seat]
    story: GameStory
    record: GameRecord
    seed: int = 0
    seconds_played: int | None = None  # from the first action to the last, when the game was played in one sitting
    app_version: str = ""
    path: Path | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def winner_names(self) -> list[str]:
        return [self.seats[w].name for w in self.story.winners]

    def placing_of(self, seat: int) -> Placing:
        return next(p for p in self.story.placings if p.seat == seat)

    def winning_score(self) -> int:
        return self.story.placings[0].total if self.story.placings else 0


def history_dir(root: PathLike | None = None) -> Path:
    """The history folder: ``root`` itself if given, else ``<data dir>/history``."""
    return Path(root) if root is not None else data_dir() / HISTORY_FOLDER


def entry_path(game_id: str, root: PathLike | None = None) -> Path:
    return history_dir(root) / f"game-{game_id}.json"


def _checksum(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def entry_document(record: GameRecord, seats: list[Seat], *, game_id: str, finished_at: datetime, seed: int = 0,
                   seconds_played: int | None = None, story: GameStory | None = None,
                   final_state: GameState | None = None) -> dict[str, Any]:
    """The JSON document of a history entry (see docs/saves.md)."""
    if story is None or final_state is None:
        story, final_state = game_story(record, check_digest=False)
    record_json = record.to_json(final_state)
    record_json["meta"] = {**(record.meta or {}), "game_id": game_id, "seats": [seat.to_dict() for seat in seats]}
    data: dict[str, Any] = {
        "format": HISTORY_FORMAT,
        "format_version": HISTORY_FORMAT_VERSION,
        "game_id": game_id,
        "finished_at": finished_at.astimezone(timezone.utc).isoformat(timespec="seconds"),
        "seconds_played": seconds_played,
        "app_version": version(),
        "seed": seed,
        "seats": [seat.to_dict() for seat in seats],
        "story": story.to_json(),
        "record": record_json,
    }
    data["checksum"] = _checksum(data)
    return data


def write_entry(document: dict[str, Any], root: PathLike | None = None) -> Path:
    """Write an entry atomically (an entry of the same game is replaced); raises HistoryError."""
    path = entry_path(document["game_id"], root)
    payload = (json.dumps(document, indent=1) + "\n").encode("utf-8")
    try:
        atomic_write_bytes(path, payload)
    except OSError as exc:
        raise HistoryError(_("The finished game could not be added to the games played: {reason}.").format(
            reason=describe_os_error(exc, path.parent))) from exc
    return path


def record_finished_game(record: GameRecord, seats: list[Seat], *, seed: int = 0, seconds_played: int | None = None,
                         game_id: str | None = None, finished_at: datetime | None = None,
                         root: PathLike | None = None) -> Path:
    """Add a finished game to the history now (tests and tools; the window uses :class:`HistoryRecorder`)."""
    document = entry_document(record, seats, game_id=game_id or uuid.uuid4().hex, seed=seed,
                              finished_at=finished_at or datetime.now(timezone.utc), seconds_played=seconds_played)
    return write_entry(document, root)


def _parse_seats(items: Any, players: int) -> list[Seat]:
    if not isinstance(items, list) or len(items) != players:
        raise HistoryError("the seats do not match the players")
    seats = []
    for item in items:
        if not isinstance(item, dict) or item.get("kind") not in (HUMAN, COMPUTER):
            raise HistoryError("a seat is damaged")
        name, level = item.get("name"), item.get("level")
        if text_problem(name, MAX_NAME_CHARS) is not None or text_problem(level, 40) is not None:
            raise HistoryError("a seat's name or level is damaged")
        seats.append(Seat(name, item["kind"], level))
    return seats


def _parse_time(value: Any) -> datetime:
    if not isinstance(value, str) or len(value) > 64:
        raise HistoryError("the date is damaged")
    try:
        moment = datetime.fromisoformat(value)
        moment = (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)
    except (ValueError, OverflowError) as exc:
        raise HistoryError("the date is damaged") from exc
    if not _EARLIEST <= moment <= _LATEST:
        raise HistoryError("the date is impossible")
    return moment


class NewerFormat(HistoryError):
    """An entry written by a newer Imperial Desktop: left as it is (that version reads it)."""


def decode_entry(data: Any, path: Path | None = None) -> HistoryEntry:
    """Check a parsed entry; raises HistoryError (NewerFormat for an entry of a newer version)."""
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise HistoryError("not an entry of the games played")
    version_number = data.get("format_version")
    if not is_int(version_number) or version_number < 1:
        raise HistoryError("no valid format version")
    if version_number > HISTORY_FORMAT_VERSION:
        raise NewerFormat(_("written by a newer Imperial Desktop"))
    game_id = data.get("game_id")
    if not isinstance(game_id, str) or not 1 <= len(game_id) <= 64 or not game_id.isalnum():
        raise HistoryError("no valid game id")
    record_data = data.get("record")
    try:
        record = GameRecord.from_json(record_data)
    except (RecordError, RecursionError, ValueError, TypeError) as exc:
        raise HistoryError(f"the game record is damaged: {exc}"[:240]) from exc
    players = record.setup.num_players
    seats = _parse_seats(data.get("seats"), players)
    finished_at = _parse_time(data.get("finished_at"))
    seconds = data.get("seconds_played")
    seconds = seconds if is_int(seconds) and 0 <= seconds <= MAX_SECONDS else None
    seed = data.get("seed", 0)
    seed = seed if is_int(seed) and 0 <= seed < 2**63 else 0
    notes: list[str] = []
    if data.get("checksum") == _checksum(data):
        story = GameStory.from_json(data.get("story"), players)
    else:  # changed by hand or damaged: the record decides
        try:
            story, _state = game_story(record)
        except RecordError as exc:
            raise HistoryError(f"the game record does not replay: {exc}"[:240]) from exc
        except (RecursionError, ValueError, TypeError, KeyError) as exc:
            raise HistoryError(f"the game record does not replay: {type(exc).__name__}"[:240]) from exc
        notes.append("results worked out again from the record")
    if not story.game_over:
        raise HistoryError("the game in the entry is not finished")
    nations = set(record.setup.board().nation_ids)
    if any(n not in nations for governed in story.governed_at_end for n in governed):
        raise HistoryError("the results name a nation the board does not have")
    app_version = data.get("app_version")
    app_version = app_version if isinstance(app_version, str) and text_problem(app_version, 40) is None else ""
    return HistoryEntry(game_id, finished_at, seats, story, record, seed, seconds, app_version, path, notes)


def read_entry(path: PathLike) -> HistoryEntry:
    """Read and check one entry file; raises HistoryError, never anything else."""
    path = Path(path)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise HistoryError("not a regular file")
        if info.st_size > MAX_ENTRY_BYTES:
            raise HistoryError(f"too large ({info.st_size >> 20} MB)")
        with path.open("rb") as handle:
            raw = handle.read(MAX_ENTRY_BYTES + 1)
    except OSError as exc:
        raise HistoryError(f"cannot be read: {exc.strerror or exc}") from exc
    if len(raw) > MAX_ENTRY_BYTES:
        raise HistoryError("too large")
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError) as exc:  # not text, not JSON, nested too deeply, huge numbers
        raise HistoryError("not valid JSON (cut short or changed by hand)") from exc
    try:
        return decode_entry(data, path)
    except HistoryError:
        raise
    except Exception as exc:  # noqa: BLE001 - the last line of defence of the Games screen
        raise HistoryError(f"damaged ({type(exc).__name__})") from exc


@dataclass(frozen=True)
class SetAside:
    """A history file that could not be read: where it is now and why."""

    name: str  # the file's name when it was found
    kept: Path | None  # where it was moved (None: it could not be moved, or it was left alone)
    reason: str


@dataclass
class HistoryListing:
    """The games played, newest first, and the files that could not be read."""

    entries: list[HistoryEntry] = field(default_factory=list)
    set_aside: list[SetAside] = field(default_factory=list)


def list_history(root: PathLike | None = None) -> HistoryListing:
    """Every readable entry, newest first; an unreadable file is moved aside and reported (never raises)."""
    listing = HistoryListing()
    folder = history_dir(root)
    try:
        paths = [p for p in folder.glob("*.json") if not p.name.startswith(".")]
    except OSError:
        return listing
    if len(paths) > MAX_ENTRIES:
        paths = sorted(paths, key=_mtime, reverse=True)[:MAX_ENTRIES]
    for path in sorted(paths):
        try:
            listing.entries.append(read_entry(path))
        except NewerFormat as exc:
            listing.set_aside.append(SetAside(clean_text(path.name, 120), None, str(exc)))
        except HistoryError as exc:
            log.warning("the games played entry %s cannot be read (%s); it is moved aside", path, exc)
            listing.set_aside.append(SetAside(clean_text(path.name, 120), move_aside(path), clean_text(str(exc), 240)))
    listing.entries.sort(key=lambda e: e.finished_at, reverse=True)
    return listing


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def move_aside(path: Path) -> Path | None:
    """Rename a damaged entry to ``<name>.damaged`` (or ``.damaged-2`` ...) so that it is listed
    no more but kept for whoever wants to look at it; None when it cannot be moved."""
    for number in range(1, MAX_DAMAGED_COPIES + 1):
        target = path.with_name(path.name + (DAMAGED_SUFFIX if number == 1 else f"{DAMAGED_SUFFIX}-{number}"))
        if target.exists() or target.is_symlink():
            continue
        try:
            os.rename(path, target)  # same folder: never a partial copy
        except OSError as exc:
            log.warning("cannot move %s aside: %s", path, exc)
            return None
        return target
    return None


def delete_entry(entry: HistoryEntry) -> None:
    """Remove a game from the history (no error if it is gone already); raises HistoryError."""
    if entry.path is None:
        return
    try:
        entry.path.unlink(missing_ok=True)
    except OSError as exc:
        raise HistoryError(_("cannot delete {file}: {reason}").format(file=entry.path.name,
                                                                      reason=describe_os_error(exc))) from exc


# ---------------------------------------------------------------------------- recording as games end


class HistoryRecorder:
    """Adds the game of a session to the history when its last action is applied.

    The entry is built and written on a background thread (the replay that counts the turns
    governed and the disk write never hold up a frame); :meth:`flush` waits for it, and
    :meth:`take_message` gives, once, why it could not be written.
    """

    def __init__(self, session: Any, root: PathLike | None = None):
        self.session = session
        self.root = root
        self.game_id = uuid.uuid4().hex
        # the length of play is known when the game is played from its set-up in this window
        self._started = time.monotonic() if not session.record.actions else None
        self._thread: threading.Thread | None = None
        self._message: str | None = None
        self.written: Path | None = None
        self._lock = threading.Lock()
        session.listeners.append(self._on_action)

    def _on_action(self, action: Action, events: list[Event]) -> None:
        session = self.session
        if not session.state.is_terminal():
            return
        record = GameRecord(session.setup, list(session.record.actions), meta=dict(session.record.meta or {}))
        seats = list(session.seats)
        seconds = None if self._started is None else min(MAX_SECONDS, int(time.monotonic() - self._started))
        finished = datetime.now(timezone.utc)
        final = session.state.clone()
        self.flush()  # an earlier ending of this game (taken back) is written first, then replaced
        self._thread = threading.Thread(target=self._write, args=(record, seats, session.seed, seconds, finished, final),
                                        name="history", daemon=False)
        self._thread.start()

    def _write(self, record: GameRecord, seats: list[Seat], seed: int, seconds: int | None, finished: datetime,
               final: GameState) -> None:
        try:
            story, state = game_story(record, check_digest=False)
            if state.digest() != final.digest():
                raise RecordError("the record does not replay to the game's position")
            document = entry_document(record, seats, game_id=self.game_id, finished_at=finished, seed=seed,
                                      seconds_played=seconds, story=story, final_state=state)
            path = write_entry(document, self.root)
        except HistoryError as exc:
            with self._lock:
                self._message = str(exc)
            return
        except Exception as exc:  # noqa: BLE001 - a history that cannot be written never stops the game
            log.exception("the finished game could not be added to the history")
            with self._lock:
                self._message = _("The finished game could not be added to the games played: {reason}.").format(
                    reason=type(exc).__name__)
            return
        with self._lock:
            self.written = path

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until a pending entry is written; False if it is still being written after ``timeout``."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def take_message(self) -> str | None:
        """Why the last entry could not be written, once (None when nothing went wrong)."""
        with self._lock:
            message, self._message = self._message, None
        return message

    def detach(self) -> None:
        if self._on_action in self.session.listeners:
            self.session.listeners.remove(self._on_action)


__all__ = [
    "GameStory", "HistoryEntry", "HistoryError", "HistoryListing", "HistoryRecorder", "Placing", "SetAside",
    "decode_entry", "delete_entry", "entry_document", "game_story", "history_dir", "list_history", "move_aside",
    "read_entry", "record_finished_game", "write_entry",
]
