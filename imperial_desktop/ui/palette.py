"""Colours of the game's pieces and panels (the map's own tones live in map_render)."""

from __future__ import annotations

RGB = tuple[int, int, int]

# Wooden piece colours: AH yellow, IT green, FR blue, GB red, GE black, RU purple (R-EN components).
PIECE: dict[str, RGB] = {
    "austria_hungary": (236, 196, 40),
    "italy": (70, 150, 60),
    "france": (52, 104, 196),
    "great_britain": (200, 44, 40),
    "germany": (40, 40, 44),
    "russia": (128, 72, 160),
}
PIECE_TEXT: dict[str, RGB] = {n: ((30, 30, 30) if n == "austria_hungary" else (250, 250, 250)) for n in PIECE}

PANEL_BG: RGB = (238, 232, 218)
PANEL_EDGE: RGB = (150, 136, 110)
PANEL_TEXT: RGB = (40, 36, 30)
PANEL_MUTED: RGB = (120, 110, 95)
HEADER_BG: RGB = (58, 52, 44)
HEADER_TEXT: RGB = (246, 240, 226)
HIGHLIGHT: RGB = (255, 236, 120)
LEGAL: RGB = (80, 200, 120)
ILLEGAL: RGB = (220, 70, 60)
WINDOW_BG: RGB = (70, 64, 56)
ARMAMENTS: RGB = (128, 82, 46)
SHIPYARD: RGB = (120, 192, 230)
TOOLTIP_BG: RGB = (252, 250, 240)
