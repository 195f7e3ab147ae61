"""The "What happened" overlay: a frame that fits its lines in the strip under the board,
readable text, the regions it tells about outlined on the board, the newest lines when they are too many, and
nothing changed in the game (real key presses and clicks)."""

from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver

from imperial_desktop.core import GameSetup
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, Seat
from imperial_desktop.ui import panels
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.layers.toast import ToastLayer
from imperial_desktop.ui.summary_overlay import SummaryOverlay


def computers_played(seed: int = 3, rounds: int = 3) -> GameSession:
    """Anna (human) and three computers; Anna's decisions are made, then the computers'."""
    setup = GameSetup.create(4, seed, names=["Anna", "Comp B", "Comp C", "Comp D"])
    seats = [Seat("Anna")] + [Seat(f"Comp {c}", COMPUTER, "random") for c in "BCD"]
    session = GameSession(setup, seats, seed=seed)
    session.run_computers()
    for _ in range(rounds):
        while session.waits_for_local_input():
            session.apply(session.state.legal_actions()[0])
        session.run_computers()
    assert session.waits_for_local_input()
    return session


def open_game(session: GameSession, size: tuple[int, int], *, whole_game: bool = False) -> Driver:
    """The game screen with the summary closed (it opens by itself when the human comes back)."""
    from imperial_desktop.ui.game_scene import GameScene

    def scene(manager, sz):
        made = GameScene(session, sz, manager, seconds_per_move=0.0)
        if whole_game:  # a player who has been away for the whole game: far more lines than fit
            made.summary.tracker.since = lambda player: made.summary.tracker.all_turns()
        return made

    driver = Driver(scene, size=size)
    driver.frame(2)
    if driver.scene.overlay == "summary":
        driver.key(pygame.K_ESCAPE)
    assert driver.scene.overlay is None
    return driver


def game_now(session: GameSession) -> tuple:
    return session.version, session.state.digest(), len(session.record.actions)


def texts_inside(overlay: SummaryOverlay) -> None:
    assert overlay.rect is not None and overlay.drawn
    for text, rect in overlay.drawn:
        assert overlay.rect.contains(rect), (text, rect, overlay.rect)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_a_short_summary_opens_in_a_frame_that_fits_its_lines(size):
    session = computers_played()
    driver = open_game(session, size)
    scene, before = driver.scene, game_now(session)
    driver.click_element(scene.commands.buttons["summary"])
    assert scene.overlay == "summary"
    overlay = scene.summary.view
    turns = scene.summary.tracker.since(0)
    lines = sum(1 + len(t.lines) for t in turns)
    assert 3 <= lines <= 12 and overlay.cut == 0
    texts_inside(overlay)
    texts = [text for text, _rect in overlay.drawn]
    assert [t.title for t in turns] == [text for text in texts if text in {t.title for t in turns}]
    assert texts[-1] == "Click or press Esc to close"
    # as tall as the lines need plus margins: no empty space below the close hint
    pad = round(14 * scene.layout.scale)
    rects = [rect for _text, rect in overlay.drawn]
    assert min(r.top for r in rects) - overlay.rect.top <= pad + 2
    assert overlay.rect.bottom - max(r.bottom for r in rects) <= pad + 2
    lay = scene.layout
    area = scene.summary.area()
    assert area.contains(overlay.rect)  # in a corner of the strip under the board
    assert overlay.rect.top == area.top or overlay.rect.bottom == area.bottom
    assert overlay.rect.left == area.left or overlay.rect.right == area.right
    for needed in (lay.board, lay.rondel, lay.decision, lay.log, lay.top_bar):
        assert not overlay.rect.colliderect(needed)
    # readable: the lines are drawn at 15 design px, not at the 13 of the other notes
    line = next(rect for text, rect in overlay.drawn if text == turns[0].lines[0] or turns[0].lines[0].startswith(text))
    assert line.h >= font(panels.px(15, scene.layout.scale)).get_height()
    scene.show_message("Great Britain collects 8M in taxes: +3 power points, 4M soldiers' pay, 4M into the treasury")
    driver.frame(2)
    toast = driver.drawn.get(ToastLayer)  # where the message was drawn
    assert toast is not None and not toast.colliderect(overlay.rect)  # a message never covers it
    driver.key(pygame.K_ESCAPE)
    assert scene.overlay is None
    assert game_now(session) == before


