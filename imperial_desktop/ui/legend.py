"""The board's legend: every piece, mark and colour of the map next to a short text.

``legend_size(scale)`` is the size it needs; ``draw_legend(surface, rect, scale)`` draws it
(the game screen opens it from a button and a key). Sprites are the board's own (ui/tokens).
"""

from __future__ import annotations

import pygame

from imperial_desktop.i18n import N_, _
from imperial_desktop.ui import board_look, tokens
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.map_render import IMPASSABLE, IMPASSABLE_HATCH, NEUTRAL, SEA
from imperial_desktop.ui.palette import (HOVER, LEGAL, MOVABLE, OUTLINE_DARK, PANEL_BG, PANEL_EDGE, PANEL_TEXT,
                                         QUESTION, SELECTED, RGB)

TITLE = N_("Legend")


def _rows() -> list[tuple[str, str]]:
    """(symbol key, text) of every row, in reading order; a key "head:" starts a column section."""
    rows = [
        ("head:", _("Pieces")),
        ("army", _("Army (standing: at home, in neutral land or hostile)")),
        ("army_lying", _("Army lying: friendly in a foreign home province")),
        ("army_hostile", _("Red × badge: hostile army (blocks the factory there)")),
        ("fleet", _("Fleet at sea")),
        ("harbour", _("Fleet in a harbour")),
        ("count", _("Number of units in a stack")),
        ("moved", _("Has moved this maneuver (all units of the stack)")),
        ("moved_part", _("That many units of the stack have moved")),
        ("flag", _("Flag: the nation taxes this region (land or sea)")),
        ("head:", _("Cities and harbours")),
        ("armaments", _("Armaments factory (builds armies)")),
        ("shipyard", _("Shipyard (builds fleets)")),
        ("site", _("Empty site (brown: armaments, blue: shipyard)")),
        ("blocked", _("Red ring and slash: a hostile army blocks the factory")),
        ("anchor", _("Anchor: a harbour (its fleets lie next to it)")),
        ("head:", _("Colours")),
    ]
    board = board_look.board()  # the names in the language in use
    rows += [(f"nation:{n}", _("{nation} (pieces and home provinces)").format(nation=board.name_of(n)))
             for n in board.nation_ids]
    rows.append(("ground:neutral", _("Neutral land")))
    rows += [(f"ground:impassable:{r}", _("{region}: impassable").format(region=board.name_of(r)))
             for r in board_look.impassable_regions()]
    rows += [
        ("ground:sea", _("Sea")),
        ("ring:legal", _("Green edge: a legal destination or choice")),
        ("movable", _("Green ring around a piece: it can still move")),
        ("ring:selected", _("Gold edge: the selected region")),
        ("ring:hover", _("Pale edge: the region under the pointer")),
        ("ring:question", _("Orange edge or ?: a question is asked there")),
        ("ring:hint", _("White / blue edge: the hint's first and other moves")),
    ]
    return rows


MIN_TEXT_PX = 11  # the legend shrinks to fit its rectangle, never below this text size


def _metrics(scale: float) -> tuple[int, int, int, int]:
    """(text px, row height, symbol column width, padding)."""
    px = max(MIN_TEXT_PX, round(14 * scale))
    row = round(px * 2.0)
    return px, row, round(row * 2.2), max(5, round(10 * scale))


