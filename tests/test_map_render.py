"""Rendering the board map to a PNG (headless)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from shapely.geometry import Point  # noqa: E402

from imperial_desktop.ui import map_render  # noqa: E402
from imperial_desktop.ui.board_geometry import BoardGeometry  # noqa: E402

WIDTH = 1200


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> tuple[pygame.Surface, str]:
    out = tmp_path_factory.mktemp("render") / "map.png"
    map_render.render_map(str(out), width=WIDTH)
    return pygame.image.load(str(out)), str(out)


def quiet_point(board: BoardGeometry, rid: str) -> tuple[float, float]:
    """A point well inside a region, away from its label, city, factory and coasts."""
    r = board.regions[rid]
    busy = [Point(p) for p in (r.label, r.city, r.factory, r.harbour) if p]
    for inset, clear in ((28.0, 70.0), (16.0, 45.0), (10.0, 30.0)):
        inner = r.shape.buffer(-inset)
        if inner.is_empty:
            continue
        x0, y0, x1, y1 = inner.bounds
        cands = [(x0 + i * 6.0, y0 + j * 6.0) for j in range(int((y1 - y0) / 6) + 1)
                 for i in range(int((x1 - x0) / 6) + 1)]
        for x, y in cands:
            p = Point(x, y)
            if inner.contains(p) and all(p.distance(b) > clear for b in busy):
                return x, y
    raise AssertionError(f"no quiet point in {rid}")


def close(c1, c2, tol: int = 16) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c1[:3], c2[:3]))


def test_png_has_the_right_size(rendered) -> None:
    surface, path = rendered
    assert os.path.getsize(path) > 10_000
    assert surface.get_size() == (WIDTH, WIDTH * 2 // 3)


@pytest.mark.parametrize("rid, expected", [
    ("north_atlantic", map_render.SEA),
    ("black_sea", map_render.SEA),
    ("spain", map_render.NEUTRAL),
    ("algeria", map_render.NEUTRAL),
    # the home provinces in their nation's colour of maps/europe.json ("colours": "land")
    ("moscow", (152, 114, 172)),
    ("bordeaux", (108, 146, 200)),
    ("budapest", (226, 196, 88)),
    ("berlin", (104, 106, 112)),
    ("edinburgh", (200, 98, 88)),
    ("naples", (128, 172, 100)),
])
def test_regions_have_their_colour(rendered, rid: str, expected) -> None:
    surface, _ = rendered
    board = BoardGeometry.load()
    x, y = quiet_point(board, rid)
    scale = WIDTH / board.width
    pixel = surface.get_at((round(x * scale), round(y * scale)))
    assert close(pixel, expected), (rid, tuple(pixel), expected)


def test_nations_are_told_apart(rendered) -> None:
    colours = list(BoardGeometry.load().nation_land.values()) + [map_render.NEUTRAL, map_render.SEA]
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            assert not close(a, b, tol=30), (a, b)


def test_cli_main_writes_a_png(tmp_path) -> None:
    out = tmp_path / "small.png"
    assert map_render.main([str(out), "--width", "600"]) == 0
    assert pygame.image.load(str(out)).get_size() == (600, 400)


def test_the_game_board_image_leaves_the_region_names_to_the_board_view(tmp_path) -> None:
    """assets/images/board.png is rendered with --no-labels: the board view draws the names at a
    readable size; with labels baked in as well they would show twice."""
    from imperial_desktop.resources import assets_root

    named, bare = tmp_path / "named.png", tmp_path / "bare.png"
    assert map_render.main([str(named), "--width", "600"]) == 0
    assert map_render.main([str(bare), "--width", "600", "--no-labels"]) == 0
    board = BoardGeometry.load()
    a, b = pygame.image.load(str(named)), pygame.image.load(str(bare))
    scale = 600 / board.width
    x, y = board.regions["moscow"].label
    # around Moscow's label point the named map has dark letters, the bare one the plain fill
    box = pygame.Rect(round(x * scale) - 8, round(y * scale) - 2, 16, 4)
    darkest = lambda img: min(sum(img.get_at((i, j))[:3]) for i in range(box.left, box.right) for j in range(box.top, box.bottom))
    assert darkest(a) < 200 < darkest(b)
    with (assets_root() / "images" / "board.png").open("rb") as handle:
        shipped = pygame.image.load(handle, "board.png")
    sx, sy = round(x), round(y)
    assert min(sum(shipped.get_at((i, sy))[:3]) for i in range(sx - 20, sx + 20)) > 200
