"""Saved games: named saves, the autosave after every action, and the load screen's list.

A save is one JSON document (format in docs/saves.md) holding the seats, the game record
(set-up plus every action), a snapshot of the state and its digest. Loading restores the
snapshot when the file is intact (fast) and otherwise replays the record, so a damaged snapshot
costs nothing but time. Whatever is wrong with a file, loading raises :class:`SaveError` with a
message a player can read; it never changes any file.

Files are written atomically (temporary file, fsync, :func:`os.replace`); the autosave keeps
the previous one as ``autosave.prev.json``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from imperial_desktop.ai import bot_names
from imperial_desktop.core import GameRecord, GameState, ImperialError, RecordError
from imperial_desktop.core.board import DEFAULT_MAP
from imperial_desktop.core.validate import MAX_NAME_CHARS, MAX_SAVE_NAME_CHARS, clean_text, text_problem
from imperial_desktop.i18n import _
from imperial_desktop.resources import map_names
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.session.settings import atomic_write_bytes, data_dir
from imperial_desktop.version import version

SAVE_FORMAT = "imperial-desktop-save"
SAVE_FORMAT_VERSION = 1
AUTOSAVE = "autosave.json"
AUTOSAVE_PREV = "autosave.prev.json"
MAX_SAVE_BYTES = 32 << 20  # a finished game is well under 100 KB
_MAX_MESSAGE = 240

PathLike = str | os.PathLike[str]


class SaveError(ImperialError):
    """A saved game that cannot be read, written or restored; ``str()`` is for the player,
    ``detail`` the technical reason (for a tooltip or a bug report; empty when there is none)."""

    def __init__(self, message: str, path: PathLike | None = None, detail: str = ""):
        message = clean_text(message, 4 * _MAX_MESSAGE)  # text from a file may hold anything
        if len(message) > _MAX_MESSAGE:
            message = message[:_MAX_MESSAGE - 3] + "..."
        super().__init__(message)
        self.path = Path(path) if path is not None else None
        self.detail = clean_text(detail, _MAX_MESSAGE)

    def with_detail(self) -> str:
        """The message and, when there is one, the technical reason."""
        return f"{self} ({self.detail})" if self.detail else str(self)


# ---------------------------------------------------------------------------- folders


def saves_dir(root: PathLike | None = None) -> Path:
    """The folder of saved games: ``root`` itself if given, else ``<data dir>/saves``."""
    return Path(root) if root is not None else data_dir() / "saves"


def autosave_path(root: PathLike | None = None) -> Path:
    return saves_dir(root) / AUTOSAVE


# ---------------------------------------------------------------------------- writing


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _checksum(data: dict[str, Any]) -> str:
    """SHA-256 over the canonical JSON of the document without its checksum."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def save_document(session: GameSession, name: str) -> dict[str, Any]:
    """The JSON document of a save of ``session`` (see docs/saves.md)."""
    state = session.state
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "format_version": SAVE_FORMAT_VERSION,
        "saved_at": _now(),
        "app_version": version(),  # the program that wrote it (for bug reports; loading ignores it)
        "name": str(name),
        "seats": [seat.to_dict() for seat in session.seats],
        "seed": session.seed,
        "record": session.record.to_json(state),
        "snapshot": state.to_dict(),
        "digest": state.digest(),
    }
    data["checksum"] = _checksum(data)
    return data


def write_save(session: GameSession, path: PathLike, name: str) -> Path:
    """Write a save of ``session`` to ``path`` atomically; raises SaveError if impossible."""
    path = Path(path)
    payload = (json.dumps(save_document(session, name), indent=1) + "\n").encode("utf-8")
    try:
        atomic_write_bytes(path, payload)
    except OSError as exc:
        raise SaveError(_("cannot write {file}: {reason}").format(file=path.name, reason=exc.strerror or exc), path) from exc
    return path


_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


MAX_SAVE_NAME = 60


