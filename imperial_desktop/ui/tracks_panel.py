"""The power track (0-25, the power factors above) and the tax chart (≤5 ... 15+, the power points
above) under the board, with their markers and the tooltips of their titles, bands and boxes.

Everything here only reads the state; nothing changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping

import pygame

from imperial_desktop.core import GameState
from imperial_desktop.core.board import Board
from imperial_desktop.i18n import _, ngettext, pgettext
from imperial_desktop.ui import tokens
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.localized import format_money as money
from imperial_desktop.ui.palette import PANEL_BG, PANEL_EDGE, PANEL_MUTED, PANEL_TEXT, RGB
from imperial_desktop.ui.panels import FLASH, MIN_TEXT, TableTip, elide, fitted_font, px, text, tip_lines, wrap

@dataclass
class TrackDrawing:
    """What draw_tracks drew where (for tests): each track's markers, the ink of its boxes'
    numbers and of the "+N" above the tax chart's boxes, and those boxes by position."""

    power: dict[str, pygame.Rect] = field(default_factory=dict)
    tax: dict[str, pygame.Rect] = field(default_factory=dict)
    labels: list[pygame.Rect] = field(default_factory=list)
    tax_cells: dict[int, pygame.Rect] = field(default_factory=dict)
    tax_points: dict[int, pygame.Rect] = field(default_factory=dict)  # the "+N" in the band above each box


