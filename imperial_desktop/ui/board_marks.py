"""What the board view drew last frame, for tests and animations to ask about."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Mark:
    """Something drawn on the board last frame (a moved piece, a hostile army, a name, ...)."""

    kind: str  # "moved" | "hostile" | "undecided" | "blocked" | "label" | "movable" | "harbour"
    region: str
    rect: pygame.Rect
    nation: str = ""
    unit: str = ""
