"""Issue 13: a Settings entry sets the thinking time per level (Hard and Expert).

The Settings screen has a drop-down per searching level; Save writes the choice's name into
settings.json; the next game started or continued makes its Hard and Expert seats with that
budget ("expert:0.3" for make_bot, also in the worker process), while the seats, the saves and the
autosave keep the plain level name. The guided game's scripted computers do not change.
Driven headless through posted pygame events where the player acts.
"""

from __future__ import annotations

import json

import pytest

from ui_driver import choose_in_app, click_in_app

from imperial_desktop.ai.expert import BUDGET_SECONDS as EXPERT_DEFAULT
from imperial_desktop.ai.hard import BUDGET_SECONDS as HARD_DEFAULT
from imperial_desktop.core import GameSetup
from imperial_desktop.session import thinking
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.saves import save_document
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat


def _seats() -> list[Seat]:
    return [Seat("Ann", HUMAN), Seat("Eve", COMPUTER, "expert"), Seat("Hal", COMPUTER, "hard"), Seat("Ned", COMPUTER, "normal")]


def _session(**kwargs) -> GameSession:
    return GameSession(GameSetup.create(4, 5, names=[s.name for s in _seats()]), _seats(), seed=5, **kwargs)


@pytest.fixture
def fake_worker(monkeypatch):
    """The worker process replaced by a stand-in that records the bot names it is asked for and
    answers at once (no search on the test machine's cores)."""
    asked: list[str] = []

    def choose(name, seed, state, time_scale=1.0):
        asked.append(name)
        return state.legal_actions()[0]

    monkeypatch.setattr(thinking, "choose", choose)
    return asked


# ---------------------------------------------------------------------------- the controller


def test_the_session_makes_its_searching_bots_with_the_think_times_given():
    session = _session(think_times={"expert": 0.5, "hard": 2.0})
    assert session.bots[1].budget == 0.5 and session.bots[2].budget == 2.0
    assert [session.bot_name(i) for i in (1, 2, 3)] == ["expert:0.5", "hard:2", "normal"]
    assert [s.level for s in session.seats] == ["normal", "expert", "hard", "normal"]  # the seats keep the level
    document = save_document(session, "x")
    assert [s["level"] for s in document["seats"][1:]] == ["expert", "hard", "normal"]
    assert not any(":" in value for seat in document["seats"] for value in seat.values())


def test_without_think_times_the_bots_think_their_default():
    session = _session()
    assert session.bots[1].budget == EXPERT_DEFAULT and session.bots[2].budget == HARD_DEFAULT
    assert session.bot_name(1) == "expert"


def test_set_think_times_makes_new_bots_only_where_the_time_changes():
    session = _session()
    hard, normal = session.bots[2], session.bots[3]
    session.set_think_times({"expert": 6.0})
    assert session.bots[1].budget == 6.0
    assert session.bots[2] is hard and session.bots[3] is normal
    session.set_think_times({})
    assert session.bots[1].budget == EXPERT_DEFAULT


def test_the_worker_process_is_asked_for_the_bot_with_the_think_time(fake_worker):
    seats = [Seat("Eve", COMPUTER, "expert"), Seat("Hal", COMPUTER, "hard")]
    session = GameSession(GameSetup.create(2, 3, names=["Eve", "Hal"]), seats, seed=3, think_times={"expert": 0.5, "hard": 0.3})
    session.think_in_process = True
    for _ in range(4):
        session.poll()
        session.wait_for_computer(30)
        session.poll()
    assert set(fake_worker) == {"expert:0.5", "hard:0.3"}
    assert [s.level for s in session.seats] == ["expert", "hard"]


# ---------------------------------------------------------------------------- the Settings screen and the games


def _settings_screen(app):
    from imperial_desktop.ui.settings_screen import SettingsScene

    click_in_app(app, app.scene.buttons["settings"])
    assert isinstance(app.scene, SettingsScene)
    return app.scene


def test_the_settings_screen_shows_a_thinking_time_per_level_with_its_tip(app):
    scene = _settings_screen(app)
    for menu, label, effect in ((scene.think_hard, "Hard computer thinks", "plays stronger"),
                                (scene.think_expert, "Expert computer thinks", "tries out more moves")):
        assert menu in scene.dropdowns()
        assert menu.selected_option[1] == "standard"
        tip = menu.tool_tip_text
        assert effect in tip and "wait longer" in tip and "next game you start or continue" in tip
        labels = [e for e in scene.panel.get_container().elements if getattr(e, "text", None) == label]
        assert len(labels) == 1 and labels[0].tool_tip_text == tip
        # the label and its drop-down share a row, like the other settings
        assert labels[0].get_abs_rect().y == menu.get_abs_rect().y
    # named without seconds ("Expert 0.1 s" beside "Hard 1 s" read as if the Expert thought less);
    # the seconds per decision are in the tool tip
    assert scene.think_hard.selected_option[0] == "standard"
    assert [o[0] for o in scene.think_expert.options_list] == ["quick", "standard", "long", "very long"]
    assert [o[0] for o in scene.think_hard.options_list] == ["quick", "standard", "long"]
    assert "Seconds per decision: quick: 0.05 s, standard: 0.1 s, long: 0.3 s, very long: 1 s." in \
        scene.think_expert.tool_tip_text
    assert "Seconds per decision: quick: 0.3 s, standard: 1 s, long: 2 s." in scene.think_hard.tool_tip_text


