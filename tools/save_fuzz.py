"""Fuzzing saved games: random damage and impossible positions (issue 12).

Usage: python tools/save_fuzz.py --count 10000 --seed 1 [--time-limit 10] [--quick]

Every case takes a real save document and damages it in one way, tagged by kind:

- ``damage``: random damage (byte flips, truncation, junk bytes, wrong types, missing keys, huge
  numbers, deep nesting), half of it inside the snapshot with digests and checksum recomputed.
  Any clean outcome is right: rejected with a SaveError, or loaded and playable.
- ``impossible``: a well-formed position that breaks a rule the game always keeps (an army at
  sea, a Swiss Bank for a governing player, card 6 ...), with the snapshot's digest, the record's
  digest and the checksum recomputed so that the file looks intact and reaches the validator.
  The file must be refused; loading it as it is counts as an *accepted impossible position*.
  (When the snapshot is refused the loader replays the record, whose digest no longer matches, so
  the outcome is a SaveError.) A mutation that cannot be applied to a given base is skipped,
  never counted.
- ``harmless``: a change the rules allow or the loader repairs (a far-future date, a broken save
  name, small cash changes, no governments in an auction). It may load or be refused.

A loaded case must give a load-screen line whose texts are clean, and must then play 20 random
legal actions (with donations) without an error and without breaking an invariant. Each case
runs under a time limit (SIGALRM on POSIX); going over it is a *hang*. Anything but SaveError
from loading, or any error while playing, is a *crash*. Prints the figures per outcome and kind.
"""

from __future__ import annotations

import argparse
import collections
import copy
import hashlib
import json
import random
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from imperial_desktop.core import Donate, GameRecord, GameSetup
from imperial_desktop.core.board import HOME, NEUTRAL, SEA, Board
from imperial_desktop.core.selfcheck import check_invariants
from imperial_desktop.core.validate import MAX_MONEY, MAX_NAME_CHARS, MAX_RECORD_DONATIONS, text_problem
from imperial_desktop.session import saves
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.saves import SaveError, read_save, save_document, save_info
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat

ROOT = Path(__file__).resolve().parent.parent
DAMAGE, IMPOSSIBLE, HARMLESS = "damage", "impossible", "harmless"
PLAY_ACTIONS = 20
JUNK = [None, True, False, -1, 0, 1.5, 10**100, -10**100, 1e308, "", "x" * 50, [], [1, 2], {}, {"a": 1}, "\ud800"]

Mutation = Callable[[dict[str, Any], random.Random, Board], bool]


class Hang(Exception):
    """A case went over its time limit."""


# ---------------------------------------------------------------------------- base games


def _seats(setup: GameSetup) -> list[Seat]:
    return [Seat(name, COMPUTER if i == 1 else HUMAN, "random" if i == 1 else "normal")
            for i, name in enumerate(setup.players)]


def _play_until(setup: GameSetup, seed: int, kinds: tuple[str, ...], min_actions: int, max_actions: int) -> GameSession | None:
    """A session after random play, stopped at the first pending decision of one of ``kinds``."""
    session = GameSession(setup, _seats(setup), seed=seed)
    rng = random.Random(seed)
    for count in range(max_actions):
        state = session.state
        if state.is_terminal():
            return session if "over" in kinds else None
        if count >= min_actions and state.pending["kind"] in kinds:
            return session
        session.apply(rng.choice(state.legal_actions()))
    return None


