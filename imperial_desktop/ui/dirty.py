"""Presenting only what changed: the frame's picture is compared with the one presented last, and
only the rectangles that differ go to the display (``pygame.display.update(rects)``).

The scenes still draw their whole picture every frame (cheap: the board and the panels are cached
surfaces); what is saved is handing the whole window to the display, which under X11 costs more
than the drawing. Comparing the pixels, not trusting what each part says it changed, means nothing
moved can leave a ghost behind: every pixel that differs from the picture shown is presented.

A window smaller than the smallest layout (or one showing a larger text size) gets the picture
smooth-scaled. pygame's smoothscale scales the width (row by row) and then the height (column by
column), so the changed rows are scaled in width into :attr:`ScreenUpdates.between`, a copy kept of
that first step, and only the changed columns are scaled in height, from the top (the filter's
phase starts there): the window gets exactly the pixels a full smoothscale gives
(``tests/test_ui_redraw.py``).
"""

from __future__ import annotations

import math

import numpy as np
import pygame

TILE = 16  # columns are compared in strips of this width (rows one by one)
GAP = 3  # changed strips fewer than this many strips apart make one rectangle
FULL_SHARE = 0.5  # presenting more than this share of the picture: the whole window at once
MOST_RECTS = 40  # more separate rectangles than this: their bounding rectangle instead
MARGIN = 2  # window pixels around a changed area in the scaled path (the filters read neighbours)


def changed_rects(current: pygame.Surface, previous: pygame.Surface) -> list[pygame.Rect] | None:
    """The rectangles where two pictures of the same size and format differ ([] for none), or None
    when so much changed that the whole picture is cheaper to present."""
    w, h = current.get_size()
    rects: list[pygame.Rect] = []
    reaching: list[pygame.Rect] = []  # the rectangles that changed in the band above
    last_band = -2
    for band, (y0, y1), tiles in _changed_bands(current, previous):
        if band != last_band + 1:
            reaching = []
        touched = []
        for first, end in _runs(tiles, GAP):
            part = pygame.Rect(first * TILE, y0, min(w, end * TILE) - first * TILE, y1 - y0)
            # the same thing going on downwards (an outline, a panel): one rectangle
            rect = next((r for r in reaching if r.x < part.right and part.x < r.right), None)
            if rect is None:
                rect = part
                rects.append(rect)
            else:
                rect.union_ip(part)
            if rect not in touched:
                touched.append(rect)
        reaching, last_band = touched, band
    if len(rects) > MOST_RECTS:  # scattered small changes: their bounding rectangle
        rects = [rects[0].unionall(rects[1:])]
    if sum(r.w * r.h for r in rects) > FULL_SHARE * w * h:
        return None
    return rects


def _changed_bands(current: pygame.Surface, previous: pygame.Surface):
    """Per band of TILE rows that changed: (band index, (first, end) changed row, changed column
    strips). The arrays lock the surfaces: they are gone on return."""
    w, h = current.get_size()
    per_word = 2 if current.get_pitch() % 8 == 0 and previous.get_pitch() % 8 == 0 else 1
    now, then = _pixels(current, per_word), _pixels(previous, per_word)
    differ = _SCRATCH.get(now.shape)
    if differ is None:  # kept: a new array every frame costs more than the comparison (fresh pages)
        _SCRATCH.clear()
        differ = _SCRATCH[now.shape] = np.empty(now.shape, dtype=bool)
    np.not_equal(now, then, out=differ)
    rows = differ.any(axis=1)
    words = TILE // per_word
    out = []
    for band in np.flatnonzero(np.logical_or.reduceat(rows, np.arange(0, h, TILE))):
        top = band * TILE
        changed = np.flatnonzero(rows[top:top + TILE])
        strip = differ[top + changed[0]:top + changed[-1] + 1]
        tiles = np.logical_or.reduceat(strip.any(axis=0), np.arange(0, strip.shape[1], words))
        out.append((int(band), (top + int(changed[0]), top + int(changed[-1]) + 1), tiles))
    return out


_SCRATCH: dict[tuple[int, ...], np.ndarray] = {}  # where the comparison goes, by shape


