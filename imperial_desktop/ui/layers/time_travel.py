"""The time travel layer: the timeline bar in the top bar's place, the keys that move through the
game, the clicks on the timeline and on the log, the past marked as the past, and the way back.

While the screen shows the past (``scene.time_travel.active``) this layer sees input before the
others (``captures``): the travel keys, the timeline and the log are its own, every other key
is dropped but those that only show things (L, S, M; F1 opens the topic "Looking back"); the
computers wait. In the present it
takes Backspace (look back) and a click on a log line (travel to that action), and, once the game
is over, shows "Watch the game again".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from imperial_desktop.i18n import _
from imperial_desktop.ui import panels
from imperial_desktop.ui.dialogs import fitted_button
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.game_log import action_lines
from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.palette import HEADER_BG, PANEL_MUTED, PANEL_TEXT
from imperial_desktop.ui.results import watch_again_row
from imperial_desktop.ui.timeline_bar import TimelineArt, TimelineBar, TimelineMarks

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

PAST: tuple[int, int, int] = (214, 160, 60)  # the colour that marks the past: the frame and the badge
PAST_BAR: tuple[int, int, int] = (66, 54, 38)
_SHOWING_KEYS = (pygame.K_l, pygame.K_s, pygame.K_m)  # they only show things: allowed in the past
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass
class TimeTravelDrawing:
    """What the layer showed: the position, the top bar's words and the side panel's lines."""

    index: int
    last: int
    banner: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    hover: list[str] = field(default_factory=list)


class TimeTravelLayer(Layer):
    """The timeline bar, the travel keys and clicks, the past's marks (see the module)."""

    rank = Rank.COMPUTER_TURN  # over the panels and the board, under the overlays and windows

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.travel = scene.time_travel
        self.art = TimelineArt()
        self.dragging = False
        self.hover_index: int | None = None
        self.back_button: pygame_gui.elements.UIButton | None = None
        self.watch_button: pygame_gui.elements.UIButton | None = None
        self._marks: tuple[int, TimelineMarks] | None = None
        self._hidden_buttons = False
        self._button_size: tuple[int, int] | None = None

    # ------------------------------------------------------------------ where things are

    def marks(self) -> TimelineMarks | None:
        timeline = self.travel.timeline
        if timeline is None:
            return None
        if self._marks is None or self._marks[0] != timeline.last or self._marks[1].last != timeline.last:
            self._marks = (timeline.last, TimelineMarks.of(timeline))
        return self._marks[1]

    def _label_width(self) -> int:
        s = self.scene.layout.scale
        f = font(panels.px(13, s), "bold")
        words = [self._badge(), _("Round {round} · action {index} of {last}").format(round=99, index=9999, last=9999)]
        return min(round(self.scene.layout.size[0] * 0.3), max(f.size(w)[0] for w in words) + 24)

    def bar(self) -> TimelineBar:
        """The timeline strip's place: in the top bar, between the words and the Back button."""
        lay = self.scene.layout
        top = lay.top_bar
        right = self.back_button.relative_rect.x if self.back_button is not None else top.right - 200
        left = top.x + self._label_width()
        h = max(8, round(top.h * 0.32))
        labels = max(0, round(top.h * 0.3))
        track = pygame.Rect(left + 10, top.y + labels + (top.h - labels - h) // 2, max(40, right - left - 28), h)
        return TimelineBar(track, self.travel.last)

    def _badge(self) -> str:
        if self.travel.review:
            return self.travel.title or _("Watching a game")
        return _("Looking back")

    # ------------------------------------------------------------------ input

    def _window_open(self) -> bool:
        """A window over the game (menu, rules, question, settings): its keys are its own."""
        return any(layer is not self and layer.holds_computers() for layer in self.scene.layers)

    def captures(self, event: pygame.event.Event) -> bool:
        if not self.travel.active:
            return False
        if event.type == pygame.KEYDOWN:
            if self._window_open():
                return False
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return False  # the board and the tips still follow the pointer
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.back_button is not None and event.ui_element is self.back_button:
                self.travel.leave()
                return True
            if self.watch_button is not None and event.ui_element is self.watch_button:
                self.travel.travel_to(0)
                return True
            return False
        if self.travel.active:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.scene.look_back()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.scene.layout.log.collidepoint(event.pos):
            position = self._log_position(event.pos)
            if position is not None:
                self.travel.travel_to(position)
                return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        travel, key = self.travel, event.key
        index = travel.index
        if key == pygame.K_ESCAPE and self.scene.overlay is not None:
            return False  # Esc closes the scores or the legend first
        if key in (pygame.K_LEFT, pygame.K_BACKSPACE):
            travel.travel_to(index - 1)
        elif key == pygame.K_RIGHT:
            travel.travel_to(index + 1)
        elif key in (pygame.K_UP, pygame.K_PAGEUP, pygame.K_DOWN, pygame.K_PAGEDOWN):
            forward = key in (pygame.K_DOWN, pygame.K_PAGEDOWN)
            rounds = bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT))
            travel.travel_to(self._next_start(index, forward, rounds))
        elif key == pygame.K_HOME:
            travel.travel_to(0)
        elif key == pygame.K_END:
            travel.return_to_present()
        elif key == pygame.K_ESCAPE or key in _ENTER:
            travel.leave() if key == pygame.K_ESCAPE else travel.return_to_present()
        elif key == pygame.K_F1:
            self.scene.open_rules("looking_back")
        elif key in _SHOWING_KEYS:
            return False
        return True  # every other key is dropped: nothing is played in the past

    def _next_start(self, index: int, forward: bool, rounds: bool) -> int:
        """The first position of the next (or this or the previous) nation turn or round."""
        timeline = self.travel.timeline
        if timeline is None:
            return index
        starts = [0] + (timeline.round_starts() if rounds else timeline.turn_starts()) + [timeline.last]
        if forward:
            return next((s for s in starts if s > index), timeline.last)
        return next((s for s in reversed(starts) if s < index), 0)

    def _press(self, pos: tuple[int, int]) -> bool:
        scene = self.scene
        bar = self.bar()
        if bar.hit_rect().collidepoint(pos):
            self.dragging = True
            self.travel.travel_to(bar.index_at(pos[0]))
            return True
        if scene.layout.log.collidepoint(pos):
            position = self._log_position(pos)
            if position is not None:
                self.travel.travel_to(position)
            return True
        return scene.layout.top_bar.collidepoint(pos) or scene.layout.decision.collidepoint(pos)

    def _motion(self, pos: tuple[int, int]) -> None:
        bar = self.bar()
        if self.dragging:
            index = bar.index_at(pos[0])
            if index != self.travel.index:
                self.travel.travel_to(index)
        hover = bar.index_at(pos[0]) if bar.hit_rect().collidepoint(pos) else None
        if hover != self.hover_index:
            self.hover_index = hover
            self.scene.dirty = True

    def _log_position(self, pos: tuple[int, int]) -> int | None:
        """The position of the action whose line is at ``pos`` in the log (as the log was drawn)."""
        log = self.scene.log
        line = log_line_at(self.scene.layout.log, log.lines, self.scene.layout.scale, log.scroll, pos)
        return None if line is None else log.position_of(line)

    # ------------------------------------------------------------------ per frame

    def update(self, dt: float) -> None:
        scene = self.scene
        if scene.manager is None:
            return
        active = self.travel.active
        if active and (self.back_button is None or self._button_size != scene.layout.size):
            self._make_back_button()
        elif not active and self.back_button is not None:
            self.back_button.kill()
            self.back_button = None
        if active != self._hidden_buttons:
            for button in scene.commands.buttons.values():
                button.hide() if active else button.show()
            self._hidden_buttons = active
        over = not active and scene.session.state.is_terminal() and not scene.presenter.busy
        if over and (self.watch_button is None or self._button_size != scene.layout.size):
            self._make_watch_button()
        elif not over and self.watch_button is not None:
            self.watch_button.kill()
            self.watch_button = None
        if not active:
            self.dragging = False
            self.hover_index = None

    def _make_back_button(self) -> None:
        scene = self.scene
        if self.back_button is not None:
            self.back_button.kill()
        top = scene.layout.top_bar
        label = _("Back") if self.travel.review else _("Back to the present")
        tip = (_("Leave this game (Esc)") if self.travel.review
               else _("The game as it is now, to play on (Enter, Esc or End)"))
        w = font(13, "bold").size(label)[0] + 28
        self.back_button = fitted_button(pygame.Rect(top.right - 6 - w, top.y + 4, w, top.h - 8), label, scene.manager,
                                         tip=tip, object_id="#primary_button")
        self._button_size = scene.layout.size

    def _make_watch_button(self) -> None:
        scene = self.scene
        if self.watch_button is not None:
            self.watch_button.kill()
        row = watch_again_row(scene.layout.decision, scene.layout.scale)
        label = _("Watch the game again")
        w = min(row.w, font(13, "bold").size(label)[0] + 32)
        rect = pygame.Rect(row.right - w, row.y, w, row.h)
        self.watch_button = fitted_button(rect, label, scene.manager, object_id="#primary_button",
                                          tip=_("Step through the whole game from the start (Backspace: look back "
                                                "from the end)"))
        self._button_size = scene.layout.size

    def resize(self, size: tuple[int, int]) -> None:
        self._button_size = None
        if self._hidden_buttons:  # the top bar's buttons were made again, shown
            for button in self.scene.commands.buttons.values():
                button.hide()

    def holds_computers(self) -> bool:
        return self.travel.active

    def close(self) -> None:
        if self.travel.active:
            self.travel.review = False
            self.travel.return_to_present()
        for button in (self.back_button, self.watch_button):
            if button is not None:
                button.kill()
        self.back_button = self.watch_button = None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> TimeTravelDrawing | None:
        travel = self.travel
        if not travel.active or travel.timeline is None:
            return None
        scene = self.scene
        lay = scene.layout
        s = lay.scale
        timeline = travel.timeline
        moment = timeline.moment(travel.index)
        drawing = TimeTravelDrawing(travel.index, timeline.last)
        # the frame: the whole screen under the top bar is the past
        below = pygame.Rect(0, lay.top_bar.bottom, lay.size[0], lay.size[1] - lay.top_bar.bottom)
        pygame.draw.rect(surface, PAST, below, max(4, round(5 * s)))
        # the top bar: the words, the strip, (the Back button is a widget)
        top = lay.top_bar
        pygame.draw.rect(surface, PAST_BAR, top)
        pygame.draw.line(surface, PAST, (top.x, top.bottom - 2), (top.right, top.bottom - 2), 2)
        size = panels.px(13, s)
        badge = self._badge()
        where = _("Round {round} · action {index} of {last}").format(round=moment.round, index=travel.index,
                                                                       last=timeline.last)
        room = self._label_width() - 16
        line_h = font(size, "bold").get_linesize()
        y = top.centery - line_h
        panels.text(surface, badge, (top.x + 12, y), size, PAST, "bold", max_width=room)
        panels.text(surface, where, (top.x + 12, y + line_h), size, (240, 232, 214), "bold", max_width=room)
        drawing.banner = [badge, where]
        marks = self.marks()
        bar = self.bar()
        if marks is not None:
            self.art.draw(surface, bar, marks, travel.index, s, labels_above=bar.track.y - top.y - 2)
        drawing.lines = self._draw_side(surface, lay.decision, moment)
        if self.hover_index is not None:
            drawing.hover = self._draw_hover(surface, bar, self.hover_index)
        return drawing

    def _moment_words(self, index: int) -> str:
        """ "Round 5 · Italy (Anna)" for a position."""
        timeline = self.travel.timeline
        assert timeline is not None
        moment = timeline.moment(index)
        state_board = self.scene.session.state.board
        names = self.scene.session.setup.players
        words = _("Round {round}").format(round=moment.round)
        if moment.nation:
            nation = state_board.name_of(moment.nation)
            if moment.player is not None:
                nation = _("{nation} ({player})").format(nation=nation, player=names[moment.player])
            words += " · " + nation
        return words

    def _action_words(self, index: int) -> str:
        """What the action that led to ``index`` did (the set-up for 0)."""
        timeline = self.travel.timeline
        assert timeline is not None
        if index <= 0:
            return _("The set-up, before the first action")
        return _("Action {index}: {action}").format(index=index, action=self._line(timeline.actions[index - 1]))

    def _draw_side(self, surface: pygame.Surface, rect: pygame.Rect, moment) -> list[str]:
        """The decision area in the past: where the game stood, what was just done, what came next,
        and the keys."""
        scene = self.scene
        s = scene.layout.scale
        state = scene.session.state
        title = self._badge()
        inner = panels.panel(surface, rect, title, s)
        pygame.draw.rect(surface, PAST, rect, 2)
        size = panels.px(13, s)
        f, fb = font(size), font(size, "bold")
        y = inner.y + 2
        out: list[str] = []

        def para(value: str, bold: bool = False, colour=PANEL_TEXT) -> None:
            nonlocal y
            for line in panels.wrap(value, fb if bold else f, inner.w):
                if y + f.get_linesize() > inner.bottom:
                    return
                panels.text(surface, line, (inner.x, y), size, colour, "bold" if bold else "regular", max_width=inner.w)
                out.append(line)
                y += f.get_linesize()
            y += round(4 * s)

        para(self._moment_words(moment.index), bold=True)
        para(self._action_words(moment.index))
        decision = state.describe_decision() if state.decision() is not None else _("The game is over")
        para(_("Next: {decision}").format(decision=decision) if state.decision() is not None else decision)
        nation, turn = self._turn_so_far(moment.index)
        if len(turn) > 1:  # the nation turn of the last action, up to it, as the computer turn panel lists it
            para(_("{nation}, this turn so far:").format(nation=nation), bold=True, colour=PANEL_MUTED)
            for k, line in enumerate(turn):
                para(("▸ " if k == len(turn) - 1 else "   ") + line, bold=k == len(turn) - 1)
        keys = [_("← → one action · ↑ ↓ one nation turn"),
                _("Home: the start · End: the end") if self.travel.review else _("Home: the start · End: the present")]
        keys.append(_("Click the timeline or a log line to go there."))
        keys.append(_("Esc: back") if self.travel.review else _("Enter or Esc: back to the present"))
        small = panels.px(11, s)
        fs = font(small)
        keys = [part for line in keys for part in panels.wrap(line, fs, inner.w)]
        y_keys = inner.bottom - len(keys) * fs.get_linesize()
        if y_keys >= y:
            for line in keys:
                panels.text(surface, line, (inner.x, y_keys), small, PANEL_MUTED, max_width=inner.w)
                out.append(line)
                y_keys += fs.get_linesize()
        return out

    def _turn_so_far(self, index: int, most: int = 8) -> tuple[str, list[str]]:
        """The nation whose turn the last action before ``index`` belongs to, and what that turn's
        actions did up to it (the last ``most``)."""
        timeline = self.travel.timeline
        assert timeline is not None
        start = max([0] + [s for s in timeline.turn_starts() if s < index])
        nation = timeline.moment(start).nation
        name = self.scene.session.state.board.name_of(nation) if nation else ""
        return name, [self._line(action) for action in timeline.actions[max(start, index - most):index]]

    def _line(self, action) -> str:
        """An action as the log words it (the players by their names)."""
        session = self.scene.session
        return action_lines(action, [], session.state.board, list(session.setup.players))[0]

    def _draw_hover(self, surface: pygame.Surface, bar: TimelineBar, index: int) -> list[str]:
        """What the position under the pointer is, in a small box under the strip."""
        s = self.scene.layout.scale
        size = panels.px(12, s)
        f = font(size)
        most = round(480 * s)
        lines = [self._moment_words(index)] + panels.wrap(self._action_words(index), f, most - 16)[:3]
        w = min(most, max(f.size(line)[0] for line in lines) + 16)
        h = len(lines) * f.get_linesize() + 10
        x = max(4, min(self.scene.layout.size[0] - w - 4, bar.x_of(index) - w // 2))
        box = pygame.Rect(x, self.scene.layout.top_bar.bottom + 4, w, h)
        pygame.draw.rect(surface, HEADER_BG, box, border_radius=4)
        pygame.draw.rect(surface, PAST, box, 1, border_radius=4)
        for i, line in enumerate(lines):
            panels.text(surface, line, (box.x + 8, box.y + 5 + i * f.get_linesize()), size, (240, 232, 214),
                        "bold" if i == 0 else "regular", max_width=w - 16)
        return lines


def log_line_at(rect: pygame.Rect, lines: list[str], scale: float, scroll: int, pos: tuple[int, int]) -> int | None:
    """The index in ``lines`` of the log line drawn at ``pos`` (as ``panels.draw_log`` lays the log
    out: newest at the bottom, long lines wrapped, ``scroll`` wrapped lines back), or None."""
    inner, line_h, _wrapped = panels.log_layout(rect, [], scale)
    if not inner.collidepoint(pos) or not lines:
        return None
    visible = max(1, int((rect.h - max(18, round(22 * scale)) - 6) // line_h))
    size = panels.px(12, scale)
    rows: list[int] = []  # the source line of each wrapped row, oldest first
    needed = visible + scroll + 12
    for source in range(len(lines) - 1, -1, -1):
        line = lines[source]
        heading = not line.startswith(" ")
        parts = panels.wrap(line, font(size, "bold" if heading else "regular"), inner.w - 4)
        rows[:0] = [source] * len(parts)
        if len(rows) >= needed:
            break
    most = max(0, len(rows) - visible)
    scroll = max(0, min(scroll, most))
    shown = rows[max(0, len(rows) - visible - scroll): len(rows) - scroll]
    row = (pos[1] - inner.y) // line_h
    return shown[row] if 0 <= row < len(shown) else None


__all__ = ["TimeTravelDrawing", "TimeTravelLayer", "log_line_at"]
