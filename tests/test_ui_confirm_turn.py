"""Confirm the turn (issue "feels finished", item 5): a person's nation turn waits for "Confirm turn"
before the next seat plays, and until then Undo takes its actions back one by one; a confirmed
turn and a computer's action are never taken back; the setting "Confirm each turn" turns it off.
Through the whole app and posted events (the session-level rules at the end)."""

from __future__ import annotations

import time

import pygame
import pytest

from helpers import GB, GE, clear_units, give_turn, put, six_player_game
from ui_driver import EventInput, choose_in_app, click_in_app, menu_window, question, settings_window, turn_panel
from ui_player import UIPlayer

from imperial_desktop.core import ChooseRondel, EndPhase, GameSetup, MoveArmy, MoveFleet, Produce
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.ui.layers.chrome import ChromeLayer
from imperial_desktop.ui.layers.hot_seat import HANDOVER_ECHO_SECONDS

FRAME = 1 / 60
WAITING_FRAMES = 120  # two seconds of frames: a computer would have started and answered meanwhile


class AppInput(EventInput):
    """Posted events for the whole app (``ui_player.UIPlayer`` plays through it as through a Driver)."""

    def __init__(self, app):
        self.app = app

    @property
    def scene(self):
        return self.app.scene

    def frame(self, n: int = 1, dt: float = FRAME) -> None:
        for _ in range(n):
            self.app.frame(dt)
            session = getattr(self.app.scene, "session", None)
            if session is not None:
                session.wait_for_computer(2)  # a computer thinking gets the time to finish


def british_turn(seats: dict[int, Seat] | None = None) -> GameSession:
    """Six seats; Anna (player 4, "P4" in the game) governs Great Britain, whose turn starts: two
    fleets at sea, two armies in London and one in Liverpool. The others are Easy computers unless
    ``seats`` says."""
    state = six_player_game()
    clear_units(state)
    put(state, GB, "london", armies=2)
    put(state, GB, "liverpool", armies=1)
    put(state, GB, "english_channel", fleets=1)
    put(state, GB, "north_sea", fleets=1)
    give_turn(state, GB)
    anna = state.government[GB]
    names = list(state.setup.players)
    chosen = {anna: Seat(names[anna], HUMAN), **(seats or {})}
    session_seats = [chosen.get(i, Seat(name, COMPUTER, "easy")) for i, name in enumerate(names)]
    return GameSession(state.setup, session_seats, state=state, seed=3)


def start(app, session: GameSession, *, confirm: bool | None = None) -> AppInput:
    """The game screen for ``session`` in the app (instant pace; computers think in threads)."""
    from imperial_desktop.ui.game_scene import GameScene

    app.settings.pace = "instant"
    if confirm is not None:
        app.settings.confirm_turns = confirm
    app.start_game(session)
    session.think_in_process = False
    assert isinstance(app.scene, GameScene)
    driver = AppInput(app)
    driver.frame(2)
    return driver


MOVES = [ChooseRondel(GB, 2), MoveFleet(GB, "north_sea", "baltic_sea"), EndPhase(GB, "fleets"),
         MoveArmy(GB, "london", "sheffield"), MoveArmy(GB, "liverpool", "edinburgh"), EndPhase(GB, "armies")]


def play_the_british_turn(driver: AppInput) -> None:
    """Maneuver: a rondel click, a fleet dragged, the fleets ended, two armies dragged, the end
    (London's second army and the Channel's fleet stay: the game asks, the player says yes)."""
    player = UIPlayer(driver)
    for action in MOVES:
        assert driver.scene.session.state.is_legal(action), action
        done = len(driver.scene.session.history)
        player.perform(action)
        driver.frame(1)
        assert driver.scene.session.history[done].action == action  # played (computers may follow: setting off)
    assert player.used.get("drag") == 3


def snapshot(session: GameSession):
    return (session.version, len(session.record.actions), session.state.to_dict())


