"""The hover tooltip of a region: name, owner, factory, flag and the units there."""

from __future__ import annotations

import pygame

from imperial_desktop.core import GameState
from imperial_desktop.i18n import N_, _, ngettext
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import PANEL_EDGE, PANEL_TEXT, TOOLTIP_BG

KIND_TEXT = {"home_province": N_("Home province"), "neutral_land": N_("Neutral land"), "sea": N_("Sea"),
             "impassable": N_("Impassable")}


def _units_text(armies: int, fleets: int, status: str, in_harbour: bool) -> list[str]:
    """"2 hostile armies", "1 fleet in harbour"... (status: "", "hostile" or "friendly")."""
    parts = []
    if armies:
        if status == "hostile":
            parts.append(ngettext("{count} hostile army", "{count} hostile armies", armies).format(count=armies))
        elif status == "friendly":
            parts.append(ngettext("{count} friendly army", "{count} friendly armies", armies).format(count=armies))
        else:
            parts.append(ngettext("{count} army", "{count} armies", armies).format(count=armies))
    if fleets:
        if in_harbour:
            parts.append(ngettext("{count} fleet in harbour", "{count} fleets in harbour", fleets).format(count=fleets))
        else:
            parts.append(ngettext("{count} fleet", "{count} fleets", fleets).format(count=fleets))
    return parts


def region_tooltip_lines(state: GameState, region: str) -> list[str]:
    """What a player wants to know about a region, one fact per line."""
    b = state.board
    r = b.regions[region]
    lines = [r.name]
    if r.kind == "home_province" and r.nation:
        lines.append(_("{nation}, home province").format(nation=b.name_of(r.nation)))
        shipyard = r.factory_type == "shipyard"
        if region in state.factories:
            occupied = region in state.occupied_regions()
            if occupied:
                lines.append(_("Shipyard (occupied: no production, no taxes)") if shipyard else
                             _("Armaments factory (occupied: no production, no taxes)"))
            else:
                lines.append(_("Shipyard") if shipyard else _("Armaments factory"))
        else:
            lines.append(_("Site for a shipyard") if shipyard else _("Site for an armaments factory"))
        if r.harbour_sea:
            lines.append(_("Harbour opens onto the {sea}").format(sea=b.name_of(r.harbour_sea)))
    elif r.kind == "impassable":
        lines.append(_("{region}: no unit may enter").format(region=r.name))
    else:
        lines.append(_(KIND_TEXT[r.kind]))
    if region in state.flags:
        lines.append(_("Flag: {nation} (1M tax)").format(nation=b.name_of(state.flags[region])))
    for nation, armies, fleets in state.units_in(region):
        status = ""
        if armies and r.kind == "home_province" and r.nation != nation:
            status = "hostile" if region in state.hostile[nation] else "friendly"
        parts = _units_text(armies, fleets, status, not r.is_sea)
        lines.append(_("{nation}: {units}").format(nation=b.name_of(nation), units=", ".join(parts)))
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
