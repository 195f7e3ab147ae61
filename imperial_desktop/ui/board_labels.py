"""Region names drawn by the board view at a screen size that stays readable at every zoom.

The board image carries no region names (``map_render.render_surface(labels=False)``): at the
fit zoom of a 1280x720 window (about 0.30) names printed into the image would be 5-6 px high.
Here every name is set at ``label_px(zoom)`` screen pixels (never below ``LAND_MIN_PX``).

Where a name stands depends on the map, the zoom and the name's text only, never on the game:
it is worked out once per zoom level and language (``LabelPainter.spots``, see ``_Layout``) and
drawn at the same place in every state. A name stands inside its own region where its text fits
there, near the region's label point in ``maps/europe.json``, clear of the other names, the factory
squares and the other regions' label points, and where it can off the city dots, anchors and the
pieces' usual places, leaving room for a stack. A name that does not fit stands with the centre of
its text on its region and the rest mostly over the sea (a long one on two lines), or beside its
region with a short leader line to a point inside it. The pieces then keep clear of the names
(board_view), which are drawn over them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

import numpy as np
import pygame
import pygame.surfarray  # imported, not reached through pygame's lazy attribute

from imperial_desktop import i18n
from imperial_desktop.ui.board_geometry import BoardGeometry
from imperial_desktop.ui.board_marks import Mark
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.map_render import SEA, SEA_TEXT, label_colours
from imperial_desktop.ui.palette import RGB

LAND_MIN_PX = 11  # font size (em) of a land name at the smallest zoom; grows with zoom above
LAND_BOARD_SIZE = 16.0  # font size in board units once the zoom is large enough
SEA_MIN_PX = 10
SEA_BOARD_SIZE = 18.0
SEA_LINE = 1.05  # line distance of two-line sea names, in font sizes

GRID = 2.0  # board units per cell of the rasters names are placed on
PAD_PX = 1  # screen pixels around a name's text that count as the name (inside its region, off obstacles)
GAP_PX = 3  # screen pixels at least between two names
CORE_PX = 3  # the centre of a name's text stands at least this far inside its region
END_PX = 8  # and the end of a leader line this far where the region has room
NEAR_PX = 60  # a name is first looked for within this distance of its label point
LEADER_PX = 36  # the longest leader line from a name to its region
OWN_SHARE = 0.97  # a name "inside" its region: this share of its text box on the region
OVERFLOW_SHARE = 0.45  # a name standing over its region's edge: at least this share on the region
ASIDE_SHARE = 0.2  # a name beside its region (on a leader line): at most this share of it over the region
ROOM_COST = 100.0  # of a name that leaves its region no room for a stack
REPAIR_COST = 150.0  # a name placed at this cost or more tries to take its best place from the names in its way
REPAIR_GAIN = 20.0  # when that lowers the cost of the names concerned by this much
WRAP_COST = 20.0  # of a name on two lines (tried where one line costs REPAIR_COST or more)
SPOT_CACHE = 24  # zoom levels whose name places are kept

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # board x0, y0, x1, y1


def label_px(zoom: float, sea: bool = False) -> int:
    """Font size in screen pixels of a region name at this zoom."""
    if sea:
        return max(SEA_MIN_PX, round(SEA_BOARD_SIZE * zoom))
    return max(LAND_MIN_PX, round(LAND_BOARD_SIZE * zoom))


def _halo_text(f: pygame.font.Font, text: str, colour: RGB, halo: RGB) -> pygame.Surface:
    """Text with a one-pixel halo around its letters."""
    glyphs = f.render(text, True, colour)
    edge = f.render(text, True, halo)
    out = pygame.Surface((glyphs.get_width() + 2, glyphs.get_height() + 2), pygame.SRCALPHA)
    for dx in (0, 1, 2):
        for dy in (0, 1, 2):
            if (dx, dy) != (1, 1):
                out.blit(edge, (dx, dy))
    out.blit(glyphs, (1, 1))
    return out


def _stacked(imgs: list[pygame.Surface], step: int) -> pygame.Surface:
    """Lines of text one under the other, centred."""
    out = pygame.Surface((max(i.get_width() for i in imgs), step * (len(imgs) - 1) + imgs[-1].get_height()), pygame.SRCALPHA)
    for n, img in enumerate(imgs):
        out.blit(img, img.get_rect(midtop=(out.get_width() / 2, n * step)))
    return out


def _sea_text(lines: list[str], px: int) -> pygame.Surface:
    """A sea's name, with a halo of the sea's own colour: unseen on the water, it keeps the letters
    readable where a piece had to stand under them."""
    f = font(px, "serif_italic")
    return _stacked([_halo_text(f, line, SEA_TEXT, SEA) for line in lines], round(px * SEA_LINE))


def two_lines(name: str) -> list[str]:
    """A name of several words on two lines, broken at the space nearest its middle."""
    spaces = [i for i, c in enumerate(name) if c == " "]
    if not spaces:
        return [name]
    cut = min(spaces, key=lambda i: abs(2 * i - len(name)))
    return [name[:cut], name[cut + 1:]]


@dataclass
class NameObstacles:
    """What the names keep clear of at one zoom (board coordinates).

    ``hard``: boxes no name covers (the factory squares). ``soft``: boxes with the cost of covering
    each (city dots, anchors, blocked crosses, the pieces' usual places: those pieces step aside).
    ``room``: per region, the centres where a stack would stand wholly on it and the stack's size
    (w, h): a name leaves one of them free where it can, so that a piece has room beside it.
    ``slots``: per region, the unit slots where its first stacks stand best (the end of a leader line
    keeps off them)."""

    hard: list[Box]
    soft: list[tuple[Box, float]]
    room: dict[str, tuple[np.ndarray, np.ndarray, float, float]]
    slots: dict[str, list[Point]]


@dataclass(frozen=True)
class NameSpot:
    """Where a region's name stands at one zoom (board coordinates)."""

    region: str
    centre: Point  # the centre of the name's text
    leader: Point | None = None  # the point on the region a leader line goes to, when the name stands beside it
    wrapped: bool = False  # the name on two lines

    @property
    def anchor(self) -> Point:
        """The point on the region that the name stands for: its text's centre, or its leader's end."""
        return self.leader if self.leader is not None else self.centre


@dataclass(frozen=True)
class Placed:
    """A name as drawn at the current view; ``leader`` is the screen point its leader line goes to
    when the name stands beside its region."""

    image: pygame.Surface
    at: pygame.Rect
    mark: object
    leader: tuple[int, int] | None = None


def _sat(mask: np.ndarray) -> np.ndarray:
    """Summed-area table with a zero row and column in front."""
    table = np.zeros((mask.shape[0] + 1, mask.shape[1] + 1), dtype=np.float64 if mask.dtype.kind == "f" else np.int32)
    table[1:, 1:] = mask.cumsum(0, dtype=table.dtype).cumsum(1, dtype=table.dtype)
    return table


def _sums(table: np.ndarray, x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray) -> np.ndarray:
    """Sums over the cell boxes [x0, x1) x [y0, y1) (clipped to the table)."""
    h, w = table.shape[0] - 1, table.shape[1] - 1
    x0, x1 = np.clip(x0, 0, w), np.clip(x1, 0, w)
    y0, y1 = np.clip(y0, 0, h), np.clip(y1, 0, h)
    return table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]


