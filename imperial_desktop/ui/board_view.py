"""The board on screen: the cached map, the pieces drawn from the state, zoom, pan and hit-testing.

One transform maps board coordinates (the 2400 x 1600 canvas of maps/europe.json) to the
screen and back; every click, hover and drop goes through it and then through shapely
(BoardGeometry.region_at, an STRtree query), so it lands on the right region at every zoom.
A region's name is part of its region: a click, hover or drop on a name's text is one on the
region it names (the names are drawn over everything else, and the pieces keep clear of them).
"""

from __future__ import annotations

from dataclasses import dataclass
import math

import numpy as np
import pygame
import pygame.surfarray  # imported, not reached through pygame's lazy attribute
from shapely.geometry import box

from imperial_desktop import i18n
from imperial_desktop.core import GameState
from imperial_desktop.resources import assets_root
from imperial_desktop.ui import tokens
from imperial_desktop.ui.board_geometry import BoardGeometry, RegionGeometry, polygon_parts
from imperial_desktop.ui.board_labels import Box, LabelPainter, NameObstacles, NameSpot, Placed
from imperial_desktop.ui.board_marks import Mark
from imperial_desktop.ui.hit_test import RegionHitTester
from imperial_desktop.ui.map_render import SEA, region_grounds, stroke
from imperial_desktop.ui.palette import HOVER, MOVABLE, PIECE, RGB, ring_colour

MAX_ZOOM = 1.6
SCALED_MAP_BUDGET = 40 << 20  # bytes of scaled maps kept: the fit one and one zoomed in (a 1.6x map is 39 MB)
BOARD_IMAGE = "board.png"  # the map without region names: the board view draws them readable
OUTLINE_SCRATCH_PX = 4_000_000  # pixels of the enlarged drawing of a smooth outline (16 MB)
OUTLINE_CACHE_PX = 6_000_000  # pixels of outline images kept (24 MB; a zoomed-in sea's is 1.4 M)
MIN_TOKEN_PX = 18  # a piece never shrinks below this (about 1280x720 at the fit zoom)


@dataclass(frozen=True)
class Piece:
    """A stack of units drawn on the board (what a click or a drag picks up)."""

    region: str
    nation: str
    kind: str  # "army" | "fleet"
    count: int
    hostile: bool = False
    harbour: bool = False
    moved: int = 0  # how many of these units moved in the current maneuver
    undecided: bool = False  # entering armies whose status (hostile or friendly) is being asked


_HIT_TESTERS: dict[int, RegionHitTester] = {}


ROOM_ON_REGION = (1.0, 0.85, 0.7)  # of the usual room between stacks, tried on the region before beside it
ON_REGION_SHARE = 0.85  # of a piece that steps aside for a name: on its own region (not over the neighbour's pieces)
LEAST_SHARE = 0.6  # where it has to stand a little more over the border to keep clear of the names


