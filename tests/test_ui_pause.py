"""Computers wait while a menu, a dialog, the rules or the settings are open over the game, and play
on by themselves when the last one closes; the settings are reached from the game menu and lead
back to the same game (issue "feels finished", item 6). All through posted events in the app."""

from __future__ import annotations

import pygame
import pytest

from ui_driver import aux_panel, choose_in_app, click_in_app, menu_window, question, settings_window, side_window

from imperial_desktop.core import GameSetup
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat

FRAME = 1 / 60
HELD_FRAMES = 90  # a second and a half: at the normal pace several computer steps and actions


def computers_first(seed: int = 5) -> GameSession:
    """Four seats, the one moving first a computer, one other seat a human."""
    names = ["Anna", "Bot 1", "Bot 2", "Bot 3"]
    setup = GameSetup.create(4, seed, names=names)
    first = GameSession(setup, [Seat(n, COMPUTER, "easy") for n in names], seed=seed).state.current_player()
    human = (first + 1) % 4
    seats = [Seat(n, HUMAN) if i == human else Seat(n, COMPUTER, "easy") for i, n in enumerate(names)]
    return GameSession(setup, seats, seed=seed)


def start(app, session: GameSession):
    """The game screen for ``session`` in the app (normal pace); its computers think in threads."""
    from imperial_desktop.ui.game_scene import GameScene

    app.settings.pace = "normal"
    app.start_game(session)
    session.think_in_process = False  # the same waiting, without starting a worker process in a test
    assert isinstance(app.scene, GameScene)
    return app.scene


def frames(app, session: GameSession, n: int) -> None:
    for _ in range(n):
        app.frame(FRAME)
        session.wait_for_computer(2)  # a computer thinking gets the time to finish


