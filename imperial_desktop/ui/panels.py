"""The panels around the board: rondel, power track and tax chart, nations, players, top bar, log.

Everything here only reads the state; nothing changes it.
"""

from __future__ import annotations

import math

import pygame

from imperial_desktop.core import GameState
from imperial_desktop.ui import tokens
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import (
    HEADER_BG, HEADER_TEXT, HIGHLIGHT, PANEL_BG, PANEL_EDGE, PANEL_MUTED, PANEL_TEXT, PIECE, RGB,
)

NATION_SHORT = {"austria_hungary": "AH", "italy": "IT", "france": "FR", "great_britain": "GB", "germany": "GE", "russia": "RU"}
RONDEL_COLOURS: dict[str, RGB] = {
    "factory": (150, 112, 80), "production": (196, 150, 90), "maneuver": (120, 150, 110),
    "investor": (96, 140, 180), "import": (170, 120, 150), "taxation": (190, 170, 90),
}


def text(surface: pygame.Surface, value: str, pos: tuple[float, float], size: int, colour: RGB = PANEL_TEXT,
         kind: str = "regular", anchor: str = "topleft", max_width: int | None = None) -> pygame.Rect:
    """Blit one line of text; shrinks it to ``max_width`` if given."""
    f = font(size, kind)
    img = f.render(value, True, colour)
    if max_width is not None and img.get_width() > max_width and img.get_width() > 0:
        img = pygame.transform.smoothscale(img, (max_width, max(1, round(img.get_height() * max_width / img.get_width()))))
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str, scale: float) -> pygame.Rect:
    """Draw a panel frame with a title; returns the content rectangle."""
    pygame.draw.rect(surface, PANEL_BG, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    h = round(22 * scale)
    pygame.draw.rect(surface, HEADER_BG, (rect.x, rect.y, rect.w, h))
    text(surface, title, (rect.x + 8, rect.y + h / 2), round(13 * scale), HEADER_TEXT, "bold", "midleft")
    return pygame.Rect(rect.x + 6, rect.y + h + 4, rect.w - 12, rect.h - h - 8)


def player_name(state: GameState, player: int | None) -> str:
    return "-" if player is None else state.setup.players[player]


# ---------------------------------------------------------------- top bar

def draw_top_bar(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float, status: str = "",
                 right_margin: int = 12) -> None:
    pygame.draw.rect(surface, HEADER_BG, rect)
    size = round(16 * scale)
    decision = state.decision()
    x = rect.x + 12
    if decision is not None and decision.nation:
        m = tokens.marker_sprite(decision.nation, round(rect.h * 0.6))
        surface.blit(m, m.get_rect(midleft=(x, rect.centery)))
        x += m.get_width() + 8
    if decision is None:
        best = state.ranking()[0]
        winners = [r["name"] for r in state.ranking() if r["rank"] == 1]
        headline = f"Game over: {' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'} with {best['total']} points"
    else:
        headline = state.describe_decision()
    text(surface, f"Turn {state.turns_taken + (0 if state.is_terminal() else 1)}", (x, rect.centery), size, (200, 190, 170), "bold", "midleft")
    x += round(90 * scale)
    room = rect.w - x - right_margin - (110 if status else 10)
    if font(size, "bold").size(headline)[0] > room:
        size = round(size * 0.85)
    text(surface, headline, (x, rect.centery), size, HEADER_TEXT, "bold", "midleft", max_width=room)
    if status:
        text(surface, status, (rect.right - right_margin, rect.centery), round(14 * scale), HIGHLIGHT, "bold", "midright")


# ---------------------------------------------------------------- rondel

def draw_rondel(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float,
                highlight: dict[int, RGB] | None = None) -> tuple[float, float, float, float]:
    """The rondel with the nation markers; returns its centre and inner and outer radius."""
    inner = panel(surface, rect, "Rondel", scale)
    board = state.board
    cx, cy = inner.centerx, inner.centery + 2
    radius = min(inner.w * 0.46, inner.h * 0.5)
    inner_r = radius * 0.36
    n = len(board.rondel)
    for space in board.rondel:
        a0 = -math.pi / 2 + (space.index - 0.5) * 2 * math.pi / n
        a1 = a0 + 2 * math.pi / n
        pts = [(cx + inner_r * math.cos(a0 + (a1 - a0) * t / 8), cy + inner_r * math.sin(a0 + (a1 - a0) * t / 8)) for t in range(9)]
        pts += [(cx + radius * math.cos(a1 - (a1 - a0) * t / 8), cy + radius * math.sin(a1 - (a1 - a0) * t / 8)) for t in range(9)]
        colour = RONDEL_COLOURS.get(space.action, (180, 180, 180))
        pygame.draw.polygon(surface, colour, pts)
        if highlight and space.index in highlight:
            pygame.draw.polygon(surface, highlight[space.index], pts, max(2, round(3 * scale)))
        else:
            pygame.draw.polygon(surface, (60, 50, 40), pts, 1)
        mid = (a0 + a1) / 2
        lx, ly = cx + (inner_r + radius) / 2 * math.cos(mid), cy + (inner_r + radius) / 2 * math.sin(mid)
        text(surface, space.name, (lx, ly - 9 * scale), round(11 * scale), (255, 255, 255), "bold", "center")
        here = [nat for nat in board.nation_ids if state.rondel[nat] == space.index]
        msize = round(15 * scale)
        for i, nat in enumerate(here):
            m = tokens.marker_sprite(nat, msize)
            off = (i - (len(here) - 1) / 2) * (msize + 1)
            surface.blit(m, m.get_rect(center=(lx + off, ly + 8 * scale)))
    pygame.draw.circle(surface, PANEL_BG, (cx, cy), inner_r - 2)
    waiting = [nat for nat in board.nation_ids if state.rondel[nat] is None]
    if waiting:
        text(surface, "start", (cx, cy - inner_r * 0.45), round(10 * scale), PANEL_MUTED, "regular", "center")
        msize = round(13 * scale)
        for i, nat in enumerate(waiting):
            m = tokens.marker_sprite(nat, msize)
            col, row = i % 3, i // 3
            surface.blit(m, m.get_rect(center=(cx + (col - 1) * (msize + 2), cy + row * (msize + 2))))
    return (cx, cy, inner_r, radius)


def rondel_space_at(pos: tuple[int, int], geometry: tuple[float, float, float, float], spaces: int) -> int | None:
    """The rondel space under a screen point, from the geometry draw_rondel returned."""
    cx, cy, inner_r, radius = geometry
    dx, dy = pos[0] - cx, pos[1] - cy
    dist = math.hypot(dx, dy)
    if not inner_r <= dist <= radius:
        return None
    angle = (math.atan2(dy, dx) + math.pi / 2) % (2 * math.pi)  # 0 at the top, clockwise
    return int((angle + math.pi / spaces) // (2 * math.pi / spaces)) % spaces


# ---------------------------------------------------------------- power track and tax chart

def draw_tracks(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float) -> None:
    """The scoring track (0-25, power factors above) and the tax chart (2-5 ... 15+)."""
    pygame.draw.rect(surface, PANEL_BG, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    board = state.board
    pad = round(10 * scale)
    label_w = round(112 * scale)
    # power track
    top = rect.y + pad
    track_h = round(rect.h * 0.46)
    text(surface, "Power points", (rect.x + pad, top + 2), round(13 * scale), PANEL_TEXT, "bold")
    text(surface, "factor above", (rect.x + pad, top + 18 * scale), round(11 * scale), PANEL_MUTED)
    x0 = rect.x + pad + label_w
    cell_w = (rect.right - pad - x0) / 26
    factor_h = round(15 * scale)
    for low, high, factor in board.factor_table:
        fx = x0 + low * cell_w
        band = pygame.Rect(round(fx), top, round((high - low + 1) * cell_w) - 1, factor_h)
        pygame.draw.rect(surface, (214, 200, 170) if factor % 2 else (228, 216, 190), band)
        text(surface, f"x{factor}", band.center, round(11 * scale), PANEL_TEXT, "bold", "center")
    cells_top = top + factor_h + 2
    cell_h = track_h - factor_h - 4
    for p in range(26):
        cell = pygame.Rect(round(x0 + p * cell_w), cells_top, round(cell_w) - 1, cell_h)
        pygame.draw.rect(surface, (248, 244, 232), cell)
        pygame.draw.rect(surface, PANEL_EDGE, cell, 1)
        text(surface, str(p), (cell.centerx, cell.bottom - 2), round(10 * scale), PANEL_MUTED, "regular", "midbottom")
    _markers(surface, {n: state.power[n] for n in board.nation_ids}, lambda v: x0 + (v + 0.5) * cell_w,
             cells_top + (cell_h - 12 * scale) / 2, (cell_w - 2, cell_h - 12 * scale), board.nation_ids)
    # tax chart
    top2 = rect.y + pad + track_h + round(6 * scale)
    chart_h = rect.bottom - pad - top2
    text(surface, "Tax chart", (rect.x + pad, top2 + 2), round(13 * scale), PANEL_TEXT, "bold")
    text(surface, "(+ power points)", (rect.x + pad, top2 + 18 * scale), round(11 * scale), PANEL_MUTED)
    positions = sorted(board.tax_points)
    width = (rect.right - pad - x0) / len(positions)
    for i, pos in enumerate(positions):
        cell = pygame.Rect(round(x0 + i * width), top2, round(width) - 2, chart_h)
        pygame.draw.rect(surface, (236, 226, 200), cell)
        pygame.draw.rect(surface, PANEL_EDGE, cell, 1)
        label = "2-5" if i == 0 else ("15+" if i == len(positions) - 1 else str(pos))
        text(surface, f"{label}", (cell.x + 4, cell.y + 2), round(11 * scale), PANEL_TEXT, "bold")
        text(surface, f"+{board.tax_points[pos]}", (cell.right - 4, cell.y + 2), round(11 * scale), (150, 60, 40), "bold", "topright")
    _markers(surface, {n: state.chart[n] for n in board.nation_ids}, lambda v: x0 + (positions.index(v) + 0.5) * width,
             top2 + 14 * scale + (chart_h - 14 * scale) / 2, (width - 6, chart_h - 16 * scale), board.nation_ids)


def _markers(surface: pygame.Surface, values: dict[str, int], x_of, y: float, cell: tuple[float, float], order) -> None:
    """Nation markers on a track: those sharing a box are packed into it in a small grid."""
    groups: dict[int, list[str]] = {}
    for nation in order:
        groups.setdefault(values[nation], []).append(nation)
    cw, ch = cell
    for value, nations in groups.items():
        n = len(nations)
        best = None
        for cols in range(1, n + 1):
            rows = -(-n // cols)
            size = min(cw / cols, ch / rows) * 0.92
            if best is None or size > best[0]:
                best = (size, cols, rows)
        size, cols, rows = best
        s = max(8, min(22, int(size)))
        for i, nation in enumerate(nations):
            col, row = i % cols, i // cols
            cx = x_of(value) + (col - (cols - 1) / 2) * s
            cy = y + (row - (rows - 1) / 2) * s
            m = tokens.marker_sprite(nation, s)
            surface.blit(m, m.get_rect(center=(round(cx), round(cy))))


# ---------------------------------------------------------------- nations and players

def draw_nations(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float) -> dict[str, pygame.Rect]:
    """Two lines per nation: government, treasury, power, factories, flags, units; then the bonds
    still available (those not yet granted by any investor)."""
    inner = panel(surface, rect, "Nations", scale)
    board = state.board
    size = round(12 * scale)
    small = round(10 * scale)
    k = inner.w / 440
    cols = [("Government", 52), ("Treasury", 150), ("Power", 212), ("Fact.", 262), ("Flags", 305), ("Units", 350)]
    for title, x in cols:
        text(surface, title, (inner.x + x * k, inner.y), round(10 * scale), PANEL_MUTED, "bold")
    head = 14 * scale
    row_h = (inner.h - head) / 6
    rows: dict[str, pygame.Rect] = {}
    acting = state.acting_nation()
    for i, nation in enumerate(board.nation_ids):
        row = pygame.Rect(inner.x, round(inner.y + head + i * row_h), inner.w, round(row_h))
        rows[nation] = row
        if nation == acting or nation == state.turn_nation:
            pygame.draw.rect(surface, (255, 244, 190), row)
        if i:
            pygame.draw.line(surface, (220, 210, 190), row.topleft, row.topright)
        line1 = row.y + row_h * 0.32
        line2 = row.y + row_h * 0.75
        m = tokens.marker_sprite(nation, round(min(row_h * 0.5, 18 * scale)))
        surface.blit(m, m.get_rect(midleft=(inner.x + 1, line1)))
        colour = PIECE[nation] if nation != "austria_hungary" else (150, 110, 0)
        text(surface, NATION_SHORT[nation], (inner.x + 22 * scale, line1), size, colour, "bold", "midleft")
        gov = state.government[nation]
        text(surface, player_name(state, gov), (inner.x + 52 * k, line1), size, PANEL_TEXT, "regular", "midleft", max_width=round(95 * k))
        text(surface, f"{state.treasury[nation]}M", (inner.x + 150 * k, line1), size, PANEL_TEXT, "bold", "midleft")
        text(surface, f"{state.power[nation]} (x{board.power_factor(state.power[nation])})", (inner.x + 212 * k, line1), size, PANEL_TEXT, "bold", "midleft")
        factories = sum(1 for f in state.factories if board.regions[f].nation == nation)
        text(surface, str(factories), (inner.x + 262 * k, line1), size, PANEL_TEXT, "regular", "midleft")
        text(surface, str(state.flag_count(nation)), (inner.x + 305 * k, line1), size, PANEL_TEXT, "regular", "midleft")
        a, f = state.unit_count(nation)
        text(surface, f"{a}A {f}F", (inner.x + 350 * k, line1), size, PANEL_TEXT, "regular", "midleft")
        left = state.available_bonds(nation)
        bonds = "  ".join(f"{v}" for v in left) if left else "none"
        text(surface, f"bonds left: {bonds}", (inner.x + 52 * k, line2), small, PANEL_MUTED, "regular", "midleft", max_width=round(inner.w - 52 * k))
    return rows


def draw_players(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float,
                 hide_cash_of: set[int] | None = None) -> dict[int, pygame.Rect]:
    """One row per player: cash, bonds, Swiss Bank, investor card."""
    inner = panel(surface, rect, "Investors", scale)
    rows: dict[int, pygame.Rect] = {}
    n = state.num_players
    row_h = inner.h / max(n, 4)
    size = round(12 * scale)
    current = state.current_player()
    for p in range(n):
        row = pygame.Rect(inner.x, round(inner.y + p * row_h), inner.w, round(row_h))
        rows[p] = row
        if p == current:
            pygame.draw.rect(surface, (255, 244, 190), row)
        name = state.setup.players[p]
        text(surface, name, (row.x + 4, row.y + 2), size, PANEL_TEXT, "bold", max_width=round(inner.w * 0.3))
        cash = "??" if hide_cash_of and p in hide_cash_of else f"{state.cash[p]}M"
        text(surface, cash, (row.x + inner.w * 0.33, row.y + 2), size, PANEL_TEXT, "bold")
        badges = []
        if p in state.swiss:
            badges.append("Swiss Bank")
        if state.card == p:
            badges.append("Investor")
        if badges:
            text(surface, " · ".join(badges), (row.right - 4, row.y + 2), round(11 * scale), (150, 60, 40), "bold", "topright")
        x = row.x + 4
        y = row.y + 2 + 15 * scale
        for nation, value in state.bonds_of(p):
            label = f"{NATION_SHORT[nation]}{value}"
            chip = font(round(10 * scale), "bold").render(label, True, (255, 255, 255) if nation != "austria_hungary" else (30, 30, 30))
            box = chip.get_rect(topleft=(x, y)).inflate(6, 2)
            if box.right > row.right:
                break
            pygame.draw.rect(surface, PIECE[nation], box, border_radius=3)
            if state.government[nation] == p:
                pygame.draw.rect(surface, (20, 20, 20), box, 1, border_radius=3)
            surface.blit(chip, chip.get_rect(center=box.center))
            x = box.right + 3
    return rows


def draw_log(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], scale: float) -> None:
    inner = panel(surface, rect, "Game log", scale)
    size = round(11 * scale)
    line_h = size + 4
    visible = max(1, int(inner.h // line_h))
    for i, line in enumerate(lines[-visible:]):
        text(surface, line, (inner.x, inner.y + i * line_h), size, PANEL_TEXT, "regular", max_width=None if font(size).size(line)[0] <= inner.w else inner.w)
