"""Issue 11, acceptance 3: computer turns a player can follow, the summary since the last
decision, and the hot-seat handover that keeps secrets (all through real events)."""

from __future__ import annotations

import pygame

from ui_driver import Driver, aux_panel, question

from imperial_desktop.core import GameSetup
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.session.turn_steps import visible_steps

FRAME = 1 / 60


def computer_game(seed: int = 11) -> GameSession:
    names = ["Anna", "Bot 1", "Bot 2", "Bot 3"]
    setup = GameSetup.create(4, seed, names=names)
    seats = [Seat(names[0], HUMAN)] + [Seat(n, COMPUTER, "easy") for n in names[1:]]
    return GameSession(setup, seats, seed=seed)


def run_until_human(driver: Driver, session: GameSession, limit: int = 20_000) -> int:
    """Frames until the human decides and nothing is being shown any more."""
    frames = 0
    while frames < limit:
        driver.frame(1, FRAME)
        session.wait_for_computer(5)
        frames += 1
        if session.waits_for_local_input() and not driver.scene.presenter.animator.busy and frames > 2:
            return frames
    raise AssertionError("the computers never handed over")


def play_first_human_rondel(driver: Driver, session: GameSession) -> None:
    """The human (seat 0) picks the first legal rondel space through the decision panel."""
    panel = driver.scene.decisions.panel
    assert panel is not None
    button = next(b for b, c in panel.buttons.items() if c.action is not None)
    driver.click_element(button)


def finish_human_turn(driver: Driver, session: GameSession) -> None:
    """The human makes decisions (the closing or first choice each time) until a computer must act."""
    for _ in range(60):
        if not session.waits_for_local_input():
            return
        panel = driver.scene.decisions.panel
        assert panel is not None
        button = panel.button_for(lambda c: c.pinned and c.action is not None) or \
            next(b for b, c in panel.buttons.items() if c.action is not None)
        driver.scene.close_overlay()
        driver.click_element(button)
        if question(driver.scene) is not None:
            driver.key(pygame.K_RETURN)
    raise AssertionError("the human's turn did not end")


def expected_steps(session: GameSession, start: int) -> list[str]:
    """Captions of every visible step of the computer actions after action number ``start``,
    computed independently by replaying the record."""
    from imperial_desktop.core import GameState

    state = GameState.new(session.setup)
    captions = []
    for i, action in enumerate(session.record.actions):
        actor = state.current_player()
        events = state.apply(action)
        if i >= start and actor is not None and not session.local_seat(actor):
            captions += [s.caption for s in visible_steps(action, events, state.board, list(session.setup.players))]
    return captions


def test_normal_pace_shows_every_computer_action_and_takes_visible_time():
    from imperial_desktop.ui.game_scene import GameScene

    session = computer_game()
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.5))
    seen_busy = 0
    frames = 0
    while not session.waits_for_local_input() or driver.scene.presenter.animator.busy:
        driver.frame(1, FRAME)
        session.wait_for_computer(5)
        seen_busy += driver.scene.presenter.animator.busy
        frames += 1
        assert frames < 20_000
    played = [s.caption for s in driver.scene.presenter.animator.played]
    expected = expected_steps(session, 0)
    assert expected and played == expected  # every action of the computers, in order
    # at half a second per step, the computers' turns took (at least) that long on screen
    assert frames * FRAME >= 0.5 * len(expected) * 0.95
    assert seen_busy > 0
    assert driver.scene.presenter.turn_steps  # the decision area lists what the computer did


def test_instant_pace_waits_for_nothing():
    from imperial_desktop.ui.game_scene import GameScene

    session = computer_game()
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.0))
    frames = run_until_human(driver, session)
    assert not driver.scene.presenter.animator.busy
    assert [s.caption for s in driver.scene.presenter.animator.played] == expected_steps(session, 0)
    # one computer action per frame at most, no frame spent waiting for an animation
    assert frames <= len(session.record.actions) * 2 + 4


