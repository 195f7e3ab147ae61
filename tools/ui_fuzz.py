"""Random input to the whole app: clicks (mostly on widgets), drags, keys, wheel, typed text with
markup, resizes and bursts of queued clicks, over every screen, while computer seats play.

Usage: python3 tools/ui_fuzz.py [--events 100000] [--seed 1] [--size 1600x1000]
Prints the events sent, frames, exceptions (the error screen appearing), widgets found outside
the window, the slowest frame and the peak resident memory. Exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

MARKUP_NAMES = ["<font pixel_size=99999>", "<img src=x>", "<shadow size=999>Bo", "<b>Ann", "Zoë & Co", "\u0416\u0435\u043d\u044f"]
TYPED = ["<font pixel_size=2000>", "<img src=x>", "é漢字", "&amp;", "x" * 40, "\t", " ", "Ann"]
KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_F1, pygame.K_h, pygame.K_s, pygame.K_l, pygame.K_r, pygame.K_SPACE,
        pygame.K_HOME, pygame.K_z, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_a, pygame.K_DOWN, pygame.K_UP]
MAX_FRAMES_ON_ONE_SCREEN = 250  # then back to the title, as a player leaving for the menus would
SIZES = [(1280, 720), (1366, 708), (1600, 1000), (1024, 640), (2560, 1440), (1920, 1080), (900, 600)]


@dataclass
class FuzzReport:
    events: int = 0
    frames: int = 0
    errors: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    slowest_ms: float = 0.0
    slow_frames: int = 0
    slow: list[str] = field(default_factory=list)
    jumps: list[str] = field(default_factory=list)  # where resident memory grew by 40 MB or more
    rss_seen: float = 0.0
    peak_mb: float = 0.0
    screens: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.outside and self.slow_frames == 0

    def summary(self) -> str:
        screens = ", ".join(f"{k} {v}" for k, v in sorted(self.screens.items()))
        return (f"{self.events} events in {self.frames} frames; exceptions {len(self.errors)}; widgets outside the "
                f"window {len(self.outside)}; slowest frame {self.slowest_ms:.0f} ms ({self.slow_frames} over 250 ms); "
                f"peak memory {self.peak_mb:.0f} MB; frames per screen: {screens}")


def _rss_mb() -> float:
    """Resident memory now (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1 << 20)
    except (OSError, ValueError, IndexError):
        return 0.0


def _seed_settings(home: Path) -> None:
    """Settings whose remembered seats carry markup names: New game and the game show them."""
    from imperial_desktop.session.settings import NewGameChoices, Settings, save_settings

    seats = [{"name": MARKUP_NAMES[0], "kind": "human", "level": "normal"}] + [
        {"name": name, "kind": "computer", "level": "easy"} for name in MARKUP_NAMES[1:4]]
    save_settings(Settings(pace="fast", last_new_game=NewGameChoices(seats=seats)), home)


def _widgets(app) -> list:
    return [e for e in app.manager.get_sprite_group().sprites() if getattr(e, "visible", True) and e.alive()]


def _visible_part(element) -> pygame.Rect:
    """The part of a widget its containers let show (a scrolled list clips its buttons)."""
    rect = element.get_abs_rect()
    container = element.ui_container
    seen: set[int] = set()
    while container is not None and id(container) not in seen:
        seen.add(id(container))
        parent = getattr(container, "ui_container", None)
        if parent is None or parent is container:
            break  # the root container: the whole window
        rect = rect.clip(container.get_abs_rect())
        container = parent
    return rect


def _outside(app) -> list[str]:
    window = app.screen.get_rect()
    out = []
    for element in _widgets(app):
        rect = _visible_part(element)
        if rect.w > 0 and rect.h > 0 and not window.contains(rect):
            out.append(f"{type(app.scene).__name__}: {type(element).__name__} at {rect} in a {window.size} window")
    return out