def smooth_ring(points: list[tuple[float, float]], colour: tuple[int, int, int], width: int,
                ) -> tuple[pygame.Surface, tuple[int, int]]:
    """A closed line through ``points`` with smooth edges, as an image and its top-left corner: drawn
    at up to three times the size and averaged down (a thick pygame line along a detailed coast is
    jagged). The line keeps its exact colour, the edges fade out by coverage."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0 = math.floor(min(xs)) - width, math.floor(min(ys)) - width
    w, h = math.ceil(max(xs)) + width - x0 + 1, math.ceil(max(ys)) + width - y0 + 1
    ss = next((k for k in (3, 2) if w * h * k * k <= OUTLINE_SCRATCH_PX), 1)
    big = pygame.Surface((w * ss, h * ss), depth=8)
    big.set_palette_at(1, (255, 255, 255))
    stroke(pygame.draw, big, 1, [((x - x0) * ss, (y - y0) * ss) for x, y in points], True, width * ss)
    drawn = pygame.surfarray.pixels2d(big)
    covered = np.zeros((w, h), np.uint16)
    for i in range(ss):
        for j in range(ss):
            covered += drawn[i::ss, j::ss]
    del drawn
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    image.fill((*colour, 0))
    alpha = pygame.surfarray.pixels_alpha(image)
    alpha[:] = covered * 255 // (ss * ss)
    del alpha  # unlocks the image
    return image, (x0, y0)


_NUDGES: dict[int, list[tuple[int, int]]] = {}


def _nudges(reach: int) -> list[tuple[int, int]]:
    """Offsets (screen pixels, 2 apart) within ``reach``, nearest first (sideways a little before up
    and down, as names are wide)."""
    out = _NUDGES.get(reach)
    if out is None:
        out = _NUDGES[reach] = sorted(((dx, dy) for dx in range(-reach, reach + 1, 2) for dy in range(-reach, reach + 1, 2)
                                       if (dx, dy) != (0, 0) and dx * dx + dy * dy <= reach * reach),
                                      key=lambda d: (d[0] * d[0] + 1.2 * d[1] * d[1], d))
    return out


def hit_tester(geometry: BoardGeometry) -> RegionHitTester:
    """The (cached) fast hit-tester of a board geometry."""
    tester = _HIT_TESTERS.get(id(geometry))
    if tester is None:
        tester = _HIT_TESTERS[id(geometry)] = RegionHitTester(geometry)
    return tester


def load_board_image(geometry: BoardGeometry) -> pygame.Surface:
    """The static map at board scale: the bundled PNG, or rendered now if it is missing."""
    path = assets_root() / "images" / BOARD_IMAGE
    try:
        with path.open("rb") as handle:
            image = pygame.image.load(handle, BOARD_IMAGE)
        if image.get_size() == (geometry.width, geometry.height):
            return image
    except (FileNotFoundError, OSError, pygame.error):
        pass
    from imperial_desktop.ui.map_render import render_surface

    return render_surface(geometry.width, labels=False)


class BoardView:
    """Draws the board into a screen rectangle and answers what lies under a screen point."""

    def __init__(self, geometry: BoardGeometry, image: pygame.Surface, rect: pygame.Rect):
        self.geometry = geometry
        self.image = image  # converted to the display's format by the caller (shared, 15 MB)
        self.rect = pygame.Rect(rect)
        self.zoom = 1.0
        self.min_zoom = 1.0
        self.origin = (0.0, 0.0)  # board coordinate shown at the rect's top-left corner
        self._scaled: dict[float, pygame.Surface] = {}
        self._pieces: list[tuple[pygame.Rect, Piece]] = []
        self._stray_pieces: list[tuple[pygame.Rect, Piece, tuple[int, int]]] = []  # drawn off their region
        self._hit: RegionHitTester | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._outline_cache: dict[tuple, list[tuple[pygame.Surface, tuple[int, int]]]] = {}
        self._slot_cache: dict[tuple[str, float], list[tuple[float, float]]] = {}
        self._names: list[tuple[str, pygame.Surface, pygame.Rect]] = []  # the names as drawn last (screen)
        self._drawn: list[tuple[pygame.Surface, pygame.Rect]] = []  # pieces, flags, factories as drawn last (screen)
        self.grounds: dict[str, RGB] = region_grounds(geometry)
        self.labels = LabelPainter(geometry, self.grounds)
        self._name_rects: list[pygame.Rect] = []  # the names' text with a gap around, as laid out (layer)
        self._flag_rects: list[pygame.Rect] = []  # the flags as laid out (layer)
        self._nudge_cache: dict[tuple, pygame.Rect] = {}  # where a piece or flag stepped aside to
        self._name_hits: tuple[tuple, list[tuple[str, pygame.Rect]]] = ((), [])
        self._name_box_cache: tuple[tuple, list[Box]] = ((), [])
        self.marks: list[Mark] = []  # what the last composed board showed (moved, hostile, blocked, labels, movable)
        self._movable: frozenset[tuple[str, str, str]] = frozenset()  # stacks ringed as able to move
        self._halos: list[tuple[pygame.Surface, pygame.Rect]] = []  # their rings, drawn under every piece
        self.drawn_over_map: list[pygame.Rect] = []  # screen rects of pieces, badges, flags, factories, anchors
        self.label_leaders: dict[str, tuple[int, int]] = {}  # names standing beside their region -> leader target
        # stacks that stand off their region (a small region at a small zoom) -> leader target (screen)
        self.piece_leaders: dict[tuple[str, str, str], tuple[int, int]] = {}
        self.fit()

    # ------------------------------------------------------------------ transform

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.fit()

    def fit(self) -> None:
        """Show the whole board, centred."""
        g = self.geometry
        self.min_zoom = min(self.rect.w / g.width, self.rect.h / g.height)
        self.zoom = self.min_zoom
        self._center_on(g.width / 2, g.height / 2)

    def _center_on(self, bx: float, by: float) -> None:
        self.origin = (bx - self.rect.w / 2 / self.zoom, by - self.rect.h / 2 / self.zoom)
        self._clamp()

    def _clamp(self) -> None:
        g = self.geometry
        view_w, view_h = self.rect.w / self.zoom, self.rect.h / self.zoom
        ox, oy = self.origin
        ox = (g.width - view_w) / 2 if view_w >= g.width else max(0.0, min(ox, g.width - view_w))
        oy = (g.height - view_h) / 2 if view_h >= g.height else max(0.0, min(oy, g.height - view_h))
        self.origin = (ox, oy)

    def screen_to_board(self, pos: tuple[float, float]) -> tuple[float, float]:
        return (self.origin[0] + (pos[0] - self.rect.x) / self.zoom, self.origin[1] + (pos[1] - self.rect.y) / self.zoom)

    def board_to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        return (self.rect.x + (point[0] - self.origin[0]) * self.zoom, self.rect.y + (point[1] - self.origin[1]) * self.zoom)

    def zoom_at(self, pos: tuple[int, int], factor: float) -> None:
        """Zoom by ``factor`` keeping the board point under ``pos`` where it is."""
        bx, by = self.screen_to_board(pos)
        new = max(self.min_zoom, min(MAX_ZOOM, self.zoom * factor))
        # quantise so that the scaled-map cache stays small
        new = round(new * 64) / 64 if new > self.min_zoom else self.min_zoom
        self.zoom = new
        self.origin = (bx - (pos[0] - self.rect.x) / new, by - (pos[1] - self.rect.y) / new)
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by a screen distance (right-button drag)."""
        self.origin = (self.origin[0] - dx / self.zoom, self.origin[1] - dy / self.zoom)
        self._clamp()

    # ------------------------------------------------------------------ hit-testing

    def region_at(self, pos: tuple[int, int]) -> str | None:
        """The region under a screen point (None outside the board or between regions); on a
        region's name, the region it names."""
        if not self.rect.collidepoint(pos):
            return None
        named = self.name_at(pos)
        if named is not None:
            return named
        if self._hit is None:
            self._hit = hit_tester(self.geometry)
        return self._hit.region_at(*self.screen_to_board(pos))

    def name_at(self, pos: tuple[int, int]) -> str | None:
        """The region whose name's text (or the dot at the end of its leader line) is drawn under a
        screen point."""
        key = (self.zoom, self.origin, self.rect.topleft, i18n.language())
        if self._name_hits[0] != key:
            placed = self._placed_names()
            self._name_hits = (key, [(p.mark.region, p.mark.rect.inflate(2, 2)) for p in placed]
                               + [(p.mark.region, pygame.Rect(p.leader[0] - 2, p.leader[1] - 2, 5, 5)) for p in placed if p.leader])
        for region, rect in self._name_hits[1]:
            if rect.collidepoint(pos):
                return region
        return None

    def piece_at(self, pos: tuple[int, int]) -> Piece | None:
        """The unit stack drawn under a screen point (topmost first; none under a name, which is
        drawn over the pieces)."""
        if not self.rect.collidepoint(pos) or self.name_at(pos) is not None:
            return None
        for rect, piece in reversed(self._pieces):
            if rect.collidepoint(pos):
                return piece
        return None

    def piece_rect(self, region: str, nation: str, kind: str) -> pygame.Rect | None:
        """Where a stack was drawn last frame (for tests and animations)."""
        for rect, piece in self._pieces:
            if (piece.region, piece.nation, piece.kind) == (region, nation, kind):
                return rect
        return None

    # ------------------------------------------------------------------ drawing

    def _map_surface(self) -> pygame.Surface:
        surf = self._scaled.get(self.zoom)
        if surf is None:
            # keep the scaled maps within a memory budget (a zoomed-in map is ~40 MB); the fit
            # zoom is kept longest, as the view returns to it most often
            size = (round(self.geometry.width * self.zoom), round(self.geometry.height * self.zoom))
            while self._scaled and sum(s.get_width() * s.get_height() * 4 for s in self._scaled.values()) \
                    + size[0] * size[1] * 4 > SCALED_MAP_BUDGET:
                victim = next((z for z in self._scaled if z != self.min_zoom), next(iter(self._scaled)))
                del self._scaled[victim]
            size = (max(1, round(self.geometry.width * self.zoom)), max(1, round(self.geometry.height * self.zoom)))
            surf = pygame.transform.smoothscale(self.image, size)
            self._scaled[self.zoom] = surf
        return surf

    def token_size(self) -> int:
        """Piece size in screen pixels: grows with zoom, never too small to read."""
        return max(MIN_TOKEN_PX, round(34 * self.zoom))

    def draw(self, surface: pygame.Surface, state: GameState, *, version: int | None = None, hover: str | None = None,
             highlights: dict[str, tuple[int, int, int]] | None = None,
             hidden: tuple[tuple[str, str, str], ...] = (), movable: tuple[tuple[str, str, str], ...] = (),
             hover_colour: tuple[int, int, int] = HOVER) -> None:
        """Draw map, highlights, factories, flags and units from the state; the stacks in ``movable``
        ((region, nation, kind)) get a ring that says they can still move; the ``hover`` region is
        outlined in ``hover_colour`` (red where a dragged unit cannot go).

        With a ``version`` (the session's state version) the composed board is cached and only
        re-drawn when the state, the view or the highlights change; a frame then costs one blit.
        """
        key = (version, self.zoom, self.origin, self.rect.size, hidden, movable,
               tuple(sorted((highlights or {}).items())))
        if version is None or key != self._layer_key or self._layer is None:
            if self._layer is None or self._layer.get_size() != self.rect.size:
                self._layer = pygame.Surface(self.rect.size).convert() if pygame.display.get_surface() else pygame.Surface(self.rect.size)
            self._movable = frozenset(movable)
            self._compose(self._layer, state, highlights, hidden)
            self._layer_key = key
        surface.blit(self._layer, self.rect)
        if hover:
            self.outline_region(surface, hover, hover_colour, 3)
            self.redraw_over_marks(surface)  # a small region's outline crosses its neighbours' names and pieces

    def _compose(self, layer: pygame.Surface, state: GameState, highlights: dict[str, tuple[int, int, int]] | None,
                 hidden: tuple[tuple[str, str, str], ...]) -> None:
        rect = self.rect
        self.rect = layer.get_rect()  # draw in layer coordinates
        try:
            layer.fill((38, 60, 78))
            layer.blit(self._map_surface(), self._map_at())
            for region, colour in (highlights or {}).items():
                self.outline_region(layer, region, colour, 4)
            self.marks = []
            # the names stand where they stand at this zoom whatever the state; the pieces keep clear of them
            placed = self._placed_names()
            gap = max(2, round(2 * self.zoom))
            self._name_rects = [p.mark.rect.inflate(2 * gap, 2 * gap) for p in placed]
            self._name_rects += [pygame.Rect(p.leader[0] - 3, p.leader[1] - 3, 7, 7) for p in placed if p.leader]
            ops: list[tuple[pygame.Surface, pygame.Rect]] = []
            on_top: list[tuple[pygame.Surface, pygame.Rect]] = []
            self._layout_factories(state, ops, on_top)
            self._layout_flags(state, ops)
            self._layout_units(state, hidden, ops)
            ops += on_top  # a blocked factory's cross stays visible even under a piece
            obstacles = [r for _, r in ops] + self._anchor_rects()
            self.drawn_over_map = [r.move(rect.topleft) for r in obstacles]
            self.piece_leaders = {}
            for box, piece, target in self._stray_pieces:  # a piece off its region points to it
                self._leader(layer, box, target)
                self.piece_leaders[(piece.region, piece.nation, piece.kind)] = (target[0] + rect.x, target[1] + rect.y)
            layer.fblits(self._halos)  # under every piece and name: no badge or name is hidden
            layer.fblits(ops)
            self._drawn = [(image, at.move(rect.topleft)) for image, at in self._halos + ops]
            self.label_leaders = {}
            for p in placed:  # leader lines over the pieces (which keep clear of them), under the names
                if p.leader is not None:
                    self._leader(layer, p.mark.rect, p.leader)
                    self.label_leaders[p.mark.region] = (p.leader[0] + rect.x, p.leader[1] + rect.y)
            for p in placed:  # over the pieces: a name stays readable where a piece had no other room
                layer.blit(p.image, p.at)
                self.marks.append(p.mark)
            self._names = [(p.mark.region, p.image, p.at.move(rect.topleft)) for p in placed]
        finally:
            self.rect = rect
        self._pieces = [(r.move(rect.topleft), p) for r, p in self._pieces]
        self.marks = [Mark(m.kind, m.region, m.rect.move(rect.topleft), m.nation, m.unit) for m in self.marks]

    def name_spots(self) -> dict[str, NameSpot]:
        """Where every region's name stands at this zoom (board coordinates; the same in every state)."""
        return self.labels.spots(self.zoom, self._name_obstacles)

    def _placed_names(self) -> list[Placed]:
        """The names as drawn at the current view."""
        return self.labels.place(self.zoom, self.board_to_screen, self._name_obstacles)

    def _name_obstacles(self) -> NameObstacles:
        """For the names at this zoom (board boxes): what no name covers (factory squares), what costs
        to cover (blocked crosses, anchors, city dots, the pieces' usual places: first unit slots,
        flags, fleets in harbour; those pieces then stand elsewhere) and the places where a stack
        stands wholly on its region (a name leaves one free where it can) and the two unit slots where a
        stack stands best (a leader line ends off them)."""
        z = self.zoom

        def around(point: tuple[float, float], w: float, h: float) -> Box:
            return (point[0] - w / 2 / z, point[1] - h / 2 / z, point[0] + w / 2 / z, point[1] + h / 2 / z)

        hard: list[Box] = []
        soft: list[tuple[Box, float]] = []
        factory = self.factory_px() + 2
        ring = 2 * (self.factory_px() * 0.95 + 1)
        size = self.token_size()
        army = tokens.army_size(size, False)
        flag = max(16, round(28 * z))
        flag_w, flag_h = round(flag * 0.9), round(flag * 1.1)
        for r in self.geometry.regions.values():
            if r.factory is not None and r.factory_type is not None:
                hard.append(around(r.factory, factory, factory))
                soft.append((around(r.factory, ring, ring), 15.0))  # the cross over a blocked factory
            for point, px, weight in ((r.anchor, 21, 8.0), (r.city, 12, 8.0)):
                if point:
                    d = max(3, round(px * z))
                    soft.append((around(point, d, d), weight))
            for point, weight in zip(r.unit_slots[:3], (25.0, 10.0, 4.0)):
                soft.append((around(point, *army), weight))
            if r.flag_slot is not None:
                x, y = r.flag_slot
                soft.append(((x - flag_w / 2 / z, y + 8 - flag_h / z, x + flag_w / 2 / z, y + 8), 15.0))
            if r.harbour is not None:
                soft.append((around(r.harbour, round(size * 1.5), round(size * 0.85)), 12.0))
        room, slots = {}, {}
        for r in self.geometry.regions.values():
            if r.unit_slots:
                w, h = (v / z for v in self._piece_box_px(r))
                room[r.id] = (*self._room_points(r, w, h, max(w, h) / 2, 60), w, h)
                slots[r.id] = sorted(r.unit_slots, key=lambda p, r=r: -round(self._share_on_region(r, p), 1))[:1]
        return NameObstacles(hard, soft, room, slots)

    def _room_points(self, r: RegionGeometry, w: float, h: float, step: float,
                     most: int = 10_000) -> tuple[np.ndarray, np.ndarray]:
        """Centres (board) ``step`` apart (farther apart if there would be more than ``most``) where a
        stack w x h (board units) stands wholly on the region, clear of its factory and flag."""
        x0, y0, x1, y1 = r.shape.bounds
        step = max(step, ((x1 - x0) * (y1 - y0) / most) ** 0.5)
        gx, gy = np.meshgrid(np.arange(x0 + w / 2, x1 - w / 2 + 1e-9, step), np.arange(y0 + h / 2, y1 - h / 2 + 1e-9, step))
        xs, ys = gx.ravel(), gy.ravel()
        if len(xs) == 0:
            return xs, ys
        keep = self.labels.share_on_region(r.id, xs, ys, w, h) >= ON_REGION_SHARE
        avoid = [self._flag_box(r)]
        if r.factory is not None:
            half = (self.factory_px() * 0.95 + 1) / self.zoom
            avoid.append((r.factory[0] - half, r.factory[1] - half, r.factory[0] + half, r.factory[1] + half))
        for b in avoid:
            keep &= (xs + w / 2 <= b[0]) | (xs - w / 2 >= b[2]) | (ys + h / 2 <= b[1]) | (ys - h / 2 >= b[3])
        return xs[keep], ys[keep]

    def _name_boxes(self) -> list[Box]:
        """The board boxes of the names' text at this zoom, with a small gap around them, and of the
        ends of their leader lines."""
        key = (self.zoom, i18n.language())
        if self._name_box_cache[0] != key:
            gap = 2 / self.zoom
            spots = self.name_spots()
            boxes = [self.labels.text_box(rid, self.zoom, spot) for rid, spot in spots.items()]
            boxes = [(x0 - gap, y0 - gap, x1 + gap, y1 + gap) for x0, y0, x1, y1 in boxes]
            boxes += [(x - 2 * gap, y - 2 * gap, x + 2 * gap, y + 2 * gap)
                      for x, y in (spot.leader for spot in spots.values() if spot.leader is not None)]
            self._name_box_cache = (key, boxes)
        return self._name_box_cache[1]

    def _under_name(self, point: tuple[float, float], w: float, h: float) -> bool:
        """Whether a piece w x h screen pixels centred on a board point would cover a name."""
        hw, hh = w / 2 / self.zoom, h / 2 / self.zoom
        x, y = point
        return any(x - hw < b[2] and x + hw > b[0] and y - hh < b[3] and y + hh > b[1] for b in self._name_boxes())

    @staticmethod
    def _leader(surface: pygame.Surface, box: pygame.Rect, target: tuple[int, int]) -> None:
        """A thin line from a name or a piece standing beside its region to a point on the region."""
        x = min(max(target[0], box.left), box.right - 1)
        y = min(max(target[1], box.top), box.bottom - 1)
        pygame.draw.line(surface, (250, 246, 232), (x, y), target, 3)
        pygame.draw.line(surface, (40, 36, 30), (x, y), target, 1)
        pygame.draw.circle(surface, (40, 36, 30), target, 2)

    def _anchor_rects(self) -> list[pygame.Rect]:
        """The anchors and city dots printed on the map, as screen rectangles."""
        out = []
        for r in self.geometry.regions.values():
            for point, size in ((r.anchor, 21), (r.city, 12)):
                if point:
                    x, y = self.board_to_screen(point)
                    d = max(3, round(size * self.zoom))
                    out.append(pygame.Rect(round(x - d / 2), round(y - d / 2), d, d))
        return out

    def redraw_over_marks(self, surface: pygame.Surface) -> None:
        """Draw the pieces, flags, factories and names again over outlines drawn on the board after
        it (the step being shown, the coach's regions): marks never hide a piece or a name."""
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.fblits(self._drawn)
        surface.set_clip(clip)
        self.redraw_names(surface)

    def redraw_names(self, surface: pygame.Surface, regions: tuple[str, ...] | None = None) -> None:
        """Draw the region names again (all, or those of ``regions``) over marks drawn on the
        board after it, so that outlines never hide a name."""
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.fblits([(image, at) for region, image, at in self._names if regions is None or region in regions])
        surface.set_clip(clip)

    def outline_region(self, surface: pygame.Surface, region: str, colour: tuple[int, int, int], width: int) -> None:
        """Stroke a region's outline, smooth (drawn larger and scaled down, like the map's own lines)."""
        key = (region, self.zoom, colour, width)
        sprites = self._outline_cache.get(key)
        if sprites is None:
            if sum(i.get_width() * i.get_height() for v in self._outline_cache.values() for i, _ in v) > OUTLINE_CACHE_PX:
                self._outline_cache.clear()
            shape = self.geometry.regions[region].shape.simplify(0.7 / self.zoom)
            rings = [[(x * self.zoom, y * self.zoom) for x, y in poly.exterior.coords] for poly in polygon_parts(shape)]
            sprites = self._outline_cache[key] = [smooth_ring(pts, colour, width) for pts in rings if len(pts) > 2]
        mx, my = self._map_at()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.fblits([(image, (mx + x, my + y)) for image, (x, y) in sprites])
        surface.set_clip(clip)

    def _map_at(self) -> tuple[int, int]:
        """Where the scaled map's top-left corner is drawn (outlines are placed in its pixels, so that
        they stay on the borders at every pan)."""
        x, y = self.board_to_screen((0, 0))
        return round(x), round(y)

    def factory_px(self) -> int:
        """Side of a factory square on screen (never below 9 px so it reads at the fit zoom)."""
        return max(9, round(self.geometry.factory_size * self.zoom * 1.1))

    def _layout_factories(self, state: GameState, ops: list[tuple[pygame.Surface, pygame.Rect]],
                          on_top: list[tuple[pygame.Surface, pygame.Rect]]) -> None:
        size = self.factory_px()
        blocked = state.occupied_regions() & state.factories
        for rid, r in self.geometry.regions.items():
            if r.factory is None or r.factory_type is None:
                continue
            sprite = tokens.factory_sprite(r.factory_type, size, rid in state.factories)
            centre = self.board_to_screen(r.factory)
            ops.append((sprite, sprite.get_rect(center=centre)))
            if rid in blocked:
                mark = tokens.blocked_mark(round(size * 1.9))  # wide: the factory shows inside the ring
                at = mark.get_rect(center=centre)
                on_top.append((mark, at))
                self.marks.append(Mark("blocked", rid, at))

    def _layout_flags(self, state: GameState, ops: list[tuple[pygame.Surface, pygame.Rect]]) -> None:
        size = max(16, round(28 * self.zoom))
        self._flag_rects = []
        for region, nation in state.flags.items():
            r = self.geometry.regions.get(region)
            if r is None:
                continue
            spot = r.flag_slot or r.label
            sprite = tokens.flag_sprite(nation, size)
            rect = sprite.get_rect(midbottom=self.board_to_screen((spot[0], spot[1] + 8)))
            rect = self._clear_of_names(r, rect, lambda c: c, self._flag_rects + self._factory_rects(r), foot=True)
            self._flag_rects.append(rect)
            ops.append((sprite, rect))

    def stacks(self, state: GameState, region: str) -> list[Piece]:
        """The unit stacks of a region in drawing order (home nation first)."""
        out: list[Piece] = []
        r = state.board.regions[region]
        nations = list(state.board.nation_ids)
        if r.nation in nations:
            nations.remove(r.nation)
            nations.insert(0, r.nation)
        mv = state.mv if state.turn_nation is not None else None
        asked = self._status_asked(state)
        for nation in nations:
            armies = state.armies[nation].get(region, 0)
            fleets = state.fleets[nation].get(region, 0)
            mine = mv is not None and nation == state.turn_nation
            if armies:
                hostile = region in state.hostile[nation]
                moved = min(armies, mv["moved_a"].get(region, 0)) if mine else 0
                out.append(Piece(region, nation, "army", armies, hostile=hostile, moved=moved,
                                 undecided=asked == (nation, region)))
            if fleets:
                moved = min(fleets, mv["moved_f"].get(region, 0)) if mine else 0
                out.append(Piece(region, nation, "fleet", fleets, harbour=not r.is_sea, moved=moved))
        return out

    def badge_px(self) -> int:
        """Diameter of the count, hostile and moved badges on a piece."""
        return tokens.badge_size(self.token_size())

    def _slot_positions(self, r: RegionGeometry, count: int) -> list[tuple[float, float]]:
        """Where the stacks of a region stand: the region's unit slots in order, skipping those
        so close at this zoom that the pieces would hide each other (at the fit zoom slots are
        only a few pixels apart); more stacks than that stand in a row beside the first."""
        slots = self._slots_by_fit(r)
        if count <= 1:
            return slots[:1]
        size = self.token_size()
        gap = (size * 1.25 + self.badge_px() * 0.6) / self.zoom  # a lying block and half a badge
        chosen = [slots[0]]
        for p in slots[1:]:
            if len(chosen) == count:
                break
            if all(abs(p[0] - q[0]) >= gap or abs(p[1] - q[1]) >= size * 1.6 / self.zoom for q in chosen):
                chosen.append(p)
        if len(chosen) < count:  # beside the first slot, on the region where possible
            x0, y0 = slots[0]
            vgap = size * 1.6 / self.zoom
            # points half a piece apart, so that a small region still offers some on itself
            ring = [(x0 + i * gap / 2, y0 + j * vgap / 2) for k in range(1, 7) for j in range(-k, k + 1)
                    for i in range(-k, k + 1) if max(abs(i), abs(j)) == k]
            ring.sort(key=lambda p: (abs(p[1] - y0) / vgap + abs(p[0] - x0) / gap, p[1] - y0 > 0))
            tester = hit_tester(self.geometry)
            piece = self._piece_box_px(r)
            on_region = sorted((p for p in ring if tester.region_at(*p) == r.id), key=lambda p: self._under_name(p, *piece))
            # on the region a little closer (a badge may touch the next piece) before beside it, and
            # beside it over a sea rather than on another land, which would read as standing there
            beside = sorted((p for p in ring if p not in on_region), key=lambda p: self._is_land(tester.region_at(*p)))
            tries = [(on_region, f) for f in ROOM_ON_REGION] + [(beside, 1.0)]
            for points, room in tries:
                for p in points:
                    if len(chosen) == count:
                        return chosen
                    if all(abs(p[0] - q[0]) >= gap * room or abs(p[1] - q[1]) >= vgap * room for q in chosen):
                        chosen.append(p)
        return chosen

    def _slots_by_fit(self, r: RegionGeometry) -> list[tuple[float, float]]:
        """The region's unit slots, those where a piece at this zoom lies most on the region first
        (by tenths; the map's order among equals): a slot by a border of a small region would put
        half the piece on the neighbour, where it reads as standing there or on the border. A slot
        where the piece would cover a name comes after those on the region that keep clear of the
        names (the names stand where they stand; the pieces step aside)."""
        key = (r.id, self.zoom, i18n.language())
        slots = self._slot_cache.get(key)
        if slots is None:
            if len(self._slot_cache) > 512:
                self._slot_cache.clear()
            piece = self._piece_box_px(r)
            flag = self._flag_box(r)

            def rank(p: tuple[float, float]) -> tuple:
                share = self._share_on_region(r, p)
                return (share < 0.5, self._under_name(p, *piece), self._overlaps(p, piece, [flag]), -round(share, 1))

            slots = sorted(r.unit_slots, key=rank) or [r.label]
            free = [p for p in slots if self._share_on_region(r, p) >= ON_REGION_SHARE and not self._under_name(p, *piece)]
            if len(free) < 2:  # other places wholly on the region and clear of the names come next
                extra = [p for p in self._free_points(r, piece) if not any(
                    abs(p[0] - q[0]) < piece[0] / self.zoom and abs(p[1] - q[1]) < piece[1] / self.zoom for q in free)]
                slots = free + extra + [p for p in slots if p not in free]
            self._slot_cache[key] = slots
        return slots

    def _piece_box_px(self, r: RegionGeometry) -> tuple[int, int]:
        """The screen size of a stack standing in a region (a fleet on a sea, an upright army on land)
        with a pixel around it."""
        size = self.token_size()
        w, h = (round(size * 1.5), round(size * 0.85)) if r.kind == "sea" else tokens.army_size(size, False)
        return w + 2, h + 2

    def _flag_box(self, r: RegionGeometry) -> Box:
        """The board box of the region's flag (off the board for a region without a flag place)."""
        if r.flag_slot is None:
            return (-1e9, -1e9, -1e9, -1e9)
        flag = max(16, round(28 * self.zoom))
        x, y = r.flag_slot
        return (x - flag * 0.45 / self.zoom, y + 8 - flag * 1.1 / self.zoom, x + flag * 0.45 / self.zoom, y + 8)

    def _overlaps(self, p: tuple[float, float], size: tuple[int, int], boxes: list[Box]) -> bool:
        hw, hh = size[0] / 2 / self.zoom, size[1] / 2 / self.zoom
        return any(p[0] - hw < b[2] and p[0] + hw > b[0] and p[1] - hh < b[3] and p[1] + hh > b[1] for b in boxes)

    def _free_points(self, r: RegionGeometry, piece: tuple[int, int]) -> list[tuple[float, float]]:
        """Places on the region where a stack lies wholly on it, clear of the names, the factory and
        the flag: nearest the region's first unit slot first, a piece apart, at most eight."""
        w, h = piece[0] / self.zoom, piece[1] / self.zoom
        xs, ys = self._room_points(r, w, h, min(w, h) / 3)
        keep = np.ones(len(xs), dtype=bool)
        for b in self._name_boxes():
            keep &= (xs + w / 2 <= b[0]) | (xs - w / 2 >= b[2]) | (ys + h / 2 <= b[1]) | (ys - h / 2 >= b[3])
        xs, ys = xs[keep], ys[keep]
        fx, fy = r.unit_slots[0] if r.unit_slots else r.label
        out: list[tuple[float, float]] = []
        for i in np.argsort(np.hypot(xs - fx, ys - fy), kind="stable"):
            p = (float(xs[i]), float(ys[i]))
            if all(abs(p[0] - q[0]) >= w or abs(p[1] - q[1]) >= h for q in out) and self._piece_share(r, p, piece) >= ON_REGION_SHARE:
                out.append(p)
                if len(out) == 8:
                    break
        return out

    def _share_on_region(self, r: RegionGeometry, slot: tuple[float, float]) -> float:
        """How much of an upright army standing on ``slot`` (stepped off the factory) lies on the region."""
        x, y = self.board_to_screen(slot)
        rect = pygame.Rect((0, 0), tokens.army_size(self.token_size(), False))
        rect.center = (round(x), round(y))
        rect = self._clear_of_factory(r, rect)
        (x0, y0), (x1, y1) = self.screen_to_board(rect.topleft), self.screen_to_board(rect.bottomright)
        piece = box(x0, y0, x1, y1)
        return piece.intersection(r.shape).area / piece.area

    def _piece_share(self, r: RegionGeometry, p: tuple[float, float], size: tuple[int, int]) -> float:
        """How much of a piece of ``size`` (screen) centred on a board point lies on the region."""
        w, h = size[0] / 2 / self.zoom, size[1] / 2 / self.zoom
        piece = box(p[0] - w, p[1] - h, p[0] + w, p[1] + h)
        return piece.intersection(r.shape).area / piece.area

    def _rect_share(self, r: RegionGeometry, rect: pygame.Rect, exact: bool = True) -> float:
        """How much of a screen rectangle lies on the region (``exact``: by shapely, else from the
        names' raster, to a board cell or so)."""
        (x0, y0), (x1, y1) = self.screen_to_board(rect.topleft), self.screen_to_board(rect.bottomright)
        if not exact:
            share = self.labels.share_on_region(r.id, np.array([(x0 + x1) / 2]), np.array([(y0 + y1) / 2]), x1 - x0, y1 - y0)
            return float(share[0])
        piece = box(x0, y0, x1, y1)
        return piece.intersection(r.shape).area / piece.area

    def _is_land(self, region: str | None) -> bool:
        return region is not None and self.geometry.regions[region].kind != "sea"

    def _layout_units(self, state: GameState, hidden: tuple[tuple[str, str, str], ...],
                      ops: list[tuple[pygame.Surface, pygame.Rect]]) -> None:
        self._pieces = []
        self._stray_pieces = []
        self._halos = []
        tester = hit_tester(self.geometry)
        size = self.token_size()
        in_harbour: list[tuple[RegionGeometry, Piece, int]] = []
        placed: list[pygame.Rect] = []  # sprite rectangles of the pieces laid out so far
        standing: list[tuple[RegionGeometry, Piece, int, pygame.Surface, pygame.Rect]] = []
        for rid, r in self.geometry.regions.items():
            stacks = self.stacks(state, rid)
            if not stacks:
                continue
            land_stacks = [p for p in stacks if not p.harbour]
            slots = self._slot_positions(r, len(land_stacks))
            slot_index = 0
            for piece in stacks:
                count = piece.count - hidden.count((piece.region, piece.nation, piece.kind))
                if count <= 0:  # units being dragged or animated are drawn elsewhere
                    continue
                if piece.harbour and r.harbour is not None:
                    in_harbour.append((r, piece, count))  # laid out last, clear of the armies
                    continue
                centre = self.board_to_screen(slots[slot_index])
                slot_index += 1
                sprite = self.sprite_for(piece, size, state)
                rect = self._clear_of_factory(r, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))
                standing.append((r, piece, count, sprite, rect))
        # a stack that would stand on a name or on another region's stack steps aside, clear of every
        # other stack (all laid out by now)
        for i, (r, piece, count, sprite, rect) in enumerate(standing):
            others = [self._with_badge(o[4], o[2]) for j, o in enumerate(standing) if j != i]
            neighbours = [o[4] for o in standing if o[0] is not r]
            moved = self._clear_of_names(r, rect, lambda c, n=count: self._with_badge(c, n).inflate(2, 2),
                                         others + self._flag_rects + self._factory_rects(r), clash=neighbours)
            standing[i] = (r, piece, count, sprite, moved)
        for r, piece, count, sprite, rect in standing:
            if tester.region_at(*self.screen_to_board(rect.center)) != r.id:
                x, y = self.board_to_screen(r.city or r.label)
                if not rect.collidepoint(x, y):
                    self._stray_pieces.append((rect, piece, (round(x), round(y))))
            placed.append(self._with_badge(rect, count))
            self._add_piece(ops, state, r.id, piece, count, sprite, rect)
        for r, piece, count in in_harbour:
            sprite = self.sprite_for(piece, size, state)
            rect = self._harbour_rect(r, sprite.get_rect(), placed, count)
            placed.append(self._with_badge(rect, count))
            self._add_piece(ops, state, r.id, piece, count, sprite, rect)

    def _harbour_rect(self, r: RegionGeometry, rect: pygame.Rect, placed: list[pygame.Rect], count: int = 1) -> pygame.Rect:
        """Where a fleet in harbour stands: on its port's harbour point, or, when armies, another
        fleet, the factory or a name stand there, the nearest free spot, on the sea where there is
        one (pieces never hide each other)."""
        hx, hy = self.board_to_screen(r.harbour)
        first = self._clear_of_factory(r, rect.move(round(hx) - rect.centerx, round(hy) - rect.centery))
        names = self._name_rects

        def free(c: pygame.Rect) -> bool:  # clear of the pieces, and with its count badge of the names
            return c.collidelist(placed) == -1 and self._with_badge(c, count).collidelist(names) == -1

        if free(first):
            return first
        fx, fy = self.board_to_screen(r.factory) if r.factory else (-1e9, -1e9)
        half = self.factory_px() * 0.75 + 1
        square = pygame.Rect(round(fx - half), round(fy - half), round(2 * half), round(2 * half))
        tester = hit_tester(self.geometry)
        step = max(3, rect.w // 4)
        best: tuple[tuple[int, float], pygame.Rect] | None = None
        for k in range(1, 13):
            for i in range(-k, k + 1):
                for j in range(-k, k + 1):
                    if max(abs(i), abs(j)) != k:
                        continue
                    cand = first.move(i * step, j * step)
                    if not free(cand) or cand.colliderect(square):
                        continue
                    at = tester.region_at(*self.screen_to_board(cand.center))
                    on_sea = at is not None and at == r.harbour_sea
                    rank = (0 if on_sea else 1, (i * i + j * j) ** 0.5)
                    if best is None or rank < best[0]:
                        best = (rank, cand)
            if best is not None and best[0][0] == 0:
                break
        return best[1] if best is not None else first

    def _with_badge(self, rect: pygame.Rect, count: int) -> pygame.Rect:
        """A piece's rectangle with its count badge (centred on the top-right corner)."""
        if count <= 1:
            return rect
        d = self.badge_px()
        return rect.union(pygame.Rect(rect.right - d // 2, rect.top - d // 2, d, d))

    def _add_piece(self, ops: list[tuple[pygame.Surface, pygame.Rect]], state: GameState, rid: str, piece: Piece,
                   count: int, sprite: pygame.Surface, rect: pygame.Rect) -> None:
        """A piece and its badges (count, hostile, moved) into the drawing list."""
        badge = self.badge_px()
        if (rid, piece.nation, piece.kind) in self._movable:
            halo = tokens.movable_halo(rect.w, rect.h, MOVABLE)
            at = halo.get_rect(center=rect.center)
            self._halos.append((halo, at))
            self.marks.append(Mark("movable", rid, at, piece.nation, piece.kind))
        if piece.harbour:
            plate = tokens.harbour_plate(rect.w, rect.h, SEA)
            ops.append((plate, plate.get_rect(center=rect.center)))
            self.marks.append(Mark("harbour", rid, plate.get_rect(center=rect.center), piece.nation, piece.kind))
        ops.append((sprite, rect))
        if count > 1:
            b = tokens.count_badge(count, badge)
            ops.append((b, b.get_rect(center=rect.topright)))
        if piece.undecided:  # standing, with a question mark, until the answer lays it down or not
            q = tokens.undecided_badge(badge)
            at = q.get_rect(center=rect.topleft)
            ops.append((q, at))
            self.marks.append(Mark("undecided", rid, at, piece.nation, piece.kind))
        elif piece.hostile and self._in_foreign_home(state, piece):
            h = tokens.hostile_badge(badge)
            at = h.get_rect(center=rect.topleft)
            ops.append((h, at))
            self.marks.append(Mark("hostile", rid, at, piece.nation, piece.kind))
        moved = min(piece.moved, count)
        if moved:
            m = tokens.moved_badge(badge, 0 if moved == count else moved)
            at = m.get_rect(midleft=(rect.left - badge // 2, rect.bottom))
            ops.append((m, at))
            self.marks.append(Mark("moved", rid, at, piece.nation, piece.kind))
        self._pieces.append((rect.inflate(6, 6), piece))

    def _factory_rects(self, r: RegionGeometry) -> list[pygame.Rect]:
        """The region's factory square with the room of its blocked ring (screen)."""
        if r.factory is None:
            return []
        fx, fy = self.board_to_screen(r.factory)
        half = self.factory_px() * 0.95 + 1
        return [pygame.Rect(round(fx - half), round(fy - half), round(2 * half), round(2 * half))]

    def _clear_of_names(self, r: RegionGeometry, rect: pygame.Rect, extent, avoid: list[pygame.Rect],
                        foot: bool = False, clash: list[pygame.Rect] = ()) -> pygame.Rect:
        """A piece or flag that would cover a name (or overlap one of ``clash``) steps aside to the
        nearest place where it covers no name and nothing in ``avoid``, still standing on its region
        (its centre, or a flag's foot, on it and as much of it as before, up to ``ON_REGION_SHARE``,
        else a little less), at most about two pieces away; where there is none, to the place nearby
        where the names cover the least of it, and not its centre (they are drawn over it). ``extent``
        gives the rectangle that counts (a piece with its badges)."""
        names = self._name_rects
        if extent(rect).collidelist(names) == -1 and rect.collidelist(list(clash)) == -1:
            return rect
        reach = round(2.2 * max(rect.w, rect.h))
        near = extent(rect).inflate(2 * reach + 4, 2 * reach + 4)
        names = [n for n in names if n.colliderect(near)]
        avoid = [a for a in avoid if a.colliderect(near)]
        key = (r.id, foot, tuple(rect), tuple(extent(rect)), tuple(map(tuple, names)), tuple(map(tuple, avoid)),
               self.zoom, self.origin, self.rect.topleft)
        moved = self._nudge_cache.get(key)
        if moved is None:
            if len(self._nudge_cache) > 2000:
                self._nudge_cache.clear()
            moved = self._nudge_cache[key] = self._step_aside(r, rect, extent, avoid, names, reach, foot)
        return moved.copy()

    def _step_aside(self, r: RegionGeometry, rect: pygame.Rect, extent, avoid: list[pygame.Rect],
                    names: list[pygame.Rect], reach: int, foot: bool) -> pygame.Rect:
        """Where ``_clear_of_names`` moves a piece or flag (``names`` and ``avoid``: those nearby)."""
        tester = hit_tester(self.geometry)
        need = min(ON_REGION_SHARE, self._rect_share(r, rect))  # never less on its region than it was
        loose = max(LEAST_SHARE, need - 0.2)  # a little less, to stand clear of the names

        def on_region(c: pygame.Rect) -> bool:
            x, y = c.midbottom if foot else c.center
            return tester.region_at(*self.screen_to_board((x, y))) == r.id

        def covered(c: pygame.Rect, e: pygame.Rect) -> tuple[bool, int]:
            """Whether the names cover the piece's centre (a click there would reach the name), and how
            much of it they cover."""
            return c.collidelist(names) != -1 and any(n.collidepoint(c.center) for n in names), \
                sum(e.clip(n).w * e.clip(n).h for n in names)

        stuck = extent(rect).collidelist(avoid) != -1  # on another piece: any place nearby is better
        least = ((True, 1 << 30) if stuck else covered(rect, extent(rect)), rect)
        clear: pygame.Rect | None = None  # the nearest place clear of the names a little less on the region
        for dx, dy in _nudges(reach):
            c = rect.move(dx, dy)
            e = extent(c)
            if e.collidelist(avoid) != -1:
                continue
            if e.collidelist(names) == -1:
                if not on_region(c):
                    continue
                share = 1.0 if foot else self._rect_share(r, c)
                if share >= need:
                    return c
                if clear is None and share >= loose:
                    clear = c
            elif clear is None and (stuck or dx * dx + dy * dy <= reach * reach / 4):
                hidden = covered(c, e)
                if hidden < least[0] and on_region(c) and (foot or self._rect_share(r, c, exact=False) >= need):
                    least = (hidden, c)  # no clear place: where the names cover the least of it, its centre first
        return clear or least[1]

    def _clear_of_factory(self, r: RegionGeometry, rect: pygame.Rect) -> pygame.Rect:
        """A piece standing on its region's factory square steps away from it (straight away from
        the square's centre, a few pixels at a time) so the factory and its marks stay in sight."""
        if r.factory is None:
            return rect
        fx, fy = self.board_to_screen(r.factory)
        half = self.factory_px() * 0.95 + 1  # the blocked ring is 1.9 squares wide
        square = pygame.Rect(round(fx - half), round(fy - half), round(2 * half), round(2 * half))
        if not rect.colliderect(square):
            return rect
        dx, dy = rect.centerx - fx, rect.centery - fy
        length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
        ux, uy = (dx / length, dy / length) if length > 0.5 else (0.0, -1.0)
        for step in range(2, 4 * rect.w, 2):
            moved = rect.move(round(ux * step), round(uy * step))
            if not moved.colliderect(square):
                return moved
        return rect

    def unit_anchor(self, state: GameState, region: str, nation: str, kind: str) -> tuple[float, float]:
        """Board point where a unit of this kind stands in a region (for animations)."""
        r = self.geometry.regions[region]
        if kind == "fleet" and not state.board.regions[region].is_sea and r.harbour is not None:
            drawn = self.piece_rect(region, nation, kind)  # moved off the harbour point when armies stand there
            return self.screen_to_board(drawn.center) if drawn is not None else r.harbour
        stacks = [p for p in self.stacks(state, region) if not p.harbour]
        slots = self._slot_positions(r, max(1, len(stacks)))
        for i, p in enumerate(stacks):
            if p.nation == nation and p.kind == kind:
                return slots[i]
        return slots[min(len(stacks), len(slots) - 1)]

    @staticmethod
    def _status_asked(state: GameState) -> tuple[str, str] | None:
        """The nation and region whose entering armies must be declared hostile or friendly now."""
        pending, entry = state.pending, state.entry
        if pending is None or entry is None or pending.get("kind") != "entry_status":
            return None
        return pending["nation"], entry["region"]

    @staticmethod
    def _in_foreign_home(state: GameState, piece: Piece) -> bool:
        r = state.board.regions[piece.region]
        return r.kind == "home_province" and r.nation != piece.nation

    def ground(self, piece: Piece) -> RGB:
        """The colour a piece stands on: its region's fill, or the sea for fleets (also in harbour)."""
        if piece.kind == "fleet":
            return SEA
        return self.grounds.get(piece.region, SEA)

    def sprite_for(self, piece: Piece, size: int, state: GameState) -> pygame.Surface:
        ring = ring_colour(self.ground(piece), PIECE[piece.nation])
        if piece.kind == "fleet":
            return tokens.fleet_sprite(piece.nation, size, ring)
        lying = self._in_foreign_home(state, piece) and not piece.hostile and not piece.undecided
        return tokens.army_sprite(piece.nation, size, lying, ring)

