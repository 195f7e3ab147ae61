"""Play today's bots against the bots of an older commit (the rules core is today's).

    python tools/vs_before.py --ref edd6520 --players 4 --bots before-expert,exploiter,exploiter,exploiter --games 100 --seed 1030000 --jobs 2

The ``imperial_desktop/ai`` package of ``--ref`` is taken from git into a temporary folder as the
package ``bots_before`` (its imports of ``imperial_desktop.ai`` point there), and each of its
levels is registered here as ``before-<name>``, so a tournament can seat ``before-expert`` next
to today's ``expert``. Seats rotate and seeds follow ``tools/tournament.py`` exactly; the output
is its summary (win rates with 95% Wilson intervals, scores, think times). The old bots must
speak today's core API (true while the core's public API is unchanged since ``--ref``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from imperial_desktop.ai.base import register  # noqa: E402
from imperial_desktop.simulate import summarize  # noqa: E402
from tournament import _one  # noqa: E402

PACKAGE = "bots_before"


def extract(ref: str, into: Path) -> Path:
    """Write ``imperial_desktop/ai`` of ``ref`` into ``into/bots_before`` with its imports renamed."""
    listing = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", ref, "imperial_desktop/ai"],
                             check=True, capture_output=True, text=True).stdout.split()
    target = into / PACKAGE
    for path in listing:
        if not path.endswith(".py"):
            continue
        source = subprocess.run(["git", "-C", str(ROOT), "show", f"{ref}:{path}"], check=True,
                                capture_output=True, text=True).stdout
        out = target / Path(path).relative_to("imperial_desktop/ai")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(source.replace("imperial_desktop.ai.", f"{PACKAGE}.").replace("imperial_desktop.ai ", f"{PACKAGE} "),
                       encoding="utf-8")
    return target


def register_before(ref: str, folder: Path) -> list[str]:
    """Import the old bots and register each level as ``before-<name>``; the names."""
    extract(ref, folder)
    sys.path.insert(0, str(folder))
    old = importlib.import_module(PACKAGE)
    names = []
    for name in old.bot_names():
        def factory(seed: int = 0, budget: float | None = None, _name: str = name):
            return old.make_bot(_name if budget is None else f"{_name}:{budget}", seed)
        register(f"before-{name}", factory)
        names.append(f"before-{name}")
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", required=True, help="the git commit whose bots play as before-<name>")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--setup", default="standard", choices=["standard", "auction"])
    parser.add_argument("--no-investor-card", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) == 1:
        bots = bots * args.players
    with tempfile.TemporaryDirectory() as folder:
        known = register_before(args.ref, Path(folder))
        unknown = [b for b in bots if b.startswith("before-") and b.partition(":")[0] not in known]
        if unknown:
            parser.error(f"{', '.join(unknown)} not in {args.ref} (it has {', '.join(known)})")
        tasks = [(args.players, i, args.seed, bots, args.setup, not args.no_investor_card) for i in range(args.games)]
        if args.jobs > 1:
            with Pool(args.jobs) as pool:  # forked after the registration: the workers know the old bots
                results = pool.map(_one, tasks, chunksize=1)
        else:
            results = [_one(t) for t in tasks]
    print(json.dumps({"ref": args.ref, "summary": summarize(results)}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
