"""Keeping the game behind Continue before another game takes its place (New game, Load).

Continue resumes the autosave; starting or loading another game replaces it. The game in
progress is first saved under a name of its own, one that no other game's save uses, so that
nothing is lost and no save is silently replaced (a name from the players and the turn alone
would take the file of another game of the same players at the same turn).
"""

from __future__ import annotations

from imperial_desktop.session.autosave import has_autosave, load_autosave
from imperial_desktop.session.saves import (
    MAX_SAVE_NAME, PathLike, SavedGame, SaveError, file_name_for, read_save, save_game, saves_dir,
)

MAX_VARIANTS = 99  # "name (2)" ... "name (99)"


def game_in_progress(root: PathLike | None = None) -> SavedGame | None:
    """The unfinished game Continue would resume (None when there is none or it cannot be read).

    Read as Continue reads it: an interrupted write recovered, or the autosave before a damaged
    one, counts (a crash hunt lost such a game to New game, which read ``autosave.json`` only).
    """
    if not has_autosave(root):
        return None
    try:
        saved = load_autosave(root)
    except SaveError:
        return None
    return None if saved.state.is_terminal() else saved


def free_save_name(base: str, saved: SavedGame, root: PathLike | None = None) -> str:
    """``base``, or ``base (2)``, ``base (3)``... : the first name whose file is free or already holds
    this very position (keeping the same game twice writes one file)."""
    for number in range(1, MAX_VARIANTS + 1):
        suffix = f" ({number})" if number > 1 else ""
        name = base[: MAX_SAVE_NAME - len(suffix)].rstrip() + suffix
        path = saves_dir(root) / file_name_for(name)
        if not path.exists():
            return name
        try:
            if read_save(path).state.digest() == saved.state.digest():
                return name
        except SaveError:
            continue  # an unreadable file is not replaced either
    raise SaveError(f"no free save name for {base!r}")


def keep_game(saved: SavedGame, base: str, root: PathLike | None = None) -> str:
    """Save the game in progress under a free name made from ``base``; returns the name used.
    Raises SaveError (the caller then starts nothing)."""
    name = free_save_name(base, saved, root)
    save_game(saved.to_session(), name, root)
    return name


__all__ = ["free_save_name", "game_in_progress", "keep_game"]