def check_save_name(name: str, *, allow_empty: bool = False) -> str:
    """The save name without surrounding spaces; raises SaveError with a readable reason when it
    is empty (unless ``allow_empty``), too long, or holds control characters or lone surrogates."""
    if not isinstance(name, str):
        raise SaveError(_("a save name must be text"))
    name = name.strip()
    if not name and not allow_empty:
        raise SaveError(_("Please give the save a name."))
    if len(name) > MAX_SAVE_NAME:
        raise SaveError(_("The name is too long ({count} characters; at most {limit}).").format(count=len(name), limit=MAX_SAVE_NAME))
    for char in name:
        category = unicodedata.category(char)
        if category == "Cs":
            raise SaveError(_("The name holds a broken character (a lone surrogate)."))
        if category == "Cc":
            raise SaveError(_("The name holds a control character."))
    return name


def file_name_for(name: str) -> str:
    """A safe file name (on every system) for a save called ``name``.

    A readable part (the name folded to ASCII letters, digits and dashes) plus a short hash of
    the exact name, so that distinct names ("My game!", "my game", "Партия") give distinct files
    and only the very same name gives the same file.
    """
    folded = unicodedata.normalize("NFKD", name.strip()).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9_-]+", "-", folded.lower()).strip("-_")[:48] or "save"
    if slug in _RESERVED or slug.startswith("autosave"):
        slug = "save-" + slug
    digest = hashlib.sha256(name.strip().encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{slug}-{digest}.json"


def save_game(session: GameSession, name: str, root: PathLike | None = None) -> Path:
    """Save under ``name`` (checked by :func:`check_save_name`; a save of the very same name is
    replaced); returns the file's path. Raises SaveError."""
    name = check_save_name(name, allow_empty=True)
    return write_save(session, saves_dir(root) / file_name_for(name), name)


def delete_save(path: PathLike) -> None:
    """Delete a saved game (no error if it is already gone)."""
    path = Path(path)
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise SaveError(_("cannot delete {file}: {reason}").format(file=path.name, reason=exc.strerror or exc), path) from exc


# ---------------------------------------------------------------------------- format upgrades

# UPGRADES[n] turns a version-n document into a version-(n + 1) document. Example for a future
# change: ``UPGRADES[0] = _upgrade_0_to_1`` with ``def _upgrade_0_to_1(data): ...; return data``.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a save document of an older format version up to :data:`SAVE_FORMAT_VERSION`."""
    version = data.get("format_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(_("the save has no valid format version ({value})").format(value=_short(version)))
    if version > SAVE_FORMAT_VERSION:
        raise SaveError(_("the save was made by a newer Imperial Desktop (save format {version}; this version reads up to {supported}); please update the game").format(version=version, supported=SAVE_FORMAT_VERSION))
    while version < SAVE_FORMAT_VERSION:
        step = UPGRADES.get(version)
        if step is None:
            raise SaveError(_("save format version {version} is not supported").format(version=version))
        data = step(dict(data))
        version += 1
        data["format_version"] = version
    return data


# ---------------------------------------------------------------------------- reading


@dataclass
class SavedGame:
    """The checked contents of a save file."""

    path: Path | None
    name: str
    saved_at: datetime
    seats: list[Seat]
    record: GameRecord
    state: GameState
    seed: int = 0
    notes: list[str] = field(default_factory=list)  # how the file was repaired, for the player
    app_version: str = ""  # the Imperial Desktop version that wrote the file ("" when older than the field)

    def to_session(self) -> GameSession:
        """A session continuing this game (undo history starts empty)."""
        return GameSession(self.record.setup, list(self.seats), state=self.state.clone(),
                           actions=list(self.record.actions), seed=self.seed)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _read_json(path: Path) -> Any:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):  # opening a named pipe with no writer would wait for ever
            raise SaveError(_("{file} is not a saved game (not a regular file)").format(file=_label(path)), path)
        size = info.st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(_("{file} is too large to be a saved game ({size} MB)").format(file=path.name, size=size // (1 << 20)), path)
        with path.open("rb") as handle:  # a device or a pipe has no size to check: read no further than the limit
            raw = handle.read(MAX_SAVE_BYTES + 1)
        if len(raw) > MAX_SAVE_BYTES:
            raise SaveError(_("{file} is too large to be a saved game ({size} MB)").format(file=path.name, size=len(raw) // (1 << 20)), path)
    except OSError as exc:
        raise SaveError(_("cannot read {file}: {reason}").format(file=path.name, reason=exc.strerror or exc), path) from exc
    if not raw.strip():
        raise SaveError(_("{file} is empty").format(file=path.name), path)
    try:
        return json.loads(raw.decode("utf-8-sig"))  # a byte order mark (Notepad adds one) is not damage
    except UnicodeDecodeError as exc:
        raise SaveError(_("{file} is damaged (not text)").format(file=path.name), path) from exc
    except RecursionError as exc:
        raise SaveError(_("{file} is damaged (nested too deeply)").format(file=path.name), path) from exc
    except ValueError as exc:  # JSONDecodeError, or an integer with thousands of digits
        raise SaveError(_("{file} is damaged or incomplete (cut short, or changed by hand)").format(file=path.name),
                        path, detail=f"not valid JSON: {exc}") from exc


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise SaveError(_("the save lacks its '{key}'").format(key=key))
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SaveError(_("the save's '{key}' has a wrong value ({value})").format(key=key, value=_short(value)))
    return value


_EARLIEST = datetime(1971, 1, 1, tzinfo=timezone.utc)
_LATEST = datetime(9000, 1, 1, tzinfo=timezone.utc)


def _parse_time(text: str, path: Path | None = None) -> tuple[datetime, str | None]:
    """The save's date in UTC, within years 1971-9000 so that converting it to any local time
    never overflows; a date outside that range gives the file's own date and a note."""
    if len(text) > 64:
        raise SaveError(_("the save's date {value} is not a date").format(value=_short(text)))
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as exc:
        raise SaveError(_("the save's date {value} is not a date").format(value=_short(text))) from exc
    try:
        moment = (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)
        if _EARLIEST <= moment <= _LATEST:
            return moment, None
    except (OverflowError, ValueError):
        pass
    return _file_time(path), _("The save's date {value} is impossible; the file's date is shown.").format(value=_short(text))


def _file_time(path: Path | None) -> datetime:
    try:
        moment = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc) if path is not None else _EARLIEST
    except (OSError, OverflowError, ValueError):
        moment = _EARLIEST
    return min(max(moment, _EARLIEST), _LATEST)


def _text_field(value: str, what: str, limit: int, notes: list[str]) -> str:
    """Text read from a file made safe to show: no lone surrogates or control characters, at
    most ``limit`` characters (noted for the player when something had to be replaced)."""
    why = text_problem(value, limit)
    if why is None:
        return value
    notes.append(_("The {what} {why}; it was shortened or repaired.").format(what=what, why=why))
    return clean_text(value, limit)


def _parse_seats(items: list[Any], num_players: int) -> list[Seat]:
    if len(items) != num_players:
        raise SaveError(_("the save lists {count} seats for {players} players").format(count=len(items), players=num_players))
    seats = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in ("name", "kind", "level")):
            raise SaveError(_("seat {number} of the save is damaged").format(number=number))
        if item["kind"] not in (HUMAN, COMPUTER):
            raise SaveError(_("seat {number} has an unknown kind {value}").format(number=number, value=_short(item['kind'])))
        if item["kind"] == COMPUTER and item["level"] not in bot_names():
            raise SaveError(_("seat {number} has an unknown computer level {value}").format(number=number, value=_short(item['level'])))
        why = text_problem(item["name"], MAX_NAME_CHARS)
        if why:
            raise SaveError(_("the name of seat {number} {why}").format(number=number, why=why))
        seats.append(Seat.from_dict(item))
    return seats


def known_maps() -> frozenset[str]:
    """Names of the boards found: the bundled ones (``maps/<name>.json``) and those of the extra
    board folders (``resources.map_folders``; read each time, as they may change)."""
    return map_names() | {DEFAULT_MAP}


def _check_map(container: Any, what: str) -> None:
    """Refuse a set-up naming a board that is not found (before the core tries to open it)."""
    setup = container.get("setup") if isinstance(container, dict) else None
    name = setup.get("map", DEFAULT_MAP) if isinstance(setup, dict) else DEFAULT_MAP
    if not isinstance(name, str) or name not in known_maps():
        raise SaveError(_("{what} names an unknown board {value}").format(what=what, value=_short(name)))


def _from_snapshot(data: dict[str, Any], record: GameRecord, digest: str) -> tuple[GameState | None, str]:
    """The state from the snapshot if it is intact and agrees with the record; else a reason."""
    if data.get("checksum") != _checksum(data):
        return None, "the file was changed or damaged"
    snapshot = data.get("snapshot")
    if snapshot is None:
        return None, "the file has no snapshot"
    try:
        _check_map(snapshot, _("the snapshot"))
        state = GameState.from_dict(snapshot)
    except (RecordError, SaveError) as exc:
        return None, _("its snapshot is damaged ({reason})").format(reason=exc)
    except Exception as exc:  # noqa: BLE001 - whatever a hostile snapshot does, the record decides
        return None, _("its snapshot is damaged ({reason})").format(reason=type(exc).__name__)
    if state.setup != record.setup or state.digest() != digest or record.digest not in (None, digest):
        return None, "its snapshot does not match its record"
    return state, ""


def _from_record(record: GameRecord, digest: str | None) -> GameState:
    """Replay the record (which checks the record's own digest)."""
    try:
        state = record.replay(check_digest=True)  # validates the final state (core/validate.py)
    except RecordError as exc:
        raise SaveError(_("the game record in the save is damaged: {exc}").format(exc=exc)) from exc
    if record.digest is None and digest is not None and state.digest() != digest:
        raise SaveError(_("the replayed game does not match the saved position"))
    return state


def decode_save(data: Any, path: Path | None = None) -> SavedGame:
    """Check a parsed save document and restore its game; raises SaveError."""
    if not isinstance(data, dict):
        raise SaveError(_("not a saved game (the file is not a JSON object)"))
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(_("not an Imperial Desktop saved game (format {value})").format(value=_short(data.get('format'))))
    data = upgrade(data)
    notes: list[str] = []
    name = _text_field(_field(data, "name", str), _("save's name"), MAX_SAVE_NAME_CHARS, notes)
    saved_at, date_note = _parse_time(_field(data, "saved_at", str), path)
    if date_note:
        notes.append(date_note)
    record_data = _field(data, "record", dict)
    _check_map(record_data, _("the game record"))
    try:
        record = GameRecord.from_json(record_data)
    except RecordError as exc:
        raise SaveError(_("the game record in the save is damaged: {exc}").format(exc=exc)) from exc
    seats = _parse_seats(_field(data, "seats", list), record.setup.num_players)
    seed = data.get("seed", 0)
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**63 else 0
    digest = data.get("digest")
    digest = digest if isinstance(digest, str) else None
    state, reason = _from_snapshot(data, record, digest) if digest else (None, _("it has no digest"))
    if state is None:
        state = _from_record(record, digest)
        notes.append(clean_text(_("Restored by replaying the game record: {reason}").format(reason=reason), 300) + ".")
    return SavedGame(path, name, saved_at, seats, record, state, seed, notes, _app_version(data))


def _app_version(data: dict[str, Any]) -> str:
    """The version that wrote the save, made safe to show; "" when missing or not a short text."""
    value = data.get("app_version")
    if not isinstance(value, str) or text_problem(value, 40) is not None:
        return ""
    return value


def read_save(path: PathLike) -> SavedGame:
    """Read and check a save file; raises SaveError (naming the problem), never anything else."""
    path = Path(path)
    try:
        return decode_save(_read_json(path), path)
    except SaveError as exc:
        if exc.path is None:
            exc.path = path
        raise
    except RecursionError as exc:
        raise SaveError(_("{file} is damaged (nested too deeply)").format(file=_label(path)), path) from exc
    except Exception as exc:  # noqa: BLE001 - the last line of defence of the load screen
        # a damaged file that got past the checks above; still a clean error for the player
        raise SaveError(_("{file} is damaged ({error}: {exc})").format(file=_label(path), error=type(exc).__name__, exc=exc), path) from exc


def _label(path: Path) -> str:
    """A file name fit to show (names with undecodable bytes hold lone surrogates on POSIX)."""
    return clean_text(path.name, 120)


def load_game(path: PathLike) -> GameSession:
    """The game of a save file as a session with the saved seats; raises SaveError."""
    return read_save(path).to_session()


# ---------------------------------------------------------------------------- the load screen


@dataclass(frozen=True)
class SaveInfo:
    """One line of the load screen."""

    path: Path
    name: str
    saved_at: datetime
    players: tuple[str, ...]
    seats: tuple[Seat, ...]
    nation_turns: int
    game_over: bool
    status: str  # whose turn ("Ann (Italy) must choose the rondel space") or "the game is over"
    autosave: bool = False
    notes: tuple[str, ...] = ()

    @property
    def file_label(self) -> str:
        """The file's name, safe to show."""
        return _label(self.path)


@dataclass(frozen=True)
class SaveProblem:
    """A file in the saves folder that cannot be loaded."""

    path: Path
    message: str

    @property
    def file_label(self) -> str:
        """The file's name, safe to show."""
        return _label(self.path)


@dataclass
class SaveListing:
    """The result of :func:`list_saves`: loadable saves (newest first) and unreadable files."""

    saves: list[SaveInfo] = field(default_factory=list)
    problems: list[SaveProblem] = field(default_factory=list)


def save_info(saved: SavedGame, path: Path) -> SaveInfo:
    """The load screen's line for a read save; every text in it is safe to show. Raises SaveError."""
    state = saved.state
    try:
        status = clean_text(state.describe_decision(), 200)
        players = tuple(clean_text(p, MAX_NAME_CHARS) for p in state.setup.players)
    except Exception as exc:  # noqa: BLE001 - never reached for a validated state
        raise SaveError(_("{file} is damaged ({error})").format(file=_label(path), error=type(exc).__name__), path) from exc
    return SaveInfo(
        path=path, name=clean_text(saved.name, MAX_SAVE_NAME_CHARS), saved_at=saved.saved_at, players=players,
        seats=tuple(saved.seats), nation_turns=state.turns_taken, game_over=state.is_terminal(),
        status=status, autosave=path.name == AUTOSAVE, notes=tuple(clean_text(n, 400) for n in saved.notes),
    )


def list_saves(root: PathLike | None = None, *, include_autosave: bool = True) -> SaveListing:
    """Every save in the folder, newest first; unreadable files are reported, not raised."""
    listing = SaveListing()
    folder = saves_dir(root)
    try:
        paths = sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
    except OSError:
        return listing
    for path in paths:
        if path.name == AUTOSAVE_PREV or (path.name == AUTOSAVE and not include_autosave):
            continue
        try:
            listing.saves.append(save_info(read_save(path), path))
        except Exception as exc:  # noqa: BLE001 - one bad file never takes down the list
            message = (exc.with_detail() if isinstance(exc, SaveError) else
                       _("{file} is damaged ({error})").format(file=_label(path), error=type(exc).__name__))
            listing.problems.append(SaveProblem(path, clean_text(message, _MAX_MESSAGE)))
    listing.saves.sort(key=lambda info: info.saved_at, reverse=True)
    return listing


__all__ = [
    "AUTOSAVE", "AUTOSAVE_PREV", "SAVE_FORMAT", "SAVE_FORMAT_VERSION", "UPGRADES",
    "SaveError", "SaveInfo", "SaveListing", "SaveProblem", "SavedGame", "autosave_path",
    "decode_save", "delete_save", "file_name_for", "list_saves",
    "load_game", "read_save", "save_document", "save_game", "saves_dir", "upgrade",
    "write_save",
]
