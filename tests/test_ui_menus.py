"""Issues 11 and 12: the menu screens lay themselves out again on resize, ask before anything is
lost (Delete, New game over a game in progress), show text from players and files literally, and
explain every new-game option. Driven headless through posted pygame events."""

import os

import pygame
import pygame_gui
import pytest

from ui_driver import click_in_app, tooltips_after_hover

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

SIZES = [(1280, 720), (1366, 708), (1600, 1000), (1024, 640), (2560, 1440)]
MARKUP_NAMES = ["<font pixel_size=99999>", "<img src=x>", "<shadow size=999>x"]


def frames(app, n=2):
    for _ in range(n):
        app.frame(1 / 60)


def click(app, element):
    click_in_app(app, element, settle=2)  # the press, a dialog's answer to it, and the screen's answer


def wait_listing(app):
    for _ in range(200):
        app.frame(1 / 60)
        if app.scene.future is None:
            return
        app.scene.future.result(5)
    raise AssertionError("the saves folder was never listed")


def layout_problems(app) -> list[str]:
    """Widgets outside the window, and texts wider than their widget."""
    screen = pygame.Rect((0, 0), app.screen.get_size())
    problems = []
    for element in app.manager.get_sprite_group().sprites():
        if not getattr(element, "visible", True) or not hasattr(element, "rect"):
            continue
        name = type(element).__name__
        if not screen.contains(element.rect):
            problems.append(f"{name} {getattr(element, 'text', '')!r} at {element.rect} outside {screen}")
        text, font = getattr(element, "text", None), getattr(element, "font", None)
        if isinstance(text, str) and text and font is not None and name in ("UILabel", "UIButton"):
            width = font.size(text)[0]
            if width > element.rect.w - 2:
                problems.append(f"{name} {text!r}: text {width} px in {element.rect.w} px")
    return problems


def resize(app, size):
    """As the app does on a window resize (also below its own minimum window size)."""
    app.screen = pygame.display.set_mode(size)
    app.manager.set_window_resolution(size)
    app.scene.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 2)


def make_saves(tmp_path, names):
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session import saves
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    paths = []
    for i, name in enumerate(names):
        players = [f"Anna {i}", "Bernhard von Long-Name", "Clara", name[:24] if name else "D"]
        session = GameSession(GameSetup.create(4, i, names=players), [Seat(p) for p in players], seed=i)
        paths.append(saves.save_game(session, name, tmp_path / "saves"))
    return paths


@pytest.mark.parametrize("key", ["title", "new", "load", "settings", "rules"])
def test_every_menu_screen_fits_the_window_after_resizes(app, tmp_path, key):
    """Issue 12 item 6: after the window shrinks, every widget stays inside and no text clips."""
    make_saves(tmp_path, ["Sunday game", "A rather long name for a saved game of Imperial 1"])
    if key != "title":
        click(app, app.scene.buttons[key])
    if key == "load":
        wait_listing(app)
        assert len(app.scene.rows) == 2
    for size in SIZES:  # through the app: a posted VIDEORESIZE
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app, 3)
        assert layout_problems(app) == [], (key, size, app.screen.get_size())
    for size in SIZES + [(900, 560)]:  # also below the app's minimum window
        resize(app, size)
        problems = layout_problems(app)
        if size[0] >= 1024:
            assert problems == [], (key, size)
        else:  # smaller: everything still inside the window
            assert [p for p in problems if "outside" in p] == [], (key, size)


def test_new_game_choices_survive_a_resize(app):
    from imperial_desktop.ui.menu_base import _selected
    from imperial_desktop.ui.new_game_screen import NewGameScene

    click(app, app.scene.buttons["new"])
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    scene.seat_rows[0]["name"].set_text("Ottilie")
    scene.widgets["seed"].set_text("4711")
    scene.widgets["shortfall"].selected_option = ("bondholders get less", "bondholders get less")
    resize(app, (1280, 720))
    assert app.scene is scene
    assert scene.seat_rows[0]["name"].get_text() == "Ottilie"
    assert scene.widgets["seed"].get_text() == "4711"
    assert _selected(scene.widgets["shortfall"]) == "bondholders get less"