def test_the_regions_of_the_summary_are_outlined_while_it_is_open():
    session = computers_played()
    driver = open_game(session, (1280, 800))
    scene = driver.scene
    board_before = driver.screen.copy()
    driver.key(pygame.K_r)
    overlay = scene.summary.view
    named = [r for t in scene.summary.tracker.since(0) for r in t.regions]
    assert named and set(overlay.regions) == set(named)
    changed = 0
    for region in overlay.regions:  # the outline shows on the board, beside the frame
        x, y = scene.board.board_to_screen(scene.board.geometry.regions[region].label)
        assert not overlay.rect.collidepoint(x, y), region  # the frame leaves the named regions in view
        near = pygame.Rect(0, 0, 120, 120)
        near.center = (round(x), round(y))
        near = near.clip(scene.board.rect)
        changed += sum(1 for px in range(near.left, near.right, 2) for py in range(near.top, near.bottom, 2)
                       if driver.screen.get_at((px, py)) != board_before.get_at((px, py)))
    assert changed > 50
    driver.click(scene.board.rect.move(0, -4).bottomleft)  # a click anywhere closes it
    assert scene.overlay is None


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_a_long_summary_shows_the_newest_lines_and_says_how_many_are_cut(size):
    session = computers_played()
    driver = open_game(session, size, whole_game=True)
    scene, before = driver.scene, game_now(session)
    driver.key(pygame.K_r)
    assert scene.overlay == "summary"
    overlay = scene.summary.view
    turns = scene.summary.tracker.all_turns()
    assert overlay.cut > 0
    texts = [text for text, _rect in overlay.drawn]
    assert texts[1] == f"... {overlay.cut} earlier lines (the wheel scrolls back; all of it is in the log)"
    newest = turns[-1].lines[-1]
    assert newest.endswith(texts[-2])  # the last line told is the newest (its last wrapped part)
    assert turns[-1].title in texts
    assert texts[2] in {t.title for t in turns}  # the first turn shown keeps its heading
    texts_inside(overlay)
    assert scene.summary.area().contains(overlay.rect)
    assert overlay.rect.h >= scene.summary.area().h * 0.9  # it uses the height it may take
    # only the turns in the frame are outlined, not the regions of the whole game
    shown = {t.title for t in turns} & set(texts)
    assert set(overlay.regions) <= {r for t in turns if t.title in shown for r in t.regions}
    driver.key(pygame.K_ESCAPE)
    assert scene.overlay is None and game_now(session) == before


def test_the_wheel_over_the_frame_scrolls_back_to_the_earliest_lines_and_forward_again():
    """6-player play-test (session 18): the frame began with "... 13 earlier lines" and the player's
    own turn (a Swiss Bank forced France onto Investor) could not be brought back. The wheel over the
    frame scrolls back through the earlier lines and forward again; the frame does not move."""
    session = computers_played()
    driver = open_game(session, (1280, 720), whole_game=True)
    scene = driver.scene
    driver.key(pygame.K_r)
    overlay = scene.summary.view
    first_cut, frame = overlay.cut, overlay.rect.copy()
    assert first_cut > 0 and overlay.later == 0
    newest = [text for text, _r in overlay.drawn][-2]

    def wheel(y: int) -> None:
        driver.move(overlay.rect.center)
        driver.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
        driver.frame(1)

    wheel(1)
    assert overlay.cut < first_cut and overlay.later == 3 and overlay.rect == frame
    texts = [text for text, _r in overlay.drawn]
    assert texts[-2] == "... 3 later lines (the wheel scrolls forward)" and newest not in texts
    for _ in range(200):
        wheel(1)
        if overlay.cut == 0:
            break
    assert overlay.cut == 0
    texts = [text for text, _r in overlay.drawn]
    earliest = scene.summary.tracker.all_turns()[0]
    assert earliest.title in texts and not texts[1].startswith("... ")  # nothing earlier is left out
    at_top = overlay.scroll
    wheel(1)
    assert overlay.scroll == at_top  # no further back than the first line
    for _ in range(200):
        wheel(-1)
    assert overlay.later == 0 and [text for text, _r in overlay.drawn][-2] == newest
    assert scene.overlay == "summary" and scene.board.zoom == scene.board.min_zoom  # the board did not zoom


