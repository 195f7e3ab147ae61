"""The Games played screen (ui/games_screen.py), record files opened from Load and by dropping
them on the window (ui/records_screen.py), and Export record… in the game menu: driven through
the whole app with posted pygame events."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pygame
import pygame_gui
import pytest

from imperial_desktop.core import GameSetup
from imperial_desktop.session import history, record_files
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat
from imperial_desktop.session.statistics import people_statistics
from test_ui_menus import layout_problems
from ui_driver import choose_in_app, click_in_app

TABLES = [
    [Seat.human("Ann"), Seat.computer("Computer 1", "hard"), Seat.computer("Computer 2", "easy")],
    [Seat.human("Ann"), Seat.human("Bob"), Seat.human("Dora"), Seat.computer("Computer 1", "normal")],
    [Seat.human("Bob"), Seat.computer("Computer 1", "hard")],
]


def frames(app, n=2):
    for _ in range(n):
        app.frame(1 / 60)


def click(app, element):
    click_in_app(app, element, settle=2)


def play_finished_games(tables=TABLES, seed=40) -> list[tuple[GameSession, history.HistoryRecorder]]:
    """Finished games added to the history as the window adds them (the random bot plays each seat;
    the seats saved are those of ``tables``)."""
    out = []
    for i, seats in enumerate(tables):
        playing = [Seat.computer(s.name, "random") for s in seats]
        session = GameSession(GameSetup.create(len(seats), seed + i, names=[s.name for s in seats]), playing, seed=seed + i)
        recorder = history.HistoryRecorder(session)
        session.run_computers()
        session.seats = list(seats)  # what the history keeps: the seats as the players chose them
        assert session.state.is_terminal()
        out.append((session, recorder))
    # the entry is built from the session when its last action is applied: write the chosen seats
    now = datetime.now(timezone.utc)
    for i, (session, recorder) in enumerate(out):
        recorder.flush()
        history.record_finished_game(session.record, session.seats, seed=session.seed, game_id=recorder.game_id,
                                     seconds_played=3600, finished_at=now - timedelta(hours=len(out) - i))
    return out


def open_games(app):
    from imperial_desktop.ui.games_screen import GamesScene

    click(app, app.scene.buttons["games"])
    assert isinstance(app.scene, GamesScene)
    for _ in range(300):
        frames(app, 1)
        if app.scene.future is None:
            break
        app.scene.future.result(10)
    frames(app, 2)
    return app.scene


def select_row(app, index: int) -> None:
    """Click the list's row ``index`` (as a player does)."""
    scene = app.scene
    item = scene.list.item_list[index]
    click_in_app(app, item["button_element"], settle=2)
    assert scene.selected() is not None


@pytest.fixture
def review_calls(monkeypatch):
    """Look back's calls (the time-travel screen is another part's: its own tests drive it)."""
    from imperial_desktop.ui import time_travel

    calls = []
    monkeypatch.setattr(time_travel, "open_review", lambda app, record, **kw: calls.append((record, kw)))
    return calls


def test_three_finished_games_are_listed_with_winner_results_and_statistics(app):
    games = play_finished_games()
    scene = open_games(app)
    assert len(scene.rows) == 3
    for session, recorder in games:
        row = next(text for text, key in scene.rows if key == f"#game_{recorder.game_id}")
        winners = [r["player"] for r in session.state.ranking() if r["rank"] == 1]
        top = session.state.ranking()[0]["total"]
        for seat, s in enumerate(session.seats):
            marked = f"{s.name} ★" in row or f"{s.name} ({s.level.capitalize()}) ★" in row
            assert marked == (seat in winners), (row, seat)
        assert f"winner {top} points" in row and "1 h 0 min" in row
    select_row(app, 0)
    entry = scene.selected()
    assert str(entry.story.placings[0].total) in scene.info_text and "1. " in scene.info_text
    click(app, scene.widgets["statistics"])
    assert scene.view == "statistics" and scene.list is None and scene.stats_image is not None
    assert not scene.widgets["rematch"].visible
    ann = next(t for t in people_statistics(scene.listing.entries) if t.key == "Ann")
    assert ann.games == 2
    wins = sum(1 for s, _r in games if "Ann" in s.setup.players and
               s.setup.players.index("Ann") in [r["player"] for r in s.state.ranking() if r["rank"] == 1])
    assert ann.wins == wins
    assert layout_problems(app) == []
    click(app, scene.widgets["games"])
    assert scene.view == "games" and len(scene.rows) == 3


