"""What a frame costs while something changes: frame time and the presented share of the window
(dummy video driver), and the CPU share of the app and of the X server in a real Xvfb window.

Usage: python3 tools/redraw_cost.py [--part dummy|window|both] [--sizes 1600x1000,1280x660]
                                    [--seconds 10] [--full]

Situations: the pointer moving over the rondel's choice buttons of the mid-game position, the
pointer moving over the board, a computer turn shown at the normal pace (computers that choose at
random, so the figures are the window's and not the search's), the log scrolled with the wheel,
and (dummy driver only) frames with no input at all. A window smaller than 1280x720 shows the
scaled path (a larger picture smooth-scaled onto the window).

``--part dummy`` prints, per situation, the mean and 95th percentile frame time (CPU time of the
window's thread, so that other programs on the machine do not count) and the mean share of the
window presented per frame (``pygame.display.flip`` counts as the whole window); ``--part window``
starts its own Xvfb server and prints the CPU share of one core of the app's process and of the X
server while xdotool moves the real pointer (or a computer turn is shown) for ``--seconds``, and
the app's CPU time per frame drawn. ``--full`` makes every frame present the whole window (the frame loop without
``ui/dirty.py``'s partial presents), for comparison; ``SDL_FRAMEBUFFER_ACCELERATION=1`` in the
environment gives SDL's default X11 window surface (an OpenGL texture) instead of X11's own.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

SIZES = "1600x1000,1280x660"


# ---------------------------------------------------------------------------- the situations

def midgame_session():
    """The mid-game position with a person deciding the rondel, computers in the other seats."""
    from imperial_desktop.core import GameRecord
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, Seat

    record = GameRecord.load(ROOT / "saves" / "midgame.json")
    players = record.setup.players
    state = GameSession.from_record(record, [Seat(n) for n in players]).state
    mover = state.current_player()
    seats = [Seat(n) if i == mover else Seat(n, COMPUTER, "random") for i, n in enumerate(players)]
    return GameSession.from_record(record, seats)  # with its history: the log has lines to scroll


def computer_session():
    """Four computers choosing at random: every frame shows their turns at the chosen pace."""
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, Seat

    names = ["A", "B", "C", "D"]
    return GameSession(GameSetup.create(4, 7, names=names), [Seat(n, COMPUTER, "random") for n in names], seed=7)


def to_window(app, point: tuple[float, float]) -> tuple[int, int]:
    """A point of the scenes' (logical) picture in window coordinates."""
    lw, lh = app.screen.get_size()
    ww, wh = app.window.get_size()
    return (round(point[0] * ww / lw), round(point[1] * wh / lh))


def button_path(app) -> list[tuple[int, int]]:
    """Window points going over the decision panel's buttons one after the other, and back."""
    panel = app.scene.decisions.panel
    centres = [b.get_abs_rect().center for b in panel.buttons]
    centres = centres + centres[::-1]
    path = []
    for a, b in zip(centres, centres[1:]):
        for i in range(6):
            path.append((a[0] + (b[0] - a[0]) * i / 6, a[1] + (b[1] - a[1]) * i / 6))
    return [to_window(app, p) for p in path]


