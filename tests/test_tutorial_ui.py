"""The guided first game played in the window through posted events (issue 14, acceptance 1).

"Learn to play" on the title screen; the test follows the coach as a player would (clicks on the
rondel, on cities and choice buttons, drags of units, the coach's own buttons) to the end of the
script; and at each kind of step it does something else and checks the coach's answer (Undo
asked and restoring the step, or the other choice accepted).
"""

from __future__ import annotations

import pygame
import pytest

from imperial_desktop.core import (
    BuildFactory, ChooseRondel, EndPhase, ImportUnit, Invest, MoveArmy, Peace, Produce,
)
from imperial_desktop.tutorial.script import INFO
from imperial_desktop.tutorial.wording import short_action
from ui_driver import EventInput, aux_panel, menu_window, side_window
from ui_player import UIPlayer


class AppDriver(EventInput):
    """The few driver calls ``UIPlayer`` makes, on the whole app (its own loop, real events)."""

    def __init__(self, app):
        self.app = app

    @property
    def scene(self):
        return self.app.scene

    def frame(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.app.frame(dt)


@pytest.fixture
def tutorial(app):
    """The app on the guided game's screen, started with the title screen's button; instant pace."""
    app.settings.pace = "instant"
    driver = AppDriver(app)
    driver.click_element(app.scene.buttons["learn"])
    scene = app.scene
    assert scene.coach is not None, "Learn to play opened no coach"
    scene.presenter.animator.seconds_per_step = 0.0
    return driver


def _coach(driver):
    return driver.scene.coach


def _settle(driver, frames: int = 400) -> None:
    """Frames until the player is asked something (the computers play meanwhile) or the coach holds."""
    scene = driver.scene
    for _ in range(frames):
        session = scene.session
        if session.computer_thinking():
            session.wait_for_computer(5.0)
        driver.frame()
        decision = session.state.decision()
        if scene.coach.holds_game() or (decision is not None and decision.player == 0 and not scene.presenter.animator.busy
                                        and scene.decisions.panel is not None):
            if scene.overlay == "summary":
                driver.key(pygame.K_ESCAPE)  # "what happened" shown over the board: closed as a player would
            return
    raise AssertionError(f"nothing to do for the player: {scene.session.state.describe_decision()}")


def follow_coach(driver, until: str | None = None, on_step=None) -> list[str]:
    """Play as the coach says, with real events; the steps seen."""
    player = UIPlayer(driver)
    seen: list[str] = []
    for _ in range(300):
        coach = _coach(driver).coach
        step = coach.current()
        if step is None or step.key == until:
            return seen
        if not seen or seen[-1] != step.key:
            seen.append(step.key)
        _settle(driver)
        if coach.current() is not step:
            continue
        if on_step is not None:
            on_step(step)
        if step.kind == INFO:
            driver.click_element(_coach(driver).buttons["next"])
            continue
        wanted = coach.expected_action()
        assert wanted is not None, (step.key, driver.scene.session.state.describe_decision())
        before = driver.scene.session.version
        player.perform(wanted)
        assert driver.scene.session.version > before, f"{step.key}: {wanted} was not played"
        assert coach.deviation is None, coach.deviation
    raise AssertionError("the guided game did not end")


def test_the_whole_guided_game_through_posted_events(tutorial):
    from imperial_desktop.tutorial.script import STEPS

    checked = []

    def score_beside_the_table(step):
        """Play-test 14: the score lesson's box covers none of the score table and its chart."""
        if step.key == "score" and not checked:
            scene = tutorial.scene
            assert scene.overlay == "results"
            assert not _coach(tutorial).rect.colliderect(scene.layout.board.inflate(-24, -24))
            checked.append(step.key)

    seen = follow_coach(tutorial, on_step=score_beside_the_table)
    assert seen == [s.key for s in STEPS] and checked == ["score"]
    panel = _coach(tutorial)
    assert panel.coach.finished and "close" in panel.buttons
    state = tutorial.scene.session.state
    assert state.government["germany"] == 0 and state.hostile["great_britain"] == {"paris"}
    from imperial_desktop.session import autosave as autosaves

    assert not autosaves.has_autosave()  # the guided game leaves the game behind Continue alone
    tutorial.click_element(panel.buttons["close"])
    assert panel.hidden
    # the computers play on as Normal players
    _settle(tutorial)
    assert all(bot.released for bot in panel.coach.bots)


def _deviate_and_check(driver, action, *, undo: bool = True) -> None:
    """Play ``action`` instead of the lesson's; the coach names it and asks for Undo, which restores the step."""
    panel = _coach(driver)
    coach = panel.coach
    step = coach.current()
    UIPlayer(driver).perform(action)
    driver.frame(2)
    assert coach.deviation is not None and step.key in [s.key for s in coach.steps]
    shown = " ".join(line for line, _ in panel._lines)  # the box's text as drawn
    board = driver.scene.session.state.board
    assert short_action(action, board) in shown and short_action(step.expect[0], board) in shown, shown
    assert "Player 1" not in shown
    assert "undo" in panel.buttons and "leave" in panel.buttons
    assert coach.holds_game()
    if undo:
        driver.click_element(panel.buttons["undo"])
        driver.frame(2)
        assert coach.deviation is None and coach.current() is step


@pytest.mark.parametrize("kind, until, wrong", [
    ("rondel", "rondel_factory", ChooseRondel("great_britain", 1)),
    ("build", "factory", BuildFactory("great_britain", "edinburgh")),
    ("production", "production", Produce("great_britain", ("london", "liverpool"))),
    ("import", "import_army", ImportUnit("great_britain", "army", "sheffield")),
    ("investor", "invest", Invest(0, "italy", 2)),
    ("maneuver", "convoy", MoveArmy("great_britain", "sheffield", "belgium", ("english_channel",))),
    ("battle", "battle", Peace("great_britain")),
])
def test_a_deviation_at_each_kind_of_step_asks_for_undo(tutorial, kind, until, wrong):
    follow_coach(tutorial, until=until)
    _settle(tutorial)
    assert _coach(tutorial).coach.current().kind == kind or kind == "battle"
    _deviate_and_check(tutorial, wrong)
    # the lesson goes on after the undo
    assert follow_coach(tutorial, until=_next_key(until))[0] == until


def _next_key(key: str) -> str:
    from imperial_desktop.tutorial.script import STEP_KEYS

    return STEP_KEYS[STEP_KEYS.index(key) + 1]


def test_an_accepted_other_choice_and_leaving_the_script(tutorial):
    follow_coach(tutorial, until="fleet_3")
    _settle(tutorial)
    panel = _coach(tutorial)
    panel_choice = tutorial.scene.decisions.panel.button_for(lambda c: c.action == EndPhase("great_britain", "fleets"))
    assert panel_choice is not None
    UIPlayer(tutorial).perform(EndPhase("great_britain", "fleets"))
    assert panel.coach.deviation is None and panel.coach.accepted and panel.coach.current().key == "convoy"
    # a deviation, then "Play on my own": the computers become Normal players
    _settle(tutorial)
    UIPlayer(tutorial).perform(MoveArmy("great_britain", "sheffield", "holland", ("english_channel",)))
    assert panel.coach.deviation
    tutorial.click_element(panel.buttons["leave"])
    assert panel.coach.finished and all(bot.released for bot in panel.coach.bots)


def test_left_and_resumed_from_the_title_screen(tutorial):
    follow_coach(tutorial, until="rondel_production")
    app = tutorial.app
    left = app.scene.session
    tutorial.key(pygame.K_ESCAPE)  # the game menu
    menu = menu_window(app.scene)
    assert menu is not None
    tutorial.click_element(menu.button("title"))
    assert app.scene.__class__.__name__ == "TitleScene"
    assert "continue" in app.scene.buttons["learn"].text.lower() or app.scene.buttons["learn"].text != "Learn to play"
    tutorial.click_element(app.scene.buttons["learn"])
    panel = app.scene.coach
    assert panel is not None and panel.coach.current().key == "rondel_production"
    assert app.scene.session is not left and app.scene.session.state == left.state  # the same game, replayed
    assert follow_coach(tutorial, until="rondel_import")[-1] == "production"


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_every_coach_text_fits_its_panel(monkeypatch, language, size):
    """Every step's text, the deviation and the closing words fit the coach's box, and its buttons
    their labels, in all three languages (German is the longest)."""
    from types import SimpleNamespace

    from imperial_desktop import i18n
    from imperial_desktop.tutorial import Coach, tutorial_session
    from imperial_desktop.ui import panels
    from imperial_desktop.ui.coach import CoachPanel
    from imperial_desktop.ui.fonts import font
    from imperial_desktop.ui.gui import make_manager
    from imperial_desktop.ui.layout import game_layout

    monkeypatch.setenv(i18n.LANGUAGE_ENV, language)
    assert i18n.set_language(language) == language
    try:
        pygame.init()
        pygame.display.set_mode(size)
        manager = make_manager(size)
        scene = SimpleNamespace(layout=game_layout(*size))
        coach = Coach(tutorial_session())
        panel = CoachPanel(coach, manager)
        views = []
        for index in range(len(coach.steps)):
            coach.index = index
            views.append(coach.view())
        board = coach.session.state.board
        long_move = MoveArmy("great_britain", "sheffield", "paris", ("english_channel",)).describe(board)
        coach.index = 3
        coach.deviation = i18n._(
            "You chose {action}; this lesson wanted {wanted}. Press Undo to take it back and "
            "follow the lesson, or play on your own from here.").format(action=long_move, wanted=long_move)
        views.append(coach.view())
        coach.finished = True
        views.append(coach.view())
        s = scene.layout.scale
        body = font(panels.px(14, s))
        score = next(v for v in views if v.step is not None and v.step.overlay)
        for view, beside in [(v, False) for v in views] + [(score, True)]:
            panel._layout(scene, view, beside)
            if beside:  # the score lesson's box stands beside the board, over the place for decisions
                assert scene.layout.decision.contains(panel.rect) and not panel.rect.colliderect(scene.layout.board)
                assert panel.rect.h <= scene.layout.decision.h and len(panel._lines) > 3
            head_h = font(panels.px(16, s), "bold").get_linesize() + 6
            text_bottom = panel.rect.y + round(12 * s) + head_h + body.get_linesize() * len(panel._lines)
            top_of_buttons = min((b.get_abs_rect().top for b in panel.buttons.values()), default=panel.rect.bottom)
            assert text_bottom <= top_of_buttons, (language, view.title)
            assert beside or scene.layout.board.contains(panel.rect), (language, view.title)
            for button in panel.buttons.values():
                assert panel.rect.contains(button.get_abs_rect()), (language, view.title, button.text)
                assert button.font.size(button.text)[0] <= button.rect.w - 6, (language, button.text)
                assert not button.text.endswith("…"), (language, button.text)
        panel.close()
    finally:
        monkeypatch.delenv(i18n.LANGUAGE_ENV)
        i18n.set_language("en")


def test_the_coach_opens_the_rules_topic_of_its_step(tutorial):
    panel = _coach(tutorial)
    follow_coach(tutorial, until="factory")
    _settle(tutorial)
    tutorial.click_element(panel.buttons["rules"])
    window = side_window(tutorial.scene)
    assert window is not None and type(window).__name__ == "RulesWindow"
    assert getattr(window, "selected", "factory") == "factory"


def test_the_coach_box_follows_a_resized_window(tutorial):
    follow_coach(tutorial, until="factory")
    _settle(tutorial)
    panel = _coach(tutorial)
    before = panel.rect.copy()
    tutorial.post(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800))
    tutorial.frame(3)
    scene = tutorial.scene
    assert panel.rect != before and scene.layout.board.contains(panel.rect)
    for button in panel.buttons.values():
        assert panel.rect.contains(button.get_abs_rect())
    # the lesson goes on in the smaller window
    assert follow_coach(tutorial, until="rondel_production")[-1] == "others"


