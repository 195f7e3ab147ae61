"""A stack of layers: the game screen's parts, each with one input, one upkeep and one drawing.

Input goes from the top layer down until one takes it; drawing goes from the bottom up, so a
layer covers the ones below it. Where a layer stands is its :class:`Rank`, written once here:
pushing a layer puts it above every layer of a lower or equal rank, whatever was opened first.
That order answers the questions a chain of flags answered in every handler before: which open
thing Esc closes first, which one Enter confirms, what a click on the board reaches.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import IntEnum
from typing import ClassVar, TypeVar

import pygame


class Rank(IntEnum):
    """The layers' order, bottom first. The layers that draw are ordered by what covers what;
    the windows (pygame-gui draws them over the whole screen) by which one Esc and Enter reach first."""

    COMMANDS = 0  # the top bar's buttons and the screen's keys (Esc here opens the game menu)
    CHROME = 1  # the panels around the board; the rondel's spaces and the log's wheel
    BOARD = 2  # the map: pointing, clicks, zoom and pan (Esc here lets a clicked region go)
    COMPUTER_TURN = 3  # the computer step being shown: its regions, the unit sliding
    DRAG = 4  # a unit being dragged (it takes Esc before every layer: Esc cancels the drag)
    OVERLAY = 5  # scores, legend, what happened: over the board or the strip under it
    HINT = 6  # the Expert's advice in a corner of the board
    DECISION = 7  # the decision panel (Enter: its primary choice)
    MENU = 8  # the game menu
    AUX = 9  # a small choice panel over the board (Esc closes it before the menu)
    CONFIRM_TURN = 10  # the Confirm turn panel (Enter confirms even with a choice panel open)
    SIDE_WINDOW = 11  # the save dialog or the rules (typing there is not a shortcut)
    QUESTION = 12  # a safeguard question (Esc: no, Enter: yes)
    LESSON = 13  # the guided game's coach: clicks on its box stay there
    PANEL_TIP = 14  # what a place on the table, the tracks, the top bar or the rondel means (over every box)
    REGION_TIP = 15  # the facts of the region pointed at (over the coach's marks)
    TOAST = 16  # a short message over the board
    SETTINGS = 17  # the settings window: all input while it is open
    HANDOVER = 18  # the hot-seat screen: hides everything and takes all input, before any widget


class Layer:
    """One part of the game screen. Every method has a do-nothing default: a layer overrides
    what it takes part in."""

    rank: ClassVar[Rank]

    def intercept(self, event: pygame.event.Event) -> bool:
        """Take ``event`` before the widgets see it (True: nobody else gets it)."""
        return False

    def captures(self, event: pygame.event.Event) -> bool:
        """See ``event`` before the layers above this one; True takes it (nobody else gets it)."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True when it is used up (the layers below do not get it)."""
        return False

    def update(self, dt: float) -> None:
        """Per-frame upkeep (a window closed by its own button leaves the stack here)."""

    def draw(self, surface: pygame.Surface) -> object:
        """Draw onto ``surface``; returns what was drawn, for whoever asks (None: nothing)."""
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """The screen has a new size (windows are centred again, panels laid out for it)."""

    def holds_computers(self) -> bool:
        """Whether the computers wait while this layer is open."""
        return False

    def covers_widgets(self) -> bool:
        """Whether this layer hides the whole screen, the widgets too."""
        return False

    def close(self) -> None:
        """The layer leaves the stack: its widgets go (called once per removal; may be called again)."""


L = TypeVar("L", bound=Layer)


class LayerStack:
    """The layers of one screen, bottom first."""

    def __init__(self) -> None:
        self._layers: list[Layer] = []

    def push(self, layer: L) -> L:
        """Put ``layer`` above every layer of its rank or lower; returns it."""
        at = len(self._layers)
        while at > 0 and self._layers[at - 1].rank > layer.rank:
            at -= 1
        self._layers.insert(at, layer)
        return layer

    def pop(self, layer: Layer | None = None) -> Layer | None:
        """Take ``layer`` (the top one if None) out of the stack and close it; None if it was not in it."""
        if layer is None:
            layer = self.top()
        if layer is None or layer not in self._layers:
            return None
        self._layers.remove(layer)
        layer.close()
        return layer

    def top(self) -> Layer | None:
        return self._layers[-1] if self._layers else None

    def find(self, kind: type[L]) -> L | None:
        """The topmost layer of this kind, or None."""
        return next((layer for layer in reversed(self._layers) if isinstance(layer, kind)), None)

    def __contains__(self, layer: object) -> bool:
        return layer in self._layers

    def __iter__(self) -> Iterator[Layer]:
        """The layers bottom first (a copy: a layer may push or pop while they are gone through)."""
        return iter(list(self._layers))

    def intercept(self, event: pygame.event.Event) -> bool:
        """Offer ``event`` to the layers, top first, before the widgets: True if one took it."""
        return any(layer.intercept(event) for layer in reversed(list(self._layers)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer ``event`` first to a layer that captures it, then top down until one uses it up."""
        layers = list(reversed(self._layers))
        if any(layer.captures(event) for layer in layers):
            return True
        for layer in layers:
            if layer in self._layers and layer.handle_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        for layer in reversed(list(self._layers)):
            if layer in self._layers:
                layer.update(dt)

    def draw(self, surface: pygame.Surface) -> dict[type[Layer], object]:
        """Draw every layer, bottom first; what each drew, by its kind (layers that drew nothing left out)."""
        drawn: dict[type[Layer], object] = {}
        for layer in list(self._layers):
            shown = layer.draw(surface)
            if shown is not None:
                drawn[type(layer)] = shown
        return drawn

    def resize(self, size: tuple[int, int]) -> None:
        for layer in reversed(list(self._layers)):
            if layer in self._layers:
                layer.resize(size)

    def holds_computers(self) -> bool:
        return any(layer.holds_computers() for layer in self._layers)

    def covers_widgets(self) -> bool:
        return any(layer.covers_widgets() for layer in self._layers)

    def close(self) -> None:
        """Close every layer, top first (the screen goes)."""
        while self._layers:
            self.pop()


__all__ = ["Layer", "LayerStack", "Rank"]