def test_the_chosen_thinking_time_is_saved_and_used_by_the_next_game_and_by_continue(app, fake_worker):
    from imperial_desktop.session.saves import autosave_path
    from imperial_desktop.session.settings import NewGameChoices, load_settings, settings_path
    from imperial_desktop.ui.game_scene import GameScene
    from imperial_desktop.ui.title_screen import TitleScene

    scene = _settings_screen(app)
    choose_in_app(app, scene.think_expert, "long")
    choose_in_app(app, scene.think_hard, "quick")
    assert scene.think_expert.selected_option == ("long", "long")
    click_in_app(app, scene.done, settle=2)
    assert isinstance(app.scene, TitleScene)
    assert load_settings().think_times == {"hard": "quick", "expert": "long"}
    assert json.loads(settings_path().read_text())["think_times"] == {"hard": "quick", "expert": "long"}
    assert app.settings.think_seconds() == {"hard": 0.3, "expert": 0.3}

    # a new game with a Hard and an Expert seat
    app.settings.pace = "instant"
    app.settings.last_new_game = NewGameChoices(seats=[
        {"name": "Ann", "kind": "human", "level": "normal"}, {"name": "Eve", "kind": "computer", "level": "expert"},
        {"name": "Hal", "kind": "computer", "level": "hard"}])
    click_in_app(app, app.scene.buttons["new"])
    app.scene.widgets["seed"].set_text("7")  # a deal in which both computers decide before Ann
    click_in_app(app, app.scene.widgets["start"])
    assert isinstance(app.scene, GameScene)
    session = app.scene.session
    assert session.bots[1].budget == 0.3 and session.bots[2].budget == 0.3
    for _ in range(200):  # the computers play (through the stand-in worker) until Ann decides
        app.frame(1 / 60)
        session.wait_for_computer(5)
        if session.waits_for_local_input() and not app.scene.presenter.animator.busy:
            break
    assert set(fake_worker) == {"expert:0.3", "hard:0.3"}  # both computers decided through the worker
    app.autosaver.flush(5.0)
    saved = json.loads(autosave_path().read_text())
    assert [s["level"] for s in saved["seats"]] == ["normal", "expert", "hard"]  # the plain level: saves stay compatible

    # back to the title; Expert back to its standard time; Continue uses it
    app.show_title()
    app.frame(1 / 60)
    scene = _settings_screen(app)
    assert scene.think_expert.selected_option[1] == "long"  # the screen shows what was saved
    choose_in_app(app, scene.think_expert, "standard")
    click_in_app(app, scene.done, settle=2)
    assert load_settings().think_times == {"hard": "quick", "expert": "standard"}
    click_in_app(app, app.scene.buttons["continue"])
    assert isinstance(app.scene, GameScene)
    continued = app.scene.session
    assert continued is not session
    assert continued.bots[1].budget == EXPERT_DEFAULT and continued.bots[2].budget == 0.3
    assert continued.bot_name(1) == "expert" and continued.bot_name(2) == "hard:0.3"
    app.show_title()


def test_back_leaves_the_thinking_time_as_it_was(app):
    from imperial_desktop.session.settings import load_settings

    scene = _settings_screen(app)
    choose_in_app(app, scene.think_expert, "very long")
    click_in_app(app, scene.back_button, settle=2)
    assert app.settings.think_times["expert"] == "standard"
    assert load_settings().think_times["expert"] == "standard"


def test_the_guided_game_keeps_its_scripted_computers(app):
    from imperial_desktop.tutorial.scenario import ScriptedBot
    from imperial_desktop.ui.coach import start_tutorial

    app.settings.think_times = {"hard": "long", "expert": "very_long"}
    start_tutorial(app)
    session = app.scene.session
    assert session.think_times == {}
    assert all(isinstance(session.bots[i], ScriptedBot) for i in range(len(session.seats)) if not session.local_seat(i))
    app.show_title()


def test_an_open_drop_down_is_not_covered_by_its_tool_tip(app):
    """Seen on the screenshots: the tip of the menu under the pointer covered the list it had opened."""
    import pygame

    scene = _settings_screen(app)
    menu = scene.think_expert
    pos = menu.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(12):  # pointing at the closed menu shows its tip
        app.frame(0.1)
    assert [s for s in app.manager.get_sprite_group().sprites() if type(s).__name__ == "UITooltip" and s.alive()]
    click_in_app(app, menu.current_state.selected_option_button)
    assert menu.current_state is menu.menu_states["expanded"]
    for _ in range(12):  # the pointer stays on the open menu
        app.frame(0.1)
    assert not [s for s in app.manager.get_sprite_group().sprites() if type(s).__name__ == "UITooltip" and s.alive()]


def test_saving_other_settings_leaves_the_window_alone_and_a_new_size_fits_the_screen(app, monkeypatch):
    """6-player play-test (session 18): with the window at 1280x720 and the stored size 1600x1000,
    saving a new pace made the window 1600x1000, which on a 1366x768 laptop hangs over its edges.
    Only a changed size or full screen sets the window again, and never larger than the screen."""
    import pygame

    from imperial_desktop.ui import app as app_module

    calls = []
    real = type(app).apply_window_settings
    monkeypatch.setattr(type(app), "apply_window_settings", lambda self: (calls.append(1), real(self)))
    scene = _settings_screen(app)
    choose_in_app(app, scene.pace, next(o[0] for o in scene.pace.options_list if o[1] == "fast"))
    click_in_app(app, scene.done, settle=2)
    assert app.settings.pace == "fast" and calls == []
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    assert app_module.fit_to_desktop((1600, 1000)) == (1366, 708)
    assert app_module.fit_to_desktop((1280, 700)) == (1280, 700)
    scene = _settings_screen(app)
    choose_in_app(app, scene.size, next(o[0] for o in scene.size.options_list if o[1] != "1600x1000"))
    click_in_app(app, scene.done, settle=2)
    assert calls == [1]
    assert app.window.get_width() <= 1366 and app.window.get_height() <= 708