def base_sessions(quick: bool = False) -> list[tuple[str, GameSession]]:
    """Varied real positions to damage: every set-up, and most kinds of pending decision."""
    limit = 250 if quick else 700
    wanted = [
        ("start 4p", GameSetup.create(4, 3, names=["Ann", "Bob", "Cem", "Dora"]), ("rondel",), 0),
        ("auction 3p", GameSetup.create(3, 5, bond_distribution="auction"), ("auction",), 4),
        ("investor 5p", GameSetup.create(5, 8), ("invest",), 20),
        ("maneuver 4p", GameSetup.create(4, 11), ("maneuver",), 60),
        ("battle question 6p", GameSetup.create(6, 2), ("entry_fight", "entry_ask", "entry_demand", "entry_status"), 40),
        ("import 2p", GameSetup.create(2, 4), ("import", "production", "factory"), 20),
        ("no card 4p", GameSetup.create(4, 6, investor_card=False), ("invest",), 30),
        ("swiss force 3p", GameSetup.create(3, 9), ("swiss_force",), 10),
    ]
    out = []
    for name, setup, kinds, low in wanted:
        for seed in range(40):
            session = _play_until(setup, seed, kinds, low, limit)
            if session is not None:
                out.append((name, session))
                break
    finished = GameRecord.load(ROOT / "saves" / "finished.json")
    if not quick:
        out.append(("finished", GameSession.from_record(finished, _seats(finished.setup))))
    auction = GameSetup(players=("A", "B"), bond_distribution="auction")
    nobody = GameSession(auction, _seats(auction))
    while not nobody.state.is_terminal():  # point 37: everybody declines every bond
        nobody.apply(nobody.state.legal_actions()[-1])
    out.append(("nobody governs", nobody))
    return out


# ---------------------------------------------------------------------------- helpers


