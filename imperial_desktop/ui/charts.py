"""Charts of a whole game, drawn in the board's own style: each nation's power points, each
player's score and who governed which nation, over the rounds (from ``session.game_series``).

Nations are drawn in their colours of the palette in use and carry their markers (the octagons
of the rondel and the tracks, with the nation's mark), so the lines are told apart without
colour; players get colours that stay apart for colour-blind eyes and their seat number in a
disc. Each drawing returns a :class:`DrawnChart`: where each sample stands (for the pointer)
and every text drawn with its place (for tests).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from imperial_desktop.i18n import _, pgettext
from imperial_desktop.session.game_series import GameSeries
from imperial_desktop.ui import board_look, panels, tokens
from imperial_desktop.ui.board_look import nation_look
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import PANEL_EDGE, PANEL_MUTED, PANEL_TEXT, RGB, contrast_ratio

KINDS = ("power", "scores", "governments")
PLOT_BG: RGB = (250, 246, 236)
GRID: RGB = (225, 215, 195)
NOBODY: RGB = (226, 220, 206)  # a nation governed by nobody
HOVER_LINE: RGB = (90, 80, 66)
TIP_BG: RGB = (252, 250, 240)
# Okabe and Ito's colours, chosen to stay apart under every common colour blindness (the light
# yellow left out: it does not show on the light panels)
PLAYER_COLOURS: tuple[RGB, ...] = ((230, 159, 0), (0, 114, 178), (0, 158, 115), (213, 94, 0), (204, 121, 167),
                                   (86, 180, 233))


def player_colour(player: int) -> RGB:
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


@dataclass
class DrawnChart:
    """What one chart drew: its kind, the plot area, the x of each sample, the sample pointed at
    and every text with its rectangle."""

    kind: str
    rect: pygame.Rect
    area: pygame.Rect = field(default_factory=pygame.Rect)
    xs: list[float] = field(default_factory=list)
    hover: int | None = None
    texts: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    shown_players: list[int] = field(default_factory=list)  # whose score lines were drawn
    positions: list[int] = field(default_factory=list)  # the game position of each sample

    def sample_at(self, pos: tuple[int, int]) -> int | None:
        """The sample under the pointer at ``pos`` (the nearest one across), or None outside the plot."""
        if not self.xs or not self.area.inflate(16, 8).collidepoint(pos):
            return None
        return min(range(len(self.xs)), key=lambda k: abs(self.xs[k] - pos[0]))

    def position_at(self, pos: tuple[int, int]) -> int | None:
        """The game position (actions played) of the sample under ``pos``, or None."""
        k = self.sample_at(pos)
        return None if k is None else self.positions[k]


class _Pen:
    """Draws the texts of one chart and keeps them (what and where)."""

    def __init__(self, surface: pygame.Surface, drawn: DrawnChart, scale: float):
        self.surface, self.drawn, self.scale = surface, drawn, scale

    def px(self, size: float) -> int:
        return panels.px(size, self.scale)

    def text(self, value: str, pos: tuple[float, float], size: float, colour: RGB = PANEL_TEXT, kind: str = "regular",
             anchor: str = "topleft", max_width: float | None = None) -> pygame.Rect:
        rect = panels.text(self.surface, value, pos, self.px(size), colour, kind, anchor, max_width)
        self.drawn.texts.append((value, rect))
        return rect


def nation_name(nation: str) -> str:
    return board_look.board().name_of(nation)


def _nice_step(top: float, lines: int = 6) -> int:
    """A round step for the value axis: about ``lines`` lines up to ``top``."""
    raw = max(1.0, top / lines)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * magnitude >= raw:
            return max(1, round(factor * magnitude))
    return round(10 * magnitude)


def _frame(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, PLOT_BG, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)


def _layout(pen: _Pen, rect: pygame.Rect, series: GameSeries, legend_w: int, left: int) -> pygame.Rect:
    """The plot area inside ``rect``, and the x of each sample (into the DrawnChart)."""
    s = pen.scale
    top = rect.y + round(22 * s)
    bottom = rect.bottom - round(38 * s)
    area = pygame.Rect(rect.x + left, top, max(20, rect.w - left - legend_w - round(14 * s)), max(20, bottom - top))
    n = len(series)
    if n == 1:
        pen.drawn.xs = [float(area.centerx)]
    else:
        pen.drawn.xs = [area.x + area.w * k / (n - 1) for k in range(n)]
    pen.drawn.area = area
    pen.drawn.positions = list(series.positions)
    return area


def _round_axis(pen: _Pen, series: GameSeries, area: pygame.Rect) -> None:
    """Light lines where the rounds begin, their numbers under the plot (as many as fit) and the
    axis's name."""
    xs = pen.drawn.xs
    f = font(pen.px(11))
    last_right = -10**6
    rounds = series.rounds()
    room = area.w / max(1, len(rounds))  # the width of a round, on average
    need = f.size(str(rounds[-1][1]))[0] + round(10 * pen.scale)
    every = next((m for m in (1, 2, 5, 10, 20, 50, 100) if room * m >= need), 100)  # label every m-th round
    for k, number in rounds:
        x = xs[k]
        pygame.draw.line(pen.surface, GRID, (x, area.y), (x, area.bottom))
        label = str(number)
        w = f.size(label)[0]
        if (number % every == 0 or number == 1) and x - w / 2 > last_right + round(6 * pen.scale) \
                and x + w / 2 <= area.right + round(12 * pen.scale):
            pygame.draw.line(pen.surface, PANEL_MUTED, (x, area.bottom), (x, area.bottom + round(4 * pen.scale)))
            last_right = pen.text(label, (x, area.bottom + round(5 * pen.scale)), 11, PANEL_MUTED, "regular", "midtop").right
    caption = _("Round") if len(rounds) <= 1 else _("Rounds")
    pen.text(caption, (area.centerx, area.bottom + round(20 * pen.scale)), 11, PANEL_MUTED, "bold", "midtop")