def fuzz(events: int, seed: int = 1, size: tuple[int, int] = (1600, 1000), *, resizes: bool = True) -> FuzzReport:
    """Send ``events`` random events to a fresh app in a temporary home folder."""
    home = Path(tempfile.mkdtemp(prefix="imperial-fuzz-"))
    os.environ["IMPERIAL_DESKTOP_HOME"] = str(home)
    _seed_settings(home)
    from imperial_desktop.ui.app import App, init_display
    from imperial_desktop.ui.error_scene import ErrorScene
    from imperial_desktop.ui.game_scene import GameScene

    rng = random.Random(seed)
    report = FuzzReport()
    screen = init_display(size, headless=True)
    app = App(screen)
    app.show_title()

    def post(event_type: int, **data) -> None:
        pygame.event.post(pygame.event.Event(event_type, **data))
        report.events += 1

    def point() -> tuple[int, int]:
        widgets = _widgets(app)
        if widgets and rng.random() < 0.6:
            rect = rng.choice(widgets).get_abs_rect()
            return (rng.randint(rect.left, max(rect.left, rect.right - 1)), rng.randint(rect.top, max(rect.top, rect.bottom - 1)))
        w, h = app.window.get_size()
        return (rng.randrange(w), rng.randrange(h))

    stay = 0
    while report.events < events:
        burst = 5 if rng.random() < 0.05 else 1  # sometimes several clicks queue up in one frame
        for _ in range(burst):
            roll = rng.random()
            if roll < 0.45:
                pos = point()
                pygame.mouse.set_pos(pos)
                post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3]))
                post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            elif roll < 0.6 and isinstance(app.scene, GameScene):
                start = point()
                end = point()
                post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
                post(pygame.MOUSEMOTION, pos=end, rel=(end[0] - start[0], end[1] - start[1]), buttons=(1, 0, 0))
                post(pygame.MOUSEBUTTONUP, pos=end, button=1)
            elif roll < 0.75:
                key = rng.choice(KEYS)
                mod = pygame.KMOD_CTRL if key == pygame.K_z and rng.random() < 0.5 else 0
                post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
                post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
            elif roll < 0.85:
                pos = point()
                post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
                step = rng.choice([-3, -1, 1, 2])
                post(pygame.MOUSEWHEEL, x=0, y=step, flipped=False, precise_x=0.0, precise_y=float(step))
            elif roll < 0.93:
                post(pygame.TEXTINPUT, text=rng.choice(TYPED))
            elif roll < 0.95 and resizes:
                w, h = rng.choice(SIZES)
                post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
            else:
                pos = point()
                post(pygame.MOUSEMOTION, pos=pos, rel=(2, 0), buttons=(0, 0, 0))
        before = type(app.scene).__name__
        pending = pygame.event.get()
        for event in pending:
            pygame.event.post(event)
        queued = [pygame.event.event_name(e.type) for e in pending]
        started = time.perf_counter()
        app.frame(1 / 60)
        elapsed = (time.perf_counter() - started) * 1000
        report.frames += 1
        name = type(app.scene).__name__
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # the peak so far
        if rss > report.rss_seen + 40:
            report.jumps.append(f"{report.rss_seen:.0f} -> {rss:.0f} MB: {before} -> {name} after {', '.join(queued)[:200]}")
            report.rss_seen = rss
        if elapsed > 250 and report.frames > 3:
            report.slow.append(f"{elapsed:.0f} ms: {before} -> {name} after {', '.join(queued)}")
        report.screens[name] = report.screens.get(name, 0) + 1
        stay = stay + 1 if name == before else 0
        if stay >= MAX_FRAMES_ON_ONE_SCREEN:  # a random walk can stay in one place: go round the screens
            stay = 0
            app.show_title()
        if report.frames > 3:  # the very first frames load the board and fonts
            report.slowest_ms = max(report.slowest_ms, elapsed)
            report.slow_frames += elapsed > 250
        if isinstance(app.scene, ErrorScene):
            report.errors.append(f"{type(app.scene.error).__name__}: {app.scene.error}")
            app.show_title()
        if not app.running:  # the fuzzer pressed Quit: start again at the title
            app.running = True
            app.show_title()
        if report.frames % 25 == 0:
            report.outside += _outside(app)
        session = getattr(app.scene, "session", None)
        if session is not None and rng.random() < 0.3:
            session.wait_for_computer(2.0)
    report.peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if app.autosaver is not None:
        app.autosaver.flush(5)
    pygame.quit()
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1600x1000")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    started = time.time()
    report = fuzz(args.events, args.seed, (w, h), resizes=True)
    print(report.summary())
    print(f"{time.time() - started:.0f} s")
    for line in (report.errors + report.outside + report.jumps + report.slow)[:40]:
        print("  " + line)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
