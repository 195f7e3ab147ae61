"""A hot-seat evening keeps each player's cash secret and each player's moves their own
(session 16's play-test of two humans and a computer at one screen), through real events."""

from __future__ import annotations

import pygame
import pytest

from ui_driver import Driver

from imperial_desktop.core import GameSetup
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import HUMAN, Seat


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
    if driver.scene.handover_to is not None:
        driver.key(pygame.K_RETURN)
        driver.frame(1)
    assert driver.scene.handover_to is None


def play_rondel(driver: Driver) -> None:
    panel = driver.scene.decision_panel
    driver.click_element(next(b for b, c in panel.buttons.items() if c.action is not None))
    driver.frame(1)


def test_the_game_opens_on_the_hand_over_screen_and_space_does_not_take_it_away() -> None:
    """Whoever started (or continued, or loaded) the game may not be the player deciding now;
    and Space, which also skips a computer turn being shown, once took the screen away."""
    driver = hot_seat()
    scene = driver.scene
    assert scene.handover_to == scene.session.state.current_player()
    driver.key(pygame.K_SPACE)
    assert scene.handover_to is not None
    driver.key(pygame.K_RETURN)
    assert scene.handover_to is None
    assert hot_seat(hide_cash=False).scene.handover_to is None  # cash shown: no secrets to keep


def test_the_score_sheet_hides_the_cash_of_everybody_but_the_player_deciding() -> None:
    driver = hot_seat()
    scene = driver.scene
    take_over(driver)
    state = scene.session.state
    me = state.setup.players[state.current_player()]
    other = next(n for n in state.setup.players if n != me)
    driver.key(pygame.K_s)
    driver.frame(1)
    sheet = scene.score_sheet
    assert scene.overlay == "results" and sheet.cash_hidden
    assert sheet.cells[other]["cash"] == "??" and sheet.cells[other]["total"] == "??"
    assert sheet.cells[me]["cash"] == str(state.cash[state.current_player()])
    assert "places are not shown" in sheet.note  # the "–" in the place column is explained
    scene.hide_cash = False
    scene.overlay = None
    driver.key(pygame.K_s)
    driver.frame(1)
    assert scene.score_sheet.cells[other]["cash"] != "??" and not scene.score_sheet.cash_hidden
    assert scene.score_sheet.note == ""


def test_showing_all_cash_asks_first_and_h_asks_for_a_hint() -> None:
    driver = hot_seat()
    scene = driver.scene
    take_over(driver)
    driver.key(pygame.K_h)  # the key a player guesses for Hint: it hid nothing and showed nothing
    assert scene.hide_cash and scene._hint_job is not None
    scene._hint_job[1].result(timeout=60)
    driver.click_element(scene.buttons["hide_cash"])
    assert scene.hide_cash and scene.confirm is not None  # asked, not done
    driver.key(pygame.K_RETURN)
    assert not scene.hide_cash and scene.buttons["hide_cash"].text == "Cash: shown"
    driver.click_element(scene.buttons["hide_cash"])  # hiding again needs no question
    assert scene.hide_cash and scene.confirm is None


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
    assert scene.confirm is not None and len(session.record.actions) == actions  # asked, nothing taken back
    driver.key(pygame.K_RETURN)
    assert len(session.record.actions) == actions - 1
    assert scene.log[-1] == f"(taken back: the last action of {session.setup.players[first]})"


def test_a_saved_game_says_so() -> None:
    driver = hot_seat(hide_cash=False)
    driver.scene._saved("Evening game")
    assert driver.scene.toast[0] == "Saved as \u201cEvening game\u201d" and driver.scene.toast[2]


def test_the_hand_over_screen_names_the_decision_and_escape_closes_the_front_window_first() -> None:
    driver = hot_seat()
    scene = driver.scene
    state = scene.session.state
    assert scene.handover_to is not None
    assert scene.handover_decision == state.describe_decision()  # "Anna (Austria-Hungary) must choose ..."
    assert state.setup.players[state.current_player()] in scene.handover_decision
    take_over(driver)
    driver.key(pygame.K_s)
    scene.open_menu()
    driver.frame(1)
    assert scene.overlay == "results" and scene.menu_window is not None
    driver.key(pygame.K_ESCAPE)  # the game menu in front of the scores closes first
    assert scene.menu_window is None and scene.overlay == "results"
    driver.key(pygame.K_ESCAPE)
    assert scene.overlay is None


def test_a_move_that_works_takes_a_refusal_away() -> None:
    """A refused drag's red message stayed up after the next move succeeded."""
    driver = hot_seat(hide_cash=False)
    scene = driver.scene
    scene.show_message("A fleet may only move from its harbour to the sea next to it")
    play_rondel(driver)
    assert scene.toast is None
    scene.show_message("Saved as \u201cx\u201d", info=True)  # news stays for its few seconds
    play_rondel(driver)
    assert scene.toast is not None


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
        if scene.handover_to is not None:
            driver.key(pygame.K_RETURN)
            continue
        state = session.state
        current = state.current_player()
        if scene.animator.busy and current is not None and seats[current].is_human:
            assert scene._cash_hidden_for(state) == {0, 1, 2}
            seen += 1
        elif session.human_to_move() and not scene.animator.busy:
            assert scene._cash_hidden_for(state) == {p for p in range(3) if p != current}
            if seen:
                break
            panel = scene.decision_panel
            driver.click_element(next(b for b, c in panel.buttons.items() if c.action is not None))
            if scene.confirm is not None:
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
    assert scene.handover_to is None and session.version == 0  # the screen went, nothing was played
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
    assert scene.handover_to is not None
    driver.key(pygame.K_RETURN)
    driver.frame(1)
    driver.key(pygame.K_RETURN)
    driver.frame(2)
    assert scene.handover_to is None and session.version == 0


def test_a_question_open_when_the_hand_over_comes_is_closed_with_its_action() -> None:
    """Session 18's crash hunt: "Show all cash?" answered in the frame the hand-over screen came up;
    the screen took the answer, the dialog was gone, and the next player's first Enter showed
    everybody's cash with no question on the screen. The hand-over closes such a question."""
    driver = hot_seat()
    scene = driver.scene
    take_over(driver)
    driver.click_element(scene.buttons["hide_cash"])
    assert scene.confirm is not None and scene._confirm_action is not None
    dialog = scene.confirm
    scene._last_human = None  # as when the turn passes to the other person
    scene._check_handover()
    assert scene.handover_to is not None
    assert scene.confirm is None and scene._confirm_action is None and not dialog.alive()
    take_over(driver)
    driver.key(pygame.K_RETURN)
    assert scene.hide_cash  # nothing was waiting for this Enter
