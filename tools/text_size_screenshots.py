"""Screenshots at a larger text size: the title, new game and settings screens and the game screen
in the middle of a game, as the window shows them (the interface drawn smaller and scaled up), into
docs/screenshots/text-<percent>-<screen>-<W>x<H>.png.

Usage: python3 tools/text_size_screenshots.py [--sizes 1920x1080,2560x1440] [--text-size 150]
(headless; uses a temporary folder for saves and settings).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent


def _midgame_session():
    """The recorded game of saves/midgame.json, every seat a person at this screen."""
    from imperial_desktop.core import GameRecord
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    record = GameRecord.load(ROOT / "saves" / "midgame.json")
    return GameSession.from_record(record, [Seat(n) for n in record.setup.players])


def shoot(size: tuple[int, int], text_size: int, out: Path) -> list[Path]:
    """The screens at one window size and text size; the paths written."""
    import pygame

    from imperial_desktop.ui.app import App, init_display
    from imperial_desktop.ui.new_game_screen import NewGameScene
    from imperial_desktop.ui.settings_screen import SettingsScene

    app = App(init_display(size, headless=True))
    app.settings.text_size = text_size
    app.settings.hide_cash_in_hot_seat = False  # no hand-over screen over the game
    app.apply_text_size()
    written = []
    shows = [("title", app.show_title), ("new-game", lambda: app.switch(NewGameScene(app))),
             ("settings", lambda: app.switch(SettingsScene(app))), ("game", lambda: app.start_game(_midgame_session()))]
    for name, show in shows:
        show()
        pygame.mouse.set_pos((2, size[1] - 2))  # no tool tip over the picture
        for _ in range(6):
            app.frame(1 / 60)
        path = out / f"text-{text_size}-{name}-{size[0]}x{size[1]}.png"
        pygame.image.save(app.window, str(path))  # what the player sees: the window, not the drawing surface
        written.append(path)
    app._stop_autosave()
    pygame.quit()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1920x1080,2560x1440")
    parser.add_argument("--text-size", type=int, default=150, choices=(100, 125, 150))
    args = parser.parse_args()
    os.environ["IMPERIAL_DESKTOP_HOME"] = tempfile.mkdtemp()
    os.environ.setdefault("IMPERIAL_DESKTOP_LANGUAGE", "en")
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for size in args.sizes.split(","):
        w, h = (int(v) for v in size.lower().split("x"))
        for path in shoot((w, h), args.text_size, out):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
