"""Player settings, persisted as JSON in the user's config folder; and the app's folders.

Where files live (see docs/saves.md): the folders of :mod:`platformdirs` for the app
"imperial-desktop", or everything below ``$IMPERIAL_DESKTOP_HOME`` when that variable is set
(tests and portable installs): ``$IMPERIAL_DESKTOP_HOME/saves`` and
``$IMPERIAL_DESKTOP_HOME/settings.json``.

A missing or damaged settings file gives the defaults; a damaged field gives that field's
default. Loading never raises.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import tempfile
import unicodedata
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable

import platformdirs

from imperial_desktop import i18n
from imperial_desktop.core import RulesOptions
from imperial_desktop.i18n import _

log = logging.getLogger(__name__)

APP_NAME = "imperial-desktop"
HOME_ENV = "IMPERIAL_DESKTOP_HOME"
SETTINGS_FILE = "settings.json"
SETTINGS_FORMAT = "imperial-desktop-settings"
SETTINGS_FORMAT_VERSION = 1
MAX_SETTINGS_BYTES = 1 << 20

# How fast computer turns are shown: seconds per visible step (a rondel move, a unit, a build).
PACES: dict[str, float] = {"instant": 0.0, "fast": 0.25, "normal": 0.5, "slow": 1.0}
DEFAULT_PACE = "normal"
# How long a searching computer thinks per decision, by level: named choices and their seconds.
# None is the level's own default (BUDGET_SECONDS of ai/hard.py and ai/expert.py: 1 s and 0.1 s),
# which needs no think time in the bot's name. The settings keep the choice's name, the saved
# games only the plain level ("expert"), so neither changes when a bot's default changes.
THINK_TIMES: dict[str, dict[str, float | None]] = {
    "hard": {"quick": 0.3, "standard": None, "long": 2.0},
    "expert": {"quick": 0.05, "standard": None, "long": 0.3, "very_long": 1.0},
}
DEFAULT_THINK_TIME = "standard"
MAX_NAME_LENGTH = 24  # a seat name, as the new-game screen allows
SYSTEM_LANGUAGE = "system"  # the language setting that follows the system's language
SEAT_KINDS = ("human", "computer")


# ---------------------------------------------------------------------------- folders and files


def app_home() -> Path | None:
    """The folder named by ``$IMPERIAL_DESKTOP_HOME``, or None when it is not set."""
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    """The user data folder (saved games live in its ``saves`` sub-folder)."""
    home = app_home()
    return home if home is not None else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """The user config folder holding ``settings.json``."""
    home = app_home()
    return home if home is not None else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def atomic_write_bytes(path: Path, payload: bytes, before_replace: Callable[[], None] | None = None) -> None:
    """Write ``payload`` to ``path`` so that readers see the old file or the new one, never a part.

    A temporary file in the same folder is written, flushed and fsynced, then moved over
    ``path`` with :func:`os.replace` (``before_replace`` runs just before, e.g. to rotate the old
    file). On any error the temporary file is removed and the error (usually :class:`OSError`)
    propagates; ``path`` is unchanged.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        if before_replace is not None:
            before_replace()
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable on POSIX (best effort; not possible on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ---------------------------------------------------------------------------- settings


@dataclass
class NewGameChoices:
    """What the player chose on the last new-game screen (offered again next time)."""

    seats: list[dict[str, str]] = field(default_factory=lambda: [
        {"name": _("Player"), "kind": "human", "level": "normal"},
        *({"name": _("Computer {number}").format(number=n), "kind": "computer", "level": "normal"} for n in (1, 2, 3)),
    ])
    bond_distribution: str = "standard"
    investor_card: bool = True
    options: dict[str, Any] = field(default_factory=dict)  # RulesOptions.to_dict(); {} = defaults


@dataclass
class Settings:
    """Everything the player can set outside a game."""

    window_width: int = 1600
    window_height: int = 1000
    fullscreen: bool = False
    pace: str = DEFAULT_PACE  # a key of PACES: how computer turns are shown
    hide_cash_in_hot_seat: bool = True
    language: str = SYSTEM_LANGUAGE  # "system" or a key of i18n.LANGUAGES; give it to i18n.set_language
    # per level of THINK_TIMES, the name of its think-time choice (see think_seconds())
    think_times: dict[str, str] = field(default_factory=lambda: {level: DEFAULT_THINK_TIME for level in THINK_TIMES})
    last_new_game: NewGameChoices = field(default_factory=NewGameChoices)

    def to_dict(self) -> dict[str, Any]:
        return {"format": SETTINGS_FORMAT, "format_version": SETTINGS_FORMAT_VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Settings from JSON data; unknown keys are ignored, bad values give the defaults."""
        if not isinstance(data, dict):
            return cls()
        default = cls()
        return cls(
            window_width=_int_in(data.get("window_width"), 640, 16384, default.window_width),
            window_height=_int_in(data.get("window_height"), 480, 16384, default.window_height),
            fullscreen=_bool(data.get("fullscreen"), default.fullscreen),
            pace=data["pace"] if data.get("pace") in PACES else default.pace,
            hide_cash_in_hot_seat=_bool(data.get("hide_cash_in_hot_seat"), default.hide_cash_in_hot_seat),
            language=_language(data.get("language"), default.language),
            think_times=_think_times(data.get("think_times")),
            last_new_game=_choices(data.get("last_new_game")),
        )

    def think_seconds(self) -> dict[str, float]:
        """The levels whose computers think longer or shorter than their default, with the
        seconds per decision: ``{"expert": 0.5}`` (give it to ``GameSession(think_times=...)``)."""
        seconds = {}
        for level, choices in THINK_TIMES.items():
            value = choices.get(self.think_times.get(level, DEFAULT_THINK_TIME))
            if value is not None:
                seconds[level] = value
        return seconds


def _int_in(value: Any, low: int, high: int, default: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return default
    return value


def _float_in(value: Any, low: float, high: float, default: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    value = float(value)
    return value if low <= value <= high else default  # also rejects NaN


def _bool(value: Any, default: bool) -> bool:
    return value if isinstance(value, bool) else default


def _think_times(value: Any) -> dict[str, str]:
    """A known choice per level; a missing, unknown or damaged one gives "standard"."""
    value = value if isinstance(value, dict) else {}
    return {level: value[level] if isinstance(value.get(level), str) and value[level] in choices else DEFAULT_THINK_TIME
            for level, choices in THINK_TIMES.items()}


def _language(value: Any, default: str) -> str:
    return value if isinstance(value, str) and (value == SYSTEM_LANGUAGE or value in i18n.LANGUAGES) else default


def clean_name(value: Any, default: str) -> str:
    """A seat name fit to show: no lone surrogates or control characters, at most
    :data:`MAX_NAME_LENGTH` characters, surrounding spaces removed; ``default`` if nothing is left."""
    if not isinstance(value, str):
        return default
    kept = "".join(" " if ch.isspace() else ch for ch in value
                   if unicodedata.category(ch) not in ("Cs", "Cc", "Cf", "Co", "Cn") or ch.isspace())
    kept = " ".join(kept.split())[:MAX_NAME_LENGTH].strip()
    return kept or default


def clean_rules_options(data: Any) -> dict[str, Any]:
    """The options of ``data`` that :class:`RulesOptions` accepts (right type, known value);
    anything else is dropped, so the game uses the default for it."""
    if not isinstance(data, dict):
        return {}
    default = RulesOptions().to_dict()
    good: dict[str, Any] = {}
    for f in fields(RulesOptions):
        if f.name not in data or type(data[f.name]) is not type(default[f.name]):
            continue
        try:
            RulesOptions.from_dict({**default, **good, f.name: data[f.name]})
        except (ValueError, TypeError):
            continue
        good[f.name] = data[f.name]
    return good


def _seats(items: Any, default: list[dict[str, str]]) -> list[dict[str, str]]:
    if not isinstance(items, list) or not 2 <= len(items) <= 6 or not all(isinstance(s, dict) for s in items):
        return default
    seats = []
    for number, item in enumerate(items, start=1):
        kind = item.get("kind") if item.get("kind") in SEAT_KINDS else ("human" if number == 1 else "computer")
        level = item.get("level")
        level = level if isinstance(level, str) and 0 < len(level) <= 32 and level.isprintable() else "normal"
        seats.append({"name": clean_name(item.get("name"), _("Player {number}").format(number=number)), "kind": kind, "level": level})
    return seats


def _choices(data: Any) -> NewGameChoices:
    default = NewGameChoices()
    if not isinstance(data, dict):
        return default
    return NewGameChoices(
        seats=_seats(data.get("seats"), default.seats),
        bond_distribution=data.get("bond_distribution") if data.get("bond_distribution") in ("standard", "auction") else default.bond_distribution,
        investor_card=_bool(data.get("investor_card"), default.investor_card),
        options=clean_rules_options(data.get("options")),
    )


def settings_path(root: str | os.PathLike[str] | None = None) -> Path:
    """``settings.json`` in ``root`` (a folder) or in :func:`config_dir`."""
    return Path(root) / SETTINGS_FILE if root is not None else config_dir() / SETTINGS_FILE


def load_settings(root: str | os.PathLike[str] | None = None) -> Settings:
    """The saved settings, or the defaults when the file is missing or damaged (never raises)."""
    path = settings_path(root)
    try:
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            return Settings()
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return Settings()
    if not isinstance(data, dict) or data.get("format", SETTINGS_FORMAT) != SETTINGS_FORMAT:
        return Settings()
    return Settings.from_dict(data)


def save_settings(settings: Settings, root: str | os.PathLike[str] | None = None) -> Path:
    """Write the settings atomically; returns the file's path. Raises OSError if impossible."""
    path = settings_path(root)
    payload = (json.dumps(settings.to_dict(), indent=1, sort_keys=True) + "\n").encode("utf-8")
    atomic_write_bytes(path, payload)
    return path


def describe_os_error(exc: OSError, path: Path | None = None) -> str:
    """A player-readable reason for a failed file operation, naming the place when known."""
    reasons = {
        errno.ENOSPC: _("the disk is full"), errno.EDQUOT: _("the disk quota is used up"),
        errno.EACCES: _("permission denied"), errno.EPERM: _("permission denied"),
        errno.EROFS: _("the disk is read-only"), errno.ENOTDIR: _("a file is in the way of a folder"),
        errno.EEXIST: _("a file is in the way of a folder"),
    }
    # the system's own text (strerror) is in the system's language already
    reason = reasons.get(exc.errno) or exc.strerror or str(exc) or type(exc).__name__
    where = path if path is not None else (Path(exc.filename) if isinstance(exc.filename, str) else None)
    return _("{reason} ({place})").format(reason=reason, place=where) if where is not None else reason


def save_settings_safely(settings: Settings, root: str | os.PathLike[str] | None = None) -> str | None:
    """Write the settings; None if that worked, else a message for the player (never raises).

    Settings that cannot be written never stop a game: the caller shows the message and goes on.
    """
    path = settings_path(root)
    try:
        save_settings(settings, root)
    except OSError as exc:
        log.warning("cannot save the settings to %s: %s", path, exc)
        return _("The settings could not be saved: {reason}.").format(reason=describe_os_error(exc, path))
    except (ValueError, TypeError) as exc:  # e.g. a value JSON cannot hold
        log.warning("cannot save the settings: %s", exc)
        return _("The settings could not be saved: {reason}.").format(reason=exc)
    return None


__all__ = [
    "DEFAULT_PACE", "DEFAULT_THINK_TIME", "HOME_ENV", "MAX_NAME_LENGTH", "PACES", "SYSTEM_LANGUAGE", "THINK_TIMES", "NewGameChoices", "Settings", "atomic_write_bytes",
    "clean_name", "clean_rules_options", "config_dir", "data_dir", "describe_os_error", "load_settings",
    "save_settings", "save_settings_safely", "settings_path",
]
