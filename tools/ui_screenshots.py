"""Screenshots of the game screen in every situation, at 1280x720 and 1600x1000, into
docs/screenshots/ (headless, through the game's own scene and real events).

Usage: python3 tools/ui_screenshots.py [--sizes 1280x720,1600x1000] [--only NAME] [--language de|fr]
Writes game-<situation>-<W>x<H>.png (game-<situation>-<W>x<H>-<language>.png in German or French,
at 1280x800 unless --sizes says otherwise): every kind of decision (from tests/game_scenes.py), a
computer turn being shown, the summary since the last decision, the legend, the scores, the game
menu, a safeguard question, the hot-seat handover and the error screen. The menu screens are
made by tools/menu_screenshots.py.
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
sys.path.insert(0, str(ROOT / "tests"))

import pygame  # noqa: E402
from game_scenes import open_scene, scene_states  # noqa: E402
from ui_driver import Driver, question  # noqa: E402

from imperial_desktop.core import GameSetup  # noqa: E402
from imperial_desktop.session.controller import GameSession  # noqa: E402
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def computer_game(seed: int = 11, humans: int = 1) -> GameSession:
    from imperial_desktop.i18n import _

    # the names the game gives new seats, in the language shown ("Ordinateur 1" ... in French)
    names = ["Anna"] + [_("Computer {number}").format(number=i) for i in (1, 2, 3)]
    seats = [Seat(n, HUMAN) if i < humans else Seat(n, COMPUTER, "normal") for i, n in enumerate(names)]
    return GameSession(GameSetup.create(4, seed, names=names), seats, seed=seed)


def computer_turn(size: tuple[int, int], path: Path) -> None:
    """A computer nation's turn in the middle of being shown (pace: normal)."""
    from imperial_desktop.ui.game_scene import GameScene

    session = computer_game(humans=0)
    driver = Driver(lambda manager, sz: GameScene(session, sz, manager, seconds_per_move=0.5), size=size)
    shown = 0
    for _ in range(5000):
        driver.frame(1, 1 / 60)
        session.wait_for_computer(5)
        current = driver.scene.presenter.animator.current()
        if current is not None and len(driver.scene.presenter.turn_steps) >= 4 and current.step.kind in ("move", "unit_placed", "rondel"):
            shown += 1
            if shown > 12:
                break
    pointer_away(driver, size)
    driver.shot(path)


def summary(size: tuple[int, int], path: Path) -> None:
    """The summary that opens when the human seat comes back after the computers' turns."""
    from imperial_desktop.ui.game_scene import GameScene

    session = computer_game(seed=4)
    driver = Driver(lambda manager, sz: GameScene(session, sz, manager, seconds_per_move=0.0), size=size)
    for _ in range(3):  # the human's first turns: the first choice each time
        for _ in range(3000):
            driver.frame(1, 1 / 60)
            session.wait_for_computer(5)
            if session.waits_for_local_input() and not driver.scene.presenter.animator.busy:
                break
        if _ < 2:
            while session.waits_for_local_input():
                panel = driver.scene.decisions.panel
                button = panel.button_for(lambda c: c.pinned and c.action is not None) or next(
                    b for b, c in panel.buttons.items() if c.action is not None)
                driver.scene.close_overlay()
                driver.click_element(button)
                if question(driver.scene) is not None:
                    driver.key(pygame.K_RETURN)
    driver.frame(2)
    driver.shot(path)


