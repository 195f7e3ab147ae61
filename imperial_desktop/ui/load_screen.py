"""The load screen: saved games with name, turn, date and players, unreadable files marked; load
or delete (the folder is read on a background thread)."""

from __future__ import annotations

import concurrent.futures
import logging
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextBox

from imperial_desktop.i18n import N_, _, ngettext
from imperial_desktop.session import saves
from imperial_desktop.session.controller import GameSession
from imperial_desktop.ui.gui import TIP_WIDTH, markup_escape, plain_text
from imperial_desktop.ui.level_names import level_name
from imperial_desktop.ui.localized import format_number, format_when
from imperial_desktop.ui.menu_base import _LISTER, MenuScene, _fit, _font
from imperial_desktop.ui.running_game import (
    game_in_progress,
    in_progress_facts,
    keep_running_game,
)

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App


def _lines(text: str) -> str:
    """Plain text with line breaks as safe markup for a UITextBox."""
    return "<br>".join(markup_escape(line) for line in text.split("\n")) or " "


def _when(info: saves.SaveInfo) -> str:
    """When a game was saved, in the form of the language in use."""
    try:
        moment = info.saved_at.astimezone()
    except (OverflowError, ValueError, OSError):
        return _("unknown date")
    return format_when(moment)


def _listing() -> saves.SaveListing:
    """The saves folder, read on the lister thread; a failure becomes one problem line."""
    try:
        listing = saves.list_saves()
        for problem in listing.problems:  # the player sees "damaged"; the reason is for whoever reads the log
            logging.getLogger(__name__).warning("cannot load %s: %s", problem.path, problem.message)
        return listing
    except Exception as exc:  # noqa: BLE001 - a broken folder must not take the screen down
        listing = saves.SaveListing()
        listing.problems.append(saves.SaveProblem(
            saves.saves_dir(), _("the saves folder cannot be read ({reason})").format(reason=f"{type(exc).__name__}: {exc}")))
        return listing


