"""The game screen: board, rondel, tracks, nations, players and log, drawn from the session's state."""

from __future__ import annotations

import pygame
import pygame_gui

from imperial_desktop.core import Action, Event, event_text
from imperial_desktop.session.controller import GameSession
from imperial_desktop.ui import panels
from imperial_desktop.ui.board_geometry import BoardGeometry
from imperial_desktop.ui.board_view import BoardView, load_board_image
from imperial_desktop.ui.layout import GameLayout, game_layout
from imperial_desktop.ui.palette import WINDOW_BG
from imperial_desktop.ui.tooltip import place_tooltip, region_tooltip_lines, tooltip_surface

_GEOMETRY: BoardGeometry | None = None
_IMAGE: pygame.Surface | None = None


def board_assets() -> tuple[BoardGeometry, pygame.Surface]:
    """Board geometry and the static map image (loaded once per process)."""
    global _GEOMETRY, _IMAGE
    if _GEOMETRY is None or _IMAGE is None:
        _GEOMETRY = BoardGeometry.load()
        _IMAGE = load_board_image(_GEOMETRY)
    return _GEOMETRY, _IMAGE


class GameScene:
    """Shows a game in progress and lets the player look around (hover, zoom, pan)."""

    def __init__(self, session: GameSession, size: tuple[int, int], manager: pygame_gui.UIManager | None = None):
        self.session = session
        self.manager = manager
        geometry, image = board_assets()
        self.layout: GameLayout = game_layout(*size)
        self.board = BoardView(geometry, image, self.layout.board)
        self.hover_region: str | None = None
        self.hover_pos: tuple[int, int] = (0, 0)
        self.panning = False
        self.log: list[str] = []
        self.hide_cash = False
        self._chrome: pygame.Surface | None = None
        self._chrome_key: tuple | None = None
        self._tip: pygame.Surface | None = None
        self._tip_key: tuple | None = None
        self.selected_region: str | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        session.listeners.append(self._on_action)
        self._replay_log()
        self._make_buttons()

    def _replay_log(self) -> None:
        """Fill the log from the game record (a loaded game shows its history too)."""
        record = self.session.record
        if not record.actions:
            return
        from imperial_desktop.core import GameState

        state = GameState.new(record.setup)
        for action in record.actions:
            self._log_action(action, state.apply(action))

    def _make_buttons(self) -> None:
        if self.manager is None:
            return
        for button in self.buttons.values():
            button.kill()
        bar = self.layout.top_bar
        h = bar.h - 8
        specs = [("hide_cash", "Hide cash", "Hide every player's cash (hot seat)"),
                 ("fit", "Whole map", "Show the whole board again (Home key). Zoom: mouse wheel; pan: right-button drag")]
        x = bar.right - 8
        for key, label, tip in specs:
            w = 110 if key == "fit" else 100
            x -= w
            self.buttons[key] = pygame_gui.elements.UIButton(pygame.Rect(x, bar.y + 4, w, h), label, self.manager,
                                                             tool_tip_text=tip, object_id=f"#{key}_button")
            x -= 6

    # ------------------------------------------------------------------ events

    def _on_action(self, action: Action, events: list[Event]) -> None:
        self._log_action(action, events)

    def _log_action(self, action: Action, events: list[Event]) -> None:
        names = list(self.session.setup.players)
        board = self.session.state.board
        self.log.append(action.describe(board))
        for e in events:
            if e.type in ("unit_moved", "rondel_moved"):
                continue  # the action line says it already
            self.log.append("  " + event_text(e, board, names))
        del self.log[:-300]

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = game_layout(*size)
        self.board.set_rect(self.layout.board)
        if self.manager is not None:
            self.manager.set_window_resolution(size)
        self._make_buttons()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            if self.panning:
                self.board.pan(*event.rel)
            self.hover_region = self.board.region_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            pos = self.hover_pos  # the pointer's last position (motion events keep it current)
            if self.board.rect.collidepoint(pos):
                self.board.zoom_at(pos, 1.15 ** event.y)
                self.hover_region = self.board.region_at(pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.board.rect.collidepoint(event.pos):
            self.panning = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.panning = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board.rect.collidepoint(event.pos):
            region = self.board.region_at(event.pos)
            self.selected_region = None if region == self.selected_region else region
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_HOME:
            self.board.fit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.selected_region = None
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("fit"):
                self.board.fit()
            elif event.ui_element is self.buttons.get("hide_cash"):
                self.hide_cash = not self.hide_cash
                self.buttons["hide_cash"].set_text("Show cash" if self.hide_cash else "Hide cash")

    def update(self) -> None:
        self.session.poll()

    # ------------------------------------------------------------------ drawing

    def tooltip_lines(self) -> list[str] | None:
        region = self.hover_region or self.selected_region
        if region is None:
            return None
        return region_tooltip_lines(self.session.state, region)

    def draw(self, surface: pygame.Surface) -> None:
        state = self.session.state
        lay = self.layout
        status = "thinking..." if self.session.computer_thinking() else ""
        key = (self.session.version, lay.size, self.hide_cash, status, len(self.log))
        if key != self._chrome_key or self._chrome is None:
            self._draw_chrome(state, status)
            self._chrome_key = key
        assert self._chrome is not None
        for rect in (lay.top_bar, lay.tracks, lay.side):
            surface.blit(self._chrome, rect, rect)
        highlights = {self.selected_region: (255, 214, 80)} if self.selected_region else None
        self.board.draw(surface, state, version=self.session.version, hover=self.hover_region, highlights=highlights)
        lines = self.tooltip_lines()
        if lines and not self.panning:
            tip_key = (self.hover_region or self.selected_region, self.session.version, lay.scale)
            if tip_key != self._tip_key:
                self._tip = tooltip_surface(lines, lay.scale)
                self._tip_key = tip_key
            surface.blit(self._tip, place_tooltip(self._tip.get_size(), self.hover_pos, surface.get_size()))

    def _draw_chrome(self, state, status: str) -> None:
        """Top bar, tracks and side panels: re-drawn only when the state changes."""
        lay = self.layout
        s = lay.scale
        if self._chrome is None or self._chrome.get_size() != lay.size:
            self._chrome = pygame.Surface(lay.size).convert() if pygame.display.get_surface() else pygame.Surface(lay.size)
        chrome = self._chrome
        chrome.fill(WINDOW_BG)
        panels.draw_top_bar(chrome, lay.top_bar, state, s, status)
        panels.draw_tracks(chrome, lay.tracks, state, s)
        panels.draw_rondel(chrome, lay.rondel, state, s)
        panels.draw_nations(chrome, lay.nations, state, s)
        hidden = set(range(state.num_players)) if self.hide_cash else None
        panels.draw_players(chrome, lay.players, state, s, hidden)
        panels.draw_log(chrome, lay.log, self.log, s)
