"""Command line: `imperial-desktop [play|simulate|replay|render-map|bench]`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="imperial-desktop", description="Imperial for the desktop.")
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("simulate", help="play complete games between computer players, headless")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
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
    ren.add_argument("--width", type=int, default=2400)

    sub.add_parser("play", help="start the game window (the default; options: --smoke-test, --screenshot PATH, --size WxH)")
    return parser


def _replay(args: argparse.Namespace) -> int:
    from imperial_desktop.core import GameRecord, RecordError
    from imperial_desktop.core.summary import state_summary

    try:
        state = GameRecord.load(args.record).replay()
    except RecordError as exc:
        print(f"imperial-desktop replay: {exc}", file=sys.stderr)
        return 2
    summary = state_summary(state)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"{len(summary['players'])} players, {summary['nation_turns']} nation turns, "
              f"{'game over' if summary['game_over'] else 'in progress'}")
        for s in summary["scores"]:
            print(f"  #{s['rank']} {summary['players'][s['seat']]['name']}: {s['total']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")) or argv[0] == "play":
        # the game window; its own options (--smoke-test, --screenshot PATH, --size WxH, --seed N)
        play_argv = argv[1:] if argv and argv[0] == "play" else argv
        if "--smoke-test" in play_argv:  # headless check: any failure becomes exit status 1
            from imperial_desktop.ui.smoke import run_smoke

            return run_smoke(play_argv)
        from imperial_desktop.ui.app import run

        return run(play_argv)
    args = _parser().parse_args(argv)
    if args.command == "simulate":
        from imperial_desktop.simulate import main_simulate

        return main_simulate(args)
    if args.command == "replay":
        return _replay(args)
    if args.command == "render-map":
        from imperial_desktop.ui.map_render import main as render_main

        return render_main([args.out, "--width", str(args.width)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