def _value_axis(pen: _Pen, area: pygame.Rect, top_value: int, caption: str) -> tuple[int, int]:
    """Grid lines and numbers of the values from 0 to ``top_value`` (rounded up to a step);
    returns (the top value used, the step)."""
    step = _nice_step(top_value)
    top_value = max(step, math.ceil(top_value / step) * step)
    for v in range(0, top_value + 1, step):
        y = area.bottom - area.h * v / top_value
        pygame.draw.line(pen.surface, GRID, (area.x, y), (area.right, y))
        pen.text(str(v), (area.x - round(5 * pen.scale), y), 10, PANEL_MUTED, "regular", "midright")
    pen.text(caption, (area.x - round(4 * pen.scale), pen.drawn.rect.y + round(4 * pen.scale)), 11, PANEL_TEXT, "bold",
             max_width=area.w * 0.7 + round(4 * pen.scale))
    return top_value, step


def _marker_positions(count: int, spacing_samples: int, offset: int) -> list[int]:
    """Where along a line of ``count`` samples its markers stand: every ``spacing_samples``,
    starting at ``offset`` (lines are staggered so markers do not cover each other), and the end."""
    picks = list(range(offset % max(1, spacing_samples), count, max(1, spacing_samples)))
    if count and (not picks or picks[-1] != count - 1):
        picks.append(count - 1)
    return picks


def _seat_disc(surface: pygame.Surface, player: int, centre: tuple[float, float], d: int) -> None:
    """A player's badge on the lines: a disc in the player's colour with the seat number."""
    colour = player_colour(player)
    pygame.draw.circle(surface, (30, 28, 24), centre, d / 2 + 1)
    pygame.draw.circle(surface, colour, centre, d / 2)
    ink = (20, 20, 20) if contrast_ratio((20, 20, 20), colour) >= contrast_ratio((255, 255, 255), colour) else (255, 255, 255)
    label = font(max(7, round(d * 0.72)), "bold").render(str(player + 1), True, ink)
    surface.blit(label, label.get_rect(center=(round(centre[0]), round(centre[1]))))