def _digest(snapshot: Any) -> str:
    return hashlib.sha256(json.dumps(snapshot, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def reseal(doc: dict[str, Any]) -> None:
    """Recompute the snapshot digest, the record's digest and the checksum after an edit."""
    if isinstance(doc.get("snapshot"), dict):
        doc["digest"] = _digest(doc["snapshot"])
        if isinstance(doc.get("record"), dict):
            doc["record"]["digest"] = doc["digest"]
    doc["checksum"] = saves._checksum(doc)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, prefix + (index,))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _regions(board: Board, kind: str) -> list[str]:
    return [r.id for r in board.regions.values() if r.kind == kind]


def _nation(snap: dict[str, Any], rng: random.Random) -> str:
    return rng.choice(sorted(snap["treasury"]))


def _players(snap: dict[str, Any]) -> int:
    return len(snap["cash"])


def _window(snap: dict[str, Any]) -> bool:
    return any(isinstance(s, list) and s and s[0] in ("investor_end", "round_end", "auction_close", "auction_finish")
               for s in snap["agenda"])


# ---------------------------------------------------------------------------- impossible positions
# Each breaks one invariant the rules always keep (core/validate.py names it); False = not
# applicable to this base (the case picks another kind).


def m_tax_chart(s, rng, b):
    s["tax_chart"][_nation(s, rng)] = rng.choice([-50, min(b.tax_points) - 1, max(b.tax_points) + 1, 99])
    return True


def m_cash(s, rng, b):
    s["cash"][rng.randrange(_players(s))] = rng.choice([-1, -50, MAX_MONEY + 1, 10**30])
    return True


def m_treasury(s, rng, b):
    s["treasury"][_nation(s, rng)] = rng.choice([-1, -7, MAX_MONEY + 1, 10**30])
    return True


def m_swiss_nobody(s, rng, b):
    s["swiss_banks"] = sorted(set(s["swiss_banks"]) | {rng.choice([_players(s), 9, -1])})
    return True


def m_swiss_governing(s, rng, b):
    governing = sorted({g for g in s["government"].values() if g is not None} - set(s["swiss_banks"]))
    if not governing:
        return False
    s["swiss_banks"] = sorted(set(s["swiss_banks"]) | {rng.choice(governing)})
    return True


def m_army_at_sea(s, rng, b):
    n, sea = _nation(s, rng), rng.choice(_regions(b, SEA))
    s["armies"][n][sea] = s["armies"][n].get(sea, 0) + 1
    return True


def m_fleet_inland(s, rng, b):
    n = _nation(s, rng)
    inland = _regions(b, NEUTRAL) + [r.id for r in b.regions.values() if r.kind == HOME and (r.nation != n or not r.harbour_sea)]
    region = rng.choice(inland)
    s["fleets"][n][region] = s["fleets"][n].get(region, 0) + 1
    return True


def m_hostile_own_home(s, rng, b):
    n = _nation(s, rng)
    home = rng.choice(b.nation_by_id[n].home_provinces)
    s["armies"][n][home] = s["armies"][n].get(home, 0) + 1
    s["hostile"][n] = sorted(set(s["hostile"][n]) | {home})
    return True


def m_hostile_neutral(s, rng, b):
    n = _nation(s, rng)
    region = rng.choice(_regions(b, NEUTRAL))
    s["armies"][n][region] = s["armies"][n].get(region, 0) + 1
    s["hostile"][n] = sorted(set(s["hostile"][n]) | {region})
    return True


def m_government_not_top(s, rng, b):
    if _window(s) or s["over"]:
        return False
    for n in rng.sample(sorted(s["bonds"]), len(s["bonds"])):
        credit = [0] * _players(s)
        for value, p in s["bonds"][n].items():
            credit[p] += int(value)
        losers = [p for p in range(_players(s)) if credit[p] < max(credit)]
        if max(credit) and losers:
            s["government"][n] = rng.choice(losers)
            return True
    return False


def m_government_without_bonds(s, rng, b):
    if _window(s) or s["over"]:
        return False
    n = _nation(s, rng)
    if s["government"][n] is None:
        s["government"][n] = rng.randrange(_players(s))
    s["bonds"][n] = {}
    return True


def m_investor_card(s, rng, b):
    s["investor_card"] = rng.choice([-1, _players(s), 6, 99])
    return True


def m_over_with_pending(s, rng, b):
    if s["pending"] is None:
        s["pending"] = {"kind": "rondel", "player": 0, "nation": _nation(s, rng)}
    s["over"] = True
    return True


def m_over_without_winner(s, rng, b):
    if s["over"] or all(g is None for g in s["government"].values()):
        return False
    s.update(over=True, pending=None, agenda=[], turn_nation=None, maneuver=None, entry=None)
    return True


def m_agenda(s, rng, b):
    bad = rng.choice([["warp"], ["turn_start", 99], ["invest", [[9, None]]], ["act", "party"], "step", [],
                      ["end_turn", 1], ["variant_round", "atlantis", 0], ["auction_close", "atlantis"],
                      ["invest", [[0, "atlantis"]]], ["turn_start", "0"]])
    s["agenda"].insert(rng.randint(0, len(s["agenda"])), bad)
    return True


def m_negative_counter(s, rng, b):
    choice = rng.randrange(4)
    if choice == 0:
        s["turns_taken"] = rng.choice([-1, -100])
    elif choice == 1:
        s["power"][_nation(s, rng)] = rng.choice([-1, -3])
    elif choice == 2:
        n = _nation(s, rng)
        region = rng.choice(b.nation_by_id[n].home_provinces)
        s["armies"][n][region] = rng.choice([0, -2])
    elif isinstance(s["pending"], dict) and s["pending"].get("kind") == "import":
        s["pending"]["count"] = -1
    else:
        s["rondel"][_nation(s, rng)] = -1
    return True


def m_power_log(s, rng, b):
    n = _nation(s, rng)
    junk = rng.choice(["junk", [1, 2], ["x", "y", "z"], [1, "atlantis", 3], {"a": 1}, None,
                       [10**6, n, s["power"][n]], [1, n, 99], [s["turns_taken"] + 1, n, -1]])
    s["power_log"].append(junk)
    return True


def m_unknown_nation(s, rng, b):
    options = []
    if isinstance(s["pending"], dict):
        options.append("pending")
    if isinstance(s["entry"], dict):
        options.append("entry")
    options += ["agenda", "flag", "turn"]
    where = rng.choice(options)
    if where == "pending":
        s["pending"]["nation"] = "atlantis"
    elif where == "entry":
        s["entry"]["remaining"].append("atlantis")
    elif where == "agenda":
        s["agenda"].insert(0, rng.choice([["auction_bid", "atlantis", [0]], ["variant_round", "atlantis", 0], ["invest", [[0, "atlantis"]]]]))
    elif where == "flag":
        s["flags"][rng.choice(_regions(b, SEA))] = "atlantis"
    else:
        s["turn_nation"] = "atlantis"
    return True


def m_swiss_force_without_target(s, rng, b):
    p = s["pending"]
    if not isinstance(p, dict):
        return False
    nation = p.get("nation") or _nation(s, rng)
    s["pending"] = {"kind": "swiss_force", "player": (p["player"] + 1) % _players(s), "nation": nation}
    if rng.random() < 0.5:
        s["pending"]["queue"] = []
    return True


def m_unknown_region(s, rng, b):
    n = _nation(s, rng)
    store = rng.choice(["armies", "fleets"])
    s[store][n]["atlantis"] = 1
    return True


def m_over_supply(s, rng, b):
    n = _nation(s, rng)
    nat = b.nation_by_id[n]
    home = nat.home_provinces[0]
    s["armies"][n][home] = s["armies"][n].get(home, 0) + nat.army_supply + 1
    return True


def m_too_many_flags(s, rng, b):
    n = _nation(s, rng)
    regions = rng.sample(list(b.flag_regions), b.nation_by_id[n].flags + 1)
    for r in regions:
        s["flags"][r] = n
    return True


def m_flag_in_home(s, rng, b):
    n = _nation(s, rng)
    s["flags"][rng.choice(b.nation_by_id[n].home_provinces)] = rng.choice(sorted(s["treasury"]))
    return True


def m_factory_outside_home(s, rng, b):
    s["factories"] = sorted(set(s["factories"]) | {rng.choice(_regions(b, NEUTRAL) + _regions(b, SEA))})
    return True


def m_bad_bond(s, rng, b):
    n = _nation(s, rng)
    if rng.random() < 0.5:
        s["bonds"][n]["3"] = 0
    else:
        value = str(rng.choice(b.bond_values))
        s["bonds"][n][value] = rng.choice([_players(s), 9, -1])
    return True


def m_rondel(s, rng, b):
    s["rondel"][_nation(s, rng)] = rng.choice([-1, len(b.rondel), 99])
    return True


def m_pending_player(s, rng, b):
    if not isinstance(s["pending"], dict):
        return False
    s["pending"]["player"] = rng.choice([_players(s), 9, -1])
    return True


def m_pending_kind(s, rng, b):
    if not isinstance(s["pending"], dict):
        return False
    s["pending"]["kind"] = rng.choice(["warp", "", "Rondel", "over"])
    return True


def m_power_25_not_over(s, rng, b):
    if s["over"]:
        return False
    n = _nation(s, rng)
    s["power"][n] = 25
    s["power_log"].append([s["turns_taken"] + 1, n, 25])
    return True


def m_player_name(s, rng, b, doc=None):
    bad = rng.choice(["\ud800", "Ann\udfff", "x" * (MAX_NAME_CHARS + 1), "x" * 5000, "a\x00b", "line\nbreak"])
    index = rng.randrange(_players(s))
    s["setup"]["players"][index] = bad
    if doc is not None:
        doc["record"]["setup"]["players"][index] = bad
    return True


def m_maneuver_missing(s, rng, b):
    if not isinstance(s["pending"], dict) or s["pending"]["kind"] not in ("maneuver", "entry_fight", "entry_ask", "entry_demand", "entry_status"):
        return False
    s["maneuver"] = None
    return True


def m_entry_missing(s, rng, b):
    if not isinstance(s["entry"], dict):
        return False
    s["entry"] = None
    return True


def m_moved_more_than_present(s, rng, b):
    if not isinstance(s["maneuver"], dict) or s["turn_nation"] is None:
        return False
    n = s["turn_nation"]
    region = rng.choice(_regions(b, NEUTRAL))
    s["maneuver"]["moved_a"][region] = s["armies"][n].get(region, 0) + 1
    return True


def m_investor_outsider(s, rng, b):
    p = s["pending"]
    if not isinstance(p, dict) or p["kind"] != "invest" or not s["setup"]["investor_card"]:
        return False
    outsiders = [q for q in range(_players(s)) if q != s["investor_card"] and q not in s["swiss_banks"]]
    if not outsiders:
        return False
    p["player"] = rng.choice(outsiders)
    return True


IMPOSSIBLE_MUTATIONS: dict[str, Mutation] = {
    name[2:]: fn for name, fn in dict(globals()).items() if name.startswith("m_") and callable(fn)
}


# ---------------------------------------------------------------------------- harmless changes


def h_cash_shift(s, rng, b):
    p = rng.randrange(_players(s))
    s["cash"][p] = max(0, s["cash"][p] + rng.randint(-5, 20))
    return True


def h_treasury_shift(s, rng, b):
    n = _nation(s, rng)
    s["treasury"][n] = max(0, s["treasury"][n] + rng.randint(-5, 20))
    return True


def h_no_governments_no_bonds(s, rng, b):
    for n in s["government"]:
        s["government"][n] = None
        s["bonds"][n] = {}
    s["swiss_banks"] = list(range(_players(s)))
    return True


HARMLESS_MUTATIONS: dict[str, Mutation] = {"cash_shift": h_cash_shift, "treasury_shift": h_treasury_shift,
                                           "no_governments_no_bonds": h_no_governments_no_bonds}

DOC_HARMLESS = ("far_date", "bad_save_name", "long_save_name", "meta_note")
DOC_IMPOSSIBLE = ("seat_name", "padded_record")
DAMAGE_KINDS = ("truncate", "bitflip", "junk_bytes", "wrong_type", "missing_key", "huge_number", "deep_nesting")


# ---------------------------------------------------------------------------- one case


@dataclass
class Case:
    number: int
    base: str
    category: str
    kind: str
    data: bytes
    sealed_digest: str | None  # the digest of a mutated snapshot (None: not a snapshot edit)


def make_case(number: int, rng: random.Random, bases: list[tuple[str, dict[str, Any], Board]],
              padded_max: int = MAX_RECORD_DONATIONS + 300) -> Case:
    """One mutated save file (deterministic for the rng's state)."""
    while True:
        base_name, base_doc, board = rng.choice(bases)
        doc = copy.deepcopy(base_doc)
        roll = rng.random()
        if roll < 0.35:
            kind = rng.choice(DAMAGE_KINDS)
            data = _damage(kind, doc, rng)
            if data is not None:
                return Case(number, base_name, DAMAGE, kind, data, None)
            continue
        if roll < 0.85:
            kind = rng.choice(sorted(IMPOSSIBLE_MUTATIONS) + list(DOC_IMPOSSIBLE))
            category = IMPOSSIBLE
        else:
            kind = rng.choice(sorted(HARMLESS_MUTATIONS) + list(DOC_HARMLESS))
            category = HARMLESS
        before = json.dumps(doc, sort_keys=True)
        if not _mutate_doc(kind, doc, rng, board, padded_max):
            continue
        reseal(doc)
        if json.dumps(doc, sort_keys=True) == before:
            continue  # the mutation changed nothing here
        sealed = doc["digest"] if kind in IMPOSSIBLE_MUTATIONS or kind in HARMLESS_MUTATIONS else None
        return Case(number, base_name, category, kind, json.dumps(doc).encode("utf-8"), sealed)


def _mutate_doc(kind: str, doc: dict[str, Any], rng: random.Random, board: Board, padded_max: int) -> bool:
    snap = doc["snapshot"]
    if kind == "player_name":
        return m_player_name(snap, rng, board, doc)
    if kind in IMPOSSIBLE_MUTATIONS:
        return IMPOSSIBLE_MUTATIONS[kind](snap, rng, board)
    if kind in HARMLESS_MUTATIONS:
        return HARMLESS_MUTATIONS[kind](snap, rng, board)
    if kind == "far_date":
        doc["saved_at"] = rng.choice(["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00",
                                      "9999-12-31T23:59:59", "1900-01-01T00:00:00+00:00"])
    elif kind == "bad_save_name":
        doc["name"] = rng.choice(["\ud800", "Game \udc00 night", "tab\there", "<font pixel_size=99999>x</font>"])
    elif kind == "long_save_name":
        doc["name"] = "n" * rng.choice([61, 500, 100_000])
    elif kind == "meta_note":
        doc["record"]["meta"] = {"note": "hello", "n": rng.randint(0, 9)}
    elif kind == "seat_name":
        doc["seats"][rng.randrange(len(doc["seats"]))]["name"] = rng.choice(["\ud800", "x" * 1000, "a\x07b"])
    elif kind == "padded_record":
        count = rng.randint(MAX_RECORD_DONATIONS + 1, padded_max)
        doc["record"]["actions"] += [{"type": "donate", "player": 0, "nation": "italy", "amount": 0}] * count
    return True


def _damage(kind: str, doc: dict[str, Any], rng: random.Random) -> bytes | None:
    raw = (json.dumps(doc, indent=1) + "\n").encode("utf-8")
    if kind == "truncate":
        return raw[:rng.randrange(len(raw))]
    if kind == "bitflip":
        data = bytearray(raw)
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return bytes(data)
    if kind == "junk_bytes":
        at = rng.randrange(len(raw))
        return raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))) + raw[at:]
    # structural damage, inside the snapshot half the time with everything resealed
    inside = rng.random() < 0.5 and isinstance(doc.get("snapshot"), dict)
    root = doc["snapshot"] if inside else doc
    paths = [p for p in _paths(root) if p]
    if kind == "wrong_type":
        _set(root, rng.choice(paths), rng.choice(JUNK))
    elif kind == "missing_key":
        keyed = [p for p in paths if isinstance(_get(root, p[:-1]), dict)]
        path = rng.choice(keyed)
        del _get(root, path[:-1])[path[-1]]
    elif kind == "huge_number":
        numbers = [p for p in paths if isinstance(_get(root, p), int) and not isinstance(_get(root, p), bool)]
        if not numbers:
            return None
        _set(root, rng.choice(numbers), rng.choice([10**100, -10**100, 2**63, 10**4000]))
    else:  # deep_nesting: shallow enough to reseal, or far deeper than any parser allows
        depth = rng.choice([50, 5000, 200_000])
        _set(root, rng.choice(paths), "@@DEEP@@" if depth > 50 else _nested(depth))
        if depth == 50 and (inside or rng.random() < 0.5):
            reseal(doc)
        text = json.dumps(doc).replace('"@@DEEP@@"', "[" * depth + "0" + "]" * depth)
        return text.encode("utf-8")
    if inside or rng.random() < 0.5:
        try:
            reseal(doc)
        except ValueError:  # an integer json cannot write back
            return None
    try:
        return json.dumps(doc).encode("utf-8")
    except ValueError:
        return None


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _check_text(info: Any) -> None:
    for text in (info.name, info.status, *info.players, *info.notes):
        problem = text_problem(text, 400)
        if problem:
            raise AssertionError(f"load-screen text {text[:40]!r} {problem}")
    info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")  # the Load screen's formatting
    info.file_label.encode("utf-8")


