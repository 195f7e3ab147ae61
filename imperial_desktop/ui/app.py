"""The pygame-ce main loop: window, pygame-gui manager, the current scene."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Protocol

DEFAULT_SIZE = (1600, 1000)
MIN_SIZE = (1280, 800)


class Scene(Protocol):
    def handle_event(self, event) -> None: ...
    def update(self) -> None: ...
    def draw(self, surface) -> None: ...


def default_session(seed: int | None = None, computers_only: bool = False):
    """You against three computer opponents, standard rules (or four computers for the smoke test)."""
    from imperial_desktop.ai import bot_names
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat

    level = "normal" if "normal" in bot_names() else "random"
    names = ["You", "Computer 1", "Computer 2", "Computer 3"]
    seats = [Seat(n, COMPUTER if (computers_only or i) else HUMAN, level) for i, n in enumerate(names)]
    seed = int(time.time()) if seed is None else seed
    return GameSession(GameSetup.create(4, seed, names=names), seats, seed=seed)


def init_display(size: tuple[int, int], headless: bool):
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    pygame.display.set_caption("Imperial Desktop")
    flags = 0 if headless else pygame.RESIZABLE
    return pygame.display.set_mode(size, flags)


def run(argv: list[str] | None = None) -> int:
    """Start the game window (or, with --smoke-test, play a few computer turns headless and exit)."""
    parser = argparse.ArgumentParser(prog="imperial-desktop play")
    parser.add_argument("--smoke-test", action="store_true", help="headless: computers play a few turns, then exit")
    parser.add_argument("--screenshot", help="save a screenshot to this PNG file before exiting")
    parser.add_argument("--frames", type=int, default=120, help="frames to render in the smoke test")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--size", default=f"{DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    screen = init_display((max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)), args.smoke_test)
    import pygame

    from imperial_desktop.ui.game_scene import GameScene
    from imperial_desktop.ui.gui import make_manager

    manager = make_manager(screen.get_size())
    session = default_session(args.seed if args.seed is not None else (1 if args.smoke_test else None),
                              computers_only=args.smoke_test)
    scene = GameScene(session, screen.get_size(), manager, seconds_per_move=0.0 if args.smoke_test else 0.35)
    clock = pygame.time.Clock()
    frames = 0
    running = True
    while running:
        time_delta = clock.tick(0 if args.smoke_test else 60) / 1000.0
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
                continue
            if event.type == pygame.VIDEORESIZE:
                screen = pygame.display.set_mode((max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)), pygame.RESIZABLE)
                event = pygame.event.Event(pygame.VIDEORESIZE, w=screen.get_width(), h=screen.get_height(), size=screen.get_size())
            if manager.process_events(event):
                continue  # a widget took it
            scene.handle_event(event)
        scene.update(time_delta)  # may replace widgets: before the manager updates them
        manager.update(time_delta)
        scene.draw(screen)
        manager.draw_ui(screen)
        pygame.display.flip()
        frames += 1
        if args.smoke_test:
            session.wait_for_computer(5.0)
            if frames >= args.frames or session.state.is_terminal():
                running = False
    if args.screenshot:
        pygame.image.save(screen, args.screenshot)
        print(f"screenshot saved to {args.screenshot}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(run())