def test_sort_and_filter_by_name_and_level(app):
    play_finished_games()
    scene = open_games(app)
    newest = [key for _text, key in scene.rows]
    choose_in_app(app, scene.widgets["sort"], "oldest first")
    assert [key for _text, key in scene.rows] == newest[::-1]
    choose_in_app(app, scene.widgets["sort"], "longest first")
    lengths = [scene.targets[key].story.actions for _text, key in scene.rows]
    assert lengths == sorted(lengths, reverse=True)
    click(app, scene.widgets["filter"])
    for char in "dora":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        frames(app, 1)
    frames(app, 2)
    assert scene.filter_text == "dora" and len(scene.rows) == 1 and "Dora" in scene.rows[0][0]
    assert "1 shown by the filter" in scene.info_text
    scene.widgets["filter"].set_text("")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=scene.widgets["filter"], text=""))
    frames(app, 2)
    assert len(scene.rows) == 3
    choose_in_app(app, scene.widgets["level"], "Hard")
    assert len(scene.rows) == 2 and all("(Hard)" in text for text, _key in scene.rows)
    choose_in_app(app, scene.widgets["level"], "Expert")
    assert scene.rows == []


def test_delete_asks_first_then_deletes(app):
    play_finished_games()
    scene = open_games(app)
    select_row(app, 0)
    entry = scene.selected()
    click(app, scene.widgets["delete"])
    question = scene._delete_question
    assert question is not None and question.alive() and "cannot be undone" in question.confirmation_text.html_text
    click(app, question.cancel_button)
    assert entry.path.exists() and len(scene.rows) == 3
    click(app, scene.widgets["delete"])
    click(app, scene._delete_question.confirm_button)
    assert not entry.path.exists() and len(scene.rows) == 2
    assert len(history.list_history().entries) == 2


@pytest.mark.parametrize("deal", ["new deal", "same deal"])
def test_a_rematch_starts_with_the_same_seats_and_options(app, monkeypatch, deal):
    games = play_finished_games()
    started = []
    monkeypatch.setattr(type(app), "start_game", lambda self, session, coach=None: started.append(session))
    scene = open_games(app)
    select_row(app, 1)
    entry = scene.selected()
    if deal == "same deal":
        assert scene.widgets["deal"].text == "Deal: new"
        click(app, scene.widgets["deal"])
        assert scene.widgets["deal"].text == "Deal: same" and scene.selected() is entry
    click(app, scene.widgets["rematch"])
    assert len(started) == 1
    session = started[0]
    assert [(s.name, s.kind, s.level) for s in session.seats] == [(s.name, s.kind, s.level) for s in entry.seats]
    old = entry.record.setup
    new = session.setup
    assert (new.players, new.bond_distribution, new.investor_card, new.options, new.map_name) == \
        (old.players, old.bond_distribution, old.investor_card, old.options, old.map_name)
    assert session.record.actions == [] and not session.state.is_terminal()
    if deal == "same deal":
        assert new == old and session.seed == entry.seed
    assert any(recorder.game_id == entry.game_id for _s, recorder in games)


def test_a_rematch_over_a_game_in_progress_asks_first(app, monkeypatch):
    from imperial_desktop.session import autosave as autosaves

    play_finished_games(TABLES[:1])
    running = GameSession(GameSetup.create(3, 9, names=["Ina", "Jo", "Kai"]), [Seat.human(n) for n in ("Ina", "Jo", "Kai")])
    running.apply(running.state.legal_actions()[0])
    autosaves.autosave(running)
    started = []
    monkeypatch.setattr(type(app), "start_game", lambda self, session, coach=None: started.append(session))
    scene = open_games(app)
    select_row(app, 0)
    click(app, scene.widgets["rematch"])
    assert not started and scene._replace_question.alive()
    click(app, scene._replace_question.confirm_button)
    assert len(started) == 1


