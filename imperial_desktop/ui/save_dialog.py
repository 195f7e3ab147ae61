"""The "Save the game" window: a name (prefilled), Save and Cancel, and "replace?" for a name in use.

Interface for the game screen::

    dialog = SaveDialog(manager, screen.get_size(), session, on_done=lambda name: ...,
                        on_cancel=lambda: ...)        # saves_root=None: the user's saves folder
    ...
    dialog.handle_event(event)   # every event of the frame (also those pygame-gui consumed)
    dialog.alive                 # False once saved or cancelled
    dialog.close()               # e.g. when the screen changes

``on_done(name)`` runs after the save was written (``dialog.saved_path`` is its file);
``on_cancel()`` when the player cancels (Cancel, the title-bar X or Esc). A name already used
by a save asks "replace?" first; a file that cannot be written shows the reason in the window
and keeps it open, so nothing is lost.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UIWindow

from imperial_desktop.session import saves
from imperial_desktop.session.controller import GameSession
from imperial_desktop.i18n import _, ngettext
from imperial_desktop.ui.gui import ask, plain_text

SIZE = (560, 210)
log = logging.getLogger(__name__)


def default_name(session: GameSession) -> str:
    """A name that says which game it is: the players and the turn (Load lists the date beside it;
    in the name as well it was said twice and cut)."""
    state = session.state
    players = ", ".join(plain_text(p) for p in state.setup.players)
    tail = " - " + _("turn {turn}").format(turn=state.turns_taken + 1)
    if len(players + tail) > saves.MAX_SAVE_NAME:  # six players: the people, and the computers counted
        players = _people_and_computers(session)
    name = players + tail
    if len(name) > saves.MAX_SAVE_NAME:
        name = players[: saves.MAX_SAVE_NAME - len(tail) - 1].rstrip(", ") + "…" + tail
    return name


def _people_and_computers(session: GameSession) -> str:
    """"Anna, Ben and 4 computers": a six-player game's names ran past the name's 60 characters, and
    the Load list cut what was left of them ("Player 1, Computer 1, Computer 2, Com…")."""
    people = [plain_text(seat.name) for player, seat in enumerate(session.seats) if session.computer_level(player) is None]
    computers = len(session.seats) - len(people)
    if not computers:
        return ", ".join(people)
    counted = ngettext("{count} computer", "{count} computers", computers).format(count=computers)
    if not people:
        return counted
    return _("{names} and {last}").format(names=", ".join(people), last=counted)


def short_reason(exc: BaseException) -> str:
    """Why a file could not be written, in the system's words ("No space left on device") without
    the long file name that would push them out of the one-line message."""
    cause = exc if isinstance(exc, OSError) else exc.__cause__
    if isinstance(cause, OSError) and cause.strerror:
        return cause.strerror
    return str(exc)


class SaveDialog:
    """A pygame-gui window asking for a save name; writes the save with :func:`saves.save_game`."""

    def __init__(self, manager: pygame_gui.UIManager, window_size: tuple[int, int], session: GameSession, *,
                 saves_root: str | Path | None = None, on_done: Callable[[str], None] | None = None,
                 on_cancel: Callable[[], None] | None = None, name: str | None = None):
        self.manager = manager
        self.window_size = window_size
        self.session = session
        self.saves_root = saves_root
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.alive = True
        self.saved_path: Path | None = None
        self.question = None  # the "replace?" dialog while it is open
        self._pending_name = ""
        w, h = min(SIZE[0], window_size[0] - 20), min(SIZE[1], window_size[1] - 20)
        rect = pygame.Rect((window_size[0] - w) // 2, (window_size[1] - h) // 2, w, h)
        self.window = UIWindow(rect, manager, window_display_title=_("Save the game"), object_id="#save_window",
                               draggable=False)
        self.window.set_blocking(True)
        iw, ih = self.window.get_container().get_size()
        UILabel(pygame.Rect(14, 10, iw - 28, 24), _("Name of the save:"), manager, container=self.window)
        self.entry = UITextEntryLine(pygame.Rect(14, 38, iw - 28, 34), manager, container=self.window)
        self.entry.set_text_length_limit(saves.MAX_SAVE_NAME)
        self.entry.set_text(plain_text(name)[: saves.MAX_SAVE_NAME] if name is not None else default_name(session))
        self.entry.focus()
        self.message = UILabel(pygame.Rect(14, 80, iw - 28, 26), _("Any name up to 60 characters; Load lists it."),
                               manager, container=self.window)
        self.save_button = UIButton(pygame.Rect(iw - 174, ih - 54, 160, 42), _("Save"), manager, container=self.window,
                                    object_id="#primary_button", tool_tip_text=_("Save the game under this name (Enter)"))
        self.cancel_button = UIButton(pygame.Rect(14, ih - 54, 160, 42), _("Cancel"), manager, container=self.window,
                                      tool_tip_text=_("Close without saving (Esc)"))

    # ------------------------------------------------------------------ actions

    def path_for(self, name: str) -> Path:
        return saves.saves_dir(self.saves_root) / saves.file_name_for(name)

    def submit(self) -> None:
        """Check the typed name; ask before replacing a save of that name; else save."""
        try:
            name = saves.check_save_name(self.entry.get_text())
        except saves.SaveError as exc:
            self.show_message(str(exc))
            return
        if self.path_for(name).exists():
            self._pending_name = name
            self.question = ask(self.manager, self.window_size,
                                _('A save called "{name}" exists already. Replace it with this game? The old save is then '
                                  'gone.').format(name=name),
                                title=_("Replace the save?"), ok=_("Replace"))
            return
        self.write(name)

    def write(self, name: str) -> None:
        try:
            self.saved_path = saves.save_game(self.session, name, self.saves_root)
        except (saves.SaveError, OSError) as exc:
            log.warning("save %r not written: %s", name, exc)
            self.show_message(_("Not saved: {reason}").format(reason=short_reason(exc)))
            return
        self.close()
        if self.on_done is not None:
            self.on_done(name)

    def cancel(self) -> None:
        self.close()
        if self.on_cancel is not None:
            self.on_cancel()

    def show_message(self, text: str) -> None:
        self.message.set_text(plain_text(text)[:90])

    def close(self) -> None:
        if self.alive:
            self.alive = False
            self.window.kill()
        if self.question is not None and self.question.alive():
            self.question.kill()
        self.question = None

    # ------------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Act on this window's buttons, Enter, Esc and the replace question; True if used."""
        if not self.alive:
            return False
        if self.question is not None:
            if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.question:
                self.question = None
                self.write(self._pending_name)
                return True
            if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.question:
                self.question = None  # "Cancel": back to the name
                self.entry.focus()
                return True
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_button:
                self.submit()
                return True
            if event.ui_element is self.cancel_button:
                self.cancel()
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.submit()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.alive = False
            if self.on_cancel is not None:
                self.on_cancel()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        return False

    def widgets(self) -> list:
        """The window and its widgets (for layout tests)."""
        return [self.window, self.entry, self.message, self.save_button, self.cancel_button]
