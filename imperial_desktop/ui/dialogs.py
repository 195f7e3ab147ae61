"""pygame-gui panels that show a decision's choices as buttons (with tooltips) and report the
chosen action.

A panel has a title, a prompt, a list of choices that scrolls with the mouse wheel anywhere over
the panel, and the closing choices (end the phase, pass, produce, cancel) pinned at its bottom so
they are always visible. Labels that do not fit their button are set in a smaller font; only if
that is not enough are they shortened (the tooltip keeps the whole text). A choice's ``detail``
(what a rondel space would bring, ui/rondel_preview.py) is a small line under its button. Every
text that may hold a player's name is escaped before pygame-gui's markup parser sees it.
"""

from __future__ import annotations

import html
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UIScrollingContainer, UITextBox

from imperial_desktop.i18n import _
from imperial_desktop.ui.choices import Choice, DecisionView
from imperial_desktop.ui import panels
from imperial_desktop.ui.fonts import font

GAP = 3
CAPTION_TEXT = (70, 62, 50)  # a choice's detail line under its button, on the panel's paper
CAPTION_LIT = (120, 150, 200, 70)  # under the detail lines of the choice pointed at: one target with its button


def escape(value: str) -> str:
    """Plain text for a markup-aware pygame-gui widget (text boxes and tooltips parse HTML-like tags)."""
    return html.escape(value, quote=False)


def button_height(scale: float) -> int:
    return max(24, round(30 * scale))


def _fits(button: UIButton, label: str) -> bool:
    f = getattr(button, "font", None)
    if f is None:
        return True
    return f.size(label)[0] <= button.rect.w - 10


def fitted_button(rect: pygame.Rect, label: str, manager: pygame_gui.UIManager, *, container=None,
                  tip: str | None = None, object_id: str | None = None, small: bool = False) -> UIButton:
    """A button whose label fits: in the normal font, else a smaller one, else shortened
    (``small``: the smaller font at once). ``button.shrunk`` says whether the smaller font is used."""
    tip_text = escape(tip) if tip else None
    if not small:
        button = UIButton(rect, label, manager, container=container, tool_tip_text=tip_text,
                          object_id=ObjectID(object_id=object_id, class_id=None) if object_id else None)
        if _fits(button, label):
            button.shrunk = False
            return button
        button.kill()
    button = UIButton(rect, label, manager, container=container, tool_tip_text=tip_text or escape(label),
                      object_id=ObjectID(object_id=object_id, class_id="@small_button"))
    button.shrunk = True
    if not _fits(button, label):
        f = button.font
        short = label
        while len(short) > 4 and f.size(short + "…")[0] > rect.w - 10:
            short = short[:-1]
        button.set_text(short.rstrip() + "…")
        if not tip:
            button.set_tooltip(escape(label))
    return button


