"""How fast time travel shows a position: from a travel request to the drawn frame, for random
positions of a 1,100-action game; the snapshots' memory; the frame rate while scrubbing.

Usage: python3 tools/bench_time_travel.py [--size 1600x1000] [--positions 200] [--record PATH]
       [--every 40] [--seed 1]

Headless (SDL's dummy video driver), through the game's own scene: a travel request is
``GameScene.travel_to``; its frame is the scene's update and drawing and pygame-gui's drawing, as
the app runs them. Scrubbing posts a press on the timeline bar and then one pointer move per
frame across it (as a drag with the mouse does) and counts the frames per second. The time spent
per layer is printed too (where a slow frame goes). Goals: p95 <= 100 ms, >= 50 frames per second.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_RECORD = ROOT / "tests" / "data" / "time_travel" / "five-players-1100-actions.record.json"

import pygame  # noqa: E402

from imperial_desktop.core.record import GameRecord  # noqa: E402
from imperial_desktop.session.controller import GameSession  # noqa: E402
from imperial_desktop.session.seats import Seat  # noqa: E402
from imperial_desktop.session.timeline import SNAPSHOT_EVERY  # noqa: E402


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


class Frames:
    """The app's frame for one game screen: events to pygame-gui and the scene, update, drawing."""

    def __init__(self, size: tuple[int, int], session: GameSession):
        from imperial_desktop.ui.game_scene import GameScene
        from imperial_desktop.ui.gui import make_manager

        pygame.init()
        self.screen = pygame.display.set_mode(size)
        self.manager = make_manager(size)
        self.scene = GameScene(session, size, self.manager, seconds_per_move=0.0)
        self.layer_time: dict[str, float] = defaultdict(float)
        for layer in self.scene.layers:
            self._time_layer(layer)

    def _time_layer(self, layer) -> None:
        draw = layer.draw
        name = type(layer).__name__

        def timed(surface):
            started = time.perf_counter()
            try:
                return draw(surface)
            finally:
                self.layer_time[name] += time.perf_counter() - started

        layer.draw = timed

    def frame(self, dt: float = 1 / 60) -> None:
        for event in pygame.event.get():
            if self.manager.process_events(event):
                continue
            self.scene.handle_event(event)
        self.scene.update(dt)
        self.manager.update(dt)
        self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        pygame.display.flip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1600x1000")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--record", type=Path, default=DEFAULT_RECORD)
    parser.add_argument("--every", type=int, default=SNAPSHOT_EVERY, help="actions between two snapshots")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    record = GameRecord.load(args.record)
    seats = [Seat.human(name) for name in record.setup.players]  # nobody plays on while we look
    session = GameSession.from_record(record, seats)
    frames = Frames((w, h), session)
    scene = frames.scene
    for _ in range(3):
        frames.frame()
    started = time.perf_counter()
    from imperial_desktop.session.timeline import Timeline

    scene.time_travel.timeline = Timeline(record.setup, record.actions, every=args.every)
    scene.look_back()
    frames.frame()
    enter_ms = (time.perf_counter() - started) * 1000
    timeline = scene.time_travel.timeline
    print(f"game: {args.record.name}, {len(record.actions)} actions, {record.setup.num_players} players; "
          f"window {w}x{h}; snapshots every {timeline.every} actions")
    print(f"looking back the first time (timeline and log lines made, first frame): {enter_ms:.0f} ms")
    rng = random.Random(args.seed)
    frames.layer_time.clear()
    times = []
    state_ms = []
    for _ in range(args.positions):
        index = rng.randint(0, timeline.last)
        t0 = time.perf_counter()
        timeline.state_at(index)
        state_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        scene.travel_to(index)
        frames.frame()
        times.append((time.perf_counter() - t0) * 1000)
    print(f"travel to a random position and draw its frame ({args.positions} positions): "
          f"p50 {statistics.median(times):.1f} ms, p95 {_percentile(times, 0.95):.1f} ms, max {max(times):.1f} ms")
    print(f"  of which the position itself (Timeline.state_at): p50 {statistics.median(state_ms):.2f} ms, "
          f"p95 {_percentile(state_ms, 0.95):.2f} ms, max {max(state_ms):.2f} ms")
    total = sum(frames.layer_time.values())
    parts = ", ".join(f"{name} {ms * 1000 / args.positions:.1f}" for name, ms in
                      sorted(frames.layer_time.items(), key=lambda item: -item[1]) if ms * 1000 / args.positions >= 0.1)
    print(f"  drawing per frame by layer (ms): {parts} (all layers {total * 1000 / args.positions:.1f})")
    print(f"snapshot memory: {timeline.memory_bytes() / 1024:.0f} KiB in {len(timeline._snapshots)} snapshots "
          f"(Timeline.memory_bytes, pickled size)")
    # scrubbing: press on the bar and move across it, one pointer move per frame
    layer = scene.time_travel_layer
    bar = layer.bar()
    y = bar.track.centery
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.track.x + 2, y), button=1))
    frames.frame()
    steps = 300
    visited = set()
    t0 = time.perf_counter()
    for i in range(steps):
        x = bar.track.x + 2 + (bar.track.w - 4) * i // (steps - 1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 0), buttons=(1, 0, 0)))
        frames.frame()
        visited.add(scene.time_travel.index)
    elapsed = time.perf_counter() - t0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(bar.track.right - 2, y), button=1))
    frames.frame()
    print(f"scrubbing across the timeline: {steps} frames in {elapsed:.2f} s = {steps / elapsed:.0f} frames per second "
          f"({len(visited)} positions shown)")
    scene.return_to_present()
    frames.frame()
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
