"""The panels around the board: the top bar, the tracks, the table, the rondel, the decision
area behind the decision panel, and the log.

They are drawn into one surface that is made again only when something they show changes (the
top bar alone when only its "thinking..." comes or goes). The rondel takes its own clicks and
pointing, the log its wheel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from imperial_desktop.core import ChooseRondel, DecisionKind, GameState
from imperial_desktop.i18n import _
from imperial_desktop.session.turn_steps import Step
from imperial_desktop.ui import panels, refusals, rondel_panel, tracks_panel
from imperial_desktop.ui.choices import decision_headline
from imperial_desktop.ui.layers.computer_turn import DecisionArea
from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.palette import LEGAL, WINDOW_BG

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

RGB = tuple[int, int, int]


@dataclass
class ChromeDrawing:
    """What the panels show: the top bar's nation disc and headline, the table's marked row
    (nation, player), and the decision area (None while a panel stands there)."""

    top_bar: tuple[str | None, str | None] = (None, None)
    table_current: tuple[str | None, int | None] = (None, None)
    decision_area: DecisionArea | None = None


class ChromeLayer(Layer):
    """Draws the panels around the board; takes clicks on the rondel and the wheel over the log."""

    rank = Rank.CHROME

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.rondel_hover: int | None = None  # the rondel space pointed at (on the wheel or a choice's button)
        self.rondel_geometry: tuple[float, float, float, float] | None = None  # centre and radii, as drawn last
        self.table_tips: list[panels.TableTip] = []  # the table's self-explaining places, from its last drawing
        self.table_rows: dict[str, pygame.Rect] = {}  # each nation's row of the table, as drawn last
        self.track_tips: list[panels.TableTip] = []  # and the tracks'
        self.top_bar_tips: list[panels.TableTip] = []  # and the top bar's (the turn counter)
        self.buttons_left = scene.layout.size[0]  # where the top bar's buttons begin
        self._surface: pygame.Surface | None = None
        self._key: tuple | None = None
        self._status = ""
        self._lit: int | None = None  # the rondel space lit and the log's scroll, as drawn last
        self._scroll = 0
        self._drawing = ChromeDrawing()

    def invalidate(self) -> None:
        """Draw everything again at the next frame (a new language, new settings)."""
        self._key = None

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        rondel = scene.layout.rondel
        if event.type == pygame.MOUSEMOTION:
            space = None
            if self.rondel_geometry is not None and rondel.collidepoint(event.pos) and scene.human_decision() == "rondel":
                space = rondel_panel.rondel_space_at(event.pos, self.rondel_geometry, len(scene.session.state.board.rondel))
            # a choice's button pointed at keeps its space lit while the pointer is off the wheel
            kept = scene.decisions.panel is not None and self.rondel_hover is not None and space is None
            if not kept and space != self.rondel_hover and (space is not None or rondel.collidepoint(event.pos)):
                self.rondel_hover = space
                scene.dirty = True
            return False
        if event.type == pygame.MOUSEWHEEL and scene.layout.log.collidepoint(scene.board_layer.pointer):
            scene.log.scroll_by(3 * event.y)
            scene.dirty = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rondel_geometry is not None \
                and rondel.collidepoint(event.pos):
            kind = scene.human_decision()
            state = scene.session.state
            space = rondel_panel.rondel_space_at(event.pos, self.rondel_geometry, len(state.board.rondel))
            if space is not None and kind == DecisionKind.RONDEL:
                self._click_rondel(space)
            elif space is not None and kind is not None:  # a human decides something else now
                scene.show_message(refusals.rondel_refused(state, state.acting_nation(), space))
            return True
        return False

    def _click_rondel(self, space: int) -> None:
        state = self.scene.session.state
        nation = state.acting_nation()
        action = ChooseRondel(nation, space)  # type: ignore[arg-type]
        if state.is_legal(action):
            self.scene.act(action)
        else:
            self.scene.show_message(refusals.rondel_refused(state, nation, space))

    def rondel_tip_lines(self) -> list[str] | None:
        """A rondel space under the pointer, while a human chooses one: what its choice would bring
        (pointing at the wheel should teach more than its colour)."""
        panel = self.scene.decisions.panel
        if self.rondel_hover is None or panel is None or self.scene.human_decision() != "rondel":
            return None
        choice = next((c for c in panel.buttons.values() if c.rondel_space == self.rondel_hover), None)
        if choice is None:
            return None
        return panels.tip_lines(choice.label, choice.detail or choice.tip, self.scene.layout.scale)

    def lit_space(self) -> int | None:
        """The rondel space lit like a pointed one: pointed at, else the hint's, else the coach's lesson's."""
        hover = self.rondel_hover
        if hover is None:
            hover = self.scene.hints.rondel_space()
        if hover is None and self.scene.coach is not None:
            hover = self.scene.coach.rondel_space()
        return hover

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> ChromeDrawing:
        scene = self.scene
        session = scene.session
        state = session.state
        lay = scene.layout
        step = scene.presenter.current_step()
        status = _("thinking...") if session.computer_thinking() and step is None else ""
        if scene.computers_held and (step is not None or not (session.waits_for_local_input() or state.is_terminal())):
            status = _("paused")
        rondel_hl = None
        if scene.human_decision() == "rondel":
            rondel_hl = {a.space: LEGAL for a in state.legal_actions() if isinstance(a, ChooseRondel)}
        key = (session.version, lay.size, scene.hide_cash, len(scene.log.lines), bool(rondel_hl), id(step),
               scene.decisions.panel is None, scene.hot_seat.handover_to, scene.decisions.confirm_layer() is None)
        lit, scroll = self.lit_space(), scene.log.scroll
        if key != self._key or self._surface is None:
            self._draw_all(state, status, rondel_hl, step)
            self._key = key
            self._status = status
        else:  # only a part changed (pointing at the rondel or its choices, the log's wheel): that part alone
            if status != self._status:  # "thinking..." came or went
                self._draw_top_bar(self._surface, state, status, step)
                self._status = status
            if lit != self._lit:
                self._redraw_part(lay.rondel, lambda chrome: self._draw_rondel(chrome, state, rondel_hl, step))
            if scroll != self._scroll:
                self._redraw_part(lay.log, self._draw_log)
        self._lit, self._scroll = lit, scroll
        assert self._surface is not None
        for rect in (lay.top_bar, lay.tracks, lay.table, lay.side):
            surface.blit(self._surface, rect, rect)
        return self._drawing

    def _draw_all(self, state: GameState, status: str, rondel_hl: dict[int, RGB] | None, step: Step | None) -> None:
        """Top bar, tracks, table and side panels."""
        scene = self.scene
        session = scene.session
        lay = scene.layout
        s = lay.scale
        if self._surface is None or self._surface.get_size() != lay.size:
            self._surface = pygame.Surface(lay.size).convert() if pygame.display.get_surface() else pygame.Surface(lay.size)
        chrome = self._surface
        chrome.fill(WINDOW_BG)
        self._draw_top_bar(chrome, state, status, step)
        flash_nations = {step.nation} if step is not None and step.nation and step.kind in ("taxes", "power") else set()
        self.track_tips = []
        tracks_panel.draw_tracks(chrome, lay.tracks, state, s, flash_nations, self.track_tips)
        self._draw_rondel(chrome, state, rondel_hl, step)
        hidden = scene.hot_seat.cash_hidden_for(state) or None
        table_flash = {step.nation} if step is not None and step.nation and step.kind in ("invest", "government", "build", "interest") else set()
        current_player, current_nation = state.current_player(), None
        if step is not None and step.nation:  # a computer move being shown: its nation and player
            current_nation = step.nation
            current_player = step.player if step.player is not None else state.government.get(step.nation)
        elif session.awaiting_confirmation():  # the turn waiting for its confirmation, not the next one
            played = session.history[-1]
            current_player, current_nation = played.actor, played.before.acting_nation()
        self._drawing.table_current = (current_nation, current_player)
        self.table_tips = []
        self.table_rows = panels.draw_table(chrome, lay.table, state, s, hidden, table_flash, current_player,
                                            current_nation, self.table_tips,
                                            [session.computer_level(p) for p in range(len(session.seats))])
        self._drawing.decision_area = self._draw_decision_area(chrome, state, step)
        self._draw_log(chrome)

    def _redraw_part(self, rect: pygame.Rect, draw) -> None:
        """One panel drawn again alone, on the background, kept inside its rectangle."""
        chrome = self._surface
        assert chrome is not None
        clip = chrome.get_clip()
        chrome.set_clip(rect)
        chrome.fill(WINDOW_BG, rect)
        draw(chrome)
        chrome.set_clip(clip)

    def _draw_rondel(self, chrome: pygame.Surface, state: GameState, rondel_hl: dict[int, RGB] | None,
                     step: Step | None) -> None:
        rondel_flash = None
        if step is not None and step.kind == "rondel" and step.events:
            rondel_flash = step.events[0].data.get("to")
        self.rondel_geometry = rondel_panel.draw_rondel(chrome, self.scene.layout.rondel, state, self.scene.layout.scale,
                                                        rondel_hl, self.lit_space(), rondel_flash)

    def _draw_log(self, chrome: pygame.Surface) -> None:
        log = self.scene.log
        log.most_scroll = panels.draw_log(chrome, self.scene.layout.log, log.lines, self.scene.layout.scale, log.scroll)

    def _draw_top_bar(self, chrome: pygame.Surface, state: GameState, status: str, step: Step | None) -> None:
        scene = self.scene
        session = scene.session
        headline = nation = None
        if step is not None:  # a computer move being shown: its nation, not the one deciding now
            headline, nation = step.caption, step.nation
        elif session.awaiting_confirmation():  # the turn played, not the next one yet
            played = session.history[-1]
            headline = _("{player}: confirm your turn (Enter) or take it back (Undo)").format(
                player=state.setup.players[played.actor])
            nation = played.before.acting_nation()
        elif state.decision() is not None:
            headline, nation = decision_headline(state), state.decision().nation
        right = (scene.layout.size[0] - self.buttons_left + 8) if scene.manager else 12
        self.top_bar_tips = []
        panels.draw_top_bar(chrome, scene.layout.top_bar, state, scene.layout.scale, status, right_margin=right,
                            headline=headline, nation=nation, tips=self.top_bar_tips)
        self._drawing.top_bar = (nation, headline)

    def _draw_decision_area(self, surface: pygame.Surface, state: GameState, step: Step | None) -> DecisionArea | None:
        """Behind the decision panel; when no human decides here: what the computers are doing."""
        rect = self.scene.layout.decision
        decisions = self.scene.decisions
        if state.decision() is not None and step is None and (decisions.panel is not None
                                                              or decisions.confirm_layer() is not None):
            pygame.draw.rect(surface, (239, 232, 216), rect)
            return None
        return self.scene.presenter.draw_area(surface, rect, state, step)

    def redraw_rondel_names(self, surface: pygame.Surface) -> None:
        """The rondel's space names again, over marks drawn on the rondel after it (the coach's ring)."""
        if self.rondel_geometry is not None:
            rondel_panel.draw_rondel_names(surface, self.scene.session.state, self.rondel_geometry, self.scene.layout.scale)


__all__ = ["ChromeDrawing", "ChromeLayer"]
