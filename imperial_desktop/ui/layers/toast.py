"""Short messages over the board for a few seconds: in red when something was refused or went
wrong, in slate blue when it is only news (taxes collected, a game saved)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, NamedTuple

import pygame

from imperial_desktop.ui import panels
from imperial_desktop.ui.layers.overlays import OverlayLayer
from imperial_desktop.ui.layers.stack import Layer, Rank

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

TOAST_REFUSAL = (120, 40, 30)  # a message that something was refused or went wrong
TOAST_INFO = (40, 62, 88)  # a message that is only news


class Toast(NamedTuple):
    text: str
    until: float  # time.monotonic() when it goes
    info: bool  # only news (else a refusal or a failure)


class ToastLayer(Layer):
    """The message shown now, if any; drawn at the top of the board, clear of an open overlay."""

    rank = Rank.TOAST

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.message: Toast | None = None

    def show(self, text: str, seconds: float = 3.5, info: bool = False) -> None:
        self.message = Toast(text, time.monotonic() + seconds, info)
        self.scene.dirty = True

    def clear(self, refusal_only: bool = False) -> None:
        """Take the message away (``refusal_only``: only a refusal, which a move that worked answers)."""
        if self.message is not None and not (refusal_only and self.message.info):
            self.message = None

    def update(self, dt: float) -> None:
        if self.message and time.monotonic() > self.message.until:
            self.message = None
            self.scene.dirty = True

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Draw the message; returns where it went."""
        if not self.message:
            return None
        scene = self.scene
        board = scene.layout.board
        overlay = scene.layers.find(OverlayLayer)
        frame = overlay.summary_rect() if overlay is not None else None
        images, rect = self._box(board)
        if overlay is not None:  # clear of the open overlay's title and close hint
            rect.midbottom = (board.centerx, board.bottom - 4)
            if frame is not None and frame.colliderect(rect):
                if not frame.colliderect(rect.move(0, board.y + 12 - rect.y)):
                    rect.y = board.y + 12  # the summary sits in a bottom corner: the top is free
                else:  # a tall summary: the toast goes beside it, in the wider strip it leaves
                    left = pygame.Rect(board.x, board.y, frame.x - board.x, board.h)
                    right = pygame.Rect(frame.right, board.y, board.right - frame.right, board.h)
                    strip = max(left, right, key=lambda r: r.w)
                    if strip.w >= 160:
                        images, rect = self._box(strip, lines=4)
                        rect.midbottom = (strip.centerx, strip.bottom - 4)
        info = self.message.info
        pygame.draw.rect(surface, TOAST_INFO if info else TOAST_REFUSAL, rect, border_radius=8)
        pygame.draw.rect(surface, (210, 226, 240) if info else (250, 220, 200), rect, 1, border_radius=8)
        y = rect.y + 6
        for img in images:
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()
        return rect

    def _box(self, room: pygame.Rect, lines: int = 3) -> tuple[list[pygame.Surface], pygame.Rect]:
        """The message's lines wrapped to ``room`` (at most ``lines``) and its box, at the top of ``room``."""
        assert self.message is not None
        size = panels.px(15, self.scene.layout.scale)
        width = max(60, room.w - 60 if room.w > 300 else room.w - 24)
        text = self.message.text
        f = panels.fitted_font(text, size, "bold", width)
        images = [f.render(line, True, (255, 255, 255)) for line in panels.wrap(text, f, width)[:lines]]
        rect = pygame.Rect(0, 0, max(i.get_width() for i in images) + 24, sum(i.get_height() for i in images) + 12)
        rect.midtop = (room.centerx, room.y + 12)
        return images, rect


__all__ = ["Toast", "ToastLayer"]
