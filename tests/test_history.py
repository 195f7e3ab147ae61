"""The history of games played (session/history.py) and its statistics (session/statistics.py):
finished games are written once each, with results that match the core's ranking; damaged files
are moved aside and reported; the statistics count as their definitions say."""

from __future__ import annotations

import json
import random

import pytest

from imperial_desktop.core import GameRecord, GameSetup
from imperial_desktop.session import history
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat
from imperial_desktop.session.statistics import level_statistics, people_statistics


def finished_session(seed: int, seats: list[Seat], root) -> tuple[GameSession, history.HistoryRecorder]:
    """A game of computer seats (the random bot plays each, whatever its saved level) played to its end."""
    playing = [Seat.computer(s.name, "random") for s in seats]
    session = GameSession(GameSetup.create(len(seats), seed, names=[s.name for s in seats]), playing, seed=seed)
    recorder = history.HistoryRecorder(session, root)
    session.run_computers()
    assert session.state.is_terminal()
    assert recorder.flush()
    return session, recorder


TABLES = [
    [Seat.computer("Ann", "random"), Seat.computer("Bob", "random"), Seat.computer("Cem", "random")],
    [Seat.computer("Ann", "random"), Seat.computer("Dora", "random"), Seat.computer("Eve", "random"), Seat.computer("Bob", "random")],
    [Seat.computer("Bob", "random"), Seat.computer("Ann", "random")],
]


def test_three_finished_games_are_listed_with_the_cores_results(tmp_path):
    sessions = []
    for i, seats in enumerate(TABLES):
        session, recorder = finished_session(10 + i, seats, tmp_path)
        assert recorder.written is not None and recorder.take_message() is None
        sessions.append((session, recorder))
    listing = history.list_history(tmp_path)
    assert listing.set_aside == [] and len(listing.entries) == 3
    by_id = {e.game_id: e for e in listing.entries}
    for session, recorder in sessions:
        entry = by_id[recorder.game_id]
        ranking = session.state.ranking()
        assert [(p.seat, p.total, p.rank) for p in entry.story.placings] == [(r["player"], r["total"], r["rank"]) for r in ranking]
        assert entry.story.winners == tuple(sorted(r["player"] for r in ranking if r["rank"] == 1))
        assert entry.story.actions == len(session.record.actions) and entry.story.nation_turns == session.state.turns_taken
        assert sum(entry.story.turns_governed) <= entry.story.nation_turns
        assert [s.name for s in entry.seats] == list(session.setup.players)
        assert entry.seed == session.seed and entry.seconds_played is not None
        assert entry.record.replay().digest() == session.state.digest()
        assert entry.finished_at.tzinfo is not None
    assert [e.finished_at for e in listing.entries] == sorted((e.finished_at for e in listing.entries), reverse=True)


def test_a_game_is_written_once_and_an_undone_ending_replaces_its_entry(tmp_path):
    seats = [Seat.human("Ann"), Seat.computer("Bob", "random")]
    session = GameSession(GameSetup.create(2, 5, names=["Ann", "Bob"]), seats, seed=5)
    recorder = history.HistoryRecorder(session, tmp_path)
    rng = random.Random(5)
    while not session.state.is_terminal():
        player = session.state.current_player()
        if session.local_seat(player):
            session.apply(rng.choice(session.state.legal_actions()))
        else:
            session.poll()
            session.wait_for_computer()
            session.poll()
    recorder.flush()
    assert len(list((tmp_path).glob("*.json"))) == 1
    if session.can_undo():  # the person made the last move: take it back and end the game again
        session.undo()
        session.apply(session.state.legal_actions()[-1])
        recorder.flush()
    assert len(list(tmp_path.glob("*.json"))) == 1
    # the finished game loaded again (or its results shown again) writes nothing: no action is applied
    again = GameSession(session.setup, seats, state=session.state.clone(), actions=list(session.record.actions))
    other = history.HistoryRecorder(again, tmp_path)
    assert other.flush() and other.written is None
    assert len(history.list_history(tmp_path).entries) == 1


def test_a_damaged_file_is_moved_aside_reported_once_and_the_rest_still_lists(tmp_path):
    for i, seats in enumerate(TABLES[:2]):
        finished_session(20 + i, seats, tmp_path)
    (tmp_path / "game-broken.json").write_text('{"format": "imperial-desktop-history-entry", "format_ver', encoding="utf-8")
    good = sorted(tmp_path.glob("game-*.json"))[0]
    if good.name == "game-broken.json":
        good = sorted(tmp_path.glob("game-*.json"))[1]
    data = json.loads(good.read_text(encoding="utf-8"))
    data["record"]["actions"][3] = {"type": "warp"}  # a hostile record: refused, moved aside too
    hostile = tmp_path / "game-hostile.json"
    hostile.write_text(json.dumps(data), encoding="utf-8")
    listing = history.list_history(tmp_path)
    assert len(listing.entries) == 2
    assert sorted(s.name for s in listing.set_aside) == ["game-broken.json", "game-hostile.json"]
    assert all(s.kept is not None and s.kept.exists() and s.kept.name.endswith(".json.damaged") for s in listing.set_aside)
    again = history.list_history(tmp_path)
    assert len(again.entries) == 2 and again.set_aside == []  # said once


