"""Frames present only what changed (ui/dirty.py): the rectangles handed to the display, and what
the display shows after them, which must be the whole picture of now (nothing stale, no ghost of
something that moved), in a window of the layout's size and in a smaller one (scaled path)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pygame
import pytest

from imperial_desktop.core import GameRecord
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, Seat

SAVES = Path(__file__).resolve().parent.parent / "saves"
SIZES = [(1600, 1000), (1280, 660)]  # the second is smaller than the layout: the picture is scaled down


# ---------------------------------------------------------------------------- helpers

class Display:
    """What the display shows: a copy of the window surface taken at every ``flip()`` and, at every
    ``update(rects)``, only in those rectangles (what reaches the screen)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: pygame.Surface | None = None
        flip, update = pygame.display.flip, pygame.display.update

        def on_flip():
            self.shown = pygame.display.get_surface().copy()
            return flip()

        def on_update(rects=None):
            window = pygame.display.get_surface()
            if rects is None or self.shown is None:
                self.shown = window.copy()
            else:
                for rect in rects:
                    self.shown.blit(window, rect, rect)
            return update(rects)

        monkeypatch.setattr(pygame.display, "flip", on_flip)
        monkeypatch.setattr(pygame.display, "update", on_update)

    def stale_pixels(self, app) -> int:
        """Pixels where the display differs from the whole picture of now, scaled as a whole."""
        window = pygame.display.get_surface()
        now = pygame.transform.smoothscale(app.screen, window.get_size()) if app.scaled else window
        assert self.shown is not None
        return differing(self.shown, now) + (differing(window, now) if app.scaled else 0)


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    return int(np.count_nonzero(pygame.surfarray.array2d(a) != pygame.surfarray.array2d(b)))


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    """Makes the whole app headless in a window of a given size, with its folders in ``tmp_path``."""
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    made = []

    def make(size: tuple[int, int]):
        from imperial_desktop.ui.app import App, init_display

        app = App(init_display(size, headless=True))
        app.updates.compare = True  # as in a shown window (headless, frames are handed over whole)
        app.settings.confirm_turns = False
        app.settings.hide_cash_in_hot_seat = False
        made.append(app)
        return app

    yield make
    for app in made:
        app._stop_autosave()
    pygame.quit()


def window_point(app, point) -> tuple[int, int]:
    """A point of the scenes' picture in window coordinates."""
    (lw, lh), (ww, wh) = app.screen.get_size(), app.window.get_size()
    return (round(point[0] * ww / lw), round(point[1] * wh / lh))


def move(app, point, buttons=(0, 0, 0)) -> None:
    """The pointer to a point of the picture, as a real pointer moves (SDL's state and an event)."""
    pos = window_point(app, point)
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))


def press(app, point, kind) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=window_point(app, point), button=1))


def midgame(app, humans_only: bool = False) -> None:
    """The mid-game position: a person chooses on the rondel (computers in the other seats)."""
    record = GameRecord.load(SAVES / "midgame.json")
    players = record.setup.players
    mover = GameSession.from_record(record, [Seat(n) for n in players]).state.current_player()
    seats = [Seat(n) if humans_only or i == mover else Seat(n, COMPUTER, "random") for i, n in enumerate(players)]
    app.start_game(GameSession.from_record(record, seats))
    for _ in range(2):
        app.frame(1 / 60)


def rondel_buttons(app) -> list:
    return list(app.scene.decisions.panel.buttons)


def changes_covered(before: pygame.Surface, after: pygame.Surface, area: pygame.Rect,
                    rects: list[pygame.Rect]) -> int:
    """How many pixels of ``area`` changed from ``before`` to ``after``; fails if one of them lies
    outside ``rects``."""
    changed = pygame.surfarray.array2d(before.subsurface(area)) != pygame.surfarray.array2d(after.subsurface(area))
    for x, y in np.argwhere(changed):
        assert any(r.collidepoint(area.x + x, area.y + y) for r in rects), (area.x + x, area.y + y)
    return int(changed.sum())


def covers(rects: list[pygame.Rect], area: pygame.Rect) -> bool:
    """Whether every pixel of ``area`` lies in one of ``rects``."""
    mask = pygame.Mask(area.size)
    for rect in rects:
        part = rect.clip(area)
        if part.w and part.h:
            mask.draw(pygame.Mask(part.size, fill=True), (part.x - area.x, part.y - area.y))
    return mask.count() == area.w * area.h


# ---------------------------------------------------------------------------- partial scaling


