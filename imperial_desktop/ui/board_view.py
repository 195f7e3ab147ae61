"""The board on screen: the cached map, the pieces drawn from the state, zoom, pan and hit-testing.

One transform maps board coordinates (the canvas of the map file, maps/<name>.json) to the
screen and back; every click, hover and drop goes through it and then through shapely
(BoardGeometry.region_at, an STRtree query), so it lands on the right region at every zoom.
A region's name is part of its region: a click, hover or drop on a name's text is one on the
region it names (the names are drawn over everything else, and the pieces keep clear of them).
Where the pieces, flags and factories stand is laid out by ``piece_layout`` (from the state) and
``piece_room`` (the room a piece finds on its region, clear of the names).
"""

from __future__ import annotations

import math

import numpy as np
import pygame
import pygame.surfarray  # imported, not reached through pygame's lazy attribute

from imperial_desktop import i18n
from imperial_desktop.core import GameState
from imperial_desktop.resources import assets_root
from imperial_desktop.ui import board_look
from imperial_desktop.ui.board_geometry import BoardGeometry, polygon_parts
from imperial_desktop.ui.board_labels import Box, LabelPainter, NameSpot, Placed
from imperial_desktop.ui.board_marks import Mark
from imperial_desktop.ui.hit_test import RegionHitTester, hit_tester
from imperial_desktop.ui.map_render import region_grounds, stroke
from imperial_desktop.ui.palette import HOVER, RGB
from imperial_desktop.ui.piece_layout import Piece, PieceLayout

MAX_ZOOM = 1.6
SCALED_MAP_BUDGET = 40 << 20  # bytes of scaled maps kept: the fit one and one zoomed in (a 1.6x map is 39 MB)
OUTLINE_SCRATCH_PX = 4_000_000  # pixels of the enlarged drawing of a smooth outline (16 MB)
OUTLINE_CACHE_PX = 6_000_000  # pixels of outline images kept (24 MB; a zoomed-in sea's is 1.4 M)
MIN_TOKEN_PX = 18  # a piece never shrinks below this (about 1280x720 at the fit zoom)


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


def load_board_image(geometry: BoardGeometry, palette: str = board_look.STANDARD) -> pygame.Surface:
    """The static map at board scale, without region names (the board view draws them readable):
    the bundled picture the map file names (``board_image``, ``board_image_cvd`` in the
    colour-blind palette), else drawn now from the geometry (a board without a picture, or one
    that is missing or of another size)."""
    land = None
    picture = geometry.image
    if palette != board_look.STANDARD and board_look.has_palette(palette, geometry.name or None):
        land = board_look.land_colours(geometry.name or None, palette)
        picture = str(board_look.map_data_of(geometry.name or None).get("board_image_cvd", ""))
    if picture:
        try:
            with (assets_root() / "images" / picture).open("rb") as handle:
                image = pygame.image.load(handle, picture)
            if image.get_size() == (geometry.width, geometry.height):
                return image
        except (FileNotFoundError, OSError, pygame.error):
            pass
    from imperial_desktop.ui.map_render import render_surface

    return render_surface(geometry.width, labels=False, name=geometry.name or None, land=land)


def _palette_land(geometry: BoardGeometry) -> dict[str, RGB] | None:
    """The home provinces' colours of the palette in use, None for the board's own (standard) ones."""
    if board_look.palette() == board_look.STANDARD:
        return None
    return board_look.land_colours(geometry.name or None)


class BoardView(PieceLayout):
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
        self.grounds: dict[str, RGB] = region_grounds(geometry, _palette_land(geometry))
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

    def set_image(self, image: pygame.Surface) -> None:
        """Show another picture of the same board (the nations in another palette): the grounds
        the pieces and names stand on follow the palette in use."""
        self.image = image
        self._scaled.clear()
        self._layer_key = None
        self.grounds = region_grounds(self.geometry, _palette_land(self.geometry))
        self.labels = LabelPainter(self.geometry, self.grounds)

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

