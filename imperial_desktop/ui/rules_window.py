"""The rules reference in a window: topics on the left, the chosen topic's text on the right, and a
search box that filters the topics.

One window per screen (per pygame-gui manager): :func:`show_rules` shows and raises the window
that exists, or makes it; closing hides it, so opening it again rebuilds nothing. A resize moves
and re-lays out the same widgets (never a rebuild), and the window is at most
:data:`MAX_SIZE`; only the selected topic's text is rendered. The window handles its own input
(pygame-gui calls :meth:`OwnedWindow.process_event` with every event), so a screen only opens
it::

    window = show_rules(manager, screen.get_size(), topic="rondel")
    window.alive            # False once closed (title-bar X, Close/Back, Esc)

Used by F1 on every screen, the Rules buttons, the "?" of the decision panels and the tutorial.
"""

from __future__ import annotations

import html
import weakref

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox, UITextEntryLine

from imperial_desktop.i18n import _, ngettext
from imperial_desktop.ui import rules_topics
from imperial_desktop.ui.rules_topics import DEFAULT_TOPIC, TOPICS, plain_reference, topic
from imperial_desktop.ui.owned_window import OwnedWindow

MAX_SIZE = (900, 900)
MARGIN = 20
FOOTER = 52
_OPEN: "weakref.WeakKeyDictionary[pygame_gui.UIManager, RulesWindow]" = weakref.WeakKeyDictionary()


def rules_text() -> str:
    """The whole reference as plain text in the current language (every topic, every option)."""
    return plain_reference()


