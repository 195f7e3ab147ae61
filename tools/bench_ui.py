"""Frame-time and hit-test benchmark of the game window (SDL dummy driver, no display).

Usage: python3 tools/bench_ui.py [--frames 300] [--size 1600x1000]
Prints median and 95th-percentile frame time (draw + flip) of the mid-game position, and the
time of one hit test (screen point -> region through the transform and shapely).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1600x1000")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    pygame.init()
    screen = pygame.display.set_mode((w, h))
    from imperial_desktop.core import GameRecord
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.game_scene import GameScene

    record = GameRecord.load(ROOT / "saves" / "midgame.json")
    session = GameSession.from_record(record, [Seat(n) for n in record.setup.players])
    scene = GameScene(session, (w, h))
    rng = random.Random(1)
    board = scene.board.rect
    for _ in range(20):  # warm the caches (scaled map, sprites, fonts)
        scene.draw(screen)
        pygame.display.flip()
    times = []
    for i in range(args.frames):
        pos = (rng.randrange(board.left, board.right), rng.randrange(board.top, board.bottom))
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        started = time.perf_counter()
        scene.draw(screen)
        pygame.display.flip()
        times.append(time.perf_counter() - started)
    times.sort()
    print(f"frame (draw + flip, {w}x{h}, mid-game, hover moving): median {statistics.median(times) * 1000:.2f} ms, "
          f"p95 {times[int(0.95 * (len(times) - 1))] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms over {len(times)} frames")
    points = [(rng.randrange(board.left, board.right), rng.randrange(board.top, board.bottom)) for _ in range(20000)]
    started = time.perf_counter()
    for p in points:
        scene.board.region_at(p)
    per = (time.perf_counter() - started) / len(points)
    print(f"hit test (screen point -> region; pick buffer from the shapely polygons, shapely at borders): {per * 1e6:.1f} us")
    thinking_fps(screen, (w, h))
    thinking_fps(screen, (w, h), seconds=12.0, level="expert")
    idle_cpu(screen)
    pygame.quit()


def idle_cpu(screen, seconds: float = 10.0) -> None:
    """CPU seconds the whole app uses per ``seconds`` of an idle game screen (a human to decide,
    nobody touching anything), through the app's own loop."""
    import tempfile

    os.environ["IMPERIAL_DESKTOP_HOME"] = tempfile.mkdtemp()
    from imperial_desktop.core import GameRecord
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.app import App

    record = GameRecord.load(ROOT / "saves" / "midgame.json")
    session = GameSession.from_record(record, [Seat(n) for n in record.setup.players])
    app = App(screen)
    app.start_game(session)
    app.scene.close_overlay()
    app.run(seconds=2.0)  # settle: first frames, the autosave, the pointer's last move
    frames = app.run(seconds=0.0)
    wall, cpu = time.perf_counter(), time.process_time()
    frames = app.run(seconds=seconds)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    print(f"idle game screen: {cpu:.2f} s of CPU in {wall:.1f} s ({100 * cpu / wall:.1f}% of a core), "
          f"{frames} frames drawn")


def thinking_fps(screen, size, seconds: float = 6.0, level: str = "hard") -> None:
    """Frames per second of the game screen while computer seats think in their worker thread."""
    from imperial_desktop.ai import bot_names
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.game_scene import GameScene
    from imperial_desktop.ui.gui import make_manager

    if level not in bot_names():
        level = "random"
    import sys

    sys.setswitchinterval(0.001)  # as the app does: the window gets the GIL back quickly
    manager = make_manager(size)
    setup = GameSetup.create(4, 11)
    session = GameSession(setup, [Seat(f"C{i}", "computer", level) for i in range(4)], seed=11)
    session.think_in_process = True  # as the app does: long searches in the worker process
    scene = GameScene(session, size, manager, seconds_per_move=0.0)
    thinking_frames = 0
    thinking_time = 0.0
    worst = 0.0
    end = time.perf_counter() + seconds
    clock = pygame.time.Clock()
    while time.perf_counter() < end and not session.state.is_terminal():
        started = time.perf_counter()
        for event in pygame.event.get():
            if not manager.process_events(event):
                scene.handle_event(event)
        scene.update(1 / 60)
        manager.update(1 / 60)
        scene.draw(screen)
        manager.draw_ui(screen)
        pygame.display.flip()
        clock.tick(60)
        elapsed = time.perf_counter() - started
        if session.computer_thinking():
            thinking_frames += 1
            thinking_time += elapsed
            worst = max(worst, elapsed)
    from imperial_desktop.session import thinking

    thinking.shutdown()
    if thinking_frames:
        print(f"while '{level}' computers think: {thinking_frames / thinking_time:.0f} fps over {thinking_frames} frames "
              f"(frames capped at 60 by the clock; slowest frame {worst * 1000:.1f} ms); {len(session.record.actions)} "
              "computer actions applied meanwhile")


if __name__ == "__main__":
    main()
