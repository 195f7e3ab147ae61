"""The game screen: the board and the panels, and every decision made with the mouse.

Reads the session's state to draw; every change goes through ``GameSession.apply`` with a
legal action of the core. Board gestures (drag a unit, click a city or a rondel space) are
turned into those actions with the helpers of ``ui.choices``. Computer actions are shown step
by step at the chosen pace (``ui.animation``); the next computer action waits until the last
one has been shown. While a menu, dialog, the rules or the settings are open over the game, the
computers wait and the computer turn being shown stands still (``holds_computers``).
"""

from __future__ import annotations

import concurrent.futures
import threading
import time
from dataclasses import dataclass
from typing import Callable

import pygame
import pygame_gui

from imperial_desktop.ai.expert import BUDGET_SECONDS as EXPERT_SECONDS
from imperial_desktop.core import (
    Action, BuildFactory, ChooseRondel, Donate, EndPhase, Event, GameState, IllegalActionError, ImportUnit, MoveArmy,
    event_text,
)
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.turn_steps import visible_steps
from imperial_desktop.session.turn_summary import SummaryTracker
from imperial_desktop import i18n
from imperial_desktop.i18n import N_, _, ngettext
from imperial_desktop.ui import panels, refusals, rondel_panel, tracks_panel
from imperial_desktop.ui.placement import point_rects, quietest_corner
from imperial_desktop.ui.animation import Animator, Slide
from imperial_desktop.ui.board_geometry import BoardGeometry
from imperial_desktop.ui.board_view import BoardView, Piece, load_board_image
from imperial_desktop.ui.choices import (
    Choice, DecisionView, convoy_label, decision_headline, decision_view, default_production, import_choice, move_actions,
    production_view, region_actions, unmoved_units,
)
from imperial_desktop.ui.confirm_turn import ConfirmTurnPanel
from imperial_desktop.ui.dialogs import ChoicePanel, escape, fitted_button
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.localized import format_money as money
from imperial_desktop.ui.movable import movable_origins, moving_kind
from imperial_desktop.ui.results import ScoreSheet, draw_final_standings, draw_results
from imperial_desktop.ui.summary_overlay import SummaryOverlay
from imperial_desktop.ui.layout import GameLayout, game_layout
from imperial_desktop.ui.palette import HOVER, ILLEGAL, LEGAL, PANEL_MUTED, PANEL_TEXT, QUESTION, WINDOW_BG
from imperial_desktop.ui.rules_topics import topic_for_decision
from imperial_desktop.ui.tooltip import place_tooltip, region_tooltip_lines, tooltip_surface

_GEOMETRY: BoardGeometry | None = None
_IMAGE: pygame.Surface | None = None

STEP_RING = (255, 214, 80)
TOAST_REFUSAL = (120, 40, 30)  # a message that something was refused or went wrong
TOAST_INFO = (40, 62, 88)  # a message that is only news
# Computer steps that belong to an investor's (or the Swiss Bank's) decision, not to a nation's
# turn, and steps that only follow from the one before (they never start a new list).
INVESTOR_STEP_KINDS = frozenset({"investor_bonus", "invest"})
FOLLOW_UP_STEP_KINDS = frozenset({"card", "government", "swiss", "power", "game_over"})
HANDOVER_ECHO_SECONDS = 0.5  # a double click's time: its second click does not reach the board
HINT_SECONDS = EXPERT_SECONDS  # a hint is the Expert's own choice at its standard thinking time
# the first move white, the others dark blue: the light blue they had vanished on the seas and
# coasts (contrast 1.05-1.3; dark blue has 5.4-7.7 there and at least 1.8 on every land)
HINT_COLOURS = ((255, 255, 255), (20, 40, 160), (20, 40, 160))
_HINT_POOL: concurrent.futures.ThreadPoolExecutor | None = None
KEYS_HELP = N_("Keys: Enter confirm · Esc menu · Ctrl+Z undo · F1 rules · L legend · R what happened · S scores · "
             "H hint · Space skip animation · Home whole map")


_ASSETS_LOCK = threading.Lock()
_IMAGE_CONVERTED = False


def board_assets(convert: bool = True) -> tuple[BoardGeometry, pygame.Surface]:
    """Board geometry and the static map image (loaded once per process; ``convert`` to the
    display's pixel format, which only the main thread does)."""
    global _GEOMETRY, _IMAGE, _IMAGE_CONVERTED
    with _ASSETS_LOCK:
        if _GEOMETRY is None or _IMAGE is None:
            _GEOMETRY = BoardGeometry.load()
            _IMAGE = load_board_image(_GEOMETRY)
            _IMAGE_CONVERTED = False
        if convert and not _IMAGE_CONVERTED and pygame.display.get_surface() is not None:
            _IMAGE = _IMAGE.convert()  # once: every board view shares this copy (15 MB)
            _IMAGE_CONVERTED = True
        return _GEOMETRY, _IMAGE