@pytest.mark.parametrize("picture,window", [((1396, 720), (1280, 660)), ((1280, 800), (1600, 1000)),
                                            ((1280, 720), (1000, 563))])
def test_scaling_only_the_changed_parts_gives_the_pixels_of_a_whole_smoothscale(picture, window):
    """Shrunk (a small window) or enlarged (a large text size): the window after partial frames is
    pixel for pixel the whole picture smooth-scaled, so no seam shows where a part was scaled."""
    from imperial_desktop.ui.dirty import ScreenUpdates

    pygame.display.init()
    try:
        surface = pygame.display.set_mode(window)
        screen = pygame.Surface(picture).convert()
        rnd = random.Random(5)
        for y in range(0, picture[1], 7):  # stripes and text: sharp edges everywhere
            pygame.draw.line(screen, (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)), (0, y),
                             (picture[0], y + rnd.randrange(-40, 40)), 3)
        updates = ScreenUpdates()
        updates.present(screen, surface)
        partial = 0
        for _ in range(25):
            for _ in range(rnd.randrange(1, 4)):
                rect = pygame.Rect(rnd.randrange(picture[0]), rnd.randrange(picture[1]), rnd.randrange(1, 220),
                                   rnd.randrange(1, 90))
                pygame.draw.ellipse(screen, (rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)), rect)
            updates.present(screen, surface)
            partial += not updates.last_full
            assert differing(surface, pygame.transform.smoothscale(screen, window)) == 0
        assert partial >= 20
    finally:
        pygame.display.quit()


# ---------------------------------------------------------------------------- what is presented


def test_pointing_at_a_button_presents_that_button_and_little_else(make_app):
    app = make_app((1600, 1000))
    midgame(app)
    buttons = rondel_buttons(app)
    # choices that light no regions on the board (pointing at the others lights them: more changes)
    plain = [b for b, choice in app.scene.decisions.panel.buttons.items() if not choice.regions]
    assert len(plain) >= 2
    move(app, app.scene.layout.log.center)  # over nothing that reacts to the pointer
    for _ in range(20):
        app.frame(1 / 60)
    app.frame(1 / 60)
    assert app.updates.last == []  # nothing changed: nothing presented
    window = app.window.get_width() * app.window.get_height()
    for button in plain[:2]:  # onto one, then from it onto another
        old = [b for b in buttons if b.hovered]
        before = app.screen.copy()
        move(app, button.get_abs_rect().center)
        presented = []
        for _ in range(3):
            app.frame(1 / 60)
            assert not app.updates.last_full
            presented += app.updates.last
        assert button.hovered
        for lit in [button] + old:  # its new highlight, and the highlight it left
            assert changes_covered(before, app.screen, lit.get_abs_rect(), presented) > 100
        assert sum(r.w * r.h for r in presented) < 0.08 * window


def test_a_screen_change_and_a_dialog_present_the_whole_window(make_app):
    from ui_driver import click_in_app, menu_window

    app = make_app((1600, 1000))
    app.show_title()
    for _ in range(3):
        app.frame(1 / 60)
    assert not app.updates.last_full
    click_in_app(app, app.scene.buttons["settings"])  # the settings screen
    assert type(app.scene).__name__ == "SettingsScene"
    assert app.updates.last_full
    midgame(app)
    for _ in range(3):
        app.frame(1 / 60)
    assert not app.updates.last_full
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)
    assert menu_window(app.scene) is not None  # the game menu opened
    assert app.updates.last_full
    for _ in range(2):
        app.frame(1 / 60)
    assert not app.updates.last_full
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.frame(1 / 60)
    assert menu_window(app.scene) is None  # and closed again
    assert app.updates.last_full


# ---------------------------------------------------------------------------- nothing stale


@pytest.mark.parametrize("size", SIZES)
def test_a_highlight_and_a_tooltip_leave_nothing_behind(make_app, monkeypatch, size):
    app = make_app(size)
    display = Display(monkeypatch)
    midgame(app)
    legend = app.scene.commands.buttons["legend"]
    button = rondel_buttons(app)[0]
    tips = 0
    for point, frames in ((button.get_abs_rect().center, 10), (app.scene.layout.board.center, 10),
                          (legend.get_abs_rect().center, 20), (app.scene.layout.board.center, 20)):
        move(app, point)
        for _ in range(frames):
            app.frame(0.1)  # pygame-gui shows a tooltip after a second over its button
            tips += legend.tool_tip is not None
            assert display.stale_pixels(app) == 0
    assert tips  # the legend's tooltip came (and went again with the pointer)
    assert legend.tool_tip is None