def test_summary_opens_when_the_human_comes_back_and_matches_the_events():
    from imperial_desktop.core import GameState
    from imperial_desktop.ui.game_scene import GameScene

    session = computer_game(seed=4)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.0))
    run_until_human(driver, session)
    finish_human_turn(driver, session)
    mark = len(session.record.actions)
    run_until_human(driver, session)
    scene = driver.scene
    assert scene.overlay == "summary"  # shown by itself when the human seat comes back
    turns = scene.summary.tracker.since(0)
    # the nations whose turns began after the human's action, from the events themselves
    state = GameState.new(session.setup)
    started = []
    for i, action in enumerate(session.record.actions):
        for event in state.apply(action):
            if i >= mark and event.type == "turn_started":
                started.append(event["nation"])
    assert [t.nation for t in turns if t.nation][-len(started):] == started
    driver.key(pygame.K_ESCAPE)
    assert scene.overlay is None
    driver.key(pygame.K_r)  # and at a key press
    assert scene.overlay == "summary"


def test_hot_seat_handover_is_opaque_and_blocks_input():
    from imperial_desktop.ui.game_scene import GameScene

    names = ["Anna", "Ben"]
    setup = GameSetup.create(2, 7, names=names)
    session = GameSession(setup, [Seat(n, HUMAN) for n in names], seed=7)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.0))
    scene = driver.scene
    scene.hide_cash = True
    driver.frame(2)
    assert scene.commands.buttons["hide_cash"].text == "Cash: hidden"  # the button tells the truth
    first = session.state.current_player()
    assert scene.hot_seat.handover_to == first  # the game opens on the hand-over screen too
    driver.key(pygame.K_RETURN)
    assert scene.hot_seat.handover_to is None
    while session.state.current_player() == first:
        play_first_human_rondel(driver, session)
        while session.state.decision() is not None and session.state.current_player() == first and \
                session.state.decision().kind != "rondel":
            panel = scene.decisions.panel
            button = panel.button_for(lambda c: c.primary and c.action is not None) or \
                next(b for b, c in panel.buttons.items() if c.action is not None)
            driver.click_element(button)
            if question(scene) is not None:
                driver.key(pygame.K_RETURN)
    driver.frame(2)
    assert scene.hot_seat.handover_to == session.state.current_player()
    screen = driver.screen
    # opaque: the tables (with the cash) are not visible at all behind it
    table = scene.layout.table
    assert screen.get_at((table.x + 200, table.y + 30))[:3] == (26, 22, 18)
    undo_button = scene.commands.buttons["undo"].get_abs_rect().center  # no button shows through either
    assert scene.covers_widgets() and screen.get_at(undo_button)[:3] == (26, 22, 18)
    version = session.version
    # the top-bar buttons do nothing while it shows: the first click only dismisses it

    donate = scene.commands.buttons["donate"].get_abs_rect().center
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=donate, button=1)
    assert scene.modal_input(event) is True
    assert scene.hot_seat.handover_to is None and aux_panel(scene) is None and session.version == version


def test_the_log_gets_a_computer_action_when_its_showing_ends():
    """Session 16's play-test: while Italy's move to Taxation was still being shown, the log
    already said "Italy collects 6M ..." and "France's turn". A computer action's lines now reach
    the log when the board has shown it, in order, and none is lost."""
    from imperial_desktop.ui.game_log import GameLog
    from imperial_desktop.ui.game_scene import GameScene

    session = computer_game()
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.5))
    scene = driver.scene
    checked = frames = 0
    while not session.waits_for_local_input() or scene.presenter.animator.busy:
        driver.frame(1, FRAME)
        session.wait_for_computer(5)
        frames += 1
        assert frames < 20_000
        if scene.presenter.animator.busy:
            assert scene.log.waiting  # shown now, not yet logged
            checked += 1
    assert checked and not scene.log.waiting
    fresh = GameLog(session)  # the log rebuilt from the record holds the same lines
    assert scene.log.lines == fresh.lines