def _columns(rows: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """Two columns, split at the section that starts nearest the middle."""
    heads = [i for i, (k, _) in enumerate(rows) if k == "head:"]
    split = min(heads[1:], key=lambda i: abs(i - len(rows) / 2))
    return [rows[:split], rows[split:]]


def legend_size(scale: float, title: bool = True) -> tuple[int, int]:
    """Width and height the legend needs at a UI scale."""
    px, row, sym, pad = _metrics(scale)
    f = font(px)
    cols = _columns(_rows())
    widths = [sym + max(f.size(text)[0] for _, text in col) for col in cols]
    title_h = font(round(px * 1.3), "bold").get_height() + pad // 2 if title else 0
    return (sum(widths) + pad * (len(cols) + 1), title_h + max(len(c) for c in cols) * row + pad)


def fitting_scale(size: tuple[int, int], scale: float, title: bool = True) -> float:
    """The largest scale up to ``scale`` at which the legend fits ``size`` (or the smallest one)."""
    s = scale
    while s > 0.5:
        w, h = legend_size(s, title)
        if w <= size[0] and h <= size[1]:
            return s
        s = round(s - 0.02, 2)
    return s


def _swatch(surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
    pygame.draw.rect(surface, colour, rect)
    pygame.draw.rect(surface, (40, 36, 30), rect, 1)


def _symbol(surface: pygame.Surface, key: str, box: pygame.Rect) -> None:
    """Draw the symbol of a row centred in ``box``."""
    size = max(16, round(box.h * 0.74))
    badge = tokens.badge_size(size)  # as on the board
    c = box.center
    nation = board_look.legend_nation()

    def blit(img: pygame.Surface, **where) -> pygame.Rect:
        r = img.get_rect(**where)
        surface.blit(img, r)
        return r

    if key in ("army", "count", "moved", "moved_part"):
        # the moved badges hang below the block: lift it so the row holds both
        lift = badge // 3 if key.startswith("moved") else 0
        r = blit(tokens.army_sprite(nation, size, False, OUTLINE_DARK), center=(c[0] + lift, c[1] - lift))
        if key == "count":
            blit(tokens.count_badge(3, badge), center=r.topright)
        elif key == "moved":
            blit(tokens.moved_badge(badge), midleft=(r.left - badge // 2, r.bottom))
        elif key == "moved_part":
            blit(tokens.count_badge(3, badge), center=r.topright)
            blit(tokens.moved_badge(badge, 2), midleft=(r.left - badge // 2, r.bottom))
    elif key == "army_lying":
        blit(tokens.army_sprite(nation, size, True, OUTLINE_DARK), center=c)
    elif key == "movable":
        army = tokens.army_sprite(nation, round(size * 0.8), False, OUTLINE_DARK)
        blit(tokens.movable_halo(army.get_width(), army.get_height(), MOVABLE), center=c)
        blit(army, center=c)
    elif key == "army_hostile":
        r = blit(tokens.army_sprite(nation, size, False, OUTLINE_DARK), center=c)
        blit(tokens.hostile_badge(badge), center=r.topleft)
    elif key == "fleet":
        pygame.draw.rect(surface, SEA, box.inflate(-4, -4), border_radius=3)
        blit(tokens.fleet_sprite(nation, size, OUTLINE_DARK), center=c)
    elif key == "harbour":
        pygame.draw.rect(surface, SEA, box.inflate(-4, -4), border_radius=3)
        a = blit(tokens.anchor_sprite(round(size * 0.9)), midleft=(box.left + 4, c[1]))
        blit(tokens.fleet_sprite(nation, round(size * 0.8), OUTLINE_DARK), midleft=(a.centerx, c[1]))
    elif key == "flag":
        blit(tokens.flag_sprite(nation, size), center=c)
    elif key in ("armaments", "shipyard", "site", "blocked"):
        fs = max(10, round(size * 0.7))
        if key == "site":
            blit(tokens.factory_sprite("armaments", fs, False), midright=(c[0] - 2, c[1]))
            blit(tokens.factory_sprite("shipyard", fs, False), midleft=(c[0] + 2, c[1]))
        else:
            blit(tokens.factory_sprite("shipyard" if key == "shipyard" else "armaments", fs, True), center=c)
            if key == "blocked":
                blit(tokens.blocked_mark(round(fs * 1.5)), center=c)
    elif key == "anchor":
        blit(tokens.anchor_sprite(size), center=c)
    elif key.startswith("nation:"):
        n = key.split(":", 1)[1]
        sw = pygame.Rect(0, 0, box.w // 2 - 2, box.h - 6)
        _swatch(surface, sw.move(box.x + 1, box.y + 3), board_look.nation_look(n).land)
        blit(tokens.army_sprite(n, round(size * 0.8), False, OUTLINE_DARK), center=(box.x + box.w * 3 // 4, c[1]))
    elif key.startswith("ground:"):
        ground = key.split(":")[1]
        colour = {"neutral": NEUTRAL, "impassable": IMPASSABLE, "sea": SEA}[ground]
        sw = box.inflate(-6, -6)
        _swatch(surface, sw, colour)
        if ground == "impassable":  # hatched as on the map
            clip = surface.get_clip()
            surface.set_clip(sw)
            for x in range(sw.left - sw.h, sw.right, 5):
                pygame.draw.line(surface, IMPASSABLE_HATCH, (x, sw.bottom), (x + sw.h, sw.top))
            surface.set_clip(clip)
    elif key.startswith("ring:"):
        colour = {"legal": LEGAL, "selected": SELECTED, "hover": HOVER, "question": QUESTION,
                  "hint": (255, 255, 255)}[key.split(":", 1)[1]]
        sw = box.inflate(-8, -8)
        _swatch(surface, sw, NEUTRAL)
        pygame.draw.rect(surface, colour, sw, 3)
        if key == "ring:question":  # the entering army whose status is asked carries the same colour
            q = tokens.undecided_badge(max(10, round(sw.h * 0.8)))
            surface.blit(q, q.get_rect(center=(sw.right, sw.centery)))


def draw_legend(surface: pygame.Surface, rect: pygame.Rect, scale: float, *, title: bool = True,
                frame: bool = True) -> list[pygame.Rect]:
    """Draw the legend into ``rect``, shrunk below ``scale`` where needed to fit it (down to
    11 px text; clipped beyond that); returns the rectangles of its texts as laid out (not clipped,
    so that a test sees a text that runs past the edge). ``title=False`` and
    ``frame=False`` leave out the heading and the panel when a window around it has its own."""
    px, row, sym, pad = _metrics(fitting_scale(rect.size, scale, title))
    f, fb = font(px), font(px, "bold")
    clip = surface.get_clip()
    surface.set_clip(rect)
    if frame:
        pygame.draw.rect(surface, PANEL_BG, rect, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=6)
    top = rect.y + pad // 2
    if title:
        heading = font(round(px * 1.3), "bold").render(_(TITLE), True, PANEL_TEXT)
        surface.blit(heading, (rect.x + pad, top))
        top += heading.get_height() + pad // 2
    texts: list[pygame.Rect] = []
    x = rect.x + pad
    for col in _columns(_rows()):
        width = sym + max(f.size(text)[0] for _, text in col)
        for i, (key, text) in enumerate(col):
            y = top + i * row
            if key == "head:":
                img = fb.render(text, True, PANEL_TEXT)
                at = img.get_rect(midleft=(x, y + row // 2))
                surface.blit(img, at)
            else:
                _symbol(surface, key, pygame.Rect(x, y, sym - pad // 2, row))
                img = f.render(text, True, PANEL_TEXT)
                at = img.get_rect(midleft=(x + sym, y + row // 2))
                surface.blit(img, at)
            texts.append(at)
        x += width + pad
    surface.set_clip(clip)
    return texts
