"""Render the game screen for the sample positions in saves/ into docs/screenshots/.

Usage: python3 tools/screenshots.py [--out docs/screenshots]
Headless (SDL dummy driver); the window code is the game's own.
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


def scene_for(save: Path, size: tuple[int, int]):
    from imperial_desktop.ui.game_scene import GameScene

    record = GameRecord.load(save)
    session = GameSession.from_record(record, [Seat(n) for n in record.setup.players])
    return GameScene(session, size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    for size in ((1600, 1000), (1280, 800)):
        screen = pygame.display.set_mode(size)
        for name in ("start", "midgame", "finished"):
            scene = scene_for(ROOT / "saves" / f"{name}.json", size)
            if name == "midgame":  # show a tooltip as a player hovering over a contested region would
                region = next(iter(sorted(r for n in scene.session.state.hostile.values() for r in n)), "berlin")
                pos = scene.board.board_to_screen(scene.board.geometry.regions[region].city or scene.board.geometry.regions[region].label)
                scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(0, 0), buttons=(0, 0, 0)))
            scene.draw(screen)
            path = out / f"game-{name}-{size[0]}x{size[1]}.png"
            pygame.image.save(screen, str(path))
            print(path)
    pygame.quit()


if __name__ == "__main__":
    main()
