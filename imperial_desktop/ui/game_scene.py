"""The game screen: the board and the panels, and every decision made with the mouse.

Reads the session's state to draw; every change goes through ``GameSession.apply`` with a
legal action of the core. Board gestures (drag a unit, click a city or a rondel space) are
turned into those actions with the helpers of ``ui.choices``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pygame
import pygame_gui

from imperial_desktop.core import (
    Action, BuildFactory, ChooseRondel, Event, GameState, IllegalActionError, ImportUnit, MoveArmy, event_text,
)
from imperial_desktop.session.controller import GameSession
from imperial_desktop.ui import panels
from imperial_desktop.ui.animation import Animator, Slide
from imperial_desktop.ui.board_geometry import BoardGeometry
from imperial_desktop.ui.board_view import BoardView, Piece, load_board_image
from imperial_desktop.ui.choices import (
    Choice, DecisionView, convoy_label, decision_view, default_production, move_actions, production_view, region_actions,
)
from imperial_desktop.ui.dialogs import ChoicePanel
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.layout import GameLayout, game_layout
from imperial_desktop.ui.palette import LEGAL, WINDOW_BG
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


@dataclass
class Drag:
    """A unit being dragged: where from, what it may do, where the pointer is."""

    piece: Piece
    actions: list[Action]
    destinations: set[str]
    pos: tuple[int, int]


class GameScene:
    """Shows a game and lets human seats play it with the mouse (and a few keys)."""

    def __init__(self, session: GameSession, size: tuple[int, int], manager: pygame_gui.UIManager | None = None,
                 *, seconds_per_move: float = 0.35):
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
        self.selected_region: str | None = None
        self.drag: Drag | None = None
        self.toast: tuple[str, float] | None = None
        self.animator = Animator(seconds_per_move)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.decision_panel: ChoicePanel | None = None
        self.production_selection: set[str] | None = None  # factories switched on in the production dialog
        self._production_for: int | None = None
        self.aux_panel: ChoicePanel | None = None
        self._panel_key: tuple | None = None
        self._chrome: pygame.Surface | None = None
        self._chrome_key: tuple | None = None
        self._rondel_geometry: tuple[float, float, float, float] | None = None
        self._tip: pygame.Surface | None = None
        self._tip_key: tuple | None = None
        self.handover_to: int | None = None  # hot seat: waiting for this player to take the mouse
        self._last_human: int | None = None
        self.results_open = False
        self.wants_results = False
        self.on_menu = None  # set by the app: back to the title screen
        self.saves_root = None  # folder for named saves (None: the user data folder)
        self.save_panel = None
        session.listeners.append(self._on_action)
        self._replay_log()
        self._make_buttons()

    # ------------------------------------------------------------------ log and animations

    def _replay_log(self) -> None:
        """Fill the log from the game record (a loaded game shows its history too)."""
        record = self.session.record
        if not record.actions:
            return
        state = GameState.new(record.setup)
        for action in record.actions:
            self._log_action(action, state.apply(action))

    def _on_action(self, action: Action, events: list[Event]) -> None:
        self._log_action(action, events)
        state = self.session.state
        for e in events:
            if e.type == "unit_moved":
                start = self.board.unit_anchor(state, e["origin"], e["nation"], e["unit"])
                end = self.board.unit_anchor(state, e["destination"], e["nation"], e["unit"])
                self.animator.add(Slide(e["nation"], e["unit"], e["destination"], start, end, self.animator.seconds_per_move))
            if e.type == "game_over":
                self.wants_results = True
            if e.type == "taxes":
                self.show_message(event_text(e, state.board, list(self.session.setup.players)), 4.0)

    def _log_action(self, action: Action, events: list[Event]) -> None:
        names = list(self.session.setup.players)
        board = self.session.state.board
        line = action.describe(board)
        for i, name in enumerate(names):  # actions say "Player 2"; the log uses the names
            line = line.replace(f"Player {i + 1} ", f"{name} ")
        self.log.append(line)
        restated = {"unit_moved", "rondel_moved", "donation"}  # the action's own line says it already
        restated |= {"import": {"unit_placed"}, "build_factory": {"factory_built"},
                     "invest": {"bond_bought", "bond_upgraded"}}.get(action.type, set())
        for e in events:
            if e.type in restated:
                continue
            self.log.append("  " + event_text(e, board, names))
        del self.log[:-300]

    def show_message(self, message: str, seconds: float = 3.5) -> None:
        self.toast = (message, time.monotonic() + seconds)

    # ------------------------------------------------------------------ widgets

    def _make_buttons(self) -> None:
        if self.manager is None:
            return
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        bar = self.layout.top_bar
        h = bar.h - 8
        specs = [("menu", "Menu", 70, "Back to the title screen (the game is kept: Continue resumes it)"),
                 ("save", "Save", 64, "Save this game under a name"),
                 ("fit", "Whole map", 104, "Show the whole board again (Home). Zoom: mouse wheel; pan: right-button drag"),
                 ("hide_cash", "Show cash" if self.hide_cash else "Hide cash", 96, "Hot seat: show only the deciding player's own cash (H)"),
                 ("undo", "Undo", 70, "Take back your last action (Ctrl+Z)"),
                 ("donate", "Donate", 80, "Give some of your own cash to a nation's treasury (allowed at any time)"),
                 ("results", "Scores", 76, "The score of every player now: interest x power factor + cash")]
        x = bar.right - 8
        for key, label, w, tip in specs:
            x -= w
            self.buttons[key] = pygame_gui.elements.UIButton(pygame.Rect(x, bar.y + 4, w, h), label, self.manager,
                                                             tool_tip_text=tip, object_id=f"#{key}_button")
            x -= 6
        self._panel_key = None

    def decision_rect(self, board_decision: bool) -> pygame.Rect:
        """Where decision panels appear: in the side panel, so the board stays free for dragging.

        Decisions made mostly on the board (rondel, factory, import, maneuver) take only the log's
        place; dialog decisions (investing, battles, ...) also cover the nations and players.
        """
        lay = self.layout
        top = lay.log.y if board_decision else lay.nations.y
        return pygame.Rect(lay.side.x + 2, top + 2, lay.side.w - 4, lay.side.bottom - top - 4)

    def _refresh_decision_panel(self) -> None:
        """Show the pending decision's choices when a human at this screen must decide."""
        if self.manager is None:
            return
        state = self.session.state
        human = self.session.human_to_move() and self.handover_to is None and not self.animator.busy
        key = (self.session.version, human, self.layout.size, self.results_open)
        if key == self._panel_key:
            return
        self._panel_key = key
        if self.decision_panel is not None:
            self.decision_panel.kill()
            self.decision_panel = None
        if not human or self.results_open:
            return
        if state.decision() is not None and state.decision().kind == "production":
            if self._production_for != self.session.version:
                self.production_selection = None
                self._production_for = self.session.version
            view = production_view(state, self.production_selection)
        else:
            view = decision_view(state)
        if view is None:
            return
        rect = self.decision_rect(view.board_actions)
        self.decision_panel = ChoicePanel(self.manager, rect, view)

    def _open_aux(self, title: str, prompt: str, choices: list[Choice]) -> None:
        if self.manager is None:
            return
        self._close_aux()
        b = self.layout.board
        rect = pygame.Rect(b.right - 430, b.y + 8, 420, min(b.h - 16, 140 + 34 * len(choices)))
        self.aux_panel = ChoicePanel(self.manager, rect.move(0, 0), DecisionView(title, prompt, choices),
                                     cancel="Cancel", object_id="#aux_panel")

    def _close_aux(self) -> None:
        if self.aux_panel is not None:
            self.aux_panel.kill()
            self.aux_panel = None

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> bool:
        """Apply a human's action through the session; an illegal one only shows a message."""
        try:
            self.session.apply(action)
        except IllegalActionError as exc:
            self.show_message(str(exc).split(";")[0])
            return False
        self._close_aux()
        return True

    def _human_decision(self) -> str | None:
        """The pending decision kind if a human at this screen may act now."""
        if self.handover_to is not None or not self.session.human_to_move() or self.animator.busy:
            return None
        d = self.session.state.decision()
        return None if d is None else d.kind

    # ------------------------------------------------------------------ events

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = game_layout(*size)
        self.board.set_rect(self.layout.board)
        if self.manager is not None:
            self.manager.set_window_resolution(size)
        self._make_buttons()
        self._close_aux()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._on_button(event.ui_element)
        elif event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            if self.panning:
                self.board.pan(*event.rel)
            if self.drag is not None:
                self.drag.pos = event.pos
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
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._left_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._left_up(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _on_button(self, element: object) -> None:
        if self.aux_panel is not None:
            if element is self.aux_panel.cancel_button:
                self._close_aux()
                return
            choice = self.aux_panel.choice_for(element)
            if choice is not None:
                if choice.action is not None:
                    self.act(choice.action)
                return
        if self.decision_panel is not None:
            choice = self.decision_panel.choice_for(element)
            if choice is not None and choice.toggle is not None:
                chosen = set(self.production_selection if self.production_selection is not None
                             else default_production(self.session.state))
                chosen ^= {choice.toggle}
                self.production_selection = chosen
                self._panel_key = None  # show the switch in its new position
                return
            if choice is not None and choice.action is not None:
                self.act(choice.action)
                return
        if element is self.buttons.get("fit"):
            self.board.fit()
        elif element is self.buttons.get("hide_cash"):
            self.toggle_hide_cash()
        elif element is self.buttons.get("undo"):
            self.undo()
        elif element is self.buttons.get("donate"):
            self.open_donation()
        elif element is self.buttons.get("results"):
            self.results_open = not self.results_open
        elif element is self.buttons.get("menu") and self.on_menu is not None:
            self.on_menu()
        elif element is self.buttons.get("save"):
            self.save_named()

    def save_named(self) -> None:
        """Save under a name made of the date and the players (the load screen lists it)."""
        from imperial_desktop.session.saves import SaveError, save_game

        names = ", ".join(self.session.setup.players)
        name = f"{time.strftime('%Y-%m-%d %H.%M')} {names}"[:60]
        try:
            path = save_game(self.session, name, self.saves_root)
        except (SaveError, OSError) as exc:
            self.show_message(f"Could not save: {exc}")
            return
        self.show_message(f"Saved as {path.stem}")

    def close(self) -> None:
        """Remove this screen's widgets (when the app switches to another screen)."""
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        if self.decision_panel is not None:
            self.decision_panel.kill()
            self.decision_panel = None
        self._close_aux()
        if self._on_action in self.session.listeners:
            self.session.listeners.remove(self._on_action)

    def toggle_hide_cash(self) -> None:
        self.hide_cash = not self.hide_cash
        if "hide_cash" in self.buttons:
            self.buttons["hide_cash"].set_text("Show cash" if self.hide_cash else "Hide cash")

    def undo(self) -> None:
        if self.session.undo():
            self.animator.clear()
            self.log.append("(undone)")
            self._close_aux()
        else:
            self.show_message("Nothing of yours to take back")

    def open_donation(self) -> None:
        """Donate 1, 2 or 5M (or all) of the deciding human's cash to a nation's treasury."""
        from imperial_desktop.core import Donate

        state = self.session.state
        player = state.current_player()
        if player is None or not self.session.seats[player].is_human:
            self.show_message("Donations are made by the player deciding now")
            return
        cash = state.cash[player]
        if cash <= 0:
            self.show_message("You have no cash to give")
            return
        choices = []
        for nation in state.board.nation_ids:
            for amount in sorted({1, 2, 5, cash} & set(range(1, cash + 1))):
                choices.append(Choice(f"{state.board.nation_by_id[nation].name}: give {amount}M", Donate(player, nation, amount),
                                      f"Treasury now {state.treasury[nation]}M; you keep {cash - amount}M.", group=nation))
        self._open_aux("Donation", f"{state.setup.players[player]} ({cash}M): give cash to a treasury. "
                       "It cannot be taken back by you later.", choices)

    def _key(self, event: pygame.event.Event) -> None:
        mods = getattr(event, "mod", 0)
        if event.key == pygame.K_HOME:
            self.board.fit()
        elif event.key == pygame.K_ESCAPE:
            if self.drag is not None:
                self.drag = None
            elif self.aux_panel is not None:
                self._close_aux()
            elif self.results_open:
                self.results_open = False
            else:
                self.selected_region = None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.handover_to is not None:
                self.handover_to = None
            elif self.decision_panel is not None and self.aux_panel is None:
                primary = self.decision_panel.primary()
                if primary is not None:
                    self.act(primary.action)
        elif event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_h:
            self.toggle_hide_cash()
        elif event.key == pygame.K_s:
            self.results_open = not self.results_open

    def _left_down(self, pos: tuple[int, int]) -> None:
        if self.handover_to is not None:
            self.handover_to = None
            return
        if self.results_open:
            self.results_open = False
            return
        kind = self._human_decision()
        if self._rondel_geometry is not None and self.layout.rondel.collidepoint(pos):
            space = panels.rondel_space_at(pos, self._rondel_geometry, len(self.session.state.board.rondel))
            if space is not None and kind == "rondel":
                self._click_rondel(space)
            return
        if not self.board.rect.collidepoint(pos):
            return
        state = self.session.state
        if kind == "maneuver":
            piece = self.board.piece_at(pos)
            if piece is not None and piece.nation == state.acting_nation():
                actions = move_actions(state, piece.region, piece.kind)
                if actions:
                    dests = {a.destination for a in actions}  # type: ignore[attr-defined]
                    self.drag = Drag(piece, actions, dests, pos)
                    return
                if piece.kind == "fleet" and state.maneuver_phase() == "armies":
                    self.show_message("Fleets move before armies: the fleet movement is over")
                elif piece.kind == "army" and state.maneuver_phase() == "fleets":
                    self.show_message("First move the fleets (or end the fleet movement), then the armies")
                else:
                    self.show_message("This unit has moved already or cannot move")
        region = self.board.region_at(pos)
        if region is None:
            return
        if kind is not None:
            actions = region_actions(state, region)
            if len(actions) == 1 and not isinstance(actions[0], MoveArmy):
                self.act(actions[0])
                return
            if len(actions) > 1:
                view = [Choice(_short(a, state), a, a.describe(state.board)) for a in actions]
                self._open_aux(state.board.regions[region].name, "What should happen here?", view)
                return
        self.selected_region = None if region == self.selected_region else region

    def _left_up(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        if drag is None:
            return
        self.drag = None
        state = self.session.state
        region = self.board.region_at(pos)
        if region is None or region == drag.piece.region:
            return  # dropped where it was: nothing happens
        matches = [a for a in drag.actions if a.destination == region]  # type: ignore[attr-defined]
        if not matches:
            unit = "fleet" if drag.piece.kind == "fleet" else "army"
            where = state.board.regions[region].name
            self.show_message(f"The {unit} in {state.board.regions[drag.piece.region].name} cannot reach {where} now")
            return
        if len(matches) == 1:
            self.act(matches[0])
            return
        choices = [Choice(convoy_label(state, a), a, "The fleets used here cannot carry another army this turn.")
                   for a in matches if isinstance(a, MoveArmy)]
        self._open_aux("Choose the route", f"The army can reach {state.board.regions[region].name} in several ways.", choices)

    def _click_rondel(self, space: int) -> None:
        state = self.session.state
        nation = state.acting_nation()
        action = ChooseRondel(nation, space)  # type: ignore[arg-type]
        if state.is_legal(action):
            self.act(action)
        else:
            name = state.board.rondel[space].name
            self.show_message(f"{state.board.name_of(nation)} cannot move to {name} now (too far, too expensive, or not allowed)")

    # ------------------------------------------------------------------ per frame

    def update(self, dt: float = 1 / 60) -> None:
        self.animator.update(dt)
        if not self.animator.busy and self.handover_to is None:
            self.session.poll()
        self._check_handover()
        if self.wants_results and not self.animator.busy:
            self.wants_results = False
            self.results_open = True
        self._refresh_decision_panel()
        if self.toast and time.monotonic() > self.toast[1]:
            self.toast = None

    def _check_handover(self) -> None:
        """Hot seat with hidden cash: the next human takes the mouse before seeing their options."""
        player = self.session.state.current_player()
        if player is None or not self.session.seats[player].is_human:
            return
        humans = sum(1 for s in self.session.seats if s.is_human)
        if humans > 1 and self.hide_cash and self._last_human is not None and player != self._last_human:
            self.handover_to = player
        self._last_human = player

    # ------------------------------------------------------------------ drawing

    def tooltip_lines(self) -> list[str] | None:
        region = self.hover_region or self.selected_region
        if region is None:
            return None
        return region_tooltip_lines(self.session.state, region)

    def highlights(self) -> dict[str, tuple[int, int, int]]:
        """Regions lit up: drag destinations, or the cities/provinces a click can use."""
        out: dict[str, tuple[int, int, int]] = {}
        if self.selected_region:
            out[self.selected_region] = (255, 214, 80)
        if self.drag is not None:
            for region in self.drag.destinations:
                out[region] = LEGAL
            return out
        kind = self._human_decision()
        if kind == "production":
            chosen = self.production_selection
            for city in (chosen if chosen is not None else default_production(self.session.state)):
                out[city] = LEGAL
        if kind in ("factory", "import"):
            for a in self.session.state.legal_actions():
                if isinstance(a, BuildFactory) and a.city:
                    out[a.city] = LEGAL
                elif isinstance(a, ImportUnit):
                    out[a.region] = LEGAL
        return out

    def draw(self, surface: pygame.Surface) -> None:
        state = self.session.state
        lay = self.layout
        status = "thinking..." if self.session.computer_thinking() else ""
        rondel_hl = None
        if self._human_decision() == "rondel":
            rondel_hl = {a.space: LEGAL for a in state.legal_actions() if isinstance(a, ChooseRondel)}
        key = (self.session.version, lay.size, self.hide_cash, status, len(self.log), bool(rondel_hl))
        if key != self._chrome_key or self._chrome is None:
            self._draw_chrome(state, status, rondel_hl)
            self._chrome_key = key
        assert self._chrome is not None
        for rect in (lay.top_bar, lay.tracks, lay.side):
            surface.blit(self._chrome, rect, rect)
        hidden = self.animator.hidden()
        if self.drag is not None:
            hidden = hidden + ((self.drag.piece.region, self.drag.piece.nation, self.drag.piece.kind),)
        self.board.draw(surface, state, version=self.session.version, hover=self.hover_region,
                        highlights=self.highlights(), hidden=hidden)
        self._draw_moving(surface, state)
        if self.results_open:
            from imperial_desktop.ui.results import draw_results

            draw_results(surface, lay.board.inflate(-30, -30), state, lay.scale)
        elif (lines := self.tooltip_lines()) and not self.panning and self.drag is None:
            tip_key = (self.hover_region or self.selected_region, self.session.version, lay.scale)
            if tip_key != self._tip_key:
                self._tip = tooltip_surface(lines, lay.scale)
                self._tip_key = tip_key
            assert self._tip is not None
            surface.blit(self._tip, place_tooltip(self._tip.get_size(), self.hover_pos, surface.get_size()))
        self._draw_toast(surface)
        if self.handover_to is not None:
            self._draw_handover(surface)

    def _draw_moving(self, surface: pygame.Surface, state: GameState) -> None:
        size = self.board.token_size()
        slide = self.animator.current()
        if slide is not None:
            piece = Piece(slide.region, slide.nation, slide.kind, 1)
            sprite = self.board.sprite_for(piece, size, state)
            x, y = self.board.board_to_screen(slide.position())
            clip = surface.get_clip()
            surface.set_clip(self.board.rect)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
            surface.set_clip(clip)
        if self.drag is not None:
            sprite = self.board.sprite_for(self.drag.piece, size + 4, state)
            ghost = sprite.copy()
            ghost.set_alpha(210)
            surface.blit(ghost, ghost.get_rect(center=self.drag.pos))

    def _draw_toast(self, surface: pygame.Surface) -> None:
        if not self.toast:
            return
        img = font(round(15 * self.layout.scale), "bold").render(self.toast[0], True, (255, 255, 255))
        rect = img.get_rect(midtop=(self.layout.board.centerx, self.layout.board.y + 12)).inflate(24, 12)
        pygame.draw.rect(surface, (120, 40, 30), rect, border_radius=8)
        pygame.draw.rect(surface, (250, 220, 200), rect, 1, border_radius=8)
        surface.blit(img, img.get_rect(center=rect.center))

    def _draw_handover(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((20, 16, 12, 225))
        surface.blit(veil, (0, 0))
        name = self.session.setup.players[self.handover_to] if self.handover_to is not None else ""
        panels.text(surface, f"{name}, it is your turn", (surface.get_width() / 2, surface.get_height() / 2 - 20),
                    round(30 * self.layout.scale), (250, 240, 220), "bold", "center")
        panels.text(surface, "Click or press Enter when the others are not looking.",
                    (surface.get_width() / 2, surface.get_height() / 2 + 24), round(16 * self.layout.scale), (220, 210, 190), "regular", "center")

    def _draw_chrome(self, state: GameState, status: str, rondel_hl: dict[int, tuple[int, int, int]] | None) -> None:
        """Top bar, tracks and side panels: re-drawn only when the state changes."""
        lay = self.layout
        s = lay.scale
        if self._chrome is None or self._chrome.get_size() != lay.size:
            self._chrome = pygame.Surface(lay.size).convert() if pygame.display.get_surface() else pygame.Surface(lay.size)
        chrome = self._chrome
        chrome.fill(WINDOW_BG)
        panels.draw_top_bar(chrome, lay.top_bar, state, s, status, right_margin=620 if self.manager else 12)
        panels.draw_tracks(chrome, lay.tracks, state, s)
        self._rondel_geometry = panels.draw_rondel(chrome, lay.rondel, state, s, rondel_hl)
        panels.draw_nations(chrome, lay.nations, state, s)
        hidden = None
        if self.hide_cash:  # hot seat: only the player deciding now sees their own cash
            current = state.current_player()
            show = current if current is not None and self.session.seats[current].is_human else None
            hidden = {p for p in range(state.num_players) if p != show}
        panels.draw_players(chrome, lay.players, state, s, hidden)
        panels.draw_log(chrome, lay.log, self.log, s)


def _short(action: Action, state: GameState) -> str:
    text = action.describe(state.board)
    nation = state.board.nation_by_id.get(getattr(action, "nation", ""), None)
    if nation is not None and text.startswith(nation.name + ": "):
        text = text[len(nation.name) + 2:]
    return text[0].upper() + text[1:]

