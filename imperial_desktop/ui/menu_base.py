"""What the screens around the board share: the panel of widgets over the dimmed board
(:class:`MenuScene`), text fitted to a width, drop-down options shown translated with their
English key kept, and writing the settings.

Every screen builds its widgets from its own state in ``_build()`` and builds them again when the
window is resized (``pygame.VIDEORESIZE``), so nothing is ever left outside the window. Text
from players or files is escaped before a markup-aware widget (UITextBox, tool tips) sees it.
"""

from __future__ import annotations

import concurrent.futures
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel

from imperial_desktop.i18n import N_, _
from imperial_desktop.session import settings as settings_module
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.gui import TIP_WIDTH, ask, show_dropdown_tips

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App

# Shown names of the computer levels, seat kinds and the deal: the menus keep the English word
# as the key and show its translation.
CHOICE_NAMES = {word: word for word in (N_("easy"), N_("normal"), N_("hard"), N_("expert"), N_("random"), N_("human"),
                                        N_("computer"))}

# Plain-word explanations of every new-game option (tool tips; the Rules screen says more;


def _options(keys: list[str], names: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """Drop-down options: the translated name shown, the English key kept (see :func:`_selected`)."""
    return [(_(names.get(k, k) if names else k), k) for k in keys]


def _option(key: str, names: dict[str, str] | None = None) -> tuple[str, str]:
    return _options([key], names)[0]


_LISTER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="list-saves")


def _font(size: int, kind: str = "regular") -> pygame.font.Font:
    """The cached font, made again if pygame was shut down and started since (as tests do)."""
    made = font(size, kind)
    try:
        made.size("Ag")
    except pygame.error:
        from imperial_desktop.ui import fonts

        fonts._FONTS.clear()
        made = font(size, kind)
    return made


def _fit(text: str, width: int, size: int = 13, kind: str = "regular") -> str:
    """``text`` shortened with "…" until it is at most ``width`` pixels wide in that font."""
    f = _font(size, kind)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip(" ,·-") + "…"



class MenuScene:
    """Base of the menu screens: a dimmed board behind a central panel of pygame-gui widgets."""

    title = ""
    panel_size = (720, 620)

    def __init__(self, app: App):
        self.app = app
        self.manager = app.manager
        self.elements: list[Any] = []
        self.windows: list[Any] = []  # dialogs and windows outside the panel
        self._make_panel()
        self._build()

    # ------------------------------------------------------------------ layout

    def window_size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    def _make_panel(self) -> None:
        w, h = self.window_size()
        margin = 20 if min(w, h) >= 600 else 4
        pw, ph = max(1, min(self.panel_size[0], w - 2 * margin)), max(1, min(self.panel_size[1], h - 2 * margin))
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.panel = UIPanel(self.panel_rect, starting_height=1, manager=self.manager, object_id="#menu_panel")
        self.elements = [self.panel]
        if self.title:
            UILabel(pygame.Rect(16, 10, pw - 32, 36), _(self.title), self.manager, container=self.panel, object_id="#heading_label")

    def _build(self) -> None:  # pragma: no cover - overridden
        pass

    def relayout(self) -> None:
        """Build the screen again for the current window size, keeping what was chosen."""
        self.capture()
        self.panel.kill()
        self._make_panel()
        self._build()

    def capture(self) -> None:
        """Remember what the widgets hold before they are rebuilt (overridden where needed)."""

    def close(self) -> None:
        for element in self.elements + self.windows:
            element.kill()
        self.windows = []

    # ------------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.relayout()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if not self.asking():  # a press queued behind an open question waits for the answer
                self.on_button(event.ui_element)
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            self.on_confirmed(event.ui_element)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.asking():
            self.back()

    def wants_frames(self) -> bool:
        """Whether the screen changes by itself now: only while a folder is read in the background
        (otherwise it rests until input arrives)."""
        return getattr(self, "future", None) is not None

    def asking(self) -> bool:
        """True while one of this screen's questions is open."""
        self.windows = [w for w in self.windows if w.alive()]
        return bool(self.windows)

    def on_button(self, element: object) -> None:  # pragma: no cover - overridden
        pass

    def on_confirmed(self, dialog: object) -> None:
        pass

    def ask(self, question: str, *, title: str, ok: str, danger: bool = False):
        dialog = ask(self.manager, self.window_size(), question, title=title, ok=ok, danger=danger)
        self.windows.append(dialog)
        return dialog

    def back(self) -> None:
        self.app.show_title()

    def update(self, dt: float) -> None:
        show_dropdown_tips(self.dropdowns())

    def dropdowns(self) -> list[UIDropDownMenu]:
        """This screen's drop-down menus (their tool tips are shown by :func:`show_dropdown_tips`)."""
        return []

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_backdrop(surface)

    def button(self, rect: pygame.Rect, text: str, tip: str, object_id: str | None = None) -> UIButton:
        return UIButton(rect, text, self.manager, container=self.panel, tool_tip_text=tip, object_id=object_id)

    def label(self, rect: pygame.Rect, text: str, tip: str | None = None) -> UILabel:
        made = UILabel(rect, text, self.manager, container=self.panel)
        if tip:
            made.set_tooltip(tip, wrap_width=TIP_WIDTH)
        return made


def _save_settings(app: App) -> str:
    """Write the settings; "" on success, else why not (never raises: a full or read-only disk
    must not stop a game)."""
    safely = getattr(settings_module, "save_settings_safely", None)
    try:
        if safely is not None:
            result = safely(app.settings)
            return result if isinstance(result, str) else ""
        settings_module.save_settings(app.settings)
    except OSError as exc:
        return _("Your settings could not be saved ({reason}).").format(reason=exc.strerror or exc)
    return ""


def _selected(dropdown: UIDropDownMenu) -> str:
    """The key of the chosen option (its English text; the menu shows it translated)."""
    option = dropdown.selected_option
    return option[1] if isinstance(option, tuple) else option




__all__ = ["CHOICE_NAMES", "MenuScene"]