def select_row(app, name: str) -> None:
    """Select the Load list's row that starts with ``name``, as a click on it does."""
    scene = app.scene
    row = next(r for r in scene.rows if r[0].startswith(name))
    scene.list.set_default_selection = None
    for item in scene.list.item_list:
        item["selected"] = item["text"] == row[0]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=scene.list, text=row[0]))
    frames(app, 1)


def test_delete_asks_first_and_can_be_cancelled(app, tmp_path):
    from imperial_desktop.ui.load_screen import LoadScene

    keep, gone = make_saves(tmp_path, ["Keep me", "Throw away"])
    click(app, app.scene.buttons["load"])
    assert isinstance(app.scene, LoadScene)
    wait_listing(app)
    scene = app.scene

    def select(name):
        select_row(app, name)

    select("Keep me")
    click(app, scene.delete_button)
    dialog = scene._delete_question
    assert dialog is not None and dialog.alive()
    click(app, dialog.cancel_button)  # cancel: nothing deleted
    assert not dialog.alive() and keep.exists() and gone.exists()
    select("Throw away")
    click(app, scene.delete_button)
    click(app, scene._delete_question.confirm_button)
    wait_listing(app)
    assert keep.exists() and not gone.exists()
    assert [r[0].split(" · ")[0] for r in app.scene.rows] == ["Keep me"]


def _start_a_game(app):
    from imperial_desktop.ui.new_game_screen import NewGameScene

    click(app, app.scene.buttons["new"])
    assert isinstance(app.scene, NewGameScene)
    for row in app.scene.seat_rows:
        row["kind"].selected_option = ("computer", "computer")
    app.scene.seat_rows[0]["kind"].selected_option = ("human", "human")


def test_new_game_over_a_game_in_progress_asks_and_keeps_it(app, tmp_path, monkeypatch):
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session import autosave as autosaves, saves
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.new_game_screen import NewGameScene

    started = []
    monkeypatch.setattr(type(app), "start_game", lambda self, session: started.append(session))
    running = GameSession(GameSetup.create(3, 9, names=["Ina", "Jo", "Kai"]), [Seat("Ina"), Seat("Jo"), Seat("Kai")], seed=9)
    autosaves.autosave(running)
    app.show_title()
    app.scene.future.result(10)
    frames(app)
    assert "Resume the game of Ina, Jo and Kai, turn 1" in app.scene.buttons["continue"].tool_tip_text
    click(app, app.scene.buttons["new"])
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    click(app, scene.widgets["start"])
    question = scene._replace_question
    assert question is not None and question.alive() and not started
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.widgets["start"]))
    frames(app, 2)  # a second press queued in the same moment asks no second question
    assert scene._replace_question is question and len(scene.windows) == 1
    click(app, question.cancel_button)
    assert not started and app.scene is scene
    click(app, scene.widgets["start"])
    click(app, scene._replace_question.confirm_button)
    assert len(started) == 1, scene.error_text
    kept = [s for s in saves.list_saves(include_autosave=False).saves]
    assert len(kept) == 1 and kept[0].players == ("Ina", "Jo", "Kai")


def test_new_game_without_a_game_in_progress_starts_at_once_and_survives_an_unwritable_home(app, tmp_path, monkeypatch):
    from imperial_desktop.session import settings as settings_module

    started = []
    monkeypatch.setattr(type(app), "start_game", lambda self, session: started.append(session))

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(settings_module, "save_settings", broken)
    click(app, app.scene.buttons["new"])
    click(app, app.scene.widgets["start"])
    assert len(started) == 1  # no question, no crash
    from imperial_desktop.ui.menu_base import _save_settings

    assert "could not be saved" in _save_settings(app)
    monkeypatch.setattr(settings_module, "save_settings_safely", None, raising=False)  # without helper B's
    assert "could not be saved" in _save_settings(app)


