"""Game record files for sharing: written to ``<data dir>/records``, opened from anywhere.

A record file is the format of docs/game-record.md; its ``meta`` names the seats (names, people
or computers and their levels), when the game was played and which program wrote it. Exports go
to one fixed folder (its path is shown to the player): it works alike on every system and in the
standalone build, where a file dialog of the widget toolkit would be the only one available.

Opening a file checks everything a hostile file could do (size, text, JSON, nesting, the set-up,
every action replayed, the digest) and raises :class:`RecordFileError` with a reason in the
player's words, never anything else; its ``detail`` keeps the technical reason for the log.
"""

from __future__ import annotations

import json
import os
import re
import stat
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from imperial_desktop.core import GameRecord, GameState, RecordError
from imperial_desktop.core.record import RECORD_FORMAT, RECORD_FORMAT_VERSION
from imperial_desktop.core.validate import MAX_NAME_CHARS, clean_text, text_problem
from imperial_desktop.i18n import _
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.session.settings import atomic_write_bytes, data_dir, describe_os_error
from imperial_desktop.version import version

RECORDS_FOLDER = "records"
RECORD_SUFFIX = ".imperial-record.json"
MAX_RECORD_FILE_BYTES = 16 << 20  # a finished game's record is about 100 KB; MAX_RECORD_ACTIONS of them under 8 MB
PathLike = str | os.PathLike[str]


class RecordFileError(Exception):
    """A record file that cannot be opened or written; ``str()`` is for the player, ``detail``
    the technical reason."""

    def __init__(self, message: str, detail: str = ""):
        super().__init__(clean_text(message, 400))
        self.detail = clean_text(detail, 300)


@dataclass
class OpenedRecord:
    """A checked record and what its file says about the game."""

    record: GameRecord
    state: GameState  # the final position (replayed)
    seats: list[Seat]  # from the record's notes; people's seats when it names none
    title: str  # the file's name, safe to show
    path: Path | None = None


def records_dir(root: PathLike | None = None) -> Path:
    """Where exported records go: ``root`` itself if given, else ``<data dir>/records``."""
    return Path(root) if root is not None else data_dir() / RECORDS_FOLDER


def _label(path: Path) -> str:
    return clean_text(path.name, 120)


def seats_from_meta(meta: Any, players: tuple[str, ...]) -> list[Seat]:
    """The seats a record's notes name, when they agree with its players; else people's seats."""
    items = meta.get("seats") if isinstance(meta, dict) else None
    if isinstance(items, list) and len(items) == len(players):
        seats = []
        for item, name in zip(items, players):
            if not isinstance(item, dict) or item.get("kind") not in (HUMAN, COMPUTER):
                break
            level = item.get("level")
            level = level if isinstance(level, str) and text_problem(level, 40) is None else "normal"
            seats.append(Seat(name, item["kind"], level))
        else:
            return seats
    return [Seat.human(name) for name in players]


def check_record(data: Any, label: str = "") -> tuple[GameRecord, GameState]:
    """A parsed record document checked and replayed; raises RecordFileError in player words."""
    what = label or _("The file")
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        if isinstance(data, dict) and data.get("format") == "imperial-desktop-save":
            raise RecordFileError(_("{file} is a saved game, not a game record: open it with Load (put it in the "
                                    "saves folder first).").format(file=what))
        raise RecordFileError(_("{file} is not an Imperial Desktop game record.").format(file=what),
                              f"format {str(data.get('format'))[:40]!r}" if isinstance(data, dict) else "not a JSON object")
    found = data.get("format_version")
    if isinstance(found, int) and not isinstance(found, bool) and found > RECORD_FORMAT_VERSION:
        raise RecordFileError(_("{file} was written by a newer Imperial Desktop (record format {version}); please "
                                "update the game.").format(file=what, version=found))
    try:
        record = GameRecord.from_json(data)
        players = record.setup.players
        for name in players:
            if text_problem(name, MAX_NAME_CHARS) is not None:
                raise RecordError("a player's name cannot be shown")
        state = record.replay(check_digest=True)
    except RecordError as exc:
        raise RecordFileError(_("{file} is damaged: its game cannot be replayed.").format(file=what), str(exc)) from exc
    except RecursionError as exc:
        raise RecordFileError(_("{file} is damaged: its game cannot be replayed.").format(file=what),
                              "nested too deeply") from exc
    except Exception as exc:  # noqa: BLE001 - whatever else a hostile file does, it is refused
        raise RecordFileError(_("{file} is damaged: its game cannot be replayed.").format(file=what),
                              f"{type(exc).__name__}: {exc}") from exc
    return record, state