def _legend_width(pen: _Pen, labels: list[str], rect: pygame.Rect) -> int:
    f = font(pen.px(12), "bold")
    widest = max((f.size(label)[0] for label in labels), default=0)
    return max(round(90 * pen.scale), min(round(rect.w * 0.26), widest + round(36 * pen.scale)))


def _legend_row(pen: _Pen, x: int, y: int, w: int, label: str, value: str, badge) -> None:
    """One row of the legend: a badge (a callable drawing at a centre), the label and the value."""
    s = pen.scale
    size = round(16 * s)
    badge((x + size / 2, y + size / 2), size)
    pen.text(value, (x + w, y + 1), 12, PANEL_TEXT, "bold", "topright")
    value_w = font(pen.px(12), "bold").size(value)[0]
    pen.text(label, (x + size + round(6 * s), y + 1), 12, PANEL_TEXT, "regular", max_width=max(10, w - size - value_w - round(12 * s)))


def _hover_line(pen: _Pen, area: pygame.Rect, hover: int | None) -> None:
    if hover is not None:
        x = pen.drawn.xs[hover]
        pygame.draw.line(pen.surface, HOVER_LINE, (x, area.y), (x, area.bottom), max(1, round(2 * pen.scale)))


def when_words(series: GameSeries, k: int) -> str:
    """When sample ``k`` is, in words: the round and whose turn begins (or the end)."""
    moment = series.moments[k]
    if moment.nation is None:
        if k == len(series) - 1 and k > 0:
            return _("Round {round}: the end").format(round=moment.round)
        return _("The start of the game")
    return _("Round {round}: turn of {nation}").format(round=moment.round, nation=nation_name(moment.nation))


def _tip(pen: _Pen, area: pygame.Rect, k: int, head: str, rows: list[tuple[str, str, object]]) -> None:
    """A box beside the hovered sample: when it is, one row per line (badge, label, value) and
    what a click does. It stays inside the plot's frame."""
    s = pen.scale
    fb, f = font(pen.px(12), "bold"), font(pen.px(12))
    foot = _("Click: see the board then")
    badge = round(14 * s)
    label_w = max([f.size(label)[0] + fb.size(value)[0] for label, value, _b in rows] + [0]) + badge + round(24 * s)
    w = min(area.w, max(fb.size(head)[0], f.size(foot)[0], label_w) + round(16 * s))
    row_h = max(f.get_linesize(), badge + 2)
    h = round(10 * s) + fb.get_linesize() + row_h * len(rows) + f.get_linesize() + round(8 * s)
    h = min(h, pen.drawn.rect.h - 4)
    x = pen.drawn.xs[k] + round(14 * s)
    if x + w > area.right:
        x = pen.drawn.xs[k] - round(14 * s) - w
    x = max(pen.drawn.rect.x + 2, min(x, pen.drawn.rect.right - w - 2))
    y = max(pen.drawn.rect.y + 2, min(area.y + round(6 * s), pen.drawn.rect.bottom - h - 2))
    box = pygame.Rect(round(x), y, w, h)
    pygame.draw.rect(pen.surface, (0, 0, 0), box.move(2, 2), border_radius=6)
    pygame.draw.rect(pen.surface, TIP_BG, box, border_radius=6)
    pygame.draw.rect(pen.surface, PANEL_EDGE, box, 1, border_radius=6)
    inner_w = w - round(16 * s)
    ty = box.y + round(5 * s)
    pen.text(head, (box.x + round(8 * s), ty), 12, PANEL_TEXT, "bold", max_width=inner_w)
    ty += fb.get_linesize()
    for label, value, draw_badge in rows:
        if ty + row_h > box.bottom - f.get_linesize():
            break
        draw_badge((box.x + round(8 * s) + badge / 2, ty + row_h / 2), badge)  # type: ignore[operator]
        pen.text(value, (box.right - round(8 * s), ty), 12, PANEL_TEXT, "bold", "topright")
        pen.text(label, (box.x + round(14 * s) + badge, ty), 12, PANEL_TEXT, "regular",
                 max_width=max(10, inner_w - badge - fb.size(value)[0] - round(12 * s)))
        ty += row_h
    pen.text(foot, (box.x + round(8 * s), box.bottom - f.get_linesize() - round(3 * s)), 12, PANEL_MUTED, "regular",
             max_width=inner_w)


