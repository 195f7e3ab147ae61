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
            for action in record.actions:
                self.add(action, state.apply(action))
        except Exception:  # noqa: BLE001 - a log that cannot be rebuilt is not worth a crash
            self.lines.append(_("(the earlier log could not be rebuilt)"))

    def add(self, action: Action, events: list[Event], later: bool = False) -> None:
        """The action's line and its events' lines: into the log, or (``later``) into the lines waiting."""
        into = self.waiting if later else self.lines
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
            if e.type in restated or e.type == EventType.PHASE:
                continue
            into.append("  " + event_text(e, board, names))
        del self.lines[:-MOST_LINES]
        self.scroll = 0

    def note(self, line: str) -> None:
        self.lines.append(line)

    def flush(self) -> bool:
        """Move the lines of a computer action that has been shown into the log; True if there were any."""
        if not self.waiting:
            return False
        self.lines.extend(self.waiting)
        self.waiting.clear()
        del self.lines[:-MOST_LINES]
        self.scroll = 0
        return True

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.most_scroll, self.scroll + lines))


__all__ = ["GameLog"]