class HelpButton(UIButton):
    """The "?" of a decision panel: opens the rules reference at the panel's topic.

    It reacts to its own press event (pygame-gui hands every event to every visible element), so
    a screen needs no wiring for it.
    """

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, container, topic_id: str):
        self.topic_id = topic_id
        super().__init__(rect, "?", manager, container=container,
                         tool_tip_text=escape(_("The rules of this decision (opens the rules reference)")),
                         object_id=ObjectID(object_id="#help_button", class_id="@small_button"))

    def process_event(self, event: pygame.event.Event) -> bool:
        consumed = super().process_event(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and getattr(event, "ui_element", None) is self:
            from imperial_desktop.ui.rules_window import show_rules

            self.on_unhovered()  # its tooltip would stay on top of the rules window,
            self.hover_time = float("-inf")  # and come back while the pointer rests here (on_hovered resets it)
            show_rules(self.ui_manager, tuple(self.ui_manager.get_root_container().get_size()), self.topic_id)
            return True
        return consumed


class ChoicePanel:
    """A panel with a title, a prompt, scrolling choices and pinned closing choices; with
    ``help_topic``, a "?" beside the title opens that topic of the rules reference."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, view: DecisionView, *,
                 cancel: str | None = None, object_id: str = "#decision_panel", scale: float = 1.0,
                 on_hover: Callable[[Choice | None], None] | None = None, help_topic: str | None = None):
        self.manager = manager
        self.view = view
        self.rect = pygame.Rect(rect)
        self.buttons: dict[UIButton, Choice] = {}
        self.captions: dict[UIImage, Choice] = {}  # detail lines under their buttons
        self.cancel_button: UIButton | None = None
        self.help_button: HelpButton | None = None
        self.on_hover = on_hover
        self._hovered: Choice | None = None
        self._caption_looks: dict[UIImage, tuple[pygame.Surface, pygame.Surface]] = {}  # plain, lit
        self._lit_button: UIButton | None = None  # a button shown hovered while its detail lines are pointed at
        self._captions_lit: set[UIImage] = set()
        bh = button_height(scale)
        pad = 6
        pinned = [c for c in view.choices if c.pinned]
        listed = [c for c in view.choices if not c.pinned]
        self.panel = UIPanel(self.rect, starting_height=3, manager=manager, object_id=object_id)
        inner_w = self.rect.w - 2 * pad - 4
        title_h = max(22, round(26 * scale))
        title_w = inner_w
        if help_topic is not None:
            title_w = inner_w - title_h - GAP
            self.help_button = HelpButton(pygame.Rect(pad + title_w + GAP, 3, title_h, title_h), manager, self.panel,
                                          help_topic)
        self.title = self._title_label(view.title, pygame.Rect(pad, 3, title_w, title_h))
        # short labels go in two columns (rondel spaces, production, imports)
        half = (inner_w - 22 - GAP) // 2 - 12
        label_font = font(13, "bold")
        self.columns = 2 if len(listed) > 3 and all(label_font.size(c.label)[0] <= half for c in listed) else 1
        rows = -(-len(listed) // self.columns) if listed else 0
        self.row_h = row_h = bh + GAP
        content_h = rows * row_h
        pinned_rows = len(pinned) + (1 if cancel else 0)
        pinned_h = pinned_rows * row_h
        # the prompt box takes the height its text needs: up to a third of the panel, or more while
        # the list keeps room for its first eight rows
        self.prompt = UITextBox(escape(view.prompt), pygame.Rect(pad, title_h + 4, inner_w, -1), manager,
                                container=self.panel)
        fixed = title_h + 4 + 5 + pinned_h + pad + 4
        prompt_h = min(self.prompt.rect.h, max(40, self.rect.h // 3, self.rect.h - fixed - min(content_h, 8 * row_h)))
        if prompt_h != self.prompt.rect.h:
            self.prompt.set_dimensions((inner_w, prompt_h))
        list_top = title_h + 4 + prompt_h + 5
        room = self.rect.h - list_top - pinned_h - pad - 4
        captions: list[list[str]] = [[] for _choice in listed]
        tops = [row * row_h for row in range(rows + 1)]  # where each row of buttons starts
        if any(c.detail for c in listed):  # a line under each button (what a rondel space brings)
            self.columns, captions, tops = self._caption_layout(listed, inner_w, room, bh, half, tops)
            content_h = tops[-1]
        scrolls = content_h - GAP > room
        # a scrolling list shows a whole number of rows: its last visible button is never cut in
        # half by the list's edge (the next one starts just below it, the scroll bar says so)
        list_h = max([top for top in tops if top <= room] + [row_h]) if scrolls else max(bh, room)
        self.scroll = UIScrollingContainer(pygame.Rect(pad, list_top, inner_w, list_h), manager, container=self.panel,
                                           allow_scroll_x=False, allow_scroll_y=scrolls)
        self.scroll.set_scrollable_area_dimensions((inner_w - (20 if scrolls else 0), max(content_h, 1)))
        full = inner_w - (22 if scrolls else 2)
        width = (full - GAP * (self.columns - 1)) // self.columns
        made = []
        for i, choice in enumerate(listed):
            col, row = i % self.columns, i // self.columns
            r = pygame.Rect(col * (width + GAP), tops[row], width, bh)
            made.append(self._add(choice, r, self.scroll))
            if captions[i]:
                depth = len(captions[i]) * self._caption_f.get_linesize()
                self._add_caption(choice, captions[i], pygame.Rect(r.x, r.bottom + 1, r.w, depth))
        self._one_label_size(made)
        y = self.rect.h - pad - 4 - pinned_h
        for choice in pinned:
            self._add(choice, pygame.Rect(pad, y, inner_w, bh), self.panel)
            y += bh + GAP
        if cancel:
            self.cancel_button = fitted_button(pygame.Rect(pad, y, inner_w, bh), cancel, manager, container=self.panel,
                                               tip=_("Close without choosing (Esc)"), object_id="#danger_button")
        self.list_rect = self.scroll.get_abs_rect()  # where the list shows on the screen (inside the panel's border)

    def _title_label(self, title: str, rect: pygame.Rect) -> UILabel:
        """The title in the heading font if it fits, else the plain label font, shortened with "…" if
        need be (then whole in its tooltip). Measured before the text is set: no clipped label."""
        room = rect.w - 8  # the label's own padding
        label = UILabel(rect, "", self.manager, container=self.panel, object_id="#heading_label")
        if label.font is None or label.font.size(title)[0] <= room:
            label.set_text(title)
            return label
        label.kill()
        label = UILabel(rect, "", self.manager, container=self.panel)
        shown, f = title, label.font
        if f is not None and f.size(shown)[0] > room:
            while len(shown) > 4 and f.size(shown + "…")[0] > room:
                shown = shown[:-1]
            shown = shown.rstrip(" :,(") + "…"
            label.set_tooltip(escape(title))
        label.set_text(shown)
        return label

    def _caption_layout(self, listed: list[Choice], inner_w: int, room: int, bh: int, half: int,
                        tops: list[int]) -> tuple[int, list[list[str]], list[int]]:
        """Columns, the lines of each choice's detail and where each row starts (a row is as tall
        as its longest detail): one column with whole details if they fit the room, else two
        columns (short labels), else details cut short; without room for them at all, no details
        (the tooltips keep them)."""
        two = all(font(13, "bold").size(c.label)[0] <= half for c in listed)
        sizes = (13, 12) if bh >= 28 else (12,)  # a full-width column in the smaller size before two
        tries = [(1, 2, False, size) for size in sizes]  # (columns, most lines, cut to fit, font size)
        tries += [(2, 3, False, sizes[0]), (1, 2, True, 12), (1, 1, True, 12), (2, 2, True, 12)]
        for columns, most, cut, size in tries:
            if columns == 2 and not two:
                continue
            f = self._caption_f = font(size)
            line_h = f.get_linesize()
            width = (inner_w - 2 - GAP * (columns - 1)) // columns - 6
            lines = [panels.wrap(c.detail, f, width) if c.detail else [] for c in listed]
            if any(len(x) > most for x in lines):
                if not cut:
                    continue
                lines = [x if len(x) <= most else x[:most - 1] + [panels.elide(" ".join(x[most - 1:]), f, width)]
                         for x in lines]
            starts = [0]
            for first in range(0, len(listed), columns):
                deepest = max(len(x) for x in lines[first:first + columns])
                starts.append(starts[-1] + bh + (1 + deepest * line_h if deepest else 0) + GAP)
            if starts[-1] - GAP <= room:
                return columns, lines, starts
        return self.columns, [[] for _choice in listed], tops

    def _add_caption(self, choice: Choice, lines: list[str], rect: pygame.Rect) -> None:
        """The detail lines under a choice's button, centred, in the panel's text colour."""
        f = self._caption_f
        surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        lit = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(lit, CAPTION_LIT, lit.get_rect(), border_radius=4)
        for k, line in enumerate(lines):
            image = f.render(line, True, CAPTION_TEXT)
            surface.blit(image, image.get_rect(midtop=(rect.w // 2, k * f.get_linesize())))
            lit.blit(image, image.get_rect(midtop=(rect.w // 2, k * f.get_linesize())))
        caption = UIImage(rect, surface, self.manager, container=self.scroll)
        self._caption_looks[caption] = (surface, lit)
        if " ".join(lines) != " ".join(panels.words(choice.detail)):  # cut short: the whole of it on hover
            caption.set_tooltip(escape(choice.detail))
        self.captions[caption] = choice

    def _add(self, choice: Choice, rect: pygame.Rect, container, small: bool = False) -> UIButton:
        object_id = ("#primary_button" if choice.primary else "#takeover_button" if choice.takes_over else
                     "#factory_switch" if choice.toggle is not None else None)
        button = fitted_button(rect, choice.label, self.manager, container=container, tip=choice.tip or None,
                               object_id=object_id, small=small)
        if choice.action is None and choice.toggle is None:
            button.disable()
        if choice.switched_on:
            button.select()
        self.buttons[button] = choice
        return button

    def _one_label_size(self, listed: list[UIButton]) -> None:
        """When some labels of the list needed the smaller font, all of the list take it: labels
        in changing sizes looked like a mistake."""
        if not any(b.shrunk for b in listed) or all(b.shrunk for b in listed):
            return
        order = list(self.buttons)  # the list's order (keys, tests) stays as it was
        replaced: dict[UIButton, UIButton] = {}
        for button in listed:
            if not button.shrunk:
                choice = self.buttons.pop(button)
                rect, container = button.relative_rect.copy(), button.ui_container
                button.kill()
                replaced[button] = self._add(choice, rect, container, small=True)
        self.buttons = {replaced.get(b, b): self.buttons[replaced.get(b, b)] for b in order}

    # -------------------------------------------------------------- queries

    def choice_for(self, element: object) -> Choice | None:
        return self.buttons.get(element)  # type: ignore[arg-type]

    def button_for(self, predicate: Callable[[Choice], bool]) -> UIButton | None:
        """The button of the first choice matching ``predicate`` (tests and shortcuts)."""
        for button, choice in self.buttons.items():
            if predicate(choice):
                return button
        return None

    def primary(self) -> Choice | None:
        for choice in self.buttons.values():
            if choice.primary and choice.action is not None:
                return choice
        return None

    def visible_buttons(self) -> list[UIButton]:
        """Buttons wholly visible now (in the list's view, or pinned)."""
        view = self.scroll.get_abs_rect()
        out = []
        for button in self.buttons:
            r = button.get_abs_rect()
            pinned = self.buttons[button].pinned
            if pinned or (view.top <= r.top and r.bottom <= view.bottom):
                out.append(button)
        return out

    # -------------------------------------------------------------- input

    def wheel(self, pos: tuple[int, int], dy: int) -> bool:
        """Scroll the choices when the wheel turns anywhere over the panel; returns whether it did."""
        bar = self.scroll.vert_scroll_bar
        if not self.rect.collidepoint(pos) or bar is None or not bar.visible:
            return False
        step = max(0.05, min(0.5, bar.visible_percentage * 0.34))
        bar.set_scroll_from_start_percentage(bar.start_percentage - dy * step)
        return True

    def caption_target(self, pos: tuple[int, int]) -> tuple[UIButton, Choice] | None:
        """The button and choice whose detail lines are pointed at, at ``pos``: a choice is one click
        target, its button and the lines under it (only where the lines show, under no window)."""
        if not self.list_rect.collidepoint(pos) or self._under_window(pos):
            return None
        for caption, choice in self.captions.items():
            if caption.visible and caption.get_abs_rect().collidepoint(pos):
                button = self.button_for(lambda c, choice=choice: c is choice)
                return (button, choice) if button is not None and button.is_enabled else None
        return None

    def _under_window(self, pos: tuple[int, int]) -> bool:
        """Whether a window (a question, the menu, the rules) covers ``pos``: a click there is the window's.
        (Not the pointing state of the lines: a pointer moved and clicked within one frame has none yet.)"""
        return any(window.visible and window.get_abs_rect().collidepoint(pos)
                   for window in self.manager.get_window_stack().get_full_stack())

    def update_hover(self, pos: tuple[int, int] | None = None) -> None:
        """Tell ``on_hover`` which choice the pointer is over (the rondel lights its space); the
        choice pointed at looks pointed at as a whole: its button and its detail lines."""
        hovered = None
        for element, choice in [*self.buttons.items(), *self.captions.items()]:
            if element.hovered:  # a detail line under a button counts as its button
                hovered = choice
                break
        target = self.caption_target(pos) if pos is not None else None
        self._light_button(target[0] if target is not None else None)
        for caption, (plain, lit) in self._caption_looks.items():
            want = hovered is not None and self.captions.get(caption) is hovered
            if want != (caption in self._captions_lit):
                caption.set_image(lit if want else plain)
                self._captions_lit ^= {caption}
        if hovered is not self._hovered:
            self._hovered = hovered
            if self.on_hover is not None:
                self.on_hover(hovered)

    def _light_button(self, button: UIButton | None) -> None:
        """Show ``button`` hovered (its detail lines are pointed at), the one shown so before not."""
        before = self._lit_button
        if button is before:
            return
        if before is not None and before.alive() and not before.hovered and before.drawable_shape is not None:
            before.drawable_shape.set_active_state("selected" if before.is_selected else "normal")
        if button is not None and not button.is_selected and button.drawable_shape is not None:
            button.drawable_shape.set_active_state("hovered")
        self._lit_button = button

    def kill(self) -> None:
        self.panel.kill()
