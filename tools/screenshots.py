"""Render the game screen for the sample positions in saves/ into docs/screenshots/.

Usage: python3 tools/screenshots.py [--out docs/screenshots] [--board-only]
Headless (SDL dummy driver); the window code is the game's own.

Also renders the board alone (``board-*.png``) at the fit zoom of a 1280x720 window (board
rectangle about 900x480, zoom 0.30) and of 1600x1000 (about 1150x680, zoom 0.42): the mid-game
save, and a maneuver from the recorded game in saves/finished.json with moved units, hostile
armies and blocked factories; and the legend (``legend-*.png``).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from imperial_desktop.core import GameRecord  # noqa: E402
from imperial_desktop.session.controller import GameSession  # noqa: E402
from imperial_desktop.session.seats import Seat  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def scene_for(save: Path, size: tuple[int, int], manager=None):
    from imperial_desktop.ui.game_scene import GameScene

    record = GameRecord.load(save)
    session = GameSession.from_record(record, [Seat(n) for n in record.setup.players])
    return GameScene(session, size, manager)


BOARD_RECTS = {"1280x720": (900, 480), "1600x1000": (1150, 680)}  # the board's part of those windows


def maneuver_state():
    """The last moment of the recorded game at which a maneuver has moved at least three units,
    with the most blocked factories (a view of every board mark at once)."""
    from imperial_desktop.core import GameState

    record = GameRecord.load(ROOT / "saves" / "finished.json")
    state = GameState.new(record.setup)
    best, best_key = None, None
    for i, action in enumerate(record.actions):
        state.apply(action)
        mv = state.maneuver_view()
        if mv and sum(mv.moved_armies.values()) + sum(mv.moved_fleets.values()) >= 3:
            key = (len(state.occupied_regions() & state.factories), i)
            if best_key is None or key > best_key:
                best, best_key = i, key
    state = GameState.new(record.setup)
    for action in record.actions[:(best or 0) + 1]:
        state.apply(action)
    return state


def board_shots(out: Path) -> None:
    """The board alone at the fit zooms of 1280x720 and 1600x1000, and the legend."""
    from imperial_desktop.ui.board_geometry import BoardGeometry
    from imperial_desktop.ui.board_view import BoardView, load_board_image
    from imperial_desktop.ui.legend import draw_legend, legend_size

    pygame.display.set_mode((16, 16))
    geometry = BoardGeometry.load()
    image = load_board_image(geometry)
    states = {"midgame": GameRecord.load(ROOT / "saves" / "midgame.json").replay(), "maneuver": maneuver_state()}
    for window, size in BOARD_RECTS.items():
        board = BoardView(geometry, image, pygame.Rect((0, 0), size))
        for name, state in states.items():
            surface = pygame.Surface(size)
            board.draw(surface, state, version=hash(name))
            path = out / f"board-{name}-{window}.png"
            pygame.image.save(surface, str(path))
            print(path, f"zoom {board.zoom:.2f}")
    for scale in (0.8, 1.0):
        surface = pygame.Surface(legend_size(scale))
        draw_legend(surface, surface.get_rect(), scale)
        path = out / f"legend-{scale:.1f}.png"
        pygame.image.save(surface, str(path))
        print(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--board-only", action="store_true", help="only the board and legend pictures")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    board_shots(out)
    if args.board_only:
        pygame.quit()
        return
    from imperial_desktop.ui.gui import make_manager

    for size in ((1600, 1000), (1280, 720)):
        screen = pygame.display.set_mode(size)
        for name in ("start", "midgame", "finished"):
            manager = make_manager(size)
            scene = scene_for(ROOT / "saves" / f"{name}.json", size, manager)
            scene.update(1 / 60)
            scene.close_overlay()  # the board itself, not the summary that opens over it
            manager.update(1 / 60)
            if name == "midgame":  # show a tooltip as a player hovering over a contested region would
                region = next(iter(sorted(r for n in scene.session.state.hostile.values() for r in n)), "berlin")
                pos = scene.board.board_to_screen(scene.board.geometry.regions[region].city or scene.board.geometry.regions[region].label)
                scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0), buttons=(0, 0, 0)))
            scene.draw(screen)
            manager.draw_ui(screen)
            scene.close()
            path = out / f"game-{name}-{size[0]}x{size[1]}.png"
            pygame.image.save(screen, str(path))
            print(path)
    pygame.quit()


if __name__ == "__main__":
    main()
