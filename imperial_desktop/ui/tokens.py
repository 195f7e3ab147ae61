"""Sprites of the pieces on the board: armies (standing = hostile, lying = friendly), fleets,
flags, factories and rondel markers. Drawn once per size and colour, then blitted."""

from __future__ import annotations

from functools import lru_cache

import pygame

from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import ARMAMENTS, PIECE, PIECE_TEXT, SHIPYARD, RGB

SS = 3  # supersampling factor for smooth edges


def _darker(c: RGB, f: float = 0.55) -> RGB:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def _lighter(c: RGB, f: float = 0.45) -> RGB:
    return (int(c[0] + (255 - c[0]) * f), int(c[1] + (255 - c[1]) * f), int(c[2] + (255 - c[2]) * f))


def _finish(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


@lru_cache(maxsize=256)
def army_sprite(nation: str, size: int, lying: bool = False) -> pygame.Surface:
    """An army block: upright (hostile or at home) or lying on its side (friendly)."""
    colour = PIECE[nation]
    w, h = (round(size * 1.25), round(size * 0.8)) if lying else (round(size * 0.8), round(size * 1.1))
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, w * SS, h * SS).inflate(-2 * SS, -2 * SS)
    pygame.draw.rect(big, (0, 0, 0, 90), r.move(SS, SS), border_radius=3 * SS)
    pygame.draw.rect(big, colour, r, border_radius=3 * SS)
    pygame.draw.rect(big, _darker(colour, 0.45) if nation != "germany" else (150, 150, 150), r, width=max(1, SS), border_radius=3 * SS)
    # a highlight stripe: the wooden block's top face
    top = pygame.Rect(r.x + SS, r.y + SS, r.w - 2 * SS, max(SS, r.h // 5))
    pygame.draw.rect(big, _lighter(colour, 0.35), top, border_radius=2 * SS)
    return _finish(big, (w, h))


@lru_cache(maxsize=256)
def fleet_sprite(nation: str, size: int) -> pygame.Surface:
    """A fleet: a ship's hull with a small superstructure."""
    colour = PIECE[nation]
    w, h = round(size * 1.5), round(size * 0.85)
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    W, H = w * SS, h * SS
    hull = [(0.04 * W, 0.45 * H), (0.96 * W, 0.45 * H), (0.8 * W, 0.95 * H), (0.18 * W, 0.95 * H)]
    deck = [(0.3 * W, 0.15 * H), (0.62 * W, 0.15 * H), (0.66 * W, 0.47 * H), (0.26 * W, 0.47 * H)]
    edge = _darker(colour, 0.45) if nation != "germany" else (150, 150, 150)
    pygame.draw.polygon(big, _lighter(colour, 0.15), deck)
    pygame.draw.polygon(big, edge, deck, max(1, SS))
    pygame.draw.polygon(big, colour, hull)
    pygame.draw.polygon(big, edge, hull, max(1, SS))
    return _finish(big, (w, h))


@lru_cache(maxsize=128)
def flag_sprite(nation: str, size: int) -> pygame.Surface:
    """A flag on a pole in the nation's colour."""
    colour = PIECE[nation]
    w, h = round(size * 0.9), round(size * 1.1)
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    W, H = w * SS, h * SS
    pygame.draw.line(big, (50, 40, 30), (0.12 * W, 0.05 * H), (0.12 * W, 0.98 * H), max(2, SS * 2))
    cloth = [(0.14 * W, 0.06 * H), (0.98 * W, 0.26 * H), (0.14 * W, 0.52 * H)]
    pygame.draw.polygon(big, colour, cloth)
    pygame.draw.polygon(big, _darker(colour, 0.5) if nation != "germany" else (160, 160, 160), cloth, max(1, SS))
    return _finish(big, (w, h))


@lru_cache(maxsize=64)
def factory_sprite(kind: str, size: int, built: bool) -> pygame.Surface:
    """A factory square: filled brown (armaments) or light blue (shipyard) when built, an empty site otherwise."""
    colour = SHIPYARD if kind == "shipyard" else ARMAMENTS
    s = max(6, size)
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, s, s)
    if built:
        pygame.draw.rect(surf, colour, rect)
        pygame.draw.rect(surf, (30, 26, 22), rect, max(1, s // 8))
        # a chimney mark so a built factory reads as a building
        pygame.draw.rect(surf, (30, 26, 22), pygame.Rect(s * 0.25, s * 0.2, s * 0.18, s * 0.35))
    else:
        pygame.draw.rect(surf, (250, 248, 240), rect)
        pygame.draw.rect(surf, colour, rect, max(1, s // 6))
    return surf


@lru_cache(maxsize=128)
def count_badge(count: int, size: int) -> pygame.Surface:
    """A small white disc with the number of units in a stack."""
    d = max(12, size)
    big = pygame.Surface((d * SS, d * SS), pygame.SRCALPHA)
    pygame.draw.circle(big, (255, 255, 255), (d * SS // 2, d * SS // 2), d * SS // 2)
    pygame.draw.circle(big, (40, 40, 40), (d * SS // 2, d * SS // 2), d * SS // 2, max(1, SS))
    surf = _finish(big, (d, d))
    text = font(round(d * 0.72), "bold").render(str(count), True, (20, 20, 20))
    surf.blit(text, text.get_rect(center=(d / 2, d / 2 + 0.5)))
    return surf


@lru_cache(maxsize=64)
def marker_sprite(nation: str, size: int) -> pygame.Surface:
    """An octagonal nation marker for the rondel and the tracks."""
    colour = PIECE[nation]
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    import math

    c = size * SS / 2
    r = c * 0.95
    pts = [(c + r * math.cos(math.pi / 8 + i * math.pi / 4), c + r * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]
    pygame.draw.polygon(big, colour, pts)
    pygame.draw.polygon(big, (20, 20, 20) if nation != "germany" else (180, 180, 180), pts, max(1, SS))
    return _finish(big, (size, size))


def piece_text_colour(nation: str) -> RGB:
    return PIECE_TEXT[nation]
