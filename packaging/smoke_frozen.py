"""The frozen game's smoke test on any system (the release workflow runs it on each runner).

    python packaging/smoke_frozen.py [--language de] [--frames 200]

Finds the built executable (dist/imperial-desktop/imperial-desktop[.exe], on macOS the one inside
dist/Imperial Desktop.app), runs `--smoke-test --screenshot` from another working directory with
the language forced, and checks the exit status, the language the game reports and the picture.
The Windows executable has no console, so its output may not reach a pipe; the exit status
still covers the language (the smoke test exits 1 when it could not use the one asked for).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("imperial_app_metadata", ROOT / "packaging" / "app_metadata.py")
META = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(META)


def frozen_executable(dist: Path, platform: str = sys.platform) -> Path:
    """Where PyInstaller put the game's executable for ``platform``."""
    if platform == "win32":
        return dist / META.APP_NAME / f"{META.APP_NAME}.exe"
    if platform == "darwin":
        return dist / f"{META.DISPLAY_NAME}.app" / "Contents" / "MacOS" / META.APP_NAME
    return dist / META.APP_NAME / META.APP_NAME


def check_picture(path: Path) -> str | None:
    """None when the screenshot shows the drawn board (1600x1000, many colours), else what is wrong."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    if not path.is_file():
        return f"no screenshot at {path}"
    image = pygame.image.load(str(path))
    width, height = image.get_size()
    colours = {tuple(image.get_at((20 + x * (width * 6 // 10) // 40, 60 + y * (height * 6 // 10) // 40)))[:3]
               for x in range(40) for y in range(40)}
    print(f"{path.name}: {width}x{height}, {path.stat().st_size // 1024} KB, {len(colours)} colours sampled on the board")
    if path.stat().st_size < 100_000 or (width, height) != (1600, 1000) or len(colours) < 20:
        return "the screenshot does not show the board"
    return None


def smoke(executable: Path, language: str, frames: int) -> int:
    with tempfile.TemporaryDirectory(prefix="imperial-smoke-") as work:
        shot = Path(work) / f"smoke-{language}.png"
        env = dict(os.environ, IMPERIAL_DESKTOP_LANGUAGE=language, IMPERIAL_DESKTOP_HOME=str(Path(work) / "home"),
                   SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        env.pop("PYTHONPATH", None)
        start = time.monotonic()
        done = subprocess.run([str(executable), "--smoke-test", "--screenshot", str(shot), "--frames", str(frames)],
                              cwd=work, env=env, capture_output=True, text=True, timeout=600)
        print(done.stdout + done.stderr, end="")
        print(f"frozen smoke test ({language}): exit {done.returncode} in {time.monotonic() - start:.1f} s")
        if done.returncode != 0:
            return 1
        if done.stdout.strip() and f"language: {language}" not in done.stdout.splitlines():
            print(f"the game did not report language {language}", file=sys.stderr)
            return 1
        problem = check_picture(shot)
        if problem:
            print(problem, file=sys.stderr)
            return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="smoke_frozen.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--language", default="en")
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args(argv)
    executable = frozen_executable(args.dist)
    if not executable.is_file():
        print(f"smoke_frozen.py: no executable at {executable} (pyinstaller build.spec)", file=sys.stderr)
        return 2
    return smoke(executable, args.language, args.frames)


if __name__ == "__main__":
    sys.exit(main())
