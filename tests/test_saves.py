"""Saved games (issue 6): round trips, 500+ fuzzed saves, atomic autosave, the load screen list."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path

import pytest

from imperial_desktop.core import GameRecord, GameSetup
from imperial_desktop.session import autosave as autosaves, saves
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.autosave import AutoSaver, autosave, continue_game, load_autosave
from imperial_desktop.session.saves import (
    AUTOSAVE, AUTOSAVE_PREV, SaveError, delete_save, list_saves, load_game, read_save, save_document, save_game,
    upgrade,
)
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Never touch the real user folders, even where a test forgets ``root``."""
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path / "home"))


def seats_for(setup: GameSetup, computers: tuple[int, ...] = ()) -> list[Seat]:
    return [Seat(name, COMPUTER if i in computers else HUMAN, "random" if i in computers else "normal")
            for i, name in enumerate(setup.players)]


def start_session(players: int = 4, seed: int = 3) -> GameSession:
    setup = GameSetup.create(players, seed, names=["Ann", "Bob", "Cem", "Dora", "Eve", "Finn"][:players])
    return GameSession(setup, seats_for(setup, computers=(players - 1,)), seed=seed)


def midgame_session(actions: int = 300, seed: int = 11) -> GameSession:
    """A game after ``actions`` random legal actions (seeded)."""
    session = start_session(seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if session.state.is_terminal():
            break
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def finished_session() -> GameSession:
    record = GameRecord.load(ROOT / "saves" / "finished.json")
    session = GameSession.from_record(record, seats_for(record.setup))
    assert session.state.is_terminal()
    return session


# ---------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("make", [start_session, midgame_session, finished_session],
                         ids=["start", "midgame_300_actions", "finished"])
def test_save_and_load_round_trip_gives_an_equal_state(tmp_path, make):
    session = make()
    path = save_game(session, "Round trip", tmp_path)
    saved = read_save(path)
    assert saved.notes == []  # intact file: restored from the snapshot
    assert saved.state == session.state
    assert saved.state.digest() == session.state.digest()
    assert saved.name == "Round trip"
    assert saved.seats == session.seats
    loaded = load_game(path)
    assert isinstance(loaded, GameSession)
    assert loaded.state == session.state
    assert loaded.seats == session.seats
    assert loaded.record.actions == session.record.actions
    assert GameRecord(loaded.setup, list(loaded.record.actions)).replay() == session.state
    assert loaded.state.current_player() == session.state.current_player()


def test_loaded_game_plays_on_identically(tmp_path):
    session = midgame_session(120)
    loaded = load_game(save_game(session, "g", tmp_path))
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(40):
        session.apply(rng_a.choice(session.state.legal_actions()))
        loaded.apply(rng_b.choice(loaded.state.legal_actions()))
    assert loaded.state == session.state


def test_missing_or_damaged_snapshot_is_restored_by_replaying_the_record(tmp_path):
    session = midgame_session(150)
    data = save_document(session, "x")
    for broken in (None, {"cash": "lots"}, "garbage"):
        doc = copy.deepcopy(data)
        if broken is None:
            del doc["snapshot"]
        else:
            doc["snapshot"] = broken
        path = tmp_path / "s.json"
        path.write_text(json.dumps(doc))
        saved = read_save(path)
        assert saved.state == session.state
        assert saved.notes and "replaying" in saved.notes[0]


def test_snapshot_disagreeing_with_the_record_is_not_trusted(tmp_path):
    session = midgame_session(150)
    other = midgame_session(160)
    doc = save_document(session, "x")
    doc["snapshot"] = other.state.to_dict()
    doc["digest"] = other.state.digest()
    doc["checksum"] = saves._checksum(doc)  # a consistent-looking file
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    assert read_save(path).state == session.state  # the record wins


def test_names_become_safe_file_names(tmp_path):
    session = start_session()
    for name in ("My game!", "../../etc/passwd", "CON", "autosave", "", "Ümlaut  ünd Ärger"):
        path = save_game(session, name, tmp_path)
        assert path.parent == tmp_path and path.name != AUTOSAVE
        assert read_save(path).name == name


