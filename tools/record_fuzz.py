"""Fuzzing game record files: damaged and hostile files opened the way the window opens them.

Usage: python tools/record_fuzz.py --count 1000 --seed 1 [--time-limit 10]

Each case takes a real record file (a finished or unfinished game of 2 to 6 players, written as
Export record… writes it) and damages it one way, tagged by kind: byte flips, truncation, junk
bytes, wrong types, missing keys, huge numbers, deep nesting, illegal actions (swapped, repeated,
changed), a wrong digest, broken names, a saved game instead of a record, and a file of 60 MB.
Each is opened with :func:`imperial_desktop.session.record_files.read_record_file`, as the Load
screen's records list and a file dropped on the window do. A clean outcome is a refusal
(RecordFileError, with a message for the player) or a record that opens, replays to its digest
and names its seats in text that can be shown. Anything else is a *crash*; going over the time
limit (SIGALRM on POSIX) a *hang*. Prints the counts per outcome and kind; exit status 1 when
there was a crash or a hang.
"""

from __future__ import annotations

import argparse
import collections
import copy
import json
import random
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from imperial_desktop.core import GameRecord, GameSetup
from imperial_desktop.core.validate import MAX_NAME_CHARS, text_problem
from imperial_desktop.play import play_game
from imperial_desktop.session.record_files import RecordFileError, read_record_file, record_document
from imperial_desktop.session.seats import Seat

BIG_EVERY = 250  # one case in this many is a 60 MB file (each costs about a second)


class Hang(Exception):
    pass


def base_documents() -> list[dict[str, Any]]:
    """Record documents of real games: finished ones of 2, 4 and 6 players and an unfinished one."""
    out = []
    for players, seed, stop in ((4, 1, None), (2, 2, None), (6, 3, None), (3, 4, 150)):
        names = [f"Player {i + 1}" for i in range(players)]
        setup = GameSetup.create(players, seed, names=names)
        record = GameRecord(setup)
        count = [0]

        def enough(_state, count=count, stop=stop) -> bool:
            count[0] += 1
            return stop is not None and count[0] > stop

        played = play_game(setup, ["random"] * players, seed=seed, record=record, stop=enough)
        seats = [Seat.computer(n, "normal") if i else Seat.human(n) for i, n in enumerate(names)]
        out.append(record_document(record, seats, played.state))
    return out


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, prefix + (key,)))
    elif isinstance(value, list):
        for index, item in enumerate(value[:40]):  # the first actions stand for all of them
            found.extend(_paths(item, prefix + (index,)))
    return found


