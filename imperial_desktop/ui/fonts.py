"""Fonts from assets/fonts (DejaVu, free licence), loaded as package resources and cached."""

from __future__ import annotations

from functools import lru_cache

import pygame

from imperial_desktop.resources import assets_root

FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "serif_italic": "DejaVuSerif-Italic.ttf",
}


def font_path(kind: str = "regular") -> str:
    """File system path of a bundled font (works from source, installed and frozen)."""
    return str(assets_root() / "fonts" / FILES[kind])


@lru_cache(maxsize=64)
def font(size: int, kind: str = "regular") -> pygame.font.Font:
    """A pygame font of the given pixel size."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(kind), max(6, int(size)))
