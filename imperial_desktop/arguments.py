"""The command line's arguments: the parsers, their checks, and the one-line failure.

Every bad argument ends the program with exit status 2 and one line on stderr
(``imperial-desktop <command>: error: <what is wrong>``), never a traceback. Used by the
command line (``cli``), the game window (``ui.app``, ``ui.smoke``) and ``simulate``, so that
none of them imports another's entry point.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import NoReturn, Sequence

PROG = "imperial-desktop"
MAX_WINDOW = 16384  # pixels per side, as in the settings
MIN_WINDOW = (640, 480)
MAX_GAMES = 1_000_000
MAX_MAP_WIDTH = 20_000


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        fail(self.prog, message)


def fail(prog: str, message: str) -> NoReturn:
    """Print ``prog: error: message`` as one line on stderr and exit with status 2."""
    line = " ".join(str(message).split())  # one line, whatever the message held
    sys.stderr.write(f"{prog}: error: {line}\n")
    sys.stderr.flush()
    raise SystemExit(2)


# ---------------------------------------------------------------------------- argument types


def int_in(low: int, high: int | None = None):
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip()) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:30]!r}")
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {span}, got {value}")
        return value

    parse.__name__ = "number"
    return parse


def window_size(text: str) -> tuple[int, int]:
    """An argparse type: ``WxH`` within the sizes a window can have."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) <= 6 for p in parts):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1600x1000, got {text[:30]!r}")
    w, h = (int(p) for p in parts)
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW and MIN_WINDOW[1] <= h <= MAX_WINDOW):
        raise argparse.ArgumentTypeError(
            f"{w}x{h} is not a window size (from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to {MAX_WINDOW}x{MAX_WINDOW})")
    return (w, h)


def _writable_folder_problem(folder: Path) -> str | None:
    """None if files can be created in ``folder`` (made if missing), else why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{folder} is a file, not a folder"
    except OSError as exc:
        return f"cannot create the folder {folder}: {exc.strerror or exc}"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    try:
        fd, name = tempfile.mkstemp(dir=folder, prefix=".write-test-")
        os.close(fd)
        os.unlink(name)
    except OSError as exc:
        return f"cannot write in {folder}: {exc.strerror or exc}"
    return None


def output_file_problem(path: Path) -> str | None:
    """None if ``path`` can be written as a new or replaced file, else why not."""
    if path.is_dir():
        return f"{path} is a folder"
    if path.exists() and not path.is_file():
        return f"{path} is not a regular file"  # a device such as /dev/full, a pipe: not written as a file
    parent = path.parent if str(path.parent) else Path(".")
    if parent.exists() and not parent.is_dir():
        return f"{parent} is a file, not a folder"
    if not parent.is_dir():
        return f"the folder {parent} does not exist"
    return _writable_folder_problem(parent)


def _file_name_problem(name: str) -> str | None:
    """None if ``name`` reaches the file system as given, else why not.

    A name that is not valid text in the system's encoding (bytes such as 0xFF on Linux) arrives
    with stand-in characters, which pygame would write as another name (a literal "\\udcff.png")."""
    raw = os.fsencode(name)
    try:
        raw.decode(sys.getfilesystemencoding())
    except UnicodeDecodeError:
        shown = raw.decode(sys.getfilesystemencoding(), "replace")
        return f"the name {shown!r} is not valid text in this system's encoding: choose another name"
    return None


# ---------------------------------------------------------------------------- the game window


def play_parser() -> argparse.ArgumentParser:
    from imperial_desktop.version import version_line

    parser = OneLineParser(prog=PROG, description="Start the game window.")
    parser.add_argument("--version", action="version", version=version_line())
    parser.add_argument("--smoke-test", action="store_true", help="headless: computers play a few turns, then exit")
    parser.add_argument("--screenshot", help="save a screenshot to this PNG file before exiting")
    parser.add_argument("--frames", type=int_in(1, 1_000_000), default=120, help="frames to render in the smoke test")
    parser.add_argument("--seed", type=int_in(0, 2**63 - 1))
    parser.add_argument("--size", type=window_size, help="window size WxH (default from the settings, 1600x1000)")
    return parser


def parse_play_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The game window's options; a bad one exits with status 2 and one line on stderr.

    ``size`` is None or a (width, height) tuple; ``frames`` at least 1; ``seed`` None or >= 0.
    """
    parser = play_parser()
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.screenshot:
        problem = _file_name_problem(args.screenshot) or output_file_problem(Path(args.screenshot))
        if problem:
            parser.error(f"argument --screenshot: {problem}")
    return args


# ---------------------------------------------------------------------------- the commands


def command_parser() -> argparse.ArgumentParser:
    from imperial_desktop.version import version_line

    parser = OneLineParser(prog=PROG, description="Imperial for the desktop.")
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)

    sim = sub.add_parser("simulate", help="play complete games between computer players, headless")
    sim.add_argument("--players", type=int_in(2, 6), default=4, help="2 to 6")
    sim.add_argument("--games", type=int_in(1, MAX_GAMES), default=10)
    sim.add_argument("--seed", type=int_in(0, 2**63 - 1), default=1)
    sim.add_argument("--bots", default="random", help="comma-separated bot names, one per seat (or one for all)")
    sim.add_argument("--setup", choices=["standard", "auction"], default="standard")
    sim.add_argument("--no-investor-card", action="store_true", help="the variant without investor card")
    sim.add_argument("--investor-shortfall", choices=["forbid", "pay_what_you_can"], default="forbid")
    sim.add_argument("--forced-stop-cost", choices=["distance", "free"], default="distance")
    sim.add_argument("--json", action="store_true", help="print JSON instead of text")
    sim.add_argument("--record-dir", help="write a game record of every game into this folder")

    rep = sub.add_parser("replay", help="replay a game record and summarise the final state")
    rep.add_argument("record")
    rep.add_argument("--json", action="store_true", help="print the JSON summary")

    ren = sub.add_parser("render-map", help="render the board map to a PNG file")
    ren.add_argument("out")
    ren.add_argument("--width", type=int_in(100, MAX_MAP_WIDTH), default=2400)

    sub.add_parser("play", help="start the game window (the default; options: --smoke-test, --screenshot PATH, "
                                "--size WxH, --frames N, --seed N)", add_help=False)
    return parser


def check_simulate_args(args: argparse.Namespace) -> list[str]:
    """Validate what argparse cannot: the bot names and count, the record folder.

    Returns the bot list (one per seat or one for all); exits 2 with one line on a problem.
    """
    from imperial_desktop.ai import bot_names

    prog = f"{PROG} simulate"
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    known = bot_names()
    if not bots:
        fail(prog, f"argument --bots: name at least one bot ({', '.join(known)})")
    unknown = [b for b in bots if b not in known]
    if unknown:
        fail(prog, f"argument --bots: unknown bot {unknown[0][:40]!r} (choose from {', '.join(known)})")
    if len(bots) not in (1, args.players):
        fail(prog, f"argument --bots: {args.players} players need {args.players} bots or one for all, got {len(bots)}")
    if args.record_dir:
        problem = _writable_folder_problem(Path(args.record_dir))
        if problem:
            fail(prog, f"argument --record-dir: {problem}")
    return bots
