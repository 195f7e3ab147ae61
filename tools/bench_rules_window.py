"""Resident memory while the rules reference is opened and closed over the game (issue 12).

In the game screen at 2560x1440 (headless), opens the rules window with F1, resizes the window
(a VIDEORESIZE to another size and back) while it is open, closes it with Esc, and repeats;
prints the resident memory (VmRSS of /proc/self/status) before and after, and its peak. A few
resizes first fill the board's zoom caches (their budget is not this window's); the growth is
also given after ``malloc_trim`` (memory really kept, without the allocator's fragmentation);
``--no-rules`` makes the same run without the window, for comparison::

    python tools/bench_rules_window.py [--rounds 200] [--size 2560x1440] [--other 1920x1080] [--no-rules]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux)."""
    with open("/proc/self/status", encoding="ascii") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def trimmed_rss_mb() -> float:
    """Resident memory after the C allocator gave its free pages back (glibc ``malloc_trim``):
    what is really kept, without the allocator's fragmentation."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass
    return rss_mb()


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--size", type=_size, default=(2560, 1440))
    parser.add_argument("--other", type=_size, default=(1920, 1080), help="the size resized to and back")
    parser.add_argument("--warm-up", type=int, default=5, help="resizes before the first measure (fill the caches)")
    parser.add_argument("--no-rules", action="store_true", help="control run: the same resizes without the window")
    args = parser.parse_args(argv)
    os.environ.setdefault("IMPERIAL_DESKTOP_HOME", tempfile.mkdtemp(prefix="bench-rules-"))
    import pygame

    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.app import App, init_display

    app = App(init_display(args.size, headless=True))
    app.settings.fullscreen = False
    setup = GameSetup.create(4, 1, names=["Anna", "Ben", "Clara", "David"])
    app.start_game(GameSession(setup, [Seat(n) for n in setup.players], seed=1))
    for _ in range(5):
        app.frame(1 / 60)

    def key(k: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        app.frame(1 / 60)

    def resize(size: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.frame(1 / 60)

    key(pygame.K_F1)  # the first opening builds the window: counted in "before"
    key(pygame.K_ESCAPE)
    for _ in range(args.warm_up):  # the board's zoom caches fill up to their budget at both sizes
        resize(args.other)
        resize(args.size)
    before = peak = rss_mb()
    before_trimmed = trimmed_rss_mb()
    start = time.perf_counter()
    for _ in range(args.rounds):
        if not args.no_rules:
            key(pygame.K_F1)
        resize(args.other)
        resize(args.size)
        if not args.no_rules:
            key(pygame.K_ESCAPE)
        peak = max(peak, rss_mb())
    seconds = time.perf_counter() - start
    after = rss_mb()
    after_trimmed = trimmed_rss_mb()
    windows = sum(1 for s in app.manager.get_sprite_group().sprites() if type(s).__name__.endswith("Window"))
    what = "control, no rules window" if args.no_rules else "rules window opened and closed"
    print(f"{what}: rounds {args.rounds} at {args.size[0]}x{args.size[1]} (resized to {args.other[0]}x{args.other[1]} and back "
          f"while open): RSS before {before:.1f} MB, after {after:.1f} MB, growth {after - before:+.1f} MB, "
          f"peak {peak:.1f} MB; after malloc_trim {before_trimmed:.1f} -> {after_trimmed:.1f} MB "
          f"({after_trimmed - before_trimmed:+.1f} MB); {seconds / max(1, args.rounds) * 1000:.1f} ms per round; windows alive at the end {windows}")
    app._stop_autosave()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