def test_seat_switched_to_human_gets_a_human_name_and_back(app):
    from imperial_desktop.ai import bot_names
    from imperial_desktop.ui.new_game_screen import LEVELS

    assert set(LEVELS) == {lvl for lvl in ("easy", "normal", "hard", "expert") if lvl in bot_names()}
    click(app, app.scene.buttons["new"])
    scene = app.scene
    row = scene.seat_rows[1]
    assert row["name"].get_text() == "Computer 1"
    row["kind"].selected_option = ("human", "human")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=row["kind"], text="human"))
    frames(app, 1)
    assert row["name"].get_text() == "Player 2" and not row["level"].is_enabled
    row["kind"].selected_option = ("computer", "computer")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=row["kind"], text="computer"))
    frames(app, 1)
    assert row["name"].get_text() == "Computer 1" and row["level"].is_enabled
    row["name"].set_text("Wilhelmine")  # a name the player typed is kept
    row["kind"].selected_option = ("human", "human")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=row["kind"], text="human"))
    frames(app, 1)
    assert row["name"].get_text() == "Wilhelmine"


def test_every_new_game_option_has_a_tooltip_and_is_explained_in_the_rules(app):
    from imperial_desktop.ui.new_game_screen import TIPS, tip
    from imperial_desktop.ui.rules_window import rules_text

    click(app, app.scene.buttons["new"])
    scene = app.scene
    for key in ("players", "setup", "investor_card", "shortfall", "forced", "swiss", "border", "seed"):
        assert scene.widgets[key].tool_tip_text == tip(key) and len(TIPS[key]) > 30
    for key in ("name", "kind", "level", "card"):
        assert scene.seat_rows[0][key].tool_tip_text == TIPS[key]
    tips = tooltips_after_hover(app, scene.widgets["shortfall"].get_abs_rect().center)  # a drop-down shows its tip
    assert len(tips) == 1 and "may not go to Investor" in tips[0]
    text = rules_text().lower()
    for phrase in ("bond auction", "without investor card", "interest shortfall", "forced investor stop", "swiss bank",
                   "st. petersburg", "seed", "flag card", "computer levels", "expert"):
        assert phrase in text, phrase


def test_markup_and_broken_seat_names_do_not_crash(app, tmp_path):
    """Issue 12: names holding pygame-gui markup are shown literally; lone surrogates refused."""
    from imperial_desktop.session.settings import NewGameChoices
    from imperial_desktop.ui.load_screen import LoadScene

    import json

    from imperial_desktop.session import saves

    paths = make_saves(tmp_path, MARKUP_NAMES + ["broken name"])
    doc = json.loads(paths[-1].read_text())
    doc["name"] = "bad \ud800 name"  # a lone surrogate, as a hand-edited file may hold
    doc["checksum"] = saves._checksum(doc)
    paths[-1].write_text(json.dumps(doc))
    app.settings.last_new_game = NewGameChoices(seats=[
        {"name": "<font pixel_size=99999>", "kind": "human", "level": "normal"},
        {"name": "bad \ud800 name", "kind": "computer", "level": "normal"}])
    click(app, app.scene.buttons["new"])
    scene = app.scene
    assert "\ud800" not in scene.seat_rows[1]["name"].get_text()
    scene.seat_rows[0]["name"].get_text = lambda: "x\ud800"  # as if typed (the widget cannot draw it)
    click(app, scene.widgets["start"])
    assert "player 1" in scene.error_text.lower() and app.scene is scene
    del scene.seat_rows[0]["name"].get_text
    app.show_title()
    frames(app)
    click(app, app.scene.buttons["load"])
    assert isinstance(app.scene, LoadScene)
    wait_listing(app)
    assert len(app.scene.rows) == 4  # listed (or marked unreadable), never a crash
    shown = []
    for target in app.scene.targets.values():
        app.scene.show_info(app.scene._describe(target))
        frames(app, 1)
        shown.append(app.scene.info.html_text)
    assert any(text.startswith("&lt;font pixel_size=99999&gt; · saved") for text in shown), shown
    assert any("&lt;img src=x&gt;" in text for text in shown)


