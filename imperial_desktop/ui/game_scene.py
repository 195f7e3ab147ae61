"""The game screen: the board and the panels, and every decision made with the mouse.

The screen is a stack of layers (``ui.layers``): the panels, the map, the computer turn being
shown, the overlays, tooltips, the hint, the decision panel, the windows over the game and the
hot-seat hand-over, each with its own input, upkeep and drawing. Input goes from the top layer
down until one takes it, drawing from the bottom up. This class builds the stack, runs the frame
in its order, and holds what several layers share: the session, the layout, the board view, the
log, and the game's actions (act, undo, confirm a turn) and windows (menu, rules, save, settings).

Every change of the game goes through ``GameSession.apply`` with a legal action of the core.
While a menu, dialog, the rules or the settings are open over the game, the computers wait and
the computer turn being shown stands still (``holds_computers``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui

from imperial_desktop.core import Action, DecisionKind, EndPhase, IllegalActionError
from imperial_desktop.i18n import _, ngettext
from imperial_desktop.session.controller import GameSession
from imperial_desktop.ui import board_look
from imperial_desktop.ui.board_geometry import BoardGeometry
from imperial_desktop.ui.board_look import map_name, use_map
from imperial_desktop.ui.board_view import BoardView, load_board_image
from imperial_desktop.ui.choices import Choice, unmoved_units
from imperial_desktop.ui.game_log import GameLog
from imperial_desktop.ui.hit_test import hit_tester
from imperial_desktop.ui.layers import aux_panel
from imperial_desktop.ui.layers.board import BoardLayer
from imperial_desktop.ui.layers.chrome import ChromeLayer
from imperial_desktop.ui.layers.commands import CommandsLayer
from imperial_desktop.ui.layers.computer_turn import ComputerTurnLayer
from imperial_desktop.ui.layers.decisions import DecisionLayer
from imperial_desktop.ui.layers.hints import HINT_SECONDS, HintLayer
from imperial_desktop.ui.layers.hot_seat import HotSeat
from imperial_desktop.ui.layers.lesson import LessonLayer
from imperial_desktop.ui.layers.overlays import (
    Summary,
    close_overlay,
    open_overlay,
    overlay_kind,
)
from imperial_desktop.ui.layers.stack import Layer, LayerStack
from imperial_desktop.ui.layers.time_travel import TimeTravelLayer
from imperial_desktop.ui.layers.toast import ToastLayer
from imperial_desktop.ui.layers.tooltips import PanelTipLayer, RegionTipLayer
from imperial_desktop.ui.layers.windows import (
    MenuLayer,
    QuestionLayer,
    SettingsLayer,
    SideWindowLayer,
    rules_open,
)
from imperial_desktop.ui.layout import GameLayout, game_layout
from imperial_desktop.ui.rules_topics import topic_for_decision
from imperial_desktop.ui.sound_cues import SoundCues
from imperial_desktop.ui.looking_back import TimeTravel

@dataclass
class _BoardAssets:
    """One board's geometry and static map image, shared by every game screen showing it."""

    geometry: BoardGeometry
    image: pygame.Surface
    converted: bool = False


# by map name and palette; one entry per board and palette shown (Europe's image is 15 MB)
_ASSETS: dict[tuple[str, str], _BoardAssets] = {}
_ASSETS_LOCK = threading.Lock()


def board_assets(name: str | None = None, convert: bool = True, palette: str | None = None) -> tuple[BoardGeometry, pygame.Surface]:
    """Geometry and static map image of the board ``name`` (the board in use by default) in the
    nations' ``palette`` (the palette in use by default; loaded once per process; ``convert`` to
    the display's pixel format, which only the main thread does). The palettes share one geometry."""
    name = name or map_name()
    palette = palette or board_look.palette()
    with _ASSETS_LOCK:
        assets = _ASSETS.get((name, palette))
        if assets is None:
            geometry = next((a.geometry for (n, _p), a in _ASSETS.items() if n == name), None) or BoardGeometry.load(name)
            assets = _ASSETS[(name, palette)] = _BoardAssets(geometry, load_board_image(geometry, palette))
        if convert and not assets.converted and pygame.display.get_surface() is not None:
            assets.image = assets.image.convert()  # once: every board view shares this copy
            assets.converted = True
        return assets.geometry, assets.image


