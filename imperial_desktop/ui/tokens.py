"""Sprites of the pieces on the board: armies (standing = hostile or at home, lying = friendly),
fleets, flags, factories, the marks drawn on them and rondel markers.

Each nation's pieces, flags, factories and markers carry its mark, a shape its map file names
(``board_look.MARKS``), so that a nation is told by its mark as well as by its colour.

Every piece carries an outline ring (black or white, chosen against the ground it stands on by
``palette.ring_colour``) so that it reads on every region colour. Drawn once per size and
colour, then blitted (a nation's colours come from its map file, ``board_look``)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from imperial_desktop.ui.board_look import nation_look
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import (ARMAMENTS, BLOCKED_MARK, HOSTILE_MARK, MOVED_MARK, OUTLINE_DARK,
                                         OUTLINE_LIGHT, QUESTION, SHIPYARD, RGB)

SS = 3  # supersampling factor for smooth edges


def _lighter(c: RGB, f: float = 0.45) -> RGB:
    return (int(c[0] + (255 - c[0]) * f), int(c[1] + (255 - c[1]) * f), int(c[2] + (255 - c[2]) * f))


def _finish(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


def draw_mark(surface: pygame.Surface, shape: str, colour: RGB, centre: tuple[float, float], radius: float) -> None:
    """A nation's mark (a shape of ``board_look.MARKS``) of about ``2 * radius`` across, centred
    on ``centre`` (drawn on the supersampled surfaces; nothing for an unknown shape)."""
    x, y = centre
    r = radius
    if shape == "circle":
        pygame.draw.circle(surface, colour, (x, y), r * 0.9)
    elif shape == "ring":
        pygame.draw.circle(surface, colour, (x, y), r * 0.95, max(1, round(r * 0.4)))
    elif shape == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - r * 0.8), round(y - r * 0.8), round(r * 1.6), round(r * 1.6)))
    elif shape == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - r * 1.05), (x + r, y + r * 0.75), (x - r, y + r * 0.75)])
    elif shape == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - r * 1.1), (x + r * 0.85, y), (x, y + r * 1.1), (x - r * 0.85, y)])
    elif shape == "cross":
        arm = r * 0.34
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - r), round(y - arm), round(2 * r), round(2 * arm)))
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - arm), round(y - r), round(2 * arm), round(2 * r)))
    elif shape == "star":
        points = []
        for i in range(10):
            reach = r * 1.15 if i % 2 == 0 else r * 0.5
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
        pygame.draw.polygon(surface, colour, points)
    elif shape == "bar":
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - r), round(y - r * 0.35), round(2 * r), round(r * 0.7)))


def ring_width(size: int) -> int:
    """Width in screen pixels of the outline ring of a piece of this size (2 px at least)."""
    return max(2, round(size / 11))


def badge_size(size: int) -> int:
    """Diameter of the count, hostile and moved badges on a piece of this size."""
    return max(13, round(size * 0.6))


def army_size(size: int, lying: bool) -> tuple[int, int]:
    """Pixel size of an army block: upright or lying on its side."""
    return (round(size * 1.25), round(size * 0.8)) if lying else (round(size * 0.8), round(size * 1.1))


def army_sprite(nation: str, size: int, lying: bool = False, ring: RGB = OUTLINE_DARK) -> pygame.Surface:
    """An army block inside an outline ring: upright (hostile or at home) or lying (friendly)."""
    look = nation_look(nation)
    return _army_sprite(look.piece, look.dark, size, lying, ring, look.mark, look.on_piece)


@lru_cache(maxsize=512)
def _army_sprite(colour: RGB, dark: bool, size: int, lying: bool, ring: RGB, mark: str = "",
                 mark_colour: RGB = OUTLINE_LIGHT) -> pygame.Surface:
    w, h = army_size(size, lying)
    rw = ring_width(size) * SS
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    outer = pygame.Rect(0, 0, w * SS, h * SS)
    pygame.draw.rect(big, ring, outer, border_radius=4 * SS)
    body = outer.inflate(-2 * rw, -2 * rw)
    pygame.draw.rect(big, colour, body, border_radius=2 * SS)
    # the wooden block's top face, lighter, so even a black block reads as a block
    top = pygame.Rect(body.x, body.y, body.w, max(SS, body.h // 4))
    pygame.draw.rect(big, _lighter(colour, 0.3 if dark else 0.4), top, border_radius=2 * SS)
    if mark:  # on the block's front face, below its top
        face = pygame.Rect(body.x, top.bottom, body.w, body.bottom - top.bottom)
        draw_mark(big, mark, mark_colour, face.center, min(face.w, face.h) * (0.42 if lying else 0.36))
    return _finish(big, (w, h))


def _thick_polygon(surf: pygame.Surface, colour: RGB, pts: list[tuple[float, float]], width: int) -> None:
    """Stroke a closed polygon with round joins."""
    pygame.draw.lines(surf, colour, True, pts, width)
    for p in pts:
        pygame.draw.circle(surf, colour, p, width / 2)


def fleet_sprite(nation: str, size: int, ring: RGB = OUTLINE_DARK) -> pygame.Surface:
    """A fleet: a ship's hull with a superstructure, inside an outline ring."""
    look = nation_look(nation)
    return _fleet_sprite(look.piece, size, ring, look.mark, look.on_piece)


