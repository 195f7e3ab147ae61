"""How fast the charts are: the series of a game of more than 1,000 actions, one chart drawn at
1600x1000, and the frames while the pointer sweeps over the Charts window (headless).

Usage: python3 tools/bench_charts.py [--frames 300]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args()
    import pygame
    from test_game_series import long_game
    from ui_driver import Driver, side_window

    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.game_series import series_of_record
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui import board_look, charts
    from imperial_desktop.ui.charts_window import ChartsWindow
    from imperial_desktop.ui.game_scene import GameScene

    record = long_game()
    started = time.perf_counter()
    series = series_of_record(record)
    print(f"series: {len(record.actions)} actions, {len(series)} samples, {(time.perf_counter() - started) * 1000:.1f} ms")
    pygame.init()
    board_look.use_map(record.setup.map_name)
    surface = pygame.Surface((1600, 1000))
    for kind in charts.KINDS:
        times = []
        for k in range(21):
            started = time.perf_counter()
            charts.draw_chart(surface, surface.get_rect(), series, kind, 1.3, hover=None if k == 0 else k * 10)
            times.append(time.perf_counter() - started)
        print(f"{kind} at 1600x1000: median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")

    session = GameSession(record.setup, [Seat(n) for n in record.setup.players], state=record.replay(),
                          actions=list(record.actions))
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.0), size=(1600, 1000))
    driver.frame(3)
    scene = driver.scene
    scene.close_overlay()
    scene.open_charts()
    driver.frame(2)
    window = side_window(scene)
    assert isinstance(window, ChartsWindow)
    for kind in charts.KINDS:
        window.show(kind)
        r = window.image.get_abs_rect()
        frames = []
        for i in range(args.frames):
            x = r.x + 40 + (r.w - 80) * (i % 100) / 100
            pygame.mouse.set_pos((x, r.centery))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, r.centery), rel=(0, 0), buttons=(0, 0, 0)))
            started = time.perf_counter()
            driver.frame(1)
            frames.append(time.perf_counter() - started)
        frames.sort()
        p95 = frames[int(len(frames) * 0.95)]
        print(f"sweeping the pointer over {kind}: {len(frames)} frames, median {statistics.median(frames) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms ({1 / statistics.median(frames):.0f} fps at the median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
