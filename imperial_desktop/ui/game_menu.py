"""The game menu (Esc or the Menu button): resume, save, rules, legend, settings, about, back to
the title screen.

A pygame-gui window; each button calls the handler the game screen gave for its key (an entry
without a handler is not shown).
"""

from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIWindow

from imperial_desktop.i18n import N_, _

ENTRIES = (  # translated where shown
    ("resume", N_("Resume the game"), N_("Close this menu (Esc)")),
    ("save", N_("Save under a name..."), N_("Keep a named copy of this game (it is also saved after every action)")),
    ("export", N_("Export record..."), N_("Write this game's record (every action so far) to the records folder, to "
                                        "share it or watch it again")),
    ("rules", N_("Rules (F1)"), N_("The rules in brief, with every option explained")),
    ("legend", N_("Legend (L)"), N_("What every piece, mark and colour on the board means")),
    ("look_back", N_("Look back (Backspace)"), N_("Step through the game so far: the board and the tables as they were "
                                                  "after any action; nothing can be changed there")),
    ("charts", N_("Charts"), N_("Power points, scores and governments over the whole game; click a moment to see "
                                "the board then")),
    ("settings", N_("Settings..."), N_("Pace of computer turns, language, window size and more; the game waits "
                                       "while they are open")),
    ("about", N_("About Imperial Desktop"), N_("Version, authors, the board game's credits, and the licences of the "
                                               "fonts, libraries and sounds the game includes")),
    ("title", N_("Back to the title screen"), N_("The game is kept: Continue on the title screen resumes it")),
)


class GameMenu:
    """A small window of buttons over the game."""

    def __init__(self, manager: pygame_gui.UIManager, window_size: tuple[int, int],
                 handlers: dict[str, Callable[[], None]], game_over: bool = False):
        self.handlers = handlers
        entries = [entry for entry in ENTRIES if entry[0] in handlers]
        w, h = 340, 70 + 46 * len(entries)
        rect = pygame.Rect((window_size[0] - w) // 2, (window_size[1] - h) // 2, w, h)
        self.window = UIWindow(rect, manager, window_display_title=_("Game menu"), object_id="#game_menu")
        self.buttons: dict[UIButton, str] = {}
        for i, (key, label, tip) in enumerate(entries):
            if key == "resume" and game_over:
                label = N_("Back to the board")  # nothing to resume once the game is over
            button = UIButton(pygame.Rect(20, 12 + 46 * i, w - 72, 38), _(label), manager, container=self.window,
                              tool_tip_text=_(tip), object_id="#primary_button" if key == "resume" else None)
            self.buttons[button] = key

    def button(self, key: str) -> UIButton:
        return next(b for b, k in self.buttons.items() if k == key)

    def handle_button(self, element: object) -> bool:
        """Run the handler of a pressed menu button (closing the menu first); False if not ours."""
        key = self.buttons.get(element)  # type: ignore[arg-type]
        if key is None:
            return False
        self.kill()
        handler = self.handlers.get(key)
        if handler is not None:
            handler()
        return True

    def kill(self) -> None:
        self.window.kill()
