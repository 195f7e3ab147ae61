"""The log file and crash reports: the last line of defence.

- :func:`setup_logging` once at start: standard :mod:`logging` to a rotating file
  ``imperial-desktop.log`` in :func:`log_dir` (platformdirs' user log folder, or
  ``$IMPERIAL_DESKTOP_HOME/logs``); if that folder cannot be written, to stderr only.
- :func:`write_crash_report` from the error screen: logs the traceback and writes the game
  record next to the log (``crash-<time>.json``, a game record that ``imperial-desktop replay``
  reads; the error and the program's version are in its ``meta``), returning where it went.
  The log names the version at every start and in every crash.

Neither ever raises: a broken disk must not turn a crash into a second crash.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import sys
import traceback
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import platformdirs

from imperial_desktop.core.record import RECORD_FORMAT, RECORD_FORMAT_VERSION
from imperial_desktop.session.settings import APP_NAME, app_home
from imperial_desktop.version import version

LOG_FILE = "imperial-desktop.log"
LOG_BYTES = 1 << 20  # per file; with the backups at most about 4 MB of logs
LOG_BACKUPS = 3
MAX_CRASH_RECORDS = 10  # older crash-*.json files are removed
FORMAT = "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"

log = logging.getLogger("imperial_desktop")

_file_handler: logging.Handler | None = None


def log_dir() -> Path:
    """The folder of the log file and crash records (it may not exist yet)."""
    home = app_home()
    return home / "logs" if home is not None else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def log_file() -> Path | None:
    """The log file in use, or None when logging goes to stderr only."""
    return Path(_file_handler.baseFilename) if isinstance(_file_handler, logging.FileHandler) else None


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log the app's messages to a rotating file in :func:`log_dir` (and warnings to stderr).

    Returns the log file, or None if the folder cannot be written (then stderr only). Calling
    it again replaces the handlers it added before (e.g. after ``$IMPERIAL_DESKTOP_HOME``
    changed), so it is safe to call more than once.
    """
    global _file_handler
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_imperial_desktop", False):
            root.removeHandler(handler)
            handler.close()
    _file_handler = None
    stderr = logging.StreamHandler(sys.stderr)
    stderr.setLevel(logging.WARNING)
    stderr.setFormatter(logging.Formatter("imperial-desktop: %(levelname)s: %(message)s"))
    stderr._imperial_desktop = True  # type: ignore[attr-defined]
    root.addHandler(stderr)
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(folder / LOG_FILE, maxBytes=LOG_BYTES,
                                                       backupCount=LOG_BACKUPS, encoding="utf-8")
    except OSError as exc:
        log.warning("cannot write a log file in %s (%s); logging to stderr only",
                    _safe_dir(), exc.strerror or exc)
    else:
        handler.setFormatter(logging.Formatter(FORMAT))
        handler._imperial_desktop = True  # type: ignore[attr-defined]
        root.addHandler(handler)
        _file_handler = handler
    if root.level == logging.NOTSET or root.level > level:
        root.setLevel(level)
    if _file_handler is not None:
        log.info("Imperial Desktop %s", version())  # each run in the log starts with the version that wrote it
    return log_file()


def _safe_dir() -> str:
    try:
        return str(log_dir())
    except Exception:  # noqa: BLE001 - only for a message
        return "the log folder"


def write_crash_report(exc: BaseException, session: Any | None = None) -> Path | None:
    """Log ``exc`` with its traceback and save the game of ``session`` next to the log.

    ``session`` is a :class:`~imperial_desktop.session.controller.GameSession` (or None when
    no game was open). Writes ``crash-<UTC time>.json`` holding the game record
    (``session.record.to_json(session.state)``) in :func:`log_dir`; returns that file, or the
    log file if no game was open or the record could not be written, or None when there is
    neither. Never raises.
    """
    try:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        log.critical("unexpected error in Imperial Desktop %s: %s: %s\n%s", version(), type(exc).__name__, exc, text.rstrip())
    except Exception:  # noqa: BLE001
        pass
    record_path: Path | None = None
    if session is not None:
        try:
            record_path = _write_record(session, exc)
            log.critical("the game record was written to %s", record_path)
        except Exception as write_error:  # noqa: BLE001 - a crash report must not crash
            try:
                log.error("cannot write the game record next to the log: %s", write_error)
            except Exception:  # noqa: BLE001
                pass
    _flush_handlers()
    return record_path or log_file()


def _record_json(session: Any) -> dict[str, Any]:
    """The game record as JSON; without the final digest if the state itself is broken."""
    record = session.record
    try:
        data = record.to_json(session.state)
    except Exception:  # noqa: BLE001 - the crash may have left the state unusable
        data = {"format": RECORD_FORMAT, "format_version": RECORD_FORMAT_VERSION, "setup": record.setup.to_dict(),
                "actions": [a.to_json() for a in record.actions], "digest": None, "meta": {}}
    return data


def _write_record(session: Any, exc: BaseException) -> Path:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-%f")
    folder = log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    data = _record_json(session)
    meta = dict(data.get("meta") or {})
    meta["crash"] = f"{type(exc).__name__}: {exc}"[:500]
    meta["app_version"] = version()
    meta["seats"] = [seat.to_dict() for seat in getattr(session, "seats", [])]
    data["meta"] = meta
    path = folder / f"crash-{stamp}.json"
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    for old in sorted(folder.glob("crash-*.json"))[:-MAX_CRASH_RECORDS]:
        old.unlink(missing_ok=True)
    return path


def _flush_handlers() -> None:
    for handler in logging.getLogger().handlers:
        try:
            handler.flush()
        except Exception:  # noqa: BLE001
            pass


__all__ = ["LOG_FILE", "log_dir", "log_file", "setup_logging", "write_crash_report"]
