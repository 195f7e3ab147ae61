"""Screenshots of the charts of a finished game in a real window (the whole app, real events):
the score sheet with its power chart, then the Charts window's three panels with the pointer on
a moment. Run it on an X display (Xvfb) 60 pixels taller than the window (the
game leaves that much room for a task bar); each picture is taken of the game's X window with
ImageMagick's ``import``.

Needs xdotool and ImageMagick. Usage: Xvfb :N -screen 0 1280x780x24 & DISPLAY=:N SDL_VIDEODRIVER=x11 python3 tools/charts_screenshots.py --size 1280x720 [--language de]
Writes docs/screenshots/charts-<panel>-<W>x<H>[-<language>].png (panel: results, power, scores,
governments).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--language", default="en")
    parser.add_argument("--record", default=str(ROOT / "saves" / "finished.json"))
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    os.environ["IMPERIAL_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="charts-shots-")
    os.environ["IMPERIAL_DESKTOP_LANGUAGE"] = args.language
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from imperial_desktop import i18n
    from imperial_desktop.core.record import GameRecord
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
    from imperial_desktop.ui.app import App, init_display
    from imperial_desktop.ui.charts_window import ChartsWindow

    i18n.set_language(args.language)
    app = App(init_display(size, headless=False))
    app.show_title()
    app.frame(1 / 60)
    record = GameRecord.load(args.record)
    seats = [Seat(name, HUMAN) if i == 0 else Seat(name, COMPUTER, "normal") for i, name in enumerate(record.setup.players)]
    app.start_game(GameSession(record.setup, seats, state=record.replay(), actions=list(record.actions)))
    suffix = f"-{args.language}" if args.language != "en" else ""
    wid = str(pygame.display.get_wm_info()["window"])  # the game's X window (the pictures are of it alone)

    def frames(n: int = 3) -> None:
        for _ in range(n):
            app.frame(1 / 60)

    def post(*events: pygame.event.Event) -> None:
        for event in events:
            pygame.event.post(event)
            app.frame(1 / 60)

    def move(pos) -> None:
        """The X pointer moved to ``pos`` of the screens' drawing (xdotool: real input, as a
        person's; a window smaller than the smallest layout shows the drawing scaled down)."""
        (lw, lh), (ww, wh) = app.screen.get_size(), app.window.get_size()
        x, y = pos[0] * ww / lw, pos[1] * wh / lh
        subprocess.run(["xdotool", "mousemove", "--window", wid, str(round(x)), str(round(y))], check=True)
        frames(3)

    def click(pos) -> None:
        move(pos)
        subprocess.run(["xdotool", "click", "1"], check=True)
        frames(4)

    def key(k: int) -> None:
        post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
             pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
        frames(2)

    def shot(panel: str) -> None:
        frames(3)
        path = OUT / f"charts-{panel}-{size[0]}x{size[1]}{suffix}.png"
        subprocess.run(["import", "-window", wid, str(path)], check=True)
        print(path)

    scene = app.scene
    frames(30)
    if scene.overlay != "results":
        key(pygame.K_s)
    move((app.screen.get_width() - 5, 5))
    shot("results")
    key(pygame.K_ESCAPE)
    from imperial_desktop.ui.layers.windows import MenuLayer, SideWindowLayer

    click(scene.commands.buttons["menu"].get_abs_rect().center)
    menu = scene.layers.find(MenuLayer).menu
    click(menu.button("charts").get_abs_rect().center)
    window = scene.layers.find(SideWindowLayer).window
    assert isinstance(window, ChartsWindow)
    for panel, k in (("power", pygame.K_1), ("scores", pygame.K_2), ("governments", pygame.K_3)):
        key(k)
        image = window.image.get_abs_rect()
        sample = len(window.series) * 3 // 5
        move((image.x + round(window.drawn.xs[sample]), image.y + window.drawn.area.centery))
        shot(panel)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
