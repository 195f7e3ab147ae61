"""Command line: `imperial-desktop [play|simulate|replay|render-map]`, `imperial-desktop --version`.

Every bad argument ends the program with exit status 2 and one line on stderr
(``imperial-desktop <command>: error: <what is wrong>``; the parsers are in ``arguments``), never
a traceback. A screenshot that cannot be saved when the window closes ends the same way with
exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from imperial_desktop.arguments import PROG, command_parser, fail, output_file_problem


def _replay(args: argparse.Namespace) -> int:
    from imperial_desktop.core import GameRecord, ImperialError
    from imperial_desktop.core.summary import state_summary

    prog = f"{PROG} replay"
    path = Path(args.record)
    try:
        if path.is_dir():
            fail(prog, f"{path} is a folder, not a game record")
        if path.is_file() and path.stat().st_size > 64 << 20:
            fail(prog, f"{path} is too large to be a game record")
        record = GameRecord.load(path)
        state = record.replay()
        summary = state_summary(state)
    except ImperialError as exc:
        fail(prog, str(exc))
    except OSError as exc:
        fail(prog, f"cannot read {path}: {exc.strerror or exc}")
    except RecursionError:
        fail(prog, f"{path} is not a game record (nested too deeply)")
    except ValueError as exc:  # e.g. an integer of thousands of digits
        fail(prog, f"{path} is not a game record ({exc})")
    except Exception as exc:  # noqa: BLE001 - any other damage: still one line, no traceback
        fail(prog, f"{path} is not a valid game record ({type(exc).__name__}: {exc})")
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(_story_text(record, state, summary))
    return 0


def _story_text(record, state, summary) -> str:
    """The story the Games played screen tells: length, places and scores with the winner marked,
    each seat's level (when the record names it), the nations governed at the end and the share
    of the nation turns governed."""
    from imperial_desktop.session.history import game_story
    from imperial_desktop.session.record_files import seats_from_meta

    story, _state = game_story(record, check_digest=False)
    seats = seats_from_meta(record.meta, record.setup.players)
    lines = [f"{len(summary['players'])} players, {story.rounds} rounds, {summary['nation_turns']} nation turns, "
             f"{story.actions} actions, {'game over' if summary['game_over'] else 'in progress'}"]
    for placing in story.placings:
        seat = seats[placing.seat]
        who = seat.name + (f" (computer, {seat.level})" if seat.computer_level is not None else "")
        governed = ", ".join(state.board.nation_by_id[n].name_en for n in story.governed_at_end[placing.seat])
        share = round(100 * story.turns_governed[placing.seat] / story.nation_turns) if story.nation_turns else 0
        mark = " (winner)" if summary["game_over"] and placing.seat in story.winners else ""
        lines.append(f"  #{placing.rank} {who}: {placing.total}{mark}; governs {governed or 'nothing'}; "
                     f"governed {share}% of the nation turns")
    return "\n".join(lines)


def _render_map(args: argparse.Namespace) -> int:
    prog = f"{PROG} render-map"
    problem = output_file_problem(Path(args.out))
    if problem:
        fail(prog, problem)
    from imperial_desktop.ui.map_render import main as render_main

    try:
        return render_main([args.out, "--width", str(args.width)])
    except (OSError, MemoryError) as exc:
        fail(prog, f"cannot write {args.out}: {getattr(exc, 'strerror', None) or exc}")
    except Exception as exc:  # noqa: BLE001 - pygame.error when the file cannot be saved
        fail(prog, f"cannot render the map to {args.out}: {exc}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for a bad argument, after one line on stderr)."""
    try:
        return _main(argv)
    except SystemExit as exc:  # argparse, --help and fail()
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--version"]:  # answered before the window's modules (pygame) are imported
        from imperial_desktop.version import version_line

        print(version_line())
        return 0
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")) or argv[0] == "play":
        # the game window and its own options (see arguments.play_parser)
        play_argv = argv[1:] if argv and argv[0] == "play" else argv
        if "--smoke-test" in play_argv:  # headless check: any failure becomes a non-zero status
            from imperial_desktop.ui.smoke import run_smoke

            return run_smoke(play_argv)
        from imperial_desktop.ui.app import run

        return run(play_argv)
    args = command_parser().parse_args(argv)
    if args.command == "simulate":
        from imperial_desktop.simulate import main_simulate

        return main_simulate(args)
    if args.command == "replay":
        return _replay(args)
    if args.command == "render-map":
        return _render_map(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