def test_a_damaged_history_file_is_kept_aside_and_reported(app, tmp_path):
    play_finished_games(TABLES[:2])
    bad = tmp_path / "history" / "game-0123abcd.json"
    bad.write_text("{ not json", encoding="utf-8")
    scene = open_games(app)
    assert len(scene.rows) == 2
    assert "could not be read and was set aside" in scene.info_text and "game-0123abcd.json.damaged" in scene.info_text
    assert not bad.exists() and (tmp_path / "history" / "game-0123abcd.json.damaged").exists()
    click(app, scene.widgets["back"])
    scene = open_games(app)
    assert "set aside" not in scene.info_text  # said once


def test_look_back_and_export_of_a_listed_game(app, tmp_path, review_calls):
    games = play_finished_games(TABLES[:1])
    scene = open_games(app)
    select_row(app, 0)
    click(app, scene.widgets["review"])
    assert len(review_calls) == 1
    record, options = review_calls[0]
    assert record.replay().digest() == games[0][0].state.digest()
    assert [s["level"] for s in record.meta["seats"]] == [s.level for s in TABLES[0]] and "Ann" in options["title"]
    click(app, scene.widgets["export"])
    written = list((tmp_path / "records").glob("*" + record_files.RECORD_SUFFIX))
    assert len(written) == 1 and str(written[0]) in scene.info_text
    opened = record_files.read_record_file(written[0])
    assert opened.state.digest() == games[0][0].state.digest() and opened.seats == TABLES[0]


def test_the_empty_history_says_what_will_be_there(app):
    scene = open_games(app)
    assert scene.rows == [] and "No finished games yet" in scene.info_text
    assert not scene.widgets["review"].is_enabled


def test_a_hundred_games_fit_at_1280x720(app, tmp_path):
    from test_ui_menus import resize

    games = play_finished_games(TABLES[:1])
    path = next((tmp_path / "history").glob("game-*.json"))
    data = json.loads(path.read_text(encoding="utf-8"))
    for i in range(99):  # copies of one entry under other ids (their checksums made anew)
        data["game_id"] = f"copy{i:04d}"
        data["checksum"] = history._checksum(data)
        (tmp_path / "history" / f"game-copy{i:04d}.json").write_text(json.dumps(data), encoding="utf-8")
    assert games
    resize(app, (1280, 720))
    scene = open_games(app)
    assert len(scene.rows) == 100 and scene.list.scroll_bar is not None
    assert layout_problems(app) == []
    click(app, scene.widgets["statistics"])
    assert layout_problems(app) == []


def test_f1_opens_the_games_played_topic(app):
    from imperial_desktop.ui.rules_window import open_window

    scene = open_games(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    frames(app, 3)
    window = open_window(app.manager)
    assert window is not None and window.selected == "games_played"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app, 3)
    assert app.scene is scene  # Esc closed the rules first, the screen stays


