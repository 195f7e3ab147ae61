"""Idle CPU of every screen in a real X window: the app's process and the X server, per screen.

Usage: python3 tools/idle_cpu.py [--size 1600x1000] [--seconds 10]

Starts its own Xvfb server (so the figures include what a real window costs: the X server's
share of every drawn frame), opens the app in a window of that size, and for each screen
(title, new game, settings, load, rules, the game screen waiting for a decision, the hot-seat
hand-over screen) lets it rest for ``--seconds`` with the pointer still over it, after one
pointer move. Prints the CPU time of the app's process (all its threads) and of the X server
as a share of one core. Goal: at most 3% of a core each.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xvfb import start_xvfb  # noqa: E402  (tools/xvfb.py, beside this file)

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1600x1000")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))
    if shutil.which("Xvfb") is None:
        sys.exit("idle_cpu.py: needs Xvfb (Debian: apt-get install xvfb)")
    server, display = start_xvfb()
    os.environ.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                      IMPERIAL_DESKTOP_HOME=tempfile.mkdtemp(prefix="imperial-idle-"), IMPERIAL_DESKTOP_LANGUAGE="en")
    try:
        measure(size, args.seconds, server.pid)
    finally:
        server.terminate()
        server.wait(5)


def measure(size: tuple[int, int], seconds: float, server_pid: int) -> None:
    import pygame

    from imperial_desktop.core import GameRecord
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.saves import save_game
    from imperial_desktop.session.seats import COMPUTER, Seat
    from imperial_desktop.ui.app import App, init_display
    from imperial_desktop.ui.load_screen import LoadScene
    from imperial_desktop.ui.new_game_screen import NewGameScene
    from imperial_desktop.ui.reference_screen import RulesScene
    from imperial_desktop.ui.settings_screen import SettingsScene

    record = GameRecord.load(ROOT / "saves" / "midgame.json")
    players = record.setup.players

    def game(hot_seat: bool):
        """The mid-game position, a person to decide (with a computer in the other seats, or
        every seat a person with hidden cash: the hand-over screen)."""
        def open_it(app) -> None:
            state = GameSession.from_record(record, [Seat(n) for n in players]).state
            mover = state.current_player()
            seats = [Seat(n) if hot_seat or i == mover else Seat(n, COMPUTER, "normal") for i, n in enumerate(players)]
            app.settings.hide_cash_in_hot_seat = hot_seat
            app.start_game(GameSession(record.setup, seats, state=state))
        return open_it

    save_game(GameSession.from_record(record, [Seat(n) for n in players]), "Mid-game")
    app = App(init_display(size, headless=False))
    screens = [
        ("title", lambda app: app.show_title()),
        ("new game", lambda app: app.switch(NewGameScene(app))),
        ("settings", lambda app: app.switch(SettingsScene(app))),
        ("load", lambda app: app.switch(LoadScene(app))),
        ("rules", lambda app: app.switch(RulesScene(app))),
        ("game, a decision", game(hot_seat=False)),
        ("game, hand-over", game(hot_seat=True)),
    ]
    print(f"window {size[0]}x{size[1]} (Xvfb, SDL x11 driver), {seconds:.0f} s per screen at rest")
    print(f"{'screen':<20} {'app':>8} {'X server':>9}")
    worst = 0.0
    for name, open_screen in screens:
        open_screen(app)
        w, h = app.window.get_size()
        pygame.mouse.set_pos((w * 3 // 4, h // 2))  # the pointer over the screen, then still
        app.running = True
        app.run(seconds=3.0)  # the screen settles (and the loop goes to rest)
        app_before, server_before, wall_before = time.process_time(), process_cpu(server_pid), time.monotonic()
        app.running = True
        app.run(seconds=seconds)
        wall = time.monotonic() - wall_before
        app_share = 100 * (time.process_time() - app_before) / wall
        server_share = 100 * (process_cpu(server_pid) - server_before) / wall
        worst = max(worst, app_share, server_share)
        print(f"{name:<20} {app_share:>7.1f}% {server_share:>8.1f}%")
    print(f"highest: {worst:.1f}% of a core (goal: at most 3%)")
    app._stop_autosave()
    pygame.quit()


if __name__ == "__main__":
    main()