def _set(doc: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def _delete(doc: Any, path: tuple) -> None:
    for key in path[:-1]:
        doc = doc[key]
    del doc[path[-1]]


JUNK_VALUES: list[Any] = [None, True, -1, 0, 2**63, -(2**70), 1.5, float("nan"), "", "x" * 5000, "\ud800", "\x00\x07",
                          [], {}, [[[]]], {"type": "warp"}, "<font pixel_size=99999>"]


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def make_case(number: int, rng: random.Random, bases: list[dict[str, Any]]) -> tuple[str, bytes]:
    """One damaged file: (kind, bytes)."""
    doc = copy.deepcopy(rng.choice(bases))
    text = json.dumps(doc, indent=1)
    raw = text.encode("utf-8")
    if number % BIG_EVERY == BIG_EVERY - 1:
        padding = "x" * (60 << 20)
        if rng.random() < 0.5:
            doc["meta"]["padding"] = padding
            return "60 MB", json.dumps(doc).encode("utf-8")
        return "60 MB", raw + b" " * (60 << 20)
    kind = rng.choice(["byte flips", "truncation", "junk bytes", "wrong type", "missing key", "huge number",
                       "deep nesting", "illegal action", "wrong digest", "broken name", "saved game", "empty",
                       "not an object", "repeated actions"])
    if kind == "byte flips":
        data = bytearray(raw)
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return kind, bytes(data)
    if kind == "truncation":
        return kind, raw[:rng.randrange(len(raw))]
    if kind == "junk bytes":
        at = rng.randrange(len(raw))
        return kind, raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 64))) + raw[at:]
    if kind == "wrong type":
        path = rng.choice(_paths(doc)[1:])
        _set(doc, path, copy.deepcopy(rng.choice(JUNK_VALUES)))
    elif kind == "missing key":
        path = rng.choice([p for p in _paths(doc)[1:] if p])
        _delete(doc, path)
    elif kind == "huge number":
        path = rng.choice([p for p in _paths(doc)[1:] if isinstance(_get(doc, p), int)] or [("digest",)])
        marker = "__HUGE__"
        _set(doc, path, marker)
        huge = rng.choice(["9" * 5000, "1e400", "-1e400", str(2**64), "123456789012345678901234567890"])
        return kind, json.dumps(doc).replace(f'"{marker}"', huge).encode("utf-8")
    elif kind == "deep nesting":
        depth = rng.choice([200, 1000, 100_000])
        if depth > 5000:
            return kind, b'{"format": "imperial-desktop-record", "meta": ' + b"[" * depth + b"]" * depth + b"}"
        path = rng.choice(_paths(doc)[1:])
        _set(doc, path, _nested(depth))
    elif kind == "illegal action":
        actions = doc["actions"]
        if len(actions) > 3:
            i = rng.randrange(len(actions))
            j = rng.randrange(len(actions))
            how = rng.random()
            if how < 0.4:
                actions[i], actions[j] = actions[j], actions[i]
            elif how < 0.7:
                del actions[i]
            else:
                action = actions[i]
                for key in action:
                    if key != "type" and rng.random() < 0.5:
                        value = action[key]
                        action[key] = value + rng.choice([-1, 1, 7]) if isinstance(value, int) and not isinstance(value, bool) \
                            else rng.choice(["rome", "atlantis", "italy", 0, None])
        else:
            actions.append({"type": "pass", "player": 0})
    elif kind == "wrong digest":
        doc["digest"] = rng.choice(["0" * 64, "", doc["digest"][::-1]])
    elif kind == "broken name":
        seat = rng.randrange(len(doc["setup"]["players"]))
        doc["setup"]["players"][seat] = rng.choice(["", "\ud800", "\u200b", "a" * (MAX_NAME_CHARS + 1), "\x1b[31m",
                                                    "<b>bold</b>", "Ann\nBob"])
        if rng.random() < 0.5:
            doc["meta"]["seats"][seat % len(doc["meta"]["seats"])] = {"name": "\ud800", "kind": "wizard", "level": 5}
    elif kind == "saved game":
        doc = {"format": "imperial-desktop-save", "format_version": 1, "record": doc}
    elif kind == "empty":
        return kind, rng.choice([b"", b"   \n", b"\xef\xbb\xbf", b"null"])
    elif kind == "not an object":
        doc = rng.choice([[doc], "record", 5, None])
    elif kind == "repeated actions":
        doc["actions"] = doc["actions"] * rng.randint(2, 60)
    try:
        return kind, json.dumps(doc).encode("utf-8", "surrogatepass")
    except (ValueError, RecursionError):
        return kind, raw[: len(raw) // 2]


def _get(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hang()


def run_case(path: Path, time_limit: float) -> tuple[str, str]:
    """Open one file as the window does: ("refused" | "opened" | "crash" | "hang", detail)."""
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        opened = read_record_file(path)
        if opened.record.digest is not None and opened.state.digest() != opened.record.digest:
            return "crash", "opened with a digest that does not match"
        for seat in opened.seats:
            if text_problem(seat.name, MAX_NAME_CHARS) is not None:
                return "crash", f"opened with a seat name that cannot be shown: {seat.name!r}"[:200]
        return "opened", ""
    except RecordFileError as exc:
        if not str(exc):
            return "crash", "a refusal without a message"
        return "refused", str(exc)
    except Hang:
        return "hang", f"over {time_limit} s"
    except BaseException as exc:  # noqa: BLE001 - counted and shown
        return "crash", "".join(traceback.format_exception_only(type(exc), exc)).strip()[:300]
    finally:
        if hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)


def run(count: int, seed: int, time_limit: float = 10.0) -> dict[str, Any]:
    rng = random.Random(seed)
    bases = base_documents()
    outcomes: collections.Counter = collections.Counter()
    by_kind: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    problems: list[str] = []
    previous = signal.signal(signal.SIGALRM, _on_alarm) if hasattr(signal, "SIGALRM") else None
    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for number in range(count):
                kind, payload = make_case(number, rng, bases)
                path = Path(folder) / f"case-{number}.imperial-record.json"
                path.write_bytes(payload)
                outcome, detail = run_case(path, time_limit)
                path.unlink()
                outcomes[outcome] += 1
                by_kind[kind][outcome] += 1
                if outcome in ("crash", "hang"):
                    problems.append(f"case {number} ({kind}): {outcome}: {detail}")
    finally:
        if previous is not None:
            signal.signal(signal.SIGALRM, previous)
    return {"count": count, "seconds": round(time.perf_counter() - started, 1), "outcomes": dict(outcomes),
            "by_kind": {k: dict(v) for k, v in sorted(by_kind.items())}, "problems": problems}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=10.0)
    args = parser.parse_args()
    result = run(args.count, args.seed, args.time_limit)
    print(f"{result['count']} record files in {result['seconds']} s: " +
          ", ".join(f"{k} {v}" for k, v in sorted(result["outcomes"].items())))
    for kind, counts in result["by_kind"].items():
        print(f"  {kind:18} " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for line in result["problems"][:50]:
        print(line)
    sys.exit(1 if result["problems"] else 0)


if __name__ == "__main__":
    main()