def read_record_file(path: PathLike) -> OpenedRecord:
    """Open a record file from anywhere (the Load screen, a file dropped on the window); raises
    RecordFileError with the reason in the player's words, never anything else."""
    path = Path(path)
    label = _label(path)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise RecordFileError(_("{file} is a folder, not a game record.").format(file=label))
        if not stat.S_ISREG(info.st_mode):
            raise RecordFileError(_("{file} is not a game record (not a regular file).").format(file=label))
        if info.st_size > MAX_RECORD_FILE_BYTES:
            raise RecordFileError(_("{file} is too large to be a game record ({size} MB).").format(
                file=label, size=info.st_size >> 20))
        with path.open("rb") as handle:
            raw = handle.read(MAX_RECORD_FILE_BYTES + 1)
    except RecordFileError:
        raise
    except OSError as exc:
        raise RecordFileError(_("{file} cannot be read: {reason}.").format(file=label, reason=describe_os_error(exc))) from exc
    if len(raw) > MAX_RECORD_FILE_BYTES:
        raise RecordFileError(_("{file} is too large to be a game record ({size} MB).").format(file=label, size=len(raw) >> 20))
    if not raw.strip():
        raise RecordFileError(_("{file} is empty.").format(file=label))
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise RecordFileError(_("{file} is not a game record (not text).").format(file=label)) from exc
    except RecursionError as exc:
        raise RecordFileError(_("{file} is damaged (nested too deeply).").format(file=label)) from exc
    except ValueError as exc:  # JSONDecodeError, or an integer of thousands of digits
        raise RecordFileError(_("{file} is damaged or cut short (not valid JSON).").format(file=label), str(exc)) from exc
    record, state = check_record(data, label)
    return OpenedRecord(record, state, seats_from_meta(record.meta, record.setup.players), label, path)


# ---------------------------------------------------------------------------- exporting


def record_file_name(players: tuple[str, ...], when: datetime) -> str:
    """``ann-bob-cem-20261128-1405`` plus the suffix: readable, safe on every system."""
    folded = unicodedata.normalize("NFKD", "-".join(players)).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")[:48] or "game"
    return f"{slug}-{when.astimezone().strftime('%Y%m%d-%H%M%S')}{RECORD_SUFFIX}"


def record_document(record: GameRecord, seats: list[Seat], final_state: GameState | None = None, *,
                    when: datetime | None = None) -> dict[str, Any]:
    """The record's JSON with notes on the seats, the date and the program (docs/game-record.md)."""
    data = record.to_json(final_state)
    meta = dict(record.meta or {}) if isinstance(record.meta, dict) else {}
    meta.update({
        "seats": [seat.to_dict() for seat in seats],
        "exported_at": (when or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(timespec="seconds"),
        "app_version": version(),
    })
    data["meta"] = meta
    return data


def export_record(record: GameRecord, seats: list[Seat], final_state: GameState | None = None, *,
                  root: PathLike | None = None, when: datetime | None = None) -> Path:
    """Write the record of a game to the records folder under a new name; returns its path.
    Raises RecordFileError in the player's words."""
    when = when or datetime.now(timezone.utc)
    folder = records_dir(root)
    name = record_file_name(tuple(record.setup.players), when)
    path = folder / name
    number = 2
    while path.exists() and number < 1000:
        path = folder / name.replace(RECORD_SUFFIX, f"-{number}{RECORD_SUFFIX}")
        number += 1
    try:
        payload = (json.dumps(record_document(record, seats, final_state, when=when), indent=1) + "\n").encode("utf-8")
        atomic_write_bytes(path, payload)
    except OSError as exc:
        raise RecordFileError(_("The game record could not be written: {reason}.").format(
            reason=describe_os_error(exc, folder))) from exc
    return path


@dataclass(frozen=True)
class RecordInfo:
    """A record file in the records folder, as the records list shows it."""

    path: Path
    label: str
    modified: datetime
    size: int


def list_record_files(root: PathLike | None = None) -> list[RecordInfo]:
    """The record files in the records folder, newest first (not opened: opening checks them)."""
    folder = records_dir(root)
    out = []
    try:
        paths = [p for p in folder.glob("*.json") if not p.name.startswith(".")]
    except OSError:
        return out
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            moment = datetime.fromtimestamp(min(max(info.st_mtime, 0), 2**31), timezone.utc)
            out.append(RecordInfo(path, _label(path), moment, info.st_size))
    out.sort(key=lambda r: r.modified, reverse=True)
    return out


def delete_record_file(path: PathLike) -> None:
    try:
        Path(path).unlink(missing_ok=True)
    except OSError as exc:
        raise RecordFileError(_("cannot delete {file}: {reason}").format(file=_label(Path(path)),
                                                                         reason=describe_os_error(exc))) from exc


__all__ = [
    "OpenedRecord", "RECORD_SUFFIX", "RecordFileError", "RecordInfo", "check_record", "delete_record_file",
    "export_record", "list_record_files", "read_record_file", "record_document", "record_file_name", "records_dir",
    "seats_from_meta",
]
