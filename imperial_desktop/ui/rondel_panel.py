"""The rondel panel: the wheel of action spaces, the nations' markers on it and the space names,
each name fitted inside its space at every window size and language (smaller, or split at a
syllable, when it does not fit on one line)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from imperial_desktop.core import GameState
from imperial_desktop.i18n import _
from imperial_desktop.ui import tokens
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import PANEL_BG, PANEL_MUTED, RGB
from imperial_desktop.ui.panels import FLASH, MIN_TEXT, RONDEL_COLOURS, panel, px, text


def draw_rondel(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float,
                highlight: dict[int, RGB] | None = None, hover: int | None = None,
                flash: int | None = None) -> RondelGeometry:
    """The rondel with the nation markers; returns its centre and inner and outer radius.

    ``highlight`` outlines spaces (the legal ones), ``hover`` lights the space a choice button or
    the pointer refers to, ``flash`` marks the space a computer nation just moved to.
    """
    inner = panel(surface, rect, _("Rondel"), scale)
    board = state.board
    cx, cy = inner.centerx, inner.centery + 1
    radius = min(inner.w * 0.46, inner.h * 0.5)
    inner_r = radius * 0.36
    n = len(board.rondel)
    for space in board.rondel:
        a0 = -math.pi / 2 + (space.index - 0.5) * 2 * math.pi / n
        a1 = a0 + 2 * math.pi / n
        pts = [(cx + inner_r * math.cos(a0 + (a1 - a0) * t / 8), cy + inner_r * math.sin(a0 + (a1 - a0) * t / 8)) for t in range(9)]
        pts += [(cx + radius * math.cos(a1 - (a1 - a0) * t / 8), cy + radius * math.sin(a1 - (a1 - a0) * t / 8)) for t in range(9)]
        colour = RONDEL_COLOURS.get(space.action, (180, 180, 180))
        if space.index in (hover, flash):
            colour = tuple(min(255, c + 45) for c in colour)  # type: ignore[assignment]
        pygame.draw.polygon(surface, colour, pts)
        if space.index == flash:
            pygame.draw.polygon(surface, FLASH, pts, max(3, round(4 * scale)))
        elif space.index == hover:
            pygame.draw.polygon(surface, (255, 255, 255), pts, max(3, round(4 * scale)))
        elif highlight and space.index in highlight:
            pygame.draw.polygon(surface, highlight[space.index], pts, max(2, round(3 * scale)))
        else:
            pygame.draw.polygon(surface, (60, 50, 40), pts, 1)
    pygame.draw.circle(surface, PANEL_BG, (cx, cy), inner_r - 2)
    geometry = (cx, cy, inner_r, radius)
    msize = rondel_marker_size(scale)
    for space, label in zip(board.rondel, rondel_labels(tuple(sp.name for sp in board.rondel), geometry, scale)):
        here = [nat for nat in board.nation_ids if state.rondel[nat] == space.index]
        for nat, centre in zip(here, rondel_marker_row(len(here), label.markers_at, space.index, geometry, n, msize)):
            if len(here) > 1:
                pygame.draw.circle(surface, (250, 246, 236), centre, msize / 2 + 1)  # a rim keeps overlapping markers apart
            m = tokens.marker_sprite(nat, msize)
            surface.blit(m, m.get_rect(center=centre))
    draw_rondel_names(surface, state, geometry, scale)
    waiting = [nat for nat in board.nation_ids if state.rondel[nat] is None]
    if waiting:
        text(surface, _("start"), (cx, cy - inner_r * 0.5), px(10, scale), PANEL_MUTED, "regular", "center",
             max_width=inner_r * 1.6)
        msize = max(11, round(13 * scale))
        for i, nat in enumerate(waiting):
            m = tokens.marker_sprite(nat, msize)
            col, row = i % 3, i // 3
            surface.blit(m, m.get_rect(center=(cx + (col - 1) * (msize + 2), cy + row * (msize + 2))))
    return geometry


RondelGeometry = tuple[float, float, float, float]  # centre x and y, inner and outer radius


def rondel_marker_size(scale: float) -> int:
    """The size of a nation marker on the rondel."""
    return max(12, round(15 * scale))


def rondel_marker_row(count: int, at: tuple[float, float], space: int, geometry: RondelGeometry,
                      spaces: int, size: int) -> list[tuple[int, int]]:
    """Centres of ``count`` markers in a row on a rondel space: side by side where the space is wide
    enough, else overlapping, so that none reaches into the next space (three markers
    on Factory would hide the P of Production)."""
    x, y = at
    room = _room(at, space, geometry, spaces)
    step = size + 1.0 if count < 2 else min(size + 1.0, max(0.0, 2 * room - size) / (count - 1))
    return [(round(x + (i - (count - 1) / 2) * step), round(y)) for i in range(count)]


def _room(at: tuple[float, float], space: int, geometry: RondelGeometry, spaces: int) -> float:
    """How far the space reaches from ``at`` both left and right."""
    x, y = at
    room = 0.0
    while rondel_space_at((round(x - room - 1), round(y)), geometry, spaces) == space \
            and rondel_space_at((round(x + room + 1), round(y)), geometry, spaces) == space:
        room += 1
    return room


@dataclass(frozen=True)
class RondelLabel:
    """A rondel space's name as drawn (its lines, text size and rectangle) and where its markers go."""

    lines: tuple[str, ...]
    size: int
    rect: pygame.Rect
    markers_at: tuple[float, float]