def test_load_lists_readable_saves_and_marks_unreadable_ones(app, tmp_path, monkeypatch):
    make_saves(tmp_path, ["Good one"])
    (tmp_path / "saves" / "broken.json").write_text("{not json")
    (tmp_path / "saves" / "<img src=x>.json").write_text("[]")
    import threading

    from imperial_desktop.ui import load_screen

    gate = threading.Event()
    real = load_screen._listing
    monkeypatch.setattr(load_screen, "_listing", lambda: (gate.wait(10), real())[1])
    click(app, app.scene.buttons["load"])
    assert app.scene.rows == [] and "Reading saved games" in app.scene.info_text  # the frames went on
    assert "Reading saved games" in app.scene.info.html_text
    gate.set()
    wait_listing(app)
    texts = [r[0] for r in app.scene.rows]
    assert texts[0].startswith("Good one · turn 1 · ")
    assert sum(t.endswith(" · damaged, cannot be loaded") for t in texts) == 2
    problem = next(k for k, v in app.scene.targets.items() if k.startswith("#problem"))
    assert "cannot be loaded" in app.scene._describe(app.scene.targets[problem])


def test_a_save_under_its_default_name_is_listed_without_saying_things_twice(app, tmp_path):
    """Play-test: the row read "Pat, Computer 1, Computer 2, Compu... - turn 25 - 27 Nov 19... · turn 25 ·
    27 Nov 2026 19:58 · Pat, Computer 1, Computer 2...": the default name held the players, the turn
    and the date, and the row added them again, cut. The default name is the players and the turn;
    the row adds only the date."""
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session import saves
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.save_dialog import default_name

    resize(app, (1280, 800))
    players = ["Pat", "Computer 1", "Computer 2", "Computer 3"]
    session = GameSession(GameSetup.create(4, 3, names=players), [Seat(p) for p in players], seed=3)
    name = default_name(session)
    assert name == "Pat, Computer 1, Computer 2, Computer 3 - turn 1"
    saves.save_game(session, name, tmp_path / "saves")
    make_saves(tmp_path, ["Sunday game"])  # a name of the player's own: the players are listed
    click(app, app.scene.buttons["load"])
    wait_listing(app)
    rows = {t.split(" · ")[0]: t for t, _key in app.scene.rows}
    row = rows[name]
    assert row.count("turn 1") == 1 and row.count("Computer 2") == 1 and "…" not in row, row
    assert len(row.split(" · ")) == 2  # the name, then the date
    assert rows["Sunday game"].startswith("Sunday game · turn 1 · ") and "Clara" in rows["Sunday game"]


def test_a_damaged_save_is_named_in_player_words_and_deleting_it_is_red(app, tmp_path, caplog):
    """Play-test: the list showed the JSON parser's error, cut off at 1280x800, and the dialog's
    Delete looked like its Cancel."""
    from imperial_desktop.ui.load_screen import LoadScene

    resize(app, (1280, 800))
    (tmp_path / "saves").mkdir(parents=True, exist_ok=True)
    (tmp_path / "saves" / "damaged.json").write_text('{"name": "x", oops')
    click(app, app.scene.buttons["load"])
    assert isinstance(app.scene, LoadScene)
    wait_listing(app)
    scene = app.scene
    (row,) = [r for r in scene.rows if r[1].startswith("#problem")]
    assert row[0] == "damaged.json · damaged, cannot be loaded"
    assert "JSON" not in row[0] and "…" not in row[0]
    assert any("damaged.json" in r.getMessage() and "JSON" in r.getMessage() for r in caplog.records)  # the detail
    for item in scene.list.item_list:
        item["selected"] = item["text"] == row[0]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=scene.list, text=row[0]))
    frames(app, 1)
    assert scene.info_text.startswith("This save (damaged.json) is damaged and cannot be loaded.")
    assert "JSON" in scene.info.tool_tip_text  # the technical detail on hover
    assert scene.delete_button.is_enabled and "#danger_button" in scene.delete_button.get_object_ids()
    click(app, scene.delete_button)
    dialog = scene._delete_question
    assert dialog is not None and dialog.alive()  # asks first
    colours = dialog.confirm_button.ui_theme.get_colour_or_gradient
    red = colours("normal_bg", dialog.confirm_button.combined_element_ids)
    grey = colours("normal_bg", dialog.cancel_button.combined_element_ids)
    assert red != grey and red.r > red.g + 60  # red-ish, unlike Cancel
    click(app, dialog.cancel_button)
    assert (tmp_path / "saves" / "damaged.json").exists()