def test_saves_go_to_the_home_override_by_default(tmp_path):
    path = save_game(start_session(), "Here")
    assert path.parent == tmp_path / "home" / "saves"
    assert saves.saves_dir() == tmp_path / "home" / "saves"


# ---------------------------------------------------------------------------- versions


def test_newer_format_version_is_refused_with_a_clear_message(tmp_path):
    doc = save_document(start_session(), "x")
    doc["format_version"] = 2
    path = tmp_path / "new.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="newer Imperial Desktop"):
        read_save(path)


def test_upgrade_runs_registered_steps(monkeypatch):
    doc = save_document(start_session(), "x")
    old = dict(doc, format_version=0, title=doc["name"])
    del old["name"]

    def zero_to_one(data):
        data["name"] = data.pop("title")
        return data

    with pytest.raises(SaveError, match="version 0 is not supported"):
        upgrade(dict(old))
    monkeypatch.setitem(saves.UPGRADES, 0, zero_to_one)
    upgraded = upgrade(dict(old))
    assert upgraded["format_version"] == 1 and upgraded["name"] == "x"
    assert saves.decode_save(upgraded).state == start_session().state


# ---------------------------------------------------------------------------- fuzzing

JUNK = [None, True, False, -1, 0, 1.5, 10**100, -10**100, 1e308, "", "x" * 50, [], [1, 2], {}, {"a": 1}]


