"""Write tests/data/maps/testland.json: a small invented board for the tests (three nations, 17 regions).

The board has the shape of ``maps/europe.json`` (nations with colours and codes, regions, adjacency,
harbours, rondel, bonds, tables, components and a ``geometry`` block of the same form) with its own
content: Aldoria, Borvia and Celdan on one land between four seas, two neutral lands, an island
reached only by sea and a mountain no unit may enter. The geometry is drawn here from a few corner
points whose borders are given a deterministic wiggle (so the map does not look like a grid), and
the drawing positions (labels, cities, factories, harbours, anchors, unit and flag slots) are
placed as ``tools/build_map.py`` places them for Europe.

Run ``python tests/data/maps/make_testland.py`` from the repository root; the output is the same
every time.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import shapely
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.ops import nearest_points, polylabel

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from build_map import UNIT_SLOTS, _grid_points, _inside, _pick_slots  # noqa: E402  (placed as Europe's are)

OUT = Path(__file__).resolve().parent / "testland.json"
CANVAS_W, CANVAS_H = 1200, 800
SLOT_SPACING = 26.0
FACTORY_SIZE = 14.0

# Corner points of the borders (canvas units, y down).
P = {
    "NW": (250, 180), "N1": (460, 165), "N2": (700, 190), "N3": (925, 172), "NE": (1045, 195),
    "W": (240, 340), "W2": (232, 482), "SW": (250, 628),
    "E": (1040, 340), "E2": (1052, 480), "SE": (1040, 626),
    "S1": (420, 642), "S2": (640, 622), "S3": (900, 645),
    "a": (460, 350), "e": (640, 344), "b": (700, 336), "g": (820, 338), "c": (925, 340),
    "k": (420, 486), "d": (458, 480), "h": (640, 482), "i": (820, 476), "j": (900, 480),
    "Pnw": (0, 110), "Psw": (110, 800), "Pse": (1200, 700), "Pne": (1200, 110),
    "C00": (0, 0), "C10": (1200, 0), "C11": (1200, 800), "C01": (0, 800),
}
CANVAS_CORNERS = {"C00", "C10", "C11", "C01"}
ON_EDGE = {"Pnw", "Psw", "Pse", "Pne"}
COAST = {frozenset(e) for e in (("NW", "N1"), ("N1", "N2"), ("N2", "N3"), ("N3", "NE"), ("NE", "E"), ("E", "E2"),
                                 ("E2", "SE"), ("SE", "S3"), ("S3", "S2"), ("S2", "S1"), ("S1", "SW"), ("SW", "W2"),
                                 ("W2", "W"), ("W", "NW"))}

# Each region's outline as corner points in order (consecutive corners share a border).
RINGS = {
    "wickport": ["NW", "N1", "a", "W"],
    "marrow": ["N1", "N2", "b", "e", "a"],
    "kelmouth": ["N2", "N3", "c", "g", "b"],
    "drenn": ["N3", "NE", "E", "c"],
    "aldor": ["W", "a", "d", "k", "W2"],
    "greymount": ["a", "e", "h", "d"],
    "vesk": ["e", "b", "g", "i", "h"],
    "borvas": ["g", "c", "E", "E2", "j", "i"],
    "fennholt": ["W2", "k", "S1", "SW"],
    "ostrel": ["k", "d", "h", "S2", "S1"],
    "celd": ["h", "i", "j", "S3", "S2"],
    "saltreach": ["j", "E2", "SE", "S3"],
    "north_sound": ["C00", "C10", "Pne", "NE", "N3", "N2", "N1", "NW", "Pnw"],
    "west_deep": ["Pnw", "NW", "W", "W2", "SW", "Psw", "C01"],
    "south_gulf": ["Psw", "SW", "S1", "S2", "S3", "SE", "Pse", "C11"],
    "east_reach": ["Pne", "Pse", "SE", "E2", "E", "NE"],
}
ISLANDS = {  # id -> (centre, radius, inside which sea)
    "skerrin": ((112, 430), 62, "west_deep"),
    "gull_rock": ((905, 80), 40, "north_sound"),
}
CITIES = {
    "wickport": (330, 230), "aldor": (330, 400), "fennholt": (330, 560),
    "kelmouth": (820, 230), "borvas": (960, 400), "drenn": (985, 262),
    "celd": (760, 560), "saltreach": (975, 570), "ostrel": (520, 570),
}

NATIONS = [
    {"id": "aldoria", "code": "AL", "name_en": "Aldoria", "name_de": "Aldorien", "name_fr": "Aldorie", "turn_order": 1,
     "piece_colour": "teal", "colours": {"piece": "#1f8a8a", "on_piece": "#fafafa", "land": "#72b2aa", "text": "#1b7070"},
     "unit_supply": {"armies": 8, "fleets": 6}, "flags": 15,
     "home_provinces": ["aldor", "wickport", "fennholt"], "starting_factories": ["aldor", "wickport"]},
    {"id": "borvia", "code": "BO", "name_en": "Borvia", "name_de": "Borwien", "name_fr": "Borvie", "turn_order": 2,
     "piece_colour": "orange", "colours": {"piece": "#e07b1f", "on_piece": "#1e1e1e", "land": "#e4a868", "text": "#a8560e"},
     "unit_supply": {"armies": 8, "fleets": 6}, "flags": 15,
     "home_provinces": ["borvas", "kelmouth", "drenn"], "starting_factories": ["borvas", "kelmouth"]},
    {"id": "celdan", "code": "CE", "name_en": "Celdan", "name_de": "Celdanien", "name_fr": "Celdanie", "turn_order": 3,
     "piece_colour": "maroon", "colours": {"piece": "#9c2a50", "on_piece": "#fafafa", "land": "#c27890", "text": "#9c2a50"},
     "unit_supply": {"armies": 8, "fleets": 6}, "flags": 15,
     "home_provinces": ["celd", "saltreach", "ostrel"], "starting_factories": ["celd", "saltreach"]},
]
REGIONS = [
    {"id": "aldor", "name_en": "Aldor", "kind": "home_province", "nation": "aldoria", "factory_type": "armaments", "starts_with_factory": True},
    {"id": "wickport", "name_en": "Wickport", "kind": "home_province", "nation": "aldoria", "factory_type": "shipyard", "harbour_sea": "north_sound", "starts_with_factory": True},
    {"id": "fennholt", "name_en": "Fennholt", "kind": "home_province", "nation": "aldoria", "factory_type": "shipyard", "harbour_sea": "west_deep", "starts_with_factory": False},
    {"id": "borvas", "name_en": "Borvas", "kind": "home_province", "nation": "borvia", "factory_type": "armaments", "starts_with_factory": True},
    {"id": "kelmouth", "name_en": "Kelmouth", "kind": "home_province", "nation": "borvia", "factory_type": "shipyard", "harbour_sea": "north_sound", "starts_with_factory": True},
    {"id": "drenn", "name_en": "Drenn", "kind": "home_province", "nation": "borvia", "factory_type": "armaments", "starts_with_factory": False},
    {"id": "celd", "name_en": "Celd", "kind": "home_province", "nation": "celdan", "factory_type": "armaments", "starts_with_factory": True},
    {"id": "saltreach", "name_en": "Saltreach", "kind": "home_province", "nation": "celdan", "factory_type": "shipyard", "harbour_sea": "south_gulf", "starts_with_factory": True},
    {"id": "ostrel", "name_en": "Ostrel", "kind": "home_province", "nation": "celdan", "factory_type": "shipyard", "harbour_sea": "south_gulf", "starts_with_factory": False},
    {"id": "marrow", "name_en": "Marrow", "kind": "neutral_land"},
    {"id": "vesk", "name_en": "Vesk", "kind": "neutral_land"},
    {"id": "skerrin", "name_en": "Skerrin Isle", "kind": "neutral_land"},
    {"id": "greymount", "name_en": "Greymount", "kind": "impassable"},
    {"id": "north_sound", "name_en": "North Sound", "kind": "sea"},
    {"id": "west_deep", "name_en": "West Deep", "kind": "sea"},
    {"id": "south_gulf", "name_en": "South Gulf", "kind": "sea"},
    {"id": "east_reach", "name_en": "East Reach", "kind": "sea"},
]
ADJACENCY = {
    "land_land": [["wickport", "marrow"], ["wickport", "aldor"], ["marrow", "kelmouth"], ["marrow", "vesk"],
                  ["kelmouth", "drenn"], ["kelmouth", "vesk"], ["kelmouth", "borvas"], ["drenn", "borvas"],
                  ["aldor", "fennholt"], ["aldor", "ostrel"], ["vesk", "borvas"], ["vesk", "celd"],
                  ["borvas", "celd"], ["borvas", "saltreach"], ["fennholt", "ostrel"], ["ostrel", "celd"],
                  ["celd", "saltreach"]],
    "land_sea": [["wickport", "north_sound"], ["marrow", "north_sound"], ["kelmouth", "north_sound"],
                 ["drenn", "north_sound"], ["drenn", "east_reach"], ["borvas", "east_reach"],
                 ["saltreach", "east_reach"], ["saltreach", "south_gulf"], ["celd", "south_gulf"],
                 ["ostrel", "south_gulf"], ["fennholt", "south_gulf"], ["fennholt", "west_deep"],
                 ["aldor", "west_deep"], ["wickport", "west_deep"], ["skerrin", "west_deep"]],
    "sea_sea": [["north_sound", "west_deep"], ["west_deep", "south_gulf"], ["south_gulf", "east_reach"],
                ["east_reach", "north_sound"]],
}
RONDEL = [
    {"index": 0, "id": "factory", "action": "factory", "name_en": "Factory", "name_de": "Fabrik", "name_fr": "Usine"},
    {"index": 1, "id": "production_1", "action": "production", "name_en": "Production", "name_de": "Produktion", "name_fr": "Production"},
    {"index": 2, "id": "maneuver_1", "action": "maneuver", "name_en": "Maneuver", "name_de": "Manöver", "name_fr": "Manœuvre"},
    {"index": 3, "id": "investor", "action": "investor", "name_en": "Investor", "name_de": "Investor", "name_fr": "Investisseur"},
    {"index": 4, "id": "import", "action": "import", "name_en": "Import", "name_de": "Import", "name_fr": "Importer"},
    {"index": 5, "id": "production_2", "action": "production", "name_en": "Production", "name_de": "Produktion", "name_fr": "Production"},
    {"index": 6, "id": "maneuver_2", "action": "maneuver", "name_en": "Maneuver", "name_de": "Manöver", "name_fr": "Manœuvre"},
    {"index": 7, "id": "taxation", "action": "taxation", "name_en": "Taxation", "name_de": "Steuer", "name_fr": "Taxation"},
]
BONDS = [{"value": v, "interest": i} for v, i in ((2, 1), (4, 2), (6, 3), (9, 4), (12, 5), (16, 6), (20, 7), (25, 8), (30, 9))]


def wiggle(a: tuple[float, float], b: tuple[float, float], amplitude: float, seed: int) -> list[tuple[float, float]]:
    """Points from a to b (both ends included) bent sideways by a smooth deterministic wave."""
    length = math.dist(a, b)
    steps = max(2, round(length / 9))
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    out = []
    for s in range(steps + 1):
        t = s / steps
        envelope = math.sin(math.pi * t)  # the ends stay where the corners are
        off = amplitude * envelope * (0.6 * math.sin(2 * math.pi * (1.3 * t) + seed)
                                      + 0.4 * math.sin(2 * math.pi * (3.1 * t) + 2.7 * seed))
        out.append((round(a[0] + (b[0] - a[0]) * t + nx * off, 1), round(a[1] + (b[1] - a[1]) * t + ny * off, 1)))
    return out


def edge_points(u: str, v: str) -> list[tuple[float, float]]:
    """The border from corner u to corner v, the same line whichever way it is walked."""
    first, second = sorted((u, v))
    straight = {first, second} <= CANVAS_CORNERS | ON_EDGE
    if straight:
        line = [P[first], P[second]]
    else:
        amplitude = 16.0 if frozenset((u, v)) in COAST else 7.0
        seed = sum(ord(ch) for ch in first + "|" + second)
        line = wiggle(P[first], P[second], amplitude, seed)
    return line if first == u else line[::-1]


def ring(corners: list[str]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for u, v in zip(corners, corners[1:] + corners[:1]):
        out.extend(edge_points(u, v)[:-1])
    return out


def island(centre: tuple[float, float], radius: float, seed: int) -> list[tuple[float, float]]:
    pts = []
    for s in range(36):
        t = 2 * math.pi * s / 36
        r = radius * (1 + 0.12 * math.sin(3 * t + seed) + 0.07 * math.sin(5 * t + 2 * seed))
        pts.append((round(centre[0] + r * math.cos(t), 1), round(centre[1] + r * 0.8 * math.sin(t), 1)))
    return pts


def shapes() -> tuple[dict[str, Polygon], dict[str, Polygon]]:
    regions = {rid: Polygon(ring(corners)) for rid, corners in RINGS.items()}
    isles = {iid: Polygon(island(c, r, len(iid))) for iid, (c, r, _sea) in ISLANDS.items()}
    for iid, (_c, _r, sea) in ISLANDS.items():
        outer = regions[sea]
        regions[sea] = Polygon(outer.exterior.coords, [*[i.coords for i in outer.interiors], isles[iid].exterior.coords])
    regions["skerrin"] = isles.pop("skerrin")
    return regions, isles


def _nearest(geom, target, margin: float, avoid=()) -> tuple[float, float]:
    inner = _inside(geom, margin)
    cands = _grid_points(inner, 2.0) or [inner.representative_point().coords[0]]
    ok = [c for c in cands if all(math.dist(c, p) >= r for p, r in avoid)] or cands
    return min(ok, key=lambda c: (math.dist(c, target), c))


def label_size(name: str, kind: str) -> tuple[float, float]:
    if kind == "sea":
        lines = [name] if len(name) <= 16 or " " not in name else name.split(" ", 1)
        return 12.5 * max(len(t) for t in lines) + 10, 24.0 * len(lines)
    return 9.0 * len(name) + 8, 20.0


def _label(meta: dict, geom, obstacles) -> tuple[float, float]:
    kind = "sea" if meta["kind"] == "sea" else "land"
    lw, lh = label_size(meta["name_en"], kind)
    if meta["kind"] == "home_province":
        city = obstacles[0][0]
        target = (city[0], city[1] + 24.0)
    else:
        target = polylabel(geom, tolerance=1.0).coords[0]
    for inset, clear in ((8.0, 6.0), (3.0, 4.0), (0.0, 0.0)):
        inner = geom.buffer(-inset) if inset else geom
        ok = []
        for c in _grid_points(geom, 3.0):
            lb = box(c[0] - lw / 2, c[1] - lh / 2, c[0] + lw / 2, c[1] + lh / 2)
            if inner.contains(lb) and all(lb.distance(Point(p)) >= r * 0.5 + clear for p, r in obstacles):
                ok.append(c)
        if ok:
            return min(ok, key=lambda c: (math.dist(c, target), c))
    return _nearest(geom, target, 6.0)


def _slots(geom, label, label_box, obstacles) -> dict:
    best: list[tuple[float, float]] = []
    for margin, clear, pad, spacing in ((14, 13, 12, 30.0), (13, 13, 12, SLOT_SPACING), (10, 10, 8, 24)):
        chosen = _pick_slots(geom, label, label_box, obstacles, margin, clear, pad, spacing)
        if len(chosen) > len(best):
            best = chosen
        if len(best) == UNIT_SLOTS + 1:
            break
    return {"units": [list(p) for p in best[1:]], "flag": list(best[0])}


def _factory(geom, city, obstacles) -> tuple[float, float]:
    inner = _inside(geom, 4.0)
    half = FACTORY_SIZE / 2
    for dx, dy in ((20, 0), (-20, 0), (0, 20), (0, -20), (16, 16), (-16, 16), (16, -16), (-16, -16)):
        c = (city[0] + dx, city[1] + dy)
        if inner.contains(box(c[0] - half, c[1] - half, c[0] + half, c[1] + half)) and \
                all(math.dist(c, p) >= r for p, r in obstacles[1:]):
            return c
    return _nearest(geom, city, 9.0, [(p, r + 6) for p, r in obstacles])


def _r(p) -> list[float]:
    return [round(float(p[0]), 1), round(float(p[1]), 1)]


def _polygons(geom) -> list:
    parts = list(geom.geoms) if isinstance(geom, MultiPolygon) else [geom]
    out = []
    for poly in parts:
        poly = shapely.geometry.polygon.orient(poly, sign=1.0)
        out.append([[_r(c) for c in r.coords] for r in [poly.exterior, *poly.interiors]])
    return out


def geometry() -> dict:
    regions, decorations = shapes()
    metas = {r["id"]: r for r in REGIONS}
    out: dict = {}
    for rid in metas:
        geom, meta = regions[rid], metas[rid]
        info: dict = {"polygons": _polygons(geom)}
        obstacles: list = []
        if meta["kind"] == "home_province":
            city = _nearest(geom, CITIES[rid], 12.0)
            obstacles.append((city, 12.0))
            if meta.get("harbour_sea"):
                sea = regions[meta["harbour_sea"]]
                coast = shapely.intersection(geom.boundary, sea.boundary)
                cp = nearest_points(coast, Point(city))[0].coords[0]
                info["anchor"] = _nearest(sea, cp, 13.0, [(cp, 16.0)])
                info["harbour"] = _nearest(geom, cp, 9.0, [(city, 22.0)])
                obstacles.append((info["harbour"], 14.0))
            info["factory"] = _factory(geom, city, obstacles)
            obstacles.append((info["factory"], 14.0))
            info["city"] = city
        label = _label(meta, geom, obstacles)
        lw, lh = label_size(meta["name_en"], "sea" if meta["kind"] == "sea" else "land")
        label_box = box(label[0] - lw / 2, label[1] - lh / 2, label[0] + lw / 2, label[1] + lh / 2)
        entry = {"polygons": info["polygons"], "label": _r(label)}
        for key in ("city", "factory", "harbour", "anchor"):
            if key in info:
                entry[key] = _r(info[key])
        if meta["kind"] != "impassable":
            entry["slots"] = _slots(geom, label, label_box, obstacles)
        out[rid] = entry
    decos = [{"id": did, "kind": "island", "name_en": "Gull Rock", "polygons": _polygons(g)}
             for did, g in sorted(decorations.items())]
    return {"canvas": [CANVAS_W, CANVAS_H], "y_axis": "down",
            "source": "invented for the tests, drawn by tests/data/maps/make_testland.py",
            "projection": {"type": "none"}, "factory_size": FACTORY_SIZE, "regions": out, "decorations": decos}


def board() -> dict:
    return {
        "format": "imperial-desktop-map",
        "format_version": 1,
        "id": "testland",
        "name": "Testland (a small invented board for the tests)",
        "notes": ("Invented test board in the form of maps/europe.json: three nations of three home provinces, "
                  "two neutral lands and an island, four seas, one impassable mountain. With two players the "
                  "third flag card is not dealt: the owner of its 2M bond governs that nation."),
        "nations": NATIONS,
        "regions": REGIONS,
        "adjacency": ADJACENCY,
        "harbours": {r["id"]: r["harbour_sea"] for r in REGIONS if r.get("harbour_sea")},
        "rondel": RONDEL,
        "rondel_rules": {"free_steps": 3, "max_steps": 6, "cost_per_extra_step": 2},
        "bonds": BONDS,
        "starting_bonds_by_flag_card": {"aldoria": [["aldoria", 9], ["borvia", 2]],
                                        "borvia": [["borvia", 9], ["celdan", 2]],
                                        "celdan": [["celdan", 9], ["aldoria", 2]]},
        "paired_flag_cards": {},
        "starting_cash": {"standard": {"2": 13, "3": 13}, "experienced_variant": {"2": 26, "3": 18}},
        "tax_chart": [{"chart_position": p, "power_points": p - 4} for p in range(4, 14)],
        "power_factor": [{"from": 0, "to": 4, "factor": 0}, {"from": 5, "to": 9, "factor": 1},
                         {"from": 10, "to": 14, "factor": 2}, {"from": 15, "to": 19, "factor": 3},
                         {"from": 20, "to": 24, "factor": 4}, {"from": 25, "to": 25, "factor": 5}],
        "components": {"factory_cost": 5, "import_max_units": 3, "import_cost_each": 1, "flags_per_nation": 15},
        "legend_nation": "borvia",
        "rules_notes": [{"topic": "maneuver", "after": "Railway.", "lead": "Skerrin Isle.",
                         "text": "Armies reach Skerrin Isle only by a convoy. Nothing may enter Greymount."}],
        "geometry": geometry(),
    }


def main() -> None:
    OUT.write_text(json.dumps(board(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
