"""The board geometry in maps/europe.json agrees with itself and with the rules' adjacency."""
from __future__ import annotations

import itertools
import random
from importlib import resources

import pytest
import shapely
from shapely.geometry import Point, box

from imperial_desktop.ui.board_geometry import BoardGeometry, load_map_data

MIN_SHARED = 15.0   # a listed adjacency must be a border at least this long (canvas units)

# Pairs allowed to disagree with the adjacency lists, with the reason.  Keep it empty.
EXCEPTIONS: dict[frozenset[str], str] = {}


@pytest.fixture(scope="module")
def data() -> dict:
    return load_map_data()


@pytest.fixture(scope="module")
def board() -> BoardGeometry:
    return BoardGeometry.load()


@pytest.fixture(scope="module")
def edges(data: dict) -> set[frozenset[str]]:
    out: set[frozenset[str]] = set()
    for key in ("land_land", "land_sea", "sea_sea"):
        out |= {frozenset(e) for e in data["adjacency"][key]}
    out |= {frozenset(("switzerland", r)) for r in data["switzerland_borders"]}
    return out


def shared(a, b) -> float:
    """Length of the border two shapes share."""
    return shapely.intersection(a.boundary, b.boundary).length


def test_every_region_has_geometry(data: dict, board: BoardGeometry) -> None:
    ids = {r["id"] for r in data["regions"]}
    assert set(board.regions) == ids
    assert len(ids) == 55
    assert board.width == 2400 and board.height == 1600


def test_adjacency_lists_are_complete(data: dict) -> None:
    adj = data["adjacency"]
    assert len(adj["land_land"]) + len(adj["land_sea"]) + len(adj["sea_sea"]) == 137


def test_map_file_stays_small() -> None:
    path = resources.files("imperial_desktop.maps") / "europe.json"
    assert len(path.read_bytes()) < 2_000_000


def test_polygons_are_valid_and_on_the_canvas(board: BoardGeometry) -> None:
    canvas = box(0, 0, board.width, board.height).buffer(0.01)
    shapes = [(r.id, r.shape) for r in board.regions.values()]
    shapes += [(d.id, d.shape) for d in board.decorations]
    for rid, shape in shapes:
        assert shape.is_valid, rid
        assert not shape.is_empty and shape.area > 0, rid
        assert canvas.contains(shape), rid


def test_decorations_have_a_kind(board: BoardGeometry) -> None:
    assert board.decorations
    assert {d.kind for d in board.decorations} <= {"island", "land"}
    names = {d.name_en for d in board.decorations}
    assert {"Sicily", "Sardinia", "Corsica", "Crete", "Cyprus"} <= names


def test_no_two_shapes_overlap(board: BoardGeometry) -> None:
    shapes = [r.shape for r in board.regions.values()] + [d.shape for d in board.decorations]
    names = list(board.regions) + [d.id for d in board.decorations]
    tree = shapely.STRtree(shapes)
    for i, j in zip(*tree.query(shapes, predicate="intersects")):
        if i < j:
            area = shapely.intersection(shapes[i], shapes[j]).area
            assert area < 0.5, (names[i], names[j], area)


def test_board_covers_the_canvas(board: BoardGeometry) -> None:
    shapes = [r.shape for r in board.regions.values()] + [d.shape for d in board.decorations]
    covered = shapely.union_all(shapes, grid_size=0.1).area
    assert covered == pytest.approx(board.width * board.height, rel=1e-4)


def test_drawing_points_lie_inside_their_region(data: dict, board: BoardGeometry) -> None:
    half = board.factory_size / 2
    for meta in data["regions"]:
        r = board.regions[meta["id"]]
        assert r.shape.contains(Point(r.label)), (r.id, "label")
        if meta["kind"] == "home_province":
            assert r.city and r.shape.contains(Point(r.city)), (r.id, "city")
            fx, fy = r.factory
            assert r.shape.contains(box(fx - half, fy - half, fx + half, fy + half)), (r.id, "factory")
        if meta["kind"] != "impassable":
            assert len(r.unit_slots) >= 4, r.id
            for p in r.unit_slots + (r.flag_slot,):
                assert r.shape.contains(Point(p)), (r.id, "slot", p)
        if meta.get("harbour_sea"):
            assert r.shape.contains(Point(r.harbour)), (r.id, "harbour")
            sea = board.regions[meta["harbour_sea"]].shape
            assert sea.contains(Point(r.anchor)), (r.id, "anchor")
        else:
            assert r.harbour is None and r.anchor is None, r.id


