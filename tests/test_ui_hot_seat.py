"""A hot-seat evening keeps each player's cash secret and each player's moves their own
(session 16's play-test of two humans and a computer at one screen), through real events."""

from __future__ import annotations

import pygame
import pytest

from ui_driver import Driver, menu_window, open_layer, question

from imperial_desktop.core import GameSetup
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import HUMAN, Seat
from imperial_desktop.ui.layers.hot_seat import HandoverLayer
from imperial_desktop.ui.layers.overlays import OverlayLayer
from imperial_desktop.ui.layers.windows import QuestionLayer


def hot_seat(hide_cash: bool = True) -> Driver:
    """Anna and Ben at one screen, cash hidden, the first frames drawn."""
    from imperial_desktop.ui.game_scene import GameScene

    names = ["Anna", "Ben"]
    setup = GameSetup.create(2, 7, names=names)
    session = GameSession(setup, [Seat(n, HUMAN) for n in names], seed=7)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.0), size=(1280, 800))
    driver.scene.hide_cash = hide_cash
    driver.frame(2)
    return driver


def take_over(driver: Driver) -> None:
    """The deciding player clicks the hand-over screen away."""
    if driver.scene.hot_seat.handover_to is not None:
        driver.key(pygame.K_RETURN)
        driver.frame(1)
    assert driver.scene.hot_seat.handover_to is None


def play_rondel(driver: Driver) -> None:
    panel = driver.scene.decisions.panel
    driver.click_element(next(b for b, c in panel.buttons.items() if c.action is not None))
    driver.frame(1)


def test_the_game_opens_on_the_hand_over_screen_and_space_does_not_take_it_away() -> None:
    """Whoever started (or continued, or loaded) the game may not be the player deciding now;
    and Space, which also skips a computer turn being shown, once took the screen away."""
    driver = hot_seat()
    scene = driver.scene
    assert scene.hot_seat.handover_to == scene.session.state.current_player()
    driver.key(pygame.K_SPACE)
    assert scene.hot_seat.handover_to is not None
    driver.key(pygame.K_RETURN)
    assert scene.hot_seat.handover_to is None
    assert hot_seat(hide_cash=False).scene.hot_seat.handover_to is None  # cash shown: no secrets to keep


def test_the_score_sheet_hides_the_cash_of_everybody_but_the_player_deciding() -> None:
    driver = hot_seat()
    scene = driver.scene
    take_over(driver)
    state = scene.session.state
    me = state.setup.players[state.current_player()]
    other = next(n for n in state.setup.players if n != me)
    driver.key(pygame.K_s)
    driver.frame(1)
    sheet = driver.drawn[OverlayLayer]  # the score sheet as drawn
    assert scene.overlay == "results" and sheet.cash_hidden
    assert sheet.cells[other]["cash"] == "??" and sheet.cells[other]["total"] == "??"
    assert sheet.cells[me]["cash"] == str(state.cash[state.current_player()])
    assert "places are not shown" in sheet.note  # the "–" in the place column is explained
    scene.hide_cash = False
    scene.close_overlay()
    driver.key(pygame.K_s)
    driver.frame(1)
    sheet = driver.drawn[OverlayLayer]
    assert sheet.cells[other]["cash"] != "??" and not sheet.cash_hidden
    assert sheet.note == ""


def test_showing_all_cash_asks_first_and_h_asks_for_a_hint() -> None:
    driver = hot_seat()
    scene = driver.scene
    take_over(driver)
    driver.key(pygame.K_h)  # the key a player guesses for Hint: it hid nothing and showed nothing
    assert scene.hide_cash and scene.hints.job is not None
    scene.hints.job[1].result(timeout=60)
    driver.click_element(scene.commands.buttons["hide_cash"])
    assert scene.hide_cash and question(scene) is not None  # asked, not done
    driver.key(pygame.K_RETURN)
    assert not scene.hide_cash and scene.commands.buttons["hide_cash"].text == "Cash: shown"
    driver.click_element(scene.commands.buttons["hide_cash"])  # hiding again needs no question
    assert scene.hide_cash and question(scene) is None


def test_taking_back_another_players_action_asks_first() -> None:
    """Ben could take back Anna's move with Ctrl+Z on his own turn, and nothing said so."""
    driver = hot_seat()
    scene = driver.scene
    session = scene.session
    take_over(driver)
    first = session.state.current_player()
    while session.state.current_player() == first:
        play_rondel(driver)
    take_over(driver)
    actions = len(session.record.actions)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert question(scene) is not None and len(session.record.actions) == actions  # asked, nothing taken back
    driver.key(pygame.K_RETURN)
    assert len(session.record.actions) == actions - 1
    assert scene.log.lines[-1] == f"(taken back: the last action of {session.setup.players[first]})"


def test_a_saved_game_says_so() -> None:
    driver = hot_seat(hide_cash=False)
    driver.scene._saved("Evening game")
    assert driver.scene.toasts.message[0] == "Saved as \u201cEvening game\u201d" and driver.scene.toasts.message[2]


def test_the_hand_over_screen_names_the_decision_and_escape_closes_the_front_window_first() -> None:
    driver = hot_seat()
    scene = driver.scene
    state = scene.session.state
    assert scene.hot_seat.handover_to is not None
    shown = driver.drawn[HandoverLayer]  # the decision the hand-over screen names
    assert shown == state.describe_decision()  # "Anna (Austria-Hungary) must choose ..."
    assert state.setup.players[state.current_player()] in shown
    take_over(driver)
    driver.key(pygame.K_s)
    scene.open_menu()
    driver.frame(1)
    assert scene.overlay == "results" and menu_window(scene) is not None
    driver.key(pygame.K_ESCAPE)  # the game menu in front of the scores closes first
    assert menu_window(scene) is None and scene.overlay == "results"
    driver.key(pygame.K_ESCAPE)
    assert scene.overlay is None


