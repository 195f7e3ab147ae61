"""Colours of the panels and of the marks on the board (a nation's colours come from its map file,
see ``board_look``; the map's own tones live in map_render)."""

from __future__ import annotations

RGB = tuple[int, int, int]

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

# Board marks (see ui/legend.py for what each one means to the player).
OUTLINE_DARK: RGB = (0, 0, 0)
OUTLINE_LIGHT: RGB = (255, 255, 255)
HOSTILE_MARK: RGB = (200, 24, 24)
MOVED_MARK: RGB = (34, 139, 60)
BLOCKED_MARK: RGB = (214, 20, 20)
SELECTED: RGB = (255, 214, 80)
HOVER: RGB = (255, 248, 200)
MOVABLE: RGB = LEGAL  # the ring under a piece that can still move (legal, like a drag's destinations)


def relative_luminance(colour: RGB) -> float:
    """WCAG 2 relative luminance (0 = black, 1 = white) of an sRGB colour."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours (1 .. 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


MIN_PIECE_CONTRAST = 3.0  # WCAG 2 ratio for graphical objects


def ring_colour(ground: RGB, piece: RGB | None = None) -> RGB:
    """The outline ring a piece gets on this ground: black wherever black reaches the 3:1 ratio
    (every colour of this board), white on grounds too dark for it. White too for a piece that is
    itself nearly black on a ground it does not stand out from (German pieces on German
    provinces), where a black ring would only make the piece look bigger."""
    if (piece is not None and contrast_ratio(piece, ground) < 4.5  # stands out clearly by itself above this
            and contrast_ratio(OUTLINE_DARK, piece) < 2.0 and contrast_ratio(OUTLINE_LIGHT, ground) >= MIN_PIECE_CONTRAST):
        return OUTLINE_LIGHT
    if contrast_ratio(OUTLINE_DARK, ground) >= MIN_PIECE_CONTRAST:
        return OUTLINE_DARK
    return OUTLINE_LIGHT
QUESTION: RGB = (255, 140, 60)  # the region a battle or status question is about