def warm_up(name: str | None = None) -> None:
    """Load a board (the board in use by default), its geometry and its hit-tester ahead of the
    first game (the app runs this in a background thread at start, so starting a game does not
    stall a frame)."""
    geometry, _image = board_assets(name, convert=False)
    hit_tester(geometry)


class GameScene:
    """Shows a game and lets human seats play it with the mouse (and a few keys)."""

    def __init__(self, session: GameSession, size: tuple[int, int], manager: pygame_gui.UIManager | None = None,
                 *, seconds_per_move: float = 0.5):
        self.session = session
        self.manager = manager
        use_map(session.state.setup.map_name)  # the colours, codes and notes of the board this game is on
        geometry, image = board_assets(session.state.setup.map_name)
        self.layout: GameLayout = game_layout(*size)
        self.board = BoardView(geometry, image, self.layout.board)
        self.dirty = True  # something changed since the last drawing
        self.computers_held = False  # this frame: a window over the game holds the computers (holds_computers)
        self.hide_cash = False  # hot seat: only the deciding player's cash shows
        self.app = None  # the App showing this screen, for the settings opened over the game
        self.coach = None  # the guided game's coach panel (ui.coach.CoachPanel), set by the app
        self.on_menu: Callable[[], None] | None = None  # set by the app: back to the title screen
        self.saves_root = None  # folder for named saves (None: the user data folder)
        self.hint_seconds = HINT_SECONDS
        self.hint_in_process = False  # the app sets it (tests keep the quicker thread)
        self.log = GameLog(session)
        self.hot_seat = HotSeat(self)
        self.summary = Summary(self)
        self.layers = LayerStack()
        self.commands = self.layers.push(CommandsLayer(self))
        self.chrome = self.layers.push(ChromeLayer(self))
        self.board_layer = self.layers.push(BoardLayer(self))
        self.presenter = self.layers.push(ComputerTurnLayer(self, seconds_per_move))
        self.time_travel = TimeTravel(self)  # looking back: the past shown read-only (ui.looking_back)
        self.time_travel_layer = self.layers.push(TimeTravelLayer(self))
        self.panel_tip = self.layers.push(PanelTipLayer(self))
        self.hints = self.layers.push(HintLayer(self))
        self.decisions = self.layers.push(DecisionLayer(self))
        self.layers.push(LessonLayer(self))
        self.region_tip = self.layers.push(RegionTipLayer(self))
        self.toasts = self.layers.push(ToastLayer(self))
        self.sounds = SoundCues(self)  # silent until the app gives it its SoundBoard
        session.listeners.append(self.presenter.on_action)
        session.on_change.append(self._on_change)
        self.commands.make_buttons()

    def _on_change(self, kind: str) -> None:
        self.dirty = True

    # ------------------------------------------------------------------ what several layers ask

    @property
    def overlay(self) -> str | None:
        """The overlay open over the board ("results", "legend", "summary") or None."""
        return overlay_kind(self)

    def human_decision(self) -> str | None:
        """The pending decision kind if a human at this screen may act now."""
        session = self.session
        if self.hot_seat.handover_to is not None or not session.waits_for_local_input() or self.presenter.busy:
            return None
        if session.awaiting_confirmation():  # the next player's decision, before the turn is confirmed
            return None
        d = session.state.decision()
        return None if d is None else d.kind

    def region_point(self, region: str | None) -> tuple[int, int]:
        """Where a region's name stands on the screen (the board's centre for None)."""
        if region is None:
            return self.layout.board.center
        x, y = self.board.board_to_screen(self.board.geometry.regions[region].label)
        return (round(x), round(y))

    def show_message(self, message: str, seconds: float = 3.5, info: bool = False) -> None:
        """A message over the board for a few seconds: in red when something was refused or went
        wrong, in slate blue when it is only news (``info``: taxes collected, a game saved)."""
        self.toasts.show(message, seconds, info)

    def apply_palette(self) -> None:
        """The nations in the palette in use from now on (board, pieces, tables, markers)."""
        _geometry, image = board_assets(self.session.state.setup.map_name)
        if image is not self.board.image:
            self.board.set_image(image)
        self.redraw_all()

    def redraw_all(self) -> None:
        """Panels and tips drawn again from scratch (new settings, a new language)."""
        self.chrome.invalidate()
        self.panel_tip.invalidate()
        self.region_tip.invalidate()
        self.decisions.rebuild()
        self.dirty = True

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> bool:
        """Apply a human's action through the session; an illegal one only shows a message."""
        if self.session.state.decision() is None or not self.session.state.is_legal(action):
            self.show_message(_("That choice is no longer possible"))
            self.decisions.rebuild()
            return False
        try:
            self.session.apply(action)
        except IllegalActionError as exc:
            self.show_message(str(exc).split(";")[0])
            return False
        aux_panel.close_choices(self)
        close_overlay(self, "summary")
        self.toasts.clear(refusal_only=True)  # a refusal is answered by a move that worked
        return True

    def act_checked(self, action: Action) -> None:
        """Act, but ask first where a click could lose something (ending a maneuver early)."""
        state = self.session.state
        if isinstance(action, EndPhase) and state.decision() is not None and state.decision().kind == DecisionKind.MANEUVER:
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

    def undo(self) -> None:
        """Take back the last action of a human; another human's (hot seat) only after a question."""
        session = self.session
        if not session.can_undo():
            self.show_message(_("Nothing of yours to take back: a confirmed turn and the computers' moves stay"))
            return
        actor = session.history[-1].actor
        current = session.state.current_player()
        if (actor is not None and current is not None and actor != current and session.local_seat(current)
                and not session.awaiting_confirmation()):  # a turn not confirmed: its player is still here
            name = session.setup.players[actor]
            self.ask(_("Take back"), _("Take back the last action of {player}? Do it only if {player} agrees.").format(
                player=name), _("Take back"), self._undo_now)
            return
        self._undo_now()

    def _undo_now(self) -> None:
        actor = self.session.history[-1].actor if self.session.history else None
        if self.session.undo():
            self.presenter.undone()
            name = self.session.setup.players[actor] if actor is not None else ""
            self.log.note(_("(taken back: the last action of {player})").format(player=name))
            aux_panel.close_choices(self)
        else:
            self.show_message(_("Nothing of yours to take back: a confirmed turn and the computers' moves stay"))

    def confirm_turn(self) -> None:
        """Confirm the turn that waits (the Confirm turn button, Enter): the next seat plays, the
        hot-seat hand-over comes, and the turn's actions can no longer be taken back."""
        if self.session.confirm_turn():
            self.hot_seat.confirmed_at = time.monotonic()
            self.decisions.rebuild()
            self.dirty = True

    # ------------------------------------------------------------------ opening and closing layers

    def toggle_overlay(self, name: str) -> None:
        if self.overlay == name:
            close_overlay(self)
        else:
            open_overlay(self, name)

    def close_overlay(self) -> None:
        close_overlay(self)

    def ask(self, title: str, question: str, confirm: str, on_yes: Callable[[], None]) -> None:
        """A safeguard question; ``on_yes`` runs only if confirmed (at once without widgets)."""
        if self.manager is None:
            on_yes()
            return
        self.close_question()
        self.layers.push(QuestionLayer(self, title, question, confirm, on_yes))

    def close_question(self) -> None:
        layer = self.layers.find(QuestionLayer)
        if layer is not None:
            self.layers.pop(layer)

    def open_choices(self, title: str, prompt: str, choices: list[Choice], help_topic: str | None = None,
                     about: tuple[str, ...] = ()) -> None:
        """A small panel of choices over a corner of the board (see ``layers.aux_panel``)."""
        aux_panel.open_choices(self, title, prompt, choices, help_topic, about)

    def open_donation(self) -> None:
        aux_panel.open_donation(self)

    def open_menu(self) -> None:
        """The game menu (Esc): resume, save, rules, legend, settings, back to the title screen."""
        if self.manager is None:
            return
        old = self.layers.find(MenuLayer)
        if old is not None:
            self.layers.pop(old)
        handlers = {
            "resume": lambda: None, "save": self.save_named, "rules": self.open_rules,
            "legend": lambda: self.toggle_overlay("legend"), "settings": self.open_settings, "title": self._leave,
            "about": self.open_about, "export": self.export_record, "charts": self.open_charts,
        }
        handlers["look_back"] = self.look_back
        if self.app is None:  # no app to keep settings in (a screen run on its own)
            del handlers["settings"]
        self.layers.push(MenuLayer(self, handlers))

    def _leave(self) -> None:
        if self.on_menu is not None:
            self.on_menu()

    # ------------------------------------------------------------------ looking back (ui.time_travel)

    def travel_to(self, index: int) -> None:
        """Show the game after ``index`` actions, read-only (time travel; entered if needed)."""
        self.time_travel.travel_to(index)

    def return_to_present(self) -> None:
        """Leave time travel: the live game as it is (a review screen: its last position)."""
        self.time_travel.return_to_present()

    def look_back(self) -> None:
        """Enter time travel at the present (the game menu's Look back, Backspace)."""
        self.time_travel.travel_to(self.time_travel.last)

    def open_settings(self) -> None:
        """The settings in a window over the game (the game menu's Settings): the game stays as it
        is behind it and its computers wait until it closes (see ``ui.game_settings``)."""
        if self.manager is None or self.app is None or self.layers.find(SettingsLayer) is not None:
            return
        self._close_side()
        aux_panel.close_choices(self)
        self.layers.push(SettingsLayer(self))

    def open_rules(self, topic_id: str | None = None) -> None:
        """The rules reference in a window over the game (F1), at a topic: without one, the topic
        of the decision now pending (the overview when none is)."""
        if self.manager is None:
            return
        from imperial_desktop.ui.rules_window import RulesWindow, show_rules

        side = self.layers.find(SideWindowLayer)
        if side is None or not isinstance(side.window, RulesWindow):
            self._close_side()
            side = None
        topic_id = topic_id or topic_for_decision(self.session.state.decision())
        window = show_rules(self.manager, self.layout.size, topic_id)  # the same window again, at the topic
        if side is None:
            self.layers.push(SideWindowLayer(self, window))
        else:
            side.window = window

    def open_charts(self, kind: str = "power") -> None:
        """The charts of the whole game (power points, scores, governments) in a window over the
        game; a click on a moment travels there (see ``ui.charts_window``)."""
        if self.manager is None:
            return
        from imperial_desktop.ui.charts_window import charts_for_scene

        self._close_side()
        self.layers.push(SideWindowLayer(self, charts_for_scene(self, kind)))

    def open_about(self) -> None:
        """The About screen (version, credits, licences) in a window over the game."""
        if self.manager is None:
            return
        from imperial_desktop.ui.about_screen import AboutWindow

        self._close_side()
        self.layers.push(SideWindowLayer(self, AboutWindow(self.manager, self.layout.size)))

    def save_named(self) -> None:
        """Ask for a name and save (the load screen lists it)."""
        if self.manager is None:
            return
        from imperial_desktop.ui.save_dialog import SaveDialog

        self._close_side()
        self.layers.push(SideWindowLayer(self, SaveDialog(self.manager, self.layout.size, self.session,
                                                          saves_root=self.saves_root, on_done=self._saved)))

    def export_record(self) -> None:
        """Write the game's record to the records folder (the game menu's Export record…)."""
        from imperial_desktop.session.record_files import RecordFileError, export_record

        try:
            path = export_record(self.session.record, self.session.seats, self.session.state)
        except RecordFileError as exc:
            self.show_message(str(exc), 8)
            return
        self.show_message(_("Record written to {path}").format(path=path), 8, info=True)

    def _saved(self, message: str) -> None:
        self._close_side()
        if message:
            self.show_message(_("Saved as “{name}”").format(name=message), info=True)

    def _close_side(self) -> None:
        side = self.layers.find(SideWindowLayer)
        if side is not None:
            self.layers.pop(side)

    def holds_computers(self) -> bool:
        """Whether the computers wait now: while the game menu, the Save dialog, the rules, a
        question, a small choice panel (the donation's) or the settings are open over the game.
        Not for the summary, the legend or the scores (read while watching), nor for the hot-seat
        hand-over (a human is to move then anyway)."""
        if self.manager is None:
            return False
        return self.layers.holds_computers() or rules_open(self.manager)

    # ------------------------------------------------------------------ events

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = game_layout(*size)
        self.board.set_rect(self.layout.board)
        self.commands.make_buttons()
        self.dirty = True
        self.layers.resize(size)  # windows over the game stay whole and centred in the new size

    def covers_widgets(self) -> bool:
        """Whether the whole screen is covered (the hot-seat handover): no widget is drawn then."""
        return self.layers.covers_widgets()

    def modal_input(self, event: pygame.event.Event) -> bool:
        """Input the scene takes before any widget (the hot-seat hand-over screen takes all of it)."""
        return self.layers.intercept(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.MOUSEMOTION:
            self.dirty = True
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        self.layers.handle_event(event)

    # ------------------------------------------------------------------ per frame

    def update(self, dt: float = 1 / 60) -> None:
        """One frame of the game, in this order: the layers' own upkeep (a window closed by its own
        button lets the computers go on at once), the computer turn shown on or held, the next
        computer action, the hand-over, the overlays that open by themselves, the hint, the
        decision panel, the coach and the buttons."""
        self.layers.update(dt)
        held = self.computers_held = self.holds_computers()
        self.session.paused = held  # poll() then neither starts nor applies a computer's decision
        self.presenter.advance(dt, held)
        if not self.presenter.busy and self.hot_seat.handover_to is None and not (self.coach and self.coach.holds_game()):
            self.session.poll()
            self.presenter.note_current()  # a computer action just applied shows its first step this frame
        self.hot_seat.check()
        if self.presenter.results_due():
            open_overlay(self, "results")
        self.summary.maybe_open()
        self.hints.refresh()
        self.decisions.refresh()
        if self.coach is not None:
            self.coach.update(self)
        self.decisions.follow_pointer()
        self.commands.sync()
        self.sounds.update(dt)

    def wants_frames(self) -> bool:
        """Whether the screen changes by itself now (animations, a computer thinking, a message)."""
        moving = not self.computers_held and (self.presenter.busy or self.session.computer_thinking())
        return (self.dirty or moving or self.toasts.message is not None or self.board_layer.drag() is not None
                or self.board_layer.panning or self.hints.job is not None or self.sounds.pending)

    def draw(self, surface: pygame.Surface) -> dict[type[Layer], object]:
        """Draw every layer, bottom first; returns what each drew (by its kind)."""
        self.dirty = False
        return self.layers.draw(surface)

    def close(self) -> None:
        """Remove this screen's widgets (when the app switches to another screen)."""
        self.layers.close()
        self.session.paused = False
        if self.presenter.on_action in self.session.listeners:
            self.session.listeners.remove(self.presenter.on_action)
        if self._on_change in self.session.on_change:
            self.session.on_change.remove(self._on_change)
        self.summary.detach()
        self.sounds.close()