class LoadScene(MenuScene):
    """Saved games with name, turn, date and players; unreadable files marked; load or delete.

    The folder is read on a background thread ("Reading saved games…" meanwhile)."""

    title = N_("Load a game")
    panel_size = (900, 640)

    def __init__(self, app: App):
        self.future: concurrent.futures.Future | None = _LISTER.submit(_listing)
        self.listing: saves.SaveListing | None = None
        self.rows: list[tuple[str, str]] = []  # (text, object id) per list row
        self.targets: dict[str, saves.SaveInfo | saves.SaveProblem] = {}
        self.selected_id: str | None = None
        self.info_text = _("Reading saved games…")
        self._delete_question = None
        self._delete_target: saves.SaveInfo | saves.SaveProblem | None = None
        self._replace_question = None
        self._pending_load: GameSession | None = None  # loaded, waiting for "replace the game in progress?"
        super().__init__(app)

    def _build(self) -> None:
        pw, ph = self.panel_rect.size
        bh = 44 if ph >= 400 else 28
        info_h = 84 if ph >= 400 else 40
        list_h = max(40, ph - 52 - info_h - bh - 36)
        self.list_rect = pygame.Rect(16, 52, pw - 32, list_h)
        self.rows = self._rows(self.list_rect.w - 48)
        self.list = UISelectionList(self.list_rect, self.rows, self.manager, container=self.panel,
                                    default_selection=self._row(self.selected_id))
        self.info = UITextBox(_lines(self.info_text),
                              pygame.Rect(16, 52 + list_h + 8, pw - 32, info_h), self.manager, container=self.panel)
        by = ph - bh - 12
        bw = min(180, (pw - 80) // 3)
        self.load_button = self.button(pygame.Rect(pw - bw - 20, by, bw, bh), _("Load"),
                                       _("Open the selected game (double-click works too)"), "#primary_button")
        self.delete_button = self.button(pygame.Rect(pw - 2 * bw - 40, by, bw, bh), _("Delete"),
                                         _("Delete the selected save (asks first)"), "#danger_button")
        self.back_button = self.button(pygame.Rect(20, by, bw, bh), _("Back"), _("Back to the title screen (Esc)"))
        self.records_button = self.button(pygame.Rect(40 + bw, by, bw, bh), _("Game records..."),
                                          _("Open a shared game record and watch it; a record file also opens when "
                                            "you drop it on the window"))
        self._update_buttons()

    def _row(self, object_id: str | None):
        for row in self.rows:
            if row[1] == object_id:
                return row
        return None

    def _rows(self, width: int) -> list[tuple[str, str]]:
        """One row per save (name, turn, date, then as many players as fit) and per unreadable file."""
        if self.listing is None:
            return []
        rows = []
        self.targets = {}
        for i, info in enumerate(self.listing.saves):
            name = _("Autosave (Continue)") if info.autosave else (plain_text(info.name) or _("(no name)"))
            status = _("game over") if info.game_over else _("turn {turn}").format(turn=format_number(info.nation_turns + 1))
            # what the name says already (a default name has the players and the turn) is not said twice
            facts = " · " + " · ".join(([] if status in name else [status]) + [_when(info)])
            players = [plain_text(p) for p in info.players]
            if all(p in name for p in players):
                rows.append((_fit(name, max(40, width - _font(13).size(facts)[0])) + facts, f"#save_{i}"))
            else:
                head = _fit(name, width // 2) + facts + " · "
                rows.append((head + _fit(", ".join(players), max(20, width - _font(13).size(head)[0])), f"#save_{i}"))
            self.targets[f"#save_{i}"] = info
        for i, problem in enumerate(self.listing.problems):
            text = _("{file} · damaged, cannot be loaded").format(file=plain_text(problem.path.name))
            if problem.path.suffix != ".json":  # the folder itself: its reason is the message
                text = plain_text(problem.message)
            rows.append((_fit(text, width), f"#problem_{i}"))
            self.targets[f"#problem_{i}"] = problem
        return rows

    def capture(self) -> None:
        self.selected_id = self._current_id()

    def _current_id(self) -> str | None:
        chosen = self.list.get_single_selection(include_object_id=True)
        if chosen is None:
            return None
        return chosen[1] if isinstance(chosen, tuple) else None

    def selected(self) -> saves.SaveInfo | saves.SaveProblem | None:
        key = self._current_id()
        return self.targets.get(key) if key else None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.future is not None and self.future.done():
            self.listing = self.future.result()
            self.future = None
            self.info_text = "" if (self.listing.saves or self.listing.problems) else _("No saved games yet.")
            if self.listing.problems:
                count = len(self.listing.problems)
                self.info_text = ngettext("{count} file in the saves folder cannot be read; it is marked in the list.",
                                          "{count} files in the saves folder cannot be read; they are marked in the list.",
                                          count).format(count=count)
            self.relayout()

    def _update_buttons(self) -> None:
        target = self.selected()
        (self.load_button.enable if isinstance(target, saves.SaveInfo) else self.load_button.disable)()
        (self.delete_button.enable if target is not None else self.delete_button.disable)()

    def _describe(self, target: saves.SaveInfo | saves.SaveProblem) -> str:
        if isinstance(target, saves.SaveProblem):
            return _("This save ({file}) is damaged and cannot be loaded. You can delete it.").format(
                file=target.path.name) + "\n" + _("Point here for the technical detail (it is in the log file too).")
        seats = ", ".join(
            _("{name} (computer, {level})").format(name=s.name, level=level_name(s.level))
            if s.computer_level is not None else _("{name} (human)").format(name=s.name) for s in target.seats)
        status = (_("The game is over.") if target.game_over else
                  _("Turn {turn}: {status}.").format(turn=target.nation_turns + 1, status=target.status))
        notes = " ".join(target.notes)
        head = _("{name} · saved {when}").format(name=target.name, when=_when(target))
        return f"{head}\n{seats}\n{status} {notes}".strip()

    def show_info(self, text: str, detail: str | None = None) -> None:
        """The text under the list; ``detail`` (a damaged file's reason) as its tooltip."""
        self.info_text = text
        self.info.set_text(_lines(text))
        self.info.set_tooltip(markup_escape(detail) if detail else None, wrap_width=TIP_WIDTH)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            target = self.selected()
            if target is not None:
                self.show_info(self._describe(target), target.message if isinstance(target, saves.SaveProblem) else None)
            self._update_buttons()
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.load_selected()
            return
        super().handle_event(event)

    def load_selected(self) -> None:
        entry = self.selected()
        if not isinstance(entry, saves.SaveInfo):
            self.show_info(_("Choose a readable game in the list first."))
            return
        try:
            session = saves.load_game(entry.path)
        except saves.SaveError as exc:
            self.show_info(_("This save cannot be opened: {reason}").format(reason=exc))
            return
        running = None if entry.autosave else game_in_progress()
        if running is None or running.state.digest() == session.state.digest():
            self.app.start_game(session)
            return
        # the loaded game replaces the one behind Continue: ask, and keep that one (a crash hunt lost
        # a 65-turn game that way)
        self._pending_load = session
        self._replace_question = self.ask(
            _('A game is in progress ({players}, turn {turn}). The loaded game takes its place behind Continue; the '
              'game in progress stays in Load as "{name}". Load this game?').format(**in_progress_facts(running)),
            title=_("Replace the game in progress?"), ok=_("Load game"))

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.records_button:
            from imperial_desktop.ui.records_screen import RecordsScene

            RecordsScene.back_scene = LoadScene
            self.app.switch(RecordsScene(self.app))
        elif element is self.load_button:
            self.load_selected()
        elif element is self.delete_button:
            target = self.selected()
            if target is None:
                return
            self._delete_target = target
            if isinstance(target, saves.SaveInfo) and target.autosave:
                question = _("Delete the autosave, the game behind Continue? This cannot be undone.")
            elif isinstance(target, saves.SaveInfo):
                question = _('Delete the save "{name}" ({when})? This cannot be undone.').format(name=target.name, when=_when(target))
            else:
                question = _("Delete the unreadable file {file}? This cannot be undone.").format(file=target.path.name)
            self._delete_question = self.ask(question, title=_("Delete the save?"), ok=_("Delete"), danger=True)

    def on_confirmed(self, dialog: object) -> None:
        if dialog is self._replace_question and self._pending_load is not None:
            session, self._pending_load = self._pending_load, None
            problem = keep_running_game()
            if problem:
                self.show_info(_("The game in progress could not be kept, so nothing was loaded: {reason}").format(
                    reason=problem))
                return
            self.app.start_game(session)
            return
        if dialog is self._delete_question and self._delete_target is not None:
            target, self._delete_target = self._delete_target, None
            try:
                saves.delete_save(target.path)
            except saves.SaveError as exc:
                self.show_info(_("Not deleted: {reason}").format(reason=exc))
                return
            self.selected_id = None
            self.listing = None
            self.info_text = _("Reading saved games…")
            self.future = _LISTER.submit(_listing)
            self.relayout()


__all__ = ["LoadScene"]
