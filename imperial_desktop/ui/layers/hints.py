"""The Hint: what the Expert would do now, with two alternatives and a reason each.

Asked off the UI thread (a thread here, or a process in the app's window so that no frame
waits); the advice is shown in a box in a corner of the board and its regions outlined, and it
goes when the game moves on. It never plays for anybody.
"""

from __future__ import annotations

import concurrent.futures
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from imperial_desktop.ai.expert import BUDGET_SECONDS as EXPERT_SECONDS
from imperial_desktop.core import ChooseRondel
from imperial_desktop.i18n import _
from imperial_desktop.ui import panels
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.layers.stack import Layer, Rank
from imperial_desktop.ui.placement import point_rects, quietest_corner

if TYPE_CHECKING:
    from imperial_desktop.ui.game_scene import GameScene

HINT_SECONDS = EXPERT_SECONDS  # a hint is the Expert's own choice at its standard thinking time
# the first move white, the others dark blue: light blue vanished on the seas and coasts
# (contrast 1.05-1.3; dark blue has 5.4-7.7 there and at least 1.8 on every land)
HINT_COLOURS = ((255, 255, 255), (20, 40, 160), (20, 40, 160))
_HINT_POOL: concurrent.futures.ThreadPoolExecutor | None = None


@dataclass
class HintBox:
    """The hint's box as drawn: its lines, the last of them (how to read the marks), and where it stands."""

    lines: list[str]
    footer: str
    rect: pygame.Rect


class HintLayer(Layer):
    """Asks for, keeps and shows the advice for the decision of now."""

    rank = Rank.HINT

    def __init__(self, scene: GameScene):
        self.scene = scene
        self.advice: list | None = None  # the Expert's advice for the decision of now (a list of Advice)
        self.job: tuple[int, concurrent.futures.Future] | None = None  # (state version, the advice coming)
        self._version = scene.session.version

    def ask(self) -> None:
        """Ask the Expert what the deciding human should do now; a second press hides the advice."""
        scene = self.scene
        if scene.session.state.is_terminal():
            scene.show_message(_("The game is over: there is nothing left to advise"), info=True)
            return
        if scene.human_decision() is None:
            scene.show_message(_("A hint is for the player deciding now, on their own turn"))
            return
        if self.advice is not None:
            self.advice = None
            scene.dirty = True
            return
        if self.job is not None:
            return
        state = scene.session.state.clone()
        if scene.hint_in_process:  # the app's window: a search in a thread would hold up the frames
            from imperial_desktop.session.thinking import advise_later

            future = advise_later(state, scene.hint_seconds)
        else:
            global _HINT_POOL
            if _HINT_POOL is None:
                _HINT_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
            from imperial_desktop.ai.hint import advise

            future = _HINT_POOL.submit(advise, state, scene.hint_seconds)
        self.job = (scene.session.version, future)
        scene.show_message(_("Thinking about a hint..."), scene.hint_seconds + 1, info=True)

    def refresh(self) -> None:
        """Take the advice when it has come; drop it when the game has moved on."""
        self._collect()
        version = self.scene.session.version
        if self.advice is not None and self._version != version:
            self.advice = None  # advice belongs to the decision it was asked for
        if self.advice is None:
            self._version = version

    def _collect(self) -> None:
        job = self.job
        if job is None or not job[1].done():
            return
        self.job = None
        scene = self.scene
        version, future = job
        if version != scene.session.version:
            return  # the game went on meanwhile: that advice is stale
        try:
            self.advice = future.result()
        except Exception as exc:  # noqa: BLE001 - a failed hint is a message, not a crash
            scene.show_message(_("No hint this time ({reason})").format(reason=type(exc).__name__))
            return
        scene.toasts.clear()
        if not self.advice:
            scene.show_message(_("No hint for this decision"))
            self.advice = None
        scene.dirty = True

    def best_action(self):
        """The first advice's action (None without advice)."""
        return self.advice[0].action if self.advice else None

    def rondel_space(self) -> int | None:
        """The rondel space the first advice chooses, if it chooses one."""
        best = self.best_action()
        return best.space if isinstance(best, ChooseRondel) else None

    def regions(self) -> dict[str, tuple[int, int, int]]:
        """The advised moves' regions and their colours (the first advice's over the others')."""
        out: dict[str, tuple[int, int, int]] = {}
        for advice, colour in reversed(list(zip(self.advice or [], HINT_COLOURS))):
            for region in advice.regions:
                out[region] = colour
        return out

    def draw(self, surface: pygame.Surface) -> HintBox | None:
        """The advice in a box in a corner of the board (see ``_box_rect``); its regions are outlined on the board."""
        if not self.advice or self.scene.overlay not in (None, "summary"):  # the summary stands under the board
            return None
        scene = self.scene
        s = scene.layout.scale
        size = panels.px(13, s)
        f, fb = font(size), font(size, "bold")
        board = scene.layout.board
        w = min(board.w - 40, round(620 * s))
        lines: list[tuple[str, bool]] = [(part, True) for part in panels.wrap(
            _("Hint: what the Expert would do (it plays nothing for you)"), fb, w - 24)]
        if len(self.advice) > 1:  # the reasons compare options in expected points
            lines += [(part, False) for part in panels.wrap(
                _("Expected points: how much the Expert thinks a choice adds to your final score."), f, w - 24)]
        for i, advice in enumerate(self.advice):
            for j, part in enumerate(panels.wrap(f"{i + 1}. {advice.reason}", fb if i == 0 else f, w - 24)):
                lines.append((part if j == 0 else "   " + part, i == 0))
        footer = (_("Outlined on the board: white the first, blue the others. Press Hint again to hide.")
                  if any(a.regions for a in self.advice) else
                  _("The first is marked on the rondel or in the list. Press Hint again to hide."))
        lines += [(part, False) for part in panels.wrap(footer, f, w - 24)]
        line_h = f.get_linesize() + 1
        rect = self._box_rect((w, line_h * len(lines) + 14))
        pygame.draw.rect(surface, (30, 40, 52), rect, border_radius=8)
        pygame.draw.rect(surface, (150, 210, 255), rect, 2, border_radius=8)
        y = rect.y + 7
        for text_line, bold in lines:
            panels.text(surface, text_line, (rect.x + 12, y), size, (245, 245, 240), "bold" if bold else "regular",
                        max_width=w - 24)
            y += line_h
        return HintBox([text_line for text_line, _bold in lines], footer, rect)

    def _box_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the hint's box stands: the board's bottom-left corner unless another corner hides less of
        the coach's box, of the advised moves' regions (the first's before the others') and of the
        regions the decision is about (a box must not hide the sea its first move goes to)."""
        scene = self.scene

        def labels(regions) -> list[pygame.Rect]:
            return point_rects([scene.region_point(r) for r in regions if r in scene.board.geometry.regions])

        coach = scene.coach.rect if scene.coach is not None and scene.coach.rect.w > 0 else None
        advice = list(self.advice or [])
        keep_clear = [[coach] if coach is not None else [], labels(advice[0].regions if advice else ()),
                      labels([r for a in advice[1:] for r in a.regions]), labels(scene.board_layer.decision_regions())]
        return quietest_corner(size, scene.layout.board.inflate(-24, -24), keep_clear,
                               ("bottomleft", "bottomright", "topleft", "topright"))


__all__ = ["HINT_COLOURS", "HINT_SECONDS", "HintBox", "HintLayer"]
