"""The timeline bar of time travel: the game from its set-up to the present as a strip of nation
turns in their nations' colours, rounds marked and numbered, the position shown as a handle.

Drawing and hit-testing only. The strip is rendered once per timeline length and size (a bright
copy for the part already seen, a dim one for the rest) and each frame blits the two parts and
the handle, so dragging over it costs next to nothing here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from imperial_desktop.session.timeline import Timeline
from imperial_desktop.ui import panels
from imperial_desktop.ui.board_look import nation_look
from imperial_desktop.ui.fonts import font

RGB = tuple[int, int, int]
TRACK_BG: RGB = (92, 84, 72)
HANDLE: RGB = (255, 214, 80)
ROUND_TICK: RGB = (250, 244, 230)


@dataclass(frozen=True)
class TimelineMarks:
    """Where the nation turns and rounds of a game begin (positions), and its last position."""

    last: int
    turns: tuple[tuple[int, str], ...]  # (first position, nation) of each nation turn
    rounds: tuple[tuple[int, int], ...]  # (first position, round number) of each round

    @classmethod
    def of(cls, timeline: Timeline) -> "TimelineMarks":
        turns = tuple((i, timeline.moment(i).nation or "") for i in timeline.turn_starts())
        rounds = tuple((i, timeline.moment(i).round) for i in timeline.round_starts())
        return cls(timeline.last, turns, rounds)


@dataclass(frozen=True)
class TimelineBar:
    """The strip's place on the screen and the number of positions it stands for."""

    track: pygame.Rect
    last: int

    def x_of(self, index: int) -> int:
        """The x of position ``index`` (0 at the left end, the present at the right end)."""
        if self.last <= 0:
            return self.track.right - 1
        return self.track.x + round((self.track.w - 1) * max(0, min(self.last, index)) / self.last)

    def index_at(self, x: float) -> int:
        """The position nearest to ``x`` (clamped to the strip)."""
        if self.last <= 0 or self.track.w <= 1:
            return max(0, self.last)
        return max(0, min(self.last, round((x - self.track.x) * self.last / (self.track.w - 1))))

    def hit_rect(self) -> pygame.Rect:
        """Where a click or a drag takes hold of the strip (a little taller than the strip)."""
        return self.track.inflate(8, max(12, self.track.h))


class TimelineArt:
    """The strip rendered once per (marks, size): its bright and dim copies."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._bright: pygame.Surface | None = None
        self._dim: pygame.Surface | None = None

    def _render(self, marks: TimelineMarks, size: tuple[int, int], scale: float) -> None:
        w, h = size
        bright = pygame.Surface((w, h))
        bright.fill(TRACK_BG)
        bar = TimelineBar(pygame.Rect(0, 0, w, h), marks.last)
        starts = list(marks.turns) + [(marks.last + 1, "")]
        for (start, nation), (end, _next) in zip(starts, starts[1:]):
            if not nation:
                continue
            x0, x1 = bar.x_of(start), bar.x_of(end)
            colour = _nation_colour(nation)
            pygame.draw.rect(bright, colour, (x0, 0, max(1, x1 - x0), h))
        for start, _number in marks.rounds:
            x = bar.x_of(start)
            pygame.draw.line(bright, ROUND_TICK, (x, 0), (x, h - 1), max(1, round(scale * 1.5)))
        dim = bright.copy()
        veil = pygame.Surface((w, h))
        veil.fill((60, 56, 50))
        veil.set_alpha(170)  # the part after the position shown: there, but greyed
        dim.blit(veil, (0, 0))
        self._bright, self._dim = bright, dim

    def draw(self, surface: pygame.Surface, bar: TimelineBar, marks: TimelineMarks, index: int, scale: float,
             labels_above: int = 0) -> None:
        """The strip at ``bar.track`` with the part up to ``index`` bright, the handle at ``index``;
        with ``labels_above`` pixels of room, the rounds' numbers above the strip."""
        key = (marks, bar.track.size, round(scale * 100))
        if key != self._key or self._bright is None:
            self._render(marks, bar.track.size, scale)
            self._key = key
        assert self._bright is not None and self._dim is not None
        x = bar.x_of(index)
        split = x - bar.track.x + 1
        surface.blit(self._bright, bar.track.topleft, pygame.Rect(0, 0, split, bar.track.h))
        rest = pygame.Rect(split, 0, bar.track.w - split, bar.track.h)
        surface.blit(self._dim, (bar.track.x + split, bar.track.y), rest)
        pygame.draw.rect(surface, (30, 27, 23), bar.track, 1)
        if labels_above >= 8:
            _round_labels(surface, bar, marks, labels_above, scale)
        _handle(surface, bar, x, scale)


def _nation_colour(nation: str) -> RGB:
    try:
        return nation_look(nation).piece
    except KeyError:  # a nation the board in use does not know (a record of another board)
        return (150, 140, 120)


def _round_labels(surface: pygame.Surface, bar: TimelineBar, marks: TimelineMarks, room: int, scale: float) -> None:
    """Round numbers above their ticks, as many as fit without touching."""
    size = max(8, min(room, panels.px(10, scale)))
    f = font(size, "bold")
    right_of_last = -10**9
    for start, number in marks.rounds:
        label = str(number)
        w = f.size(label)[0]
        x = bar.x_of(start)
        if x - w // 2 < right_of_last + 6:
            continue
        panels.text(surface, label, (x, bar.track.y - 1), size, (214, 204, 184), "bold", "midbottom")
        right_of_last = x + w // 2


def _handle(surface: pygame.Surface, bar: TimelineBar, x: int, scale: float) -> None:
    """The position shown: a bright upright bar through the strip with a small triangle on top."""
    top, bottom = bar.track.y - max(3, round(4 * scale)), bar.track.bottom + max(3, round(4 * scale))
    w = max(3, round(4 * scale))
    pygame.draw.rect(surface, (30, 27, 23), (x - w // 2 - 1, top - 1, w + 2, bottom - top + 2))
    pygame.draw.rect(surface, HANDLE, (x - w // 2, top, w, bottom - top))


__all__ = ["TimelineArt", "TimelineBar", "TimelineMarks"]
