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

    sub.add_parser("play", help="start the game window (default)")
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
    args = _parser().parse_args(argv)
    if args.command == "simulate":
        from imperial_desktop.simulate import main_simulate

        return main_simulate(args)
    if args.command == "replay":
        return _replay(args)
    if args.command == "render-map":
        from imperial_desktop.ui.map_render import main as render_main

        return render_main([args.out, "--width", str(args.width)])
    # The game window is not built yet: until it is, starting the program runs a short
    # headless demonstration game between random computer players.
    from imperial_desktop.simulate import main_simulate

    demo = argparse.Namespace(players=4, games=1, seed=1, bots="random", setup="standard", no_investor_card=False,
                              investor_shortfall="forbid", forced_stop_cost="distance", json=False, record_dir=None)
    print("The game window is not available yet; playing a headless demonstration game instead.")
    return main_simulate(demo)


if __name__ == "__main__":
    raise SystemExit(main())
