"""Region names stay put (issue "feels finished", item 2).

A play-tester saw names outside their regions that moved when pieces changed: "click Sheffield" hit
London, "ENGLISH CHANNEL" stood in the North Atlantic (a fleet dropped on the name was refused),
"Liverpool" stood inside London, "Paris" in Brittany and then in Belgium. Names are placed once per
zoom level from the map alone: inside their own region (seas too) or beside it on a short leader line
to it. Each name's anchor (the centre of its text, or the end of its leader line) lies inside its own
region, is the same in every state, and a click there, or anywhere on the name, selects that region.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from shapely.geometry import Point  # noqa: E402

from imperial_desktop.core import GameRecord, GameState  # noqa: E402
from imperial_desktop.ui.board_geometry import BoardGeometry  # noqa: E402
from imperial_desktop.ui.board_view import BoardView, load_board_image  # noqa: E402
from imperial_desktop.ui.layout import game_layout  # noqa: E402
from tests.helpers import GB, clear_units, put, six_player_game, start_maneuver  # noqa: E402

WINDOWS = [(1280, 720), (1600, 1000)]
SAVES = Path(__file__).resolve().parent.parent / "saves"


@pytest.fixture(scope="module")
def geometry() -> BoardGeometry:
    return BoardGeometry.load()


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    yield pygame.display.set_mode((1280, 720))


def recorded_states() -> list[GameState]:
    """26 positions: the first state of every decision kind of a seeded game (tests/game_scenes.py),
    a six-player game and states spread along the recorded game of saves/finished.json (with many
    pieces, flags and factories on the board)."""
    from game_scenes import _played_states, ionian_entry

    states = list(_played_states().values()) + [_played_states(seed=5, players=6)["invest"], ionian_entry()]
    record = GameRecord.load(SAVES / "finished.json")
    state = GameState.new(record.setup)
    wanted = 26 - len(states)
    marks = {round((i + 1) * len(record.actions) / wanted) - 1 for i in range(wanted)}
    for i, action in enumerate(record.actions):
        state.apply(action)
        if i in marks:
            states.append(state.clone())
    assert len(states) == 26
    return states


def name_anchors(board: BoardView) -> dict[str, tuple[int, int]]:
    """The screen point that stands for each drawn name: the centre of its text, or the end of its
    leader line inside the region when the name stands beside it."""
    out = {}
    for mark in board.marks:
        if mark.kind == "label":
            out[mark.region] = board.label_leaders.get(mark.region, mark.rect.center)
    return out


def inside(board: BoardView, region: str, point: tuple[int, int]) -> bool:
    return board.geometry.regions[region].shape.contains(Point(board.screen_to_board(point)))


@pytest.mark.parametrize("window", WINDOWS)
def test_every_name_stays_inside_its_region_in_every_state_and_a_click_on_it_selects_it(geometry, screen, window):
    """The acceptance test: at the fit zoom of the game's board in a 1280x720 and a 1600x1000 window,
    over 26 positions, every region's name anchor lies inside its own region and is the same in every
    position (so are the names' rectangles), and the hit test of a click (names first, then pieces,
    then regions) gives that region there and anywhere on the name's text."""
    board = BoardView(geometry, load_board_image(geometry), game_layout(*window).board)
    layer = pygame.Surface(window)
    first: dict[str, tuple[int, int]] | None = None
    first_rects: dict[str, pygame.Rect] = {}
    for version, state in enumerate(recorded_states()):
        board.draw(layer, state, version=version)
        anchors = name_anchors(board)
        assert set(anchors) == set(geometry.regions), version
        outside = [r for r, p in anchors.items() if not inside(board, r, p)]
        assert outside == [], (version, outside)
        if first is None:
            first = anchors
            first_rects = {m.region: m.rect for m in board.marks if m.kind == "label"}
        moved = sorted(r for r in anchors if anchors[r] != first[r])
        assert moved == [], (version, moved)
        assert {m.region: m.rect for m in board.marks if m.kind == "label"} == first_rects, version
        # the click's hit test (GameScene._left_down / _left_up: piece_at in a maneuver, then region_at)
        wrong = [r for r, p in anchors.items() if board.region_at(p) != r]
        assert wrong == [], (version, wrong)
        grabbed = [r for r, p in anchors.items() if (piece := board.piece_at(p)) is not None and piece.region != r]
        assert grabbed == [], (version, grabbed)
        for mark in (m for m in board.marks if m.kind == "label"):  # anywhere on the text
            text = mark.rect.inflate(-2, -2)
            for point in (text.center, text.topleft, text.topright, text.bottomleft, text.bottomright):
                assert board.region_at(point) == mark.region, (version, mark.region, point)
                assert board.piece_at(point) is None, (version, mark.region, point)


@pytest.mark.parametrize("window, most", [((1280, 720), 6), ((1600, 1000), 2)])
def test_names_stand_inside_their_regions_where_they_fit(geometry, screen, window, most):
    """Nearly all names stand on their region (the centre of the text on it); the few that do not fit
    (small regions at the fit zoom) stand beside it on a short leader line that ends inside it. No
    name overlaps another."""
    board = BoardView(geometry, load_board_image(geometry), game_layout(*window).board)
    board.draw(pygame.Surface(window), recorded_states()[0], version=1)
    labels = {m.region: m.rect for m in board.marks if m.kind == "label"}
    on_leaders = set(board.label_leaders)
    assert len(on_leaders) <= most, sorted(on_leaders)
    for region, rect in labels.items():
        if region in on_leaders:
            end = board.label_leaders[region]
            gap = max(0, max(rect.left - end[0], end[0] - rect.right, rect.top - end[1], end[1] - rect.bottom))
            assert gap <= 40, (region, gap)  # a short line
            assert inside(board, region, end), region
        else:
            assert inside(board, region, rect.center), region
    for a, ra in labels.items():
        assert not any(ra.colliderect(rb) for b, rb in labels.items() if b != a), a


def test_real_clicks_on_every_name_select_its_region(geometry):
    """Real mouse events through the game scene: a click on each name (its anchor, its text) selects
    its region."""
    from game_scenes import _played_states, open_scene

    for window in WINDOWS:
        driver = open_scene(_played_states()["finished"], window)
        scene = driver.scene
        scene.close_overlay()  # the final scores open over the board
        driver.frame(2)
        texts = {m.region: m.rect.center for m in scene.board.marks if m.kind == "label"}
        for region, point in name_anchors(scene.board).items():
            for at in {point, texts[region]}:  # the anchor, and the text of a name on a leader line
                scene.board_layer.selected_region = None
                driver.click(at)
                assert scene.board_layer.selected_region == region, (window, region, at)


def test_a_fleet_dropped_on_a_seas_name_goes_to_that_sea(geometry):
    """Play-test: "ENGLISH CHANNEL" stood in the North Atlantic, and a fleet dropped on the name was
    refused. A drop anywhere on a name is a drop on its region."""
    from game_scenes import open_scene

    for window in WINDOWS:
        state = six_player_game()
        clear_units(state)
        put(state, GB, "north_sea", fleets=1)
        start_maneuver(state, GB)
        driver = open_scene(state, window)
        board = driver.scene.board
        fleet = board.piece_rect("north_sea", GB, "fleet")
        name = next(m.rect for m in board.marks if m.kind == "label" and m.region == "english_channel")
        driver.drag(fleet.center, (name.right - 3, name.top + 3))
        driver.frame(3)
        session = driver.scene.session
        assert session.state.fleets[GB].get("english_channel") == 1, window
        assert "north_sea" not in session.state.fleets[GB], window
