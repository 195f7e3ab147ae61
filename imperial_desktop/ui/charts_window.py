"""The charts of a game in a window over the game screen: Power, Scores and Governments.

The window holds three tab buttons, the chart (a picture drawn by ``ui.charts``) and a Close
button. Pointing at the chart shows the figures of that moment; a click (or Enter after the
arrow keys) travels there: the window closes and the board shows the game as it was then
(``GameScene.travel_to``). The game screen shows it beside the game like the rules
(``SideWindowLayer``), so the computers wait while it is open::

    window = ChartsWindow(manager, screen_size, series, on_travel=scene.travel_to)
    window.alive    # False once closed (Close, the title bar's X, Esc, a click that travels)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage

from imperial_desktop.i18n import _, pgettext
from imperial_desktop.session.game_series import GameSeries, series_of_session
from imperial_desktop.ui import charts
from imperial_desktop.ui.palette import PANEL_BG
from imperial_desktop.ui.owned_window import OwnedWindow

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

MAX_SIZE = (1280, 860)
MARGIN = 16
TAB_H = 38


def tabs() -> list[tuple[str, str, str]]:
    """The panels (key, label, tooltip) in the language in use."""
    return [("power", pgettext("chart", "Power points"), _("Each nation's power points over the game")),
            ("scores", _("Scores"), _("Each player's score over the game: cash plus bonds at the power factors of the time")),
            ("governments", _("Governments"), _("Who governed which nation, round by round"))]

_KEYS = {pygame.K_1: "power", pygame.K_2: "scores", pygame.K_3: "governments"}


def window_rect(screen: tuple[int, int]) -> pygame.Rect:
    """Centred, as large as the screen allows up to :data:`MAX_SIZE`."""
    w = max(320, min(MAX_SIZE[0], screen[0] - 2 * MARGIN))
    h = max(240, min(MAX_SIZE[1], screen[1] - 2 * MARGIN))
    w, h = min(w, screen[0]), min(h, screen[1])
    return pygame.Rect((screen[0] - w) // 2, (screen[1] - h) // 2, w, h)


class ChartsWindow:
    """The charts window: tabs, the chart picture, Close. ``on_travel(position)`` is called with
    the position (actions played) of the moment clicked."""

    def __init__(self, manager: pygame_gui.UIManager, screen: tuple[int, int], series: GameSeries, *,
                 on_travel: Callable[[int], None] | None = None, hidden: frozenset[int] | set[int] = frozenset(),
                 scale: float = 1.0, kind: str = "power", title: str | None = None, at: int | None = None):
        self.manager = manager
        self.series = series
        self.on_travel = on_travel
        self.hidden = frozenset(hidden)
        self.scale = scale
        self.kind = kind if kind in charts.KINDS else "power"
        self.hover: int | None = at if at is not None and 0 <= at < len(series) else None  # the sample pointed at
        self.drawn: charts.DrawnChart | None = None
        self.window = OwnedWindow(window_rect(screen), manager, self, title or _("Charts of the game"), "#charts_window")
        self.tabs: dict[str, UIButton] = {}
        self.close_button: UIButton | None = None
        self.image: UIImage | None = None
        self._build()

    # ---------------------------------------------------------------- widgets

    def _build(self) -> None:
        inner_w = self.window.get_container().get_size()[0]
        x = 10
        width = max(150, min(240, (inner_w - 200) // 3))
        for number, (key, label, tip) in enumerate(tabs(), start=1):
            self.tabs[key] = UIButton(pygame.Rect(x, 8, width, TAB_H), label, self.manager, container=self.window,
                                      tool_tip_text=tip + " " + _("(key {key})").format(key=number))
            x += width + 8
        self.close_button = UIButton(pygame.Rect(inner_w - 130, 8, 120, TAB_H), _("Close"), self.manager,
                                     container=self.window, tool_tip_text=_("Close the charts (Esc)"))
        rect = self.chart_rect()
        self.image = UIImage(rect, pygame.Surface(rect.size), self.manager, container=self.window)
        self._mark_tab()
        self.redraw()

    def chart_rect(self) -> pygame.Rect:
        """Where the chart stands inside the window (relative to its container)."""
        inner_w, inner_h = self.window.get_container().get_size()
        top = 8 + TAB_H + 8
        return pygame.Rect(10, top, max(40, inner_w - 20), max(40, inner_h - top - 10))

    def _mark_tab(self) -> None:
        for key, button in self.tabs.items():
            button.select() if key == self.kind else button.unselect()

    def redraw(self) -> None:
        """Draw the chart again (another panel, another moment pointed at)."""
        if self.image is None:
            return
        rect = self.chart_rect()
        surface = pygame.Surface(rect.size)
        surface.fill(PANEL_BG)
        scale = self.scale * max(1.0, min(1.3, rect.h / 560))  # a tall window: larger text and markers
        self.drawn = charts.draw_chart(surface, pygame.Rect(0, 0, *rect.size), self.series, self.kind, scale,
                                       hover=self.hover, hidden=self.hidden)
        self.image.set_image(surface)

    # ---------------------------------------------------------------- state

    @property
    def alive(self) -> bool:
        return self.window.alive()

    def show(self, kind: str) -> None:
        """Show the chart ``kind`` (a key of :data:`charts.KINDS`)."""
        if kind in charts.KINDS and kind != self.kind:
            self.kind = kind
            self._mark_tab()
            self.redraw()

    def point(self, sample: int | None) -> None:
        """Show the figures of sample ``sample`` (None: of the end)."""
        if sample != self.hover:
            self.hover = sample
            self.redraw()

    def travel(self, sample: int) -> None:
        """Go to the moment of sample ``sample``: the window closes, the board shows that moment."""
        position = self.series.positions[sample]
        self.close()
        if self.on_travel is not None:
            self.on_travel(position)

    def close(self) -> None:
        if self.window.alive():
            for widget in (*self.tabs.values(), self.close_button, self.image, self.window):
                tip = getattr(widget, "tool_tip", None)
                if tip is not None:  # a tooltip would stay on the screen after its widget went
                    tip.kill()
            self.window.kill()

    def resize(self, screen: tuple[int, int]) -> None:
        """Fit a new screen size: the window is made again in its place, at the same panel."""
        if not self.window.alive():
            return
        rect = window_rect(screen)
        if rect.size == self.window.get_abs_rect().size:
            self.window.set_position(rect.topleft)
            return
        self.window.kill()
        self.window = OwnedWindow(rect, self.manager, self, self.window.window_display_title, "#charts_window")
        self.tabs = {}
        self._build()

    # ---------------------------------------------------------------- input

    def _local(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """A screen position in the chart's own coordinates (None: not on the chart)."""
        if self.image is None:
            return None
        x, y = self.manager.calculate_scaled_mouse_position(pos)
        r = self.image.get_abs_rect()
        if not r.collidepoint((x, y)):
            return None
        return (x - r.x, y - r.y)

    def process(self, event: pygame.event.Event) -> bool:
        """React to the tabs, Close, the pointer over the chart and the keys; True when taken."""
        if not self.alive:
            return False
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is not None:
            if element is self.close_button:
                self.close()
                return True
            for key, button in self.tabs.items():
                if element is button:
                    self.show(key)
                    return True
            return False
        if event.type == pygame.MOUSEMOTION and self.drawn is not None:
            local = self._local(event.pos)
            self.point(None if local is None else self.drawn.sample_at(local))
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.drawn is not None:
            local = self._local(event.pos)
            sample = None if local is None else self.drawn.sample_at(local)
            if sample is not None:
                self.travel(sample)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            self.close()
            return True
        if key in _KEYS:
            self.show(_KEYS[key])
            return True
        last = len(self.series) - 1
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            now = last if self.hover is None else self.hover
            self.point(max(0, min(last, now + (1 if key == pygame.K_RIGHT else -1))))
            return True
        if key in (pygame.K_HOME, pygame.K_END):
            self.point(0 if key == pygame.K_HOME else last)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hover is not None:
            self.travel(self.hover)
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """For the layer that shows it: the window follows resizes (nothing else to do here)."""
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        return False