@lru_cache(maxsize=32)
def rondel_labels(names: tuple[str, ...], geometry: RondelGeometry, scale: float) -> tuple[RondelLabel, ...]:
    """Each space's name as large as it fits inside its space with a row of markers under it, the
    same on every space that has that name: on one line if it can be (down to MIN_TEXT), else split
    in two (the names crossed into the next space at 1280x720)."""
    labels: dict[int, RondelLabel] = {}
    for name in dict.fromkeys(names):
        spaces = [i for i, other in enumerate(names) if other == name]
        labels.update(zip(spaces, _name_labels(name, spaces, len(names), geometry, scale)))
    return tuple(labels[i] for i in range(len(names)))


def _name_labels(name: str, spaces: list[int], count: int, geometry: RondelGeometry,
                 scale: float) -> list[RondelLabel]:
    """The labels of one name on its ``spaces``, in the first layout that fits on all of them."""
    for msize in (rondel_marker_size(scale), 0):  # 0: where a marker does not fit beside the name, it goes under it
        for lines in name_splits(name):
            for size in range(px(11, scale), MIN_TEXT - 1, -1):
                spots = [_label_spot(lines, size, space, count, geometry, msize) for space in spaces]
                if None not in spots:
                    return [RondelLabel(lines, size, spot[0], spot[1] if msize else _aside(spot[0], space, count, geometry,
                                                                                          scale))
                            for spot, space in zip(spots, spaces)]  # type: ignore[index]
    msize = rondel_marker_size(scale)
    lines = name_splits(name)[-1]  # no window the layout allows gets here
    rects = [_lines_rect(lines, MIN_TEXT, _mid_point(space, count, geometry, 0.5)) for space in spaces]
    return [RondelLabel(lines, MIN_TEXT, rect, (rect.centerx, rect.bottom + msize / 2)) for rect in rects]


def _aside(name: pygame.Rect, space: int, spaces: int, geometry: RondelGeometry, scale: float) -> tuple[float, float]:
    """Where on the middle of the space a marker covers least of the name (it is drawn under it)."""
    msize = rondel_marker_size(scale)
    steps = max(1, round(geometry[3] - geometry[2]))
    best: tuple[float, tuple[float, float]] | None = None
    for step in range(steps + 1):
        at = _mid_point(space, spaces, geometry, step / steps)
        marker = _marker_rect(at, msize)
        if in_wedge(marker, space, spaces, geometry):
            hidden = marker.clip(name)
            score = -hidden.w * hidden.h - abs(step / steps - 0.5)
            if best is None or score > best[0]:
                best = (score, at)
    return best[1] if best else name.center


VOWELS = set("aeiouyäöüéèêàâîôûœAEIOUYÄÖÜÉ")


def name_splits(name: str) -> list[tuple[str, ...]]:
    """``name`` on one line, then on two lines at each place where a hyphen may go (before a
    consonant followed by a vowel: "Pro-duction", "Produk-tion"), the most even first."""
    cuts = [i for i in range(2, len(name) - 2) if name[i] not in VOWELS | {"x"} and name[i + 1] in VOWELS
            and VOWELS & set(name[:i]) and name[i - 1].isalpha()]
    cuts.sort(key=lambda i: abs(i + 1 - (len(name) - i)))
    return [(name,)] + [(name[:i] + "-", name[i:]) for i in cuts]


def _mid_point(space: int, spaces: int, geometry: RondelGeometry, part: float) -> tuple[float, float]:
    """The point on the middle of a space at ``part`` of the way from the inner to the outer radius."""
    cx, cy, inner_r, radius = geometry
    mid = -math.pi / 2 + space * 2 * math.pi / spaces
    r = inner_r + (radius - inner_r) * part
    return cx + r * math.cos(mid), cy + r * math.sin(mid)


def _line_step(f: pygame.font.Font) -> int:
    """The distance between the lines of a split name: close, as its pieces have no descenders to clear."""
    return f.get_ascent() - 1