class _Raster:
    """The regions drawn once into a grid of ``GRID``-unit cells (a region's index per cell, 0 where
    no region is), with summed-area tables of each region, of all land and of all sea."""

    def __init__(self, geometry: BoardGeometry):
        self.ids = list(geometry.regions)
        self.w, self.h = int(geometry.width / GRID) + 1, int(geometry.height / GRID) + 1
        surf = pygame.Surface((self.w, self.h), depth=8)
        surf.set_palette([(i, i, i) for i in range(256)])
        surf.fill(0)
        # largest first: a region lying in another's hole (an island) is drawn over it
        for rid in sorted(self.ids, key=lambda r: -geometry.regions[r].shape.area):
            index = self.ids.index(rid) + 1
            shape = geometry.regions[rid].shape
            for poly in getattr(shape, "geoms", [shape]):
                pygame.draw.polygon(surf, index, [(x / GRID, y / GRID) for x, y in poly.exterior.coords])
                for ring in poly.interiors:
                    pygame.draw.polygon(surf, 0, [(x / GRID, y / GRID) for x, y in ring.coords])
        grid = pygame.surfarray.array2d(surf).T.astype(np.uint8)  # rows = y
        seas = [i for i, rid in enumerate(self.ids, start=1) if geometry.regions[rid].kind == "sea"]
        lands = [i for i, rid in enumerate(self.ids, start=1) if geometry.regions[rid].kind != "sea"]
        self.grid = grid
        self.is_land = np.zeros(256, dtype=bool)
        self.is_land[lands] = True
        self.land = _sat(np.isin(grid, lands).astype(np.int32))
        self.sea = _sat(np.isin(grid, seas).astype(np.int32))
        self.window: dict[str, tuple[int, int, int, int]] = {}
        self.own: dict[str, np.ndarray] = {}
        for index, rid in enumerate(self.ids, start=1):
            x0, y0, x1, y1 = geometry.regions[rid].shape.bounds
            cx0, cy0 = max(0, int(x0 / GRID) - 1), max(0, int(y0 / GRID) - 1)
            cx1, cy1 = min(self.w, int(x1 / GRID) + 2), min(self.h, int(y1 / GRID) + 2)
            self.window[rid] = (cx0, cy0, cx1, cy1)
            self.own[rid] = _sat((grid[cy0:cy1, cx0:cx1] == index).astype(np.int32))