def test_every_step_links_an_existing_rules_topic():
    from imperial_desktop.tutorial.script import STEPS
    from imperial_desktop.ui.rules_topics import topic_ids

    known = set(topic_ids())
    assert all(step.topic in known for step in STEPS), [s.topic for s in STEPS if s.topic not in known]


def test_pointing_at_the_coach_box_leaves_the_board_beneath_alone(tutorial):
    """Play-test 11: moving the mouse over the coach's box lights no region under it and opens no
    region tooltip (posted motion events); beside the box the board still answers."""
    follow_coach(tutorial, until="factory")
    _settle(tutorial)
    scene = tutorial.scene
    panel = _coach(tutorial)
    board = scene.board
    inside = next(((x, y) for y in range(panel.rect.top + 4, panel.rect.bottom - 4, 6)
                   for x in range(panel.rect.left + 4, panel.rect.right - 4, 6)
                   if board.region_at((x, y)) is not None and not any(
                       b.get_abs_rect().collidepoint((x, y)) for b in panel.buttons.values())), None)
    assert inside is not None, "no region under the coach's box"
    outside = (panel.rect.left - 30, panel.rect.top - 30)
    tutorial.move(outside)
    assert scene.board_layer.hover_region == board.region_at(outside) and scene.board_layer.hover_region is not None
    tutorial.move(inside)
    assert scene.board_layer.hover_region is None and scene.region_tip.region() is None
    tutorial.frame(2)
    assert scene.board_layer.hover_region is None
    # the wheel over the box zooms nothing beneath it
    zoom = scene.board.zoom if hasattr(scene.board, "zoom") else None
    view = scene.board.board_to_screen((1200, 800))
    tutorial.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    tutorial.frame(2)
    assert scene.board.board_to_screen((1200, 800)) == view and scene.board_layer.hover_region is None
    assert zoom is None or scene.board.zoom == zoom
    # off the box, the board answers again
    tutorial.move(outside)
    assert scene.board_layer.hover_region == board.region_at(outside)


