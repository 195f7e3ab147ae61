"""The smoke test wrapper (`imperial-desktop --smoke-test ...`) and the window icon.

``run_smoke`` runs the game window headless through ``app.run`` and turns every failure into a
non-zero exit status with the error printed: an exception in the main loop, an exception in a
computer player's thread, a missing bundled file (the window icon is loaded
first, so a frozen build without its assets fails here), or a missing, empty or one-colour
screenshot. A bad option exits with status 2 and one line on stderr (see arguments.parse_play_args).
The same code runs from source and from the PyInstaller build, which is how CI
checks the frozen application (.ci/build_and_smoke.sh).
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from pathlib import Path

ICON_FILE = "icon.png"


def icon_path() -> str:
    """The 256x256 window icon (assets/images/icon.png; drawn by tools/make_icon.py)."""
    from imperial_desktop.resources import assets_root

    return str(assets_root() / "images" / ICON_FILE)


def set_window_icon(strict: bool = False) -> bool:
    """Set the window icon; call before (or right after) pygame.display.set_mode.

    Never raises unless ``strict``: a missing icon must not stop the game."""
    try:
        import pygame

        pygame.display.set_icon(pygame.image.load(icon_path()))
        return True
    except Exception:
        if strict:
            raise
        return False


def check_screenshot(path: str) -> str | None:
    """None if ``path`` is a readable PNG showing more than a blank window, else the problem."""
    file = Path(path)
    if not file.is_file() or file.stat().st_size == 0:
        return f"no screenshot written at {path}"
    import pygame

    image = pygame.image.load(str(file))
    w, h = image.get_size()
    if w < 100 or h < 100:
        return f"screenshot {path} is only {w}x{h}"
    # sample a grid over the left two thirds (the board): a drawn map has many colours
    colours = {tuple(image.get_at((x * w * 2 // 3 // 24, 40 + y * (h - 80) // 24)))[:3]
               for x in range(24) for y in range(24)}
    if len(colours) < 8:
        return f"screenshot {path} looks blank ({len(colours)} colours on the board)"
    return None


def run_smoke(argv: list[str]) -> int:
    """``app.run(argv)`` (argv holds --smoke-test) with every failure reported as exit status 1."""
    from imperial_desktop.arguments import parse_play_args

    try:
        screenshot = parse_play_args(argv).screenshot  # a bad option: one line on stderr, status 2
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    thread_errors: list[str] = []
    previous_hook = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        thread_errors.append(f"{args.thread.name if args.thread else 'thread'}: {args.exc_type.__name__}: {args.exc_value}")
        previous_hook(args)

    threading.excepthook = hook
    try:
        set_window_icon(strict=True)
        from imperial_desktop.ui.app import run

        status = run(argv)
    except SystemExit as exc:  # argparse and friends
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if exc.code is not None and not isinstance(exc.code, int):
            print(exc.code, file=sys.stderr)
        return status
    except BaseException as exc:  # noqa: BLE001 - the point is to catch everything
        traceback.print_exc()
        print(f"imperial-desktop smoke test FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        threading.excepthook = previous_hook
    if status:
        print(f"imperial-desktop smoke test FAILED: exit status {status}", file=sys.stderr)
        return status if isinstance(status, int) else 1
    if thread_errors:
        print("imperial-desktop smoke test FAILED: " + "; ".join(thread_errors), file=sys.stderr)
        return 1
    if screenshot:
        try:
            problem = check_screenshot(screenshot)
        except Exception as exc:  # noqa: BLE001
            problem = f"cannot read screenshot {screenshot}: {exc}"
        if problem:
            print(f"imperial-desktop smoke test FAILED: {problem}", file=sys.stderr)
            return 1
    from imperial_desktop import i18n

    asked = os.environ.get(i18n.LANGUAGE_ENV, "").strip()
    print(f"language: {i18n.language()}")  # the frozen build's German run greps this
    if asked and i18n.normalize_language(asked) != i18n.language():
        print(f"imperial-desktop smoke test FAILED: language {asked} was asked, {i18n.language()} came "
              "(its catalogs are missing?)", file=sys.stderr)
        return 1
    print("imperial-desktop smoke test passed")
    return 0
