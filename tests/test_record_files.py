"""Game record files for sharing (session/record_files.py): an export opens to the same game; a
damaged or hostile file is refused in the player's words; 100 fuzzed files (tools/record_fuzz.py,
1,000 in a long run) give no crash."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from imperial_desktop.core import GameRecord, GameSetup
from imperial_desktop.play import play_game
from imperial_desktop.session import record_files
from imperial_desktop.session.seats import Seat

ROOT = Path(__file__).resolve().parent.parent


def _load_tool():
    spec = importlib.util.spec_from_file_location("record_fuzz", ROOT / "tools" / "record_fuzz.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["record_fuzz"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def game():
    names = ["Ann", "Björn", "Computer 1"]
    setup = GameSetup.create(3, 8, names=names)
    record = GameRecord(setup)
    played = play_game(setup, ["random"] * 3, seed=8, record=record)
    seats = [Seat.human("Ann"), Seat.human("Björn"), Seat.computer("Computer 1", "hard")]
    return record, seats, played.state


def test_an_exported_record_opens_to_the_same_game_with_its_seats(tmp_path, game):
    record, seats, state = game
    path = record_files.export_record(record, seats, state, root=tmp_path)
    assert path.parent == tmp_path and path.name.endswith(record_files.RECORD_SUFFIX) and path.name.startswith("ann-bjorn")
    second = record_files.export_record(record, seats, state, root=tmp_path)
    assert second != path and second.exists()  # never over an earlier export
    opened = record_files.read_record_file(path)
    assert opened.state.digest() == state.digest() == opened.record.digest
    assert opened.seats == seats
    assert [i.path for i in record_files.list_record_files(tmp_path)] and len(record_files.list_record_files(tmp_path)) == 2
    # the command line reads the same file
    assert GameRecord.load(path).replay().digest() == state.digest()


def test_a_record_without_seat_notes_has_peoples_seats(tmp_path, game):
    record, _seats, state = game
    path = tmp_path / "plain.json"
    record.save(path, state)
    opened = record_files.read_record_file(path)
    assert [s.kind for s in opened.seats] == ["human"] * 3 and [s.name for s in opened.seats] == list(record.setup.players)


@pytest.mark.parametrize("content, words", [
    (b"", "is empty"),
    (b"\xff\xfe\x00junk", "not text"),
    (b'{"format": "imperial-desktop-record", "actions": [', "not valid JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"format": "something else"}', "not an Imperial Desktop game record"),
    (b'{"format": "imperial-desktop-save", "format_version": 1}', "saved game"),
    (b'{"format": "imperial-desktop-record", "format_version": 9}', "newer Imperial Desktop"),
])
def test_damaged_files_are_refused_in_player_words(tmp_path, content, words):
    path = tmp_path / "bad.imperial-record.json"
    path.write_bytes(content)
    with pytest.raises(record_files.RecordFileError) as caught:
        record_files.read_record_file(path)
    assert words in str(caught.value) and "bad.imperial-record.json" in str(caught.value)
    assert "Traceback" not in str(caught.value)


def test_an_illegal_action_or_a_wrong_digest_is_refused_with_the_detail_kept(tmp_path, game):
    record, seats, state = game
    data = record_files.record_document(record, seats, state)
    data["actions"][5], data["actions"][6] = data["actions"][6], data["actions"][5]
    data["actions"][10] = {"type": "rondel", "nation": "atlantis", "space": 99}
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(record_files.RecordFileError) as caught:
        record_files.read_record_file(path)
    assert "cannot be replayed" in str(caught.value) and caught.value.detail
    data = record_files.record_document(record, seats, state)
    data["digest"] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(record_files.RecordFileError, match="cannot be replayed"):
        record_files.read_record_file(path)


def test_a_folder_and_a_huge_file_are_refused(tmp_path):
    with pytest.raises(record_files.RecordFileError, match="folder"):
        record_files.read_record_file(tmp_path)
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(record_files.MAX_RECORD_FILE_BYTES + 1)
    with pytest.raises(record_files.RecordFileError, match="too large"):
        record_files.read_record_file(big)


def test_an_unwritable_records_folder_is_said_in_player_words(tmp_path, game):
    record, seats, state = game
    blocker = tmp_path / "records"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(record_files.RecordFileError, match="could not be written"):
        record_files.export_record(record, seats, state, root=blocker)


def test_a_hundred_fuzzed_record_files_give_no_crash():
    result = _load_tool().run(100, seed=7, time_limit=20.0)
    assert result["problems"] == []
    assert result["outcomes"].get("refused", 0) > 50 and sum(result["outcomes"].values()) == 100


def test_the_command_line_tells_the_story_the_games_screen_shows(tmp_path, game, capsys):
    from imperial_desktop.cli import main
    from imperial_desktop.session.history import game_story

    record, seats, state = game
    path = record_files.export_record(record, seats, state, root=tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    story, _state = game_story(record)
    assert out[0].startswith(f"3 players, {story.rounds} rounds, {state.turns_taken} nation turns, {len(record.actions)} actions")
    first = story.placings[0]
    assert out[1].startswith(f"  #1 {seats[first.seat].name}") and f": {first.total} (winner)" in out[1]
    assert "Computer 1 (computer, hard)" in "\n".join(out) and "% of the nation turns" in out[1]
