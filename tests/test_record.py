"""Game records: replay to the identical state (digest); corrupted or illegal records give clear errors."""

import json
import random

import pytest

from imperial_desktop.cli import main
from imperial_desktop.core import GameRecord, GameSetup, GameState, RecordError


def recorded_game(seed=7, players=4, stop_after=None):
    setup = GameSetup.create(players, seed)
    record = GameRecord(setup)
    state = GameState.new(setup)
    rng = random.Random(seed)
    while not state.is_terminal() and (stop_after is None or len(record.actions) < stop_after):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    return record, state


def test_replay_reproduces_the_digest(tmp_path):
    record, state = recorded_game()
    path = tmp_path / "game.json"
    record.save(path, state)
    loaded = GameRecord.load(path)
    replayed = loaded.replay()
    assert replayed.digest() == state.digest() == json.loads(path.read_text())["digest"]
    assert replayed == state


def test_partial_game_record_replays_to_the_pending_decision():
    record, state = recorded_game(stop_after=150)
    replayed = GameRecord.from_json(json.loads(json.dumps(record.to_json(state)))).replay()
    assert replayed.decision().kind == state.decision().kind and replayed == state


def test_wrong_digest_is_reported(tmp_path):
    record, state = recorded_game(stop_after=40)
    data = record.to_json(state)
    data["digest"] = "0" * 64
    with pytest.raises(RecordError, match="digest"):
        GameRecord.from_json(data).replay()


def test_illegal_action_in_record_names_its_number():
    record, state = recorded_game(stop_after=40)
    data = record.to_json(state)
    data["actions"][10] = {"type": "rondel", "nation": "russia", "space": 42}
    with pytest.raises(RecordError, match="action #11"):
        GameRecord.from_json(data).replay()


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.update(format="chess-pgn"), "not a game record"),
    (lambda d: d.update(format_version=7), "version"),
    (lambda d: d.pop("setup"), "setup"),
    (lambda d: d["setup"].update(players=["solo"]), "set-up"),
    (lambda d: d["actions"].__setitem__(3, {"type": "warp"}), "action #4"),
    (lambda d: d["actions"].__setitem__(0, "rondel"), "action #1"),
    (lambda d: d.update(actions="none"), "actions"),
])
def test_corrupted_records_give_clear_errors(mutate, message):
    record, state = recorded_game(stop_after=20)
    data = record.to_json(state)
    mutate(data)
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data).replay()


def test_replay_cli_json_summary(tmp_path, capsys):
    record, state = recorded_game(seed=11)
    path = tmp_path / "g.json"
    record.save(path, state)
    assert main(["replay", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["game_over"] is True and summary["digest"] == state.digest()
    assert set(summary["nations"]) == set(state.board.nation_ids)
    assert {"cash", "bonds", "swiss_bank"} <= set(summary["players"][0])
    assert {"government", "treasury", "power_points", "tax_chart", "rondel", "flags", "factories", "units"} <= set(summary["nations"]["italy"])
    assert len(summary["scores"]) == 4


def test_replay_cli_broken_record_gives_message_not_traceback(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "imperial-desktop-record", "format_version": 1, "setup": {}, "actions": [')
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "Traceback" not in err


def test_simulate_cli_json(capsys):
    assert main(["simulate", "--players", "3", "--games", "2", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["games"]) == 2 and out["summary"]["games"] == 2
    assert all(g["nation_turns"] > 0 and len(g["scores"]) == 3 for g in out["games"])
