"""Fonts from assets/fonts (DejaVu, free licence), loaded as package resources and cached."""

from __future__ import annotations

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


_FONTS: dict[tuple[int, str], pygame.font.Font] = {}


def font(size: int, kind: str = "regular") -> pygame.font.Font:
    """A pygame font of the given pixel size (cached; rebuilt after pygame was shut down)."""
    if not pygame.font.get_init():  # first use, or pygame.quit() invalidated every font
        pygame.font.init()
        _FONTS.clear()
    key = (max(6, int(size)), kind)
    cached = _FONTS.get(key)
    if cached is not None:
        try:
            cached.get_height()  # raises if pygame was shut down and started again since
        except pygame.error:
            _FONTS.clear()
            cached = None
    if cached is None:
        cached = _FONTS[key] = pygame.font.Font(font_path(kind), key[0])
    return cached
