"""The About screen: the version, the authors, the board game's credits, and every part the game
includes from others (``assets/licenses/index.json``) with its licence text.

Two views (:class:`AboutView`): the overview (credits on the left, the list of parts on the right;
choosing a part opens its licence) and one licence (its text, scrollable). Esc and Back go from a
licence to the list, and from the list out. The title screen shows it in its panel over the
dimmed board (:class:`AboutScene`; F1 opens the rules as on every screen); :class:`AboutWindow`
shows it in a window over the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox

from imperial_desktop.i18n import N_, _, ngettext
from imperial_desktop.licenses import Component, load_index
from imperial_desktop.ui.gui import markup_escape
from imperial_desktop.ui.menu_base import MenuScene, _fit
from imperial_desktop.version import DISPLAY_NAME, version
from imperial_desktop.ui.owned_window import OwnedWindow

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App

# The board game's credits as its rule book gives them (names are not translated).
DESIGNER = "Mac Gerdts"
PUBLISHER = "PD-Verlag"
ARTIST = "Matthias Catrein"

# What each kind of part is, shown after its licence in the list.
KIND_NAMES = {"runtime": N_("programming language"), "package": N_("Python library"), "library": N_("library"),
              "font": N_("font"), "sounds": N_("sounds")}


class AboutView:
    """The About content in a container (the title's panel, or a window over the game): the
    overview or one part's licence, and a Back button at the foot.

    ``rect`` is the area to fill inside ``container``; :meth:`build` makes the widgets again (for
    another view or size). ``on_close`` runs when Back or Esc leaves the overview."""

    def __init__(self, manager: pygame_gui.UIManager, container: Any, rect: pygame.Rect, *, back_text: str,
                 back_tip: str, on_close: Callable[[], None], component_id: str | None = None):
        self.manager = manager
        self.container = container
        self.rect = pygame.Rect(rect)
        self.back_text, self.back_tip = back_text, back_tip
        self.on_close = on_close
        self.index = load_index()
        self.showing: str | None = component_id  # the part whose licence is open (None: the overview)
        self.elements: list[Any] = []
        self._items: dict[str, str] = {}  # list text -> part id
        self.build()

    # ------------------------------------------------------------------ views

    def build(self, rect: pygame.Rect | None = None) -> None:
        """Make the widgets of the current view (in ``rect`` if given)."""
        if rect is not None:
            self.rect = pygame.Rect(rect)
        self.kill()
        self.parts_list: UISelectionList | None = None
        self.licence_box: UITextBox | None = None
        self.credits_box: UITextBox | None = None
        component = self._component(self.showing) if self.showing is not None else None
        if component is not None:
            self._build_licence(component)
        else:
            self.showing = None
            self._build_overview()

    def kill(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements = []

    def _add(self, element: Any) -> Any:
        self.elements.append(element)
        return element

    def _footer_y(self) -> int:
        return self.rect.bottom - 50

    def _build_overview(self) -> None:
        x, w = self.rect.x + 16, self.rect.w - 32
        top, bottom = self.rect.y + 10, self._footer_y() - 8
        left_w = max(200, min(440, (w - 16) * 9 // 20))
        self.credits_box = self._add(UITextBox(credits_markup(), pygame.Rect(x, top, left_w, bottom - top),
                                               self.manager, container=self.container))
        list_x = x + left_w + 16
        list_w = max(120, x + w - list_x)
        count = len(self.index.components)
        heading = ngettext("{count} part included, each under its own licence:",
                           "{count} parts included, each under its own licence:", count).format(count=count)
        self._add(UILabel(pygame.Rect(list_x, top, list_w, 24), _fit(heading, list_w - 8, 14), self.manager,
                          container=self.container))
        self._items = {}
        for component in self.index.components:
            self._items[self._item_text(component, list_w - 40)] = component.id
        self.parts_list = self._add(UISelectionList(pygame.Rect(list_x, top + 28, list_w, bottom - top - 28),
                                                    list(self._items), self.manager, container=self.container))
        self.parts_list.set_tooltip(_("Choose a part to read its licence"))
        self.back_button = self._add(UIButton(self._back_rect(), self.back_text, self.manager, container=self.container,
                                              tool_tip_text=self.back_tip))

    def _item_text(self, component: Component, width: int) -> str:
        kind = _(KIND_NAMES[component.kind]) if component.kind in KIND_NAMES else ""
        words = f"{component.title} · {component.license}" + (f" · {kind}" if kind else "")
        text = _fit(words, width, 14)
        while text in self._items:  # the list maps its texts back to the parts: keep them apart
            text += " "
        return text

    def _build_licence(self, component: Component) -> None:
        x, w, y = self.rect.x + 16, self.rect.w - 32, self.rect.y + 6
        title = _("Licence of {part}: {licence}").format(part=component.title, licence=component.license)
        self._add(UILabel(pygame.Rect(x, y, w, 26), _fit(title, w - 8, 14), self.manager, container=self.container))
        facts = []
        if component.shipped_with:
            facts.append(_("included with {part}").format(part=component.shipped_with))
        if component.homepage:
            facts.append(component.homepage)
        if facts:
            self._add(UILabel(pygame.Rect(x, y + 26, w, 22), _fit(" · ".join(facts), w - 8, 13), self.manager,
                              container=self.container, object_id="#hint_label"))
        top = y + 52
        text = component.text() or _("The licence text of this part is missing from this installation.")
        self.licence_box = self._add(UITextBox(licence_markup(text), pygame.Rect(x, top, w, self._footer_y() - 8 - top),
                                               self.manager, container=self.container))
        self.back_button = self._add(UIButton(self._back_rect(), _("Back to the list"), self.manager,
                                              container=self.container, tool_tip_text=_("Back to the list of parts (Esc)")))

    def _back_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 16, self._footer_y(), min(240, self.rect.w - 32), 40)

    def _component(self, component_id: str) -> Component | None:
        return next((c for c in self.index.components if c.id == component_id), None)

    def show(self, component_id: str | None) -> None:
        """Open the licence of a part (None: back to the overview)."""
        self.showing = component_id
        self.build()

    # ------------------------------------------------------------------ input

    def process(self, event: pygame.event.Event) -> bool:
        """A choice in the list, Back or Esc; True when the event was taken."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and element is not None and element is self.parts_list:
            chosen = self._items.get(getattr(event, "text", ""))
            if chosen is not None:
                self.show(chosen)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is not None and element is self.back_button:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return False

    def back(self) -> None:
        """From a licence to the list; from the list out (``on_close``)."""
        if self.showing is not None:
            self.show(None)
        else:
            self.on_close()


class AboutScene(MenuScene):
    """The About screen of the title screen: the view in the menu panel over the dimmed board."""

    title = N_("About Imperial Desktop")
    panel_size = (1000, 660)

    def __init__(self, app: App, component_id: str | None = None):
        self._showing = component_id
        super().__init__(app)

    def _build(self) -> None:
        w, h = self.panel_rect.size
        self.view = AboutView(self.manager, self.panel, pygame.Rect(0, 44, w, h - 44), back_text=_("Back"),
                              back_tip=_("Back to the title screen (Esc)"), on_close=self.app.show_title,
                              component_id=self._showing)

    def capture(self) -> None:
        self._showing = self.view.showing  # rebuilt for a new size: the same view again

    # the view's parts, for tests and tools
    showing = property(lambda self: self.view.showing)
    parts_list = property(lambda self: self.view.parts_list)
    licence_box = property(lambda self: self.view.licence_box)
    credits_box = property(lambda self: self.view.credits_box)
    back_button = property(lambda self: self.view.back_button)
    _items = property(lambda self: self.view._items)

    def show(self, component_id: str | None) -> None:
        self.view.show(component_id)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE or self.asking():
            super().handle_event(event)
        elif not self.view.process(event):
            super().handle_event(event)

    def back(self) -> None:
        self.view.back()


class AboutWindow:
    """The About view in a window over the game (the game menu's About), with the interface of the
    game screen's side windows (``layers.windows.SideWindowLayer``): ``alive``, ``handle_event``,
    ``resize``, ``close``. Esc goes from a licence back to the list, then closes the window."""

    MAX_SIZE = (1000, 660)

    def __init__(self, manager: pygame_gui.UIManager, window_size: tuple[int, int]):
        self.manager = manager
        rect = self._rect(window_size)
        self.window = OwnedWindow(rect, manager, self, _("About Imperial Desktop"), "#about_window")
        self.window.set_dimensions(rect.size)  # made, pygame-gui 0.6 adds its shadow to the size
        self.view = AboutView(manager, self.window, self._inner(), back_text=_("Close"),
                              back_tip=_("Close this window (Esc)"), on_close=self.close)

    def _rect(self, window_size: tuple[int, int]) -> pygame.Rect:
        w = max(320, min(self.MAX_SIZE[0], window_size[0] - 40))
        h = max(300, min(self.MAX_SIZE[1], window_size[1] - 40))
        return pygame.Rect((window_size[0] - w) // 2, (window_size[1] - h) // 2, w, h)

    def _inner(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.window.get_container().get_size())

    @property
    def alive(self) -> bool:
        return self.window.alive()

    def process(self, event: pygame.event.Event) -> bool:
        return self.alive and self.view.process(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        return False

    def resize(self, window_size: tuple[int, int]) -> None:
        if not self.alive:
            return
        rect = self._rect(window_size)
        self.window.set_dimensions(rect.size)
        self.window.set_position(rect.topleft)
        self.view.build(self._inner())

    def close(self) -> None:
        if self.window.alive():
            self.window.kill()

    kill = close


def credits_markup() -> str:
    """The left side of the overview as pygame-gui markup (every text escaped)."""
    def esc(text: str) -> str:
        return markup_escape(text)

    parts = [
        f"<font size=5><b>{esc(DISPLAY_NAME)}</b></font>",
        esc(_("Version {version}").format(version=version())),
        esc(_("By the Imperial Desktop contributors.")),
        "",
        f"<b>{esc(_('The board game'))}</b>",
        esc(_("Imperial is a board game by {designer}, published by {publisher}.").format(
            designer=DESIGNER, publisher=PUBLISHER)),
        esc(_("Graphic design of the board game: {artist}.").format(artist=ARTIST)),
        esc(_("Imperial Desktop is a desktop version of the board game: the rules are those of the rule book "
              "(F1 shows them in brief).")),
        "",
        f"<b>{esc(_('Included from others'))}</b>",
        esc(_("The game includes the programming language Python, libraries, fonts and its own sounds. Each part "
              "keeps its own licence: choose a part on the right to read its licence text.")),
    ]
    return "<br>".join(parts)


def licence_markup(text: str) -> str:
    """A licence text for a UITextBox: shown literally, its lines kept (page breaks dropped)."""
    lines = text.replace("\r\n", "\n").replace("\f", "").expandtabs(4).split("\n")
    return "<br>".join(markup_escape(line) for line in lines)


__all__ = ["AboutScene", "AboutView", "AboutWindow", "credits_markup", "licence_markup"]