def test_rules_window_closes_with_back_and_esc(app):
    from imperial_desktop.ui.reference_screen import RulesScene
    from imperial_desktop.ui.title_screen import TitleScene

    click(app, app.scene.buttons["rules"])
    assert isinstance(app.scene, RulesScene)
    resize(app, (1280, 720))
    app.scene.window.select("options")
    assert app.scene.window.box.scroll_bar is not None  # a topic longer than the window scrolls
    click(app, app.scene.back_button)
    assert isinstance(app.scene, TitleScene)
    click(app, app.scene.buttons["rules"])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    frames(app, 2)
    assert isinstance(app.scene, TitleScene)


def test_a_save_dated_year_9999_and_junk_options_do_not_crash_the_menus(app, tmp_path):
    """Issue 12 items 1 and 4: a far-future date in a save, an unknown rules option in the settings."""
    import json

    from imperial_desktop.session import saves
    from imperial_desktop.session.settings import NewGameChoices
    from imperial_desktop.ui.load_screen import LoadScene
    from imperial_desktop.ui.new_game_screen import NewGameScene

    (path,) = make_saves(tmp_path, ["Far future"])
    doc = json.loads(path.read_text())
    doc["saved_at"] = "9999-12-31T23:59:59-12:00"
    doc["checksum"] = saves._checksum(doc)
    path.write_text(json.dumps(doc))
    click(app, app.scene.buttons["load"])
    assert isinstance(app.scene, LoadScene)
    wait_listing(app)
    assert len(app.scene.rows) == 1  # listed (with "unknown date") or marked unreadable
    for target in app.scene.targets.values():
        app.scene.show_info(app.scene._describe(target))
    frames(app, 1)
    app.settings.last_new_game = NewGameChoices(options={"investor_shortfall": "whatever", "forced_stop_cost": 3})
    app.show_title()
    frames(app, 1)
    click(app, app.scene.buttons["new"])
    assert isinstance(app.scene, NewGameScene)
    assert app.scene.build_setup()[0].options.investor_shortfall == "forbid"  # the default


def test_rules_window_for_the_game_screen_alone():
    """The window the game opens with its Rules button and F1: inside the window at every size,
    closed by its title-bar X."""
    from imperial_desktop.ui.gui import make_manager
    from imperial_desktop.ui.rules_window import RulesWindow

    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    manager = make_manager(screen.get_size())
    window = RulesWindow(manager, screen.get_size())

    def pump(n=3):
        closed = False
        for _ in range(n):
            for event in pygame.event.get():
                manager.process_events(event)
                closed = window.handle_event(event) or closed
            manager.update(1 / 60)
            manager.draw_ui(screen)
        return closed

    for size in [(1280, 720), (1024, 640), (2560, 1440), (800, 500)]:
        screen = pygame.display.set_mode(size)
        manager.set_window_resolution(size)
        window.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        pump(1)
        for widget in window.widgets():
            assert pygame.Rect((0, 0), size).contains(widget.rect), (size, widget)
    pos = window.window.close_window_button.get_abs_rect().center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        closed = pump(3)
    assert closed and not window.alive
    pygame.quit()