def run_case(case: Case, folder: Path, time_limit: float) -> tuple[str, str]:
    """(outcome, detail): outcome is rejected, loaded, recovered, crash, hang or accepted_impossible."""
    path = folder / "fuzz.json"
    path.write_bytes(case.data)
    alarm = hasattr(signal, "setitimer")
    if alarm:
        signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        try:
            saved = read_save(path)
        except SaveError as exc:
            return "rejected", str(exc)
        info = save_info(saved, path)
        _check_text(info)
        if case.category == IMPOSSIBLE and case.sealed_digest is None:
            outcome = "accepted_impossible"  # a file-level impossibility (a seat's name, a padded record)
        elif case.sealed_digest is not None and not saved.notes and saved.state.digest() == case.sealed_digest:
            outcome = "accepted_impossible" if case.category == IMPOSSIBLE else "loaded"
        else:
            outcome = "recovered" if saved.notes else "loaded"
        if outcome == "accepted_impossible":
            return outcome, case.kind
        _play(saved.to_session(), random.Random(case.number))
        return outcome, ""
    except Hang:
        return "hang", f"over {time_limit} s"
    except SaveError as exc:
        return "crash", f"save_info raised SaveError on a loaded save: {exc}"
    except Exception as exc:  # noqa: BLE001 - what the fuzzer exists to find
        return "crash", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()[-1500:]}"
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if path.read_bytes() != case.data:
            raise AssertionError("loading changed the file")


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hang()