# ------------------------------------------------------------------ the game screen's charts

_SERIES: "weakref.WeakKeyDictionary[object, tuple[tuple[int, int, int], GameSeries]]" = weakref.WeakKeyDictionary()


def live_session(scene: "GameScene"):
    """The session of the game a screen shows: the live one, also while the screen looks back
    (``scene.session`` then shows the past)."""
    travel = getattr(scene, "time_travel", None)
    return travel.live_session if travel is not None else scene.session


def scene_series(scene: "GameScene") -> GameSeries:
    """The series of the whole game a screen shows, replayed from its record once per change of
    the game."""
    session = live_session(scene)
    key = (id(session), session.version, len(session.record.actions))
    cached = _SERIES.get(scene)
    if cached is not None and cached[0] == key:
        return cached[1]
    series = series_of_session(session.setup, session.record.actions, session.state)
    _SERIES[scene] = (key, series)
    return series


def hidden_scores(scene: "GameScene") -> frozenset[int]:
    """The players whose scores the charts must not show: those whose cash the screen hides now
    (hot seat; the past hides what the present hides; nobody's once the game is over)."""
    if live_session(scene).state.is_terminal():
        return frozenset()
    return frozenset(scene.hot_seat.cash_hidden_for(scene.session.state))


def travel(scene: "GameScene", position: int) -> None:
    """Show the board at ``position`` (time travel), or say that this screen cannot."""
    go = getattr(scene, "travel_to", None)
    if go is None:
        scene.show_message(_("Looking back is not possible on this screen"))
        return
    go(position)


def charts_for_scene(scene: "GameScene", kind: str = "power") -> ChartsWindow:
    """The charts window of a game screen (its manager must exist); while the screen looks back,
    the moment shown is the one pointed at."""
    assert scene.manager is not None
    series = scene_series(scene)
    looking = getattr(scene, "time_travel", None)
    at = series.nearest(looking.index) if looking is not None and looking.active else None
    return ChartsWindow(scene.manager, scene.layout.size, series, on_travel=lambda p: travel(scene, p),
                        hidden=hidden_scores(scene), scale=min(1.0, scene.layout.scale), kind=kind, at=at)


__all__ = ["ChartsWindow", "charts_for_scene", "hidden_scores", "live_session", "scene_series", "travel",
           "window_rect"]
