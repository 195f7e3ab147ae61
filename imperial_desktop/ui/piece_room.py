"""Where a piece finds room on the board view: the unit slots of its region in the order that
suits the zoom, the places wholly on the region and clear of the names, and stepping aside when
it would cover a name, a factory or another piece (the names stand where they stand; the pieces
make way). A mixin of :class:`~imperial_desktop.ui.board_view.BoardView`, which gives the view's
transform, zoom and name layout.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame
from shapely.geometry import box

from imperial_desktop import i18n
from imperial_desktop.ui import tokens
from imperial_desktop.ui.board_geometry import BoardGeometry, RegionGeometry
from imperial_desktop.ui.board_labels import Box, LabelPainter, NameObstacles, NameSpot
from imperial_desktop.ui.hit_test import hit_tester

ROOM_ON_REGION = (1.0, 0.85, 0.7)  # of the usual room between stacks, tried on the region before beside it
ON_REGION_SHARE = 0.85  # of a piece that steps aside for a name: on its own region (not over the neighbour's pieces)
LEAST_SHARE = 0.6  # where it has to stand a little more over the border to keep clear of the names

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


class PieceRoom:
    """The room of pieces and flags on their regions at the view's zoom (board and screen units)."""

    # given by the board view
    geometry: BoardGeometry
    labels: LabelPainter
    zoom: float
    origin: tuple[float, float]
    rect: pygame.Rect
    _name_rects: list[pygame.Rect]
    _slot_cache: dict[tuple[str, float], list[tuple[float, float]]]
    _nudge_cache: dict[tuple, pygame.Rect]
    _name_box_cache: tuple[tuple, list[Box]]
    token_size: Callable[[], int]
    factory_px: Callable[[], int]
    board_to_screen: Callable[[tuple[float, float]], tuple[float, float]]
    screen_to_board: Callable[[tuple[float, float]], tuple[float, float]]
    name_spots: Callable[[], dict[str, NameSpot]]

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
