"""Validation that knows the game (issue 12): hostile saves and records are refused with a
readable message, sound positions always pass, and the load list never fails."""

from __future__ import annotations

import copy
import json
import os
import random
import sys
import time
from datetime import timezone
from pathlib import Path

import pytest

from imperial_desktop.core import Donate, GameRecord, GameSetup, GameState, RecordError
from imperial_desktop.core.selfcheck import variant_for
from imperial_desktop.core.validate import MAX_RECORD_ACTIONS, MAX_RECORD_DONATIONS, state_problems, text_problem, validate_state
from imperial_desktop.session import saves
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.saves import SaveError, list_saves, read_save, save_document, save_info
from imperial_desktop.session.seats import Seat

AH, IT, FR, GB, GE, RU = "austria_hungary", "italy", "france", "great_britain", "germany", "russia"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path / "home"))


def _session(actions: int = 120, seed: int = 5, players: int = 4) -> GameSession:
    setup = GameSetup.create(players, seed, names=["Ann", "Bob", "Cem", "Dora", "Eve", "Finn"][:players])
    session = GameSession(setup, [Seat(n) for n in setup.players], seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if session.state.is_terminal():
            break
        session.apply(rng.choice(session.state.legal_actions()))
    return session


@pytest.fixture(scope="module")
def midgame() -> dict:
    """A mid-game snapshot at a rondel decision (outside any investment)."""
    session = _session(0)
    rng = random.Random(9)
    while True:
        session.apply(rng.choice(session.state.legal_actions()))
        s = session.state
        if s.turns_taken > 8 and s.pending["kind"] == "rondel" and any(s.armies[n] for n in s.board.nation_ids):
            return s.to_dict()


def _reseal(doc: dict) -> None:
    import hashlib
    digest = hashlib.sha256(json.dumps(doc["snapshot"], sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    doc["digest"] = doc["record"]["digest"] = digest
    doc["checksum"] = saves._checksum(doc)


def _army_nation(snap: dict) -> str:
    return next(n for n in snap["armies"] if snap["armies"][n])


def _governing(snap: dict) -> int:
    return next(g for g in snap["government"].values() if g is not None)


# Each edit breaks one rule; the message must name it.
IMPOSSIBLE = {
    "tax chart at -50": (lambda s: s["tax_chart"].__setitem__(IT, -50), "tax chart"),
    "tax chart at 99": (lambda s: s["tax_chart"].__setitem__(IT, 99), "tax chart"),
    "cash 10^30": (lambda s: s["cash"].__setitem__(0, 10**30), "cash"),
    "negative treasury": (lambda s: s["treasury"].__setitem__(FR, -1), "treasury"),
    "Swiss Bank for player 9": (lambda s: s.__setitem__("swiss_banks", [9]), "Swiss Bank"),
    "Swiss Bank for a governing player": (lambda s: s.__setitem__("swiss_banks", [_governing(s)]), "Swiss Bank"),
    "army at sea": (lambda s: s["armies"][IT].__setitem__("north_sea", 1), "army at sea"),
    "fleet inland": (lambda s: s["fleets"][IT].__setitem__("switzerland", 1), "fleet on land"),
    "fleet in a foreign harbour": (lambda s: s["fleets"][IT].__setitem__("london", 1), "fleet on land"),
    "hostile armies in their own home": (
        lambda s: (s["armies"][IT].__setitem__("rome", 1), s["hostile"][IT].append("rome")), "hostile in rome"),
    "government not the top bondholder": (
        lambda s: s["government"].__setitem__(AH, next(p for p in range(4) if p != s["government"][AH]
                                                       and sum(int(v) for v, q in s["bonds"][AH].items() if q == p)
                                                       < max(sum(int(v) for v, q in s["bonds"][AH].items() if q == r) for r in range(4)))),
        "largest bondholder"),
    "investor card -1": (lambda s: s.__setitem__("investor_card", -1), "investor card"),
    "investor card 6": (lambda s: s.__setitem__("investor_card", 6), "investor card"),
    "over with a decision pending": (lambda s: s.__setitem__("over", True), "finished game"),
    "broken agenda": (lambda s: s["agenda"].append(["warp", 1]), "game flow"),
    "turn start of nation 99": (lambda s: s["agenda"].append(["turn_start", 99]), "game flow"),
    "negative turns": (lambda s: s.__setitem__("turns_taken", -1), "turns taken"),
    "negative power": (lambda s: s["power"].__setitem__(GE, -3), "power"),
    "empty unit stack": (lambda s: s["armies"][_army_nation(s)].__setitem__(
        next(iter(s["armies"][_army_nation(s)])), 0), "bad number"),
    "power log junk": (lambda s: s["power_log"].append("junk"), "power log"),
    "power log disagreeing": (lambda s: s["power_log"].append([1, RU, 7]), "power log"),
    "unknown nation in an entry queue": (lambda s: s["agenda"].append(["invest", [[0, "atlantis"]]]), "game flow"),
    "unknown nation pending": (lambda s: s["pending"].__setitem__("nation", "atlantis"), "unknown nation"),
    "unknown nation in the treasuries": (lambda s: s["treasury"].__setitem__("atlantis", 3), "unknown: atlantis"),
    "swiss_force without target": (
        lambda s: s.__setitem__("pending", {"kind": "swiss_force", "player": 0, "nation": s["pending"]["nation"]}),
        "pending decision"),
    "units beyond the supply": (lambda s: s["armies"][IT].__setitem__("rome", 9), "supply"),
    "16 flags": (lambda s: s["flags"].update({r: IT for r in sorted(
        r for r in ("north_sea", "baltic_sea", "english_channel", "bay_of_biscay", "western_mediterranean",
                    "ionian_sea", "eastern_mediterranean", "black_sea", "north_atlantic", "tyrrhenian_sea",
                    "switzerland", "spain", "portugal", "norway", "sweden", "denmark", "holland", "belgium"))[:16]}),
        "flags"),
    "flag in a home province": (lambda s: s["flags"].__setitem__("rome", FR), "bad flag"),
    "factory outside a home province": (lambda s: s["factories"].append("switzerland"), "factory outside"),
    "bond held by player 9": (lambda s: s["bonds"][AH].__setitem__("30", 9), "bad bond"),
    "bond of an unknown value": (lambda s: s["bonds"][AH].__setitem__("3", 0), "bad bond"),
    "rondel space 8": (lambda s: s["rondel"].__setitem__(AH, 8), "rondel"),
    "player name with a lone surrogate": (lambda s: s["setup"]["players"].__setitem__(0, "\ud800"), "surrogate"),
    "player name of 5,000 characters": (lambda s: s["setup"]["players"].__setitem__(0, "x" * 5000), "longer than"),
    "25 power points and not over": (
        lambda s: (s["power"].__setitem__(RU, 25), s["power_log"].append([s["turns_taken"] + 1, RU, 25])), "25 power"),
    "cash as a string": (lambda s: s["cash"].__setitem__(0, "5"), "whole number"),
    "over as a string": (lambda s: s.__setitem__("over", "false"), "'over'"),
    "no governments and no bonds": (
        lambda s: (s["government"].update({n: None for n in s["government"]}), s["bonds"].update({n: {} for n in s["bonds"]})),
        "impossible"),
}


@pytest.mark.parametrize("name", sorted(IMPOSSIBLE))
def test_impossible_position_is_refused_with_a_readable_reason(midgame, name):
    edit, words = IMPOSSIBLE[name]
    snap = copy.deepcopy(midgame)
    GameState.from_dict(snap)  # the untouched position is sound
    edit(snap)
    started = time.perf_counter()
    with pytest.raises(RecordError) as info:
        GameState.from_dict(snap)
    assert time.perf_counter() - started < 2  # never a hang
    message = str(info.value)
    assert words.lower() in message.lower(), message
    assert len(message) < 2500 and "Traceback" not in message


@pytest.mark.parametrize("seed", [0, 7, 15, 26, 33, 48, 59, 70])
def test_every_position_of_real_games_passes(seed):
    """No false alarms: every position of random games of every variant is sound."""
    players, bond, card, opts = variant_for(seed)
    rng = random.Random(seed)
    state = GameState.new(GameSetup.create(players, seed, bond_distribution=bond, investor_card=card, options=opts))
    count = 0
    while not state.is_terminal() and count < 400:
        if rng.random() < 0.03:
            giver = rng.randrange(players)
            if state.cash[giver]:
                state.apply(Donate(giver, rng.choice(state.board.nation_ids), rng.randint(1, state.cash[giver])))
        state.apply(rng.choice(state.legal_actions()))
        count += 1
        assert state_problems(state) == [], (count, state.pending, state.agenda)
        if count % 50 == 0:
            validate_state(state)


def test_point_37_finished_game_without_any_government_is_sound():
    state = GameState.new(GameSetup(players=("A", "B"), bond_distribution="auction"))
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    assert GameState.from_dict(state.to_dict()) == state


# ---------------------------------------------------------------------------- saves and the load list


def _write(path, doc) -> None:
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_far_future_date_with_a_negative_offset_lists_safely(tmp_path):
    doc = save_document(_session(30), "Far")
    doc["saved_at"] = "9999-12-31T23:59:59-12:00"
    doc["checksum"] = saves._checksum(doc)
    _write(tmp_path / "far.json", doc)
    listing = list_saves(tmp_path)
    assert not listing.problems and len(listing.saves) == 1
    info = listing.saves[0]
    assert info.saved_at.tzinfo is not None and info.saved_at.utcoffset().total_seconds() == 0
    info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")  # what the Load screen does
    assert any("date" in note for note in info.notes)


def test_save_name_with_a_lone_surrogate_is_repaired_for_the_list(tmp_path):
    doc = save_document(_session(30), "x")
    doc["name"] = "Sunday \ud800 game" + "!" * 200
    doc["checksum"] = saves._checksum(doc)
    _write(tmp_path / "odd.json", doc)
    info = list_saves(tmp_path).saves[0]
    assert text_problem(info.name, 60) is None and "Sunday" in info.name
    info.name.encode("utf-8")


def test_pending_decision_naming_an_unknown_nation_is_listed_as_a_problem(tmp_path):
    doc = save_document(_session(40), "x")
    doc["snapshot"]["pending"]["nation"] = "atlantis"
    _reseal(doc)
    _write(tmp_path / "atlantis.json", doc)
    listing = list_saves(tmp_path)
    assert not listing.saves and len(listing.problems) == 1
    assert listing.problems[0].message and text_problem(listing.problems[0].message, 240) is None


def test_snapshot_refused_but_record_intact_loads_the_replayed_game(tmp_path):
    session = _session(60)
    doc = save_document(session, "x")
    doc["snapshot"]["armies"][IT]["north_sea"] = 1  # the checksum is recomputed, the digests are not
    doc["checksum"] = saves._checksum(doc)
    _write(tmp_path / "s.json", doc)
    saved = read_save(tmp_path / "s.json")
    assert saved.state == session.state and "army at sea" in saved.notes[0]


def test_seat_name_with_a_lone_surrogate_is_refused(tmp_path):
    doc = save_document(_session(10), "x")
    doc["seats"][0]["name"] = "\udfff"
    doc["checksum"] = saves._checksum(doc)
    _write(tmp_path / "s.json", doc)
    with pytest.raises(SaveError, match="surrogate"):
        read_save(tmp_path / "s.json")


def test_no_governments_and_no_bonds_does_not_hang(tmp_path):
    doc = save_document(_session(30), "x")
    snap = doc["snapshot"]
    snap["government"] = {n: None for n in snap["government"]}
    snap["bonds"] = {n: {} for n in snap["bonds"]}
    snap["swiss_banks"] = list(range(len(snap["cash"])))
    _reseal(doc)
    _write(tmp_path / "s.json", doc)
    started = time.perf_counter()
    with pytest.raises(SaveError):
        read_save(tmp_path / "s.json")
    assert time.perf_counter() - started < 5


def test_save_info_turns_any_failure_into_a_save_error(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    _write(path, save_document(_session(10), "x"))
    saved = read_save(path)
    monkeypatch.setattr(GameState, "describe_decision", lambda self: {}["boom"])
    with pytest.raises(SaveError):
        save_info(saved, path)
    listing = list_saves(tmp_path)
    assert not listing.saves and len(listing.problems) == 1


@pytest.mark.skipif(sys.platform == "win32" or sys.platform == "darwin", reason="needs byte file names")
def test_file_name_with_undecodable_bytes_gets_a_clean_label(tmp_path):
    raw = os.fsencode(tmp_path) + b"/bad\xff.json"
    with open(raw, "wb") as handle:
        handle.write(b"not json")
    listing = list_saves(tmp_path)
    problem = listing.problems[0]
    assert text_problem(problem.file_label, 200) is None
    assert text_problem(problem.message, 240) is None


# ---------------------------------------------------------------------------- records


def test_record_padded_with_100000_donations_is_refused_quickly(tmp_path):
    session = _session(20)
    data = session.record.to_json(session.state)
    data["actions"] += [{"type": "donate", "player": 0, "nation": IT, "amount": 1}] * 100_000
    started = time.perf_counter()
    with pytest.raises(RecordError, match="actions|donations"):
        GameRecord.from_json(data)
    assert time.perf_counter() - started < 1
    doc = save_document(session, "x")
    doc["record"] = data
    doc["checksum"] = saves._checksum(doc)
    _write(tmp_path / "padded.json", doc)
    with pytest.raises(SaveError, match="actions|donations"):
        read_save(tmp_path / "padded.json")


def test_record_with_too_many_donations_is_refused_but_a_real_game_is_far_below_the_limits():
    finished = GameRecord.load(Path(__file__).resolve().parent.parent / "saves" / "finished.json")
    assert len(finished.actions) * 10 < MAX_RECORD_ACTIONS
    data = finished.to_json()
    data["actions"] += [{"type": "donate", "player": 0, "nation": IT, "amount": 1}] * (MAX_RECORD_DONATIONS + 1)
    with pytest.raises(RecordError, match="donations"):
        GameRecord.from_json(data)


def test_record_with_a_bad_player_name_is_refused_on_replay():
    session = _session(15)
    data = session.record.to_json(session.state)
    data["setup"]["players"][1] = "\ud800"
    data["digest"] = None
    record = GameRecord.from_json(data)
    with pytest.raises(RecordError, match="surrogate"):
        record.replay()


def test_replay_validates_like_a_snapshot():
    session = _session(40)
    state = GameRecord.from_json(session.record.to_json(session.state)).replay()
    assert state == session.state
    state.describe_decision()


def test_loaded_date_is_utc(tmp_path):
    doc = save_document(_session(5), "x")
    doc["saved_at"] = "2025-05-01T18:30:00+02:00"
    doc["checksum"] = saves._checksum(doc)
    _write(tmp_path / "s.json", doc)
    saved = read_save(tmp_path / "s.json")
    assert saved.saved_at.tzinfo == timezone.utc and saved.saved_at.hour == 16