def _play(session: GameSession, rng: random.Random) -> None:
    """20 random legal actions (and a few donations) with the invariants checked after each."""
    state = session.state
    for _ in range(PLAY_ACTIONS):
        if state.is_terminal():
            break
        if rng.random() < 0.1:
            giver = rng.randrange(state.num_players)
            if state.cash[giver]:
                session.apply(Donate(giver, rng.choice(state.board.nation_ids), 1))
        legal = state.legal_actions()
        if not legal:
            raise AssertionError("no legal action in an unfinished game")
        session.apply(rng.choice(legal))
        state = session.state
        check_invariants(state)
        state.describe_decision()


def prepare_bases(quick: bool) -> list[tuple[str, dict[str, Any], Board]]:
    return [(name, save_document(s, f"Fuzz {name}"), s.state.board) for name, s in base_sessions(quick)]


def run(count: int, seed: int, time_limit: float = 10.0, quick: bool = False,
        padded_max: int = MAX_RECORD_DONATIONS + 300, progress: bool = False) -> dict[str, Any]:
    """Run ``count`` cases; returns the figures (see the module docstring)."""
    rng = random.Random(seed)
    started = time.perf_counter()
    bases = prepare_bases(quick)
    outcomes: collections.Counter[str] = collections.Counter()
    by_kind: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    failures: list[dict[str, Any]] = []
    slowest = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(count):
            case = make_case(number, rng, bases, padded_max)
            t0 = time.perf_counter()
            outcome, detail = run_case(case, Path(tmp), time_limit)
            slowest = max(slowest, time.perf_counter() - t0)
            outcomes[outcome] += 1
            by_kind[f"{case.category}:{case.kind}"][outcome] += 1
            if outcome in ("crash", "hang", "accepted_impossible"):
                failures.append({"case": number, "base": case.base, "kind": f"{case.category}:{case.kind}",
                                 "outcome": outcome, "detail": detail})
            if progress and (number + 1) % 1000 == 0:
                print(f"{number + 1} cases, {len(failures)} failures, {time.perf_counter() - started:.0f} s", flush=True)
    return {"count": count, "seed": seed, "seconds": round(time.perf_counter() - started, 1),
            "slowest_case_seconds": round(slowest, 2), "bases": [b[0] for b in bases],
            "outcomes": dict(outcomes), "by_kind": {k: dict(v) for k, v in sorted(by_kind.items())},
            "failures": failures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per file (a hang beyond)")
    parser.add_argument("--quick", action="store_true", help="shorter base games (as in CI)")
    parser.add_argument("--padded-max", type=int, default=100_000, help="largest padded record (donations)")
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args()
    if args.count < 1 or args.time_limit <= 0:
        parser.error("--count and --time-limit must be positive")
    report = run(args.count, args.seed, args.time_limit, args.quick, args.padded_max, progress=True)
    print(f"{report['count']} mutated saves (seed {report['seed']}) in {report['seconds']} s; "
          f"slowest case {report['slowest_case_seconds']} s; bases: {', '.join(report['bases'])}")
    for outcome, n in sorted(report["outcomes"].items()):
        print(f"  {outcome:20} {n}")
    bad = collections.Counter(f["outcome"] for f in report["failures"])
    print(f"crashes: {bad['crash']}  hangs: {bad['hang']}  accepted impossible positions: {bad['accepted_impossible']}")
    print("by kind (category:kind -> outcomes):")
    for kind, figures in report["by_kind"].items():
        print(f"  {kind:40} {figures}")
    for failure in report["failures"][:20]:
        print(f"FAILURE case {failure['case']} [{failure['base']}] {failure['kind']}: {failure['outcome']}: {failure['detail'][:600]}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    sys.exit(1 if report["failures"] else 0)


if __name__ == "__main__":
    main()
