"""The scores: each player's bonds (interest x power factor), cash and total, the tie-break,
and a chart of every nation's power points over the game."""

from __future__ import annotations

import pygame

from imperial_desktop.core import GameState
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import PANEL_BG, PANEL_EDGE, PANEL_MUTED, PANEL_TEXT, PIECE
from imperial_desktop.i18n import _, ngettext
from imperial_desktop.ui.localized import format_money as money
from imperial_desktop.ui import panels
from imperial_desktop.ui.panels import nation_short, text


def draw_results(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float) -> None:
    """Draw the score sheet into ``rect`` (final after the game, provisional before)."""
    shadow = rect.move(4, 4)
    pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=10)
    pygame.draw.rect(surface, PANEL_BG, rect, border_radius=10)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=10)
    pad = round(16 * scale)
    title = _("Final scores") if state.is_terminal() else _("Scores if the game ended now")
    text(surface, title, (rect.x + pad, rect.y + pad), round(24 * scale), PANEL_TEXT, "bold")
    text(surface, _("Click or press Esc to close"), (rect.right - pad, rect.y + pad + 6), round(12 * scale), PANEL_MUTED, "regular", "topright")
    ranking = state.ranking()
    table_top = rect.y + pad + round(40 * scale)
    table_h = round(rect.h * 0.5)
    row_h = min(round(52 * scale), table_h // max(1, len(ranking)))
    size = round(14 * scale)
    small = round(11 * scale)
    for i, r in enumerate(ranking):
        y = table_top + i * row_h
        if r["rank"] == 1:
            pygame.draw.rect(surface, (255, 240, 180), (rect.x + pad - 4, y - 2, rect.w - 2 * pad + 8, row_h - 2), border_radius=5)
        text(surface, f"{r['rank']}.", (rect.x + pad, y + 2), size + 2, PANEL_TEXT, "bold")
        text(surface, r["name"], (rect.x + pad + 34 * scale, y + 2), size + 2, PANEL_TEXT, "bold")
        text(surface, ngettext("{points} point", "{points} points", r["total"]).format(points=r["total"]), (rect.right - pad, y + 2), size + 2, PANEL_TEXT, "bold", "topright")
        parts = [f"{nation_short(b['nation'])} {money(b['value'])}: {b['interest']}x{b['factor']}={b['points']}" for b in r["bonds"]]
        parts.append(_("cash {amount}").format(amount=r["cash"]))
        line = " + ".join(parts)
        text(surface, line, (rect.x + pad + 34 * scale, y + 4 + size * 1.5), small, PANEL_MUTED, "regular",
             max_width=rect.w - 2 * pad - round(34 * scale) if font(small).size(line)[0] > rect.w - 2 * pad - 34 * scale else None)
    tied = [r for r in ranking if r["tie_break_used"]]
    chart_top = table_top + len(ranking) * row_h + round(8 * scale)
    if tied:
        order = sorted(state.board.nation_ids, key=lambda n: (-state.power[n], state.board.nation_ids.index(n)))
        names = ", ".join(state.board.nation_by_id[n].name for n in order[:3])
        text(surface, _("Equal totals are decided by the credit in the strongest nations ({nations}, ...).").format(nations=names),
             (rect.x + pad, chart_top), small, (150, 60, 40), "bold")
        chart_top += round(18 * scale)
    draw_power_chart(surface, pygame.Rect(rect.x + pad, chart_top + 6, rect.w - 2 * pad, rect.bottom - pad - chart_top - 6), state, scale)


def draw_power_chart(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float) -> None:
    """Power points of every nation after each of its Taxations, over the nation turns."""
    if rect.h < 60:
        return
    pygame.draw.rect(surface, (250, 246, 236), rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    text(surface, _("Power points over the game"), (rect.x + 8, rect.y + 4), round(12 * scale), PANEL_TEXT, "bold")
    left, bottom = rect.x + round(34 * scale), rect.bottom - round(20 * scale)
    top, right = rect.y + round(24 * scale), rect.right - round(90 * scale)
    turns = max(1, state.turns_taken)
    for p in (0, 5, 10, 15, 20, 25):
        y = bottom - (bottom - top) * p / 25
        pygame.draw.line(surface, (225, 215, 195), (left, y), (right, y))
        text(surface, str(p), (left - 4, y), round(10 * scale), PANEL_MUTED, "regular", "midright")
    text(surface, _("nation turns (1-{turns})").format(turns=turns), ((left + right) / 2, bottom + 3), round(10 * scale), PANEL_MUTED, "regular", "midtop")
    for i, nation in enumerate(state.board.nation_ids):
        pts = [(left, bottom)]
        for turn, n, power in state.power_log:
            if n == nation:
                x = left + (right - left) * turn / turns
                pts.append((x, pts[-1][1]))
                pts.append((x, bottom - (bottom - top) * power / 25))
        pts.append((left + (right - left) * state.turns_taken / turns, pts[-1][1]))
        colour = PIECE[nation]
        pygame.draw.lines(surface, colour, False, pts, max(2, round(3 * scale)))
        ly = top + i * round(16 * scale)
        pygame.draw.line(surface, colour, (right + 10, ly + 6), (right + 26, ly + 6), 3)
        text(surface, f"{nation_short(nation)} {state.power[nation]}", (right + 30, ly), round(11 * scale), PANEL_TEXT, "bold")


def standing_lines(state: GameState, entry: dict) -> list[str]:
    """A player's final standing in words: rank, name and total; where the points came from; the
    governments held (or the Swiss Bank)."""
    bonds = sum(b["points"] for b in entry["bonds"])
    head = ngettext("{rank}. {player}: {points} point", "{rank}. {player}: {points} points", entry["total"]).format(
        rank=entry["rank"], player=entry["name"], points=entry["total"])
    detail = _("{bonds} from bonds + {cash} cash").format(bonds=bonds, cash=entry["cash"])
    governs = [state.board.name_of(n) for n in state.board.nation_ids if state.government[n] == entry["player"]]
    if governs:
        detail += " · " + _("governs {nations}").format(nations=", ".join(governs))
    elif entry["player"] in state.swiss:
        detail += " · " + _("Swiss Bank")
    return [head, detail]


def draw_final_standings(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float) -> list[str]:
    """The side panel after the game: who won, every player's total and where it came from, and
    how to open the full score sheet. Returns the lines drawn (for tests)."""
    inner = panels.panel(surface, rect, _("The game is over"), scale)
    size, small = panels.px(14, scale), panels.px(12, scale)
    f, fs = font(size, "bold"), font(small)
    y, drawn = inner.y + 2, []
    for entry in state.ranking():
        head, detail = standing_lines(state, entry)
        lines = panels.wrap(detail, fs, inner.w - 20)
        block = pygame.Rect(inner.x - 2, y - 1, inner.w + 4, f.get_linesize() + len(lines) * fs.get_linesize() + 4)
        if block.bottom > inner.bottom - fs.get_linesize():
            break
        if entry["rank"] == 1:
            pygame.draw.rect(surface, (255, 240, 180), block, border_radius=5)
        text(surface, head, (inner.x, y), size, PANEL_TEXT, "bold", max_width=inner.w)
        y += f.get_linesize()
        for line in lines:
            text(surface, line, (inner.x + 16, y), small, PANEL_MUTED, max_width=inner.w - 16)
            y += fs.get_linesize()
        drawn += [head] + lines
        y += round(6 * scale)
    note = _("S: the score sheet with every bond · Esc: the menu")
    note_y = inner.bottom - fs.get_linesize()
    text(surface, note, (inner.x, note_y), small, PANEL_MUTED, max_width=inner.w)
    if note_y - y >= round(110 * scale):  # room left: how the nations got there
        draw_power_chart(surface, pygame.Rect(inner.x, y, inner.w, note_y - y - 4), state, scale)
    return drawn + [note]
