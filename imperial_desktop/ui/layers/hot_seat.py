"""Players sharing one screen with hidden cash: whose cash shows, and the hand-over screen.

When the next person at the screen is another than the last, an opaque screen says whose turn
it is and takes all input (before any widget) until that person clicks or presses Enter; for a
moment after, the repeat of what took it away (the second click of a double click, a second
Enter) is dropped, or it played a move before the next player had seen the board.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from imperial_desktop.core import GameState
from imperial_desktop.i18n import _
from imperial_desktop.ui import panels
from imperial_desktop.ui.layers.stack import Layer, Rank

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

HANDOVER_ECHO_SECONDS = 0.5  # a double click's time: its second click does not reach the board
_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
_WINDOW_EVENTS = (pygame.QUIT, pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)


class HandoverLayer(Layer):
    """The hand-over screen for ``player``; once taken away it stays for a double click's time to
    drop the echo of what took it away, then leaves the stack."""

    rank = Rank.HANDOVER

    def __init__(self, scene: GameScene, player: int):
        self.scene = scene
        self.player: int | None = player  # None once taken away
        self._gone: tuple[float, str] | None = None  # when and how it was taken away

    def cover(self, player: int) -> None:
        """Show the screen (again) for ``player``."""
        self.player = player

    def intercept(self, event: pygame.event.Event) -> bool:
        if self.player is None:
            return self._echo(event)
        # the second click of a double click on Confirm turn does not take the screen away
        confirming = time.monotonic() - self.scene.hot_seat.confirmed_at < HANDOVER_ECHO_SECONDS
        # not Space: it also skips a computer turn being shown, and pressed for that it took the
        # hand-over screen away before the next player sat down
        enter = event.type == pygame.KEYDOWN and getattr(event, "key", None) in _ENTER
        taken = event.type == pygame.MOUSEBUTTONDOWN or enter
        if taken and not confirming:
            self.player = None
            self.scene.decisions.rebuild()
            self.scene.dirty = True
            self._gone = (time.monotonic(), "mouse" if event.type == pygame.MOUSEBUTTONDOWN else "enter")
        return event.type not in _WINDOW_EVENTS

    def _echo(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` repeats, at once, the click or Enter that took the screen away (within a
        double click's time, nothing else pressed between): it is dropped. Other input, or later:
        the player is at the board and this layer goes."""
        if self._gone is None or event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            return False
        when, how = self._gone
        enter = event.type == pygame.KEYDOWN and getattr(event, "key", None) in _ENTER
        echo = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) if how == "mouse" else enter
        if not echo or time.monotonic() - when > HANDOVER_ECHO_SECONDS:
            self._gone = None
            self.scene.layers.pop(self)
            return False
        return True

    def covers_widgets(self) -> bool:
        return self.player is not None

    def draw(self, surface: pygame.Surface) -> str | None:
        """An opaque screen: nobody sees the next player's cash before that player takes over.
        Returns the line naming the decision waiting ("" when none does)."""
        if self.player is None:
            return None
        scene = self.scene
        surface.fill((26, 22, 18))
        name = scene.session.setup.players[self.player]
        w, h = surface.get_size()
        scale = scene.layout.scale
        panels.text(surface, _("{player}, it is your turn").format(player=name), (w / 2, h / 2 - 24), panels.px(30, scale),
                    (250, 240, 220), "bold", "center", max_width=w - 40)
        panels.text(surface, _("Click or press Enter when the others are not looking."), (w / 2, h / 2 + 22),
                    panels.px(16, scale), (220, 210, 190), "regular", "center", max_width=w - 40)
        decision = ""
        if scene.session.state.decision() is not None:  # which nation and what (nothing secret)
            decision = scene.session.state.describe_decision()
            panels.text(surface, decision, (w / 2, h / 2 + 60), panels.px(16, scale), (200, 190, 170), "regular", "center",
                        max_width=w - 40)
        return decision


class HotSeat:
    """Who is seated at a shared screen: whose cash shows, and when the hand-over screen comes."""

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.last_human: int | None = None  # the human who decided last at this screen
        self.confirmed_at = float("-inf")  # when a turn was confirmed (its click or Enter does not pass the hand-over)

    def _layer(self) -> HandoverLayer | None:
        return self.scene.layers.find(HandoverLayer)

    @property
    def handover_to(self) -> int | None:
        """The player the hand-over screen waits for (None when it is not shown)."""
        layer = self._layer()
        return layer.player if layer is not None else None

    def humans(self) -> int:
        """How many players share this screen."""
        return len(self.scene.session.local_players())

    def check(self) -> None:
        """With hidden cash, the next human takes the mouse before seeing their options."""
        scene = self.scene
        session = scene.session
        player = session.state.current_player()
        if not session.waits_for_local_input() or session.awaiting_confirmation():
            return  # the hand-over comes when the turn before is confirmed
        if self.humans() > 1 and scene.hide_cash and player != self.last_human:
            if scene.presenter.busy:  # the computers' moves are shown to everybody first
                return
            # also at the start, and after Continue or Load: whoever opened the game may not be
            # the player deciding now
            layer = self._layer()
            if layer is None:
                scene.layers.push(HandoverLayer(scene, player))
            else:
                layer.cover(player)
            # a question asked before the hand-over belongs to the one who asked: its answer, arriving
            # now, would be taken by the hand-over screen and leave the question's action waiting for
            # the next player's Enter
            scene.close_question()
            scene.dirty = True
        self.last_human = player

    def cash_hidden_for(self, state: GameState) -> set[int]:
        """Hot seat with hidden cash: every player but the human deciding now (none otherwise)."""
        scene = self.scene
        if not scene.hide_cash:
            return set()
        current = state.current_player()
        # nobody's while a computer turn is shown to everybody or the next player has not sat down
        seated = not scene.presenter.busy and self.handover_to is None and current == self.last_human
        show = current if scene.session.local_seat(current) and seated else None
        if scene.session.awaiting_confirmation():  # who played the turn is still at the screen
            show = scene.session.history[-1].actor
        return {p for p in range(state.num_players) if p != show}

    def toggle_hide_cash(self) -> None:
        """Hide or show the other players' cash; showing it in a hot seat asks first (everybody at
        the screen sees it, and the hand-over screens stop)."""
        if self.scene.hide_cash and self.humans() > 1:
            self.scene.ask(_("Show all cash"), _("Show every player's cash? Everybody at the screen will see it, and the "
                                                 "screen between the players' turns no longer appears."), _("Show"),
                           self._flip)
            return
        self._flip()

    def _flip(self) -> None:
        self.scene.hide_cash = not self.scene.hide_cash
        self.scene.commands.sync()
        self.scene.dirty = True


__all__ = ["HANDOVER_ECHO_SECONDS", "HandoverLayer", "HotSeat"]