def _nation_badge(surface: pygame.Surface, nation: str):
    def draw(centre: tuple[float, float], size: int) -> None:
        sprite = tokens.marker_sprite(nation, size)
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
    return draw


def _player_badge(surface: pygame.Surface, player: int):
    def draw(centre: tuple[float, float], size: int) -> None:
        _seat_disc(surface, player, centre, size)
    return draw


def draw_power(surface: pygame.Surface, rect: pygame.Rect, series: GameSeries, scale: float,
               hover: int | None = None) -> DrawnChart:
    """Every nation's power points over the game: a line per nation in its colour, with its marker
    along the line and in the legend (with the points at the sample pointed at, else at the end)."""
    drawn = DrawnChart("power", rect, hover=hover)
    pen = _Pen(surface, drawn, scale)
    _frame(surface, rect)
    if rect.h < 60 or not len(series):
        return drawn
    shown = hover if hover is not None else len(series) - 1
    labels = [f"{nation_name(n)} {series.power[n][shown]}" for n in series.nations]
    legend_w = _legend_width(pen, labels, rect)
    area = _layout(pen, rect, series, legend_w, round(34 * scale))
    top, _step = _value_axis(pen, area, series.max_power, pgettext("chart", "Power points"))
    _round_axis(pen, series, area)
    xs = drawn.xs
    width = max(2, round(3 * scale))
    marker = max(9, round(15 * scale))
    spacing = max(1, math.ceil(marker * 4 / max(1e-6, (xs[-1] - xs[0]) / max(1, len(xs) - 1)))) if len(xs) > 1 else 1
    count = len(series.nations)
    clip = surface.get_clip()
    surface.set_clip(area.inflate(marker, marker).clip(rect))
    for i, nation in enumerate(series.nations):
        values = series.power[nation]
        nudge = (i - (count - 1) / 2) * max(1.0, 1.5 * scale)  # equal lines lie side by side, not on each other
        ys = [area.bottom - area.h * v / top + nudge for v in values]
        points: list[tuple[float, float]] = [(xs[0], ys[0])]
        for k in range(1, len(values)):  # power changes at a Taxation: steps, not slopes
            points.append((xs[k], ys[k - 1]))
            points.append((xs[k], ys[k]))
        colour = nation_look(nation).piece
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, width)
        for k in _marker_positions(len(values), spacing, i * max(1, spacing // max(1, count))):
            sprite = tokens.marker_sprite(nation, marker)
            surface.blit(sprite, sprite.get_rect(center=(round(xs[k]), round(ys[k]))))
    surface.set_clip(clip)
    _hover_line(pen, area, hover)
    lx, ly = area.right + round(14 * scale), area.y
    row = max(round(20 * scale), font(pen.px(12)).get_linesize() + 2)
    order = sorted(series.nations, key=lambda n: (-series.power[n][shown], series.nations.index(n)))
    for nation in order:
        _legend_row(pen, lx, ly, rect.right - lx - round(8 * scale), nation_name(nation), str(series.power[nation][shown]),
                    _nation_badge(surface, nation))
        ly += row
    if hover is not None:
        rows = [(nation_name(n), str(series.power[n][hover]), _nation_badge(surface, n)) for n in order]
        _tip(pen, area, hover, when_words(series, hover), rows)
    return drawn


def draw_scores(surface: pygame.Surface, rect: pygame.Rect, series: GameSeries, scale: float,
                hover: int | None = None, hidden: frozenset[int] | set[int] = frozenset()) -> DrawnChart:
    """Every player's score over the game (cash + bonds at the power factors then), a line per
    player with the seat number along it. The players in ``hidden`` (hot seat: their cash is
    hidden now) get no line: their score would tell their cash."""
    drawn = DrawnChart("scores", rect, hover=hover)
    pen = _Pen(surface, drawn, scale)
    _frame(surface, rect)
    if rect.h < 60 or not len(series):
        return drawn
    shown_at = hover if hover is not None else len(series) - 1
    visible = [p for p in range(len(series.players)) if p not in hidden]
    drawn.shown_players = visible
    hidden_word = _("hidden")
    labels = [f"{series.players[p]} {hidden_word if p in hidden else series.scores[p][shown_at]}"
              for p in range(len(series.players))]
    legend_w = _legend_width(pen, labels, rect)
    area = _layout(pen, rect, series, legend_w, round(40 * scale))
    top_value = max([v for p in visible for v in series.scores[p]] + [10])
    top, _step = _value_axis(pen, area, top_value, _("Points: cash + bonds at the power factors then"))
    _round_axis(pen, series, area)
    xs = drawn.xs
    width = max(2, round(3 * scale))
    disc = max(11, round(16 * scale))
    spacing = max(1, math.ceil(disc * 4 / max(1e-6, (xs[-1] - xs[0]) / max(1, len(xs) - 1)))) if len(xs) > 1 else 1
    clip = surface.get_clip()
    surface.set_clip(area.inflate(disc, disc).clip(rect))
    for i, player in enumerate(visible):
        ys = [area.bottom - area.h * v / top for v in series.scores[player]]
        points = list(zip(xs, ys))
        if len(points) > 1:
            pygame.draw.lines(surface, player_colour(player), False, points, width)
        for k in _marker_positions(len(ys), spacing, i * max(1, spacing // max(1, len(visible)))):
            _seat_disc(surface, player, (xs[k], ys[k]), disc)
    surface.set_clip(clip)
    if hidden:
        note = _("Cash is hidden in this hot-seat game: the other players' scores are not shown.") if visible else \
            _("Cash is hidden in this hot-seat game: scores are not shown.")
        pen.text(note, (area.x + round(8 * scale), area.y + round(6 * scale)), 12, PANEL_MUTED, "regular",
                 max_width=area.w - round(16 * scale))
    _hover_line(pen, area, hover)
    lx, ly = area.right + round(14 * scale), area.y
    row = max(round(20 * scale), font(pen.px(12)).get_linesize() + 2)
    order = sorted(range(len(series.players)), key=lambda p: (p in hidden, -series.scores[p][shown_at] if p not in hidden else 0, p))
    for player in order:
        value = hidden_word if player in hidden else str(series.scores[player][shown_at])
        _legend_row(pen, lx, ly, rect.right - lx - round(8 * scale), series.players[player], value,
                    _player_badge(surface, player))
        ly += row
    if hover is not None:
        rows = [(series.players[p], str(series.scores[p][hover]), _player_badge(surface, p)) for p in order if p not in hidden]
        _tip(pen, area, hover, when_words(series, hover), rows)
    return drawn


def draw_governments(surface: pygame.Surface, rect: pygame.Rect, series: GameSeries, scale: float,
                     hover: int | None = None) -> DrawnChart:
    """Who governed which nation when: a strip per nation, in the colour of the governing player
    with the player's name where it fits (grey where nobody governed)."""
    drawn = DrawnChart("governments", rect, hover=hover)
    pen = _Pen(surface, drawn, scale)
    _frame(surface, rect)
    if rect.h < 60 or not len(series):
        return drawn
    names = [nation_name(n) for n in series.nations]
    marker = max(9, round(16 * scale))
    head_w = min(round(rect.w * 0.25), max(font(pen.px(12), "bold").size(n)[0] for n in names) + marker + round(28 * scale))
    caption = _("Nations governed")
    legend_w = _legend_width(pen, [*series.players, caption], rect)
    area = _layout(pen, rect, series, legend_w, head_w)
    pen.text(_("Who governed each nation"), (rect.x + round(8 * scale), rect.y + round(4 * scale)), 11, PANEL_TEXT, "bold",
             max_width=area.right - rect.x - round(16 * scale))
    _round_axis(pen, series, area)
    xs = drawn.xs
    count = len(series.nations)
    row_h = min(round(90 * scale), area.h // max(1, count))
    gap = max(2, round(4 * scale))
    f = font(pen.px(12), "bold")
    right_edge = [*xs[1:], float(area.right)] if len(xs) > 1 else [float(area.right)]
    for i, nation in enumerate(series.nations):
        y = area.y + i * row_h
        sprite = tokens.marker_sprite(nation, marker)
        surface.blit(sprite, sprite.get_rect(midleft=(rect.x + round(8 * scale), y + row_h // 2)))
        pen.text(names[i], (rect.x + round(14 * scale) + marker, y + row_h // 2), 12, panels.nation_colour_text(nation),
                 "bold", "midleft", max_width=head_w - marker - round(20 * scale))
        for span in series.spans(nation):
            x0 = xs[span.first] if len(xs) > 1 else float(area.x)
            x1 = right_edge[span.last]
            strip = pygame.Rect(round(x0), y + gap // 2, max(1, round(x1) - round(x0)), row_h - gap)
            colour = NOBODY if span.player is None else player_colour(span.player)
            pygame.draw.rect(surface, colour, strip)
            if span.player is None:
                continue
            pygame.draw.rect(surface, PLOT_BG, strip, 1)
            ink = (20, 20, 20) if contrast_ratio((20, 20, 20), colour) >= contrast_ratio((255, 255, 255), colour) \
                else (255, 255, 255)
            name = series.players[span.player]
            room = strip.w - round(8 * scale)
            if f.size(name)[0] <= room:
                pen.text(name, strip.center, 12, ink, "bold", "center")
            elif f.size(str(span.player + 1))[0] <= room:
                pen.text(str(span.player + 1), strip.center, 12, ink, "bold", "center")
    _hover_line(pen, area, hover)
    lx, ly = area.right + round(14 * scale), area.y
    row = max(round(20 * scale), font(pen.px(12)).get_linesize() + 2)
    pen.text(caption, (lx, rect.y + round(4 * scale)), 11, PANEL_MUTED, "bold",
             max_width=rect.right - lx - round(8 * scale))
    for player, name in enumerate(series.players):
        held = sum(1 for n in series.nations if series.governments[n][-1 if hover is None else hover] == player)
        _legend_row(pen, lx, ly, rect.right - lx - round(8 * scale), name, str(held), _player_badge(surface, player))
        ly += row
    if hover is not None:
        nobody = pgettext("governed by", "nobody")
        rows = [(nation_name(n), nobody if series.governments[n][hover] is None else series.players[series.governments[n][hover]],
                 _nation_badge(surface, n)) for n in series.nations]
        _tip(pen, area, hover, when_words(series, hover), rows)
    return drawn


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, series: GameSeries, kind: str, scale: float, *,
               hover: int | None = None, hidden: frozenset[int] | set[int] = frozenset()) -> DrawnChart:
    """One of the charts (``kind`` of :data:`KINDS`)."""
    if kind == "scores":
        return draw_scores(surface, rect, series, scale, hover, hidden)
    if kind == "governments":
        return draw_governments(surface, rect, series, scale, hover)
    return draw_power(surface, rect, series, scale, hover)


__all__ = ["KINDS", "PLAYER_COLOURS", "DrawnChart", "draw_chart", "draw_governments", "draw_power", "draw_scores",
           "player_colour", "when_words"]