def _pixels(surface: pygame.Surface, per_word: int) -> np.ndarray:
    """The surface's rows as words of ``per_word`` pixels (2: 64-bit words, half the comparisons),
    a view: no copy."""
    w, h = surface.get_size()
    size = 4 * per_word
    words = np.frombuffer(surface.get_buffer(), dtype=np.uint64 if per_word == 2 else np.uint32)
    return words.reshape(h, surface.get_pitch() // size)[:, :(w + per_word - 1) // per_word]


def _runs(flags: np.ndarray, gap: int = 1) -> list[tuple[int, int]]:
    """The runs of true flags as (first, end) index pairs; runs less than ``gap`` apart make one."""
    on = np.flatnonzero(flags)
    if not on.size:
        return []
    breaks = np.flatnonzero(np.diff(on) > gap)
    starts = np.concatenate(([on[0]], on[breaks + 1]))
    ends = np.concatenate((on[breaks], [on[-1]])) + 1
    return [(int(a), int(b)) for a, b in zip(starts, ends)]


class ScreenUpdates:
    """What the display shows: the picture presented last, and the next frame's changes to it.

    :meth:`present` hands the display only what changed since the last frame; :meth:`everything`
    makes the next frame present the whole window (a new window or screen, an uncovered window,
    a dialog opened or closed). :attr:`last` holds the window rectangles presented by the last
    frame (for the tests and tools), :attr:`last_full` whether that was the whole window.
    """

    def __init__(self, compare: bool = True) -> None:
        # False where nothing is shown (a headless video driver: tests, the smoke test, tools):
        # every frame is handed over whole, without the comparison's cost
        self.compare = compare
        self.previous: pygame.Surface | None = None  # the scenes' picture as presented last
        self.between: pygame.Surface | None = None  # scaled path: that picture shrunk in width only
        self._full = True
        self._window_size = (0, 0)  # of the window presented to last
        self.last: list[pygame.Rect] = []
        self.last_full = False

    def everything(self) -> None:
        """Present the whole window at the next frame."""
        self._full = True

    def present(self, screen: pygame.Surface, window: pygame.Surface) -> None:
        """Put the frame drawn on ``screen`` on the display (``window`` is the display surface: the
        same surface, or a smaller one that gets the picture scaled down)."""
        scaled = screen is not window
        if not self.compare:
            if scaled:
                pygame.transform.smoothscale(screen, window.get_size(), window)
            pygame.display.flip()
            self.last, self.last_full = [window.get_rect()], True
            return
        rects = None
        if not self._full and self._fits(screen, window, scaled) and screen.get_bytesize() == 4:
            rects = changed_rects(screen, self.previous)
        if rects is None:
            self._present_all(screen, window, scaled)
            return
        for rect in rects:
            self.previous.blit(screen, rect, rect)
        out = self._scale(screen, window, rects) if scaled else rects
        if out:
            pygame.display.update(out)
        self.last, self.last_full = out, False

    def _fits(self, screen: pygame.Surface, window: pygame.Surface, scaled: bool) -> bool:
        """Whether the kept pictures belong to this screen and window (not to the ones before a resize)."""
        if self.previous is None or self.previous.get_size() != screen.get_size():
            return False
        if self.previous.get_bitsize() != screen.get_bitsize() or self.previous.get_masks() != screen.get_masks():
            return False
        return not scaled or (self.between is not None and self._window_size == window.get_size()
                              and self.between.get_size() == (window.get_width(), screen.get_height()))

    def _present_all(self, screen: pygame.Surface, window: pygame.Surface, scaled: bool) -> None:
        if self.previous is None or self.previous.get_size() != screen.get_size() \
                or self.previous.get_masks() != screen.get_masks():
            self.previous = screen.copy()
        else:
            self.previous.blit(screen, (0, 0))
        if scaled:
            # the two steps of a smoothscale, the first one kept for partial frames
            self.between = pygame.transform.smoothscale(screen, (window.get_width(), screen.get_height()))
            pygame.transform.smoothscale(self.between, window.get_size(), window)
        else:
            self.between = None
        pygame.display.flip()
        self._full = False
        self._window_size = window.get_size()
        self.last, self.last_full = [window.get_rect()], True

    def _scale(self, screen: pygame.Surface, window: pygame.Surface, rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """Scale the changed parts of ``screen`` onto ``window``; the window rectangles changed."""
        assert self.between is not None
        lw, lh = screen.get_size()
        ww, wh = window.get_size()
        for top, bottom in _merged((r.y, r.bottom) for r in rects):  # every changed row first: the
            part = pygame.Rect(0, top, lw, bottom - top)  # column step reads whole columns
            pygame.transform.smoothscale(screen.subsurface(part), (ww, part.h),
                                         self.between.subsurface((0, top, ww, part.h)))
        out = []
        for rect in rects:
            x0 = max(0, math.floor((rect.x - 1) * ww / lw) - MARGIN)
            x1 = min(ww, math.ceil((rect.right + 1) * ww / lw) + MARGIN)
            y0 = max(0, math.floor((rect.y - 1) * wh / lh) - MARGIN)
            y1 = min(wh, math.ceil((rect.bottom + 1) * wh / lh) + MARGIN)
            out.append(pygame.Rect(x0, y0, x1 - x0, y1 - y0))
        # Shrinking, the height filter's phase repeats every lh/period rows (wh/period in the window):
        # a column scaled from the top to a whole number of periods is exact. Enlarging (a large text
        # size), the filter's steps are worked out for the whole height: whole columns then.
        period = math.gcd(lh, wh) if wh < lh else 1
        source_rows, window_rows = lh // period, wh // period
        for left, right in _merged((r.x, r.right) for r in out):
            below = [r for r in out if left <= r.x and r.right <= right]
            periods = min(period, math.ceil(max(r.bottom for r in below) / window_rows))
            column = pygame.transform.smoothscale(self.between.subsurface((left, 0, right - left, periods * source_rows)),
                                                  (right - left, periods * window_rows))
            for r in below:
                window.blit(column, r, r.move(-left, 0))
        return out


def _merged(spans) -> list[tuple[int, int]]:
    """Overlapping or touching (start, end) spans joined, in order."""
    out: list[list[int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return [(a, b) for a, b in out]


__all__ = ["ScreenUpdates", "changed_rects"]