_RASTERS: dict[int, _Raster] = {}


class LabelPainter:
    """Draws region names; caches one sprite per name and font size and the names' places per zoom."""

    def __init__(self, geometry: BoardGeometry, grounds: dict[str, RGB]):
        self.geometry = geometry
        self.grounds = grounds
        self._sprites: dict[tuple[str, int, str, bool], tuple[pygame.Surface, pygame.Rect]] = {}
        self._spots: dict[tuple[float, str], dict[str, NameSpot]] = {}

    def sprite(self, region: str, zoom: float, wrapped: bool = False) -> tuple[pygame.Surface, pygame.Rect]:
        """The name's image and its inked part (relative to the image); ``wrapped``: a land's name of
        several words on two lines (where it does not fit its region on one)."""
        r = self.geometry.regions[region]
        sea = r.kind == "sea"
        px = label_px(zoom, sea)
        key = (region, px, i18n.language(), wrapped)
        cached = self._sprites.get(key)
        if cached is None:
            if sea:
                name = r.name.upper()  # two words or more: two lines, the seas are narrow at this size
                img = _sea_text(name.split(" ", 1) if " " in name else [name], px)
            else:
                text, halo = label_colours(self.grounds[region])
                f = font(px, "condensed")
                lines = two_lines(r.name) if wrapped else [r.name]
                img = _stacked([_halo_text(f, line, text, halo) for line in lines], round(px * SEA_LINE))
            cached = self._sprites[key] = (img, img.get_bounding_rect())
        return cached

    def wraps(self, region: str) -> bool:
        """Whether a region's name may go on two lines (a land's name of several words)."""
        r = self.geometry.regions[region]
        return r.kind != "sea" and " " in r.name.strip()

    def _raster(self) -> _Raster:
        raster = _RASTERS.get(id(self.geometry))
        if raster is None or raster.ids != list(self.geometry.regions):
            raster = _RASTERS[id(self.geometry)] = _Raster(self.geometry)
        return raster

    def spots(self, zoom: float, obstacles: Callable[[], NameObstacles]) -> dict[str, NameSpot]:
        """Where every name stands at this zoom (computed once per zoom and language).

        ``obstacles()`` gives what the names keep clear of at this zoom (``NameObstacles``)."""
        key = (zoom, i18n.language())
        spots = self._spots.get(key)
        if spots is None:
            if len(self._spots) >= SPOT_CACHE:
                self._spots.pop(next(iter(self._spots)))
            spots = self._spots[key] = self._layout(zoom, obstacles())
        return spots

    def text_box(self, region: str, zoom: float, spot: NameSpot) -> Box:
        """The board box of a name's inked text."""
        _img, ink = self.sprite(region, zoom, spot.wrapped)
        hw, hh = ink.w / 2 / zoom, ink.h / 2 / zoom
        return (spot.centre[0] - hw, spot.centre[1] - hh, spot.centre[0] + hw, spot.centre[1] + hh)

    def share_on_region(self, region: str, xs: np.ndarray, ys: np.ndarray, w: float, h: float) -> np.ndarray:
        """The share on the region of each box ``w`` x ``h`` (board units) centred on (xs, ys)."""
        raster = self._raster()
        wx0, wy0, _wx1, _wy1 = raster.window[region]
        x0 = np.floor((xs - w / 2) / GRID).astype(np.int32)
        x1 = np.ceil((xs + w / 2) / GRID).astype(np.int32)
        y0 = np.floor((ys - h / 2) / GRID).astype(np.int32)
        y1 = np.ceil((ys + h / 2) / GRID).astype(np.int32)
        area = np.maximum(1, (x1 - x0) * (y1 - y0))
        return _sums(raster.own[region], x0 - wx0, y0 - wy0, x1 - wx0, y1 - wy0) / area

    def _layout(self, zoom: float, obstacles: NameObstacles) -> dict[str, NameSpot]:
        boxes = {(rid, wrapped): self.sprite(rid, zoom, wrapped)[1].size for rid in self.geometry.regions
                 for wrapped in ((False, True) if self.wraps(rid) else (False,))}
        return _Layout(self.geometry, self._raster(), zoom, obstacles, boxes).run()

    def place(self, zoom: float, to_screen: Callable[[Point], Point],
              obstacles: Callable[[], NameObstacles]) -> list[Placed]:
        """Every name as drawn at the current view (its place at this zoom, moved with the view)."""

        out: list[Placed] = []
        for rid, spot in self.spots(zoom, obstacles).items():
            img, ink = self.sprite(rid, zoom, spot.wrapped)
            x, y = to_screen(spot.centre)
            at = img.get_rect(topleft=(round(x - ink.centerx), round(y - ink.centery)))
            target = None
            if spot.leader is not None:
                tx, ty = to_screen(spot.leader)
                target = (round(tx), round(ty))
            out.append(Placed(img, at, Mark("label", rid, ink.move(at.topleft)), target))
        return out