@lru_cache(maxsize=256)
def _fleet_sprite(colour: RGB, size: int, ring: RGB, mark: str = "", mark_colour: RGB = OUTLINE_LIGHT) -> pygame.Surface:
    w, h = round(size * 1.5), round(size * 0.85)
    rw = ring_width(size) * SS
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    m = rw  # the ring's outer half must stay on the surface
    W, H = w * SS - 2 * m, h * SS - 2 * m
    hull = [(m + 0.0 * W, m + 0.42 * H), (m + 1.0 * W, m + 0.42 * H), (m + 0.82 * W, m + 1.0 * H), (m + 0.16 * W, m + 1.0 * H)]
    deck = [(m + 0.3 * W, m + 0.0 * H), (m + 0.64 * W, m + 0.0 * H), (m + 0.68 * W, m + 0.45 * H), (m + 0.26 * W, m + 0.45 * H)]
    for shape in (deck, hull):
        _thick_polygon(big, ring, shape, 2 * rw)
    pygame.draw.polygon(big, _lighter(colour, 0.25), deck)
    pygame.draw.polygon(big, colour, hull)
    # the deck line separates superstructure and hull inside the ring
    pygame.draw.line(big, ring, hull[0], hull[1], max(1, rw // 2))
    if mark:  # on the hull, below the deck line
        hull_h = hull[2][1] - hull[0][1]
        draw_mark(big, mark, mark_colour, (m + 0.49 * W, hull[0][1] + hull_h * 0.54), hull_h * 0.44)
    return _finish(big, (w, h))


def flag_sprite(nation: str, size: int) -> pygame.Surface:
    """A flag on a pole in the nation's colour, edged dark and light so it reads on any ground; a
    nation with a mark flies a square cloth carrying it, one without a pennant."""
    look = nation_look(nation)
    return _flag_sprite(look.piece, size, look.mark, look.on_piece)


@lru_cache(maxsize=128)
def _flag_sprite(colour: RGB, size: int, mark: str = "", mark_colour: RGB = OUTLINE_LIGHT) -> pygame.Surface:
    w, h = round(size * 0.9), round(size * 1.1)
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    W, H = w * SS, h * SS
    pygame.draw.line(big, OUTLINE_LIGHT, (0.12 * W, 0.05 * H), (0.12 * W, 0.98 * H), SS * 4)
    pygame.draw.line(big, (30, 24, 18), (0.12 * W, 0.05 * H), (0.12 * W, 0.98 * H), SS * 2)
    if mark:
        cloth = [(0.14 * W, 0.06 * H), (0.95 * W, 0.06 * H), (0.95 * W, 0.62 * H), (0.14 * W, 0.62 * H)]
    else:
        cloth = [(0.14 * W, 0.06 * H), (0.96 * W, 0.28 * H), (0.14 * W, 0.54 * H)]
    _thick_polygon(big, OUTLINE_DARK, cloth, 3 * SS)
    pygame.draw.polygon(big, colour, cloth)
    if mark:
        draw_mark(big, mark, mark_colour, (0.545 * W, 0.34 * H), min(0.81 * W, 0.56 * H) * 0.34)
    return _finish(big, (w, h))


FACTORY_INK: RGB = (30, 26, 22)  # a built factory's edge and chimney


@lru_cache(maxsize=64)
def factory_sprite(kind: str, size: int, built: bool, mark: str = "") -> pygame.Surface:
    """A factory square: filled brown (armaments) or light blue (shipyard) when built, an empty site
    otherwise. With ``mark``, the mark of the nation whose province it stands in fills the square
    (a built one without it has a chimney, so that it reads as a building)."""
    colour = SHIPYARD if kind == "shipyard" else ARMAMENTS
    s = max(6, size)
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, s, s)
    if built:
        pygame.draw.rect(surf, colour, rect)
        pygame.draw.rect(surf, FACTORY_INK, rect, max(1, s // 7))
        if not mark:
            pygame.draw.rect(surf, FACTORY_INK, pygame.Rect(s * 0.25, s * 0.2, max(2, s * 0.2), s * 0.4))
    else:
        pygame.draw.rect(surf, (250, 248, 240), rect)
        pygame.draw.rect(surf, colour, rect, max(2, s // 5))
    if mark:
        big = pygame.Surface((s * SS, s * SS), pygame.SRCALPHA)
        ink = OUTLINE_LIGHT if built and kind != "shipyard" else FACTORY_INK  # light on brown, dark on light blue and white
        draw_mark(big, mark, ink, (s * SS / 2, s * SS / 2), s * SS * (0.3 if built else 0.24))
        surf.blit(_finish(big, (s, s)), (0, 0))
    return surf


@lru_cache(maxsize=32)
def blocked_mark(size: int) -> pygame.Surface:
    """A red "no entry" ring with a slash, edged in white, over a factory a hostile army blocks
    (the factory stays visible inside the ring)."""
    d = max(9, size)
    big = pygame.Surface((d * SS, d * SS), pygame.SRCALPHA)
    D = d * SS
    c = D / 2
    ring = max(2 * SS, round(D * 0.10))  # thin: the factory inside stays readable
    edge = max(SS, round(D * 0.05))
    pygame.draw.circle(big, OUTLINE_LIGHT, (c, c), c, ring + 2 * edge)
    pygame.draw.circle(big, BLOCKED_MARK, (c, c), c - edge, ring)
    k = (c - edge - ring / 2) * 0.7071
    pygame.draw.line(big, OUTLINE_LIGHT, (c - k, c - k), (c + k, c + k), ring + 2 * edge)
    pygame.draw.line(big, BLOCKED_MARK, (c - k, c - k), (c + k, c + k), ring)
    return _finish(big, (d, d))


def _disc(d: int, colour: RGB) -> pygame.Surface:
    big = pygame.Surface((d * SS, d * SS), pygame.SRCALPHA)
    c = d * SS / 2
    pygame.draw.circle(big, OUTLINE_LIGHT, (c, c), c)
    pygame.draw.circle(big, colour, (c, c), c - max(SS, d * SS // 9))
    return big


@lru_cache(maxsize=32)
def hostile_badge(size: int) -> pygame.Surface:
    """A white cross (crossed swords, drawn small) on a red disc: this army is hostile in a foreign home province."""
    d = max(10, size)
    big = _disc(d, HOSTILE_MARK)
    D = d * SS
    w = max(SS, round(D * 0.13))
    a, b = 0.28 * D, 0.72 * D
    for (x0, y0, x1, y1) in ((a, a, b, b), (b, a, a, b)):  # blades from the top corners down
        pygame.draw.line(big, OUTLINE_LIGHT, (x0, y0), (x1, y1), w)
    for x in (a, b):  # the hilts' pommels at the lower ends
        pygame.draw.circle(big, OUTLINE_LIGHT, (x, b), w * 0.9)
    return _finish(big, (d, d))


@lru_cache(maxsize=32)
def undecided_badge(size: int) -> pygame.Surface:
    """A white question mark on an orange disc: whether this army is hostile or friendly is being asked."""
    d = max(10, size)
    surf = _finish(_disc(d, QUESTION), (d, d))
    mark = font(round(d * 0.72), "bold").render("?", True, OUTLINE_LIGHT)
    ink = mark.get_bounding_rect()
    surf.blit(mark, (round(d / 2 - ink.centerx), round(d / 2 - ink.centery)))
    return surf


@lru_cache(maxsize=64)
def moved_badge(size: int, count: int = 0) -> pygame.Surface:
    """A white check mark on a green disc: these units have moved this maneuver.

    With ``count`` > 0 the number of moved units is written beside the check (part of a stack moved)."""
    d = max(10, size)
    D = d * SS
    check = [(0.24 * D, 0.52 * D), (0.43 * D, 0.7 * D), (0.76 * D, 0.3 * D)]
    if count <= 0:
        big = _disc(d, MOVED_MARK)
        pygame.draw.lines(big, OUTLINE_LIGHT, False, check, max(SS, round(D * 0.14)))
        return _finish(big, (d, d))
    text = font(round(d * 0.8), "bold").render(str(count), True, OUTLINE_LIGHT)
    text_x = round(d * 0.82)  # the check fills the left disc, the number follows it
    w = text_x + text.get_width() + round(d * 0.3)
    big = pygame.Surface((w * SS, D), pygame.SRCALPHA)
    ring = max(SS, D // 9)
    pygame.draw.rect(big, OUTLINE_LIGHT, big.get_rect(), border_radius=D // 2)
    pygame.draw.rect(big, MOVED_MARK, big.get_rect().inflate(-2 * ring, -2 * ring), border_radius=D // 2)
    small_check = [(x * 0.9 + 0.02 * D, y) for x, y in check]
    pygame.draw.lines(big, OUTLINE_LIGHT, False, small_check, max(SS, round(D * 0.13)))
    surf = _finish(big, (w, d))
    surf.blit(text, text.get_rect(midleft=(text_x, d / 2 + 0.5)))
    return surf


@lru_cache(maxsize=128)
def count_badge(count: int, size: int) -> pygame.Surface:
    """A small white disc with the number of units in a stack."""
    d = max(12, size)
    big = pygame.Surface((d * SS, d * SS), pygame.SRCALPHA)
    c = d * SS / 2
    pygame.draw.circle(big, (20, 20, 20), (c, c), c)
    pygame.draw.circle(big, (255, 255, 255), (c, c), c - SS)
    surf = _finish(big, (d, d))
    text = font(round(d * (0.72 if count < 10 else 0.6)), "bold").render(str(count), True, (10, 10, 10))
    ink = text.get_bounding_rect()  # centre the digits' ink, not their line box
    surf.blit(text, (round(d / 2 - ink.centerx), round(d / 2 - ink.centery)))
    return surf


@lru_cache(maxsize=64)
def anchor_sprite(size: int) -> pygame.Surface:
    """The harbour anchor as printed on the map (for the legend)."""
    d = max(10, size)
    big = pygame.Surface((d * SS, d * SS), pygame.SRCALPHA)
    D = d * SS
    dark = (34, 62, 88)
    c = D / 2
    pygame.draw.circle(big, (214, 232, 242), (c, c), c)
    pygame.draw.circle(big, dark, (c, c), c, max(SS, D // 20))
    w = max(SS, round(D * 0.08))
    pygame.draw.circle(big, dark, (c, c - 0.26 * D), 0.1 * D, w)
    pygame.draw.line(big, dark, (c, c - 0.16 * D), (c, c + 0.31 * D), w)
    pygame.draw.line(big, dark, (c - 0.18 * D, c - 0.07 * D), (c + 0.18 * D, c - 0.07 * D), w)
    arc = pygame.Rect(0, 0, 0.62 * D, 0.48 * D)
    arc.center = (c, c + 0.1 * D)
    pygame.draw.arc(big, dark, arc, math.pi * 1.05, math.pi * 1.95, w)
    return _finish(big, (d, d))


def marker_sprite(nation: str, size: int) -> pygame.Surface:
    """An octagonal nation marker for the rondel and the tracks."""
    look = nation_look(nation)
    return _marker_sprite(look.piece, look.dark, size, look.mark, look.on_piece)


@lru_cache(maxsize=64)
def _marker_sprite(colour: RGB, dark: bool, size: int, mark: str = "", mark_colour: RGB = OUTLINE_LIGHT) -> pygame.Surface:
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    c = size * SS / 2
    r = c * 0.95
    pts = [(c + r * math.cos(math.pi / 8 + i * math.pi / 4), c + r * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]
    pygame.draw.polygon(big, colour, pts)
    if dark:  # a black marker needs a light edge, wide enough to see on the dark top bar
        pygame.draw.polygon(big, (235, 235, 235), pts, max(SS, round(size * SS * 0.1)))
    else:
        pygame.draw.polygon(big, (20, 20, 20), pts, max(1, SS))
    if mark and size >= 9:  # smaller, a mark would be a speck
        draw_mark(big, mark, mark_colour, (c, c), r * 0.5)
    return _finish(big, (size, size))


def piece_text_colour(nation: str) -> RGB:
    """The colour of text on a chip of the nation's piece colour."""
    return nation_look(nation).on_piece


@lru_cache(maxsize=32)
def harbour_plate(w: int, h: int, water: RGB) -> pygame.Surface:
    """A patch of water with a dark blue edge to draw under a fleet in harbour: the fleet lies in
    its port's water, not on the land around the port (as in the legend)."""
    pad = max(2, round(min(w, h) * 0.12))
    W, H = (w + 2 * pad) * SS, (h + 2 * pad) * SS
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = round(min(W, H) * 0.3)
    pygame.draw.rect(big, (34, 62, 88), (0, 0, W, H), border_radius=radius)
    pygame.draw.rect(big, water, (SS, SS, W - 2 * SS, H - 2 * SS), border_radius=max(1, radius - SS))
    return _finish(big, (w + 2 * pad, h + 2 * pad))


@lru_cache(maxsize=64)
def movable_halo(w: int, h: int, colour: RGB) -> pygame.Surface:
    """A glowing ring to draw under a piece of ``w`` x ``h`` pixels that can still move: a bright
    line edged dark outside (it reads on every ground) around a light glow that sets the piece's
    own outline apart from it. The piece is drawn over it."""
    m = max(5, min(9, round(min(w, h) * 0.4)))  # zoomed in, a wider ring would look heavy
    W, H = (w + 2 * m) * SS, (h + 2 * m) * SS
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    outer = big.get_rect()
    radius = min(W, H) // 2
    line = max(2 * SS, round(m * SS * 0.55))
    pygame.draw.rect(big, (*OUTLINE_DARK, 170), outer, border_radius=radius)
    pygame.draw.rect(big, colour, outer.inflate(-2 * SS, -2 * SS), border_radius=radius)
    pygame.draw.rect(big, (*OUTLINE_LIGHT, 170), outer.inflate(-2 * SS - 2 * line, -2 * SS - 2 * line),
                     border_radius=max(SS, radius - line))
    return _finish(big, (w + 2 * m, h + 2 * m))
