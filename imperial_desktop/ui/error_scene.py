"""The error screen: the last line of defence when something unexpected breaks.

It says what happened and where the log and the game record were written, and offers to
continue from the last autosave (written after every action, so at most the action that broke
is lost), to go back to the title screen, or to quit.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from imperial_desktop.i18n import _
from imperial_desktop.ui.dialogs import escape

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App


class ErrorScene:
    """What went wrong, where the report is, and the ways on."""

    def __init__(self, app: "App", error: BaseException, report: Path | None, can_continue: bool):
        self.app = app
        self.error = error
        self.report = report
        self.can_continue = can_continue
        self.elements: list = []
        self._build()

    def _build(self) -> None:
        for element in self.elements:
            element.kill()
        manager = self.app.manager
        w, h = self.app.screen.get_size()
        pw, ph = min(720, w - 40), min(420, h - 40)
        rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.panel = UIPanel(rect, starting_height=1, manager=manager, object_id="#menu_panel")
        UILabel(pygame.Rect(16, 10, pw - 32, 40), _("Something went wrong"), manager, container=self.panel,
                object_id="#heading_label")
        what = f"{type(self.error).__name__}: {self.error}"
        if len(what) > 300:
            what = what[:297] + "..."
        where = (_("The details and the game so far were written to {file}.").format(file=self.report)
                 if self.report is not None else _("The details could not be written to a file."))
        kept = (_("Your game is safe: it was saved after every action. Continue goes on from the last saved position.")
                if self.can_continue else _("There is no saved game to go back to."))
        heading = _("What happened:")
        body = f"<b>{escape(heading)}</b> {escape(what)}<br><br>{escape(where)}<br><br>{escape(kept)}"
        UITextBox(body, pygame.Rect(16, 56, pw - 32, ph - 140), manager, container=self.panel)
        bw = (pw - 32 - 2 * 12) // 3
        y = ph - 64
        self.continue_button = UIButton(pygame.Rect(16, y, bw, 44), _("Continue the game"), manager, container=self.panel,
                                        tool_tip_text=_("Go on from the last autosave"), object_id="#primary_button")
        if not self.can_continue:
            self.continue_button.disable()
        self.title_button = UIButton(pygame.Rect(16 + bw + 12, y, bw, 44), _("Title screen"), manager, container=self.panel,
                                     tool_tip_text=_("Back to the title screen (the game stays behind Continue)"))
        self.quit_button = UIButton(pygame.Rect(16 + 2 * (bw + 12), y, bw, 44), _("Quit"), manager, container=self.panel,
                                    tool_tip_text=_("Close Imperial Desktop"), object_id="#danger_button")
        self.elements = [self.panel]

    def close(self) -> None:
        for element in self.elements:
            element.kill()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self._build()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.continue_button:
                self.app.continue_game()
            elif event.ui_element is self.title_button:
                self.app.show_title()
            elif event.ui_element is self.quit_button:
                self.app.running = False

    def update(self, dt: float) -> None:
        pass

    def wants_frames(self) -> bool:
        """Nothing here moves by itself: the screen rests until input arrives."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((40, 34, 28))