def test_an_entry_changed_by_hand_gets_its_results_from_its_record(tmp_path):
    finished_session(30, TABLES[0], tmp_path)
    path = next(tmp_path.glob("game-*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    true_winners = data["story"]["winners"]
    data["story"]["winners"] = [2] if true_winners != [2] else [0]
    data["story"]["placings"][0]["total"] = 999
    path.write_text(json.dumps(data), encoding="utf-8")
    entry = history.list_history(tmp_path).entries[0]
    assert list(entry.story.winners) == true_winners and entry.story.placings[0].total != 999
    assert entry.notes


@pytest.mark.parametrize("change", [
    lambda d: d.update(seats=d["seats"][:1]),
    lambda d: d.update(finished_at="the year 3"),
    lambda d: d.update(game_id="../../etc"),
    lambda d: d["record"].update(format_version=99),
    lambda d: d.update(format_version=True),
])
def test_malformed_fields_are_refused_without_a_traceback(tmp_path, change):
    finished_session(31, TABLES[2], tmp_path)
    path = next(tmp_path.glob("game-*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(history.HistoryError):
        history.read_entry(path)


def test_an_entry_of_a_newer_version_is_left_alone(tmp_path):
    finished_session(32, TABLES[2], tmp_path)
    path = next(tmp_path.glob("game-*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format_version"] = 7
    path.write_text(json.dumps(data), encoding="utf-8")
    listing = history.list_history(tmp_path)
    assert listing.entries == [] and listing.set_aside[0].kept is None and path.exists()


def _entry(seats: list[Seat], placings: list[tuple[int, int, int]], governed: list[int], turns: list[int],
           nation_turns: int) -> history.HistoryEntry:
    """An entry with made-up results (the statistics only read the results)."""
    story = history.GameStory(
        tuple(history.Placing(seat, seats[seat].name, total, rank) for seat, total, rank in placings),
        tuple(seat for seat, _total, rank in placings if rank == 1),
        tuple(tuple(f"n{i}" for i in range(count)) for count in governed), tuple(turns), nation_turns, 10, 300, True)
    setup = GameSetup.create(len(seats), 1, names=[s.name for s in seats])
    from datetime import datetime, timezone

    return history.HistoryEntry("x", datetime(2026, 1, 1, tzinfo=timezone.utc), seats, story, GameRecord(setup))


def test_statistics_count_wins_places_scores_and_governments_as_defined():
    ann, bob, hard, easy = Seat.human("Ann"), Seat.human("Bob"), Seat.computer("C1", "hard"), Seat.computer("C2", "easy")
    games = [
        _entry([ann, bob, hard], [(0, 90, 1), (2, 80, 2), (1, 70, 3)], [2, 1, 3], [20, 10, 30], 60),
        _entry([bob, ann, easy], [(0, 50, 1), (1, 50, 1), (2, 10, 3)], [1, 1, 4], [5, 5, 40], 60),  # a shared first place
        _entry([ann, hard, Seat.computer("C3", "hard")], [(1, 60, 1), (0, 55, 2), (2, 40, 3)], [0, 3, 3], [0, 30, 30], 60),
    ]
    people = {t.key: t for t in people_statistics(games)}
    assert set(people) == {"Ann", "Bob"}
    a = people["Ann"]
    assert (a.games, a.wins, a.rank_sum, a.score_sum, a.governments_sum) == (3, 2, 4, 195, 3)
    assert a.average_place == pytest.approx(4 / 3) and a.average_score == pytest.approx(65)
    assert a.governed_share == pytest.approx(25 / 180)
    b = people["Bob"]
    assert (b.games, b.wins, b.rank_sum) == (2, 1, 4)
    levels = {t.key: t for t in level_statistics(games)}
    assert set(levels) == {"hard", "easy"}
    assert (levels["hard"].games, levels["hard"].wins, levels["hard"].rank_sum) == (3, 1, 6)
    assert levels["hard"].governed_share == pytest.approx(90 / 180)
    assert (levels["easy"].games, levels["easy"].wins, levels["easy"].average_place) == (1, 0, 3)
    assert [t.key for t in people_statistics(games)] == ["Ann", "Bob"]  # most games first


def test_a_resealed_entry_naming_a_nation_the_board_lacks_is_refused(tmp_path):
    finished_session(33, TABLES[2], tmp_path)
    path = next(tmp_path.glob("game-*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    data["story"]["governed_at_end"][0] = ["x" * 100_000]
    data["checksum"] = history._checksum(data)  # looks intact: the summary itself is checked
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(history.HistoryError, match="nation"):
        history.read_entry(path)