@pytest.mark.parametrize("size", SIZES)
def test_a_dragged_unit_leaves_no_ghost(make_app, monkeypatch, size):
    from game_scenes import scene_states

    app = make_app(size)
    display = Display(monkeypatch)
    name, state, _steps = next(s for s in scene_states() if s[0].startswith("maneuver"))
    seats = [Seat(n) for n in state.setup.players]
    app.start_game(GameSession(state.setup, seats, state=state))
    for _ in range(3):
        app.frame(1 / 60)
    scene = app.scene
    origins = scene.board_layer.movable_origins()
    assert origins, name
    region = next(iter(origins))
    kind = "fleet" if state.maneuver_phase() == "fleets" else "army"
    start = scene.board.piece_rect(region, state.acting_nation(), kind).center
    end = (scene.layout.board.centerx, scene.layout.board.y + 60)
    move(app, start)
    app.frame(1 / 60)
    press(app, start, pygame.MOUSEBUTTONDOWN)
    app.frame(1 / 60)
    assert scene.board_layer.drag() is not None
    for i in range(1, 13):  # over the board and back home
        t = i / 6 if i <= 6 else (12 - i) / 6
        move(app, (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t), buttons=(1, 0, 0))
        app.frame(1 / 60)
        assert display.stale_pixels(app) == 0
    press(app, start, pygame.MOUSEBUTTONUP)
    for _ in range(3):
        app.frame(1 / 60)
        assert display.stale_pixels(app) == 0
    assert scene.board_layer.drag() is None


@pytest.mark.parametrize("size", SIZES)
def test_a_sliding_unit_of_a_computer_leaves_no_ghost(make_app, monkeypatch, size):
    from game_scenes import scene_states

    app = make_app(size)
    display = Display(monkeypatch)
    _name, state, _steps = next(s for s in scene_states() if s[0].startswith("maneuver"))
    app.settings.pace = "normal"
    app.start_game(GameSession(state.setup, [Seat(n, COMPUTER, "random") for n in state.setup.players], state=state))
    slid = ended = 0
    for _ in range(900):
        app.frame(1 / 60)
        app.scene.session.wait_for_computer(5.0)
        assert display.stale_pixels(app) == 0
        shown = app.scene.presenter.animator.current()
        if shown is not None and shown.slide is not None:
            slid += 1
        elif slid:
            ended += 1
            if ended > 5:
                break
    assert slid > 5 and ended  # a unit slid over several frames, and its slide ended


@pytest.mark.parametrize("width", [300, 301])  # rows compared two pixels at a time, or one (odd rows)
def test_changed_rects_cover_every_change_and_give_up_on_a_new_picture(width):
    from imperial_desktop.ui.dirty import changed_rects

    a = pygame.Surface((width, 200), depth=32)
    b = a.copy()
    assert changed_rects(a, b) == []
    pygame.draw.rect(b, (255, 0, 0), (40, 50, 10, 30))
    pygame.draw.rect(b, (0, 255, 0), (width - 1, 150, 1, 3))
    rects = changed_rects(a, b)
    assert covers(rects, pygame.Rect(40, 50, 10, 30)) and covers(rects, pygame.Rect(width - 1, 150, 1, 3))
    assert sum(r.w * r.h for r in rects) < 0.05 * width * 200
    b.fill((1, 2, 3))
    assert changed_rects(a, b) is None  # everything changed: the whole window at once


def test_the_panels_drawn_again_in_parts_look_as_drawn_whole(make_app):
    """Pointing at the rondel's choices redraws the rondel alone, the wheel over the log the log
    alone: the picture is the one a whole redraw gives."""
    app = make_app((1600, 1000))
    midgame(app)
    for _ in range(3):
        app.frame(1 / 60)
    chrome, lit = app.scene.chrome, set()
    for button in rondel_buttons(app)[:4]:
        move(app, button.get_abs_rect().center)
        app.frame(1 / 60)
        app.frame(1 / 60)
        lit.add(chrome.lit_space())
    assert len(lit - {None}) >= 3
    move(app, app.scene.layout.log.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.frame(1 / 60)
    app.frame(1 / 60)
    assert app.scene.log.scroll != 0
    in_parts = app.screen.copy()
    chrome.invalidate()
    app.frame(1 / 60)
    assert differing(in_parts, app.screen) == 0
