"""Board geometry: region shapes and drawing positions, with point hit-testing.

The geometry lives under the ``geometry`` key of ``maps/<name>.json`` (package
``imperial_desktop.maps``) and is produced by ``tools/build_map.py``.  Coordinates
are board units on the map's canvas (y pointing down).
Only shapely and the standard library are used here.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from imperial_desktop import i18n
from imperial_desktop.ui.board_look import map_name, parse_colour
from imperial_desktop.ui.palette import RGB

Point2 = tuple[float, float]


def load_map_data(name: str | None = None) -> dict[str, Any]:
    """Load a map file (topology and geometry) of the board ``name`` (the board in use by default)
    from the board folders (``resources.map_file``); a fresh copy the caller may change."""
    from imperial_desktop.resources import map_file  # works from a checkout too (see resources.py)

    return json.loads(map_file(name or map_name()).read_text(encoding="utf-8"))


def polygons_to_shape(polygons: list[list[list[list[float]]]]) -> MultiPolygon:
    """Convert a JSON list of polygons (each a list of rings) into a MultiPolygon."""
    parts = [Polygon(rings[0], rings[1:]) for rings in polygons]
    return MultiPolygon(parts)


def _pt(value: list[float] | None) -> Point2 | None:
    """JSON [x, y] -> tuple, None stays None."""
    return None if value is None else (float(value[0]), float(value[1]))


@dataclass(frozen=True)
class RegionGeometry:
    """Shape and drawing positions of one region."""

    id: str
    kind: str
    nation: str | None
    shape: MultiPolygon
    label: Point2
    city: Point2 | None = None
    factory: Point2 | None = None
    factory_type: str | None = None
    harbour: Point2 | None = None
    anchor: Point2 | None = None
    harbour_sea: str | None = None
    unit_slots: tuple[Point2, ...] = ()
    flag_slot: Point2 | None = None
    name_en: str = ""
    names: tuple[tuple[str, str], ...] = ()  # (language, name) as printed in the other editions

    @property
    def name(self) -> str:
        """The region's name in the language in use (English when that edition has none)."""
        current = i18n.language()
        return next((name for language, name in self.names if language == current), self.name_en)


@dataclass(frozen=True)
class Decoration:
    """A non-interactive shape (island or land beyond the board)."""

    id: str
    kind: str
    shape: MultiPolygon
    name_en: str = ""


@dataclass
class BoardGeometry:
    """All region shapes of a board plus a point -> region hit-tester."""

    width: int
    height: int
    regions: dict[str, RegionGeometry]
    decorations: list[Decoration] = field(default_factory=list)
    factory_size: float = 14.0
    nation_land: dict[str, RGB] = field(default_factory=dict)  # the colour of each nation's home provinces
    name: str = ""  # the board's name (its file is ``<name>.json``)
    image: str = ""  # the file of its prerendered picture in assets/images ("": drawn when needed)

    def __post_init__(self) -> None:
        self._ids = list(self.regions)
        self._tree = shapely.STRtree([self.regions[r].shape for r in self._ids])
        for r in self._ids:
            shapely.prepare(self.regions[r].shape)

    @classmethod
    def from_map_data(cls, data: dict[str, Any]) -> "BoardGeometry":
        """Build from a parsed map file that has a ``geometry`` key."""
        geo = data["geometry"]
        metas = {r["id"]: r for r in data["regions"]}
        regions = {}
        for rid, g in geo["regions"].items():
            meta = metas[rid]
            slots = g.get("slots", {})
            regions[rid] = RegionGeometry(
                id=rid,
                kind=meta["kind"],
                nation=meta.get("nation"),
                shape=polygons_to_shape(g["polygons"]),
                label=_pt(g["label"]),
                city=_pt(g.get("city")),
                factory=_pt(g.get("factory")),
                factory_type=meta.get("factory_type"),
                harbour=_pt(g.get("harbour")),
                anchor=_pt(g.get("anchor")),
                harbour_sea=meta.get("harbour_sea"),
                unit_slots=tuple(_pt(p) for p in slots.get("units", [])),
                flag_slot=_pt(slots.get("flag")),
                name_en=meta.get("name_en", rid),
                names=tuple((key[5:], value) for key, value in meta.items()
                            if key.startswith("name_") and key != "name_en" and isinstance(value, str) and value),
            )
        decorations = [Decoration(d["id"], d["kind"], polygons_to_shape(d["polygons"]),
                                  d.get("name_en", "")) for d in geo.get("decorations", [])]
        width, height = geo["canvas"]
        land = {n["id"]: parse_colour(n["colours"]["land"]) for n in data["nations"] if "colours" in n}
        return cls(width, height, regions, decorations, float(geo.get("factory_size", 14.0)), land,
                   str(data.get("id", "")), str(data.get("board_image", "")))

    @classmethod
    def load(cls, name: str | None = None) -> "BoardGeometry":
        """Load the geometry of the board ``name`` (the board in use by default)."""
        return cls.from_map_data(load_map_data(name))

    def region_at(self, x: float, y: float) -> str | None:
        """The id of the region under board point (x, y), or None (off-board, islands)."""
        hits = self._tree.query(shapely.Point(x, y), predicate="intersects")
        if len(hits) == 0:
            return None
        # Points exactly on a shared border hit two regions: pick deterministically.
        return min(self._ids[i] for i in hits)

    def shape(self, region_id: str) -> BaseGeometry:
        """The shape of a region."""
        return self.regions[region_id].shape

    def bounds(self, region_id: str) -> tuple[float, float, float, float]:
        """Bounding box (minx, miny, maxx, maxy) of a region."""
        return tuple(self.regions[region_id].shape.bounds)  # type: ignore[return-value]


def polygon_parts(geom: BaseGeometry) -> list[Polygon]:
    """The polygons of a geometry, recursing into multi-geometries and collections."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    out: list[Polygon] = []
    for g in getattr(geom, "geoms", ()):
        out.extend(polygon_parts(g))
    return out
