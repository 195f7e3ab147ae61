"""Render the whole board map to a PNG with pygame-ce (also usable headless).

``render_map(out_path, width)`` draws seas, nations, neutral lands, impassable land,
decorative islands and land, borders, names, cities with their factory squares
and the anchors of the harbours.  Everything is drawn at twice the target size
and scaled down smoothly, which antialiases edges and text alike.
"""
from __future__ import annotations

import argparse
import math
import os
from typing import Sequence

import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from imperial_desktop.ui.board_geometry import BoardGeometry, RegionGeometry, load_map_data, polygon_parts

RGB = tuple[int, int, int]

SUPERSAMPLE = 2

SEA: RGB = (146, 184, 207)
SEA_SHALLOW: RGB = (170, 203, 221)
SEA_SHALLOWER: RGB = (190, 216, 229)
SEA_BORDER: RGB = (232, 242, 248)
SEA_TEXT: RGB = (46, 84, 112)
NEUTRAL: RGB = (218, 196, 146)
DECORATION: RGB = (204, 200, 186)
IMPASSABLE: RGB = (196, 196, 192)
IMPASSABLE_HATCH: RGB = (160, 160, 156)
COAST: RGB = (58, 64, 70)
BORDER: RGB = (62, 58, 54)
CITY_FILL: RGB = (250, 248, 240)
ARMAMENTS: RGB = (128, 82, 46)
SHIPYARD: RGB = (120, 192, 230)
FRAME: RGB = (40, 44, 48)

FONT_FILES = {
    "land": "DejaVuSansCondensed-Bold.ttf",
    "sea": "DejaVuSerif-Italic.ttf",
    "small": "DejaVuSans-Bold.ttf",
}


def sea_label_lines(name: str) -> list[str]:
    """Long sea names are set on two lines (tools/build_map.py reserves the same space)."""
    if len(name) <= 16 or " " not in name:
        return [name]
    first, rest = name.split(" ", 1)
    return [first, rest]


def region_colour(board: BoardGeometry, region: RegionGeometry, index_in_nation: int = 0,
                  land: dict[str, RGB] | None = None) -> RGB:
    """Fill colour of a region (provinces of a nation, in the muted tone its map file gives, or
    ``land`` gives for the palette in use, vary slightly in lightness)."""
    if region.kind == "sea":
        return SEA
    if region.kind == "impassable":
        return IMPASSABLE
    if region.kind == "neutral_land":
        return NEUTRAL
    base = (board.nation_land if land is None else land).get(region.nation or "", NEUTRAL)
    shade = (0, 14, -12, 8, -6)[index_in_nation % 5]
    return tuple(max(0, min(255, c + shade)) for c in base)  # type: ignore[return-value]


def region_grounds(board: BoardGeometry, land: dict[str, RGB] | None = None) -> dict[str, RGB]:
    """The fill colour of every region exactly as ``draw_board`` paints it (pieces stand on these);
    ``land``: the home provinces' colours of another palette than the board's standard one."""
    out: dict[str, RGB] = {}
    counters: dict[str, int] = {}
    for r in sorted(board.regions.values(), key=lambda r: -r.shape.area):
        if r.kind == "sea":
            out[r.id] = SEA
            continue
        idx = counters.get(r.nation or "", 0)
        counters[r.nation or ""] = idx + 1
        out[r.id] = region_colour(board, r, idx, land)
    return out


def label_colours(ground: RGB) -> tuple[RGB, RGB]:
    """(text, halo) of a land label on a region of this colour."""
    dark = _luminance(ground) < 120
    return ((250, 248, 240), (40, 40, 44)) if dark else ((34, 30, 26), (250, 246, 232))


def _font_path(filename: str) -> str:
    """Filesystem path of a packaged font."""
    from imperial_desktop.resources import assets_root  # works from a checkout too (see resources.py)

    ref = assets_root() / "fonts" / filename
    return str(ref)