def test_a_move_that_works_takes_a_refusal_away() -> None:
    """A refused drag's red message stayed up after the next move succeeded."""
    driver = hot_seat(hide_cash=False)
    scene = driver.scene
    scene.show_message("A fleet may only move from its harbour to the sea next to it")
    play_rondel(driver)
    assert scene.toasts.message is None
    scene.show_message("Saved as \u201cx\u201d", info=True)  # news stays for its few seconds
    play_rondel(driver)
    assert scene.toasts.message is not None


def test_nobodys_cash_shows_while_a_computer_turn_is_shown_to_everybody() -> None:
    """The next human's cash waited in the table while the computer's moves were shown to the
    whole table (the hand-over screen now comes after them)."""
    from imperial_desktop.session.seats import COMPUTER
    from imperial_desktop.ui.game_scene import GameScene

    names = ["Anna", "Ben", "Bot"]
    setup = GameSetup.create(3, 11, names=names)
    seats = [Seat("Anna", HUMAN), Seat("Ben", HUMAN), Seat("Bot", COMPUTER, "easy")]
    session = GameSession(setup, seats, seed=11)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.5), size=(1280, 800))
    scene = driver.scene
    scene.hide_cash = True
    seen = 0
    for _ in range(4000):
        driver.frame(1)
        session.wait_for_computer(5)
        if scene.hot_seat.handover_to is not None:
            driver.key(pygame.K_RETURN)
            continue
        state = session.state
        current = state.current_player()
        if scene.presenter.animator.busy and session.local_seat(current):
            assert scene.hot_seat.cash_hidden_for(state) == {0, 1, 2}
            seen += 1
        elif session.waits_for_local_input() and not scene.presenter.animator.busy:
            assert scene.hot_seat.cash_hidden_for(state) == {p for p in range(3) if p != current}
            if seen:
                break
            panel = scene.decisions.panel
            driver.click_element(next(b for b, c in panel.buttons.items() if c.action is not None))
            if question(scene) is not None:
                driver.key(pygame.K_RETURN)
    assert seen


@pytest.mark.parametrize("gap_frames", [0, 1, 6])
def test_a_double_click_or_enter_on_the_hand_over_screen_plays_nothing(gap_frames) -> None:
    """Session 18's crash hunt: the first click of a double click took the hand-over screen away and
    the second chose the rondel space under the pointer for the player only now sitting down; a
    double Enter passed an investment the same way. The repeat within a double click's time is
    dropped; the next deliberate input works."""
    from ui_player import UIPlayer

    from imperial_desktop.core import ChooseRondel

    driver = hot_seat()
    scene, session = driver.scene, driver.scene.session
    driver.frame(2)
    space = next(a.space for a in session.state.legal_actions() if isinstance(a, ChooseRondel))
    pos = UIPlayer(driver).rondel_point(space)
    driver.move(pos)
    for k in range(2):
        driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        if k == 0 and gap_frames:
            driver.frame(gap_frames)
    driver.frame(3)
    assert scene.hot_seat.handover_to is None and session.version == 0  # the screen went, nothing was played
    driver.key(pygame.K_h)  # other input: the player is at the board
    driver.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    driver.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    driver.frame(2)
    assert session.version == 1  # a deliberate click plays


def test_a_double_enter_on_the_hand_over_screen_answers_nothing() -> None:
    """The double Enter: on an investment the second one chose the panel's Pass."""
    from imperial_desktop.ai import make_bot
    from imperial_desktop.core import GameState
    from imperial_desktop.ui.game_scene import GameScene

    names = ["Anna", "Ben"]
    setup = GameSetup.create(2, 7, names=names)
    state, bot = GameState.new(setup), make_bot("greedy", 1)
    while state.decision().kind != "invest":
        state.apply(bot.choose(state))
    session = GameSession(setup, [Seat(n, HUMAN) for n in names], state=state, seed=7)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.0), size=(1280, 800))
    scene = driver.scene
    scene.hide_cash = True
    driver.frame(2)
    assert scene.hot_seat.handover_to is not None
    driver.key(pygame.K_RETURN)
    driver.frame(1)
    driver.key(pygame.K_RETURN)
    driver.frame(2)
    assert scene.hot_seat.handover_to is None and session.version == 0


def test_a_question_open_when_the_hand_over_comes_is_closed_with_its_action() -> None:
    """Session 18's crash hunt: "Show all cash?" answered in the frame the hand-over screen came up;
    the screen took the answer, the dialog was gone, and the next player's first Enter showed
    everybody's cash with no question on the screen. The hand-over closes such a question."""
    driver = hot_seat()
    scene = driver.scene
    take_over(driver)
    driver.click_element(scene.commands.buttons["hide_cash"])
    asked = open_layer(scene, QuestionLayer)
    assert asked is not None and asked.on_yes is not None
    dialog = question(scene)
    scene.hot_seat.last_human = None  # as when the turn passes to the other person
    scene.hot_seat.check()
    assert scene.hot_seat.handover_to is not None
    # the question's layer is gone, and its action with it (nothing left for the next Enter)
    assert question(scene) is None and asked not in scene.layers and not dialog.alive()
    take_over(driver)
    driver.key(pygame.K_RETURN)
    assert scene.hide_cash  # nothing was waiting for this Enter
