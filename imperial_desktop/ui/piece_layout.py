"""What the board view draws from the state and where: factories with their blocked marks, flags,
and the unit stacks with their badges (count, hostile, undecided, moved) and rings (movable,
fleets in harbour). A mixin of :class:`~imperial_desktop.ui.board_view.BoardView`; the room each
piece finds comes from :class:`~imperial_desktop.ui.piece_room.PieceRoom`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from imperial_desktop.core import DecisionKind, GameState
from imperial_desktop.ui import tokens
from imperial_desktop.ui.board_geometry import RegionGeometry
from imperial_desktop.ui.board_look import nation_look
from imperial_desktop.ui.board_marks import Mark
from imperial_desktop.ui.hit_test import hit_tester
from imperial_desktop.ui.map_render import SEA
from imperial_desktop.ui.palette import MOVABLE, RGB, ring_colour
from imperial_desktop.ui.piece_room import PieceRoom


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


class PieceLayout(PieceRoom):
    """Lays out the pieces of a state on the board view (screen rectangles, drawn in order)."""

    # given by the board view
    grounds: dict[str, RGB]
    marks: list[Mark]
    _pieces: list[tuple[pygame.Rect, Piece]]
    _stray_pieces: list[tuple[pygame.Rect, Piece, tuple[int, int]]]
    _halos: list[tuple[pygame.Surface, pygame.Rect]]
    _flag_rects: list[pygame.Rect]
    _movable: frozenset[tuple[str, str, str]]
    piece_rect: Callable[[str, str, str], pygame.Rect | None]

    def _layout_factories(self, state: GameState, ops: list[tuple[pygame.Surface, pygame.Rect]],
                          on_top: list[tuple[pygame.Surface, pygame.Rect]]) -> None:
        size = self.factory_px()
        blocked = state.occupied_regions() & state.factories
        for rid, r in self.geometry.regions.items():
            if r.factory is None or r.factory_type is None:
                continue
            mark = nation_look(r.nation).mark if r.nation in state.board.nation_ids else ""
            sprite = tokens.factory_sprite(r.factory_type, size, rid in state.factories, mark)
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
        mv = state.maneuver_view() if state.turn_nation is not None else None
        asked = self._status_asked(state)
        for nation in nations:
            armies = state.armies[nation].get(region, 0)
            fleets = state.fleets[nation].get(region, 0)
            mine = mv is not None and nation == state.turn_nation
            if armies:
                hostile = region in state.hostile[nation]
                moved = min(armies, mv.moved_armies.get(region, 0)) if mine else 0
                out.append(Piece(region, nation, "army", armies, hostile=hostile, moved=moved,
                                 undecided=asked == (nation, region)))
            if fleets:
                moved = min(fleets, mv.moved_fleets.get(region, 0)) if mine else 0
                out.append(Piece(region, nation, "fleet", fleets, harbour=not r.is_sea, moved=moved))
        return out

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
        pending = state.pending
        if pending is None or pending.get("kind") != DecisionKind.ENTRY_STATUS:
            return None
        entry = state.entry_view()
        return None if entry is None else (pending["nation"], entry.region)

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
        ring = ring_colour(self.ground(piece), nation_look(piece.nation).piece)
        if piece.kind == "fleet":
            return tokens.fleet_sprite(piece.nation, size, ring)
        lying = self._in_foreign_home(state, piece) and not piece.hostile and not piece.undecided
        return tokens.army_sprite(piece.nation, size, lying, ring)