@lru_cache(maxsize=512)
def _ink(lines: tuple[str, ...], size: int) -> tuple[pygame.Rect, ...]:
    """Where the letters of each line lie in its rendering (names are fitted by their letters)."""
    f = font(size, "bold")
    return tuple(f.render(line, True, (255, 255, 255)).get_bounding_rect() for line in lines)


def _lines_rect(lines: tuple[str, ...], size: int, centre: tuple[float, float]) -> pygame.Rect:
    """The rectangle the letters of ``lines`` fill when centred on ``centre``."""
    ink = _ink(lines, size)
    step = _line_step(font(size, "bold"))
    rect = pygame.Rect(0, 0, max(b.w for b in ink), step * (len(lines) - 1) + ink[-1].bottom - ink[0].top)
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


def _label_spot(lines: tuple[str, ...], size: int, space: int, spaces: int, geometry: RondelGeometry,
                msize: int) -> tuple[pygame.Rect, tuple[float, float]] | None:
    """The name's rectangle and the markers' row under it, on the middle of the space nearest its
    centre where three markers fit side by side (else where most fit), or None if the name and one
    marker do not both fit."""
    best: tuple[float, pygame.Rect, tuple[float, float]] | None = None
    steps = max(1, round(geometry[3] - geometry[2]))
    for step in range(steps + 1):
        x, y = _mid_point(space, spaces, geometry, step / steps)
        for shift in (0, -2, 2, -4, 4, -6, 6):  # a level name fits a slanted space best a little off its middle
            rect = _lines_rect(lines, size, (x + shift, y))
            at = (rect.centerx, rect.bottom + 1 + msize / 2)
            if in_wedge(rect.inflate(2, 2), space, spaces, geometry) and in_wedge(_marker_rect(at, msize), space, spaces,
                                                                                   geometry):
                room = min(_room(at, space, geometry, spaces), 1.5 * msize + 2)  # room for 3 markers is enough
                score = room - abs(step / steps - 0.5) - abs(shift) / 100
                if best is None or score > best[0]:
                    best = (score, rect, at)
    return None if best is None else best[1:]


def _marker_rect(at: tuple[float, float], msize: int) -> pygame.Rect:
    """The square a rondel marker centred on ``at`` covers, with its rim."""
    rect = pygame.Rect(0, 0, msize + 2, msize + 2)
    rect.center = (round(at[0]), round(at[1]))
    return rect


def in_wedge(rect: pygame.Rect, space: int, spaces: int, geometry: RondelGeometry) -> bool:
    """Whether ``rect`` lies wholly inside the rondel space ``space``."""
    corners = ((rect.left, rect.top), (rect.right - 1, rect.top), (rect.left, rect.bottom - 1),
               (rect.right - 1, rect.bottom - 1))
    cx, cy, inner_r, _radius = geometry
    nearest = (min(max(cx, rect.left), rect.right - 1), min(max(cy, rect.top), rect.bottom - 1))
    return all(rondel_space_at(c, geometry, spaces) == space for c in corners) \
        and math.hypot(nearest[0] - cx, nearest[1] - cy) >= inner_r


def draw_rondel_names(surface: pygame.Surface, state: GameState, geometry: RondelGeometry,
                      scale: float) -> dict[int, pygame.Rect]:
    """The names over every rondel space, each inside its space; returns where each went. Marks
    drawn over the rondel afterwards (the coach's ring) call this again so that no name is cut."""
    drawn: dict[int, pygame.Rect] = {}
    rondel = state.board.rondel
    for space, label in zip(rondel, rondel_labels(tuple(sp.name for sp in rondel), tuple(geometry), scale)):
        f = font(label.size, "bold")
        ink = _ink(label.lines, label.size)
        for i, line in enumerate(label.lines):
            top = label.rect.y - ink[0].top + i * _line_step(f)
            surface.blit(f.render(line, True, (255, 255, 255)), (label.rect.centerx - ink[i].centerx, top))
        drawn[space.index] = label.rect
    return drawn


def rondel_space_at(pos: tuple[int, int], geometry: tuple[float, float, float, float], spaces: int) -> int | None:
    """The rondel space under a screen point, from the geometry draw_rondel returned."""
    cx, cy, inner_r, radius = geometry
    dx, dy = pos[0] - cx, pos[1] - cy
    dist = math.hypot(dx, dy)
    if not inner_r <= dist <= radius:
        return None
    angle = (math.atan2(dy, dx) + math.pi / 2) % (2 * math.pi)  # 0 at the top, clockwise
    return int((angle + math.pi / spaces) // (2 * math.pi / spaces)) % spaces
