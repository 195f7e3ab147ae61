"""Time travel on the game screen, through posted events: every position shown is the core's
replay of the game at that action, the past cannot be changed, the present comes back as it was
(the autosave too), the hidden cash of a hot seat stays hidden, and a record opens read-only."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from ui_driver import Driver, menu_window, side_window

from imperial_desktop.ai import make_bot
from imperial_desktop.core import GameSetup, GameState
from imperial_desktop.core.record import GameRecord
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.ui import panels
from imperial_desktop.ui.layers.overlays import OverlayLayer
from imperial_desktop.ui.layers.time_travel import TimeTravelLayer
from imperial_desktop.ui.looking_back import PastIsReadOnly, PastSession

DATA = Path(__file__).parent / "data"
FINISHED = DATA / "previous_release" / "three-players-finished.record.json"


def replayed_digests(record: GameRecord) -> list[str]:
    """The digest of the core's state after each number of actions (0: the set-up)."""
    state = GameState.new(record.setup)
    digests = [state.digest()]
    for action in record.actions:
        state.apply(action)
        digests.append(state.digest())
    return digests


def scene_of(session: GameSession, size=(1600, 1000)) -> Driver:
    from imperial_desktop.ui.game_scene import GameScene

    driver = Driver(lambda manager, sz: GameScene(session, sz, manager, seconds_per_move=0.0), size=size)
    driver.frame(2)
    return driver


def finished_game(size=(1600, 1000)) -> tuple[Driver, GameRecord]:
    record = GameRecord.load(FINISHED)
    session = GameSession.from_record(record, [Seat(n, HUMAN) for n in record.setup.players])
    return scene_of(session, size), record


def played(actions: int, seats: list[Seat], seed: int = 3) -> GameSession:
    """A game with ``actions`` actions played by a bot for every seat (applied through the session)."""
    setup = GameSetup.create(len(seats), seed, names=[s.name for s in seats])
    session = GameSession(setup, seats, seed=seed)
    bot = make_bot("easy", seed)
    for _ in range(actions):
        session.apply(bot.choose(session.state))
    return session


def drawn_table(scene, state) -> pygame.Surface:
    """The table drawn on its own for ``state`` as the game screen draws it (no step being shown)."""
    lay = scene.layout
    surface = pygame.Surface(lay.size)
    panels.draw_table(surface, lay.table, state, lay.scale, None, set(), state.current_player(), None, [],
                      [scene.session.computer_level(p) for p in range(len(scene.session.seats))])
    return surface.subsurface(lay.table).copy()


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    """The same picture inside the frame that marks the past (it runs along the screen's edges)."""
    inside = a.get_rect().inflate(-16, -16)
    return pygame.image.tobytes(a.subsurface(inside), "RGB") == pygame.image.tobytes(b.subsurface(inside), "RGB")


def test_stepping_through_a_whole_game_with_the_keys_shows_each_replayed_position() -> None:
    driver, record = finished_game()
    scene = driver.scene
    digests = replayed_digests(record)
    last = len(record.actions)
    assert digests[-1] == scene.session.state.digest()
    driver.key(pygame.K_BACKSPACE)  # look back: at the present, read-only
    travel = scene.time_travel
    assert travel.active and travel.index == last and isinstance(scene.session, PastSession)
    for index in range(last, -1, -1):
        assert travel.index == index
        assert scene.session.state.digest() == digests[index], index
        drawing = driver.drawn[TimeTravelLayer]
        assert (drawing.index, drawing.last) == (index, last)
        assert all(p <= index for p in scene.log.positions)  # the log stops at this action
        if index % 25 == 0:  # what the table shows is the table of the replayed position
            replay = GameRecord(record.setup, record.actions[:index]).replay(check_digest=False)
            shown = driver.screen.subsurface(scene.layout.table).copy()
            assert same_pixels(shown, drawn_table(scene, replay)), index
        driver.key(pygame.K_LEFT)
    assert travel.index == 0
    driver.key(pygame.K_LEFT)  # nothing before the set-up
    assert travel.index == 0
    for index in range(1, 40):
        driver.key(pygame.K_RIGHT)
        assert travel.index == index and scene.session.state.digest() == digests[index]
    driver.key(pygame.K_DOWN)  # the next nation turn's first position
    assert travel.index in travel.timeline.turn_starts() and travel.index > 39
    turn = travel.index
    driver.key(pygame.K_UP)
    assert travel.index < turn and travel.index in travel.timeline.turn_starts() + [0]
    driver.key(pygame.K_END)
    assert not travel.active and scene.session.state.digest() == digests[-1]