def test_a_lost_government_stands_first_in_the_frame_and_is_never_cut():
    """The news of a government lost or won comes right under the title, before every turn's
    lines, also when the turns are too many for the frame and earlier lines are cut."""
    from imperial_desktop.ui.summary_overlay import _render

    from imperial_desktop.session.turn_summary import SummaryTracker

    pygame.init()
    session = computers_played()
    turns = SummaryTracker(session).all_turns()
    news = ["Anna lost Austria-Hungary to Bot 2."]
    for area in (pygame.Rect(0, 0, 900, 480), pygame.Rect(0, 0, 600, 300)):
        image, drawn, cut, _shown, _later = _render("What happened", turns, area, 1.0, news)
        texts = [t for t, _r in drawn]
        assert texts[1] == news[0]  # right under the one-line title
        assert image.get_height() <= area.h + 4
    assert cut > 0  # the small frame cut earlier lines, not the news


@pytest.mark.parametrize("kind", ["entry_demand", "entry_fight", "entry_status"])
def test_the_frame_keeps_clear_of_the_region_a_question_is_about(kind):
    """Play-test: "What happened" stood over Romania while the game asked whether to fight there.
    The frame stands under the board: the question's region and the whole board stay in view."""
    from game_scenes import _played_states, open_scene

    state = _played_states().get(kind)
    if state is None:
        pytest.skip(f"the seeded game has no {kind} decision")
    driver = open_scene(state, (1280, 800))
    scene = driver.scene
    region = state.entry_view().region
    assert region in scene.board_layer.decision_regions()
    board = scene.board
    x, y = board.board_to_screen(board.geometry.regions[region].label)
    driver.key(pygame.K_r)
    assert scene.overlay == "summary"
    assert not scene.summary.view.rect.collidepoint(x, y)
    assert not scene.summary.view.rect.colliderect(scene.layout.board)


def test_a_cut_never_starts_inside_a_wrapped_sentence():
    """German play-test: after "... 6 earlier lines" a nation's first line read "übernommen." (the
    end of a sentence wrapped over two rows). The rows kept start at a heading or a whole line."""
    from imperial_desktop.ui.summary_overlay import Row, fit_newest

    rows = [Row("Austria-Hungary", "heading", "austria_hungary", 0)]
    for i in range(6):  # six sentences of two rows each
        rows += [Row(f"sentence {i} begins", "line", None, 0, first=True), Row(f"and ends {i}.", "line", None, 0, first=False)]
    assert fit_newest(rows, 130, 10, 0) == (rows, 0)  # all 13 rows fit: nothing cut
    for height in range(3, 13):  # every smaller frame height, in rows
        shown, cut = fit_newest(rows, height * 10, 10, 0)
        body = [r for r in shown if r.kind == "line"]
        assert body and body[0].first, (height, [r.text for r in shown])
        assert shown[1].kind == "heading" and shown[0].kind == "note"
        assert cut == len(rows) - (len(shown) - 1)


def test_before_the_players_first_decision_the_title_says_so_far():
    """German play-test: the first screen said "what happened since the last decision of Spieler 1"
    before the player had decided anything."""
    session = computers_played(rounds=0)
    assert all(a.actor != 0 for a in session.history)
    driver = open_game(session, (1280, 800))
    driver.key(pygame.K_r)
    texts = [text for text, _rect in driver.scene.summary.view.drawn]
    assert texts[0] == "What happened so far"
    session.apply(session.state.legal_actions()[0])
    session.run_computers()
    driver.frame(2)
    if driver.scene.overlay != "summary":
        driver.key(pygame.K_r)
    texts = [text for text, _rect in driver.scene.summary.view.drawn]
    assert texts[0].startswith("What happened since the last decision of Anna")
