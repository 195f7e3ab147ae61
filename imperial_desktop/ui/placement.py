"""Where a box over the board stands: the corner that hides least of what the player needs to see."""

from __future__ import annotations

from typing import Sequence

import pygame

CORNERS = ("topleft", "topright", "bottomleft", "bottomright")


def quietest_corner(size: tuple[int, int], area: pygame.Rect, keep_clear: Sequence[Sequence[pygame.Rect]],
                    corners: Sequence[str] = CORNERS) -> pygame.Rect:
    """The rectangle of ``size`` in the corner of ``area`` that covers the fewest rectangles of the
    first group of ``keep_clear``, then of the second, and so on (points are 1x1 rectangles); on a
    tie, the first of ``corners``."""
    def placed(corner: str) -> pygame.Rect:
        rect = pygame.Rect((0, 0), size)
        setattr(rect, corner, getattr(area, corner))
        return rect

    def covered(rect: pygame.Rect) -> tuple[int, ...]:
        return tuple(len(rect.collidelistall(list(group))) for group in keep_clear)

    return min((placed(c) for c in corners), key=covered)


def point_rects(points: Sequence[tuple[float, float]]) -> list[pygame.Rect]:
    """Points as 1x1 rectangles (for ``keep_clear``)."""
    return [pygame.Rect(round(x), round(y), 1, 1) for x, y in points]
