"""The series of a game (its charts' figures) equal the core's figures replayed at each sample."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from imperial_desktop.core import GameSetup, GameState
from imperial_desktop.core.record import GameRecord
from imperial_desktop.play import play_game
from imperial_desktop.session.game_series import (series_of_game, series_of_present, series_of_record,
                                                  series_of_session, series_of_timeline)
from imperial_desktop.session.timeline import Timeline

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "tests" / "data" / "previous_release").glob("*.record.json")) + [ROOT / "saves" / "finished.json"]


def _replayed(record: GameRecord, count: int) -> GameState:
    state = GameState.new(record.setup)
    for action in record.actions[:count]:
        state.apply(action)
    return state


def long_game() -> GameRecord:
    """A finished game of more than 1,000 actions (five random bots, seed 8)."""
    setup = GameSetup.create(5, 8, names=["Anna", "Ben", "Clara", "David", "Emil"])
    record = GameRecord(setup, [])
    play_game(setup, ["random"] * 5, 8, record=record, max_actions=5000)
    return record


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_sample_equals_the_core_replayed_there(path: Path) -> None:
    record = GameRecord.load(path)
    series = series_of_record(record)
    assert series.complete and len(series) > 1
    step = max(1, len(series) // 12)
    for k in [*range(0, len(series), step), len(series) - 1]:
        state = _replayed(record, series.positions[k])
        assert {n: series.power[n][k] for n in series.nations} == state.power, k
        totals = {r["player"]: r["total"] for r in state.ranking()}
        assert {p: series.scores[p][k] for p in range(len(series.players))} == totals, k
        assert {p: series.cash[p][k] for p in range(len(series.players))} == dict(enumerate(state.cash)), k
        assert {n: series.governments[n][k] for n in series.nations} == state.government, k


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_samples_are_the_turn_starts_of_the_timeline(path: Path) -> None:
    record = GameRecord.load(path)
    timeline = Timeline.from_record(record)
    series = series_of_timeline(timeline)
    assert list(series.positions) == sorted({0, *timeline.turn_starts(), timeline.last})
    assert [m.round for m in series.moments] == [timeline.moment(p).round for p in series.positions]
    assert series == series_of_record(record)
    rounds = series.rounds()
    assert [r for _k, r in rounds] == sorted({m.round for m in series.moments})
    assert [series.positions[k] for k, _r in rounds[1:]] == [p for p in timeline.round_starts()
                                                            if timeline.moment(p).round > rounds[0][1]]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_government_spans_cover_the_game_and_match_the_core(path: Path) -> None:
    record = GameRecord.load(path)
    series = series_of_record(record)
    for nation in series.nations:
        spans = series.spans(nation)
        assert spans[0].first == 0 and spans[-1].last == len(series) - 1
        assert spans[-1].end == series.positions[-1]
        for before, after in zip(spans, spans[1:]):
            assert after.first == before.last + 1 and before.player != after.player
            assert before.end == after.start
        for span in spans:  # at the span's first and last sample the core says the same player governs
            for k in (span.first, span.last):
                assert _replayed(record, series.positions[k]).government[nation] == span.player


def test_a_record_that_does_not_lead_to_the_present_gives_the_present_alone() -> None:
    record = GameRecord.load(ROOT / "saves" / "finished.json")
    present = record.replay()
    whole = series_of_session(record.setup, record.actions, present)
    assert whole.complete and whole.positions[-1] == len(record.actions)
    alone = series_of_session(record.setup, record.actions[:10], present)  # the record is cut short
    assert not alone.complete and len(alone) == 1
    assert {n: alone.power[n][0] for n in alone.nations} == present.power
    assert alone == series_of_present(present)


def test_the_nearest_sample_of_a_position() -> None:
    series = series_of_record(GameRecord.load(RECORDS[0]))
    assert series.nearest(0) == 0
    assert series.nearest(series.positions[3]) == 3
    assert series.nearest(series.positions[3] + 1) in (3, 4)
    assert series.positions[series.nearest(series.positions[3] + 1)] <= series.positions[3] + 1
    assert series.nearest(10**9) == len(series) - 1


def test_a_game_of_a_thousand_actions_is_fast() -> None:
    record = long_game()
    assert len(record.actions) >= 1000
    started = time.perf_counter()
    series = series_of_game(record.setup, record.actions)
    seconds = time.perf_counter() - started
    print(f"series of a {len(record.actions)}-action game: {len(series)} samples in {seconds * 1000:.1f} ms")
    assert len(series) < len(record.actions) / 2  # sampled per nation turn, not per action
    assert seconds < 0.5  # about 30 ms here; charts open at once