def _luminance(c: RGB) -> float:
    """Relative luminance (0..255) of a colour."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def stroke(draw, surface, colour: RGB, points: list[tuple[float, float]], closed: bool, width: int) -> None:
    """Lines through ``points`` with round joins (``draw`` is pygame.draw): thick pygame lines leave
    notches at every corner, which makes a detailed coast look jagged."""
    draw.lines(surface, colour, closed, points, width)
    if width >= 3:
        for x, y in points if closed else points[1:-1]:
            draw.circle(surface, colour, (x, y), width / 2 - 0.5)


class _Painter:
    """Draws board geometry onto a pygame Surface with a uniform scale."""

    def __init__(self, pygame_mod, surface, scale: float) -> None:
        self.pg = pygame_mod
        self.surface = surface
        self.k = scale
        self._fonts: dict[tuple[str, int], object] = {}

    def pts(self, coords: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
        """Board coordinates -> surface coordinates."""
        k = self.k
        return [(x * k, y * k) for x, y in coords]

    def fill(self, geom: BaseGeometry, colour: RGB) -> None:
        """Fill every polygon of a geometry, leaving its holes untouched."""
        for poly in polygon_parts(geom):
            ring = self.pts(poly.exterior.coords)
            if len(ring) < 3:
                continue
            if not poly.interiors:
                self.pg.draw.polygon(self.surface, colour, ring)
                continue
            self._fill_with_holes(poly, ring, colour)

    def _fill_with_holes(self, poly: Polygon, ring: list[tuple[float, float]], colour: RGB) -> None:
        """Fill a polygon with holes through a transparent scratch surface."""
        x0, y0, x1, y1 = (v * self.k for v in poly.bounds)
        x0, y0 = math.floor(x0), math.floor(y0)
        w, h = math.ceil(x1) - x0 + 2, math.ceil(y1) - y0 + 2
        scratch = self.pg.Surface((w, h), self.pg.SRCALPHA)
        self.pg.draw.polygon(scratch, (*colour, 255), [(x - x0, y - y0) for x, y in ring])
        for hole in poly.interiors:
            pts = [(x - x0, y - y0) for x, y in self.pts(hole.coords)]
            if len(pts) >= 3:
                self.pg.draw.polygon(scratch, (0, 0, 0, 0), pts)
        self.surface.blit(scratch, (x0, y0))

    def outline(self, geom: BaseGeometry, colour: RGB, width: float) -> None:
        """Stroke the boundary lines of a geometry."""
        w = max(1, round(width * self.k))
        for line in _lines(geom):
            p = self.pts(line.coords)
            if len(p) >= 2:
                stroke(self.pg.draw, self.surface, colour, p, False, w)

    def font(self, kind: str, size: float):
        """A packaged font at a board-unit size."""
        px = max(6, round(size * self.k))
        key = (kind, px)
        if key not in self._fonts:
            self._fonts[key] = self.pg.font.Font(_font_path(FONT_FILES[kind]), px)
        return self._fonts[key]

    def text(self, text: str, centre: tuple[float, float], kind: str, size: float,
             colour: RGB, halo: RGB | None, halo_width: float = 2.0, spacing: float = 0.0) -> None:
        """Draw centred text with an optional halo (outline)."""
        font = self.font(kind, size)
        glyphs = self._render(font, text, colour, spacing)
        cx, cy = centre[0] * self.k, centre[1] * self.k
        if halo is not None:
            hw = max(1, round(halo_width * self.k))
            halo_img = self._render(font, text, halo, spacing)
            for dx in range(-hw, hw + 1):
                for dy in range(-hw, hw + 1):
                    if dx * dx + dy * dy <= hw * hw + 1:
                        self.surface.blit(halo_img, halo_img.get_rect(center=(cx + dx, cy + dy)))
        self.surface.blit(glyphs, glyphs.get_rect(center=(cx, cy)))

    def _render(self, font, text: str, colour: RGB, spacing: float):
        """Render text, optionally letter-spaced."""
        if spacing <= 0:
            return font.render(text, True, colour)
        letters = [font.render(ch, True, colour) for ch in text]
        gap = spacing * self.k
        width = sum(img.get_width() for img in letters) + gap * (len(letters) - 1)
        height = max(img.get_height() for img in letters)
        out = self.pg.Surface((math.ceil(width), height), self.pg.SRCALPHA)
        x = 0.0
        for img in letters:
            out.blit(img, (round(x), 0))
            x += img.get_width() + gap
        return out


def _lines(geom: BaseGeometry) -> list:
    """Line parts of a (boundary) geometry."""
    if geom.is_empty:
        return []
    if geom.geom_type in ("LineString", "LinearRing"):
        return [geom]
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        return _lines(geom.boundary)
    if hasattr(geom, "geoms"):
        out = []
        for g in geom.geoms:
            out.extend(_lines(g))
        return out
    return []


def _merge(lines: BaseGeometry) -> BaseGeometry:
    """Merge line pieces into longer strokes."""
    if lines.is_empty:
        return lines
    try:
        return shapely.line_merge(shapely.union_all(_lines(lines)))
    except shapely.errors.GEOSException:  # pragma: no cover - defensive
        return lines


class MapLayers:
    """Shared shapes derived from the board: land union, coast, borders."""

    def __init__(self, board: BoardGeometry) -> None:
        self.board = board
        land_regions = [r.shape for r in board.regions.values() if r.kind != "sea"]
        deco = [d.shape for d in board.decorations]
        self.land = shapely.union_all(land_regions + deco, grid_size=0.1)
        self.coast = self.land.boundary
        seas = [r.shape for r in board.regions.values() if r.kind == "sea"]
        self.sea_borders = self._shared(seas, seas)
        self.province_borders = self._land_borders(same_nation=True)
        self.national_borders = self._land_borders(same_nation=False)

    def _shared(self, group_a: list[BaseGeometry], group_b: list[BaseGeometry]) -> BaseGeometry:
        """Union of the borders shared between shapes of two groups."""
        parts = []
        for i, a in enumerate(group_a):
            for j, b in enumerate(group_b):
                if group_a is group_b and j <= i:
                    continue
                if a.intersects(b):
                    parts.append(shapely.intersection(a.boundary, b.boundary))
        return _merge(shapely.union_all(parts)) if parts else shapely.GeometryCollection()

    def _land_borders(self, same_nation: bool) -> BaseGeometry:
        """Borders between land shapes (regions and decorations)."""
        items = [(r.nation or r.id, r.shape) for r in self.board.regions.values() if r.kind != "sea"]
        items += [(f"deco:{d.id}", d.shape) for d in self.board.decorations]
        parts = []
        for i, (na, a) in enumerate(items):
            for nb, b in items[i + 1:]:
                if (na == nb) != same_nation or not a.intersects(b):
                    continue
                shared = shapely.intersection(a.boundary, b.boundary)
                if shared.length > 0:
                    parts.append(shared)
        return _merge(shapely.union_all(parts)) if parts else shapely.GeometryCollection()


def draw_board(painter: _Painter, board: BoardGeometry, starting: set[str], labels: bool = True) -> None:
    """Draw every layer of the map (``labels=False``: region names are left to the board view,
    which draws them at a readable screen size)."""
    layers = MapLayers(board)
    painter.surface.fill(SEA)
    for r in board.regions.values():
        if r.kind == "sea":
            painter.fill(r.shape, SEA)
    # Shallow-water bands along the coasts.
    painter.fill(layers.land.buffer(14, quad_segs=4), SEA_SHALLOW)
    painter.fill(layers.land.buffer(6, quad_segs=4), SEA_SHALLOWER)
    painter.outline(layers.sea_borders, SEA_BORDER, 2.5)
    for d in board.decorations:
        painter.fill(d.shape, DECORATION)
    grounds = region_grounds(board)
    for r in sorted(board.regions.values(), key=lambda r: -r.shape.area):
        if r.kind != "sea":
            painter.fill(r.shape, grounds[r.id])
    _hatch_impassable(painter, board)
    painter.outline(layers.province_borders, BORDER, 1.5)
    painter.outline(layers.national_borders, BORDER, 2.4)
    painter.outline(layers.coast, COAST, 1.8)
    for r in board.regions.values():
        if r.anchor:
            _anchor(painter, r.anchor)
    for r in board.regions.values():
        if r.city:
            _city(painter, r, r.id in starting)
    _labels(painter, board, regions=labels)
    _frame(painter, board)


def _hatch_impassable(painter: _Painter, board: BoardGeometry) -> None:
    """Diagonal hatching marks the land no unit may enter."""
    for r in board.regions.values():
        if r.kind != "impassable":
            continue
        x0, y0, x1, y1 = r.shape.bounds
        lines = []
        step = 7.0
        t = x0 - (y1 - y0)
        while t < x1:
            lines.append(shapely.LineString([(t, y1), (t + (y1 - y0), y0)]))
            t += step
        hatch = shapely.intersection(shapely.MultiLineString(lines), r.shape.buffer(-1.5))
        painter.outline(hatch, IMPASSABLE_HATCH, 1.0)


def _anchor(painter: _Painter, pos: tuple[float, float]) -> None:
    """An anchor symbol at a harbour's sea position."""
    x, y = pos
    dark = (34, 62, 88)
    k = painter.k
    pg, s = painter.pg, painter.surface
    pg.draw.circle(s, (214, 232, 242), (x * k, y * k), 10.5 * k)
    pg.draw.circle(s, dark, (x * k, y * k), 10.5 * k, max(1, round(1.0 * k)))
    w = max(1, round(1.6 * k))
    pg.draw.circle(s, dark, (x * k, (y - 5.5) * k), 2.2 * k, w)
    pg.draw.line(s, dark, (x * k, (y - 3.3) * k), (x * k, (y + 6.5) * k), w)
    pg.draw.line(s, dark, ((x - 3.8) * k, (y - 1.5) * k), ((x + 3.8) * k, (y - 1.5) * k), w)
    rect = pg.Rect(0, 0, 13 * k, 10 * k)
    rect.center = (x * k, (y + 2.0) * k)
    pg.draw.arc(s, dark, rect, math.pi * 1.05, math.pi * 1.95, w)


