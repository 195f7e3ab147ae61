"""The computer actions shown step by step where they happen, at the chosen pace.

Every action applied is logged and cut into visible steps (``session.turn_steps``); those of a
computer are queued in an :class:`~imperial_desktop.ui.animation.Animator`, and the next computer
action waits until the last one has been shown. The layer draws the step being shown on the board
(its regions pulsing, a unit sliding) and, in the decision area, the list of the turn's steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from imperial_desktop.core import Action, DecisionKind, Donate, Event, EventType, GameState, event_text
from imperial_desktop.i18n import _
from imperial_desktop.session.turn_steps import Step, visible_steps
from imperial_desktop.ui import panels
from imperial_desktop.ui.animation import Animator, Shown, Slide
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.palette import PANEL_MUTED, PANEL_TEXT
from imperial_desktop.ui.piece_layout import Piece
from imperial_desktop.ui.results import draw_final_standings

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

STEP_RING = (255, 214, 80)
# Computer steps that belong to an investor's (or the Swiss Bank's) decision, not to a nation's
# turn, and steps that only follow from the one before (they never start a new list).
INVESTOR_STEP_KINDS = frozenset({"investor_bonus", "invest"})
FOLLOW_UP_STEP_KINDS = frozenset({"card", "government", "swiss", "power", "game_over"})


@dataclass
class DecisionArea:
    """What the decision area showed while no human decided there: its heading, the step captions
    (or the final standings' lines) and the "is thinking" sentence."""

    title: str
    steps: list[str]
    thinking: str = ""


class ComputerTurnLayer(Layer):
    """Queues, paces and shows the computers' actions; logs every action."""

    rank = Rank.COMPUTER_TURN

    def __init__(self, scene: GameScene, seconds_per_move: float):
        self.scene = scene
        self.animator = Animator(seconds_per_move)
        self.turn_steps: list[str] = []  # captions of the computer turn being shown, up to the current one
        self.turn_title = ""
        self._turn_key: tuple[str, object] = ("", None)  # whose turn the listed steps belong to
        self._noted: Shown | None = None
        self.wants_results = False  # the game ended: the scores open once its last steps are shown

    @property
    def busy(self) -> bool:
        return self.animator.busy

    def current_step(self) -> Step | None:
        shown = self.animator.current()
        return shown.step if shown is not None else None

    # ------------------------------------------------------------------ actions in

    def on_action(self, action: Action, events: list[Event]) -> None:
        """The session applied ``action``: log it, and queue its steps if a computer played it."""
        scene = self.scene
        session = scene.session
        if scene.log.flush():
            scene.dirty = True
        state = session.state
        actor = session.history[-1].actor if session.history else None
        # played by a seat not at this screen (a computer): shown step by step
        computer = actor is not None and not session.local_seat(actor) and not isinstance(action, Donate)
        # a computer action shown step by step reaches the log when its showing ends, not before
        # the board has shown it
        scene.log.add(action, events, later=computer and self.animator.seconds_per_step > 0)
        scene.dirty = True
        names = list(session.setup.players)
        steps = visible_steps(action, events, state.board, names)
        if not computer:  # a person's own action is heard as it is applied, a computer's step by step
            scene.sounds.heard(step.kind for step in steps)
        for step in steps:
            slide = None
            if step.kind == "move" and step.events:
                e = step.events[0]
                start = scene.board.unit_anchor(state, e["origin"], e["nation"], e["unit"])
                end = scene.board.unit_anchor(state, e["destination"], e["nation"], e["unit"])
                slide = Slide(e["nation"], e["unit"], e["destination"], start, end)
            if computer:
                if self.animator.seconds_per_step <= 0:
                    self._note_step(step)  # shown at once: listed at once
                self.animator.add(step, slide)
        for e in events:
            if e.type == EventType.GAME_OVER:
                self.wants_results = True
            if e.type == EventType.TAXES and not computer and not any(x.type == EventType.GAME_OVER for x in events):
                scene.show_message(event_text(e, state.board, names), 4.0, info=True)

    def _note_step(self, step: Step) -> None:
        """List a computer step in the decision area as it begins to show; a new turn (another
        nation's, or an investor's or the Swiss Bank's decision) starts a new list and heading."""
        key = self._step_turn_key(step)
        if step.kind == "rondel" or key != self._turn_key:
            self.turn_steps = []
            self._turn_key = key
            self.turn_title = self.turn_heading(key, step.kind)
        self.turn_steps.append(step.caption)
        del self.turn_steps[:-30]
        self.scene.sounds.heard([step.kind])

    def _step_turn_key(self, step: Step) -> tuple[str, object]:
        """Whose turn a shown step belongs to: ("nation", id) or ("investor", player)."""
        if step.kind in INVESTOR_STEP_KINDS and step.player is not None:
            return ("investor", step.player)
        if step.kind in FOLLOW_UP_STEP_KINDS or not step.nation:
            return self._turn_key  # the investor card moving on, a new government: the same list
        return ("nation", step.nation)

    @staticmethod
    def state_turn_key(state: GameState) -> tuple[str, object]:
        """Whose turn the decision now waiting belongs to (the same keys as ``_step_turn_key``)."""
        decision = state.decision()
        if decision is not None and decision.kind in (DecisionKind.INVEST, DecisionKind.SWISS_FORCE):
            return ("investor", decision.player)
        nation = state.acting_nation()
        return ("nation", nation) if nation else ("player", state.current_player())

    def turn_heading(self, key: tuple[str, object], kind: str = "") -> str:
        """The decision area's heading for a computer's turn, investor or Swiss Bank decision."""
        session = self.scene.session
        names = session.setup.players
        state = session.state
        what, who = key
        if what == "investor":
            player = names[who] if isinstance(who, int) and 0 <= who < len(names) else ""
            if kind == DecisionKind.SWISS_FORCE:
                return _("Swiss Bank: {player}").format(player=player)
            return _("Investor: {player}").format(player=player)
        if what == "nation" and who:
            gov = state.government.get(who)
            name = state.board.name_of(who)
            turn = _("{nation} ({player})").format(nation=name, player=names[gov]) if gov is not None else name
            if session.local_seat(gov):  # e.g. its move forced by a Swiss Bank
                return _("Turn of {turn}").format(turn=turn)
            return _("Computer turn: {turn}").format(turn=turn)
        return _("What the computers did")

    # ------------------------------------------------------------------ per frame

    def advance(self, dt: float, held: bool) -> None:
        """Show the steps on (not while the computers are ``held``); the lines of an action shown to
        its end go into the log."""
        busy = self.animator.busy
        if not held:  # the computer turn being shown stands still too
            self.animator.update(dt)
        if not self.animator.busy and self.scene.log.flush():
            self.scene.dirty = True
        self.note_current()
        if busy:
            self.scene.dirty = True

    def note_current(self) -> None:
        current = self.animator.current()
        if current is not None and current is not self._noted:
            self._noted = current
            self._note_step(current.step)

    def results_due(self) -> bool:
        """Whether the game ended and its last steps have been shown (once: the scores open then)."""
        if self.wants_results and not self.animator.busy:
            self.wants_results = False
            return True
        return False

    def finish(self) -> None:
        """Show the rest at once (Space)."""
        self.animator.finish()

    def undone(self) -> None:
        """An action was taken back: nothing of it is shown any more."""
        self.animator.clear()
        if self.scene.log.flush():
            self.scene.dirty = True

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_step_marks(surface)
        self._draw_slide(surface)

    def _draw_step_marks(self, surface: pygame.Surface) -> None:
        """Where the step being shown happens: its regions' outlines, pulsing (no circle: on
        small regions circles tangle and cover the names)."""
        shown = self.animator.current()
        if shown is None or shown.step.kind == "move":
            return
        board = self.scene.board
        clip = surface.get_clip()
        surface.set_clip(board.rect)
        pulse = 0.5 + 0.5 * abs(1 - 2 * (shown.progress * 2 % 1))
        for region in shown.step.regions:
            if region not in board.geometry.regions:
                continue
            board.outline_region(surface, region, (120, 40, 30), 3 + round(3 * pulse))
            board.outline_region(surface, region, STEP_RING, 1 + round(3 * pulse))
        board.redraw_over_marks(surface)  # outlines cross neighbouring names and pieces: those stay on top
        surface.set_clip(clip)

    def _draw_slide(self, surface: pygame.Surface) -> None:
        shown = self.animator.current()
        if shown is None or shown.slide is None:
            return
        board = self.scene.board
        slide = shown.slide
        sprite = board.sprite_for(Piece(slide.region, slide.nation, slide.kind, 1), board.token_size(),
                                  self.scene.session.state)
        x, y = board.board_to_screen(slide.position(shown.progress))
        clip = surface.get_clip()
        surface.set_clip(board.rect)
        surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
        surface.set_clip(clip)

    def draw_area(self, surface: pygame.Surface, rect: pygame.Rect, state: GameState, step: Step | None) -> DecisionArea:
        """The decision area while no human decides there: the final standings, or what the
        computers are doing (the step being shown in bold), or whom the game waits for."""
        scene = self.scene
        s = scene.layout.scale
        player = state.current_player()
        if state.decision() is None and step is None:  # the last computer moves are shown first
            return DecisionArea(_("The game is over"), draw_final_standings(surface, rect, state, s))
        who = state.setup.players[state.current_player()] if state.current_player() is not None else ""
        now = self.state_turn_key(state)
        steps = self.turn_steps
        if step is not None:
            title = self.turn_title or _("What the computers did")
        elif player is not None and not scene.session.local_seat(player):
            decision = state.decision()
            title = self.turn_heading(now, decision.kind if decision is not None else "")
            if now != self._turn_key:
                steps = []  # a new turn: the last one's steps are not this one's
        else:
            title = _("Waiting for {player}").format(player=who)
            steps = []
        inner = panels.panel(surface, rect, title, s)
        size = panels.px(13, s)
        f = font(size)
        line_h = f.get_linesize() + 2
        y = inner.y + 2
        thinking = ""
        if step is None and scene.session.computer_thinking():
            # the whole sentence: cut after the player's name it read "is thinking about: (nation) must move fleets"
            thinking = _("{decision}: {player} is thinking...").format(decision=state.describe_decision(), player=who)
            for text_line in panels.wrap(thinking, f, inner.w):
                panels.text(surface, text_line, (inner.x, y), size, PANEL_TEXT, max_width=inner.w)
                y += line_h
        lines = self._wrapped_steps(steps, step, inner.w, size, (inner.bottom - y - line_h) // line_h)
        for text_line, bold in lines:
            panels.text(surface, text_line, (inner.x, y), size, PANEL_TEXT, "bold" if bold else "regular",
                        max_width=inner.w)
            y += line_h
        panels.text(surface, _("Space: show the rest at once · pace: Settings in the game menu (Esc)"),
                    (inner.x, inner.bottom - line_h + 2), panels.px(11, s), PANEL_MUTED, max_width=inner.w)
        return DecisionArea(title, list(steps), thinking)

    @staticmethod
    def _wrapped_steps(captions: list[str], step: Step | None, width: int, size: int, room: int) -> list[tuple[str, bool]]:
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


__all__ = ["FOLLOW_UP_STEP_KINDS", "INVESTOR_STEP_KINDS", "STEP_RING", "ComputerTurnLayer", "DecisionArea"]