def test_dropping_a_good_and_a_damaged_record_file(app, tmp_path, review_calls):
    games = play_finished_games(TABLES[:1])
    session = games[0][0]
    good = record_files.export_record(session.record, session.seats, session.state, root=tmp_path / "elsewhere")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(good)))
    frames(app, 2)
    assert len(review_calls) == 1 and review_calls[0][0].replay().digest() == session.state.digest()
    bad = tmp_path / "bad.imperial-record.json"
    bad.write_text(good.read_text(encoding="utf-8")[:500], encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    frames(app, 3)
    assert len(review_calls) == 1
    from pygame_gui.windows import UIMessageWindow

    shown = [w for w in app.manager.get_sprite_group().sprites() if isinstance(w, UIMessageWindow) and w.alive()]
    assert shown and "bad.imperial-record.json is damaged or cut short" in shown[0].text_block.html_text


def test_records_from_the_load_screen(app, tmp_path, review_calls):
    from imperial_desktop.ui.records_screen import RecordsScene

    games = play_finished_games(TABLES[2:])
    session = games[0][0]
    record_files.export_record(session.record, session.seats, session.state)
    (tmp_path / "records" / "broken.imperial-record.json").write_text("[1, 2", encoding="utf-8")
    click(app, app.scene.buttons["load"])
    click(app, app.scene.records_button)
    scene = app.scene
    assert isinstance(scene, RecordsScene)
    for _ in range(100):
        frames(app, 1)
        if scene.future is None:
            break
    frames(app, 2)
    assert len(scene.rows) == 2
    broken = next(i for i, row in enumerate(scene.rows) if row[0].startswith("broken"))
    click_in_app(app, scene.list.item_list[broken]["button_element"], settle=2)
    click(app, scene.open_button)
    assert not review_calls and "damaged or cut short" in scene.info_text
    good = 1 - broken
    click_in_app(app, scene.list.item_list[good]["button_element"], settle=2)
    click(app, scene.open_button)
    assert len(review_calls) == 1 and review_calls[0][0].replay().digest() == session.state.digest()


def test_export_record_from_the_game_menu(app, tmp_path):
    from ui_driver import menu_window

    seats = [Seat.human("Ann"), Seat.computer("Bob", "random"), Seat.computer("Cem", "random")]
    session = GameSession(GameSetup.create(3, 2, names=["Ann", "Bob", "Cem"]), seats)
    for _ in range(12):
        session.apply(session.state.legal_actions()[0])
    app.start_game(session)
    frames(app, 3)
    app.scene.open_menu()
    frames(app, 2)
    menu = menu_window(app.scene)
    click(app, menu.button("export"))
    written = list((tmp_path / "records").glob("*" + record_files.RECORD_SUFFIX))
    assert len(written) == 1
    opened = record_files.read_record_file(written[0])
    assert opened.state.digest() == session.state.digest() and len(opened.record.actions) >= 12
    assert [s.kind for s in opened.seats] == ["human", "computer", "computer"]
    assert "Record written to" in app.scene.toasts.message.text


def test_the_summary_counts_the_games_the_filter_shows(app):
    play_finished_games()
    scene = open_games(app)
    assert scene.info_text.startswith("3 finished games.") and "shown by the filter" not in scene.info_text


def test_a_game_finished_in_the_window_joins_the_games_played_once(app):
    """The App attaches the recorder when a game starts: the last action, played by a computer on
    the game screen, writes one entry; showing the results again and continuing the finished game
    write nothing more."""
    import random

    seats = [Seat.computer("Ann", "random"), Seat.computer("Bob", "random")]
    session = GameSession(GameSetup.create(2, 77, names=["Ann", "Bob"]), seats, seed=77)
    rng = random.Random(77)
    while True:  # play up to the last action, which the window's computer plays
        action = rng.choice(session.state.legal_actions())
        trial = session.state.clone()
        trial.apply(action)
        if trial.is_terminal():
            break
        session.apply(action)
    app.settings.pace = "instant"
    app.start_game(session)
    for _ in range(600):
        frames(app, 1)
        session.wait_for_computer(5.0)
        if session.state.is_terminal():
            break
    assert session.state.is_terminal()
    frames(app, 5)
    assert app.history.flush()
    entries = history.list_history().entries
    assert len(entries) == 1 and entries[0].record.replay().digest() == session.state.digest()
    assert entries[0].seconds_played is None  # not played from its set-up in this window
    app.scene.toggle_overlay("results")
    frames(app, 3)
    app.show_title()
    app.continue_game()
    frames(app, 3)
    assert app.history.flush() and len(history.list_history().entries) == 1


def test_the_games_screen_fits_after_resizes_and_keeps_the_choice(app):
    play_finished_games()
    scene = open_games(app)
    select_row(app, 1)
    chosen = scene.selected()
    for size in [(1280, 720), (1366, 708), (2560, 1440), (1024, 640), (1600, 1000)]:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app, 3)
        assert layout_problems(app) == [], size
    assert scene.selected() is chosen
    click(app, scene.widgets["statistics"])
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720)))
    frames(app, 3)
    assert scene.view == "statistics" and layout_problems(app) == []


def test_a_record_dropped_on_a_game_returns_to_that_game(app, tmp_path):
    games = play_finished_games(TABLES[:1])
    done = games[0][0]
    path = record_files.export_record(done.record, done.seats, done.state, root=tmp_path / "elsewhere")
    seats = [Seat.human("Ina"), Seat.computer("Jo", "random"), Seat.computer("Kai", "random")]
    playing = GameSession(GameSetup.create(3, 5, names=["Ina", "Jo", "Kai"]), seats, seed=5)
    app.start_game(playing)
    frames(app, 3)
    app.autosaver.flush(5.0)
    before = playing.state.digest()
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app, 3)
    travel = app.scene.time_travel
    assert travel.review and app.scene.session.state.digest() == done.state.digest()
    travel.on_back()
    frames(app, 3)
    assert not app.scene.time_travel.review and app.scene.session.state.digest() == before
