"""The game screen's log: one line per action and one per event it caused, with the players' names.

A computer action shown step by step waits in :attr:`GameLog.waiting` until its showing ends, so
the log never tells what the board has not shown yet.
"""

from __future__ import annotations

from imperial_desktop.core import Action, Event, EventType, GameState, event_text
from imperial_desktop.i18n import _
from imperial_desktop.session.controller import GameSession

MOST_LINES = 400  # the oldest lines go beyond this


class GameLog:
    """The lines of the log, those waiting for their action to be shown, and how far it is scrolled."""

    def __init__(self, session: GameSession):
        self.session = session
        self.lines: list[str] = []
        self.waiting: list[str] = []  # lines of the computer action being shown, logged when it ends
        self.positions: list[int | None] = []  # for each line, the position after its action (None: a note)
        self._waiting_at: list[int | None] = []
        self.scroll = 0
        self.most_scroll = 0  # how far the last drawing could scroll back
        self._replay()

    def _replay(self) -> None:
        """Fill the log from the game record (a loaded game shows its history too)."""
        record = self.session.record
        if not record.actions:
            return
        try:
            state = GameState.new(record.setup)
            names = list(record.setup.players)
            for position, action in enumerate(record.actions, start=1):
                lines = action_lines(action, state.apply(action), state.board, names)
                self.lines.extend(lines)
                self.positions.extend([position] * len(lines))
            self._trim()
        except Exception:  # noqa: BLE001 - a log that cannot be rebuilt is not worth a crash
            self.note(_("(the earlier log could not be rebuilt)"))

    def add(self, action: Action, events: list[Event], later: bool = False) -> None:
        """The action's line and its events' lines: into the log, or (``later``) into the lines waiting."""
        position = len(self.session.record.actions)  # the position after this action (time travel)
        lines = action_lines(action, events, self.session.state.board, list(self.session.setup.players))
        if later:
            self.waiting.extend(lines)
            self._waiting_at.extend([position] * len(lines))
            return
        self.lines.extend(lines)
        self.positions.extend([position] * len(lines))
        self._trim()
        self.scroll = 0

    def _trim(self) -> None:
        del self.lines[:-MOST_LINES]
        del self.positions[:-MOST_LINES]

    def position_of(self, line: int) -> int | None:
        """The game position after the action that line ``line`` of :attr:`lines` tells (None for a note)."""
        return self.positions[line] if 0 <= line < len(self.positions) else None

    def note(self, line: str) -> None:
        self.lines.append(line)
        self.positions.append(None)

    def flush(self) -> bool:
        """Move the lines of a computer action that has been shown into the log; True if there were any."""
        if not self.waiting:
            return False
        self.lines.extend(self.waiting)
        self.positions.extend(self._waiting_at)
        self.waiting.clear()
        self._waiting_at.clear()
        self._trim()
        self.scroll = 0
        return True

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.most_scroll, self.scroll + lines))


def action_lines(action: Action, events: list[Event], board, names: list[str]) -> list[str]:
    """The log's lines for one action: its own line, then one indented line per event it caused
    that the action's line does not say already (players named by their names)."""
    line = action.describe(board)
    for i, name in enumerate(names):  # actions say "Player 2"; the log uses the names
        line = line.replace(f"Player {i + 1} ", f"{name} ")
        line = line.replace(_("Player {number}").format(number=i + 1) + " ", f"{name} ")
    out = [line]
    restated = {"unit_moved", "rondel_moved", "donation"}  # the action's own line says it already
    restated |= {"import": {"unit_placed"}, "build_factory": {"factory_built"},
                 "invest": {"bond_bought", "bond_upgraded"}, "army_status": {"army_status"}}.get(action.type, set())
    for e in events:
        if e.type in restated or e.type == EventType.PHASE:
            continue
        out.append("  " + event_text(e, board, names))
    return out


__all__ = ["GameLog", "action_lines"]