def _paths(value, prefix=()):
    """Every path into a JSON value (dict keys and list indices)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


def _set(doc, path, value):
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def _get(doc, path):
    for key in path:
        doc = doc[key]
    return doc


def _mutate(rng: random.Random, doc: dict, raw: bytes) -> tuple[str, bytes]:
    """One random corruption of a save; returns its kind and the file's bytes.

    Kinds ending in "+checksum" also recompute the checksum (an edit the checksum cannot see),
    which makes the loader trust the snapshot and check it alone.
    """
    kind = rng.choice(["truncate", "bitflip", "wrong_type", "missing_key", "huge_number",
                       "version", "unknown_action", "illegal_action", "duplicate_action"])
    if kind == "truncate":
        return kind, raw[:rng.randrange(len(raw))]
    if kind == "bitflip":
        data = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return kind, bytes(data)
    doc = copy.deepcopy(doc)
    paths = [p for p in _paths(doc) if p]
    if kind == "wrong_type":
        _set(doc, rng.choice(paths), rng.choice(JUNK))
    elif kind == "missing_key":
        path = rng.choice([p for p in paths if isinstance(_get(doc, p[:-1]), dict)])
        del _get(doc, path[:-1])[path[-1]]
    elif kind == "huge_number":
        numbers = [p for p in paths if isinstance(_get(doc, p), int) and not isinstance(_get(doc, p), bool)]
        _set(doc, rng.choice(numbers), rng.choice([10**100, -10**100, 2**63, 10**4000]))
    elif kind == "version":
        key = rng.choice(["format_version", "format"])
        _set(doc, (key,), rng.choice([0, 2, 99, -1, "1", None, 1.0, True, "imperial-desktop-record"]))
    elif kind == "unknown_action":
        actions = doc["record"]["actions"]
        actions.insert(rng.randint(0, len(actions)), {"type": rng.choice(["warp", "", "RONDEL"]), "nation": "italy"})
    elif kind == "illegal_action":
        actions = doc["record"]["actions"]
        bad = rng.choice([{"type": "rondel", "nation": "italy", "space": 9},
                          {"type": "donate", "player": 0, "nation": "italy", "amount": 10**6},
                          {"type": "move_army", "nation": "russia", "origin": "moscow", "destination": "london", "convoy": []},
                          {"type": "pass", "player": 3}])
        actions.insert(rng.randint(0, len(actions)), bad)
    else:  # duplicate_action: replays an earlier decision at the wrong time
        actions = doc["record"]["actions"]
        extra = copy.deepcopy(rng.choice(actions)) if actions else {"type": "pass", "player": 1}
        actions.insert(rng.randint(0, len(actions)), extra)
    if rng.random() < 0.3:
        doc["checksum"] = saves._checksum(doc)
        kind += "+checksum"
    return kind, json.dumps(doc).encode("utf-8")


def test_500_fuzzed_saves_give_clean_errors(tmp_path):
    rng = random.Random(2024)
    bases = [start_session(), midgame_session(100, seed=4), midgame_session(60, seed=9)]
    good = save_game(bases[1], "Untouched", tmp_path)
    good_bytes = good.read_bytes()
    docs = [(save_document(s, "Fuzz"), s) for s in bases]
    outcomes: dict[str, int] = {}
    for case in range(520):
        doc, session = docs[case % len(docs)]
        raw = (json.dumps(doc, indent=1) + "\n").encode("utf-8")
        kind, data = _mutate(rng, doc, raw)
        path = tmp_path / "fuzz.json"
        path.write_bytes(data)
        try:
            saved = read_save(path)
        except SaveError as exc:
            message = str(exc)
            assert message and "Traceback" not in message and len(message) <= 240, (kind, message)
            outcomes[kind + ":error"] = outcomes.get(kind + ":error", 0) + 1
        except Exception as exc:  # pragma: no cover - the failure this test exists to catch
            pytest.fail(f"case {case} ({kind}) raised {type(exc).__name__}: {exc}")
        else:
            saved.state.validate()  # a harmless mutation: the game must still be sound
            saved.to_session()
            if kind.endswith("+checksum"):
                assert saved.state == session.state  # the (untouched) snapshot was used
            else:  # the record itself was checked: it replays to the loaded state
                assert GameRecord(saved.record.setup, saved.record.actions).replay() == saved.state
            outcomes[kind + ":loaded"] = outcomes.get(kind + ":loaded", 0) + 1
        assert path.read_bytes() == data  # loading never changes a file
    assert good.read_bytes() == good_bytes and read_save(good).state == bases[1].state
    errors = sum(n for k, n in outcomes.items() if k.endswith(":error"))
    assert errors >= 300, outcomes
    for kind in ("truncate", "version", "unknown_action", "illegal_action"):
        assert outcomes.get(kind + ":loaded", 0) == 0, outcomes


@pytest.mark.parametrize("content", [
    b"", b"   ", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b"null", b'"text"', b"{}",
    b'{"format": "imperial-desktop-save"}', b"[" * 100_000, b"1" * 5000,
    b'{"format": "imperial-desktop-save", "format_version": 1e400}',
])
def test_unreadable_files_give_clean_errors(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError):
        read_save(path)


def test_missing_file_and_folder_give_clean_errors(tmp_path):
    with pytest.raises(SaveError, match="cannot read"):
        read_save(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="is not a saved game \\(not a regular file\\)"):
        read_save(tmp_path)  # a folder


def test_error_names_the_illegal_action(tmp_path):
    doc = save_document(midgame_session(50), "x")
    doc["record"]["actions"].insert(10, {"type": "rondel", "nation": "italy", "space": 9})
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match=r"action #11 cannot be applied"):
        read_save(path)


# ---------------------------------------------------------------------------- autosave


def test_autosave_rotates_the_previous_one(tmp_path):
    session = midgame_session(30)
    autosave(session, tmp_path)
    first = session.state.digest()
    session.apply(session.state.legal_actions()[0])
    autosave(session, tmp_path)
    assert read_save(tmp_path / AUTOSAVE).state.digest() == session.state.digest()
    assert read_save(tmp_path / AUTOSAVE_PREV).state.digest() == first
    assert sorted(p.name for p in tmp_path.iterdir()) == [AUTOSAVE, AUTOSAVE_PREV]


class _HalfWriter:
    """A file that writes half of what it is given and then fails (a crash mid-write)."""

    def __init__(self, handle):
        self.handle = handle

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.handle.close()

    def write(self, data):
        self.handle.write(data[: len(data) // 2])
        self.handle.flush()
        raise OSError(28, "No space left on device")

    def flush(self):
        self.handle.flush()

    def fileno(self):
        return self.handle.fileno()


def test_killed_write_keeps_previous_autosave(tmp_path, monkeypatch):
    session = midgame_session(40)
    autosave(session, tmp_path)
    session.apply(session.state.legal_actions()[0])
    autosave(session, tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    good_digest = session.state.digest()
    session.apply(session.state.legal_actions()[0])

    real_fdopen = os.fdopen
    monkeypatch.setattr(os, "fdopen", lambda fd, mode="r", *a, **k: _HalfWriter(real_fdopen(fd, mode, *a, **k)))
    with pytest.raises(SaveError, match="the disk is full"):
        autosave(session, tmp_path)
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # no temp file left over
    resumed, notes = continue_game(tmp_path)
    assert resumed.state.digest() == good_digest and notes == []


def test_killed_process_before_replace_keeps_previous_autosave(tmp_path, monkeypatch):
    """A kill between writing the temporary file and renaming it: old autosave intact."""
    session = midgame_session(40)
    autosave(session, tmp_path)
    good_digest = session.state.digest()
    session.apply(session.state.legal_actions()[0])

    class Killed(BaseException):
        pass

    def killed(*args, **kwargs):
        raise Killed()

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(Killed):
        autosave(session, tmp_path)
    monkeypatch.undo()
    (tmp_path / ".autosave-crashed.tmp").write_bytes(b'{"format": "imperial-desk')  # what a kill leaves
    assert read_save(tmp_path / AUTOSAVE).state.digest() == good_digest
    assert load_autosave(tmp_path).notes == []
    assert [i.name for i in list_saves(tmp_path).saves] == ["Autosave"]


def test_corrupt_autosave_falls_back_to_the_previous_one_with_a_note(tmp_path):
    session = midgame_session(40)
    autosave(session, tmp_path)
    older = session.state.digest()
    session.apply(session.state.legal_actions()[0])
    autosave(session, tmp_path)
    current = tmp_path / AUTOSAVE
    current.write_bytes(current.read_bytes()[:500])  # torn by a disk failure
    resumed, notes = continue_game(tmp_path)
    assert resumed.state.digest() == older
    assert notes and "could not be read" in notes[0]


def test_continue_without_autosave_is_a_clean_error(tmp_path):
    assert not autosaves.has_autosave(tmp_path)
    with pytest.raises(SaveError, match="no game to continue"):
        continue_game(tmp_path)


def test_autosaver_writes_after_actions_undo_and_redo(tmp_path):
    session = start_session()
    saver = AutoSaver(session, tmp_path)
    assert saver.flush(10)
    assert read_save(tmp_path / AUTOSAVE).state == session.state  # written at once
    start = session.state.digest()
    session.apply(session.state.legal_actions()[0])
    after = session.state.digest()
    assert saver.flush(10)
    assert read_save(tmp_path / AUTOSAVE).state.digest() == after
    assert session.undo()
    assert saver.flush(10)
    assert read_save(tmp_path / AUTOSAVE).state.digest() == start
    assert session.redo()
    assert saver.flush(10)
    assert read_save(tmp_path / AUTOSAVE).state.digest() == after
    loaded = load_game(tmp_path / AUTOSAVE)
    assert loaded.seats == session.seats and loaded.state.digest() == after
    saver.detach()
    session.apply(session.state.legal_actions()[0])
    assert saver.flush(10)
    assert read_save(tmp_path / AUTOSAVE).state.digest() == after
    assert saver.last_error is None and saver.take_message() is None


def test_autosaver_keeps_playing_when_the_disk_fails(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    session = start_session()
    saver = AutoSaver(session, blocker / "saves")
    session.apply(session.state.legal_actions()[0])  # no exception reaches the game
    assert saver.flush(10)
    assert saver.last_error and "autosave" in saver.last_error
    message = saver.take_message()
    assert message and "Autosave failed" in message and str(blocker) in message
    saver.close()


def test_autosaver_writes_in_a_background_thread_latest_state_wins(tmp_path, monkeypatch):
    """A slow disk never holds up the caller: writes queue, the newest state is what lands."""
    import threading
    from imperial_desktop.session import autosave as autosave_module

    gate = threading.Event()
    real_write = autosave_module.write_autosave_payload
    written = []

    def slow_write(payload, root=None):
        gate.wait(10)
        written.append(payload)
        return real_write(payload, root)

    monkeypatch.setattr(autosave_module, "write_autosave_payload", slow_write)
    session = start_session()
    saver = AutoSaver(session, tmp_path)  # the first write blocks on the gate
    for _ in range(5):
        session.apply(session.state.legal_actions()[0])  # returns although the disk is "stuck"
    assert not saver.flush(0.05)
    gate.set()
    assert saver.flush(10)
    assert len(written) <= 2  # the first write, then only the newest of the five queued
    assert read_save(tmp_path / AUTOSAVE).state.digest() == session.state.digest()
    assert saver.saved_version == session.version
    saver.close()


def test_autosaver_saves_computer_moves(tmp_path):
    session = start_session()
    saver = AutoSaver(session, tmp_path, save_now=False)
    while session.waits_for_local_input():
        session.apply(session.state.legal_actions()[0])
    assert session.run_computers(max_actions=3) >= 1
    assert saver.flush(10)
    assert read_save(tmp_path / AUTOSAVE).state == session.state


# ---------------------------------------------------------------------------- load screen


def test_list_saves_skips_and_reports_a_corrupt_file(tmp_path):
    first = save_game(start_session(), "Opening", tmp_path)
    second = save_game(midgame_session(80), "Middle", tmp_path)
    autosave(finished_session(), tmp_path)
    autosave(finished_session(), tmp_path)  # also leaves autosave.prev.json: not listed
    corrupt = tmp_path / "broken.json"
    corrupt.write_bytes(second.read_bytes()[:1000])
    (tmp_path / "notes.txt").write_text("not a save")
    listing = list_saves(tmp_path)
    names = {info.name: info for info in listing.saves}
    assert set(names) == {"Opening", "Middle", "Autosave"}
    assert [p.path for p in listing.problems] == [corrupt]
    assert "broken.json" in listing.problems[0].message
    opening, middle, auto = names["Opening"], names["Middle"], names["Autosave"]
    assert opening.path == first and opening.players == ("Ann", "Bob", "Cem", "Dora")
    assert opening.nation_turns == 0 and not opening.game_over and "must" in opening.status
    assert middle.nation_turns > 0 and middle.seats[3].kind == COMPUTER
    assert auto.autosave and auto.game_over and auto.status == "the game is over"
    assert listing.saves == sorted(listing.saves, key=lambda i: i.saved_at, reverse=True)
    assert [i.name for i in list_saves(tmp_path, include_autosave=False).saves if i.autosave] == []


def test_list_saves_of_a_missing_folder_is_empty(tmp_path):
    listing = list_saves(tmp_path / "none")
    assert listing.saves == [] and listing.problems == []


def test_delete_save(tmp_path):
    path = save_game(start_session(), "Gone", tmp_path)
    keep = save_game(start_session(), "Kept", tmp_path)
    delete_save(path)
    delete_save(path)  # already gone: no error
    assert [i.path for i in list_saves(tmp_path).saves] == [keep]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_among_the_saves_is_listed_as_a_problem_and_never_waited_on(tmp_path):
    """Session 18's crash hunt: opening a named pipe with nobody writing to it waits for ever, so a
    pipe called like a save in the saves folder would have hung the Load list."""
    import threading

    os.mkfifo(tmp_path / "pipe.json")
    result = {}
    reader = threading.Thread(target=lambda: result.update(listing=saves.list_saves(tmp_path)), daemon=True)
    reader.start()
    reader.join(10)
    assert not reader.is_alive(), "the listing waited on the pipe"
    (problem,) = result["listing"].problems
    assert "not a regular file" in problem.message
    with pytest.raises(saves.SaveError, match="not a regular file"):
        saves.read_save(tmp_path / "pipe.json")
