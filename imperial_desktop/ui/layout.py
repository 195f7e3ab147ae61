"""Where each part of the game screen goes, for any window size (1280 x 720 and up).

The board takes the left; under it the power track and tax chart, then one table of the nations
and every investor's bonds in them. The right column holds the rondel, the place for decisions
(or, during computer turns, what the computer is doing) and the log. Nothing covers anything:
every part keeps its own rectangle during every decision. Windows smaller than
:data:`MIN_LOGICAL` are drawn at that size and scaled down by the app.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_LOGICAL = (1280, 720)
DESIGN = (1600, 1000)


def _clamp(value: float, low: int, high: int) -> int:
    return int(max(low, min(high, round(value))))


@dataclass(frozen=True)
class GameLayout:
    """Screen rectangles of the game screen."""

    size: tuple[int, int]
    top_bar: pygame.Rect
    board: pygame.Rect
    tracks: pygame.Rect
    table: pygame.Rect
    side: pygame.Rect
    rondel: pygame.Rect
    decision: pygame.Rect
    log: pygame.Rect

    @property
    def scale(self) -> float:
        """Text and widget scale relative to the 1600 x 1000 design size."""
        w, h = self.size
        return max(0.8, min(1.3, min(w / DESIGN[0], h / DESIGN[1])))


def game_layout(width: int, height: int) -> GameLayout:
    """Top bar across; board, tracks and table on the left; rondel, decision and log on the right."""
    width, height = max(width, MIN_LOGICAL[0]), max(height, MIN_LOGICAL[1])
    top = _clamp(height * 0.042, 36, 52)
    side_w = _clamp(width * 0.28, 380, 540)
    board_w = width - side_w
    tracks_h = _clamp(height * 0.078, 56, 96)
    table_h = _clamp(height * 0.215, 164, 300)
    board = pygame.Rect(0, top, board_w, height - top - tracks_h - table_h)
    tracks = pygame.Rect(0, board.bottom, board_w, tracks_h)
    table = pygame.Rect(0, tracks.bottom, board_w, height - tracks.bottom)
    side = pygame.Rect(board_w, top, side_w, height - top)
    rondel_h = _clamp(min(side.h * 0.27, side_w * 0.62), 176, 320)
    log_h = _clamp(side.h * 0.22, 130, 300)
    rondel = pygame.Rect(side.x, side.y, side_w, rondel_h)
    log = pygame.Rect(side.x, side.bottom - log_h, side_w, log_h)
    decision = pygame.Rect(side.x, rondel.bottom, side_w, log.y - rondel.bottom)
    return GameLayout((width, height), pygame.Rect(0, 0, width, top), board, tracks, table, side, rondel, decision, log)