def board_path(app) -> list[tuple[int, int]]:
    """Window points along a zigzag over the board."""
    board = app.scene.layout.board.inflate(-40, -40)
    path = []
    for i in range(60):
        t = i / 59
        y = board.y + board.h * (0.2 + 0.6 * ((i // 10) % 2)) + (board.h * 0.06 * (i % 10))
        path.append((board.x + board.w * t, min(board.bottom, y)))
    path = path + path[::-1]
    return [to_window(app, p) for p in path]


def open_game(app, computers: bool) -> None:
    from imperial_desktop.session.settings import DEFAULT_PACE

    app.settings.pace = DEFAULT_PACE
    app.settings.confirm_turns = False
    app.start_game(computer_session() if computers else midgame_session())


# ---------------------------------------------------------------------------- dummy driver

class Presented:
    """Counts the pixels handed to the display: ``flip()`` is the whole window, ``update(rects)``
    the rects (clipped to the window)."""

    def __init__(self, pygame) -> None:
        self.pixels = 0
        display = pygame.display
        flip, update = display.flip, display.update

        def counted_flip():
            self.pixels += display.get_surface().get_width() * display.get_surface().get_height()
            return flip()

        def counted_update(*args):
            window = display.get_surface().get_rect()
            if not args or args[0] is None:
                self.pixels += window.w * window.h
            else:
                rects = args[0] if len(args) == 1 and not hasattr(args[0], "x") and not isinstance(args[0][0], int) else [args[0]]
                for rect in rects:
                    if rect is not None:
                        clipped = pygame.Rect(rect).clip(window)
                        self.pixels += clipped.w * clipped.h
            return update(*args)

        display.flip, display.update = counted_flip, counted_update


def dummy_part(sizes: list[tuple[int, int]]) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from imperial_desktop.ui.app import App, init_display

    print("dummy driver: frame time (CPU, mean / 95th percentile) and presented share of the window per frame")
    print(f"{'window':<10} {'situation':<22} {'frames':>6} {'mean ms':>8} {'p95 ms':>7} {'presented':>10}")
    for size in sizes:
        app = App(init_display(size, headless=True))
        app.updates.compare = True  # measured as a shown window presents (headless hands frames over whole)
        counter = Presented(pygame)

        def run(name: str, frames: int, before=None) -> None:
            times = []
            start_pixels = counter.pixels
            for i in range(frames):
                if before is not None:
                    before(i)
                t = time.thread_time()
                app.frame(1 / 60)
                times.append(1000 * (time.thread_time() - t))
            share = 100 * (counter.pixels - start_pixels) / frames / (size[0] * size[1])
            p95 = sorted(times)[int(0.95 * len(times)) - 1]
            print(f"{size[0]}x{size[1]:<5} {name:<22} {frames:>6} {statistics.mean(times):>8.1f} {p95:>7.1f} "
                  f"{share:>9.1f}%")

        def moving(path):
            def step(i: int) -> None:
                pos = path[i % len(path)]
                pygame.mouse.set_pos(pos)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
            return step

        open_game(app, computers=False)
        for _ in range(30):
            app.frame(1 / 60)
        run("idle", 120)
        run("pointer over buttons", 240, moving(button_path(app)))
        run("pointer over board", 240, moving(board_path(app)))
        log = to_window(app, app.scene.layout.log.center)

        def wheel(i: int) -> None:
            if i == 0:
                moving([log])(0)
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if (i // 15) % 2 else -1, flipped=False))
        run("log scrolled", 120, wheel)
        open_game(app, computers=True)
        for _ in range(60):
            app.frame(1 / 60)
            app.scene.session.wait_for_computer(2.0)

        def computers(i: int) -> None:
            app.scene.session.wait_for_computer(2.0)
        run("computer turn", 300, computers)
        app._stop_autosave()
        pygame.display.quit()
        pygame.display.init()
    pygame.quit()


# ---------------------------------------------------------------------------- real window

def process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Pointer(threading.Thread):
    """Moves the real pointer along a path of window points with xdotool until stopped."""

    def __init__(self, window_id: int, path: list[tuple[int, int]]) -> None:
        super().__init__(daemon=True)
        self.window_id, self.path, self.halt = window_id, path, threading.Event()

    def run(self) -> None:
        i = 0
        while not self.halt.is_set():
            x, y = self.path[i % len(self.path)]
            subprocess.run(["xdotool", "mousemove", "--window", str(self.window_id), str(x), str(y)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            i += 1
            time.sleep(0.016)


def window_part(sizes: list[tuple[int, int]], seconds: float) -> None:
    from xvfb import start_xvfb

    if shutil.which("Xvfb") is None or shutil.which("xdotool") is None:
        sys.exit("redraw_cost.py: the window part needs Xvfb and xdotool")
    server, display = start_xvfb("1920x1200x24")
    os.environ.update(DISPLAY=display, SDL_VIDEODRIVER="x11")
    try:
        import pygame

        from imperial_desktop.ui.app import App, init_display

        for size in sizes:
            app = App(init_display(size, headless=False))
            if size == sizes[0]:  # the window surface SDL uses: as the app (or the environment) asked
                own = os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") in ("0", "false")
                surface = "X11's own" if own else "SDL's default: an OpenGL texture"
                print(f"real window (Xvfb, SDL x11 driver, window surface: {surface}): CPU share of one core "
                      f"over {seconds:.0f} s")
                print(f"{'window':<10} {'situation':<22} {'app':>7} {'X server':>9} {'frames':>7} {'app ms/frame':>13}")
            window_id = pygame.display.get_wm_info()["window"]

            def measure(name: str, path: list[tuple[int, int]] | None) -> None:
                app.running = True
                app.run(seconds=1.5)
                mover = Pointer(window_id, path) if path else None
                if mover is not None:
                    mover.start()
                    time.sleep(0.3)
                before = (time.process_time(), process_cpu(server.pid), time.monotonic())
                app.running = True
                frames = app.run(seconds=seconds)
                wall = time.monotonic() - before[2]
                if mover is not None:
                    mover.halt.set()
                    mover.join()
                app_share = 100 * (time.process_time() - before[0]) / wall
                server_share = 100 * (process_cpu(server.pid) - before[1]) / wall
                per_frame = 10 * app_share * wall / max(1, frames)
                print(f"{size[0]}x{size[1]:<5} {name:<22} {app_share:>6.1f}% {server_share:>8.1f}% {frames:>7} "
                      f"{per_frame:>13.2f}")

            open_game(app, computers=False)
            app.running = True
            app.run(seconds=1.0)
            measure("pointer over buttons", button_path(app))
            measure("pointer over board", board_path(app))
            open_game(app, computers=True)
            measure("computer turn", None)
            app._stop_autosave()
            pygame.display.quit()
            pygame.display.init()
        pygame.quit()
    finally:
        server.terminate()
        server.wait(5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("dummy", "window", "both"), default="both")
    parser.add_argument("--sizes", default=SIZES)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--full", action="store_true", help="every frame presents the whole window")
    args = parser.parse_args()
    try:
        sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.sizes.split(",")]
        assert all(len(s) == 2 and min(s) > 0 for s in sizes)
    except (ValueError, AssertionError):
        sys.exit(f"redraw_cost.py: --sizes takes sizes like {SIZES}, not {args.sizes!r}")
    os.environ.update(SDL_AUDIODRIVER="dummy", IMPERIAL_DESKTOP_LANGUAGE="en",
                      IMPERIAL_DESKTOP_HOME=tempfile.mkdtemp(prefix="imperial-redraw-"))
    if args.part == "both":  # one video driver per process
        for part in ("dummy", "window"):
            subprocess.run([sys.executable, __file__, "--part", part, "--sizes", args.sizes,
                            "--seconds", str(args.seconds)] + (["--full"] if args.full else []), check=False)
        return
    if args.full:
        from imperial_desktop.ui.dirty import ScreenUpdates

        partial = ScreenUpdates.present

        def whole(self, screen, window) -> None:
            self.everything()
            partial(self, screen, window)
        ScreenUpdates.present = whole
    if args.part == "dummy":
        dummy_part(sizes)  # type: ignore[arg-type]
    else:
        window_part(sizes, args.seconds)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