def test_slots_do_not_cover_each_other(board: BoardGeometry) -> None:
    for r in board.regions.values():
        pts = list(r.unit_slots) + ([r.flag_slot] if r.flag_slot else [])
        for a, b in itertools.combinations(pts, 2):
            assert Point(a).distance(Point(b)) >= 10.0, (r.id, a, b)
        if r.city:
            for p in pts:
                assert Point(p).distance(Point(r.city)) >= 12.0, (r.id, p)


def test_every_listed_edge_is_a_visible_border(board: BoardGeometry,
                                                edges: set[frozenset[str]]) -> None:
    short = []
    for edge in sorted(edges, key=sorted):
        if edge in EXCEPTIONS:
            continue
        a, b = sorted(edge)
        length = shared(board.regions[a].shape, board.regions[b].shape)
        if length < MIN_SHARED:
            short.append((a, b, round(length, 1)))
    assert short == []


def test_unlisted_pairs_share_no_border(board: BoardGeometry,
                                        edges: set[frozenset[str]]) -> None:
    touching = []
    for a, b in itertools.combinations(sorted(board.regions), 2):
        pair = frozenset((a, b))
        if pair in edges or pair in EXCEPTIONS:
            continue
        length = shared(board.regions[a].shape, board.regions[b].shape)
        if length > 0.0:
            touching.append((a, b, round(length, 2)))
    assert touching == []


def test_board_facts(data: dict, board: BoardGeometry) -> None:
    s = {rid: r.shape for rid, r in board.regions.items()}
    # Clear water between lands that look close but are not adjacent.
    assert s["sweden"].distance(s["denmark"]) > 2.0
    assert s["spain"].distance(s["morocco"]) > 2.0
    # The disputed edge is excluded by default.
    disputed = data["disputed_adjacency"][0]["edge"]
    assert shared(s[disputed[0]], s[disputed[1]]) == 0.0
    # Dublin has no land neighbour at all.
    land = [rid for rid, r in board.regions.items() if r.kind != "sea" and rid != "dublin"]
    assert all(s["dublin"].distance(s[o]) > 2.0 for o in land)
    # Switzerland borders exactly the listed regions.
    swiss = {rid for rid in s if rid != "switzerland" and shared(s["switzerland"], s[rid]) > 0}
    assert swiss == set(data["switzerland_borders"])
    # Bulgaria and Turkey touch.
    assert shared(s["bulgaria"], s["turkey"]) >= MIN_SHARED


def test_city_points_hit_their_region(board: BoardGeometry) -> None:
    for r in board.regions.values():
        if r.city:
            assert board.region_at(*r.city) == r.id
        assert board.region_at(*r.label) == r.id


def test_random_points_hit_their_region(board: BoardGeometry) -> None:
    rng = random.Random(20240611)
    for rid, r in sorted(board.regions.items()):
        x0, y0, x1, y1 = r.shape.bounds
        found = 0
        for _ in range(4000):
            x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
            if r.shape.contains(Point(x, y)):
                assert board.region_at(x, y) == rid, (rid, x, y)
                found += 1
                if found == 25:
                    break
        assert found >= 5, rid


def test_off_board_points_hit_nothing(board: BoardGeometry) -> None:
    assert board.region_at(-5.0, -5.0) is None
    assert board.region_at(board.width + 10.0, 10.0) is None
    sicily = next(d for d in board.decorations if d.name_en == "Sicily")
    p = sicily.shape.representative_point()
    assert board.region_at(p.x, p.y) is None
