"""The scores: a table of each player's points per nation (interest x power factor), cash and
total, the tie-break, and a chart of every nation's power points over the game (the charts'
own, ``ui.charts``, when the game's series is given: a click on it travels to that moment)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from imperial_desktop.core import GameState
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.board_look import nation_look
from imperial_desktop.ui.palette import PANEL_BG, PANEL_EDGE, PANEL_MUTED, PANEL_TEXT
from imperial_desktop.i18n import _, ngettext
from imperial_desktop.session.game_series import GameSeries
from imperial_desktop.ui import panels, tokens
from imperial_desktop.ui.charts import DrawnChart, draw_power
from imperial_desktop.ui.panels import nation_short, text


def draw_results(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float,
                 hidden: set[int] | None = None, series: GameSeries | None = None) -> ScoreSheet:
    """Draw the score sheet into ``rect`` (final after the game, provisional before): a table of
    the players (best first) by nation, as the board game counts (each nation's bonds: interest
    x power factor), cash and total; the tie-break; the power chart. Returns what it drew where.

    ``hidden``: players whose cash is hidden (hot seat) while the game goes on: their cash and
    total show "??" and the players stand in the order of their bonds' points, which tells
    nothing about cash.

    ``series``: the game's figures over time (``session.game_series``); with more than one moment
    the power chart is the charts' own, and the sheet keeps it (``sheet.chart``) to answer clicks."""
    shadow = rect.move(4, 4)
    pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=10)
    pygame.draw.rect(surface, PANEL_BG, rect, border_radius=10)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 2, border_radius=10)
    pad = round(16 * scale)
    title = _("Final scores") if state.is_terminal() else _("Scores if the game ended now")
    text(surface, title, (rect.x + pad, rect.y + pad), round(24 * scale), PANEL_TEXT, "bold")
    text(surface, _("Click or press Esc to close"), (rect.right - pad, rect.y + pad + 6), round(12 * scale), PANEL_MUTED, "regular", "topright")
    table = pygame.Rect(rect.x + pad, rect.y + pad + round(40 * scale), rect.w - 2 * pad, round(rect.h * 0.5))
    sheet = draw_score_table(surface, table, state, scale, hidden if not state.is_terminal() else None)
    chart_top = sheet.bottom + round(8 * scale)
    small = round(11 * scale)
    if any(r["tie_break_used"] for r in state.ranking()) and not sheet.cash_hidden:
        order = sorted(state.board.nation_ids, key=lambda n: (-state.power[n], state.board.nation_ids.index(n)))
        names = ", ".join(state.board.nation_by_id[n].name for n in order[:3])
        text(surface, _("Equal totals are decided by the credit in the strongest nations ({nations}, ...).").format(nations=names),
             (rect.x + pad, chart_top), small, (150, 60, 40), "bold")
        chart_top += round(18 * scale)
    if sheet.cash_hidden:  # else every place reads "–" without a reason
        sheet.note = _("Cash is hidden, so places are not shown; rows are in the order of the bonds' points.")
        text(surface, sheet.note, (rect.x + pad, chart_top), small, PANEL_MUTED, "regular", max_width=rect.w - 2 * pad)
        chart_top += round(18 * scale)
    if series is not None and len(series) > 1:
        note = _("Click a moment on the chart to see the board then · Game menu, Charts: scores and governments too")
        text(surface, note, (rect.x + pad, chart_top), small, PANEL_MUTED, "regular", max_width=rect.w - 2 * pad)
        chart_top += round(16 * scale)
        area = pygame.Rect(rect.x + pad, chart_top + 4, rect.w - 2 * pad, rect.bottom - pad - chart_top - 4)
        if area.h >= 60:
            sheet.chart = draw_power(surface, area, series, scale)
        return sheet
    draw_power_chart(surface, pygame.Rect(rect.x + pad, chart_top + 6, rect.w - 2 * pad, rect.bottom - pad - chart_top - 6), state, scale)
    return sheet


@dataclass
class ScoreSheet:
    """What the score table drew (tests): its heads, each player's row of cells by column key
    (a nation id, "cash", "total") and the table's bottom edge."""

    heads: dict[str, list[str]] = field(default_factory=dict)
    cells: dict[str, dict[str, str]] = field(default_factory=dict)  # player name -> column -> points
    bottom: int = 0
    note: str = ""  # a line under the table (why places are not shown)
    cash_hidden: bool = False  # some players' cash and totals were hidden (hot seat)
    chart: DrawnChart | None = None  # the power chart of the game's series, when drawn