def _city(painter: _Painter, r: RegionGeometry, has_factory: bool) -> None:
    """City dot plus its factory square."""
    k = painter.k
    pg, s = painter.pg, painter.surface
    cx, cy = r.city
    pg.draw.circle(s, (30, 30, 30), (cx * k, cy * k), 6.0 * k)
    pg.draw.circle(s, CITY_FILL, (cx * k, cy * k), 4.4 * k)
    if r.factory is None:
        return
    size = painter.board_factory_size
    fx, fy = r.factory
    rect = pg.Rect(0, 0, size * k, size * k)
    rect.center = (fx * k, fy * k)
    colour = ARMAMENTS if r.factory_type == "armaments" else SHIPYARD
    if has_factory:
        pg.draw.rect(s, colour, rect)
        pg.draw.rect(s, (30, 30, 30), rect, max(1, round(1.2 * k)))
    else:
        pg.draw.rect(s, (246, 242, 230), rect)
        pg.draw.rect(s, colour, rect, max(2, round(2.6 * k)))


def _labels(painter: _Painter, board: BoardGeometry, regions: bool = True) -> None:
    """Region names: provinces and neutral lands in bold sans, seas in spaced italics;
    decorations (islands, land beyond the board) always."""
    for r in board.regions.values() if regions else ():
        if r.kind == "sea":
            lines = sea_label_lines(r.name.upper())
            for i, line in enumerate(lines):
                y = r.label[1] + (i - (len(lines) - 1) / 2) * 22.0
                painter.text(line, (r.label[0], y), "sea", 17.0, SEA_TEXT, None, spacing=2.5)
            continue
        colour, halo = label_colours(region_colour(board, r))
        size = 11.0 if r.kind == "impassable" else 16.0 if r.shape.area > 40000 else 14.0
        painter.text(r.name, r.label, "land", size, colour, halo, halo_width=1.6)
    for d in board.decorations:
        if d.name_en:
            c = polylabel(max(polygon_parts(d.shape), key=lambda p: p.area), 1.0)
            painter.text(d.name_en, (c.x, c.y), "sea", 11.0, (110, 106, 96), None)