def test_the_import_lesson_lights_its_choice_in_the_regions_panel(tutorial):
    """Play-test 14: a click on London opens 'What should happen here?'; the lesson's choice (an army in
    London) is lit there as in the decision panel."""
    follow_coach(tutorial, until="import_army")
    _settle(tutorial)
    scene = tutorial.scene
    x, y = scene.board.board_to_screen(scene.board.geometry.regions["london"].label)
    tutorial.click((round(x), round(y)))
    aux = aux_panel(scene)
    assert aux is not None, "a click on London opened no choice"
    lit = [choice.action for button, choice in aux.buttons.items() if button.is_selected]
    assert lit == [ImportUnit("great_britain", "army", "london")], lit


def test_the_lessons_regions_are_outlined_without_rings_over_their_names(tutorial):
    """Play-test 5: at the production lesson the rings around London, Liverpool and Sheffield tangled
    and hid the city names; now the coach's colour on the board is the regions' outlines and nothing else."""
    from imperial_desktop.ui.coach import COACH_EDGE

    follow_coach(tutorial, until="production")
    _settle(tutorial)
    tutorial.move((2, 2))
    tutorial.frame(2)
    scene = tutorial.scene
    panel = _coach(tutorial)
    marks = panel.region_marks()
    assert set(marks) == {"london", "liverpool", "sheffield"}
    screen = tutorial.app.screen
    allowed = pygame.Surface(screen.get_size())
    allowed.fill((0, 0, 0))
    width = max(3, round(4 * scene.layout.scale)) + 4  # the outlines, with a little tolerance
    for region in marks:
        scene.board.outline_region(allowed, region, (255, 255, 255), width)
    board = scene.layout.board
    stray = [(x, y) for x in range(board.left, board.right, 2) for y in range(board.top, board.bottom, 2)
             if not panel.rect.inflate(8, 8).collidepoint((x, y))
             and tuple(screen.get_at((x, y)))[:3] == COACH_EDGE and allowed.get_at((x, y))[0] == 0]
    assert len(stray) < 5, stray[:10]


