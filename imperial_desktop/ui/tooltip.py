"""The hover tooltip of a region: name, owner, factory, flag and the units there."""

from __future__ import annotations

import pygame

from imperial_desktop.core import GameState
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import PANEL_EDGE, PANEL_TEXT, TOOLTIP_BG

KIND_TEXT = {"home_province": "home province", "neutral_land": "neutral land", "sea": "sea", "impassable": "impassable"}


def region_tooltip_lines(state: GameState, region: str) -> list[str]:
    """What a player wants to know about a region, one fact per line."""
    b = state.board
    r = b.regions[region]
    lines = [r.name]
    if r.kind == "home_province" and r.nation:
        lines.append(f"{b.name_of(r.nation)}, home province")
        kind = "shipyard" if r.factory_type == "shipyard" else "armaments factory"
        if region in state.factories:
            occupied = region in state.occupied_regions()
            lines.append(f"{kind.capitalize()}{' (occupied: no production, no taxes)' if occupied else ''}")
        else:
            lines.append(f"Site for a {kind}")
        if r.harbour_sea:
            lines.append(f"Harbour opens onto the {b.name_of(r.harbour_sea)}")
    elif r.kind == "impassable":
        lines.append("Switzerland: no unit may enter")
    else:
        lines.append(KIND_TEXT[r.kind].capitalize())
    if region in state.flags:
        lines.append(f"Flag: {b.name_of(state.flags[region])} (1M tax)")
    for nation, armies, fleets in state.units_in(region):
        parts = []
        if armies:
            status = ""
            if r.kind == "home_province" and r.nation != nation:
                status = " hostile" if region in state.hostile[nation] else " friendly"
            parts.append(f"{armies}{status} arm{'ies' if armies > 1 else 'y'}")
        if fleets:
            where = " in harbour" if not r.is_sea else ""
            parts.append(f"{fleets} fleet{'s' if fleets > 1 else ''}{where}")
        lines.append(f"{b.name_of(nation)}: " + ", ".join(parts))
    return lines


def tooltip_surface(lines: list[str], scale: float) -> pygame.Surface:
    """A tooltip box (with its shadow) holding ``lines``; the first line bold."""
    size = round(13 * scale)
    images = [font(size, "bold" if i == 0 else "regular").render(line, True, PANEL_TEXT) for i, line in enumerate(lines)]
    w = max(img.get_width() for img in images) + 16
    h = sum(img.get_height() for img in images) + 10 + 2 * (len(images) - 1)
    surf = pygame.Surface((w + 3, h + 3), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(surf, (0, 0, 0, 110), rect.move(3, 3), border_radius=5)
    pygame.draw.rect(surf, TOOLTIP_BG, rect, border_radius=5)
    pygame.draw.rect(surf, PANEL_EDGE, rect, 1, border_radius=5)
    y = 5
    for img in images:
        surf.blit(img, (8, y))
        y += img.get_height() + 2
    return surf


def place_tooltip(size: tuple[int, int], pos: tuple[int, int], screen: tuple[int, int]) -> tuple[int, int]:
    """Top-left corner for a tooltip near the pointer, kept inside the window."""
    x, y = pos[0] + 18, pos[1] + 18
    if x + size[0] > screen[0] - 4:
        x = pos[0] - 10 - size[0]
    if y + size[1] > screen[1] - 4:
        y = pos[1] - 10 - size[1]
    return max(0, x), max(0, y)


def draw_tooltip(surface: pygame.Surface, lines: list[str], pos: tuple[int, int], scale: float) -> pygame.Rect:
    """Draw a tooltip near ``pos``."""
    tip = tooltip_surface(lines, scale)
    rect = tip.get_rect(topleft=place_tooltip(tip.get_size(), pos, surface.get_size()))
    surface.blit(tip, rect)
    return rect