def _frame(painter: _Painter, board: BoardGeometry) -> None:
    """A thin frame around the map."""
    k = painter.k
    rect = painter.pg.Rect(0, 0, board.width * k, board.height * k)
    painter.pg.draw.rect(painter.surface, FRAME, rect, max(2, round(3 * k)))


def _draw_slots(painter: _Painter, board: BoardGeometry) -> None:
    """Debug overlay: unit slots (rings) and flag slots (small squares)."""
    k = painter.k
    for r in board.regions.values():
        for x, y in r.unit_slots:
            painter.pg.draw.circle(painter.surface, (20, 20, 20), (x * k, y * k), 9 * k, max(1, round(k)))
        if r.flag_slot:
            rect = painter.pg.Rect(0, 0, 10 * k, 10 * k)
            rect.center = (r.flag_slot[0] * k, r.flag_slot[1] * k)
            painter.pg.draw.rect(painter.surface, (200, 20, 20), rect, max(1, round(k)))


def _headless_env() -> None:
    """Let pygame run without a display or sound device (kept if already set)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def render_surface(width: int = 2400, show_slots: bool = False, labels: bool = True, name: str | None = None,
                   land: dict[str, RGB] | None = None):
    """Draw the map of the board ``name`` (the board in use by default) onto a new pygame Surface
    of the given width and return it (``labels=False`` for the game's board image: the board view
    draws the names; ``land``: the home provinces in another palette's colours)."""
    _headless_env()
    import pygame

    pygame.font.init()
    data = load_map_data(name)
    board = BoardGeometry.from_map_data(data)
    if land is not None:
        board.nation_land = dict(land)  # this drawing's own geometry: nothing shared changes
    starting = {f for n in data["nations"] for f in n["starting_factories"]}
    height = round(width * board.height / board.width)
    scale = width / board.width * SUPERSAMPLE
    big = pygame.Surface((round(width * SUPERSAMPLE), round(height * SUPERSAMPLE)))
    painter = _Painter(pygame, big, scale)
    painter.board_factory_size = board.factory_size
    draw_board(painter, board, starting, labels)
    if show_slots:
        _draw_slots(painter, board)
    return pygame.transform.smoothscale(big, (width, height))


def render_map(out_path: str, width: int = 2400, show_slots: bool = False, labels: bool = True,
               palette: str = "standard") -> None:
    """Render the whole map and save it as a PNG at out_path (home provinces in the palette's colours)."""
    _headless_env()
    import pygame

    from imperial_desktop.ui import board_look

    land = {nid: look.land for nid, look in board_look.nation_looks(palette).items()}
    surface = render_surface(width, show_slots, labels, land=land)
    pygame.image.save(surface, out_path)


def main(argv: list[str]) -> int:
    """CLI: ``render-map OUT [--width W] [--slots]``."""
    parser = argparse.ArgumentParser(prog="imperial-desktop render-map",
                                     description="Render the board map to a PNG file.")
    parser.add_argument("out", help="output PNG path")
    parser.add_argument("--width", type=int, default=2400, help="image width in pixels")
    parser.add_argument("--slots", action="store_true", help="overlay unit and flag slots")
    parser.add_argument("--no-labels", action="store_true",
                        help="leave out region names (the game's board image: the board view draws them)")
    parser.add_argument("--palette", choices=("standard", "colour_blind"), default="standard",
                        help="the nation colours of the home provinces (colour_blind: the map's colours_cvd)")
    args = parser.parse_args(argv)
    if args.width < 100:
        parser.error("--width must be at least 100")
    render_map(args.out, args.width, args.slots, not args.no_labels, args.palette)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    import sys

    raise SystemExit(main(sys.argv[1:]))
