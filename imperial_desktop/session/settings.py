"""Player settings, persisted as JSON in the user's config folder; and the app's folders.

Where files live (see docs/saves.md): the folders of :mod:`platformdirs` for the app
"imperial-desktop", or everything below ``$IMPERIAL_DESKTOP_HOME`` when that variable is set
(tests and portable installs): ``$IMPERIAL_DESKTOP_HOME/saves`` and
``$IMPERIAL_DESKTOP_HOME/settings.json``.

A missing or damaged settings file gives the defaults; a damaged field gives that field's
default. Loading never raises. A file that cannot be used is copied beside itself first
(``settings.json.damaged``), and :attr:`Settings.load_problem` says so for the title screen.
"""

from __future__ import annotations

import errno
import filecmp
import json
import logging
import os
import shutil
import tempfile
import unicodedata
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable

import platformdirs

from imperial_desktop import i18n
from imperial_desktop.core import RulesOptions
from imperial_desktop.i18n import _
from imperial_desktop.session.seats import COMPUTER, HUMAN, KINDS, known_kind

log = logging.getLogger(__name__)

APP_NAME = "imperial-desktop"
HOME_ENV = "IMPERIAL_DESKTOP_HOME"
SETTINGS_FILE = "settings.json"
SETTINGS_FORMAT = "imperial-desktop-settings"
SETTINGS_FORMAT_VERSION = 1
MAX_SETTINGS_BYTES = 1 << 20
DAMAGED_SUFFIX = ".damaged"  # settings.json.damaged, then settings.json.damaged-2, ...
MAX_DAMAGED_COPIES = 20

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
DEFAULT_VOLUME = 70  # of 100
MAX_NAME_LENGTH = 24  # a seat name, as the new-game screen allows
SYSTEM_LANGUAGE = "system"  # the language setting that follows the system's language
# The nations' colours: the board game's, or colours that stay apart for colour-blind players
# (the names of ui.board_look.PALETTES; a board without the second set keeps its standard colours)
COLOUR_PALETTES = ("standard", "colour_blind")
DEFAULT_PALETTE = "standard"
# Text size in percent: the whole interface is drawn larger by this factor (ui.app.logical_size)
TEXT_SIZES = (100, 125, 150)
DEFAULT_TEXT_SIZE = 100
SEAT_KINDS = KINDS  # the settings file writes a seat's kind as the saves do


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
        {"name": _("Player"), "kind": HUMAN, "level": "normal"},
        *({"name": _("Computer {number}").format(number=n), "kind": COMPUTER, "level": "normal"} for n in (1, 2, 3)),
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
    # a person's turn waits for "Confirm turn" before the next seat plays (and can be taken back until then)
    confirm_turns: bool = True
    language: str = SYSTEM_LANGUAGE  # "system" or a key of i18n.LANGUAGES; give it to i18n.set_language
    colours: str = DEFAULT_PALETTE  # one of COLOUR_PALETTES; give it to ui.board_look.use_palette
    # per level of THINK_TIMES, the name of its think-time choice (see think_seconds())
    think_times: dict[str, str] = field(default_factory=lambda: {level: DEFAULT_THINK_TIME for level in THINK_TIMES})
    volume: int = DEFAULT_VOLUME  # of the sound effects and the music, 0-100
    mute: bool = False  # no sound at all (M in a game)
    music: bool = False  # the music loop plays (while the sound is on)
    text_size: int = DEFAULT_TEXT_SIZE  # one of TEXT_SIZES (percent)
    last_new_game: NewGameChoices = field(default_factory=NewGameChoices)

    def __post_init__(self) -> None:
        # not a field: never written, not compared; set by load_settings, shown once by the title screen
        self.load_problem: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"format": SETTINGS_FORMAT, "format_version": SETTINGS_FORMAT_VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Settings from JSON data; unknown keys are ignored, a bad value gives its field's default."""
        if not isinstance(data, dict):
            return cls()
        default = cls()
        return cls(**{f.name: _read_field(f.name, data.get(f.name), getattr(default, f.name)) for f in fields(cls)})

    def think_seconds(self) -> dict[str, float]:
        """The levels whose computers think longer or shorter than their default, with the
        seconds per decision: ``{"expert": 0.5}`` (give it to ``GameSession(think_times=...)``)."""
        seconds = {}
        for level, choices in THINK_TIMES.items():
            value = choices.get(self.think_times.get(level, DEFAULT_THINK_TIME))
            if value is not None:
                seconds[level] = value
        return seconds


def _read_field(name: str, value: Any, default: Any) -> Any:
    """One field of the settings file checked by its reader; its default when it is damaged."""
    try:
        return _FIELD_READERS[name](value, default)
    except Exception:  # noqa: BLE001 - one odd value must cost neither the game's start nor the other settings
        log.warning("the setting %r has an unusable value; its default is used", name, exc_info=True)
        return default


def _pace(value: Any, default: str) -> str:
    return value if isinstance(value, str) and value in PACES else default


