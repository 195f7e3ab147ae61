"""The game in progress behind Continue, kept under a free name in Load before a new or loaded
game takes its place (the new game and load screens ask first)."""

from __future__ import annotations

from typing import Any

from imperial_desktop.i18n import _
from imperial_desktop.session import saves
from imperial_desktop.session.keep import free_save_name, game_in_progress, keep_game


def keep_base_name(saved: saves.SavedGame) -> str:
    from imperial_desktop.ui.save_dialog import default_name

    return default_name(saved.to_session())


def in_progress_facts(running: saves.SavedGame) -> dict[str, object]:
    """The players, turn and keeping name of the game in progress, for the replace question."""
    base = keep_base_name(running)
    try:
        name = free_save_name(base, running)
    except saves.SaveError:
        name = base
    return {"players": ", ".join(running.state.setup.players), "turn": running.state.turns_taken + 1, "name": name}


def ask_to_replace(screen: Any, running: saves.SavedGame) -> Any:
    """Ask on a menu screen (its ``ask``) before a new game takes the place of the one in progress
    (New game, a rematch); the question's dialog."""
    return screen.ask(
        _('A game is in progress ({players}, turn {turn}). A new game takes its place behind Continue; the game '
          'in progress stays in Load as "{name}". Start the new game?').format(**in_progress_facts(running)),
        title=_("Replace the game in progress?"), ok=_("Start new game"))


def keep_running_game() -> str:
    """Save the unfinished game behind Continue under a free name before another takes its place;
    the reason it could not be kept, or "" (also when there is none to keep)."""
    running = game_in_progress()
    if running is None:
        return ""
    try:
        keep_game(running, keep_base_name(running))
    except (saves.SaveError, OSError) as exc:
        return str(exc)
    return ""


__all__ = ["ask_to_replace", "game_in_progress", "in_progress_facts", "keep_running_game"]
