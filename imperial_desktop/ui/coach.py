"""The coach's panel on the game screen of the guided game ("Learn to play").

A box at the board's bottom-right corner says what to do and why; its buttons (pygame-gui) go on
(Next), take a deviating action back (Undo), leave the script, or open the rules topic. The
step's rondel space, regions and choice button are lit through the game screen's own highlight
mechanisms (``rondel_space``, ``region_marks``, ``expected_action``). The logic lives in
:mod:`imperial_desktop.tutorial.coach`; this module only shows it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from imperial_desktop.core import Action
from imperial_desktop.i18n import _
from imperial_desktop.tutorial import Coach, CoachView
from imperial_desktop.tutorial.scenario import quiet_note
from imperial_desktop.ui import panels
from imperial_desktop.ui.dialogs import fitted_button
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.layers.aux_panel import AuxLayer

if TYPE_CHECKING:
    from imperial_desktop.tutorial.script import Step
    from imperial_desktop.ui.app import App
    from imperial_desktop.ui.game_scene import GameScene

COACH_EDGE = (214, 60, 170)  # the coach's colour: its frame and the regions it points at
COACH_BG = (252, 247, 236)
COACH_TEXT = (40, 32, 26)
COACH_MUTED = (120, 100, 90)
DEVIATION_EDGE = (200, 60, 40)


class CoachPanel:
    """Shows a :class:`Coach` on a :class:`GameScene` (the scene's ``coach`` attribute; its layer
    ``ui.layers.lesson`` passes it the screen's events and drawing)."""

    def __init__(self, coach: Coach, manager: pygame_gui.UIManager | None):
        self.coach = coach
        self.manager = manager
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hidden = False  # closed after the end of the script
        self._key: tuple | None = None
        self._lines: list[tuple[str, bool]] = []
        self._overlay_for: str | None = None
        self._pointer_inside = False  # the last mouse motion was over the box
        self.on_restart: Callable[[], None] | None = None  # set by the app: a new guided game
        self._listening: tuple[GameScene, Callable] | None = None  # the scene whose actions it annotates

    # ------------------------------------------------------------------ what the game screen asks

    def holds_game(self) -> bool:
        """Whether the computers wait (the player reads, or is asked to undo)."""
        return self.coach.holds_game()

    def guiding(self) -> bool:
        """Whether the script still runs (the game screen then leaves its own summaries closed)."""
        return not self.hidden and not self.coach.finished

    def expected_action(self) -> Action | None:
        return None if self.hidden else self.coach.expected_action()

    def rondel_space(self) -> int | None:
        """The rondel space the current lesson is about (lit like a hovered space)."""
        return None if self.hidden else self.coach.rondel_space()

    def region_marks(self) -> dict[str, tuple[int, int, int]]:
        step = self.coach.current()
        if self.hidden or step is None or self.coach.deviation is not None:
            return {}
        return {region: COACH_EDGE for region in self.coach.regions()}

    def panel_mark(self, scene: GameScene) -> pygame.Rect | None:
        """The part of the screen the current lesson talks about, outlined (the power track for the lesson on
        power points: a newcomer looked for it on the board)."""
        step = self.coach.current()
        if self.hidden or step is None or step.panel is None or self.coach.deviation is not None:
            return None
        area = getattr(scene.layout, step.panel, None)
        return area.inflate(-2, -2) if isinstance(area, pygame.Rect) else None

    # ------------------------------------------------------------------ per frame

    def update(self, scene: GameScene) -> None:
        self._listen(scene)
        view = self.coach.view()
        step = view.step
        if step is not None and step.overlay and self._overlay_for != step.key:
            self._overlay_for = step.key  # e.g. the score table for the lesson on scoring
            if scene.overlay != step.overlay:
                scene.toggle_overlay(step.overlay)
        beside = self._beside_overlay(scene, step)
        key = (view.title, view.text, view.deviation, view.can_next, view.done, view.waiting, self.hidden,
               scene.layout.size, scene.layout.board.topleft, beside)
        if key != self._key:
            self._key = key
            self._layout(scene, view, beside)
            scene.dirty = True
        self._mark_choice(scene)
        self._show_save_news(scene)

    def _listen(self, scene: GameScene) -> None:
        """Follow the scene's actions (after the log's own listener: a note comes after its action)."""
        if self._listening is not None and self._listening[0] is scene:
            return
        self._stop_listening()
        listener = lambda action, events: self._explain_quiet_turn(scene, action)  # noqa: E731
        scene.session.listeners.append(listener)
        self._listening = (scene, listener)

    def _stop_listening(self) -> None:
        if self._listening is not None:
            scene, listener = self._listening
            if listener in scene.session.listeners:
                scene.session.listeners.remove(listener)
            self._listening = None

    def _explain_quiet_turn(self, scene: GameScene, action: Action) -> None:
        """A scripted computer that leaves undone what it could do gets a line in the log saying why."""
        session = scene.session
        if not self.guiding() or not session.history:
            return
        step = session.history[-1]
        if step.actor is None or session.local_seat(step.actor):
            return
        note = quiet_note(step.before, action)
        if note:
            lines = scene.log.waiting or scene.log.lines  # its action's lines wait while the action is shown
            # right under the action's own line, before its events ("Italy's turn")
            at = next((i + 1 for i in range(len(lines) - 1, -1, -1) if not lines[i].startswith("  ")), len(lines))
            lines.insert(at, "  " + note)
            scene.dirty = True

    def _show_save_news(self, scene: GameScene) -> None:
        """Tell the player, once per run of failures, that the lesson's progress is not being kept."""
        for listener in list(self.coach.on_progress):
            take = getattr(listener, "take_message", None)  # a tutorial.ProgressKeeper
            message = take() if callable(take) else None
            if message:
                scene.show_message(message, 8.0)

    @staticmethod
    def _beside_overlay(scene: GameScene, step: Step | None) -> bool:
        """Whether the box stands beside the board: the lesson's table covers the board, and the place for
        decisions is free (a computer decides), so the box covers none of what the lesson talks about."""
        return (step is not None and step.overlay is not None and scene.overlay == step.overlay
                and scene.decisions.panel is None)

    def _mark_choice(self, scene: GameScene) -> None:
        """The lesson's choice is lit in the small panel a click on a region opens, as in the decision panel."""
        layer = scene.layers.find(AuxLayer)
        if layer is None:
            return
        wanted = self.expected_action()
        for button, choice in layer.panel.buttons.items():
            want = wanted is not None and choice.action == wanted
            if want and not button.is_selected:
                button.select()
            elif not want and button.is_selected:
                button.unselect()

    def _layout(self, scene: GameScene, view: CoachView, beside: bool = False) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        if self.hidden:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        s = scene.layout.scale
        board = scene.layout.board
        area = scene.layout.decision.inflate(-8, -8) if beside else board
        w = min(round(470 * s), board.w - 40, area.w - (0 if beside else 20))
        pad = round(12 * s)
        size = panels.px(14, s)
        body, head = font(size), font(panels.px(16, s), "bold")
        lines: list[tuple[str, bool]] = []
        for paragraph in view.text.split("\n"):
            lines += [(line, False) for line in panels.wrap(paragraph, body, w - 2 * pad)]
        self._lines = lines
        button_h = max(28, round(32 * s))
        h = pad + head.get_linesize() + 6 + body.get_linesize() * len(lines) + pad + button_h + pad
        # the bottom-right corner: the sea and lands there (Turkey, the Eastern Mediterranean) play no
        # part in the lessons, and the hint's box keeps the bottom-left
        self.rect = pygame.Rect(0, 0, w, min(h, area.h - (0 if beside else 20)))
        if beside:
            self.rect.midtop = area.midtop
        else:
            self.rect.bottomright = (board.right - 10, board.bottom - 10)
        if self.manager is None:
            return
        specs: list[tuple[str, str, str]] = []
        if view.done:
            specs.append(("close", _("Close"), _("Hide the coach and play on")))
        elif view.deviation:
            specs.append(("undo", _("Undo"), _("Take your last action back and follow the lesson")))
            specs.append(("leave", _("Play on my own"), _("Leave the lesson here; the computers play as the Normal level")))
        elif view.can_next:
            specs.append(("next", _("Next"), _("Go on with the lesson")))
        step = view.step
        if view.done:
            specs.append(("restart", _("Start again"), _("Begin the guided game anew")))
        if step is not None and step.topic:
            specs.append(("rules", _("Rules"), _("The rules on this subject")))
        x = self.rect.x + pad
        y = self.rect.bottom - pad - button_h
        measure = font(panels.px(13, s), "bold")
        for name, label, tip in specs:
            bw = min(measure.size(label)[0] + round(36 * s), self.rect.right - pad - x)
            if bw < 40:
                break
            self.buttons[name] = fitted_button(pygame.Rect(x, y, bw, button_h), label, self.manager, tip=tip,
                                               object_id="#primary_button" if name in ("next", "undo", "close") else None)
            x += bw + round(8 * s)

    # ------------------------------------------------------------------ input

    def handle_button(self, element: object, scene: GameScene) -> bool:
        """Run one of the coach's buttons; False if the element is not one of them."""
        name = next((k for k, b in self.buttons.items() if b is element), None)
        if name is None:
            return False
        if name == "next":
            self.coach.next()
            step = self.coach.current()
            if scene.overlay is not None and (step is None or step.overlay != scene.overlay):
                scene.close_overlay()  # the score table belonged to the lesson just read
        elif name == "undo":
            scene.undo()
        elif name == "leave":
            self.coach.leave_script()
        elif name == "close":
            self.hidden = True
        elif name == "rules":
            self._open_topic(scene)
        elif name == "restart" and self.on_restart is not None:
            self.on_restart()
            return True
        self._key = None
        scene.dirty = True
        return True

    def _open_topic(self, scene: GameScene) -> None:
        step = self.coach.current()
        topic = step.topic if step is not None else None
        try:
            scene.open_rules(topic)
        except TypeError:  # an older game screen: the rules without a topic
            scene.open_rules()

    def handle_event(self, event: pygame.event.Event, scene: GameScene) -> bool:
        """Clicks and pointing on the panel stay on it: the board beneath neither lights a region nor
        shows its tooltip (a unit being dragged or a board being panned still follows the pointer)."""
        if self.hidden or self.rect.w <= 0:
            self._pointer_inside = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self._pointer_inside = self.rect.collidepoint(event.pos)
            board_layer = scene.board_layer
            if not self._pointer_inside or board_layer.drag() is not None or board_layer.panning:
                return False
            if board_layer.hover_region is not None:
                board_layer.hover_region = None
                scene.dirty = True
            # off the board for the scene: a selected region's facts show at the region, not under the box
            board_layer.pointer = (-1, -1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            return self._pointer_inside  # the wheel over the box zooms no board beneath
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        return getattr(event, "button", 1) == 1 and self.rect.collidepoint(event.pos)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, scene: GameScene) -> None:
        if self.hidden or self.rect.w <= 0:
            return
        self._draw_marks(surface, scene)
        view = self.coach.view()
        s = scene.layout.scale
        pad = round(12 * s)
        edge = DEVIATION_EDGE if view.deviation else COACH_EDGE
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(3, 3), border_radius=10)
        pygame.draw.rect(surface, COACH_BG, self.rect, border_radius=10)
        pygame.draw.rect(surface, edge, self.rect, max(2, round(3 * s)), border_radius=10)
        head = panels.text(surface, view.title, (self.rect.x + pad, self.rect.y + pad), panels.px(16, s), edge, "bold",
                           max_width=self.rect.w * 0.62)
        panels.text(surface, self._progress_text(), (self.rect.right - pad, self.rect.y + pad + 2), panels.px(12, s),
                    COACH_MUTED, "regular", "topright", max_width=max(self.rect.w * 0.3, self.rect.w - 2 * pad - head.w - 12))
        body = font(panels.px(14, s))
        y = head.bottom + 6
        limit = self.rect.bottom - pad - max(28, round(32 * s)) - 4
        for line, _bold in self._lines:
            if y + body.get_linesize() > limit:
                break
            panels.text(surface, line, (self.rect.x + pad, y), panels.px(14, s), COACH_TEXT, max_width=self.rect.w - 2 * pad)
            y += body.get_linesize()

    def _draw_marks(self, surface: pygame.Surface, scene: GameScene) -> None:
        """Outlines the lesson's regions and rings its rondel space (on top of the highlights, so they stand out)."""
        s = scene.layout.scale
        width = max(3, round(4 * s))
        clip = surface.get_clip()
        surface.set_clip(scene.board.rect)
        # the outline only, no ring at the label: rings of neighbouring small regions (London, Sheffield,
        # Liverpool) tangled into each other and covered the city names
        marks = [region for region in self.region_marks() if region in scene.board.geometry.regions]
        for region in marks:
            scene.board.outline_region(surface, region, COACH_EDGE, width)
        surface.set_clip(clip)
        if marks:
            scene.board.redraw_over_marks(surface)  # the outlines cross neighbouring names and pieces: those on top
        panel = self.panel_mark(scene)
        if panel is not None:
            pygame.draw.rect(surface, COACH_EDGE, panel, width, border_radius=6)
        space = self.rondel_space()
        geometry = scene.chrome.rondel_geometry
        if space is not None and geometry is not None:
            cx, cy, inner, outer = geometry
            n = len(scene.session.state.board.rondel)
            a0 = -math.pi / 2 + (space - 0.5) * 2 * math.pi / n
            a1 = a0 + 2 * math.pi / n
            ring = [(cx + (outer + 3) * math.cos(a0 + (a1 - a0) * t / 10), cy + (outer + 3) * math.sin(a0 + (a1 - a0) * t / 10))
                    for t in range(11)]
            ring += [(cx + (inner - 3) * math.cos(a1 - (a1 - a0) * t / 10), cy + (inner - 3) * math.sin(a1 - (a1 - a0) * t / 10))
                     for t in range(11)]
            pygame.draw.polygon(surface, COACH_EDGE, ring, width)
            scene.chrome.redraw_rondel_names(surface)  # the ring cut "Importer" and "Investisseur"

    def _progress_text(self) -> str:
        total = len(self.coach.steps)
        done = min(self.coach.index + 1, total)
        return _("Coach · step {number} of {total}").format(number=done, total=total)

    def close(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        self._stop_listening()
        self.coach.detach()


def start_tutorial(app: App, restart: bool = False) -> None:
    """Open the guided game on the game screen: the saved one continued, or a new one."""
    from imperial_desktop.tutorial import start_coach

    coach = start_coach(restart)
    app.start_game(coach.session, coach=coach)


def learn_texts() -> tuple[str, str]:
    """The title screen's "Learn to play" button and its tool tip (saying when it continues)."""
    from imperial_desktop.tutorial import has_progress

    if has_progress():
        return (_("Learn to play (continue)"),
                _("Continue the guided first game where you left it; the coach's last box offers to start again"))
    return (_("Learn to play"), _("A guided first game against three computers: a coach says what to do and why, "
                                  "step by step"))