def window_rect(window_size: tuple[int, int]) -> pygame.Rect:
    """Centred, as large as the screen allows up to :data:`MAX_SIZE`, never outside it."""
    w, h = window_size
    rw = max(200, min(MAX_SIZE[0], w - 2 * MARGIN))
    rh = max(160, min(MAX_SIZE[1], h - 2 * MARGIN))
    rw, rh = min(rw, w), min(rh, h)
    return pygame.Rect((w - rw) // 2, (h - rh) // 2, rw, rh)


def topic_markup(topic_id: str) -> str:
    """One topic as pygame-gui markup (every text escaped: translations must not inject tags)."""
    t = topic(topic_id)
    parts = [f"<font size=5><b>{html.escape(t.shown_title(), quote=False)}</b></font>"]
    for lead, text in t.shown_paragraphs():
        body = html.escape(text, quote=False)
        parts.append(f"<b>{html.escape(lead, quote=False)}</b> {body}" if lead else body)
    return "<br><br>".join(parts)


def no_topic_markup() -> str:
    """What the right pane says when the search finds nothing."""
    title = html.escape(_("No topic found"), quote=False)
    hint = html.escape(_("Try other words, for example \"bonds\" or \"factory\", or clear the search to see "
                         "every topic."), quote=False)
    return f"<font size=5><b>{title}</b></font><br><br>{hint}"


class RulesWindow:
    """The reference window: search box, hit count, topic list, topic text, Close button."""

    def __init__(self, manager: pygame_gui.UIManager, window_size: tuple[int, int], *,
                 close_text: str | None = None, title: str | None = None, topic_id: str | None = None):
        self.manager = manager
        self.close_text = _("Close") if close_text is None else close_text
        self.selected = topic(topic_id or DEFAULT_TOPIC).id
        self.query = ""
        self.hits: list[str] = [t.id for t in TOPICS]
        self._closed_unreported = False
        self._titles: dict[str, str] = {}
        rect = window_rect(window_size)
        self._size, self._place = rect.size, (-1, -1)
        self.window = OwnedWindow(rect, manager, self, title or _("Rules of Imperial"), "#rules_window")
        self.window.set_dimensions(rect.size)  # made, pygame-gui 0.6 adds its shadow to the size
        container = self.window
        parts = self._rects()
        self.search_box = UITextEntryLine(parts["search"], manager, container=container,
                                          placeholder_text=_("Search the rules"))
        self.search_box.set_tooltip(_("Type words to find the topics that mention them"))
        self.hits_label = UILabel(parts["hits"], "", manager, container=container)
        self.topic_list = UISelectionList(parts["list"], self._list_items(), manager,
                                          container=container, default_selection=self._title_of(self.selected))
        self.box = UITextBox(topic_markup(self.selected), parts["text"], manager, container=container)
        self.close_button: UIButton | None = None
        if self.close_text:
            self.close_button = UIButton(parts["close"], self.close_text, manager, container=container,
                                         tool_tip_text=_("Close the rules (Esc)"))
        self._update_hits_label()
        _OPEN[manager] = self

    # ---------------------------------------------------------------- state

    @property
    def alive(self) -> bool:
        """Whether the window is open (shown)."""
        return self.window.alive() and self.window.visible

    def _title_of(self, topic_id: str) -> str:
        title = topic(topic_id).shown_title()
        self._titles[title] = topic_id
        return title

    def _list_items(self) -> list[str]:
        return [self._title_of(t) for t in self.hits]

    def select(self, topic_id: str) -> None:
        """Show this topic's text (and mark it in the list)."""
        topic_id = topic(topic_id).id
        if topic_id == self.selected and self.box.html_text == topic_markup(topic_id):
            return
        self.selected = topic_id
        self.box.set_text(topic_markup(topic_id))
        if self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(0.0)
        self._mark_selected()

    def _mark_selected(self) -> None:
        title = self._title_of(self.selected)
        for item in self.topic_list.item_list:
            item["selected"] = item["text"] == title
            button = item.get("button_element")
            if button is not None:
                button.select() if item["selected"] else button.unselect()

    def set_query(self, text: str) -> None:
        """Filter the topics by the words of ``text``; the best hit is shown, or "No topic found"
        when nothing matches (never an unrelated topic)."""
        self.query = text[:80]
        self.hits = rules_topics.search(self.query)
        self.topic_list.set_item_list(self._list_items())
        self._update_hits_label()
        if not self.hits:
            self.box.set_text(no_topic_markup())
        elif self.query.strip() or self.selected not in self.hits:
            self.select(self.hits[0])  # the best hit: a topic named by the words comes first
        else:
            self.select(self.selected)  # the search was cleared: the chosen topic again
            self._mark_selected()

    @property
    def showing_topic(self) -> bool:
        """Whether the right pane shows a topic (not "No topic found")."""
        return self.box.html_text == topic_markup(self.selected)

    def _update_hits_label(self) -> None:
        n = len(self.hits)
        text = (ngettext("{count} topic found", "{count} topics found", n).format(count=n) if self.query.strip()
                else ngettext("{count} topic", "{count} topics", n).format(count=n))
        self.hits_label.set_text(text)

    # ---------------------------------------------------------------- showing

    def open(self, window_size: tuple[int, int] | None = None, topic_id: str | None = None) -> None:
        """Show the window (again), on top, optionally at a topic."""
        if window_size is not None:
            self.resize(window_size)
        if not self.window.visible:
            self.window.show()
        self.manager.get_window_stack().move_window_to_front(self.window)
        if topic_id is not None:
            if topic(topic_id).id not in self.hits:
                self.search_box.set_text("")
                self.set_query("")
            self.select(topic_id)

    def resize(self, window_size: tuple[int, int]) -> None:
        """Fit the same widgets to a new screen size (moved and re-laid out, not rebuilt)."""
        if not self.window.alive():
            return
        self._layout(window_rect(window_size))

    def _rects(self) -> dict[str, pygame.Rect]:
        """Where each widget goes inside the window as it is now."""
        inner_w, inner_h = self.window.get_container().get_size()
        footer = FOOTER if self.close_text else 0
        left = max(140, min(300, inner_w // 3))
        body_h = max(60, inner_h - 20 - footer)
        return {"search": pygame.Rect(10, 10, left, 32), "hits": pygame.Rect(10, 46, left, 22),
                "list": pygame.Rect(10, 72, left, max(40, body_h - 62)),
                "text": pygame.Rect(left + 20, 10, max(60, inner_w - left - 30), body_h),
                "close": pygame.Rect(10, inner_h - footer + 4, 160, 40)}

    def _layout(self, rect: pygame.Rect) -> None:
        """Move and size the window, then its widgets (only those whose place changed)."""
        resized = rect.size != self._size  # (the window's own rect includes its theme's shadow)
        if not resized and rect.topleft == self._place:
            return
        if resized:
            self._size = rect.size
            self.window.set_dimensions(rect.size)
        self._place = rect.topleft
        self.window.set_position(rect.topleft)
        if not resized:
            return  # moved only: the widgets move with the window
        parts = self._rects()
        widgets = {"search": self.search_box, "hits": self.hits_label, "list": self.topic_list, "text": self.box,
                   "close": self.close_button}
        for key, widget in widgets.items():
            if widget is None:
                continue
            place = parts[key]
            widget.set_relative_position(place.topleft)
            if widget.get_relative_rect().size != place.size:
                widget.set_dimensions(place.size)
        self.box.rebuild()  # pygame-gui 0.6 keeps the old wrapping width after set_dimensions

    def close(self) -> None:
        """Hide the window (it is shown again by the next :func:`show_rules`)."""
        if self.alive:
            self.window.hide()
            self._kill_tooltips()
            self._closed_unreported = True

    def _kill_tooltips(self) -> None:
        """Take away the tooltips of this window's widgets: hiding a pygame-gui element (0.6)
        leaves a tooltip it opened on the screen."""
        for widget in (self.search_box, self.close_button, self.hits_label, self.topic_list, self.box, self.window):
            tip = getattr(widget, "tool_tip", None)
            if tip is not None:
                tip.kill()
                widget.tool_tip = None

    def kill(self) -> None:
        """Remove the window for good (the screen it belongs to goes)."""
        if self.window.alive():
            self.window.kill()
        if _OPEN.get(self.manager) is self:
            del _OPEN[self.manager]

    # ---------------------------------------------------------------- input

    def process(self, event: pygame.event.Event) -> bool:
        """React to this window's widgets, Esc and resizes; True when the event was taken."""
        if not self.alive:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self.search_box.is_focused:
            return True  # typing a search: letters are not the screen's shortcuts
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return False
        element = getattr(event, "ui_element", None)
        if element is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.close_button:
            self.close()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.search_box:
            self.set_query(self.search_box.get_text())
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and element is self.topic_list:
            chosen = self._titles.get(getattr(event, "text", ""))
            if chosen is not None:
                self.select(chosen)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """For screens that pass their events on (resizes are followed): True once after the
        window was closed."""
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        if self._closed_unreported:
            self._closed_unreported = False
            return True
        return False

    def widgets(self) -> list:
        """The window and its widgets (for layout tests)."""
        return [w for w in (self.window, self.search_box, self.hits_label, self.topic_list, self.box,
                            self.close_button) if w is not None]


def open_window(manager: pygame_gui.UIManager) -> RulesWindow | None:
    """The rules window of this manager's screen, if one exists (shown or hidden)."""
    window = _OPEN.get(manager)
    return window if window is not None and window.window.alive() else None


def show_rules(manager: pygame_gui.UIManager, window_size: tuple[int, int], topic_id: str | None = None, *,
               close_text: str | None = None) -> RulesWindow:
    """Show the screen's rules window (made once, then shown again), optionally at a topic."""
    window = open_window(manager)
    if window is None:
        window = RulesWindow(manager, window_size, close_text=close_text, topic_id=topic_id)
    window.open(window_size, topic_id)
    return window


def open_topic(manager: pygame_gui.UIManager, window_size: tuple[int, int], topic_id: str) -> RulesWindow:
    """Show the rules reference at one topic (the tutorial's coach uses it; ids: ``rules_topics.TOPICS``)."""
    return show_rules(manager, window_size, topic_id)


__all__ = ["MAX_SIZE", "RulesWindow", "no_topic_markup", "open_topic", "open_window", "rules_text", "show_rules",
           "topic_markup", "window_rect"]