class _Layout:
    """The places of all names at one zoom.

    Every region's name is tried at candidate centres a couple of screen pixels apart and the
    cheapest is taken, the regions with the fewest places on themselves first. A candidate is one of:

    - inside: the text box (with ``PAD_PX``) nearly all on the region (``OWN_SHARE``); costs its
      distance from the region's label point;
    - over the edge: the text's centre well on the region (``CORE_PX``), at least ``OVERFLOW_SHARE``
      of it on it, the rest costing more on other lands than on the sea;
    - aside: the text off the region with a leader line (at most ``LEADER_PX``) to a point well inside
      it, costing the line's length and what it and the text cross.

    No name covers another name, a factory square or another region's label point (a click there
    must reach that region). Pieces' usual places cost a little to cover, and a name that leaves its
    region no room for a stack costs ``ROOM_COST`` (the pieces step aside for the names).
    """

    def __init__(self, geometry: BoardGeometry, raster: _Raster, zoom: float, obstacles: NameObstacles,
                 ink: dict[tuple[str, bool], tuple[int, int]]):
        self.geometry, self.raster, self.zoom, self.obstacles = geometry, raster, zoom, obstacles
        self.ink = ink  # the inked size of each name, on one line and (several words) on two
        self.wrapped: dict[str, bool] = {}  # the names being tried on two lines
        h, w = raster.h, raster.w
        blocked = np.zeros((h, w), dtype=np.int32)
        for b in obstacles.hard:
            x0, y0, x1, y1 = self._cells(b)
            blocked[y0:y1, x0:x1] = 1
        for r in geometry.regions.values():  # the label points: a click there must reach the region
            blocked[min(h - 1, int(r.label[1] / GRID)), min(w - 1, int(r.label[0] / GRID))] += 1
        costs = np.zeros((h, w), dtype=np.float64)
        for b, weight in obstacles.soft:
            x0, y0, x1, y1 = self._cells(b)
            if x1 > x0 and y1 > y0:
                costs[y0:y1, x0:x1] += weight / ((x1 - x0) * (y1 - y0))
        self.blocked, self.costs = _sat(blocked), _sat(costs)
        # candidate centres 2 screen pixels apart where the regions are small on the screen, else 3
        self.step = max(1, round((2.0 if zoom < 0.6 else 3.0) / zoom / GRID))
        self.pad, self.gap = PAD_PX / zoom, GAP_PX / zoom
        # the unit slots of each region with half a stack's size: the ends of leader lines keep off them
        self.slots = {rid: [(x, y, w / 2 + 2 * self.gap, h / 2 + 2 * self.gap) for x, y in obstacles.slots.get(rid, ())]
                      for rid, (_xs, _ys, w, h) in obstacles.room.items()}
        self.placed: dict[str, list[Box]] = {}  # names placed so far: their text with the gap around, leader ends
        self.taken: list[Box] = []  # the boxes of all names placed so far

    def _cells(self, b: Box) -> tuple[int, int, int, int]:
        r = self.raster
        return (max(0, int(b[0] / GRID)), max(0, int(b[1] / GRID)),
                min(r.w, int(np.ceil(b[2] / GRID))), min(r.h, int(np.ceil(b[3] / GRID))))

    def half(self, rid: str, wrapped: bool | None = None) -> tuple[float, float]:
        """Half the text box of a name with its padding (board units), on the lines being tried."""
        w, h = self.ink[rid, self.wrapped.get(rid, False) if wrapped is None else wrapped]
        return w / 2 / self.zoom + self.pad, h / 2 / self.zoom + self.pad

    def run(self) -> dict[str, NameSpot]:
        geometry = self.geometry
        room = {rid: int(np.count_nonzero(self.on_region(rid))) for rid in geometry.regions}
        # the names with the fewest places on their region first; those with none (they stand over
        # the sea or aside) after them, small before large
        order = sorted(geometry.regions, key=lambda rid: (room[rid] == 0, room[rid], geometry.regions[rid].shape.area, rid))
        spots: dict[str, tuple[NameSpot, float]] = {}
        for rid in order:
            spots[rid] = self.place(rid)
            self.take(rid, spots[rid][0])
        # then a name that had to make do (aside, or far from its best place) takes its best place if
        # the names in its way find places costing less in all
        for rid in sorted(order, key=lambda rid: -spots[rid][1]):
            if spots[rid][1] >= REPAIR_COST:
                self.repair(rid, spots, order)
        return {rid: spots[rid][0] for rid in geometry.regions}

    def take(self, rid: str, spot: NameSpot) -> None:
        self.placed[rid] = self._boxes(rid, spot)
        self.taken = [b for boxes in self.placed.values() for b in boxes]

    def drop(self, rids) -> None:
        for rid in rids:
            self.placed.pop(rid, None)
        self.taken = [b for boxes in self.placed.values() for b in boxes]

    def repair(self, rid: str, spots: dict[str, tuple[NameSpot, float]], order: list[str]) -> None:
        """Give a name the place it would take if it were alone, moving the names in its way, when
        that costs the names concerned less in all."""
        kept = self.placed
        self.placed, self.taken = {}, []
        best, cost = self.place(rid)
        self.placed = kept
        self.taken = [b for boxes in kept.values() for b in boxes]
        if cost > spots[rid][1] - REPAIR_GAIN:
            return
        mine = self._boxes(rid, best)
        blockers = [r for r, boxes in kept.items() if r != rid and any(_overlap(a, b) for a in boxes for b in mine)]
        self.drop([rid, *blockers])
        trial = {rid: (best, cost)}
        self.take(rid, best)
        for r in sorted(blockers, key=order.index):
            trial[r] = self.place(r)
            self.take(r, trial[r][0])
        if sum(c for _spot, c in trial.values()) < sum(spots[r][1] for r in trial) - REPAIR_GAIN:
            spots.update(trial)
            return
        self.drop(list(trial))
        for r in trial:
            self.take(r, spots[r][0])

    def _boxes(self, rid: str, spot: NameSpot) -> list[Box]:
        """The text box with half the gap around it, and the leader's end (which stays clear: a click
        there is on the region)."""
        hw, hh = self.half(rid, spot.wrapped)
        x, y = spot.centre
        edge = self.gap / 2 - self.pad
        boxes = [(x - hw - edge, y - hh - edge, x + hw + edge, y + hh + edge)]
        if spot.leader is not None:
            tx, ty = spot.leader
            boxes.append((tx - self.gap, ty - self.gap, tx + self.gap, ty + self.gap))
        return boxes

    def candidates(self, x0: int, y0: int, x1: int, y1: int, step: int = 0) -> tuple[np.ndarray, np.ndarray]:
        step = step or self.step
        gx, gy = np.meshgrid(np.arange(x0, x1, step) + 0.5, np.arange(y0, y1, step) + 0.5)
        return gx.ravel(), gy.ravel()

    def on_region(self, rid: str) -> np.ndarray:
        """Which candidates over the region's window (4-6 pixels apart) could hold the name on the
        region, ignoring the other names."""
        cx, cy = self.candidates(*self.raster.window[rid], step=2 * self.step)
        m = self.measure(rid, cx, cy, crowd=False)
        return m["ok"] & m["centre_in"] & (m["share"] >= OVERFLOW_SHARE) & (m["hits"] == 0)

    def measure(self, rid: str, cx: np.ndarray, cy: np.ndarray, crowd: bool = True) -> dict[str, np.ndarray]:
        """Facts about the text box centred on each candidate (cell coordinates)."""
        raster, r = self.raster, self.geometry.regions[rid]
        hw, hh = (v / GRID for v in self.half(rid))
        own = raster.own[rid]
        wx0, wy0, _wx1, _wy1 = raster.window[rid]
        x0, x1 = np.floor(cx - hw).astype(np.int32), np.ceil(cx + hw).astype(np.int32)
        y0, y1 = np.floor(cy - hh).astype(np.int32), np.ceil(cy + hh).astype(np.int32)
        area = ((x1 - x0) * (y1 - y0)).astype(np.float64)
        mine = _sums(own, x0 - wx0, y0 - wy0, x1 - wx0, y1 - wy0)
        land = _sums(raster.land, x0, y0, x1, y1)
        other_land = (land if r.kind == "sea" else land - mine) / area
        lx, ly = int(r.label[0] / GRID), int(r.label[1] / GRID)
        own_label = (x0 <= lx) & (lx < x1) & (y0 <= ly) & (ly < y1)
        core = CORE_PX / self.zoom / GRID
        c0x, c1x = np.floor(cx - core).astype(np.int32), np.ceil(cx + core).astype(np.int32)
        c0y, c1y = np.floor(cy - core).astype(np.int32), np.ceil(cy + core).astype(np.int32)
        centre_in = _sums(own, c0x - wx0, c0y - wy0, c1x - wx0, c1y - wy0) == (c1x - c0x) * (c1y - c0y)
        crowding = self.crowding(rid, cx, cy) if crowd else 0.0
        return {"share": mine / area, "other_land": other_land, "centre_in": centre_in,
                "hits": _sums(self.blocked, x0, y0, x1, y1) - own_label,
                "ok": (x0 >= 0) & (y0 >= 0) & (x1 <= raster.w) & (y1 <= raster.h),
                "soft": _sums(self.costs, x0, y0, x1, y1) + crowding, "crowding": crowding}

    def crowding(self, rid: str, cx: np.ndarray, cy: np.ndarray) -> np.ndarray:
        """The cost of leaving the region no room (or room for one) for a stack beside the name."""
        room = self.obstacles.room.get(rid)
        if room is None or len(room[0]) == 0:
            return np.zeros(len(cx))
        px, py, pw, ph = room
        hw, hh = self.half(rid)
        covers = ((np.abs(px[None, :] - cx[:, None] * GRID) < hw + self.gap + pw / 2)
                  & (np.abs(py[None, :] - cy[:, None] * GRID) < hh + self.gap + ph / 2))
        left = len(px) - covers.sum(axis=1)
        return np.where(left == 0, ROOM_COST, np.where(left == 1, ROOM_COST / 3, 0.0))

    def free_of_names(self, rid: str, cx: np.ndarray, cy: np.ndarray) -> np.ndarray:
        hw, hh = self.half(rid)
        hw, hh = hw - self.pad + self.gap / 2, hh - self.pad + self.gap / 2
        xs, ys = cx * GRID, cy * GRID
        ok = np.ones(len(xs), dtype=bool)
        for t in self.taken:
            ok &= (xs + hw <= t[0]) | (xs - hw >= t[2]) | (ys + hh <= t[1]) | (ys - hh >= t[3])
        return ok

    def best(self, rid: str, cx: np.ndarray, cy: np.ndarray, cost: np.ndarray) -> int | None:
        """The cheapest candidate whose name overlaps no other name (None: every one does)."""
        live = np.flatnonzero(np.isfinite(cost))
        live = live[np.argsort(cost[live], kind="stable")]
        for start in range(0, len(live), 512):
            chunk = live[start:start + 512]
            ok = self.free_of_names(rid, cx[chunk], cy[chunk])
            if ok.any():
                return int(chunk[np.argmax(ok)])
        return None

    def place(self, rid: str) -> tuple[NameSpot, float]:
        """The cheapest place for a name clear of the names placed so far, and its cost: on one line,
        or on two where that costs less (a long name that does not fit its region on one)."""
        self.wrapped[rid] = False
        spot, cost = self.place_lines(rid)
        if cost >= REPAIR_COST and (rid, True) in self.ink:
            self.wrapped[rid] = True
            spot2, cost2 = self.place_lines(rid)
            self.wrapped[rid] = False
            if cost2 + WRAP_COST < cost:
                return replace(spot2, wrapped=True), cost2 + WRAP_COST
        return spot, cost

    def place_lines(self, rid: str) -> tuple[NameSpot, float]:
        """The cheapest place for a name on the lines being tried, and its cost."""
        raster, r, zoom = self.raster, self.geometry.regions[rid], self.zoom
        wx0, wy0, wx1, wy1 = raster.window[rid]
        lx, ly = r.label[0] / GRID, r.label[1] / GRID
        near = NEAR_PX / zoom / GRID
        # inside the region, nearest its label point (then anywhere on it), leaving room for a stack
        for window in ((max(wx0, int(lx - near)), max(wy0, int(ly - near)), min(wx1, int(lx + near) + 1),
                        min(wy1, int(ly + near) + 1)), (wx0, wy0, wx1, wy1)):
            cx, cy = self.candidates(*window)
            m = self.measure(rid, cx, cy)
            dist = np.hypot(cx - lx, cy - ly) * GRID * zoom
            inside = m["ok"] & m["centre_in"] & (m["share"] >= OWN_SHARE) & (m["hits"] == 0)
            i = self.best(rid, cx, cy, np.where(inside, dist + m["soft"], np.inf))
            if i is not None:
                if m["crowding"][i] == 0:
                    return NameSpot(rid, (float(cx[i] * GRID), float(cy[i] * GRID))), float(dist[i] + m["soft"][i])
                break
        # inside it (leaving no room for a stack), over its edge (the rest of the text mostly on the
        # sea) or beside it with a leader line: whichever reads best
        hw, hh = self.half(rid)
        reach = (LEADER_PX / zoom + max(hw, hh)) / GRID
        cx, cy = self.candidates(max(0, int(wx0 - reach)), max(0, int(wy0 - reach)),
                                 min(raster.w, int(wx1 + reach)), min(raster.h, int(wy1 + reach)))
        m = self.measure(rid, cx, cy)
        dist = np.hypot(cx - lx, cy - ly) * GRID * zoom
        allowed = m["ok"] & (m["hits"] == 0)
        inside = allowed & m["centre_in"] & (m["share"] >= OWN_SHARE)
        over = allowed & m["centre_in"] & (m["share"] >= OVERFLOW_SHARE)
        over_cost = 30 + 100 * (1 - m["share"]) + 300 * m["other_land"] + dist / 2 + m["soft"]
        bw, bh = (hw - self.pad) / GRID, (hh - self.pad) / GRID
        maybe = np.flatnonzero(allowed & (m["share"] < ASIDE_SHARE))  # (the leaders are worked out for these)
        maybe = maybe[self.free_of_names(rid, cx[maybe], cy[maybe])]
        leader, ex, ey, crossing = np.full(len(cx), np.inf), cx.copy(), cy.copy(), np.zeros(len(cx))
        leader[maybe], (ex[maybe], ey[maybe]), crossing[maybe] = self.leaders(rid, cx[maybe], cy[maybe], bw, bh)
        aside = allowed & (leader >= 3) & (leader <= LEADER_PX) & (m["share"] < ASIDE_SHARE)
        aside_cost = (100 + ROOM_COST + 2.5 * leader + 400 * m["other_land"] + 300 * crossing
                      + 100 * m["share"] + m["soft"])
        cost = np.minimum(np.where(over, over_cost, np.inf), np.where(aside, aside_cost, np.inf))
        cost = np.where(inside, dist + m["soft"], cost)
        i = self.best(rid, cx, cy, cost)
        if i is None:  # nowhere free: the least covered place on the region, over other names if need be
            fallback = np.where(m["centre_in"], m["hits"] * 1000 + dist, np.inf)
            if not np.isfinite(fallback).any():
                return NameSpot(rid, r.label), 1e6
            i = int(np.argmin(fallback))
        centre = (float(cx[i] * GRID), float(cy[i] * GRID))
        paid = float(cost[i]) if np.isfinite(cost[i]) else 1e4
        if aside[i] and not inside[i] and not (over[i] and over_cost[i] <= aside_cost[i]):
            return NameSpot(rid, centre, (float(ex[i] * GRID), float(ey[i] * GRID))), paid
        return NameSpot(rid, centre), paid

    def leaders(self, rid: str, cx: np.ndarray, cy: np.ndarray, bw: float, bh: float
                ) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray], np.ndarray]:
        """For a name's text box (half size ``bw`` x ``bh`` cells) centred on each candidate: the
        length in screen pixels of the shortest leader line to a point well inside the region (off
        the names placed so far and the factories), that point (cells) and the share of the line
        that runs over other lands, factories or names."""
        raster, zoom = self.raster, self.zoom
        own = raster.own[rid]
        wx0, wy0, wx1, wy1 = raster.window[rid]
        ts = max(1, round(4.0 / zoom / GRID))
        # points well inside the region, a few pixels apart (a few dozen), off the places where its
        # stacks stand where it has such points
        for depth, off_slots in ((END_PX, True), (CORE_PX, True), (END_PX, False), (CORE_PX, False)):
            core = depth / zoom / GRID
            while True:
                gx, gy = np.meshgrid(np.arange(wx0, wx1, ts) + 0.5, np.arange(wy0, wy1, ts) + 0.5)
                tx, ty = gx.ravel(), gy.ravel()
                c0x, c1x = np.floor(tx - core).astype(np.int32), np.ceil(tx + core).astype(np.int32)
                c0y, c1y = np.floor(ty - core).astype(np.int32), np.ceil(ty + core).astype(np.int32)
                keep = _sums(own, c0x - wx0, c0y - wy0, c1x - wx0, c1y - wy0) == (c1x - c0x) * (c1y - c0y)
                dot = 3 / zoom / GRID  # the dot at the end, off the factories and label points
                keep &= _sums(self.blocked, np.floor(tx - dot).astype(np.int32), np.floor(ty - dot).astype(np.int32),
                              np.ceil(tx + dot).astype(np.int32), np.ceil(ty + dot).astype(np.int32)) == 0
                for t in self.taken:
                    keep &= ~((tx * GRID >= t[0]) & (tx * GRID <= t[2]) & (ty * GRID >= t[1]) & (ty * GRID <= t[3]))
                if off_slots:
                    for sx, sy, sw, sh in self.slots.get(rid, ()):
                        keep &= (np.abs(tx * GRID - sx) >= sw) | (np.abs(ty * GRID - sy) >= sh)
                if keep.sum() <= 80:
                    break
                ts *= 2
            if keep.any():
                break
        tx, ty = tx[keep], ty[keep]
        if len(tx) == 0:
            return np.full(len(cx), np.inf), (cx, cy), np.zeros(len(cx))
        dx = np.maximum(0, np.abs(tx[None, :] - cx[:, None]) - bw)
        dy = np.maximum(0, np.abs(ty[None, :] - cy[:, None]) - bh)
        nearest = np.argmin(dx * dx + dy * dy, axis=1)
        rows = np.arange(len(cx))
        ex, ey = tx[nearest], ty[nearest]
        length = np.hypot(dx[rows, nearest], dy[rows, nearest]) * GRID * zoom
        # the line from the box's edge to the point, sampled
        sx, sy = np.clip(ex, cx - bw, cx + bw), np.clip(ey, cy - bh, cy + bh)
        index = raster.ids.index(rid) + 1
        over = np.zeros(len(cx))
        samples = 8
        for k in range(1, samples + 1):
            f = k / (samples + 1)
            px, py = sx + (ex - sx) * f, sy + (ey - sy) * f
            ix, iy = np.clip(px.astype(np.int32), 0, raster.w - 1), np.clip(py.astype(np.int32), 0, raster.h - 1)
            value = raster.grid[iy, ix]
            bad = raster.is_land[value] & (value != index)
            bad |= _sums(self.blocked, ix, iy, ix + 1, iy + 1) > 0  # across a factory
            for t in self.taken:
                bad |= (px * GRID >= t[0]) & (px * GRID <= t[2]) & (py * GRID >= t[1]) & (py * GRID <= t[3])
            over += bad
        return length, (ex, ey), over / samples


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
