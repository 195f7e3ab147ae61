"""Screenshots of the guided first game ("Learn to play"), one per chosen coach step.

Usage: python3 tools/tutorial_screenshots.py [--size 1280x800] [--language de] [--steps convoy,hostile] [--all]
Plays the lessons as the coach asks with posted events (the same player as tests/test_tutorial_ui.py)
and writes docs/screenshots/tutorial-<step>-<size>[-<language>].png.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DEFAULT_STEPS = ("welcome", "rondel_factory", "factory", "invest", "convoy", "hostile", "interest", "swiss", "score")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--language", default="en", choices=("en", "de", "fr"))
    parser.add_argument("--steps", default=",".join(DEFAULT_STEPS), help="coach step keys (see tutorial/script.py)")
    parser.add_argument("--all", action="store_true", help="every step")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    os.environ["IMPERIAL_DESKTOP_HOME"] = tempfile.mkdtemp(prefix="imperial-tutorial-shots-")
    os.environ["IMPERIAL_DESKTOP_LANGUAGE"] = args.language

    import pygame
    from test_tutorial_ui import AppDriver, follow_coach

    from imperial_desktop.ui.app import App, init_display

    app = App(init_display((width, height), headless=True))
    app.settings.pace = "instant"
    app.show_title()
    app.frame(1 / 60)
    driver = AppDriver(app)
    driver.click_element(app.scene.buttons["learn"])
    app.scene.presenter.animator.seconds_per_step = 0.0
    wanted = None if args.all else set(args.steps.split(","))
    suffix = "" if args.language == "en" else f"-{args.language}"
    out = Path(args.out)
    written = []

    def shoot(step) -> None:
        if wanted is None or step.key in wanted:
            driver.move((width - 10, height - 10))  # the pointer off the board: no hover outline or tooltip
            driver.frame(3)
            path = out / f"tutorial-{step.key}-{width}x{height}{suffix}.png"
            pygame.image.save(app.window, str(path))
            written.append(path.name)

    follow_coach(driver, on_step=shoot)
    pygame.quit()
    print("\n".join(written) or "no step matched")
    return 0 if written else 1


if __name__ == "__main__":
    raise SystemExit(main())