def warm_up() -> None:
    """Load the board, its geometry and its hit-tester ahead of the first game (the app runs this
    in a background thread at start, so starting a game does not stall a frame)."""
    from imperial_desktop.ui.board_view import hit_tester

    geometry, _hit = board_assets(convert=False)
    hit_tester(geometry)


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
                 *, seconds_per_move: float = 0.5):
        self.session = session
        self.manager = manager
        geometry, image = board_assets()
        self.layout: GameLayout = game_layout(*size)
        self.board = BoardView(geometry, image, self.layout.board)
        self.hover_region: str | None = None
        self.hover_pos: tuple[int, int] = (0, 0)
        self.panning = False
        self.log: list[str] = []
        self.log_waiting: list[str] = []  # lines of the computer action being shown, logged when it ends
        self.log_scroll = 0
        self._log_most = 0
        self.hide_cash = False
        self.thinking_shown = ""  # the line saying what a computer thinks about (tests)
        self._handover_gone: tuple[float, str] | None = None  # when and how the hand-over screen was taken away
        self.selected_region: str | None = None  # clicked: its facts stay shown until the nation turn ends
        self.selected_in_turn = 0
        self.drag: Drag | None = None
        self.toast: tuple[str, float, bool] | None = None  # text, when it goes, whether it is only news
        self.toast_rect: pygame.Rect | None = None  # where the toast was drawn last
        self.legend_drawn: tuple[pygame.Rect, list[pygame.Rect]] | None = None  # the open legend: area and texts
        self.animator = Animator(seconds_per_move)
        self.turn_steps: list[str] = []  # captions of the computer turn being shown, up to the current one
        self.turn_title = ""
        self.turn_step_lines: list[tuple[str, bool]] = []  # the step lines drawn last (tests)
        self.decision_area_shown: tuple[str, list[str]] = ("", [])  # heading and step captions drawn last
        self.top_bar_shown: tuple[str | None, str | None] = (None, None)  # the disc's nation and headline drawn last
        self.table_current_shown: tuple[str | None, int | None] = (None, None)  # the table's marked row (if not the state's) and column
        self._turn_key: tuple[str, object] = ("", None)  # whose turn the listed steps belong to
        self._noted = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.decision_panel: ChoicePanel | None = None
        self.turn_panel: ConfirmTurnPanel | None = None  # where the decision panel is while a turn waits for "Confirm turn"
        self._turn_confirmed_at = float("-inf")  # when a turn was confirmed (its click or Enter does not pass the hand-over)
        self._turn_panel_at = float("-inf")  # when the Confirm turn panel appeared (a click within a double click's time is dropped)
        self.production_selection: set[str] | None = None  # factories switched on in the production dialog
        self._production_for: int | None = None
        self.aux_panel: ChoicePanel | None = None
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self._confirm_action: Callable[[], None] | None = None
        self.menu_window = None
        self.side_window = None  # the save dialog or the rules window
        self.settings_window = None  # the settings over the game (ui.game_settings), from the game menu
        self.computers_held = False  # this frame: a window over the game holds the computers (holds_computers)
        self.app = None  # the App showing this screen, for the settings (see _app)
        self._panel_key: tuple | None = None
        self._chrome: pygame.Surface | None = None
        self._chrome_key: tuple | None = None
        self._bar_status = ""
        self._buttons_left = size[0]
        self._rondel_geometry: tuple[float, float, float, float] | None = None
        self.rondel_hover: int | None = None
        self.choice_regions: tuple[str, ...] = ()
        self.movable_shown: dict[str, int] = {}  # regions whose pieces the board ringed last as able to move (tests)
        self._movable: tuple[int | None, dict[str, int]] = (None, {})  # (state version, its movable origins)
        self._tip: pygame.Surface | None = None
        self._tip_key: tuple | None = None
        self.table_tips: list[panels.TableTip] = []  # the table's self-explaining places, from its last drawing
        self.track_tips: list[panels.TableTip] = []  # and the tracks'
        self.top_bar_tips: list[panels.TableTip] = []  # and the top bar's (the turn counter)
        self.region_tip_rect: pygame.Rect | None = None  # where the region's tooltip was drawn last (tests)
        self.table_tip_shown: list[str] | None = None  # the lines of the table's or tracks' tooltip drawn last (tests)
        self.score_sheet: ScoreSheet | None = None  # what the score sheet drew last (tests)
        self.hint_footer_shown = ""  # the hint box's last line, as drawn last (tests)
        self.hint_lines_shown: list[str] = []  # all its lines
        self.hint_rect: pygame.Rect | None = None  # where its box was drawn last (tests)
        self.drop_tag_shown: tuple[str, bool] | None = None  # the region name under a dragged unit (tests)
        self._table_tip: tuple[tuple, pygame.Surface] | None = None
        self.handover_to: int | None = None  # hot seat: waiting for this player to take the mouse
        self.handover_decision = ""  # the decision the hand-over screen named last (tests)
        self._last_human: int | None = None
        self.overlay: str | None = None  # "results", "legend", "summary" or None
        self.wants_results = False
        self.on_menu: Callable[[], None] | None = None  # set by the app: back to the title screen
        self.on_rules: Callable[[], None] | None = None
        self.saves_root = None  # folder for named saves (None: the user data folder)
        self.summary = _make_summary(session)
        self.summary_overlay = SummaryOverlay(self.summary)
        self.hint: list | None = None  # the Expert's advice for the decision of now (a list of Advice)
        self.hint_seconds = HINT_SECONDS
        self.hint_in_process = False  # the app sets it (tests keep the quicker thread)
        self.coach = None  # the guided game's coach panel (ui.coach.CoachPanel), set by the app
        self._hint_job: tuple[int, "concurrent.futures.Future"] | None = None
        self._summary_shown_for: int | None = None
        self._dirty = True
        self._hint_version = session.version
        session.listeners.append(self._on_action)
        session.on_change.append(self._on_change)
        self._replay_log()
        self._make_buttons()

    # ------------------------------------------------------------------ compatibility with older callers

    @property
    def results_open(self) -> bool:
        return self.overlay == "results"

    @results_open.setter
    def results_open(self, value: bool) -> None:
        self.overlay = "results" if value else (None if self.overlay == "results" else self.overlay)

    # ------------------------------------------------------------------ log and animations

    def _replay_log(self) -> None:
        """Fill the log from the game record (a loaded game shows its history too)."""
        record = self.session.record
        if not record.actions:
            return
        try:
            state = GameState.new(record.setup)
            for action in record.actions:
                self._log_action(action, state.apply(action))
        except Exception:  # noqa: BLE001 - a log that cannot be rebuilt is not worth a crash
            self.log.append(_("(the earlier log could not be rebuilt)"))

    def _on_action(self, action: Action, events: list[Event]) -> None:
        self._flush_log()
        state = self.session.state
        actor = self.session.history[-1].actor if self.session.history else None
        computer = actor is not None and not self.session.seats[actor].is_human and not isinstance(action, Donate)
        # a computer action shown step by step reaches the log when its showing ends, not before
        # the board has shown it (the log said "France's turn" while Italy's taxes were still shown)
        shown_later = computer and self.animator.seconds_per_step > 0
        self._log_action(action, events, self.log_waiting if shown_later else self.log)
        self.log_scroll = 0
        self._dirty = True
        names = list(self.session.setup.players)
        for step in visible_steps(action, events, state.board, names):
            slide = None
            if step.kind == "move" and step.events:
                e = step.events[0]
                start = self.board.unit_anchor(state, e["origin"], e["nation"], e["unit"])
                end = self.board.unit_anchor(state, e["destination"], e["nation"], e["unit"])
                slide = Slide(e["nation"], e["unit"], e["destination"], start, end)
            if computer:
                if self.animator.seconds_per_step <= 0:
                    self._note_step(step)  # shown at once: listed at once
                self.animator.add(step, slide)
        for e in events:
            if e.type == "game_over":
                self.wants_results = True
            if e.type == "taxes" and not computer and not any(x.type == "game_over" for x in events):
                self.show_message(event_text(e, state.board, names), 4.0, info=True)

    def _note_step(self, step) -> None:
        """List a computer step in the decision area as it begins to show; a new turn (another
        nation's, or an investor's or the Swiss Bank's decision) starts a new list and heading."""
        key = self._step_turn_key(step)
        if step.kind == "rondel" or key != self._turn_key:
            self.turn_steps = []
            self._turn_key = key
            self.turn_title = self._turn_heading(key, step.kind)
        self.turn_steps.append(step.caption)
        del self.turn_steps[:-30]

    def _step_turn_key(self, step) -> tuple[str, object]:
        """Whose turn a shown step belongs to: ("nation", id) or ("investor", player)."""
        if step.kind in INVESTOR_STEP_KINDS and step.player is not None:
            return ("investor", step.player)
        if step.kind in FOLLOW_UP_STEP_KINDS or not step.nation:
            return self._turn_key  # the investor card moving on, a new government: the same list
        return ("nation", step.nation)

    def _state_turn_key(self, state: GameState) -> tuple[str, object]:
        """Whose turn the decision now waiting belongs to (the same keys as ``_step_turn_key``)."""
        decision = state.decision()
        if decision is not None and decision.kind in ("invest", "swiss_force"):
            return ("investor", decision.player)
        nation = state.acting_nation()
        return ("nation", nation) if nation else ("player", state.current_player())

    def _turn_heading(self, key: tuple[str, object], kind: str = "") -> str:
        """The decision area's heading for a computer's turn, investor or Swiss Bank decision."""
        names = self.session.setup.players
        state = self.session.state
        what, who = key
        if what == "investor":
            player = names[who] if isinstance(who, int) and 0 <= who < len(names) else ""
            if kind == "swiss_force":
                return _("Swiss Bank: {player}").format(player=player)
            return _("Investor: {player}").format(player=player)
        if what == "nation" and who:
            gov = state.government.get(who)
            name = state.board.name_of(who)
            turn = _("{nation} ({player})").format(nation=name, player=names[gov]) if gov is not None else name
            if gov is not None and self.session.seats[gov].is_human:  # e.g. its move forced by a Swiss Bank
                return _("Turn of {turn}").format(turn=turn)
            return _("Computer turn: {turn}").format(turn=turn)
        return _("What the computers did")

    def _on_change(self, kind: str) -> None:
        self._dirty = True

    def _flush_log(self) -> None:
        """Move the lines of a computer action that has been shown into the log."""
        if self.log_waiting:
            self.log.extend(self.log_waiting)
            self.log_waiting.clear()
            del self.log[:-400]
            self.log_scroll = 0
            self._dirty = True

    def _log_action(self, action: Action, events: list[Event], into: list[str] | None = None) -> None:
        """The action's line and its events' lines, into ``into`` (the log unless told)."""
        into = self.log if into is None else into
        names = list(self.session.setup.players)
        board = self.session.state.board
        line = action.describe(board)
        for i, name in enumerate(names):  # actions say "Player 2"; the log uses the names
            line = line.replace(f"Player {i + 1} ", f"{name} ")
            line = line.replace(_("Player {number}").format(number=i + 1) + " ", f"{name} ")
        into.append(line)
        restated = {"unit_moved", "rondel_moved", "donation"}  # the action's own line says it already
        restated |= {"import": {"unit_placed"}, "build_factory": {"factory_built"},
                     "invest": {"bond_bought", "bond_upgraded"}, "army_status": {"army_status"}}.get(action.type, set())
        for e in events:
            if e.type in restated or e.type == "phase":
                continue
            into.append("  " + event_text(e, board, names))
        del self.log[:-400]

    def show_message(self, message: str, seconds: float = 3.5, info: bool = False) -> None:
        """A message over the board for a few seconds: in red when something was refused or went
        wrong, in slate blue when it is only news (``info``: taxes collected, a game saved)."""
        self.toast = (message, time.monotonic() + seconds, info)
        self._dirty = True

    # ------------------------------------------------------------------ widgets

    def _make_buttons(self) -> None:
        if self.manager is None:
            return
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        bar = self.layout.top_bar
        h = bar.h - 8
        specs = [("menu", _("Menu"), _("The game menu: save, rules, back to the title screen (Esc)")),
                 ("hint", _("Hint"), _("What the strongest computer level would do now, with two alternatives and why "
                                       "(H); it never plays for you")),
                 ("save", _("Save"), _("Save this game under a name of your choice")),
                 ("rules", _("Rules"), _("The rules in brief, with every option explained (F1)")),
                 ("legend", _("Legend"), _("What every piece, mark and colour on the board means (L)")),
                 ("summary", _("What happened"), _("What each nation did since your last turn (R)")),
                 ("hide_cash", _("Cash: hidden"), _("Hot seat: show only the deciding player's own cash")),
                 ("undo", _("Undo"), _("Take back your last action (Ctrl+Z); a confirmed turn and the computers' moves "
                                       "stay")),
                 ("donate", _("Donate"), _("Give some of your own cash to a nation's treasury (allowed at any time)")),
                 ("results", _("Scores"), _("The score of every player now: interest x power factor + cash (S)"))]
        measure = font(13, "bold")
        x = bar.right - 6
        if self._humans() < 2:  # hiding cash is for players sharing one screen (alone it is clutter)
            specs = [spec for spec in specs if spec[0] != "hide_cash"]
        for key, label, tip in specs:
            w = measure.size(label)[0] + 14
            if key == "hide_cash":
                w = max(w, measure.size(_("Cash: shown"))[0] + 14)
                label = self._cash_label()
            x -= w
            self.buttons[key] = fitted_button(pygame.Rect(x, bar.y + 4, w, h), label, self.manager, tip=tip,
                                              object_id=f"#{key}_button")
            x -= 4
        self._buttons_left = x
        self._panel_key = None
        self._sync_buttons()

    def _cash_label(self) -> str:
        return _("Cash: hidden") if self.hide_cash else _("Cash: shown")

    def _sync_buttons(self) -> None:
        """Button states that follow the game: Undo only when something can be undone, the cash
        button telling the truth."""
        undo = self.buttons.get("undo")
        if undo is not None:
            can = self.session.can_undo() and not self.animator.busy
            if can and not undo.is_enabled:
                undo.enable()
            elif not can and undo.is_enabled:
                undo.disable()
        state = self.session.state
        over = state.is_terminal()
        player = state.current_player()
        giver = player is not None and self.session.seats[player].is_human  # who may donate now
        giver = giver and not self.session.awaiting_confirmation()  # not the next player before the turn is confirmed
        for key, off in (("hint", over), ("donate", over or not giver)):  # nothing to advise or give then
            button = self.buttons.get(key)
            if button is not None and button.is_enabled == off:
                button.disable() if off else button.enable()
        cash = self.buttons.get("hide_cash")
        if cash is not None and cash.text != self._cash_label():
            cash.set_text(self._cash_label())

    def _refresh_decision_panel(self) -> None:
        """Show the pending decision's choices when a human at this screen must decide."""
        if self.manager is None:
            return
        state = self.session.state
        waiting = self.session.awaiting_confirmation() and not self.animator.busy
        human = self.session.human_to_move() and self.handover_to is None and not self.animator.busy
        key = (self.session.version, human, self.layout.size, self.production_selection_key(), waiting)
        if key == self._panel_key:
            return
        self._panel_key = key
        self._dirty = True
        if self.decision_panel is not None:
            self.decision_panel.kill()
            self.decision_panel = None
            self.rondel_hover = None
            self.choice_regions = ()
        if self.turn_panel is not None:
            self.turn_panel.kill()
            self.turn_panel = None
        if waiting:  # the turn is played: confirmed, or taken back with Undo
            self.turn_panel = ConfirmTurnPanel(self.manager, self.layout.decision.inflate(-4, -4), state,
                                               self.session.unconfirmed_actions(), scale=self.layout.scale)
            self._turn_panel_at = time.monotonic()
            return
        if not human:
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
        self.decision_panel = ChoicePanel(self.manager, self.layout.decision.inflate(-4, -4), view,
                                          scale=self.layout.scale, on_hover=self._choice_hovered,
                                          help_topic=topic_for_decision(state.decision()))

    def production_selection_key(self) -> tuple[str, ...] | None:
        return None if self.production_selection is None else tuple(sorted(self.production_selection))

    def _choice_hovered(self, choice: Choice | None) -> None:
        self.rondel_hover = None if choice is None else choice.rondel_space
        self.choice_regions = () if choice is None else choice.regions
        self._dirty = True

    def _open_aux(self, title: str, prompt: str, choices: list[Choice], help_topic: str | None = None,
                  about: tuple[str, ...] = ()) -> None:
        """A small panel over a corner of the board (route, what to do in a region, donation): the
        top-right one unless another hides less of the regions it is ``about`` and of the
        nation's units (an import question must not stand over the army just imported)."""
        if self.manager is None:
            return
        self._close_aux()
        b = self.layout.board
        w = min(440, b.w - 20)
        size = (w, min(b.h - 16, 150 + 32 * len(choices)))
        state = self.session.state
        nation = state.acting_nation()
        units = [r for r in state.board.regions if nation is not None
                 and (state.armies[nation].get(r) or state.fleets[nation].get(r))]
        keep_clear = [point_rects([self._region_point(r) for r in about]),
                      point_rects([self._region_point(r) for r in units])]
        rect = quietest_corner(size, b.inflate(-20, -16), keep_clear, ("topright", "topleft", "bottomright", "bottomleft"))
        self.aux_panel = ChoicePanel(self.manager, rect, DecisionView(title, prompt, choices), cancel=_("Cancel"),
                                     object_id="#aux_panel", scale=self.layout.scale,
                                     help_topic=help_topic or topic_for_decision(self.session.state.decision()))
        self._dirty = True

    def _close_aux(self) -> None:
        if self.aux_panel is not None:
            self.aux_panel.kill()
            self.aux_panel = None
            self._dirty = True

    def ask(self, title: str, question: str, confirm: str, on_yes: Callable[[], None]) -> None:
        """A safeguard: pygame-gui's confirmation dialog; ``on_yes`` runs only if confirmed."""
        if self.manager is None:
            on_yes()
            return
        self._close_confirm()
        w, h = 440, 220
        rect = pygame.Rect((self.layout.size[0] - w) // 2, (self.layout.size[1] - h) // 2, w, h)
        self.confirm = pygame_gui.windows.UIConfirmationDialog(rect, escape(question), self.manager,
                                                               window_title=title, action_short_name=confirm,
                                                               blocking=True)
        self._confirm_action = on_yes

    def _close_confirm(self) -> None:
        if self.confirm is not None:
            self.confirm.kill()
        self.confirm = None
        self._confirm_action = None

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> bool:
        """Apply a human's action through the session; an illegal one only shows a message."""
        if self.session.state.decision() is None or not self.session.state.is_legal(action):
            self.show_message(_("That choice is no longer possible"))
            self._panel_key = None
            return False
        try:
            self.session.apply(action)
        except IllegalActionError as exc:
            self.show_message(str(exc).split(";")[0])
            return False
        self._close_aux()
        self.overlay = None if self.overlay == "summary" else self.overlay
        if self.toast is not None and not self.toast[2]:  # a refusal is answered by a move that worked
            self.toast = None
        return True

    def act_checked(self, action: Action) -> None:
        """Act, but ask first where a click could lose something (ending a maneuver early)."""
        state = self.session.state
        if isinstance(action, EndPhase) and state.decision() is not None and state.decision().kind == "maneuver":
            waiting = unmoved_units(state)
            if waiting:
                nation = state.board.name_of(state.acting_nation())
                if state.maneuver_phase() == "fleets":
                    question = ngettext("{count} fleet of {nation} can still move. End the fleet movement anyway?",
                                        "{count} fleets of {nation} can still move. End the fleet movement anyway?", waiting)
                else:
                    question = ngettext("{count} army of {nation} can still move. End the army movement anyway?",
                                        "{count} armies of {nation} can still move. End the army movement anyway?", waiting)
                self.ask(_("End the movement?"), question.format(count=waiting, nation=nation), _("End movement"),
                         lambda: self.act(action))
                return
        self.act(action)

    def _human_decision(self) -> str | None:
        """The pending decision kind if a human at this screen may act now."""
        if self.handover_to is not None or not self.session.human_to_move() or self.animator.busy:
            return None
        if self.session.awaiting_confirmation():  # the next player's decision, before the turn is confirmed
            return None
        d = self.session.state.decision()
        return None if d is None else d.kind

    # ------------------------------------------------------------------ events

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = game_layout(*size)
        self.board.set_rect(self.layout.board)
        self._make_buttons()
        self._close_aux()
        self._dirty = True
        # windows over the game stay whole and centred in the new size
        if self.side_window is not None and hasattr(self.side_window, "resize"):
            self.side_window.resize(size)
        for window in (getattr(self.side_window, "window", None), getattr(self.menu_window, "window", None), self.confirm,
                       getattr(getattr(self.side_window, "question", None), "window", None)):
            if window is not None and window.alive():
                r = window.get_abs_rect()
                window.set_position(((size[0] - r.w) // 2, (size[1] - r.h) // 2))

    def covers_widgets(self) -> bool:
        """Whether the whole screen is covered (the hot-seat handover): no widget is drawn then."""
        return self.handover_to is not None

    def modal_input(self, event: pygame.event.Event) -> bool:
        """Input the scene takes before any widget: the hot-seat handover screen takes all of it,
        and for a moment after it went the repeat of what took it away (a double click or a double
        Enter played a move before the next player had seen the board: session 18's crash hunt)."""
        if self.handover_to is None:
            return self._handover_echo(event)
        confirming = time.monotonic() - self._turn_confirmed_at < HANDOVER_ECHO_SECONDS  # a double click on Confirm turn
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and not confirming:
            key = getattr(event, "key", None)
            # not Space: it also skips a computer turn being shown, and pressed for that it took
            # the hand-over screen away before the next player sat down
            if event.type == pygame.MOUSEBUTTONDOWN or key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.handover_to = None
                self._panel_key = None
                self._dirty = True
                self._handover_gone = (time.monotonic(), "mouse" if event.type == pygame.MOUSEBUTTONDOWN else "enter")
        return event.type not in (pygame.QUIT, pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)

    def _handover_echo(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` repeats, at once, the click or Enter that took the hand-over screen away
        (within a double click's time, nothing else pressed between): it is dropped."""
        if self._handover_gone is None or event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                                             pygame.KEYDOWN):
            return False
        when, how = self._handover_gone
        enter = event.type == pygame.KEYDOWN and getattr(event, "key", None) in (pygame.K_RETURN, pygame.K_KP_ENTER)
        echo = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) if how == "mouse" else enter
        if not echo or time.monotonic() - when > HANDOVER_ECHO_SECONDS:
            self._handover_gone = None  # other input, or later: the player is at the board
            return False
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type not in (pygame.MOUSEMOTION,):
            self._dirty = True
        if self.settings_window is not None:  # open over the game: it takes the input
            if event.type == pygame.VIDEORESIZE:
                self.resize((event.w, event.h))
            self.settings_window.handle_event(event)
            return
        if self.coach is not None and self.coach.handle_event(event, self):
            return  # a click on the coach's panel
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._on_button(event.ui_element)
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            if event.ui_element is self.confirm and self._confirm_action is not None:
                action = self._confirm_action
                self.confirm = None
                self._confirm_action = None
                action()
        elif event.type == pygame_gui.UI_WINDOW_CLOSE:
            if event.ui_element is self.confirm:
                self.confirm = None
                self._confirm_action = None
            elif self.menu_window is not None and event.ui_element is self.menu_window.window:
                self.menu_window = None
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event)
        elif event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
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
        if self.side_window is not None and hasattr(self.side_window, "handle_event"):
            self.side_window.handle_event(event)

    def _motion(self, event: pygame.event.Event) -> None:
        old = (self.hover_region, self.drag is not None, self.panning)
        self.hover_pos = event.pos
        if self.panning:
            self.board.pan(*event.rel)
            self._dirty = True
        if self.drag is not None:
            self.drag.pos = event.pos
            self._dirty = True
        # a stack drawn beside a small region (Belgium at the fit zoom) stands for that region: pointing
        # at it names it, not the land it is drawn over (else "a British army in France")
        # (not while a click on the board builds or imports: there the click goes to the land under it)
        piece = self.board.piece_at(event.pos) if self.drag is None and self._human_decision() not in (
            "factory", "import") else None
        self.hover_region = piece.region if piece is not None else self.board.region_at(event.pos)
        space = None
        if self._rondel_geometry is not None and self.layout.rondel.collidepoint(event.pos) and self._human_decision() == "rondel":
            space = rondel_panel.rondel_space_at(event.pos, self._rondel_geometry, len(self.session.state.board.rondel))
        if self.decision_panel is None or self.rondel_hover is None or space is not None:
            if space != self.rondel_hover and (space is not None or self.layout.rondel.collidepoint(event.pos)):
                self.rondel_hover = space
                self._dirty = True
        if old != (self.hover_region, self.drag is not None, self.panning):
            self._dirty = True

    def _wheel(self, event: pygame.event.Event) -> None:
        pos = self.hover_pos  # the pointer's last position (motion events keep it current)
        if self.aux_panel is not None and self.aux_panel.wheel(pos, event.y):
            return
        if self.decision_panel is not None and self.decision_panel.wheel(pos, event.y):
            return
        if self.layout.log.collidepoint(pos):
            self.log_scroll = max(0, min(self._log_most, self.log_scroll + 3 * event.y))
            self._dirty = True
        elif self.overlay == "summary" and self.summary_overlay.rect is not None \
                and self.summary_overlay.rect.collidepoint(pos):
            if self.summary_overlay.scroll_by(3 * event.y):  # wheel up: earlier turns
                self._dirty = True
        elif self.board.rect.collidepoint(pos) and self.overlay is None:
            self.board.zoom_at(pos, 1.15 ** event.y)
            self.hover_region = self.board.region_at(pos)
            self._dirty = True

    def _on_button(self, element: object) -> None:
        if self.coach is not None and self.coach.handle_button(element, self):
            return
        if self.aux_panel is not None:
            if element is self.aux_panel.cancel_button:
                self._close_aux()
                return
            choice = self.aux_panel.choice_for(element)
            if choice is not None:
                if choice.action is not None:
                    self.act(choice.action)
                return
        if self.turn_panel is not None and element in (self.turn_panel.confirm_button, self.turn_panel.undo_button):
            if time.monotonic() - self._turn_panel_at < HANDOVER_ECHO_SECONDS:
                return  # the second click of a double click on the button that stood there (Produce): not a confirmation
            self.confirm_turn() if element is self.turn_panel.confirm_button else self.undo()
            return
        if self.decision_panel is not None:
            choice = self.decision_panel.choice_for(element)
            if choice is not None and choice.toggle is not None:
                self._toggle_factory(choice.toggle)
                return
            if choice is not None and choice.action is not None:
                self.act_checked(choice.action)
                return
        if self.menu_window is not None and element in self.menu_window.buttons:
            menu, self.menu_window = self.menu_window, None
            menu.handle_button(element)
            return
        handlers = {
            "fit": self.board.fit, "hide_cash": self.toggle_hide_cash, "undo": self.undo, "donate": self.open_donation,
            "results": lambda: self.toggle_overlay("results"), "legend": lambda: self.toggle_overlay("legend"),
            "summary": lambda: self.toggle_overlay("summary"), "menu": self.open_menu, "save": self.save_named,
            "rules": self.open_rules, "hint": self.ask_hint,
        }
        for key, handler in handlers.items():
            if element is self.buttons.get(key):
                handler()
                return

    def _toggle_factory(self, city: str) -> None:
        """Switch one factory on or off in the production dialog (only while production is asked)."""
        state = self.session.state
        decision = state.decision()
        if decision is None or decision.kind != "production" or not self.session.human_to_move():
            self._panel_key = None  # a stale panel: rebuild it for the decision of now
            return
        chosen = set(self.production_selection if self.production_selection is not None else default_production(state))
        chosen ^= {city}
        self.production_selection = chosen
        self._production_for = self.session.version
        self._panel_key = None  # show the switch in its new position

    def toggle_overlay(self, name: str) -> None:
        self.overlay = None if self.overlay == name else name
        if name == "summary" and self.overlay == "summary":
            self._summary_shown_for = self.session.version
        self._dirty = True

    def toggle_hide_cash(self) -> None:
        """Hide or show the other players' cash; showing it in a hot seat asks first (everybody at
        the screen sees it, and the hand-over screens stop)."""
        if self.hide_cash and self._humans() > 1:
            self.ask(_("Show all cash"), _("Show every player's cash? Everybody at the screen will see it, and the "
                                           "screen between the players' turns no longer appears."), _("Show"),
                     self._flip_hide_cash)
            return
        self._flip_hide_cash()

    def _flip_hide_cash(self) -> None:
        self.hide_cash = not self.hide_cash
        self._sync_buttons()
        self._dirty = True

    def _cash_hidden_for(self, state: GameState) -> set[int]:
        """Hot seat with hidden cash: every player but the human deciding now (none otherwise)."""
        if not self.hide_cash:
            return set()
        current = state.current_player()
        # nobody's while a computer turn is shown to everybody or the next player has not sat down
        seated = not self.animator.busy and self.handover_to is None and current == self._last_human
        show = current if current is not None and self.session.seats[current].is_human and seated else None
        if self.session.awaiting_confirmation():  # who played the turn is still at the screen
            show = self.session.history[-1].actor
        return {p for p in range(state.num_players) if p != show}

    def _humans(self) -> int:
        return sum(1 for s in self.session.seats if s.is_human)

    def undo(self) -> None:
        """Take back the last action of a human; another human's (hot seat) only after a question."""
        if not self.session.can_undo():
            self.show_message(_("Nothing of yours to take back: a confirmed turn and the computers' moves stay"))
            return
        actor = self.session.history[-1].actor
        current = self.session.state.current_player()
        if (actor is not None and current is not None and actor != current and self.session.seats[current].is_human
                and not self.session.awaiting_confirmation()):  # a turn not confirmed: its player is still here
            name = self.session.setup.players[actor]
            self.ask(_("Take back"), _("Take back the last action of {player}? Do it only if {player} agrees.").format(
                player=name), _("Take back"), self._undo_now)
            return
        self._undo_now()

    def _undo_now(self) -> None:
        actor = self.session.history[-1].actor if self.session.history else None
        if self.session.undo():
            self.animator.clear()
            self._flush_log()
            name = self.session.setup.players[actor] if actor is not None else ""
            self.log.append(_("(taken back: the last action of {player})").format(player=name))
            self._close_aux()
        else:
            self.show_message(_("Nothing of yours to take back: a confirmed turn and the computers' moves stay"))

    def confirm_turn(self) -> None:
        """Confirm the turn that waits (the Confirm turn button, Enter): the next seat plays, the
        hot-seat hand-over comes, and the turn's actions can no longer be taken back."""
        if self.session.confirm_turn():
            self._turn_confirmed_at = time.monotonic()
            self._panel_key = None
            self._dirty = True

    def ask_hint(self) -> None:
        """Ask the Expert, off the UI thread, what the deciding human should do now (never played)."""
        if self.session.state.is_terminal():
            self.show_message(_("The game is over: there is nothing left to advise"), info=True)
            return
        if self._human_decision() is None:
            self.show_message(_("A hint is for the player deciding now, on their own turn"))
            return
        if self.hint is not None:
            self.hint = None  # a second press hides it
            self._dirty = True
            return
        if self._hint_job is not None:
            return
        state = self.session.state.clone()
        if self.hint_in_process:  # the app's window: a search in a thread would hold up the frames
            from imperial_desktop.session.thinking import advise_later

            future = advise_later(state, self.hint_seconds)
        else:
            global _HINT_POOL
            if _HINT_POOL is None:
                _HINT_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
            from imperial_desktop.ai.hint import advise

            future = _HINT_POOL.submit(advise, state, self.hint_seconds)
        self._hint_job = (self.session.version, future)
        self.show_message(_("Thinking about a hint..."), self.hint_seconds + 1, info=True)

    def _collect_hint(self) -> None:
        job = self._hint_job
        if job is None or not job[1].done():
            return
        self._hint_job = None
        version, future = job
        if version != self.session.version:
            return  # the game went on meanwhile: that advice is stale
        try:
            self.hint = future.result()
        except Exception as exc:  # noqa: BLE001 - a failed hint is a message, not a crash
            self.show_message(_("No hint this time ({reason})").format(reason=type(exc).__name__))
            return
        self.toast = None
        if not self.hint:
            self.show_message(_("No hint for this decision"))
            self.hint = None
        self._dirty = True

    def _mark_hint_buttons(self) -> None:
        """The hint's first choice is shown selected in the decision panel (the others not)."""
        assert self.decision_panel is not None
        best = self.hint[0].action if self.hint else None
        if best is None and self.coach is not None:  # the coach's lesson selects its choice
            best = self.coach.expected_action()
        for button, choice in self.decision_panel.buttons.items():
            want = choice.switched_on or (best is not None and choice.action == best)  # a switch on stays selected
            if want and not button.is_selected:
                button.select()
            elif not want and button.is_selected:
                button.unselect()

    def hint_regions(self) -> dict[str, tuple[int, int, int]]:
        out: dict[str, tuple[int, int, int]] = {}
        for advice, colour in reversed(list(zip(self.hint or [], HINT_COLOURS))):
            for region in advice.regions:
                out[region] = colour
        return out

    def open_menu(self) -> None:
        """The game menu (Esc): resume, save, rules, legend, back to the title screen."""
        if self.manager is None:
            return
        from imperial_desktop.ui.game_menu import GameMenu

        if self.menu_window is not None:
            self.menu_window.kill()
        handlers = {
            "resume": lambda: None, "save": self.save_named, "rules": self.open_rules,
            "legend": lambda: self.toggle_overlay("legend"), "settings": self.open_settings, "title": self._leave,
        }
        if self._app() is None:  # no app to keep settings in (a screen run on its own)
            del handlers["settings"]
        self.menu_window = GameMenu(self.manager, self.layout.size, handlers, game_over=self.session.state.is_terminal())

    def _leave(self) -> None:
        if self.on_menu is not None:
            self.on_menu()

    def _app(self):
        """The App showing this screen (its settings, language and window); None for a screen on its own."""
        return self.app

    def open_settings(self) -> None:
        """The settings in a window over the game (the game menu's Settings): the game stays as it
        is behind it and its computers wait until it closes (see ``ui.game_settings``)."""
        app = self._app()
        if self.manager is None or app is None or self.settings_window is not None:
            return
        from imperial_desktop.ui.game_settings import GameSettings

        self._close_side()
        self._close_aux()
        self._settings_before = (i18n.language(), getattr(app.settings, "hide_cash_in_hot_seat", None))
        self.settings_window = GameSettings(app, self._settings_closed)

    def _settings_closed(self, saved: bool, problem: str) -> None:
        """The settings window closed: what Save changed that concerns this game applies now (the
        pace of computer turns, the language, the window's size, hidden cash in a hot seat)."""
        from imperial_desktop.session.settings import PACES

        self.settings_window = None
        app = self._app()
        settings = getattr(app, "settings", None)
        if saved and settings is not None:
            self.animator.seconds_per_step = 0.0 if getattr(app, "smoke", False) else PACES.get(settings.pace, PACES["normal"])
            self.session.confirm_turns = getattr(settings, "confirm_turns", False) and self.coach is None
            if settings.hide_cash_in_hot_seat != self._settings_before[1]:  # else the Cash button's choice stays
                self.hide_cash = settings.hide_cash_in_hot_seat and self._humans() > 1
        size = app.screen.get_size() if app is not None else self.layout.size
        if size != self.layout.size:
            self.resize(size)  # a new window size (its buttons are made again too)
        elif i18n.language() != self._settings_before[0]:
            self._make_buttons()  # in the new language (or back in the old one)
        self._chrome_key = self._tip_key = self._table_tip = None  # panels and tips drawn again
        self._panel_key = None
        self._dirty = True
        if problem:
            self.show_message(problem + " " + _("They apply until you quit."), 8.0)
        elif saved:
            self.show_message(_("Settings saved"), info=True)

    def holds_computers(self) -> bool:
        """Whether the computers wait now: while the game menu, the Save dialog, the rules, a
        question, a small choice panel (the donation's) or the settings are open over the game.
        Not for the summary, the legend or the scores (read while watching), nor for the hot-seat
        hand-over (a human is to move then anyway)."""
        if self.manager is None:
            return False
        from imperial_desktop.ui.rules_window import open_window

        rules = open_window(self.manager)  # F1, Rules, the help buttons of the panels, the coach
        windows = (getattr(self.menu_window, "window", None), self.confirm)
        return (any(window is not None and window.alive() for window in windows) or self.aux_panel is not None
                or self.settings_window is not None or (rules is not None and rules.alive)
                or (self.side_window is not None and getattr(self.side_window, "alive", True)))

    def open_rules(self, topic_id: str | None = None) -> None:
        """The rules reference in a window over the game (F1), at a topic: without one, the topic
        of the decision now pending (the overview when none is)."""
        if self.manager is None:
            return
        from imperial_desktop.ui.rules_window import RulesWindow, show_rules

        if not isinstance(self.side_window, RulesWindow):
            self._close_side()
        topic_id = topic_id or topic_for_decision(self.session.state.decision())
        self.side_window = show_rules(self.manager, self.layout.size, topic_id)

    def _close_side(self) -> None:
        if self.side_window is not None:
            self.side_window.close()
        self.side_window = None

    def save_named(self) -> None:
        """Ask for a name and save (the load screen lists it)."""
        if self.manager is None:
            return
        try:
            from imperial_desktop.ui.save_dialog import SaveDialog
        except ImportError:  # pragma: no cover
            self.show_message(_("Saving is not available"))
            return
        self._close_side()
        self.side_window = SaveDialog(self.manager, self.layout.size, self.session, saves_root=self.saves_root,
                                      on_done=self._saved)

    def _saved(self, message: str) -> None:
        self.side_window = None
        if message:
            self.show_message(_("Saved as “{name}”").format(name=message), info=True)

    def open_donation(self) -> None:
        """Donate 1, 2 or 5M (or all) of the deciding human's cash to a nation's treasury."""
        state = self.session.state
        player = state.current_player()
        if player is None or not self.session.seats[player].is_human:
            self.show_message(_("Donations are made by the player deciding now"))
            return
        cash = state.cash[player]
        if cash <= 0:
            self.show_message(_("You have no cash to give"))
            return
        choices = []
        for nation in state.board.nation_ids:
            for amount in sorted({1, 2, 5, cash} & set(range(1, cash + 1))):
                choices.append(Choice(_("{nation}: give {amount}").format(nation=state.board.nation_by_id[nation].name,
                                                                           amount=money(amount)), Donate(player, nation, amount),
                                      _("Treasury now {treasury}; you keep {rest}.").format(
                                          treasury=money(state.treasury[nation]), rest=money(cash - amount)), group=nation))
        self._open_aux(_("Donation"), _("{player} ({cash}): give cash to a treasury. It cannot be taken back by you later.").format(
            player=state.setup.players[player], cash=money(cash)), choices, help_topic=topic_for_decision("donation"))

    def _key(self, event: pygame.event.Event) -> None:
        mods = getattr(event, "mod", 0)
        key = event.key
        if key == pygame.K_HOME:
            self.board.fit()
        elif key == pygame.K_ESCAPE:
            if self.drag is not None:
                self.drag = None
            elif self.confirm is not None:
                self._close_confirm()
            elif self.side_window is not None:
                self._close_side()
            elif self.aux_panel is not None:
                self._close_aux()
            elif self.menu_window is not None:  # the window in front closes first
                self.menu_window.kill()
                self.menu_window = None
            elif self.overlay is not None:
                self.overlay = None
            elif self.selected_region is not None:
                self.selected_region = None
            else:
                self.open_menu()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.confirm is not None and self._confirm_action is not None:
                action = self._confirm_action
                self._close_confirm()
                action()
            elif self.confirm is None and self.turn_panel is not None and self.side_window is None:
                self.confirm_turn()
            elif self.confirm is None and self.decision_panel is not None and self.aux_panel is None and self.side_window is None:
                primary = self.decision_panel.primary()
                if primary is not None and primary.action is not None:
                    self.act_checked(primary.action)
        elif self.side_window is not None:
            return  # typing a save name: letters are not shortcuts
        elif key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.undo()
        elif key == pygame.K_F1:
            self.open_rules()
        elif key == pygame.K_h:  # the key a player guesses for Hint (it must not show the hidden cash)
            self.ask_hint()
        elif key == pygame.K_s:
            self.toggle_overlay("results")
        elif key == pygame.K_l:
            self.toggle_overlay("legend")
        elif key == pygame.K_r:
            self.toggle_overlay("summary")
        elif key == pygame.K_SPACE:
            self.animator.finish()
        elif key == pygame.K_F2 or getattr(event, "unicode", "") == "?":
            self.ask_hint()

    def _left_down(self, pos: tuple[int, int]) -> None:
        if self.overlay is not None:
            self.overlay = None
            return
        kind = self._human_decision()
        if self._rondel_geometry is not None and self.layout.rondel.collidepoint(pos):
            space = rondel_panel.rondel_space_at(pos, self._rondel_geometry, len(self.session.state.board.rondel))
            if space is not None and kind == "rondel":
                self._click_rondel(space)
            elif space is not None and kind is not None:  # a human decides something else now
                self.show_message(refusals.rondel_refused(self.session.state, self.session.state.acting_nation(), space))
            return
        if not self.board.rect.collidepoint(pos):
            return
        state = self.session.state
        piece = self.board.piece_at(pos) if kind == "maneuver" else None
        if piece is not None and piece.nation == state.acting_nation():
            actions = move_actions(state, piece.region, piece.kind)
            if actions:
                dests = {a.destination for a in actions}  # type: ignore[attr-defined]
                self.drag = Drag(piece, actions, dests, pos)
                return
            self.show_message(_why_unit_cannot_move(state, piece))
        region = self.board.region_at(pos)
        if region is None:
            return
        if kind is not None:
            actions = region_actions(state, region)
            if not actions:
                why = (refusals.unit_cannot_move(state, piece.nation, piece.region, piece.kind)
                       if piece is not None and piece.nation != state.acting_nation()
                       else refusals.region_click_refused(state, region))
                if why:
                    self.show_message(why)
                    return  # a refused click selects nothing: its facts would stay pinned over the board
            if len(actions) == 1 and not isinstance(actions[0], MoveArmy):
                self.act(actions[0])
                return
            if len(actions) > 1:
                view = [import_choice(state, a) if isinstance(a, ImportUnit) else Choice(_short(a, state), a, a.describe(state.board))
                        for a in actions]
                self._open_aux(state.board.regions[region].name, _("What should happen here?"), view, about=(region,))
                return
        self.selected_region = None if region == self.selected_region else region
        self.selected_in_turn = state.turns_taken

    def _left_up(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        if drag is None:
            return
        self.drag = None
        state = self.session.state
        region = self.board.region_at(pos)
        if region is None or region == drag.piece.region:
            return  # dropped where it was: nothing happens
        if self._human_decision() != "maneuver":
            return
        matches = [a for a in drag.actions if a.destination == region and state.is_legal(a)]  # type: ignore[attr-defined]
        if not matches:
            self.show_message(refusals.move_refused(state, drag.piece.nation, drag.piece.kind, drag.piece.region, region))
            return
        if len(matches) == 1:
            self.act(matches[0])
            return
        choices = [Choice(convoy_label(state, a), a, _("The fleets used here cannot carry another army this turn."))
                   for a in matches if isinstance(a, MoveArmy)]
        self._open_aux(_("Choose the route"), _("The army can reach {region} in several ways.").format(
            region=state.board.regions[region].name), choices,
            about=(drag.piece.region, region) + tuple(sea for a in matches if isinstance(a, MoveArmy) for sea in a.convoy or ()))

    def _click_rondel(self, space: int) -> None:
        state = self.session.state
        nation = state.acting_nation()
        action = ChooseRondel(nation, space)  # type: ignore[arg-type]
        if state.is_legal(action):
            self.act(action)
        else:
            self.show_message(refusals.rondel_refused(state, nation, space))

    # ------------------------------------------------------------------ per frame

    def update(self, dt: float = 1 / 60) -> None:
        if self.settings_window is not None:
            self.settings_window.update(dt)
        held = self.computers_held = self.holds_computers()
        self.session.paused = held  # poll() then neither starts nor applies a computer's decision
        busy = self.animator.busy
        if not held:  # the computer turn being shown stands still too
            self.animator.update(dt)
        if not self.animator.busy:
            self._flush_log()
        self._note_current()
        if busy:
            self._dirty = True
        if not self.animator.busy and self.handover_to is None and not (self.coach and self.coach.holds_game()):
            self.session.poll()
            self._note_current()  # a computer action just applied shows its first step this frame
        self._check_handover()
        if self.wants_results and not self.animator.busy:
            self.wants_results = False
            self.overlay = "results"
            self._dirty = True
        self._maybe_show_summary()
        self._collect_hint()
        if self.hint is not None and self._hint_version != self.session.version:
            self.hint = None  # advice belongs to the decision it was asked for
        if self.hint is None:
            self._hint_version = self.session.version
        self._refresh_decision_panel()
        if self.coach is not None:
            self.coach.update(self)
        if self.decision_panel is not None:
            self.decision_panel.update_hover()
            self._mark_hint_buttons()
        self._sync_buttons()
        if self.side_window is not None and not getattr(self.side_window, "alive", True):
            self.side_window = None
        if self.toast and time.monotonic() > self.toast[1]:
            self.toast = None
            self._dirty = True

    def _note_current(self) -> None:
        current = self.animator.current()
        if current is not None and current is not self._noted:
            self._noted = current
            self._note_step(current.step)

    def wants_frames(self) -> bool:
        """Whether the screen changes by itself now (animations, a computer thinking, a message)."""
        moving = not self.computers_held and (self.animator.busy or self.session.computer_thinking())
        return (self._dirty or moving or self.toast is not None
                or self.drag is not None or self.panning or self._hint_job is not None)

    def _maybe_show_summary(self) -> None:
        """When a human seat must decide after computer actions, show what happened meanwhile."""
        if self.summary is None or self.animator.busy or self.handover_to is not None or self.session.awaiting_confirmation():
            return
        if self.coach is not None and self.coach.guiding():
            return  # the coach says what matters; the summary stays one key (R) away
        player = self.session.state.current_player()
        if player is None or not self.session.seats[player].is_human:
            return
        if self._summary_shown_for == self.session.version:
            return
        self._summary_shown_for = self.session.version
        if self.overlay is None and self._computers_acted_since(player) and self.summary.since(player):
            self.overlay = "summary"
            self._dirty = True

    def _computers_acted_since(self, player: int) -> bool:
        """Whether a computer seat acted after this player's last action (in this sitting)."""
        for step in reversed(self.session.history):
            if step.actor == player:
                return False
            if step.actor is not None and not self.session.seats[step.actor].is_human:
                return True
        return False

    def _check_handover(self) -> None:
        """Hot seat with hidden cash: the next human takes the mouse before seeing their options."""
        player = self.session.state.current_player()
        if player is None or not self.session.seats[player].is_human or self.session.awaiting_confirmation():
            return  # the hand-over comes when the turn before is confirmed
        if self._humans() > 1 and self.hide_cash and player != self._last_human:
            if self.animator.busy:  # the computers' moves are shown to everybody first
                return
            # also at the start, and after Continue or Load: whoever opened the game may not be
            # the player deciding now
            self.handover_to = player
            # a question asked before the hand-over belongs to the one who asked: its answer, arriving
            # now, would be taken by the hand-over screen and leave the question's action waiting for
            # the next player's Enter
            self._close_confirm()
            self._dirty = True
        self._last_human = player

    # ------------------------------------------------------------------ drawing

    def _tooltip_region(self) -> str | None:
        """The region whose facts show: the one under the pointer on the board, else the selected one."""
        region = self.hover_region if self.board.rect.collidepoint(self.hover_pos) else None
        return region or self.selection()

    def selection(self) -> str | None:
        """The clicked region, until the nation turn it was clicked in ends (else a pinned
        box stays over the board through the computers' turns)."""
        if self.selected_region is not None and self.session.state.turns_taken != self.selected_in_turn:
            self.selected_region = None
        return self.selected_region

    def tooltip_lines(self) -> list[str] | None:
        region = self._tooltip_region()
        return None if region is None else region_tooltip_lines(self.session.state, region)

    def highlights(self) -> dict[str, tuple[int, int, int]]:
        """Regions lit up: drag destinations, or the cities/provinces a click can use."""
        out: dict[str, tuple[int, int, int]] = {}
        if self.selection():
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
        entry = self.session.state.entry or {}
        if kind is not None and kind.startswith("entry_") and entry.get("region") in self.board.geometry.regions:
            out[entry["region"]] = QUESTION  # where the question is asked: the entered region
        for region in self.choice_regions:
            out[region] = (255, 255, 255)
        out.update(self.hint_regions())
        if self.coach is not None:
            out.update(self.coach.region_marks())
        return out

    def drop_refused_at(self, region: str | None) -> bool:
        """Whether the unit being dragged cannot go to ``region`` (its outline under the pointer turns
        red before the drop: Switzerland must not light up like any region)."""
        drag = self.drag
        return drag is not None and region is not None and region != drag.piece.region \
            and region not in drag.destinations

    def decision_regions(self) -> tuple[str, ...]:
        """The regions the pending decision of a human at this screen is about: the region a battle
        question is asked in, the cities a choice can use, the units that can still move. Boxes over
        the board keep clear of them where they can (a summary must not hide Romania when it is the region
        of its battle question)."""
        if self._human_decision() is None:
            return ()
        lit = [region for region, colour in self.highlights().items() if colour in (LEGAL, QUESTION)]
        return tuple(sorted(set(lit) | set(self.movable_origins())))

    def movable_origins(self) -> dict[str, int]:
        """The regions whose units a human at this screen can still move in the maneuver now (and
        how many): none for a computer, during the handover, a step being shown or a drag."""
        if self.drag is not None or self._human_decision() != "maneuver":
            return {}
        version, origins = self._movable
        if version != self.session.version:  # worked out once per state, not every frame
            origins = movable_origins(self.session.state)
            self._movable = (self.session.version, origins)
        return origins

    def draw(self, surface: pygame.Surface) -> None:
        self._dirty = False
        state = self.session.state
        lay = self.layout
        shown = self.animator.current()
        status = _("thinking...") if self.session.computer_thinking() and shown is None else ""
        if self.computers_held and (shown is not None or not (self.session.human_to_move() or state.is_terminal())):
            status = _("paused")
        rondel_hl = None
        if self._human_decision() == "rondel":
            rondel_hl = {a.space: LEGAL for a in state.legal_actions() if isinstance(a, ChooseRondel)}
        step = shown.step if shown is not None else None
        hover = self.rondel_hover
        if hover is None and self.hint:
            hover = next((a.action.space for a in self.hint[:1] if isinstance(a.action, ChooseRondel)), None)
        if hover is None and self.coach is not None:
            hover = self.coach.rondel_space()
        key = (self.session.version, lay.size, self.hide_cash, len(self.log), self.log_scroll, bool(rondel_hl),
               hover, id(step), self.decision_panel is None, self.handover_to,
               self.turn_panel is None)
        if key != self._chrome_key or self._chrome is None:
            self._draw_chrome(state, status, rondel_hl, step)
            self._chrome_key = key
            self._bar_status = status
        elif status != self._bar_status:  # only "thinking..." came or went: the top bar alone
            self._draw_top_bar(self._chrome, state, status, step)
            self._bar_status = status
        assert self._chrome is not None
        for rect in (lay.top_bar, lay.tracks, lay.table, lay.side):
            surface.blit(self._chrome, rect, rect)
        hidden = self.animator.hidden()
        if self.drag is not None:
            hidden = hidden + ((self.drag.piece.region, self.drag.piece.nation, self.drag.piece.kind),)
        self.movable_shown = self.movable_origins()
        kind = moving_kind(state)
        self.board.draw(surface, state, version=self.session.version, hover=self.hover_region,
                        highlights=self.highlights(), hidden=hidden,
                        movable=tuple((r, state.acting_nation(), kind) for r in self.movable_shown),
                        hover_colour=ILLEGAL if self.drop_refused_at(self.hover_region) else HOVER)
        self._draw_step_marks(surface, state)
        self._draw_moving(surface, state)
        area = lay.board.inflate(-24, -24)
        region_tip: tuple[pygame.Surface, tuple[int, int]] | None = None
        if self.overlay == "results":
            self.score_sheet = draw_results(surface, area, state, lay.scale, self._cash_hidden_for(state))
        elif self.overlay == "legend":
            self._draw_legend(surface, area)
        elif self.overlay == "summary":
            self._draw_summary(surface, area)
        elif (region := self._tooltip_region()) is not None and not self.panning and self.drag is None:
            tip_key = (region, self.session.version, lay.scale)
            if tip_key != self._tip_key:  # the lines are made only when the region or the game changes
                self._tip = tooltip_surface(region_tooltip_lines(state, region), lay.scale)
                self._tip_key = tip_key
            assert self._tip is not None
            anchor = self.hover_pos if self.board.rect.collidepoint(self.hover_pos) else self._region_point(region)
            x, y = place_tooltip(self._tip.get_size(), anchor, surface.get_size())
            x = max(lay.board.x, min(x, lay.board.right - self._tip.get_width()))
            y = max(lay.board.y, min(y, lay.board.bottom - self._tip.get_height()))
            region_tip = (self._tip, (x, y))
        self._draw_panel_tip(surface)
        if self.hint and self.overlay is None:
            self._draw_hint(surface)
        if self.coach is not None:
            self.coach.draw(surface, self)  # its outlines draw the board's names and pieces again
        self.region_tip_rect = None
        if region_tip is not None:  # over all of that (the coach's names would cover it)
            self.region_tip_rect = surface.blit(*region_tip)
        self._draw_toast(surface)
        if self.handover_to is not None:
            self._draw_handover(surface)

    def _draw_panel_tip(self, surface: pygame.Surface) -> None:
        """What the place under the pointer means: on the table a column head, a power cell or a
        player's head; on the tracks a title, a band or a box (with the nations on it)."""
        self.table_tip_shown = None
        if self.overlay is not None or self.handover_to is not None:
            return
        places = next((tips for area, tips in ((self.layout.table, self.table_tips), (self.layout.tracks, self.track_tips),
                                               (self.layout.top_bar, self.top_bar_tips))
                       if area.collidepoint(self.hover_pos)), [])
        lines = next((lines for rect, lines in places if rect.collidepoint(self.hover_pos)), None)
        if lines is None and self.layout.rondel.collidepoint(self.hover_pos):
            lines = self._rondel_space_tip()
        if lines is None:
            return
        key = (tuple(lines), self.layout.scale)
        if self._table_tip is None or self._table_tip[0] != key:  # made once per place, not every frame
            self._table_tip = (key, tooltip_surface(lines, self.layout.scale))
        tip = self._table_tip[1]
        surface.blit(tip, place_tooltip(tip.get_size(), self.hover_pos, surface.get_size()))
        self.table_tip_shown = lines

    def _rondel_space_tip(self) -> list[str] | None:
        """A rondel space under the pointer, while a human chooses one: what its choice would bring
        (pointing at the wheel should teach more than its colour)."""
        if self.rondel_hover is None or self.decision_panel is None or self._human_decision() != "rondel":
            return None
        choice = next((c for c in self.decision_panel.buttons.values() if c.rondel_space == self.rondel_hover), None)
        if choice is None:
            return None
        return panels.tip_lines(choice.label, choice.detail or choice.tip, self.layout.scale)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        """The advice in a box in a corner of the board (see ``_hint_rect``); its regions are outlined on the board."""
        s = self.layout.scale
        size = panels.px(13, s)
        f, fb = font(size), font(size, "bold")
        board = self.layout.board
        w = min(board.w - 40, round(620 * s))
        lines: list[tuple[str, bool]] = [(part, True) for part in panels.wrap(
            _("Hint: what the Expert would do (it plays nothing for you)"), fb, w - 24)]
        if len(self.hint or []) > 1:  # the reasons compare options in expected points
            lines += [(part, False) for part in panels.wrap(
                _("Expected points: how much the Expert thinks a choice adds to your final score."), f, w - 24)]
        for i, advice in enumerate(self.hint or []):
            for j, part in enumerate(panels.wrap(f"{i + 1}. {advice.reason}", fb if i == 0 else f, w - 24)):
                lines.append((part if j == 0 else "   " + part, i == 0))
        footer = (_("Outlined on the board: white the first, blue the others. Press Hint again to hide.")
                  if any(a.regions for a in self.hint or []) else
                  _("The first is marked on the rondel or in the list. Press Hint again to hide."))
        lines += [(part, False) for part in panels.wrap(footer, f, w - 24)]
        self.hint_footer_shown = footer
        self.hint_lines_shown = [text_line for text_line, _bold in lines]
        line_h = f.get_linesize() + 1
        rect = self.hint_rect = self._hint_rect((w, line_h * len(lines) + 14))
        pygame.draw.rect(surface, (30, 40, 52), rect, border_radius=8)
        pygame.draw.rect(surface, (150, 210, 255), rect, 2, border_radius=8)
        y = rect.y + 7
        for text_line, bold in lines:
            panels.text(surface, text_line, (rect.x + 12, y), size, (245, 245, 240), "bold" if bold else "regular",
                        max_width=w - 24)
            y += line_h

    def _hint_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the hint's box stands: the board's bottom-left corner unless another corner hides less of
        the coach's box, of the advised moves' regions (the first's before the others') and of the
        regions the decision is about (a box must not hide the sea its first move goes to)."""
        def labels(regions) -> list[pygame.Rect]:
            return point_rects([self._region_point(r) for r in regions if r in self.board.geometry.regions])

        coach = self.coach.rect if self.coach is not None and self.coach.rect.w > 0 else None
        advice = list(self.hint or [])
        keep_clear = [[coach] if coach is not None else [], labels(advice[0].regions if advice else ()),
                      labels([r for a in advice[1:] for r in a.regions]), labels(self.decision_regions())]
        return quietest_corner(size, self.layout.board.inflate(-24, -24), keep_clear,
                               ("bottomleft", "bottomright", "topleft", "topright"))

    def _region_point(self, region: str | None) -> tuple[int, int]:
        if region is None:
            return self.layout.board.center
        x, y = self.board.board_to_screen(self.board.geometry.regions[region].label)
        return (round(x), round(y))

    def redraw_rondel_names(self, surface: pygame.Surface) -> None:
        """The rondel's space names again, over marks drawn on the rondel after it (the coach's
        ring cut "Importer" and "Investisseur")."""
        if self._rondel_geometry is not None:
            rondel_panel.draw_rondel_names(surface, self.session.state, self._rondel_geometry, self.layout.scale)

    def _draw_step_marks(self, surface: pygame.Surface, state: GameState) -> None:
        """Where the step being shown happens: its regions' outlines, pulsing (no circle: on
        small regions circles tangle and cover the names)."""
        shown = self.animator.current()
        if shown is None or shown.step.kind == "move":
            return
        clip = surface.get_clip()
        surface.set_clip(self.board.rect)
        pulse = 0.5 + 0.5 * abs(1 - 2 * (shown.progress * 2 % 1))
        for region in shown.step.regions:
            if region not in self.board.geometry.regions:
                continue
            self.board.outline_region(surface, region, (120, 40, 30), 3 + round(3 * pulse))
            self.board.outline_region(surface, region, STEP_RING, 1 + round(3 * pulse))
        self.board.redraw_over_marks(surface)  # outlines cross neighbouring names and pieces: those stay on top
        surface.set_clip(clip)

    def _draw_moving(self, surface: pygame.Surface, state: GameState) -> None:
        size = self.board.token_size()
        shown = self.animator.current()
        if shown is not None and shown.slide is not None:
            slide = shown.slide
            piece = Piece(slide.region, slide.nation, slide.kind, 1)
            sprite = self.board.sprite_for(piece, size, state)
            x, y = self.board.board_to_screen(slide.position(shown.progress))
            clip = surface.get_clip()
            surface.set_clip(self.board.rect)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
            surface.set_clip(clip)
        if self.drag is not None:
            sprite = self.board.sprite_for(self.drag.piece, size + 4, state)
            ghost = sprite.copy()
            ghost.set_alpha(210)
            at = ghost.get_rect(center=self.drag.pos)
            surface.blit(ghost, at)
            self._draw_drop_tag(surface, state, at)

    def _draw_drop_tag(self, surface: pygame.Surface, state: GameState, ghost: pygame.Rect) -> None:
        """The name of the region under a dragged unit, under it: green where it can go, red where
        not (a player aims at a name drawn over the sea beside its small region)."""
        region = self.hover_region if self.board.rect.collidepoint(self.hover_pos) else None
        self.drop_tag_shown = None
        if region is None or region not in state.board.regions:
            return
        refused = self.drop_refused_at(region)
        name = state.board.regions[region].name
        size = panels.px(13, self.layout.scale)
        image = font(size, "bold").render(name, True, (255, 255, 255))
        tag = image.get_rect().inflate(12, 6)
        tag.midtop = (ghost.centerx, ghost.bottom + 4)
        tag.clamp_ip(self.board.rect)
        home = self.drag is not None and region == self.drag.piece.region  # dropped there: it stays
        pygame.draw.rect(surface, ILLEGAL if refused else (90, 90, 90) if home else (40, 120, 70), tag, border_radius=5)
        pygame.draw.rect(surface, (20, 20, 20), tag, 1, border_radius=5)
        surface.blit(image, image.get_rect(center=tag.center))
        self.drop_tag_shown = (name, refused)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        if not self.toast:
            return
        board = self.layout.board
        frame = self.summary_overlay.rect if self.overlay == "summary" else None
        images, rect = self._toast_box(board)
        if self.overlay is not None:  # clear of the open overlay's title and close hint
            rect.midbottom = (board.centerx, board.bottom - 4)
            if frame is not None and frame.colliderect(rect):
                if not frame.colliderect(rect.move(0, board.y + 12 - rect.y)):
                    rect.y = board.y + 12  # the summary sits in a bottom corner: the top is free
                else:  # a tall summary: the toast goes beside it, in the wider strip it leaves
                    left = pygame.Rect(board.x, board.y, frame.x - board.x, board.h)
                    right = pygame.Rect(frame.right, board.y, board.right - frame.right, board.h)
                    strip = max(left, right, key=lambda r: r.w)
                    if strip.w >= 160:
                        images, rect = self._toast_box(strip, lines=4)
                        rect.midbottom = (strip.centerx, strip.bottom - 4)
        self.toast_rect = rect
        info = self.toast[2]
        pygame.draw.rect(surface, TOAST_INFO if info else TOAST_REFUSAL, rect, border_radius=8)
        pygame.draw.rect(surface, (210, 226, 240) if info else (250, 220, 200), rect, 1, border_radius=8)
        y = rect.y + 6
        for img in images:
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()

    def _toast_box(self, room: pygame.Rect, lines: int = 3) -> tuple[list[pygame.Surface], pygame.Rect]:
        """The toast's lines wrapped to ``room`` (at most ``lines``) and its box, at the top of ``room``."""
        size = panels.px(15, self.layout.scale)
        width = max(60, room.w - 60 if room.w > 300 else room.w - 24)
        f = panels.fitted_font(self.toast[0], size, "bold", width)
        images = [f.render(line, True, (255, 255, 255)) for line in panels.wrap(self.toast[0], f, width)[:lines]]
        rect = pygame.Rect(0, 0, max(i.get_width() for i in images) + 24, sum(i.get_height() for i in images) + 12)
        rect.midtop = (room.centerx, room.y + 12)
        return images, rect

    def _draw_handover(self, surface: pygame.Surface) -> None:
        """An opaque screen: nobody sees the next player's cash before that player takes over."""
        surface.fill((26, 22, 18))
        name = self.session.setup.players[self.handover_to] if self.handover_to is not None else ""
        w, h = surface.get_size()
        panels.text(surface, _("{player}, it is your turn").format(player=name), (w / 2, h / 2 - 24), panels.px(30, self.layout.scale),
                    (250, 240, 220), "bold", "center", max_width=w - 40)
        panels.text(surface, _("Click or press Enter when the others are not looking."), (w / 2, h / 2 + 22),
                    panels.px(16, self.layout.scale), (220, 210, 190), "regular", "center", max_width=w - 40)
        self.handover_decision = ""
        if self.session.state.decision() is not None:  # which nation and what (nothing secret)
            self.handover_decision = self.session.state.describe_decision()
            panels.text(surface, self.handover_decision, (w / 2, h / 2 + 60),
                        panels.px(16, self.layout.scale), (200, 190, 170), "regular", "center", max_width=w - 40)

    def _draw_overlay_frame(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
        s = self.layout.scale
        pygame.draw.rect(surface, (0, 0, 0), rect.move(4, 4), border_radius=10)
        pygame.draw.rect(surface, (246, 241, 228), rect, border_radius=10)
        pygame.draw.rect(surface, (150, 136, 110), rect, 2, border_radius=10)
        pad = round(14 * s)
        head = panels.text(surface, title, (rect.x + pad, rect.y + pad), panels.px(22, s), PANEL_TEXT, "bold",
                           max_width=rect.w * 0.6)
        panels.text(surface, _("Click or press Esc to close"), (rect.right - pad, rect.y + pad + 4), panels.px(12, s),
                    PANEL_MUTED, "regular", "topright", max_width=rect.w * 0.35)
        return pygame.Rect(rect.x + pad, head.bottom + round(8 * s), rect.w - 2 * pad, rect.bottom - head.bottom - pad - round(8 * s))

    def _draw_legend(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        try:
            from imperial_desktop.ui.legend import draw_legend, legend_size
        except ImportError:  # pragma: no cover
            return
        w, h = legend_size(self.layout.scale, title=False)
        rect = pygame.Rect(0, 0, min(area.w, w + 40), min(area.h, h + 70))
        rect.center = area.center
        inner = self._draw_overlay_frame(surface, rect, _("Legend: what is on the board"))
        texts = draw_legend(surface, inner, self.layout.scale, title=False, frame=False)
        self.legend_drawn = (inner, texts)  # for tests: every text must lie inside

    def _draw_summary(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """What each nation did since the deciding (or first) human player's last decision."""
        player = self.session.state.current_player()
        if player is None or not self.session.seats[player].is_human:
            humans = [i for i, seat in enumerate(self.session.seats) if seat.is_human]
            player = humans[0] if humans else 0
        keep_clear = self.decision_regions()
        self.summary_overlay.draw(surface, area, self.board, player, self.session.setup.players[player], self.layout.scale,
                                  keep_clear)

    def _draw_chrome(self, state: GameState, status: str, rondel_hl: dict[int, tuple[int, int, int]] | None, step) -> None:
        """Top bar, tracks, table and side panels: re-drawn only when something they show changes."""
        lay = self.layout
        s = lay.scale
        if self._chrome is None or self._chrome.get_size() != lay.size:
            self._chrome = pygame.Surface(lay.size).convert() if pygame.display.get_surface() else pygame.Surface(lay.size)
        chrome = self._chrome
        chrome.fill(WINDOW_BG)
        self._draw_top_bar(chrome, state, status, step)
        flash_nations = {step.nation} if step is not None and step.nation and step.kind in ("taxes", "power") else set()
        self.track_tips = []
        tracks_panel.draw_tracks(chrome, lay.tracks, state, s, flash_nations, self.track_tips)
        rondel_flash = None
        if step is not None and step.kind == "rondel" and step.events:
            rondel_flash = step.events[0].data.get("to")
        hover = self.rondel_hover
        if hover is None and self.hint:  # the hint's rondel space lights up
            hover = next((a.action.space for a in self.hint[:1] if isinstance(a.action, ChooseRondel)), None)
        if hover is None and self.coach is not None:  # and the coach's lesson's
            hover = self.coach.rondel_space()
        self._rondel_geometry = rondel_panel.draw_rondel(chrome, lay.rondel, state, s, rondel_hl, hover, rondel_flash)
        hidden = self._cash_hidden_for(state) or None
        table_flash = {step.nation} if step is not None and step.nation and step.kind in ("invest", "government", "build", "interest") else set()
        current_player, current_nation = state.current_player(), None
        if step is not None and step.nation:  # a computer move being shown: its nation and player
            current_nation = step.nation
            current_player = step.player if step.player is not None else state.government.get(step.nation)
        elif self.session.awaiting_confirmation():  # the turn waiting for its confirmation, not the next one
            played = self.session.history[-1]
            current_player, current_nation = played.actor, played.before.acting_nation()
        self.table_current_shown = (current_nation, current_player)
        self.table_tips = []
        panels.draw_table(chrome, lay.table, state, s, hidden, table_flash, current_player, current_nation,
                          self.table_tips, [None if seat.is_human else seat.level for seat in self.session.seats])
        self._draw_decision_area(chrome, state, step)
        self._log_most = panels.draw_log(chrome, lay.log, self.log, s, self.log_scroll)

    def _draw_top_bar(self, chrome: pygame.Surface, state: GameState, status: str, step) -> None:
        headline = nation = None
        if step is not None:  # a computer move being shown: its nation, not the one deciding now
            headline, nation = step.caption, step.nation
        elif self.session.awaiting_confirmation():  # the turn played, not the next one yet
            played = self.session.history[-1]
            headline = _("{player}: confirm your turn (Enter) or take it back (Undo)").format(
                player=state.setup.players[played.actor])
            nation = played.before.acting_nation()
        elif state.decision() is not None:
            headline, nation = decision_headline(state), state.decision().nation
        right = (self.layout.size[0] - self._buttons_left + 8) if self.manager else 12
        self.top_bar_tips = []
        panels.draw_top_bar(chrome, self.layout.top_bar, state, self.layout.scale, status, right_margin=right,
                            headline=headline, nation=nation, tips=self.top_bar_tips)
        self.top_bar_shown = (nation, headline)

    def _draw_decision_area(self, surface: pygame.Surface, state: GameState, step) -> None:
        """Behind the decision panel; when no human decides here: what the computers are doing."""
        lay = self.layout
        s = lay.scale
        rect = lay.decision
        seat = self.session.current_seat()
        if state.decision() is None and step is None:  # the last computer moves are shown first
            self.decision_area_shown = (_("The game is over"), draw_final_standings(surface, rect, state, s))
            return
        if (self.decision_panel is not None or self.turn_panel is not None) and step is None:
            pygame.draw.rect(surface, (239, 232, 216), rect)
            return
        who = state.setup.players[state.current_player()] if state.current_player() is not None else ""
        now = self._state_turn_key(state)
        steps = self.turn_steps
        if step is not None:
            title = self.turn_title or _("What the computers did")
        elif seat is not None and not seat.is_human:
            decision = state.decision()
            title = self._turn_heading(now, decision.kind if decision is not None else "")
            if now != self._turn_key:
                steps = []  # a new turn: the last one's steps are not this one's
        else:
            title = _("Waiting for {player}").format(player=who)
            steps = []
        inner = panels.panel(surface, rect, title, s)
        self.decision_area_shown = (title, list(steps))
        size = panels.px(13, s)
        f = font(size)
        line_h = f.get_linesize() + 2
        y = inner.y + 2
        self.thinking_shown = ""
        if step is None and self.session.computer_thinking():
            # the whole sentence: cut after the player's name it read "is thinking about: (Great Britain)
            # must move fleets"
            thinking = self.thinking_shown = _("{decision}: {player} is thinking...").format(
                decision=state.describe_decision(), player=who)
            for text_line in panels.wrap(thinking, f, inner.w):
                panels.text(surface, text_line, (inner.x, y), size, PANEL_TEXT, max_width=inner.w)
                y += line_h
        self.turn_step_lines = self._wrapped_steps(steps, step, inner.w, size, (inner.bottom - y - line_h) // line_h)
        for text_line, bold in self.turn_step_lines:
            panels.text(surface, text_line, (inner.x, y), size, PANEL_TEXT, "bold" if bold else "regular",
                        max_width=inner.w)
            y += line_h
        panels.text(surface, _("Space: show the rest at once · pace: Settings in the game menu (Esc)"),
                    (inner.x, inner.bottom - line_h + 2), panels.px(11, s), PANEL_MUTED, max_width=inner.w)

    @staticmethod
    def _wrapped_steps(captions: list[str], step, width: int, size: int, room: int) -> list[tuple[str, bool]]:
        """The last captions that fit ``room`` lines, wrapped (never cut): (line, bold) pairs; the
        step being shown is bold and marked with a triangle."""
        out: list[tuple[str, bool]] = []
        for i in range(len(captions) - 1, -1, -1):
            current = step is not None and i == len(captions) - 1 and captions[i] == step.caption
            f = font(size, "bold" if current else "regular")
            marker = "▸ " if current else "   "
            lines = panels.wrap(captions[i], f, width - f.size(marker)[0])
            block = [(marker + lines[0], current)] + [("   " + more, current) for more in lines[1:]]
            if out and len(out) + len(block) > room:
                break
            out = block + out
        return out[-max(1, room):] if len(out) > room else out

    def close(self) -> None:
        """Remove this screen's widgets (when the app switches to another screen)."""
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        if self.decision_panel is not None:
            self.decision_panel.kill()
            self.decision_panel = None
        if self.turn_panel is not None:
            self.turn_panel.kill()
            self.turn_panel = None
        self._close_aux()
        self._close_confirm()
        self._close_side()
        if self.menu_window is not None:
            self.menu_window.kill()
            self.menu_window = None
        if self.settings_window is not None:
            self.settings_window.close()
            self.settings_window = None
        self.session.paused = False
        if self._on_action in self.session.listeners:
            self.session.listeners.remove(self._on_action)
        if self._on_change in self.session.on_change:
            self.session.on_change.remove(self._on_change)
        if self.summary is not None:
            self.summary.detach()
        if self.coach is not None:
            self.coach.close()


def _why_unit_cannot_move(state: GameState, piece: Piece) -> str:
    """A message naming the rule when a dragged unit may not move (see ``ui.refusals``)."""
    return refusals.stuck_unit(state, piece.nation, piece.region, piece.kind)


def _short(action: Action, state: GameState) -> str:
    text = action.describe(state.board)
    nation = state.board.nation_by_id.get(getattr(action, "nation", ""), None)
    if nation is not None and text.startswith(nation.name + ": "):
        text = text[len(nation.name) + 2:]
    return text[0].upper() + text[1:]


def _make_summary(session: GameSession) -> SummaryTracker | None:
    """The "since your last turn" tracker of this session (None if its history cannot be read)."""
    try:
        return SummaryTracker(session)
    except Exception:  # noqa: BLE001 - the summary is a help, never a reason to stop a game
        return None
