"""Opening game record files: the records list (from the Load screen) and a file dropped on the
window, on any screen. Both open the record in Look back (the time-travel screen); a damaged or
hostile file is refused with its reason in the player's words."""

from __future__ import annotations

import concurrent.futures
import logging
from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextBox

from imperial_desktop.i18n import N_, _
from imperial_desktop.session import record_files
from imperial_desktop.ui.gui import markup_escape
from imperial_desktop.ui.localized import format_when
from imperial_desktop.ui.menu_base import _LISTER, MenuScene, _fit

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App

log = logging.getLogger(__name__)


def open_record_path(app: App, path: str) -> str:
    """Open a record file in Look back; "" when it opened, else why not (in the player's words)."""
    from imperial_desktop.ui.games_screen import open_review_of

    try:
        opened = record_files.read_record_file(path)
    except record_files.RecordFileError as exc:
        log.warning("record file %s refused: %s (%s)", path, exc, exc.detail)
        return str(exc)
    meta = dict(opened.record.meta or {})
    meta["seats"] = [s.to_dict() for s in opened.seats]
    opened.record.meta = meta
    return open_review_of(app, opened.record, opened.title, back=_back_to_game(app))


def _back_to_game(app: App):
    """Over a game being played (a file dropped on it): back from the record to that game, as
    Continue resumes it; None elsewhere (Look back returns to the screen it was opened from)."""
    travel = getattr(app.scene, "time_travel", None)
    autosaver = getattr(app, "autosaver", None)
    if travel is None or getattr(travel, "review", False) or autosaver is None:
        return None

    def back() -> None:
        autosaver.flush(5.0)  # the game's last action is on disk before Continue reads it
        app.continue_game()
    return back


def tell(app: App, text: str, title: str) -> None:
    """A message the player closes: on the game screen over the board, elsewhere in a small window."""
    scene = app.scene
    if hasattr(scene, "show_message") and hasattr(scene, "layers"):
        scene.show_message(text, 10)
        return
    from pygame_gui.windows import UIMessageWindow

    w, h = app.screen.get_size()
    width, height = min(500, w - 20), min(180, h - 20)
    window = UIMessageWindow(pygame.Rect((w - width) // 2, (h - height) // 2, width, height), markup_escape(text),
                             app.manager, window_title=title)
    windows = getattr(scene, "windows", None)
    if isinstance(windows, list):
        windows.append(window)


def open_dropped_file(app: App, path: str) -> None:
    """A file dropped on the window (pygame's DROPFILE): open it as a game record, or say why not."""
    problem = open_record_path(app, path)
    if problem:
        tell(app, problem, _("Cannot open the file"))


class RecordsScene(MenuScene):
    """The record files in the records folder: open one in Look back, or delete it."""

    title = N_("Game records")
    panel_size = (900, 640)
    # the screen Back returns to (the Load screen sets itself: this module does not import it);
    # a class attribute, so that the screen made again after Look back returns there too
    back_scene: Callable[[App], object] | None = None

    def __init__(self, app: App):
        self.future: concurrent.futures.Future | None = _LISTER.submit(record_files.list_record_files)
        self.records: list[record_files.RecordInfo] | None = None
        self.rows: list[tuple[str, str]] = []
        self.selected_id: str | None = None
        self.info_text = _("Reading the records folder…")
        self._delete_question = None
        self._delete_target: record_files.RecordInfo | None = None
        super().__init__(app)

    def _build(self) -> None:
        pw, ph = self.panel_rect.size
        bh = 44 if ph >= 400 else 28
        info_h = 84 if ph >= 400 else 40
        list_h = max(40, ph - 52 - info_h - bh - 36)
        rect = pygame.Rect(16, 52, pw - 32, list_h)
        self.rows = []
        self.targets: dict[str, record_files.RecordInfo] = {}
        for i, info in enumerate(self.records or []):
            key = f"#record_{i}"
            self.rows.append((_fit(f"{info.label} · {format_when(info.modified.astimezone())}", rect.w - 48), key))
            self.targets[key] = info
        default = next((r for r in self.rows if r[1] == self.selected_id), None)
        self.list = UISelectionList(rect, self.rows, self.manager, container=self.panel, default_selection=default)
        self.info = UITextBox("<br>".join(markup_escape(line) for line in self.info_text.split("\n")) or " ",
                              pygame.Rect(16, 52 + list_h + 8, pw - 32, info_h), self.manager, container=self.panel)
        by = ph - bh - 12
        bw = min(180, (pw - 80) // 3)
        self.open_button = self.button(pygame.Rect(pw - bw - 20, by, bw, bh), _("Look back"),
                                       _("Watch the selected game, action by action (double-click works too)"),
                                       "#primary_button")
        self.delete_button = self.button(pygame.Rect(pw - 2 * bw - 40, by, bw, bh), _("Delete"),
                                         _("Delete the selected record file (asks first)"), "#danger_button")
        self.back_button = self.button(pygame.Rect(20, by, bw, bh), _("Back"), _("Back to the saved games (Esc)"))
        chosen = self.selected() is not None
        for button in (self.open_button, self.delete_button):
            (button.enable if chosen else button.disable)()

    def selected(self) -> record_files.RecordInfo | None:
        chosen = self.list.get_single_selection(include_object_id=True)
        return self.targets.get(chosen[1]) if isinstance(chosen, tuple) else None

    def capture(self) -> None:
        chosen = self.list.get_single_selection(include_object_id=True)
        self.selected_id = chosen[1] if isinstance(chosen, tuple) else None

    def show_info(self, text: str) -> None:
        self.info_text = text
        self.info.set_text("<br>".join(markup_escape(line) for line in text.split("\n")) or " ")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.future is not None and self.future.done():
            self.records, self.future = self.future.result(), None
            folder = record_files.records_dir()
            self.info_text = (_("Records exported from the games played and the game menu are kept in {folder}. A record "
                                "file from anywhere opens when you drop it on the window.").format(folder=folder)
                              if self.records else
                              _("No game records yet. Export one from the game menu or the Games played screen; it is "
                                "kept in {folder}. A record file from anywhere opens when you drop it on the "
                                "window.").format(folder=folder))
            self.relayout()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.capture()
            self.relayout()
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.open_selected()
            return
        super().handle_event(event)

    def open_selected(self) -> None:
        info = self.selected()
        if info is None:
            return
        problem = open_record_path(self.app, str(info.path))
        if problem:
            self.show_info(problem)

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.open_button:
            self.open_selected()
        elif element is self.delete_button:
            info = self.selected()
            if info is None:
                return
            self._delete_target = info
            self._delete_question = self.ask(_("Delete the record file {file}? This cannot be undone.").format(
                file=info.label), title=_("Delete the record?"), ok=_("Delete"), danger=True)

    def on_confirmed(self, dialog: object) -> None:
        if dialog is self._delete_question and self._delete_target is not None:
            info, self._delete_target = self._delete_target, None
            try:
                record_files.delete_record_file(info.path)
            except record_files.RecordFileError as exc:
                self.show_info(str(exc))
                return
            self.selected_id = None
            self.records = None
            self.future = _LISTER.submit(record_files.list_record_files)
            self.relayout()

    def back(self) -> None:
        back = type(self).back_scene
        if back is None:
            self.app.show_title()
        else:
            self.app.switch(back(self.app))


__all__ = ["RecordsScene", "open_dropped_file", "open_record_path", "tell"]
