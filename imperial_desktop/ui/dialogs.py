"""pygame-gui panels that show a decision's choices as buttons (with tooltips) and report the
chosen action."""

from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer, UITextBox

from imperial_desktop.ui.choices import Choice, DecisionView

BUTTON_H = 30
GAP = 4


class ChoicePanel:
    """A panel with a title, a prompt and one button per choice (scrolling when many)."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, view: DecisionView, *,
                 cancel: str | None = None, object_id: str = "#decision_panel", anchor: str = "top"):
        self.manager = manager
        self.view = view
        self.buttons: dict[UIButton, Choice] = {}
        self.cancel_button: UIButton | None = None
        prompt_h = 58
        n = len(view.choices) + (1 if cancel else 0)
        # short labels go in two columns (rondel spaces, production, imports)
        self.columns = 2 if n > 3 and all(len(c.label) <= 24 for c in view.choices) else 1
        rows = -(-n // self.columns)
        wanted = 40 + prompt_h + rows * (BUTTON_H + GAP) + 12
        height = min(rect.h, wanted)
        top = rect.y if anchor == "top" else rect.bottom - height
        self.rect = pygame.Rect(rect.x, top, rect.w, height)
        self.panel = UIPanel(self.rect, starting_height=3, manager=manager, object_id=object_id)
        inner_w = self.rect.w - 12
        UILabel(pygame.Rect(6, 4, inner_w, 26), view.title, manager, container=self.panel, object_id="#heading_label")
        UITextBox(view.prompt, pygame.Rect(6, 30, inner_w, prompt_h), manager, container=self.panel)
        list_top = 30 + prompt_h + 4
        list_h = self.rect.h - list_top - 8
        content_h = rows * (BUTTON_H + GAP)
        self.scroll = scroll = UIScrollingContainer(pygame.Rect(6, list_top, inner_w, list_h), manager, container=self.panel,
                                                    allow_scroll_x=False)
        scroll.set_scrollable_area_dimensions((inner_w - (20 if content_h > list_h else 0), content_h))
        full = inner_w - (22 if content_h > list_h else 2)
        width = (full - GAP * (self.columns - 1)) // self.columns
        for i, choice in enumerate(view.choices):
            col, row = i % self.columns, i // self.columns
            rect = pygame.Rect(col * (width + GAP), row * (BUTTON_H + GAP), width, BUTTON_H)
            button = UIButton(rect, _fit(choice.label, width), manager, container=scroll,
                              tool_tip_text=choice.tip or None,
                              object_id="#primary_button" if choice.primary else None)
            if choice.action is None and choice.toggle is None:
                button.disable()
            self.buttons[button] = choice
        if cancel:
            i = len(view.choices)
            rect = pygame.Rect((i % self.columns) * (width + GAP), (i // self.columns) * (BUTTON_H + GAP), width, BUTTON_H)
            self.cancel_button = UIButton(rect, cancel, manager, container=scroll,
                                          tool_tip_text="Close without choosing (Esc)", object_id="#danger_button")

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

    def kill(self) -> None:
        self.panel.kill()


def _fit(label: str, width: int) -> str:
    """Shorten a label that would not fit its button (the tooltip keeps the details)."""
    limit = max(12, width // 7)
    return label if len(label) <= limit else label[: limit - 1] + "…"
