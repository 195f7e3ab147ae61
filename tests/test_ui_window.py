"""Headless tests of the game window: positions from saves/ rendered, real mouse events posted.

Issue 4, acceptance 1: hover, tooltips and hit-testing at several zoom levels.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from pathlib import Path

import pygame
import pytest

from imperial_desktop.core import GameRecord
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat

SAVES = Path(__file__).resolve().parent.parent / "saves"


@pytest.fixture(scope="module")
def display():
    pygame.init()
    screen = pygame.display.set_mode((1600, 1000))
    yield screen
    pygame.quit()


def scene_for(save: str, size=(1600, 1000)):
    from imperial_desktop.ui.game_scene import GameScene

    record = GameRecord.load(SAVES / save)
    seats = [Seat(name) for name in record.setup.players]
    session = GameSession.from_record(record, seats)
    return GameScene(session, size)


def pump(scene):
    for event in pygame.event.get():
        scene.handle_event(event)


def move_to(scene, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(scene)


@pytest.mark.parametrize("save", ["start.json", "midgame.json", "finished.json"])
def test_positions_render(display, save, tmp_path):
    scene = scene_for(save)
    scene.draw(display)
    path = tmp_path / f"{save}.png"
    pygame.image.save(display, str(path))
    assert path.stat().st_size > 50_000
    # the board area shows the map, not the background colour
    centre = scene.board.rect.center
    assert display.get_at(centre)[:3] != (70, 64, 56)


def test_hover_shows_region_and_tooltip(display):
    scene = scene_for("midgame.json")
    scene.draw(display)
    city = scene.board.geometry.regions["berlin"].city
    move_to(scene, tuple(round(v) for v in scene.board.board_to_screen(city)))
    assert scene.board_layer.hover_region == "berlin"
    from imperial_desktop.ui.layers.tooltips import RegionTipLayer

    lines = scene.draw(display)[RegionTipLayer].lines  # drawn with the tooltip: its lines
    assert lines[0] == "Berlin" and "German Empire, home province" in lines


@pytest.mark.parametrize("wheel_steps", [0, 2, 5, 9])
def test_hit_testing_at_zoom_levels(display, wheel_steps):
    scene = scene_for("midgame.json")
    scene.draw(display)
    move_to(scene, scene.board.rect.center)
    for _ in range(wheel_steps):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    pump(scene)
    if wheel_steps:
        assert scene.board.zoom > scene.board.min_zoom
    checked = 0
    for rid, r in scene.board.geometry.regions.items():
        point = r.city or r.label
        pos = tuple(round(v) for v in scene.board.board_to_screen(point))
        if not scene.board.rect.collidepoint(pos):
            continue
        move_to(scene, pos)
        piece = scene.board.piece_at(pos)  # a stack drawn there stands for its own region (session 18)
        assert scene.board_layer.hover_region == (piece.region if piece is not None else rid), (rid, pos, scene.board.zoom)
        assert scene.board.region_at(pos) == rid, (rid, pos, scene.board.zoom)  # the hit test itself
        checked += 1
    assert checked >= (50 if wheel_steps == 0 else 3)


def test_right_drag_pans_and_pieces_are_hit(display):
    scene = scene_for("midgame.json")
    for _ in range(4):
        move_to(scene, scene.board.rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    pump(scene)
    origin = scene.board.origin
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.board.rect.center, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(scene.board.rect.centerx - 50, scene.board.rect.centery), rel=(-50, 0), buttons=(0, 0, 1)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.board.rect.center, button=3))
    pump(scene)
    assert scene.board.origin[0] > origin[0]
    scene.board.fit()
    scene.draw(display)
    state = scene.session.state
    nation, region = next((n, r) for n in state.board.nation_ids for r in state.armies[n])
    rect = scene.board.piece_rect(region, nation, "army")
    piece = scene.board.piece_at(rect.center)
    assert (piece.region, piece.nation, piece.kind) == (region, nation, "army")


def test_small_window_layout(display):
    pygame.display.set_mode((1280, 800))
    scene = scene_for("midgame.json", (1280, 800))
    surface = pygame.display.get_surface()
    scene.draw(surface)
    lay = scene.layout
    assert lay.board.w >= 800 and lay.side.right == 1280 and lay.table.bottom == 800
    parts = [lay.top_bar, lay.board, lay.tracks, lay.table, lay.rondel, lay.decision, lay.log]
    for i, a in enumerate(parts):  # the parts tile the window: none covers another
        assert surface.get_rect().contains(a)
        assert not any(a.colliderect(b) for b in parts[i + 1:])
    pygame.display.set_mode((1600, 1000))