def test_a_regions_tooltip_stays_on_top_of_the_coachs_outlines_and_the_names(tutorial):
    """Session 16's play-test: with the coach's outlines on the board, the names and pieces it
    draws again over them covered the region tooltip (Paris's was unreadable under Dijon's and
    Switzerland's names). The tooltip is drawn last: every pixel of it is the tooltip's own."""
    follow_coach(tutorial, until="production")
    _settle(tutorial)
    scene = tutorial.scene
    assert _coach(tutorial).region_marks()
    x, y = scene.board.board_to_screen(scene.board.geometry.regions["sheffield"].label)
    tutorial.move((round(x), round(y)))
    tutorial.frame(2)
    from imperial_desktop.ui.layers.tooltips import RegionTipLayer

    screen = tutorial.app.screen
    drawn = scene.draw(screen).get(RegionTipLayer)  # the frame drawn again: what the tooltip's layer drew
    assert drawn is not None
    tip, rect = drawn.image, drawn.rect
    differ = sum(1 for px in range(0, rect.w, 3) for py in range(0, rect.h, 3)
                 if tuple(screen.get_at((rect.x + px, rect.y + py)))[:3] != tuple(tip.get_at((px, py)))[:3]
                 and tip.get_at((px, py))[3] == 255)
    assert differ == 0


def test_the_lesson_on_power_points_outlines_the_power_track(tutorial):
    """Play-test: the lesson on power points spoke of "the scoring track along the bottom" and
    outlined nothing; its frame is drawn around the tracks below the board, and only for that lesson."""
    from imperial_desktop.ui.coach import COACH_EDGE

    def edge_pixels() -> int:
        tracks = tutorial.scene.layout.tracks
        screen = tutorial.app.screen
        return sum(1 for x in range(tracks.left, tracks.right, 3)
                   for y in (tracks.top + 1, tracks.top + 2, tracks.bottom - 2, tracks.bottom - 3)
                   if tuple(screen.get_at((x, y)))[:3] == COACH_EDGE)

    follow_coach(tutorial, until="power")
    _settle(tutorial)
    tutorial.frame(2)
    assert _coach(tutorial).coach.current().key == "power"
    assert _coach(tutorial).panel_mark(tutorial.scene) is not None
    assert edge_pixels() > tutorial.scene.layout.tracks.w // 3 // 2
    tutorial.click_element(_coach(tutorial).buttons["next"])
    tutorial.frame(2)
    assert _coach(tutorial).panel_mark(tutorial.scene) is None and edge_pixels() == 0
