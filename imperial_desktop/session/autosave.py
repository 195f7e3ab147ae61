"""The autosave: written after every action, undo and redo, and read back by "Continue".

``autosave.json`` is written atomically and the one before it is kept as ``autosave.prev.json``,
so a crash during a write never loses the game.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from imperial_desktop.core import Action, Event
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.saves import (
    AUTOSAVE, AUTOSAVE_PREV, PathLike, SavedGame, SaveError, read_save, save_document, saves_dir,
)
from imperial_desktop.session.settings import atomic_write_bytes


def autosave(session: GameSession, root: PathLike | None = None) -> Path:
    """Write ``autosave.json``, keeping the previous one as ``autosave.prev.json``.

    The new file is fully written and fsynced before anything is renamed, so a crash leaves
    either the old autosave or the new one (and ``autosave.prev.json``) readable.
    """
    folder = saves_dir(root)
    current, previous = folder / AUTOSAVE, folder / AUTOSAVE_PREV
    payload = (json.dumps(save_document(session, "Autosave"), indent=1) + "\n").encode("utf-8")

    def rotate() -> None:
        if current.exists():
            os.replace(current, previous)

    try:
        atomic_write_bytes(current, payload, before_replace=rotate)
    except OSError as exc:
        raise SaveError(f"cannot write the autosave: {exc.strerror or exc}", current) from exc
    return current


def has_autosave(root: PathLike | None = None) -> bool:
    """Whether "Continue" has something to offer."""
    folder = saves_dir(root)
    return (folder / AUTOSAVE).is_file() or (folder / AUTOSAVE_PREV).is_file()


def load_autosave(root: PathLike | None = None) -> SavedGame:
    """The autosave for "Continue"; falls back to the previous one (with a note) if it is damaged."""
    folder = saves_dir(root)
    try:
        return read_save(folder / AUTOSAVE)
    except SaveError as first:
        try:
            saved = read_save(folder / AUTOSAVE_PREV)
        except SaveError:
            if not has_autosave(root):
                raise SaveError("there is no game to continue", folder / AUTOSAVE) from None
            raise first from None
        saved.notes.insert(0, f"The last autosave could not be read ({first}); "
                              "continuing from the one before it (the last action is lost).")
        return saved


def continue_game(root: PathLike | None = None) -> tuple[GameSession, list[str]]:
    """The session for "Continue" and notes for the player (empty when all was well)."""
    saved = load_autosave(root)
    return saved.to_session(), list(saved.notes)


class AutoSaver:
    """Autosaves a session after every applied action, undo and redo.

    Write errors do not interrupt the game: the message is kept in :attr:`last_error` (and
    cleared by the next successful write) for the window to show.
    """

    def __init__(self, session: GameSession, root: PathLike | None = None, *, save_now: bool = True):
        self.session = session
        self.root = root
        self.last_error: str | None = None
        self.saved_version: int | None = None
        session.listeners.append(self._on_action)
        session.on_change.append(self._on_change)
        if save_now:
            self.save()

    def save(self) -> bool:
        """Write the autosave now; returns whether it worked."""
        try:
            autosave(self.session, self.root)
        except SaveError as exc:
            self.last_error = str(exc)
            return False
        self.last_error = None
        self.saved_version = self.session.version
        return True

    def _on_action(self, action: Action, events: list[Event]) -> None:
        self._save_if_changed()

    def _on_change(self, kind: str) -> None:
        self._save_if_changed()

    def _save_if_changed(self) -> None:
        if self.saved_version != self.session.version:
            self.save()

    def detach(self) -> None:
        """Stop autosaving this session."""
        if self._on_action in self.session.listeners:
            self.session.listeners.remove(self._on_action)
        if self._on_change in self.session.on_change:
            self.session.on_change.remove(self._on_change)


