"""Screenshots of the screens around the board (title, new game, load, settings, rules) and of
the save-name dialog, at 1280x720 and 1600x1000, into docs/screenshots/screen-<name>-<W>x<H>.png.

Usage: python3 tools/menu_screenshots.py [--language de|fr] [--sizes 1280x800]
(headless; uses a temporary saves folder). In another language than English the files are named
screen-<name>-<W>x<H>-<language>.png and the default size is 1280x800.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
SIZES = [(1280, 720), (1600, 1000)]


def _saves() -> None:
    """A few saves to list: two games, one with a markup name, one unreadable file."""
    from imperial_desktop.core import GameRecord
    from imperial_desktop.session import autosave as autosaves, saves
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    for save, name in (("midgame", "Sunday game (middle)"), ("finished", "Sunday game (finished)")):
        record = GameRecord.load(ROOT / "saves" / f"{save}.json")
        session = GameSession.from_record(record, [Seat(n) for n in record.setup.players])
        saves.save_game(session, name)
        if save == "midgame":
            saves.save_game(session, "<font pixel_size=99999> Партия")
            autosaves.autosave(session)
    (saves.saves_dir() / "damaged.json").write_text("{not json")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--language", default="en", choices=("en", "de", "fr"))
    parser.add_argument("--sizes", help="e.g. 1280x800,1600x1000 (default: 1280x720,1600x1000; 1280x800 in de/fr)")
    args = parser.parse_args()
    sizes = ([tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")] if args.sizes
             else SIZES if args.language == "en" else [(1280, 800)])
    suffix = "" if args.language == "en" else f"-{args.language}"
    os.environ["IMPERIAL_DESKTOP_LANGUAGE"] = args.language  # the app reads it before its first screen
    os.environ["IMPERIAL_DESKTOP_HOME"] = tempfile.mkdtemp()
    _saves()
    import pygame

    from imperial_desktop.session import saves
    from imperial_desktop.ui.app import App, init_display
    from imperial_desktop.ui.load_screen import LoadScene
    from imperial_desktop.ui.new_game_screen import NewGameScene
    from imperial_desktop.ui.reference_screen import RulesScene
    from imperial_desktop.ui.settings_screen import SettingsScene
    from imperial_desktop.ui.save_dialog import SaveDialog

    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    screen = init_display(sizes[0], headless=True)
    app = App(screen)
    for size in sizes:
        app.screen = pygame.display.set_mode(size)
        app.manager.set_window_resolution(size)
        app.show_title()
        for name, factory in (("title", None), ("new-game", NewGameScene), ("load", LoadScene),
                              ("settings", SettingsScene), ("rules", RulesScene), ("save-dialog", None)):
            if factory is not None:
                app.switch(factory(app))
            dialog = None
            if name == "save-dialog":
                app.show_title()
                session = saves.load_game(saves.autosave_path())
                dialog = SaveDialog(app.manager, size, session)
            for _ in range(4):
                app.frame(1 / 60)
                future = getattr(app.scene, "future", None)
                if future is not None:
                    future.result(10)
            if name == "load":  # show the details of the first save
                rect = app.scene.list.get_abs_rect()
                pos = (rect.x + 60, rect.y + 30)  # a click on the second row
                for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    pygame.mouse.set_pos(pos)
                    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
                    app.frame(1 / 60)
                for _ in range(3):
                    app.frame(1 / 60)
            path = out / f"screen-{name}-{size[0]}x{size[1]}{suffix}.png"
            pygame.image.save(app.screen, str(path))
            print(path)
            if name in ("new-game", "load"):  # the question before a game in progress or a save is lost
                scene = app.scene
                scene.start() if name == "new-game" else scene.on_button(scene.delete_button)
                for _ in range(3):
                    app.frame(1 / 60)
                path = out / f"screen-{name}-question-{size[0]}x{size[1]}{suffix}.png"
                pygame.image.save(app.screen, str(path))
                print(path)
                for window in scene.windows:
                    window.kill()
                for _ in range(2):
                    app.frame(1 / 60)
            if name == "new-game":  # an option's tool tip, as a player pointing at it sees it
                _tooltip_shot(app, app.scene.widgets["shortfall"].get_abs_rect().center,
                              out / f"screen-new-game-tooltip-{size[0]}x{size[1]}{suffix}.png")
            if name == "settings":  # the Expert's thinking time, explained where it is chosen
                menu = app.scene.menus["think_expert"].get_abs_rect()
                _tooltip_shot(app, (menu.x - 60, menu.centery),  # on the option's label, left of its menu
                              out / f"screen-settings-tooltip-{size[0]}x{size[1]}{suffix}.png")
            if dialog is not None:  # and the question when the name is taken
                saves.save_game(session, "Evening game")
                dialog.entry.set_text("Evening game")
                dialog.submit()
                for _ in range(3):
                    app.frame(1 / 60)
                path = out / f"screen-save-replace-{size[0]}x{size[1]}{suffix}.png"
                pygame.image.save(app.screen, str(path))
                print(path)
                dialog.close()
    pygame.quit()


def _tooltip_shot(app: Any, pos: tuple[int, int], path: Path) -> None:
    """Point the mouse at ``pos`` until its tool tip shows, and save the screen."""
    import pygame

    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(15):
        app.frame(0.1)
    assert any(type(s).__name__ == "UITooltip" for s in app.manager.get_sprite_group().sprites()), "no tool tip"
    pygame.image.save(app.screen, str(path))
    print(path)


if __name__ == "__main__":
    sys.exit(main())
