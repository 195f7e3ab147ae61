"""Where each part of the game screen goes, for any window size (1280 x 800 and up)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class GameLayout:
    """Screen rectangles of the game screen."""

    size: tuple[int, int]
    top_bar: pygame.Rect
    board: pygame.Rect
    tracks: pygame.Rect
    side: pygame.Rect
    rondel: pygame.Rect
    nations: pygame.Rect
    players: pygame.Rect
    log: pygame.Rect

    @property
    def scale(self) -> float:
        """Text and widget scale relative to the 1600 x 1000 design size."""
        w, h = self.size
        return max(0.78, min(1.25, min(w / 1600, h / 1000)))


def game_layout(width: int, height: int) -> GameLayout:
    """Top bar across; board with the tracks under it on the left; the side panel on the right."""
    top = max(36, round(height * 0.042))
    side_w = max(400, min(500, round(width * 0.29)))
    tracks_h = max(132, min(190, round(height * 0.17)))
    board_w = width - side_w
    top_bar = pygame.Rect(0, 0, width, top)
    board = pygame.Rect(0, top, board_w, height - top - tracks_h)
    tracks = pygame.Rect(0, height - tracks_h, board_w, tracks_h)
    side = pygame.Rect(board_w, top, side_w, height - top)
    rondel_h = round(side.height * 0.29)
    nations_h = round(side.height * 0.27)
    players_h = round(side.height * 0.22)
    rondel = pygame.Rect(side.x, side.y, side_w, rondel_h)
    nations = pygame.Rect(side.x, rondel.bottom, side_w, nations_h)
    players = pygame.Rect(side.x, nations.bottom, side_w, players_h)
    log = pygame.Rect(side.x, players.bottom, side_w, side.bottom - players.bottom)
    return GameLayout((width, height), top_bar, board, tracks, side, rondel, nations, players, log)