def key(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.frame(FRAME)


def until(app, session: GameSession, condition, limit: int = 3000) -> int:
    for n in range(limit):
        if condition():
            return n
        frames(app, session, 1)
    raise AssertionError("never happened")


def snapshot(scene):
    """What would change if a computer moved on or a shown step advanced."""
    shown = scene.presenter.animator.current()
    return (scene.session.version, len(scene.session.record.actions), scene.session.state.to_dict(),
            None if shown is None else (shown.step.caption, shown.elapsed), len(scene.presenter.animator.played))


def assert_held(app, scene, n: int = HELD_FRAMES) -> None:
    """Over ``n`` frames nothing of the game moves, and the computer's finished thinking waits."""
    before = snapshot(scene)
    frames(app, scene.session, n)
    assert scene.computers_held and scene.session.paused
    assert snapshot(scene) == before


def thinking_computer(app, scene) -> None:
    """Frames until a computer's thinking is under way (nothing being shown)."""
    until(app, scene.session, lambda: scene.session.computer_thinking() and not scene.presenter.animator.busy)


def showing_computer(app, scene) -> None:
    """Frames until a computer action is being shown step by step."""
    until(app, scene.session, lambda: scene.presenter.animator.busy and scene.presenter.animator.current().elapsed > 0)


def plays_on(app, scene, after: int | None = None) -> None:
    """The computers (or the step being shown) go on by themselves, without any more input."""
    before = snapshot(scene)
    until(app, scene.session, lambda: snapshot(scene) != before, limit=120)
    assert not scene.computers_held and not scene.session.paused
    if after is not None:  # and a computer's action is applied, not only a step shown
        until(app, scene.session, lambda: scene.session.version > after, limit=600)


# ---------------------------------------------------------------------------- the windows that hold the game


def test_the_game_menu_holds_a_computer_thinking_and_its_answer_until_it_closes(app):
    session = computers_first()
    scene = start(app, session)
    thinking_computer(app, scene)
    version = session.version
    key(app, pygame.K_ESCAPE)
    assert menu_window(scene) is not None
    assert_held(app, scene)
    assert session.version == version and session.computer_thinking()  # it thought on in the worker; the answer waits
    key(app, pygame.K_ESCAPE)  # the menu closes: nothing more to press
    assert menu_window(scene) is None
    plays_on(app, scene, after=version)


def test_the_game_menu_holds_the_computer_turn_being_shown(app):
    session = computers_first()
    scene = start(app, session)
    showing_computer(app, scene)
    click_in_app(app, scene.commands.buttons["menu"])
    assert menu_window(scene) is not None
    assert_held(app, scene)
    click_in_app(app, menu_window(scene).button("resume"))
    assert menu_window(scene) is None
    plays_on(app, scene, after=session.version)


def test_the_save_dialog_holds_the_game_while_a_name_is_typed_and_saves_that_turn(app, tmp_path):
    session = computers_first()
    scene = start(app, session)
    showing_computer(app, scene)
    click_in_app(app, scene.commands.buttons["save"])
    dialog = side_window(scene)
    assert dialog is not None and dialog.alive
    click_in_app(app, dialog.entry)
    for letter in "Evening":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        frames(app, session, 10)
    assert "Evening" in dialog.entry.get_text()
    assert_held(app, scene)
    version = session.version
    click_in_app(app, dialog.save_button)
    assert not dialog.alive and side_window(scene) is None
    assert len(dialog.saved_path.read_text()) > 0 and session.version == version  # saved the turn typed at
    plays_on(app, scene, after=version)


def test_the_rules_hold_the_game_until_closed(app):
    session = computers_first()
    scene = start(app, session)
    thinking_computer(app, scene)
    version = session.version
    key(app, pygame.K_F1)
    assert side_window(scene) is not None and side_window(scene).alive
    assert_held(app, scene)
    assert session.version == version and session.computer_thinking()  # the answer waits
    key(app, pygame.K_ESCAPE)
    assert not side_window(scene) or not side_window(scene).alive
    plays_on(app, scene, after=version)


def test_a_question_holds_the_game_until_answered(app):
    session = computers_first()
    scene = start(app, session)
    showing_computer(app, scene)
    scene.ask("Test question", "Go on?", "Yes", lambda: None)  # a safeguard's question, as any other
    frames(app, session, 1)
    assert question(scene) is not None
    assert_held(app, scene)
    key(app, pygame.K_RETURN)  # answered
    assert question(scene) is None
    plays_on(app, scene)


def test_the_donation_holds_the_turn_being_shown_until_cancelled(app):
    session = computers_first()
    scene = start(app, session)
    # the human decides while the last computer action is still shown: Donate is open to them
    until(app, session, lambda: session.waits_for_local_input() and scene.presenter.animator.busy
          and scene.presenter.animator.current().elapsed > 0)
    click_in_app(app, scene.commands.buttons["donate"])
    assert aux_panel(scene) is not None
    assert_held(app, scene)
    click_in_app(app, aux_panel(scene).cancel_button)
    assert aux_panel(scene) is None
    plays_on(app, scene)


@pytest.mark.parametrize("overlay, press", [("legend", pygame.K_l), ("summary", pygame.K_r), ("results", pygame.K_s)])
def test_reading_aids_do_not_hold_the_game(app, overlay, press):
    session = computers_first()
    scene = start(app, session)
    showing_computer(app, scene)
    version = session.version
    key(app, press)
    assert scene.overlay == overlay
    until(app, session, lambda: session.version > version, limit=600)
    assert scene.overlay == overlay and not scene.computers_held


def test_the_computers_wait_until_the_last_window_closes(app):
    session = computers_first()
    scene = start(app, session)
    showing_computer(app, scene)
    key(app, pygame.K_F1)  # the rules, then the game menu over them
    click_in_app(app, scene.commands.buttons["menu"])
    assert menu_window(scene) is not None and side_window(scene).alive
    assert_held(app, scene, 30)
    key(app, pygame.K_ESCAPE)  # Esc closes the rules first (the window in front takes it)
    key(app, pygame.K_ESCAPE)
    assert not side_window(scene) or not side_window(scene).alive
    if menu_window(scene) is not None:
        assert_held(app, scene, 30)
        key(app, pygame.K_ESCAPE)
    assert menu_window(scene) is None
    plays_on(app, scene)


# ---------------------------------------------------------------------------- settings from the game menu


def open_settings(app, scene):
    key(app, pygame.K_ESCAPE)
    assert menu_window(scene) is not None
    click_in_app(app, menu_window(scene).button("settings"))
    assert menu_window(scene) is None and settings_window(scene) is not None
    assert app.scene is scene  # over the same game screen
    return settings_window(scene)


def test_settings_from_the_game_menu_hold_the_game_and_a_new_pace_applies_when_saved(app, tmp_path):
    from imperial_desktop.session.settings import load_settings

    session = computers_first()
    scene = start(app, session)
    showing_computer(app, scene)
    window = open_settings(app, scene)
    assert window.window.alive() and "waits" in " ".join(
        getattr(e, "text", "") for e in window.window.get_container().elements)
    assert_held(app, scene)
    choose_in_app(app, window.pace, "instant")
    assert_held(app, scene, 30)  # choosing holds it too
    click_in_app(app, window.done, settle=2)
    assert settings_window(scene) is None and not window.window.alive()
    assert app.scene is scene and app.autosaver is not None and app.autosaver.session is session
    assert app.settings.pace == "instant" and load_settings().pace == "instant"
    assert scene.presenter.animator.seconds_per_step == 0.0  # the new pace, in this game
    assert scene.toasts.message is not None and scene.toasts.message[0] == "Settings saved"
    version = session.version
    frames(app, session, 40)  # at the instant pace the computers play on: many actions, none shown slowly
    assert session.version > version + 3 or session.waits_for_local_input()


def test_settings_closed_with_esc_or_back_change_nothing_and_return_to_the_same_game(app):
    session = computers_first()
    scene = start(app, session)
    thinking_computer(app, scene)
    version = session.version
    window = open_settings(app, scene)
    choose_in_app(app, window.pace, "slow")
    assert session.version == version and session.computer_thinking()  # the answer waits
    key(app, pygame.K_ESCAPE)
    assert settings_window(scene) is None and app.scene is scene
    assert app.settings.pace == "normal" and scene.presenter.animator.seconds_per_step == 0.5
    plays_on(app, scene, after=session.version)
    for close in ("back_button", "x"):  # Back, and the window's own X
        window = open_settings(app, scene)
        assert_held(app, scene, 30)
        click_in_app(app, window.back_button if close == "back_button" else window.window.close_window_button)
        assert settings_window(scene) is None and not window.window.alive() and app.scene is scene
        plays_on(app, scene)


def test_settings_take_the_input_while_open(app):
    """A click on the board or a key of the game does nothing while the settings are open."""
    session = computers_first()
    scene = start(app, session)
    showing_computer(app, scene)
    open_settings(app, scene)
    key(app, pygame.K_s)  # the scores' key
    key(app, pygame.K_F1)  # the rules' key
    click_in_app(app, scene.commands.buttons["legend"])
    assert scene.overlay is None and (side_window(scene) is None or not side_window(scene).alive)
    assert settings_window(scene) is not None


@pytest.fixture
def by_setting(monkeypatch):
    """The language follows the setting (the suite forces English through the variable)."""
    from imperial_desktop import i18n

    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "en")
    i18n.set_language("en")


def test_a_language_tried_and_taken_back_leaves_the_game_in_its_language(app, by_setting):
    session = computers_first()
    scene = start(app, session)
    window = open_settings(app, scene)
    choose_in_app(app, window.language, "Deutsch")
    window = settings_window(scene)  # built again in German
    assert window.done.text == "Speichern"
    click_in_app(app, window.back_button)
    assert app.scene is scene and settings_window(scene) is None
    assert scene.commands.buttons["menu"].text == "Menu" and app.settings.language != "de"


def test_a_language_saved_in_the_game_settings_relabels_the_game(app, by_setting):
    session = computers_first()
    scene = start(app, session)
    window = open_settings(app, scene)
    choose_in_app(app, window.language, "Deutsch")
    window = settings_window(scene)  # built again in German
    click_in_app(app, window.done, settle=2)
    assert app.scene is scene and settings_window(scene) is None
    assert scene.commands.buttons["menu"].text == "Menü" and app.settings.language == "de"
    assert scene.toasts.message is not None and scene.toasts.message[0] == "Einstellungen gespeichert"
    key(app, pygame.K_ESCAPE)
    assert menu_window(scene).button("settings").text == "Einstellungen..."