def played_session(seed: int, names: list[str], actions: int):
    """A hot-seat session of ``names`` with ``actions`` actions of the random bot played."""
    import random

    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    session = GameSession(GameSetup.create(len(names), seed, names=names), [Seat(n) for n in names], seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def test_loading_a_save_over_a_game_in_progress_asks_and_keeps_it(app, tmp_path, monkeypatch):
    """Session 18 crash hunt: with a 65-turn game behind Continue, never saved by name, loading an
    older save and making one move lost the game in progress. Load now asks, as New game does, and
    keeps the game in progress in Load; the autosave itself loads without a question."""
    from imperial_desktop.session import autosave as autosaves, saves
    from imperial_desktop.ui.load_screen import LoadScene

    started = []
    monkeypatch.setattr(type(app), "start_game", lambda self, session: started.append(session))
    older = played_session(4, ["Ina", "Jo", "Kai"], 10)
    saves.save_game(older, "Sunday game", tmp_path / "saves")
    running = played_session(5, ["Ina", "Jo", "Kai"], 80)
    autosaves.autosave(running)
    click(app, app.scene.buttons["load"])
    wait_listing(app)
    scene = app.scene
    assert isinstance(scene, LoadScene)
    select_row(app, "Sunday game")
    click(app, scene.load_button)
    question = scene._replace_question
    assert question is not None and question.alive() and not started
    assert "stays in Load as" in question.confirmation_text.html_text
    click(app, question.cancel_button)
    assert not started and not saves.list_saves(include_autosave=False).saves[1:]  # nothing kept yet
    click(app, scene.load_button)
    click(app, scene._replace_question.confirm_button)
    assert len(started) == 1 and started[0].state.digest() == older.state.digest()
    kept = {s.name: s for s in saves.list_saves(include_autosave=False).saves}
    assert set(kept) == {"Sunday game", f"Ina, Jo, Kai - turn {running.state.turns_taken + 1}"}
    assert saves.read_save(next(s.path for n, s in kept.items() if n != "Sunday game")).state.digest() == \
        running.state.digest()
    autosave_row = next(r[0] for r in scene.rows if getattr(scene.targets.get(r[1]), "autosave", False))
    select_row(app, autosave_row)
    click(app, scene.load_button)  # Continue's own game: no question
    assert len(started) == 2 and not scene._replace_question.alive()


def test_the_beginners_hint_stays_with_six_seats_and_makes_way_for_a_message(app):
    """6-player play-test (session 18): the hint "New to Imperial? Leave these options as they are"
    was gone with six seats (no row left for it). It stands on the message line until a message."""
    from ui_driver import choose_in_app

    from imperial_desktop.ui.new_game_screen import NewGameScene

    resize(app, (1280, 720))
    click(app, app.scene.buttons["new"])
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    choose_in_app(app, scene.widgets["players"], "6")
    frames(app, 2)
    scene = app.scene
    assert len(scene.seat_rows) == 6
    hint = scene.hint_label
    assert hint is not None and hint.visible and hint.text.startswith("New to Imperial?")
    assert hint.font.size(hint.text)[0] <= hint.rect.w
    scene.show_error("Every player needs a different name")
    frames(app, 1)
    assert not hint.visible or not hint.rect.colliderect(scene.error.rect)
    assert layout_problems(app) == []


def test_settings_show_the_window_size_the_window_has(app):
    """A stored 1920x1080 shown in a window the screen made 1600x1000 read as a wrong setting
    (play-test: "Window size 1600x1000" in a 1366x708 window)."""
    from imperial_desktop.ui.menu_base import _selected
    from imperial_desktop.ui.settings_screen import SettingsScene

    app.settings.window_width, app.settings.window_height = 1920, 1080
    app.switch(SettingsScene(app))
    frames(app)
    assert app.window.get_size() == (1600, 1000)
    assert _selected(app.scene.size) == "1600x1000"