def draw_tracks(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float,
                flash: Iterable[str] = (), tips: list[TableTip] | None = None) -> TrackDrawing:
    """The power track (0-25, factors above) and the tax chart (≤5 ... 15+, power points above)
    side by side.

    Nations in ``flash`` (those whose markers just moved) are ringed. The boxes' numbers are
    drawn last, on a plate of the box's colour, so that markers never hide them. ``tips``
    receives the places that explain themselves on hover: the titles, the bands and every box
    (naming the nations on it).
    """
    tips = [] if tips is None else tips
    pygame.draw.rect(surface, PANEL_BG, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    pad = round(6 * scale)
    titles = (_("Power points"), _("Tax chart"))
    longest_word = max(font(MIN_TEXT, "bold").size(word)[0] for title in titles for word in title.split())
    label_w = max(52, round(64 * scale), min(round(96 * scale), longest_word + 8))  # long words of a translation
    power = pygame.Rect(rect.x + pad, rect.y + pad, label_w + round((rect.w - 3 * pad - 2 * label_w) * 0.64),
                        rect.h - 2 * pad)
    tax = pygame.Rect(power.right + pad, power.y, rect.right - pad - power.right - pad, power.h)
    track = _Track(state, scale, label_w, max(14, round(16 * scale)), set(flash))
    drawing = TrackDrawing()
    labels = _power_track(surface, power, track, drawing, tips) + _tax_chart(surface, tax, track, drawing, tips)
    drawing.labels = [lab.draw(surface) for lab in labels]
    return drawing


@dataclass(frozen=True)
class _Track:
    """What both tracks are drawn with."""

    state: GameState
    scale: float
    label_w: int  # the title's column, left of the boxes
    band_h: int  # the band above the boxes (factors, power points)
    flash: set[str]


POINTS_RED: RGB = (150, 60, 40)
BANDS: tuple[RGB, RGB] = ((228, 216, 190), (214, 200, 170))


def _power_track(surface: pygame.Surface, area: pygame.Rect, track: _Track, drawing: TrackDrawing,
                 tips: list[TableTip]) -> list[BoxLabel]:
    """The power track in ``area``: its title, the factor bands, boxes 0-25 and the markers.
    Returns the boxes' numbers, to be drawn last."""
    board, scale = track.state.board, track.scale
    title = _track_label(surface, _("Power points"), pygame.Rect(area.x, area.y, track.label_w - 4, area.h), scale)
    x0 = area.x + track.label_w
    cell_w = (area.right - x0) / 26
    explained = [title]
    for low, high, factor in board.factor_table:
        band = pygame.Rect(round(x0 + low * cell_w), area.y, round((high - low + 1) * cell_w) - 1, track.band_h - 1)
        pygame.draw.rect(surface, BANDS[factor % 2], band)
        label = _("factor x{factor}").format(factor=factor) if high - low >= 4 else f"x{factor}"
        text(surface, label, band.center, px(11, scale), PANEL_TEXT, "bold", "center", max_width=band.w - 4)
        explained.append(band)
    cells, numbers = {}, []
    values = {n: track.state.power[n] for n in board.nation_ids}
    occupied = set(values.values())
    for p in range(26):
        cells[p] = _box(surface, pygame.Rect(round(x0 + p * cell_w), area.y + track.band_h, round(cell_w) - 1,
                                             area.h - track.band_h), POWER_BOX, p in occupied)
        style = (px(10, scale), "bold", PANEL_TEXT) if p in occupied else (px(10, scale), "regular", PANEL_MUTED)
        numbers.append(box_label(str(p), cells[p], style, POWER_BOX))
    drawing.power = _markers(surface, values, dict(enumerate(map(free_room, numbers))), board.nation_ids,
                             track.flash, (x0, area.right))
    lines = power_track_tip(board, scale)
    tips += box_tips(board, cells, values, drawing.power, power_box_heading) + [(r, lines) for r in explained]
    return numbers


def _tax_chart(surface: pygame.Surface, area: pygame.Rect, track: _Track, drawing: TrackDrawing,
               tips: list[TableTip]) -> list[BoxLabel]:
    """The tax chart in ``area``: its title, boxes ≤5 ... 15+ with the power points each brings
    in the band above, and the markers. Returns the boxes' numbers and points, to be drawn last."""
    board, scale = track.state.board, track.scale
    title = _track_label(surface, _("Tax chart"), pygame.Rect(area.x, area.y, track.label_w - 4, area.h), scale)
    x0 = area.x + track.label_w
    positions = sorted(board.tax_points)
    width = (area.right - x0) / len(positions)
    band = pygame.Rect(round(x0), area.y, area.right - round(x0), track.band_h - 1)
    pygame.draw.rect(surface, BANDS[0], band)
    labels: list[BoxLabel] = []
    rooms: dict[int, pygame.Rect] = {}
    values = {n: track.state.chart[n] for n in board.nation_ids}
    for i, pos in enumerate(positions):
        cell = _box(surface, pygame.Rect(round(x0 + i * width), band.bottom + 1, round(width) - 1,
                                         area.bottom - band.bottom - 1), TAX_BOX, pos in values.values())
        drawing.tax_cells[pos] = cell
        number = box_label(tax_box_name(board, pos), cell, (px(10, scale), "bold", PANEL_TEXT), TAX_BOX)
        rooms[pos] = free_room(number)
        segment = pygame.Rect(cell.x, band.y, cell.w, band.h)  # "+0" too: the row reads as a sequence
        points = band_label(f"+{board.tax_points[pos]}", segment, (px(11, scale), "bold", POINTS_RED), BANDS[0])
        drawing.tax_points[pos] = points.ink
        labels += [number, points]
    drawing.tax = _markers(surface, values, rooms, board.nation_ids, track.flash, (x0, area.right))
    lines = tax_chart_tip(board, scale)
    tips += box_tips(board, drawing.tax_cells, values, drawing.tax, tax_box_heading) + [(title, lines), (band, lines)]
    return labels


def tax_box_name(board: Board, position: int) -> str:
    """The number on a tax box, from the board's tax chart: "≤5" on the lowest box (it counts every
    smaller sum too), "15+" on the highest."""
    positions = sorted(board.tax_points)
    if position == positions[0]:
        return f"\u2264{position}"
    return f"{position}+" if position == positions[-1] else str(position)


# ---------------------------------------------------------------- the tracks' tooltips

def power_track_tip(board: Board, scale: float) -> list[str]:
    """The tooltip of the power track's title and bands: what it is, and the factors from the map."""
    factors = ", ".join(f"{low}-{high}\u00a0x{factor}" if high > low else f"{low}\u00a0x{factor}"
                        for low, high, factor in board.factor_table)  # no-break: a range stays with its factor
    return tip_lines(_("Power track"), _(
        "Each nation's power points; a nation reaching {end} ends the game. The factor above the boxes "
        "multiplies the interest of each of the nation's bonds at the end: {factors}.").format(
        end=board.factor_table[-1][1], factors=factors), scale)


def tax_chart_tip(board: Board, scale: float) -> list[str]:
    """The tooltip of the tax chart's title and band: what its boxes and the red "+N" mean."""
    positions = sorted(board.tax_points)
    return tip_lines(pgettext("tooltip heading", "Tax chart"), _(
        "A nation's marker stands on the taxes it collected at its last Taxation, in millions: 2M per "
        "factory without hostile armies, 1M per flag ({low}M or less counts as \"{first}\", {high}M or "
        "more as \"{last}\"). The red +N above a box is the power points that Taxation brings. Each box "
        "a nation rises brings its government a success bonus of 1M.").format(
        low=positions[0], high=positions[-1], first=tax_box_name(board, positions[0]),
        last=tax_box_name(board, positions[-1])), scale)


def power_box_heading(board: Board, points: int) -> str:
    """A power track box's tooltip heading: "12 power points, factor x2"."""
    return ngettext("{points} power point, factor x{factor}", "{points} power points, factor x{factor}",
                    points).format(points=points, factor=board.power_factor(points))


def tax_box_heading(board: Board, position: int) -> str:
    """A tax box's tooltip heading: "Taxes of 6M: +1 power point"."""
    positions = sorted(board.tax_points)
    points = board.tax_points[position]
    if position == positions[0]:
        taxes = _("{amount} or less").format(amount=money(position))
    elif position == positions[-1]:
        taxes = _("{amount} or more").format(amount=money(position))
    else:
        taxes = money(position)
    return ngettext("Taxes of {taxes}: +{points} power point", "Taxes of {taxes}: +{points} power points",
                    points).format(taxes=taxes, points=points)


def box_tips(board: Board, cells: Mapping[int, pygame.Rect], values: Mapping[str, int],
             markers: Mapping[str, pygame.Rect], heading: Callable[[Board, int], str]) -> list[TableTip]:
    """Each box's tooltip: its heading, then the names of the nations on it (overlapping markers
    are told apart by name). The markers come first: a crowd reaches into the boxes beside it."""
    tips: dict[int, list[str]] = {}
    for value in cells:
        tips[value] = [heading(board, value)] + [board.name_of(n) for n in board.nation_ids if values[n] == value]
    return [(markers[n], tips[values[n]]) for n in reversed(board.nation_ids)] + \
        [(cell, tips[value]) for value, cell in cells.items()]


def _box(surface: pygame.Surface, cell: pygame.Rect, colour: RGB, occupied: bool = False) -> pygame.Rect:
    """One box of a track, filled and framed; a box with markers in it gets a dark frame, so that
    a group of markers too wide for its box (they may reach into the boxes beside it) still shows
    which box it stands in."""
    pygame.draw.rect(surface, colour, cell)
    if occupied:
        pygame.draw.rect(surface, OCCUPIED_EDGE, cell, 2)
    else:
        pygame.draw.rect(surface, PANEL_EDGE, cell, 1)
    return cell


def free_room(*labels: BoxLabel) -> pygame.Rect:
    """The part of a box that its labels (its number at the bottom) leave free."""
    cell = labels[0].cell
    top = max([cell.top + 1] + [lab.plate.bottom for lab in labels if lab.ink.centery < cell.centery])
    bottom = min([cell.bottom - 1] + [lab.plate.top for lab in labels if lab.ink.centery >= cell.centery])
    return pygame.Rect(cell.x + 1, top, cell.w - 2, bottom - top)


@dataclass(frozen=True)
class BoxLabel:
    """A number or label in a track's box, placed by its ink (not its font's line), on a plate
    of the box's colour."""

    image: pygame.Surface
    cell: pygame.Rect
    ink: pygame.Rect
    plate: pygame.Rect
    plate_colour: RGB

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Draw it over whatever is there; returns its ink."""
        pygame.draw.rect(surface, self.plate_colour, self.plate)
        bound = self.image.get_bounding_rect()
        surface.blit(self.image, (self.ink.x - bound.x, self.ink.y - bound.y))
        return self.ink


TextStyle = tuple[int, str, RGB]  # size, kind ("regular", "bold"), colour
POWER_BOX: RGB = (248, 244, 232)
OCCUPIED_EDGE: RGB = (70, 56, 40)
TAX_BOX: RGB = (236, 226, 200)


def _inked(value: str, width: int, style: TextStyle) -> tuple[pygame.Surface, pygame.Rect]:
    """``value`` rendered to fit ``width`` (shrunk, then elided), and its ink's rectangle."""
    size, kind, colour = style
    f = fitted_font(value, size, kind, width)
    image = f.render(elide(value, f, width), True, colour)
    return image, image.get_bounding_rect()


def box_label(value: str, cell: pygame.Rect, style: TextStyle, plate: RGB) -> BoxLabel:
    """``value`` at the bottom of a track's box, 1 px inside its frame."""
    image, ink = _inked(value, cell.w - 2, style)
    ink.midbottom = (cell.centerx, cell.bottom - 2)
    return BoxLabel(image, cell, ink, ink.inflate(2, 2).clip(cell.inflate(-2, -2)), plate)


def band_label(value: str, segment: pygame.Rect, style: TextStyle, plate: RGB) -> BoxLabel:
    """``value`` in the middle of a band's ``segment`` (the "+N" above a tax box)."""
    image, ink = _inked(value, segment.w - 2, style)
    ink.center = segment.center
    return BoxLabel(image, segment, ink, ink.inflate(2, 2).clip(segment), plate)


def _track_label(surface: pygame.Surface, title: str, rect: pygame.Rect, scale: float) -> pygame.Rect:
    """The name of a track, on as many lines as it needs, left of its cells; returns ``rect``
    (the place of its tooltip)."""
    f = fitted_font(max(title.split(), key=len), px(12, scale), "bold", rect.w)
    lines = wrap(title, f, rect.w)
    y = rect.centery - len(lines) * f.get_linesize() / 2
    for line in lines:
        surface.blit(f.render(line, True, PANEL_TEXT), (rect.x, round(y)))
        y += f.get_linesize()
    return rect


def _markers(surface: pygame.Surface, values: dict[str, int], rooms: Mapping[int, pygame.Rect], order,
             flash: set[str], bounds: tuple[float, float]) -> dict[str, pygame.Rect]:
    """Nation markers on a track, in the room each box leaves free of its numbers (``rooms`` by
    value), each as large as that allows (at least MARKER_MIN): those sharing a box overlap in up
    to two rows and may reach into the boxes beside it, never beyond the track's ``bounds`` (the
    markers packed into one box were too small to tell apart). Returns each marker's
    rectangle."""
    groups: dict[int, list[str]] = {}
    for nation in order:
        groups.setdefault(values[nation], []).append(nation)
    drawn: dict[str, pygame.Rect] = {}
    for value, nations in groups.items():
        room = rooms[value]
        y, ch = room.centery, room.h
        s = max(MARKER_MIN, min(MARKER_MAX, room.w, ch)) if len(nations) == 1 else MARKER_MIN
        rows = 2 if len(nations) > 2 or (len(nations) == 2 and ch >= s * 1.6) else 1
        cols = -(-len(nations) // rows)
        step_x, step_y = s * 0.7, min(s + 1, max(ch - s, s * 0.6))  # rows of a group close together in tall boxes
        half = s / 2 + (cols - 1) * step_x / 2
        y = min(y, room.bottom - 1 - (s + (rows - 1) * step_y) / 2)  # too tall: over the box's top, never its number
        x = min(max(room.centerx, bounds[0] + half), bounds[1] - half)
        for i, nation in enumerate(nations):
            col, row = i // rows, i % rows
            centre = (round(x + (col - (cols - 1) / 2) * step_x), round(y + (row - (rows - 1) / 2) * step_y))
            drawn[nation] = _marker(surface, nation, s, centre, nation in flash)
    return drawn


MARKER_MIN, MARKER_MAX = 13, 20  # pixels: a marker's colour is told at a glance from 13 px up


def _marker(surface: pygame.Surface, nation: str, size: int, centre: tuple[int, int], flash: bool) -> pygame.Rect:
    """One track marker with a light rim (so that overlapping markers stay apart)."""
    if flash:
        pygame.draw.circle(surface, FLASH, centre, size * 0.75)
        pygame.draw.circle(surface, (120, 40, 30), centre, size * 0.75, 2)
    else:
        pygame.draw.circle(surface, (250, 246, 236), centre, size / 2 + 1)
    m = tokens.marker_sprite(nation, size)
    rect = m.get_rect(center=centre)
    surface.blit(m, rect)
    return rect