def test_clicks_and_a_drag_on_the_timeline_travel_there() -> None:
    driver, record = finished_game(size=(1280, 720))
    scene = driver.scene
    digests = replayed_digests(record)
    scene.look_back()
    driver.frame(2)
    layer = scene.time_travel_layer
    bar = layer.bar()
    assert scene.layout.top_bar.contains(bar.track)
    seen = set()
    for x in range(bar.track.x, bar.track.right, 7):
        driver.click((x, bar.track.centery))
        index = scene.time_travel.index
        assert index == bar.index_at(x)
        assert scene.session.state.digest() == digests[index]
        seen.add(index)
    assert len(seen) > 100
    driver.drag((bar.track.right - 3, bar.track.centery), (bar.track.x - 3, bar.track.centery), steps=12)
    assert scene.time_travel.index == 0 and scene.session.state.digest() == digests[0]
    driver.move((bar.x_of(150), bar.track.centery))
    hover = driver.drawn[TimeTravelLayer].hover
    assert hover and hover[0].startswith("Round ")  # what the position under the pointer is


def test_a_click_on_a_log_line_travels_to_its_action() -> None:
    driver, record = finished_game()
    scene = driver.scene
    log = scene.log
    lay = scene.layout
    inner, line_h, _wrapped = panels.log_layout(lay.log, [], lay.scale)
    driver.click((inner.x + 20, inner.y + line_h // 2))  # the top line shown in the present's log
    travel = scene.time_travel
    assert travel.active
    assert travel.index < len(record.actions) and travel.index in set(log.positions)
    before = travel.index
    driver.click((inner.x + 20, inner.y + line_h // 2))  # and in the past's log: earlier still
    assert travel.index < before
    assert scene.session.state.digest() == replayed_digests(record)[travel.index]


def test_nothing_can_be_changed_in_the_past_and_the_present_comes_back() -> None:
    names = ["Anna", "Ben", "Cleo"]
    session = played(40, [Seat(n, HUMAN) for n in names])
    driver = scene_of(session)
    scene = driver.scene
    assert scene.decisions.panel is not None  # a human decides now
    digest, version, actions = session.state.digest(), session.version, len(session.record.actions)
    driver.key(pygame.K_BACKSPACE)
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    assert scene.time_travel.index == actions - 2
    assert scene.decisions.panel is None and scene.human_decision() is None
    assert all(not b.visible for b in scene.commands.buttons.values())  # no Undo, Hint, Save...
    rondel = scene.layout.rondel
    for pos in [rondel.center, (rondel.centerx, rondel.y + rondel.h // 4), scene.layout.board.center,
                (scene.layout.board.x + 300, scene.layout.board.y + 300)]:
        driver.click(pos)
    for key, mod in [(pygame.K_RETURN, 0), (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_h, 0), (pygame.K_SPACE, 0),
                     (pygame.K_r, 0)]:
        if key == pygame.K_RETURN:
            continue  # Enter returns to the present: tried last
        driver.key(key, mod)
    scene.undo()
    scene.confirm_turn()
    with pytest.raises(PastIsReadOnly):
        scene.session.apply(session.state.legal_actions()[0])
    driver.drag(scene.layout.board.center, (scene.layout.board.centerx + 80, scene.layout.board.centery))
    assert scene.time_travel.active and scene.time_travel.index == actions - 2
    assert (session.state.digest(), session.version, len(session.record.actions)) == (digest, version, actions)
    driver.key(pygame.K_RETURN)  # back to the present
    assert scene.session is session and not scene.time_travel.active
    driver.frame(2)
    assert scene.decisions.panel is not None and all(b.visible for b in scene.commands.buttons.values())
    assert session.state.digest() == digest
    # the game goes on from here, and looking back again sees the new action
    session.apply(session.state.legal_actions()[0])
    driver.frame(2)
    scene.look_back()
    assert scene.time_travel.index == actions + 1
    scene.return_to_present()
    assert session.undo()
    scene.look_back()
    assert scene.time_travel.index == actions  # the timeline follows an undo
    assert scene.session.state.digest() == digest


def test_computers_wait_while_the_player_looks_back() -> None:
    seats = [Seat("Anna", HUMAN)] + [Seat(f"Bot {i}", COMPUTER, "easy") for i in (1, 2)]
    session = played(12, seats)
    while session.local_seat(session.state.current_player()):
        session.apply(make_bot("easy", 1).choose(session.state))
    driver = scene_of(session)
    scene = driver.scene
    scene.look_back()
    version = session.version
    for _ in range(60):
        driver.frame(1)
        session.wait_for_computer(2)
    assert session.version == version and session.paused
    scene.return_to_present()
    for _ in range(600):
        driver.frame(1)
        session.wait_for_computer(2)
        if session.version != version:
            break
    assert session.version != version  # the computers play on


def test_the_past_hides_the_cash_the_present_hides() -> None:
    names = ["Anna", "Ben"]
    session = played(30, [Seat(n, HUMAN) for n in names], seed=7)
    driver = scene_of(session, size=(1280, 800))
    scene = driver.scene
    scene.hide_cash = True
    driver.frame(2)
    driver.key(pygame.K_RETURN)  # the deciding player takes the hand-over screen away
    driver.frame(1)
    assert scene.hot_seat.handover_to is None
    deciding = session.state.current_player()
    hidden_now = scene.hot_seat.cash_hidden_for(session.state)
    assert hidden_now == {1 - deciding}
    driver.key(pygame.K_BACKSPACE)
    for _ in range(6):  # back to positions where the other player decided
        driver.key(pygame.K_LEFT)
    past = scene.session.state
    assert any(scene.time_travel.timeline.moment(i).player == 1 - deciding
               for i in range(scene.time_travel.index, scene.time_travel.index + 7))
    assert scene.hot_seat.cash_hidden_for(past) == hidden_now
    driver.key(pygame.K_s)  # the scores of that moment: the other player's cash stays "??"
    sheet = driver.drawn[OverlayLayer]
    other = names[1 - deciding]
    assert sheet.cells[other]["cash"] == "??" and sheet.cells[names[deciding]]["cash"] != "??"


def test_the_autosave_is_untouched_by_looking_back(app) -> None:
    from imperial_desktop.session.autosave import AUTOSAVE
    from imperial_desktop.session.saves import saves_dir

    session = played(20, [Seat(n, HUMAN) for n in ["Anna", "Ben", "Cleo"]])
    app.start_game(session)
    scene = app.scene
    session.apply(session.state.legal_actions()[0])  # an action: the autosave writes
    app.frame(1 / 60)
    app.autosaver.flush(5)
    path = saves_dir() / AUTOSAVE
    saved = path.read_bytes()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)
    for key in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_HOME, pygame.K_RIGHT, pygame.K_RETURN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        app.frame(1 / 60)
    assert scene.session is session and not scene.time_travel.active
    app.autosaver.flush(5)
    assert path.read_bytes() == saved


def test_watch_the_game_again_and_the_menu_entry() -> None:
    driver, record = finished_game()
    scene = driver.scene
    driver.frame(2)
    button = scene.time_travel_layer.watch_button
    assert button is not None and button.visible and scene.layout.decision.contains(button.get_abs_rect())
    driver.click_element(button)
    assert scene.time_travel.active and scene.time_travel.index == 0
    assert scene.time_travel_layer.watch_button is None
    driver.click_element(scene.time_travel_layer.back_button)
    assert not scene.time_travel.active
    driver.key(pygame.K_ESCAPE)
    menu = menu_window(scene)
    driver.click_element(menu.button("look_back"))
    assert scene.time_travel.active and scene.time_travel.index == len(record.actions)
    driver.key(pygame.K_F1)  # the rules at the topic about looking back; Esc closes them first
    assert side_window(scene) is not None and side_window(scene).selected == "looking_back"
    driver.key(pygame.K_ESCAPE)
    assert side_window(scene) is None and scene.time_travel.active
    driver.key(pygame.K_ESCAPE)
    assert not scene.time_travel.active


def test_a_record_opens_read_only_and_back_returns_to_the_load_screen(app) -> None:
    from imperial_desktop.ui.game_scene import GameScene
    from imperial_desktop.ui.load_screen import LoadScene
    from imperial_desktop.ui.time_travel import open_review

    record = GameRecord.load(FINISHED)
    app.switch(LoadScene(app))
    app.frame(1 / 60)
    assert open_review(app, record, title="A finished game")
    app.frame(1 / 60)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.time_travel.review
    assert scene.time_travel.index == len(record.actions) and scene.overlay == "results"
    assert scene.time_travel_layer.back_button.text == "Back"
    for key in (pygame.K_ESCAPE, pygame.K_HOME, pygame.K_RIGHT, pygame.K_RIGHT):  # Esc closes the scores first
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        app.frame(1 / 60)
    assert scene.overlay is None and scene.time_travel.index == 2
    assert scene.session.state.digest() == GameRecord(record.setup, record.actions[:2]).replay().digest()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)
    assert scene.time_travel.active and scene.time_travel.index == len(record.actions)  # a review stays read-only
    for _ in range(30):
        app.frame(1 / 60)
    assert len(scene.time_travel.live_session.record.actions) == len(record.actions)  # nobody played on
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)
    assert isinstance(app.scene, LoadScene)


def test_a_record_that_does_not_replay_is_refused_with_a_message(app) -> None:
    from imperial_desktop.ui.title_screen import TitleScene
    from imperial_desktop.ui.time_travel import open_review

    record = GameRecord.load(FINISHED)
    broken = GameRecord(record.setup, record.actions[:10] + record.actions[11:40])
    assert open_review(app, broken) is False
    assert isinstance(app.scene, TitleScene)