def _int_in(value: Any, low: int, high: int, default: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return default
    return value


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
        kind = known_kind(item.get("kind"), HUMAN if number == 1 else COMPUTER)
        level = item.get("level")
        level = level if isinstance(level, str) and 0 < len(level) <= 32 and level.isprintable() else "normal"
        seats.append({"name": clean_name(item.get("name"), _("Player {number}").format(number=number)), "kind": kind, "level": level})
    return seats


def _choices(data: Any) -> NewGameChoices:
    default = NewGameChoices()
    if not isinstance(data, dict):
        return default
    bonds = data.get("bond_distribution")
    return NewGameChoices(
        seats=_seats(data.get("seats"), default.seats),
        bond_distribution=bonds if isinstance(bonds, str) and bonds in ("standard", "auction") else default.bond_distribution,
        investor_card=_bool(data.get("investor_card"), default.investor_card),
        options=clean_rules_options(data.get("options")),
    )


# per field of Settings: (the file's value, the field's default) -> the value to use
_FIELD_READERS: dict[str, Callable[[Any, Any], Any]] = {
    "window_width": lambda value, default: _int_in(value, 640, 16384, default),
    "window_height": lambda value, default: _int_in(value, 480, 16384, default),
    "fullscreen": _bool,
    "pace": _pace,
    "hide_cash_in_hot_seat": _bool,
    "confirm_turns": _bool,
    "language": _language,
    "colours": lambda value, default: value if isinstance(value, str) and value in COLOUR_PALETTES else default,
    "think_times": lambda value, default: _think_times(value),
    "volume": lambda value, default: _int_in(value, 0, 100, default),
    "mute": _bool,
    "music": _bool,
    "text_size": lambda value, default: value if type(value) is int and value in TEXT_SIZES else default,
    "last_new_game": lambda value, default: _choices(value),
}


def settings_path(root: str | os.PathLike[str] | None = None) -> Path:
    """``settings.json`` in ``root`` (a folder) or in :func:`config_dir`."""
    return Path(root) / SETTINGS_FILE if root is not None else config_dir() / SETTINGS_FILE


def load_settings(root: str | os.PathLike[str] | None = None) -> Settings:
    """The saved settings, or the defaults when the file is missing or damaged (never raises).

    A file that is there but cannot be used is copied beside itself before anything can write
    over it; the returned settings' ``load_problem`` then tells the player (once, on the title screen).
    """
    path = settings_path(root)
    try:
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            return _damaged(path, "too large")
        raw = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return Settings()  # nothing there: nothing to lose
    except OSError as exc:
        log.warning("cannot read the settings in %s: %s", path, exc)
        return _with_problem(_("The settings file could not be read ({reason}), so the defaults are used.")
                             .format(reason=describe_os_error(exc, path)))
    if not raw.strip():
        log.warning("the settings file %s is empty; the defaults are used", path)
        return Settings()
    data = _settings_document(raw)
    return Settings.from_dict(data) if data is not None else _damaged(path, "not JSON, or not a settings file")


def _settings_document(raw: bytes) -> dict[str, Any] | None:
    """The settings file's JSON object, or None when the bytes are not one."""
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # Notepad starts UTF-8 files with a byte order mark
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return None
    if not isinstance(data, dict) or data.get("format", SETTINGS_FORMAT) != SETTINGS_FORMAT:
        return None
    return data


def _with_problem(problem: str) -> Settings:
    settings = Settings()
    settings.load_problem = problem
    return settings


def _damaged(path: Path, why: str) -> Settings:
    """The defaults, with a copy of the unusable file kept and a word for the player."""
    log.warning("the settings in %s cannot be used (%s); the defaults are used", path, why)
    try:
        kept = _keep_copy(path)
    except OSError as exc:
        log.warning("no copy of the damaged settings file could be kept: %s", exc)
        kept = None
    if kept is None:
        return _with_problem(_("The settings file is damaged, so the defaults are used; no copy of it could be kept."))
    log.warning("the damaged settings file is kept as %s", kept)
    return _with_problem(_("The settings file is damaged, so the defaults are used. The old file is kept as {path}.")
                         .format(path=kept))


def _keep_copy(path: Path) -> Path | None:
    """A copy of ``path`` beside it under a free name, or an earlier copy holding the same bytes
    (the file is read at every start); None when all the names are taken. Raises OSError."""
    for number in range(1, MAX_DAMAGED_COPIES + 1):
        copy = path.with_name(path.name + (DAMAGED_SUFFIX if number == 1 else f"{DAMAGED_SUFFIX}-{number}"))
        if copy.exists() or copy.is_symlink():
            if _same_file_contents(path, copy):
                return copy
            continue
        try:
            _copy_to_new_file(path, copy)
        except FileExistsError:  # another instance of the game took the name just now
            continue
        return copy
    return None


def _same_file_contents(first: Path, second: Path) -> bool:
    """Whether two regular files (no links) hold the same bytes; False when one cannot be read."""
    try:
        return not second.is_symlink() and filecmp.cmp(first, second, shallow=False)
    except OSError:
        return False


def _copy_to_new_file(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target``, which must not exist yet; no partial copy is left behind."""
    with source.open("rb") as reading:
        writing = target.open("xb")
        try:
            with writing:
                shutil.copyfileobj(reading, writing)
                writing.flush()
                os.fsync(writing.fileno())
        except BaseException:
            target.unlink(missing_ok=True)
            raise


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
