"""The charts of a game draw inside their frame, in the nation colours of the palette in use,
with the nation's markers, and keep hidden scores hidden."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from imperial_desktop.core.record import GameRecord
from imperial_desktop.session.game_series import series_of_record
from imperial_desktop.ui import board_look, charts
from imperial_desktop.ui.charts_window import ChartsWindow

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def series():
    pygame.init()
    record = GameRecord.load(ROOT / "saves" / "finished.json")
    board_look.use_map(record.setup.map_name)
    return series_of_record(record)


_RECTS: dict[tuple[int, int], pygame.Rect] = {}


def _chart_rect(size: tuple[int, int]) -> pygame.Rect:
    """The chart's size in the charts window on a screen of ``size`` (from a window laid out there)."""
    if size not in _RECTS:
        from imperial_desktop.ui.gui import make_manager

        pygame.display.set_mode(size)
        record = GameRecord.load(ROOT / "saves" / "finished.json")
        window = ChartsWindow(make_manager(size), size, series_of_record(GameRecord(record.setup, record.actions[:40])))
        _RECTS[size] = pygame.Rect((0, 0), window.chart_rect().size)
        window.close()
    return _RECTS[size]


def _pixels(surface: pygame.Surface, colour, area: pygame.Rect) -> int:
    """How many pixels of ``area`` have exactly ``colour``."""
    sub = surface.subsurface(area.clip(surface.get_rect()))
    return pygame.mask.from_threshold(sub, (*colour, 255), (1, 1, 1, 255)).count()


@pytest.mark.parametrize("size,scale", [((1280, 720), 0.8), ((1280, 720), 1.0), ((1600, 1000), 1.0), ((1600, 1000), 1.3),
                                        ((800, 600), 0.7)])
@pytest.mark.parametrize("kind", charts.KINDS)
def test_every_text_stays_inside_the_chart(series, kind, size, scale) -> None:
    rect = _chart_rect(size)
    for hover in (None, 0, len(series) // 2, len(series) - 1):
        surface = pygame.Surface(rect.size)
        drawn = charts.draw_chart(surface, rect, series, kind, scale, hover=hover)
        assert drawn.texts, kind
        for text, place in drawn.texts:
            assert rect.contains(place), (kind, size, hover, text, place, rect)
        assert rect.contains(drawn.area)
        assert len(drawn.xs) == len(series) and drawn.xs == sorted(drawn.xs)
        assert all(drawn.area.x - 1 <= x <= drawn.area.right + 1 for x in drawn.xs)


@pytest.mark.parametrize("kind", charts.KINDS)
def test_the_round_axis_is_labelled(series, kind) -> None:
    rect = _chart_rect((1280, 720))
    drawn = charts.draw_chart(pygame.Surface(rect.size), rect, series, kind, 1.0)
    words = [t for t, _r in drawn.texts]
    assert "Rounds" in words
    numbers = [int(t) for t, r in drawn.texts if t.isdigit() and r.top >= drawn.area.bottom]
    assert numbers and numbers[0] == 1 and numbers == sorted(numbers)
    assert max(numbers) <= series.moments[-1].round


def test_the_hover_tip_names_the_moment_and_every_nation(series) -> None:
    rect = _chart_rect((1280, 720))
    k = len(series) // 2
    drawn = charts.draw_power(pygame.Surface(rect.size), rect, series, 1.0, hover=k)
    words = [t for t, _r in drawn.texts]
    assert charts.when_words(series, k) in words
    assert words.count("Click: see the board then") == 1
    for nation in series.nations:
        assert words.count(charts.nation_name(nation)) == 2  # in the legend and in the tip
    assert drawn.sample_at((round(drawn.xs[k]), drawn.area.centery)) == k
    assert drawn.position_at((round(drawn.xs[k]), drawn.area.centery)) == series.positions[k]
    assert drawn.sample_at((drawn.area.x - 40, drawn.area.centery)) is None


@pytest.mark.parametrize("palette", board_look.PALETTES)
def test_lines_are_in_the_nation_colours_of_the_palette_in_use(series, palette) -> None:
    board_look.use_palette(palette)
    try:
        rect = _chart_rect((1280, 720))
        surface = pygame.Surface(rect.size)
        drawn = charts.draw_power(surface, rect, series, 1.0)
        for nation in series.nations:
            look = board_look.nation_look(nation)
            assert look.mark, nation  # every nation of this board has its mark (on its markers here)
            assert _pixels(surface, look.piece, drawn.area) > 50, (palette, nation)
        other = board_look.COLOUR_BLIND if palette == board_look.STANDARD else board_look.STANDARD
        changed = [n for n in series.nations
                   if board_look.nation_looks(other)[n].piece != board_look.nation_looks(palette)[n].piece]
        for nation in changed:  # a colour only the other palette has is not drawn
            assert _pixels(surface, board_look.nation_looks(other)[nation].piece, drawn.area) < 10, nation
    finally:
        board_look.use_palette(board_look.STANDARD)


def test_hidden_scores_draw_no_line_and_say_why(series) -> None:
    rect = _chart_rect((1280, 720))
    hidden = {1, 2}
    surface = pygame.Surface(rect.size)
    drawn = charts.draw_scores(surface, rect, series, 1.0, hover=len(series) // 2, hidden=hidden)
    assert drawn.shown_players == [p for p in range(len(series.players)) if p not in hidden]
    words = [t for t, _r in drawn.texts]
    assert any("Cash is hidden" in t for t in words)
    assert words.count("hidden") == len(hidden)  # their rows in the legend
    for player in hidden:
        assert _pixels(surface, charts.player_colour(player), drawn.area) == 0
    for player in drawn.shown_players:
        assert _pixels(surface, charts.player_colour(player), drawn.area) > 50
    everyone = charts.draw_scores(pygame.Surface(rect.size), rect, series, 1.0)
    assert everyone.shown_players == list(range(len(series.players)))


def test_governments_name_the_governing_players(series) -> None:
    rect = _chart_rect((1600, 1000))
    drawn = charts.draw_governments(pygame.Surface(rect.size), rect, series, 1.0)
    words = {t for t, _r in drawn.texts}
    for nation in series.nations:
        assert charts.nation_name(nation) in words
        for span in series.spans(nation):
            if span.player is not None and span.last - span.first > len(series) // 4:  # a wide strip has room
                assert series.players[span.player] in words


def test_the_window_draws_the_chart_it_shows() -> None:
    """The window's chart is the size its layout gives (the helper above follows it)."""
    from ui_driver import Driver

    record = GameRecord.load(ROOT / "saves" / "finished.json")
    series = series_of_record(record)
    box = {}

    def make(manager, size):
        box["window"] = ChartsWindow(manager, size, series)
        return _Idle()

    driver = Driver(make, size=(1280, 720))
    driver.frame(2)
    window = box["window"]
    assert window.chart_rect().size == _chart_rect((1280, 720)).size
    assert window.drawn is not None and window.drawn.rect.size == window.chart_rect().size
    window.close()


class _Idle:
    """A scene that does nothing (the window alone is tested)."""

    def handle_event(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> dict:
        return {}