def assert_waiting(driver: AppInput, frames: int = WAITING_FRAMES) -> None:
    """Over many frames nothing moves: no computer starts, the turn waits with its panel."""
    scene, session = driver.scene, driver.scene.session
    before = snapshot(session)
    for _ in range(frames):
        driver.frame(1)
        assert not session.computer_thinking()
    assert snapshot(session) == before
    assert session.awaiting_confirmation() and turn_panel(scene) is not None and scene.decisions.panel is None
    assert turn_panel(scene).confirm_button.alive() and turn_panel(scene).confirm_button.is_enabled


def key(driver: AppInput, k: int, mod: int = 0) -> None:
    driver.key(k, mod)


def computers_play(driver: AppInput, after: int, limit: int = 600) -> None:
    """Frames until a computer seat's action is applied after version ``after``."""
    session = driver.scene.session
    for _ in range(limit):
        if session.version > after and not session.local_seat(session.history[-1].actor):
            return
        driver.frame(1)
    raise AssertionError("the computers did not play")


# ---------------------------------------------------------------------------- taking a turn back


def test_a_whole_maneuver_is_taken_back_action_by_action_before_it_is_confirmed(app):
    session = british_turn()
    driver = start(app, session)
    scene = driver.scene
    start_digest = session.state.digest()
    digests = [start_digest]
    player = UIPlayer(driver)
    for action in MOVES:
        player.perform(action)
        driver.frame(1)
        digests.append(session.state.digest())
        if action != MOVES[-1]:  # Anna's own next decision: nothing to confirm in between
            assert not session.awaiting_confirmation() and turn_panel(scene) is None
    assert session.state.current_player() != session.history[-1].actor  # Germany's computer is next
    assert_waiting(driver)
    chrome = scene.draw(app.screen)[ChromeLayer]  # what the panels show while the turn waits
    assert "P4: confirm your turn" in chrome.top_bar[1] and chrome.top_bar[0] == GB
    assert chrome.table_current == (GB, 3)  # the table marks the turn that waits, not the next
    assert "Undo" in chrome.top_bar[1]
    assert scene.commands.buttons["undo"].is_enabled
    # back, one action at a time, with each of the three ways: Ctrl+Z, the panel's button, the Undo button
    ways = ["ctrl+z", "panel", "button"] * 2
    for n, way in enumerate(ways):
        if way == "ctrl+z":
            key(driver, pygame.K_z, pygame.KMOD_CTRL)
        elif way == "panel":
            click_in_app(app, turn_panel(scene).undo_button if turn_panel(scene) is not None else scene.commands.buttons["undo"])
        else:
            click_in_app(app, scene.commands.buttons["undo"])
        driver.frame(1)
        assert session.state.digest() == digests[-2 - n], (n, way)
        assert turn_panel(scene) is None and scene.decisions.panel is not None  # Anna decides again
        assert not session.computer_thinking()
    assert session.state.digest() == start_digest and session.history == []
    assert not session.can_undo() and not scene.commands.buttons["undo"].is_enabled
    key(driver, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.digest() == start_digest
    assert scene.toasts.message is not None and scene.toasts.message[0].startswith("Nothing of yours to take back")


def test_the_panel_names_what_comes_next_and_the_actions_undo_takes_back(app):
    session = british_turn()
    driver = start(app, session)
    play_the_british_turn(driver)
    scene = driver.scene
    text = turn_panel(scene).text.html_text
    assert "Next:" in text and "must choose the rondel space" in text
    assert text.index("Great Britain: ends the army movement") < text.index("Great Britain: chooses Maneuver")
    assert turn_panel(scene).confirm_button.text == "Confirm turn"
    assert "Enter" in turn_panel(scene).confirm_button.tool_tip_text
    assert "Ctrl+Z" in turn_panel(scene).undo_button.tool_tip_text
    assert "confirmed turn" in scene.commands.buttons["undo"].tool_tip_text
    assert turn_panel(scene).rect.colliderect(scene.layout.decision)


def test_a_rondel_choice_and_its_production_are_taken_back(app):
    """A nation turn of two actions: Production on the rondel, then the factories produce."""
    state = six_player_game()
    give_turn(state, GB, position=None)
    anna = state.government[GB]
    seats = [Seat("Anna", HUMAN) if i == anna else Seat(n, COMPUTER, "easy") for i, n in enumerate(state.setup.players)]
    session = GameSession(state.setup, seats, state=state, seed=2)
    driver = start(app, session)
    start_digest = session.state.digest()
    player = UIPlayer(driver)
    production = next(a for a in session.state.legal_actions() if isinstance(a, ChooseRondel)
                      and session.state.board.rondel[a.space].action == "production")
    player.perform(production)
    driver.frame(1)
    produce = max((a for a in session.state.legal_actions() if isinstance(a, Produce)), key=lambda a: len(a.cities))
    player.perform(produce)
    driver.frame(1)
    assert_waiting(driver, 60)
    key(driver, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.decision().kind == "production" and driver.scene.decisions.panel is not None
    key(driver, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.digest() == start_digest and session.state.decision().kind == "rondel"


# ---------------------------------------------------------------------------- confirming


def test_enter_confirms_the_turn_and_the_computers_play_but_never_take_it_back(app):
    session = british_turn()
    driver = start(app, session)
    play_the_british_turn(driver)
    assert_waiting(driver, 30)
    played = session.state.digest()
    version = session.version
    key(driver, pygame.K_RETURN)
    assert turn_panel(driver.scene) is None and not session.awaiting_confirmation()
    assert not session.can_undo()  # the confirmed turn is kept
    computers_play(driver, version)
    assert not session.can_undo()
    key(driver, pygame.K_z, pygame.KMOD_CTRL)
    assert len(session.history) >= len(MOVES) + 1 and [s.action for s in session.history[:len(MOVES)]] == MOVES
    assert session.history[len(MOVES)].before.digest() == played  # nothing of Anna's turn was taken back


def test_the_confirm_button_lets_the_computers_play(app):
    session = british_turn()
    driver = start(app, session)
    play_the_british_turn(driver)
    assert_waiting(driver, 30)
    version = session.version
    button = turn_panel(driver.scene).confirm_button
    time.sleep(HANDOVER_ECHO_SECONDS)  # the player reads the panel first (see the next test)
    click_in_app(app, button)
    assert not button.alive() and turn_panel(driver.scene) is None
    computers_play(driver, version)


def test_a_double_click_on_the_last_choice_does_not_confirm_the_turn(app):
    """Confirm turn stands where the last choice's button was: the second click of a double click
    on that choice (Produce, End army movement) must not confirm the turn unseen."""
    session = british_turn()
    driver = start(app, session)
    play_the_british_turn(driver)
    button = turn_panel(driver.scene).confirm_button
    click_in_app(app, button)  # at once: the echo of the click that ended the turn
    assert button.alive() and turn_panel(driver.scene) is not None
    assert_waiting(driver, 30)
    time.sleep(HANDOVER_ECHO_SECONDS)
    click_in_app(app, turn_panel(driver.scene).confirm_button)  # a deliberate click later confirms
    assert turn_panel(driver.scene) is None


def test_undo_stops_at_a_computers_action_on_the_next_turn(app):
    """Back on Anna's next turn (after the computers), Undo takes back her new action only."""
    session = british_turn()
    driver = start(app, session)
    play_the_british_turn(driver)
    key(driver, pygame.K_RETURN)
    for _ in range(3000):
        if session.waits_for_local_input() and not driver.scene.presenter.animator.busy and driver.scene.decisions.panel is not None:
            break
        driver.frame(1)
    else:
        raise AssertionError("Anna's turn did not come back")
    assert not session.local_seat(session.history[-1].actor) and not session.can_undo()
    computer_done = session.state.digest()
    if driver.scene.overlay is not None:  # what happened meanwhile: read, then closed
        key(driver, pygame.K_ESCAPE)
    UIPlayer(driver).perform(session.state.legal_actions()[0])
    driver.frame(1)
    assert session.local_seat(session.history[-1].actor)
    key(driver, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.digest() == computer_done
    key(driver, pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.digest() == computer_done  # the computer's action stays
    assert driver.scene.toasts.message is not None and driver.scene.toasts.message[0].startswith("Nothing of yours to take back")


def test_with_the_setting_off_the_computers_start_at_once(app):
    session = british_turn()
    driver = start(app, session, confirm=False)
    version_before = session.version
    play_the_british_turn(driver)
    assert turn_panel(driver.scene) is None and not session.awaiting_confirmation()
    computers_play(driver, version_before + len(MOVES), limit=120)


# ---------------------------------------------------------------------------- hot seat


def test_hot_seat_the_hand_over_comes_after_the_confirmation(app):
    """Anna's turn hands the game to Ben (another person at the screen, cash hidden): the hand-over
    screen waits until Anna confirms; a double Enter does not pass it; Ben cannot take back
    Anna's confirmed turn."""
    ben = 4  # Germany's government: the next nation
    session = british_turn({ben: Seat("P5", HUMAN)})
    driver = start(app, session)
    scene = driver.scene
    assert scene.hide_cash and scene.hot_seat.handover_to == session.state.current_player()
    key(driver, pygame.K_RETURN)  # Anna takes the mouse
    assert scene.hot_seat.handover_to is None
    time.sleep(0.6)  # past the hand-over's echo time
    play_the_british_turn(driver)
    assert session.state.current_player() == ben
    assert_waiting(driver, 30)
    assert scene.hot_seat.handover_to is None and scene.hot_seat.cash_hidden_for(session.state) == set(range(6)) - {3}  # Anna's shows
    assert scene.draw(app.screen)[ChromeLayer].top_bar[1].startswith("P4: confirm your turn")
    key(driver, pygame.K_RETURN)  # confirmed: now the screen between the players
    assert scene.hot_seat.handover_to == ben and turn_panel(scene) is None and scene.decisions.panel is None
    key(driver, pygame.K_RETURN)  # the same Enter again at once: the screen stays for Ben
    assert scene.hot_seat.handover_to == ben
    time.sleep(0.6)
    key(driver, pygame.K_RETURN)
    assert scene.hot_seat.handover_to is None and scene.decisions.panel is not None
    version = session.version
    key(driver, pygame.K_z, pygame.KMOD_CTRL)  # Ben: Anna's turn is confirmed, nothing to take back, no question
    assert session.version == version and question(scene) is None
    assert scene.toasts.message is not None and scene.toasts.message[0].startswith("Nothing of yours to take back")


def test_hot_seat_undo_while_the_turn_waits_asks_nobody(app):
    """The turn waits: Anna is still at the screen, so her Undo needs no question for Ben; and
    Ben's decision cannot be made before it is confirmed (a click on the rondel does nothing)."""
    ben = 4
    session = british_turn({ben: Seat("P5", HUMAN)})
    app.settings.hide_cash_in_hot_seat = False  # no hand-over screen
    driver = start(app, session)
    assert driver.scene.hot_seat.handover_to is None
    play_the_british_turn(driver)
    version = session.version
    space = next(a.space for a in session.state.legal_actions() if isinstance(a, ChooseRondel))
    driver.click(UIPlayer(driver).rondel_point(space))
    assert session.version == version and turn_panel(driver.scene) is not None
    assert not driver.scene.commands.buttons["donate"].is_enabled  # nor a donation in Ben's name
    key(driver, pygame.K_z, pygame.KMOD_CTRL)
    assert question(driver.scene) is None and session.history[-1].action == MOVES[-2]


# ---------------------------------------------------------------------------- the setting


def test_the_settings_screen_turns_confirmation_off_and_the_next_game_follows(app, tmp_path):
    from imperial_desktop.session.settings import load_settings
    from imperial_desktop.ui.menu_base import _selected
    from imperial_desktop.ui.settings_screen import SettingsScene

    assert app.settings.confirm_turns is True
    app.switch(SettingsScene(app))
    AppInput(app).frame(2)
    scene = app.scene
    menu = scene.menus["confirm"]
    assert _selected(menu) == "yes" and menu.tool_tip_text and "Confirm turn" in menu.tool_tip_text
    choose_in_app(app, menu, "no")
    click_in_app(app, scene.done)
    assert app.settings.confirm_turns is False and load_settings(tmp_path).confirm_turns is False
    session = british_turn()
    driver = start(app, session)
    assert session.confirm_turns is False
    play_the_british_turn(driver)
    assert turn_panel(driver.scene) is None


def test_the_settings_over_the_game_apply_to_it(app):
    session = british_turn()
    driver = start(app, session)
    assert session.confirm_turns is True
    scene = driver.scene
    key(driver, pygame.K_ESCAPE)
    click_in_app(app, menu_window(scene).button("settings"))
    assert settings_window(scene) is not None
    choose_in_app(app, settings_window(scene).menus["confirm"], "no")
    click_in_app(app, settings_window(scene).done)
    assert settings_window(scene) is None and session.confirm_turns is False


def test_the_guided_game_asks_no_confirmation(app):
    from imperial_desktop.ui.coach import start_tutorial

    start_tutorial(app, restart=True)
    assert app.scene.coach is not None and app.scene.session.confirm_turns is False


# ---------------------------------------------------------------------------- the session's rules


def two_seats(confirm: bool = True) -> GameSession:
    setup = GameSetup.create(2, 4, names=["Anna", "Bot"])
    state_player = GameSession(setup, [Seat("Anna", HUMAN), Seat("Bot", HUMAN)]).state.current_player()
    seats = [Seat("Anna", HUMAN) if i == state_player else Seat("Bot", COMPUTER, "random") for i in range(2)]
    session = GameSession(setup, seats, seed=1)
    session.confirm_turns = confirm
    return session


def play_until_handed_on(session: GameSession) -> None:
    while not session.awaiting_confirmation():
        assert session.waits_for_local_input()
        session.apply(session.state.legal_actions()[0])


def test_a_session_asks_no_confirmation_unless_told():
    session = two_seats(confirm=False)
    assert not session.confirm_turns
    while session.waits_for_local_input():
        session.apply(session.state.legal_actions()[0])
    assert not session.awaiting_confirmation() and not session.confirm_turn()
    assert session.run_computers(max_actions=1) == 1


def test_the_computers_wait_for_the_confirmation_and_then_keep_it():
    session = two_seats()
    play_until_handed_on(session)
    done = len(session.history)
    assert session.run_computers(max_actions=5) == 0  # it returns at once: nothing plays
    session.poll()
    assert not session.computer_thinking()
    assert session.unconfirmed_actions() == [s.action for s in session.history]
    assert session.confirm_turn() and not session.confirm_turn()
    assert not session.can_undo() and session.unconfirmed_actions() == []
    assert session.run_computers(max_actions=1) == 1 and len(session.history) == done + 1


def test_the_same_person_governing_the_next_nation_is_not_asked_in_between():
    state = six_player_game()
    clear_units(state)
    give_turn(state, GB)
    anna = state.government[GB]
    state.government[GE] = anna  # Anna governs Germany too, whose turn comes next
    seats = [Seat(n, HUMAN if i == anna else COMPUTER, "easy") for i, n in enumerate(state.setup.players)]
    session = GameSession(state.setup, seats, state=state)
    session.confirm_turns = True
    session.apply(ChooseRondel(GB, 2))  # Maneuver with no units: Britain's turn is over
    assert session.state.acting_nation() == GE and session.state.current_player() == anna
    assert not session.awaiting_confirmation()
    session.apply(ChooseRondel(GE, 2))
    assert session.awaiting_confirmation()
    assert session.unconfirmed_actions() == [ChooseRondel(GB, 2), ChooseRondel(GE, 2)]
    assert session.undo() and session.undo() and not session.can_undo()


def test_turning_confirmation_on_in_a_game_asks_from_the_next_turn_on():
    session = two_seats(confirm=False)
    while session.waits_for_local_input():
        session.apply(session.state.legal_actions()[0])
    session.confirm_turns = True  # the last action handed the game on before: not asked about now
    assert not session.awaiting_confirmation()
    assert session.run_computers(max_actions=1) == 1


@pytest.mark.parametrize("value", [True, False])
def test_the_setting_round_trips(tmp_path, value):
    from imperial_desktop.session.settings import Settings, load_settings, save_settings

    save_settings(Settings(confirm_turns=value), tmp_path)
    assert load_settings(tmp_path).confirm_turns is value
