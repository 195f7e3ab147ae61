"""The overlays over the board: the scores (S), the legend (L) and what happened (R).

One at a time. The scores and the legend stand over the board: a click anywhere or Esc closes
them, and the board under them neither zooms nor takes clicks. "What happened" stands in the strip
under the board, clear of everything a decision needs: a click on it or Esc closes it, a click
anywhere else closes it and does what it does without it (a rondel space, a region, a button). It
also opens by itself when a human at the screen is to decide after computer actions (:class:`Summary`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from imperial_desktop.i18n import _
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.turn_summary import SummaryTracker
from imperial_desktop.ui import panels
from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.palette import PANEL_MUTED, PANEL_TEXT
from imperial_desktop.ui.results import draw_results
from imperial_desktop.ui.summary_overlay import SummaryOverlay

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

class OverlayLayer(Layer):
    """One overlay over the board: ``kind`` is "results", "legend" or "summary"."""

    rank = Rank.OVERLAY

    def __init__(self, scene: GameScene, kind: str):
        self.scene = scene
        self.kind = kind
        self.sheet = None  # the score sheet drawn last: a click on its chart travels (ui.charts_window)

    def summary_rect(self) -> pygame.Rect | None:
        """Where the summary's frame was drawn last (None for the other overlays)."""
        return self.scene.summary.view.rect if self.kind == "summary" else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        frame = self.summary_rect()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            chart = getattr(self.sheet, "chart", None) if self.kind == "results" else None
            moment = None if chart is None else chart.position_at(event.pos)
            scene.layers.pop(self)
            scene.dirty = True
            if moment is not None:  # a moment on the scores' power chart: the board then
                from imperial_desktop.ui.charts_window import travel

                travel(scene, moment)
                return True
            # the summary takes only the clicks on itself: one meant for the game acts at once
            return frame is None or frame.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.layers.pop(self)
            return True
        if event.type == pygame.MOUSEWHEEL:
            pos = scene.board_layer.pointer
            if frame is not None:
                if not frame.collidepoint(pos):
                    return False  # the board beside the summary zooms, the log scrolls
                if scene.summary.view.scroll_by(3 * event.y):  # wheel up: earlier turns
                    scene.dirty = True
                return True
            return scene.board.rect.collidepoint(pos)  # the board under an overlay does not zoom
        return False

    def draw(self, surface: pygame.Surface) -> object:
        """Draw the overlay; returns what it drew: the score sheet, the legend's inner area and
        texts, or the summary's view."""
        scene = self.scene
        lay = scene.layout
        area = lay.board.inflate(-24, -24)
        state = scene.session.state
        if self.kind == "results":
            from imperial_desktop.ui.charts_window import scene_series

            self.sheet = draw_results(surface, area, state, lay.scale, scene.hot_seat.cash_hidden_for(state),
                                      scene_series(scene))
            return self.sheet
        if self.kind == "legend":
            return self._draw_legend(surface, area)
        return scene.summary.draw(surface)

    def _draw_legend(self, surface: pygame.Surface, area: pygame.Rect) -> tuple[pygame.Rect, list[pygame.Rect]]:
        from imperial_desktop.ui.legend import draw_legend, legend_size

        scale = self.scene.layout.scale
        w, h = legend_size(scale, title=False)
        rect = pygame.Rect(0, 0, min(area.w, w + 40), min(area.h, h + 70))
        rect.center = area.center
        inner = self._draw_frame(surface, rect, _("Legend: what is on the board"))
        return inner, draw_legend(surface, inner, scale, title=False, frame=False)

    def _draw_frame(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
        s = self.scene.layout.scale
        pygame.draw.rect(surface, (0, 0, 0), rect.move(4, 4), border_radius=10)
        pygame.draw.rect(surface, (246, 241, 228), rect, border_radius=10)
        pygame.draw.rect(surface, (150, 136, 110), rect, 2, border_radius=10)
        pad = round(14 * s)
        head = panels.text(surface, title, (rect.x + pad, rect.y + pad), panels.px(22, s), PANEL_TEXT, "bold",
                           max_width=rect.w * 0.6)
        panels.text(surface, _("Click or press Esc to close"), (rect.right - pad, rect.y + pad + 4), panels.px(12, s),
                    PANEL_MUTED, "regular", "topright", max_width=rect.w * 0.35)
        return pygame.Rect(rect.x + pad, head.bottom + round(8 * s), rect.w - 2 * pad, rect.bottom - head.bottom - pad - round(8 * s))


def overlay_kind(scene: GameScene) -> str | None:
    """The kind of the overlay open now, or None."""
    layer = scene.layers.find(OverlayLayer)
    return layer.kind if layer is not None else None


def open_overlay(scene: GameScene, kind: str) -> None:
    """Show the overlay ``kind`` (in place of another one open)."""
    layer = scene.layers.find(OverlayLayer)
    if layer is None:
        scene.layers.push(OverlayLayer(scene, kind))
    else:
        layer.kind = kind
    if kind == "summary":
        scene.summary.shown_for = scene.session.version
    scene.dirty = True


def close_overlay(scene: GameScene, kind: str | None = None) -> None:
    """Close the overlay open (only if it is of ``kind``, when given)."""
    layer = scene.layers.find(OverlayLayer)
    if layer is not None and (kind is None or layer.kind == kind):
        scene.layers.pop(layer)
        scene.dirty = True


class Summary:
    """What each nation did since a human's last decision: the tracker of this session, its view
    over the board, and when it opens by itself."""

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.tracker = _make_tracker(scene.session)
        self.view = SummaryOverlay(self.tracker)
        self.shown_for: int | None = None  # the state version it was last opened (or could have opened) for

    def reader(self) -> int:
        """Whose summary it is: the deciding player's at this screen, else the first one's there."""
        session = self.scene.session
        player = session.state.current_player()
        if not session.local_seat(player):
            here = session.local_players()
            player = here[0] if here else 0
        return player

    def area(self) -> pygame.Rect:
        """Where the frame may stand: the strip of the tracks and the table under the board, which
        no decision is made on (the board, the rondel, the decision panel and the log stay in view)."""
        lay = self.scene.layout
        return lay.tracks.union(lay.table).inflate(-12, -12)

    def draw(self, surface: pygame.Surface) -> SummaryOverlay:
        """What each nation did since the deciding (or first) human player's last decision."""
        scene = self.scene
        player = self.reader()
        self.view.draw(surface, self.area(), scene.board, player, scene.session.setup.players[player],
                       scene.layout.scale, self.keep_clear(player))
        return self.view

    def keep_clear(self, player: int) -> list[pygame.Rect]:
        """What the frame should leave in view in the strip: the names, treasuries and units of the
        reader's own nations and of the nation acting now (the left part of their table rows)."""
        scene = self.scene
        state = scene.session.state
        mine = {n for n, governor in state.government.items() if governor == player} | {state.acting_nation()}
        rows = scene.chrome.table_rows
        return [pygame.Rect(r.x, r.y, round(r.w * 0.45), r.h) for n, r in rows.items() if n in mine]

    def maybe_open(self) -> None:
        """When a human seat must decide after computer actions, show what happened meanwhile."""
        scene = self.scene
        session = scene.session
        if self.tracker is None or scene.presenter.busy or scene.hot_seat.handover_to is not None \
                or session.awaiting_confirmation():
            return
        if scene.coach is not None and scene.coach.guiding():
            return  # the coach says what matters; the summary stays one key (R) away
        player = session.state.current_player()
        if player is None or not session.waits_for_local_input():
            return
        if self.shown_for == session.version:
            return
        self.shown_for = session.version
        if overlay_kind(scene) is None and self._computers_acted_since(player) and self.tracker.since(player):
            open_overlay(scene, "summary")

    def _computers_acted_since(self, player: int) -> bool:
        """Whether a seat not played here (a computer's) acted after this player's last action (in
        this sitting)."""
        session = self.scene.session
        for step in reversed(session.history):
            if step.actor == player:
                return False
            if step.actor is not None and not session.local_seat(step.actor):
                return True
        return False

    def detach(self) -> None:
        if self.tracker is not None:
            self.tracker.detach()


def _make_tracker(session: GameSession) -> SummaryTracker | None:
    """The "since your last turn" tracker of this session (None if its history cannot be read)."""
    try:
        return SummaryTracker(session)
    except Exception:  # noqa: BLE001 - the summary is a help, never a reason to stop a game
        return None


__all__ = ["OverlayLayer", "Summary", "close_overlay", "open_overlay", "overlay_kind"]