def draw_score_table(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float,
                     hidden: set[int] | None = None) -> ScoreSheet:
    """Players down, nations across: in each cell the points of the player's bonds in that nation
    and, below, their interest times the nation's power factor (``hidden``: see draw_results)."""
    board, ranking = state.board, state.ranking()
    hidden = hidden or set()
    if hidden:  # by the bonds' points alone: the order of the totals would tell the cash
        ranking = sorted(ranking, key=lambda r: (-(r["total"] - r["cash"]), r["player"]))
    size, small = panels.px(14, scale), panels.px(11, scale)
    fb, fs = font(size, "bold"), font(small)
    name_w = max(round(150 * scale), min(round(220 * scale), max(fb.size(r["name"])[0] for r in ranking) + round(40 * scale)))
    total_w = round(90 * scale)
    cash_w = round(60 * scale)
    col_w = (rect.w - name_w - cash_w - total_w) / len(board.nation_ids)
    marker_w, gap = max(10, round(13 * scale)), round(4 * scale)
    room = col_w - 6
    # a hyphenated name may break after its hyphen ("Austria-" / "Hungary"), as at a space
    heads = [[line.replace("- ", "-") for line in lines] for lines in
             panels.column_names([board.name_of(n).replace("-", "- ") for n in board.nation_ids], font(small, "bold"), room)]
    head_h = 3 * fs.get_linesize() + round(4 * scale)  # up to two lines of name, then the marker and factor
    sheet = ScoreSheet(cash_hidden=bool(hidden))
    x = rect.x + name_w
    for nation, lines in zip(board.nation_ids, heads):
        cx = round(x + col_w / 2)
        y = rect.y + (2 - len(lines)) * fs.get_linesize()
        for line in lines:
            text(surface, line, (cx, y), small, panels.nation_colour_text(nation), "bold", "midtop", max_width=room)
            y += fs.get_linesize()
        factor = _("factor x{factor}").format(factor=board.power_factor(state.power[nation]))
        width = min(fs.size(factor)[0], room - marker_w - gap)
        left = round(cx - (width + marker_w + gap) / 2)
        marker = tokens.marker_sprite(nation, marker_w)
        surface.blit(marker, marker.get_rect(midleft=(left, y + fs.get_linesize() // 2)))
        text(surface, factor, (left + marker_w + gap, y), small, PANEL_MUTED, "regular", max_width=width + 1)
        sheet.heads[nation] = lines
        x += col_w
    # what the small numbers under each nation's points are ("6×0" alone means nothing)
    legend = panels.wrap(_("Points per nation (below: interest × factor)"), fs, name_w - 8)[:3]
    for k, line in enumerate(legend):
        text(surface, line, (rect.x, rect.y + (3 - len(legend) + k) * fs.get_linesize()), small, PANEL_MUTED, "regular",
             max_width=name_w - 8)
    text(surface, _("Cash"), (rect.right - total_w - cash_w / 2, rect.y + 2 * fs.get_linesize()), small, PANEL_MUTED,
         "bold", "midtop")
    text(surface, _("Total"), (rect.right, rect.y + 2 * fs.get_linesize()), small, PANEL_MUTED, "bold", "topright")
    top = rect.y + head_h
    pygame.draw.line(surface, PANEL_EDGE, (rect.x, top - 2), (rect.right, top - 2))
    row_h = min(round(44 * scale), (rect.bottom - top) // max(1, len(ranking)))
    for i, r in enumerate(ranking):
        y = top + i * row_h
        if r["rank"] == 1 and not hidden:
            pygame.draw.rect(surface, (255, 240, 180), (rect.x - 4, y, rect.w + 8, row_h - 2), border_radius=5)
        text(surface, "\u2013" if hidden else f"{r['rank']}.", (rect.x, y + 4), size + 2, PANEL_TEXT, "bold")
        text(surface, r["name"], (rect.x + round(30 * scale), y + 4), size + 2, PANEL_TEXT, "bold",
             max_width=name_w - round(34 * scale))
        cells: dict[str, str] = {}
        x = rect.x + name_w
        for nation in board.nation_ids:
            bonds = [b for b in r["bonds"] if b["nation"] == nation]
            if bonds:
                points = sum(b["points"] for b in bonds)
                interest = sum(b["interest"] for b in bonds)
                cells[nation] = str(points)
                text(surface, str(points), (round(x + col_w / 2), y + 4), size, PANEL_TEXT, "bold", "midtop")
                text(surface, f"{interest}\u00d7{bonds[0]['factor']}", (round(x + col_w / 2), y + 6 + fb.get_linesize()),
                     small, PANEL_MUTED, "regular", "midtop", max_width=col_w - 4)
            else:
                text(surface, "\u2013", (round(x + col_w / 2), y + 4), size, PANEL_MUTED, "regular", "midtop")
            x += col_w
        secret = r["player"] in hidden
        cells["cash"] = "??" if secret else str(r["cash"])
        cells["total"] = "??" if secret else str(r["total"])
        text(surface, cells["cash"], (round(rect.right - total_w - cash_w / 2), y + 4), size, PANEL_TEXT, "regular", "midtop")
        total = _("?? points") if secret else ngettext("{points} point", "{points} points", r["total"]).format(points=r["total"])
        text(surface, total, (rect.right, y + 4), size + 2, PANEL_TEXT, "bold", "topright")
        sheet.cells[r["name"]] = cells
    sheet.bottom = top + len(ranking) * row_h
    return sheet


def draw_power_chart(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float) -> None:
    """Power points of every nation after each of its Taxations, over the nation turns."""
    if rect.h < 60:
        return
    pygame.draw.rect(surface, (250, 246, 236), rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    text(surface, _("Power points over the game"), (rect.x + 8, rect.y + 4), round(12 * scale), PANEL_TEXT, "bold")
    left, bottom = rect.x + round(34 * scale), rect.bottom - round(20 * scale)
    bold = font(round(11 * scale), "bold")
    legend = [f"{state.board.name_of(n)} {state.power[n]}" for n in state.board.nation_ids]
    if max(bold.size(label)[0] for label in legend) + 40 > rect.w * 0.3:  # narrow (the side panel): short names
        legend = [f"{nation_short(n)} {state.power[n]}" for n in state.board.nation_ids]
    legend_w = min(round(rect.w * 0.3), max(bold.size(label)[0] for label in legend) + 40)
    top, right = rect.y + round(24 * scale), rect.right - legend_w
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
        colour = nation_look(nation).piece
        pygame.draw.lines(surface, colour, False, pts, max(2, round(3 * scale)))
        # the nation's marker at the line's end and in the legend: the lines are told apart without colour too
        marker = tokens.marker_sprite(nation, max(9, round(12 * scale)))
        surface.blit(marker, marker.get_rect(center=(round(pts[-1][0]), round(pts[-1][1]))))
        ly = top + i * round(16 * scale)
        pygame.draw.line(surface, colour, (right + 6, ly + 6), (right + 26, ly + 6), 3)
        surface.blit(marker, marker.get_rect(center=(right + 16, ly + 6)))
        text(surface, legend[i], (right + 30, ly), round(11 * scale), PANEL_TEXT, "bold", max_width=rect.right - right - 34)


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
    note = _("S: show/hide the score sheet with every bond · Esc: the menu")
    note_y = inner.bottom - fs.get_linesize()
    text(surface, note, (inner.x, note_y), small, PANEL_MUTED, max_width=inner.w)
    chart_bottom = watch_again_row(rect, scale).y - 4  # the row of "Watch the game again" stays free
    if chart_bottom - y >= round(110 * scale):  # room left: how the nations got there
        draw_power_chart(surface, pygame.Rect(inner.x, y, inner.w, chart_bottom - y), state, scale)
    return drawn + [note]


def watch_again_row(rect: pygame.Rect, scale: float) -> pygame.Rect:
    """The row that the finished game's side panel (in ``rect``) keeps free above its note, for
    the time travel layer's "Watch the game again" button."""
    note_y = rect.bottom - 3 - font(panels.px(12, scale)).get_linesize()
    h = max(30, round(34 * scale))
    return pygame.Rect(rect.x + 8, note_y - 4 - h, rect.w - 16, h)
