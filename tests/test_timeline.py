"""The timeline gives every position of a game exactly as a replay from the set-up does."""

from __future__ import annotations

from pathlib import Path

import pytest

from imperial_desktop.core.record import GameRecord
from imperial_desktop.session.timeline import Timeline

RECORDS = sorted((Path(__file__).parent / "data" / "previous_release").glob("*.record.json"))


def _replayed(record: GameRecord, count: int):
    return GameRecord(record.setup, record.actions[:count]).replay(check_digest=False)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_position_equals_the_replay(path: Path) -> None:
    record = GameRecord.load(path)
    timeline = Timeline.from_record(record, every=7)
    assert len(timeline) == len(record.actions) + 1
    for index in range(0, len(timeline), 5):
        assert timeline.state_at(index).digest() == _replayed(record, index).digest(), index
    assert timeline.state_at(timeline.last).digest() == record.digest


def test_a_position_handed_out_is_a_copy() -> None:
    record = GameRecord.load(RECORDS[0])
    timeline = Timeline.from_record(record, every=10)
    state = timeline.state_at(20)
    state.apply(state.legal_actions()[0])
    assert timeline.state_at(20).digest() == _replayed(record, 20).digest()
    present = timeline.state_at(timeline.last)
    present.cash[0] += 100
    assert timeline.state_at(timeline.last).digest() == record.digest


def test_follow_takes_an_undo_and_new_moves() -> None:
    record = GameRecord.load(RECORDS[0])
    timeline = Timeline.from_record(record, every=10)
    timeline.follow(record.actions[:33])
    assert timeline.last == 33
    assert timeline.state_at(33).digest() == _replayed(record, 33).digest()
    assert timeline.state_at(29).digest() == _replayed(record, 29).digest()
    timeline.follow(record.actions)
    assert timeline.state_at(timeline.last).digest() == record.digest


def test_rounds_and_turns_are_marked_in_order() -> None:
    record = GameRecord.load(next(p for p in RECORDS if "finished" in p.name))
    timeline = Timeline.from_record(record)
    turns, rounds = timeline.turn_starts(), timeline.round_starts()
    assert turns == sorted(turns) and rounds == sorted(rounds)
    assert set(rounds) <= set(turns)
    assert [timeline.moment(i).round for i in rounds] == list(range(1, len(rounds) + 1))
    for index in turns:
        assert timeline.moment(index).nation is not None
    assert len(turns) > len(rounds) > 1
    assert timeline.memory_bytes() > 0