def handover(size: tuple[int, int], path: Path) -> None:
    """Hot seat with hidden cash: the opaque screen between two players."""
    from imperial_desktop.ui.game_scene import GameScene

    names = ["Anna", "Ben"]
    session = GameSession(GameSetup.create(2, 7, names=names), [Seat(n, HUMAN) for n in names], seed=7)
    driver = Driver(lambda manager, sz: GameScene(session, sz, manager, seconds_per_move=0.0), size=size)
    driver.scene.hide_cash = True
    driver.frame(2)
    driver.key(pygame.K_RETURN)  # the first player sits down (the game opens on the hand-over screen)
    first = session.state.current_player()
    while session.state.current_player() == first:
        panel = driver.scene.decisions.panel
        button = panel.button_for(lambda c: c.pinned and c.action is not None) or next(
            b for b, c in panel.buttons.items() if c.action is not None)
        driver.click_element(button)
        if question(driver.scene) is not None:
            driver.key(pygame.K_RETURN)
    driver.frame(2)
    driver.shot(path)


def hint(kind: str, size: tuple[int, int], path: Path) -> None:
    """The Hint for a decision of ``kind`` (the Expert's advice, outlined on the board)."""
    from game_scenes import _played_states

    driver = open_scene(_played_states()[kind], size)
    driver.click_element(driver.scene.commands.buttons["hint"])
    for _ in range(2000):
        driver.frame(1)
        if driver.scene.hints.advice is not None:
            break
        job = driver.scene.hints.job
        if job is not None:
            job[1].result(timeout=60)
    pointer_away(driver, size)
    driver.shot(path)


def pointer_away(driver: Driver, size: tuple[int, int]) -> None:
    """The pointer to a corner: no tooltip over the picture (the mouse stays where the picture
    before left it, such as on the Legend button)."""
    pygame.mouse.set_pos((5, size[1] - 5))
    driver.post(pygame.MOUSEMOTION, pos=(5, size[1] - 5), rel=(0, 0), buttons=(0, 0, 0))
    driver.frame(3)


def results(size: tuple[int, int], path: Path) -> None:
    """The final scores over the finished game (S), with the chart of power points."""
    from game_scenes import _played_states

    driver = open_scene(_played_states()["finished"], size)
    if driver.scene.overlay != "results":
        driver.key(pygame.K_s)
    driver.frame(2)
    driver.shot(path)


def error_screen(size: tuple[int, int], path: Path) -> None:
    os.environ["IMPERIAL_DESKTOP_HOME"] = tempfile.mkdtemp()
    from imperial_desktop.ui.app import App, default_session

    pygame.init()  # also when it is the only picture asked for (--only error)
    app = App(pygame.display.set_mode(size))
    app.start_game(default_session(3))
    app.frame(1 / 60)
    app.fail(RuntimeError("an example of an unexpected error"))
    for _ in range(3):
        app.frame(1 / 60)
    pygame.image.save(app.screen, str(path))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1280x720,1600x1000")
    parser.add_argument("--only")
    parser.add_argument("--language", default="en", choices=("en", "de", "fr"))
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    if args.language != "en" and args.sizes == parser.get_default("sizes"):
        args.sizes = "1280x800"
    suffix = "" if args.language == "en" else f"-{args.language}"
    os.environ["IMPERIAL_DESKTOP_LANGUAGE"] = args.language  # also for the App of the error screen
    from imperial_desktop import i18n

    i18n.set_language(args.language)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    for size in sizes:
        tag = f"{size[0]}x{size[1]}"
        jobs = [(name, lambda p, st=state, sp=steps: open_scene(st, size, sp).shot(p)) for name, state, steps in scene_states()]
        jobs += [("computer-turn", lambda p: computer_turn(size, p)), ("summary", lambda p: summary(size, p)),
                 ("handover", lambda p: handover(size, p)), ("error", lambda p: error_screen(size, p)),
                 ("results", lambda p: results(size, p)),
                 ("hint-rondel", lambda p: hint("rondel", size, p)), ("hint-invest", lambda p: hint("invest", size, p)),
                 ("hint-maneuver", lambda p: hint("maneuver-armies", size, p))]
        for name, job in jobs:
            if args.only and args.only != name:
                continue
            path = OUT / f"game-{name}-{tag}{suffix}.png"
            job(path)
            print(path)


if __name__ == "__main__":
    main()
