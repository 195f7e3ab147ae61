"""Statistics of the games played: per person (by name) and per computer level.

Definitions (the Games screen's tool tips say the same):

- **games**: finished games in the history with that person or that level at a seat (a level
  that played two seats of one game counts that game twice: each seat is one result);
- **wins**: results ranked first; a first place shared (everything equal after the tie-break,
  clarification 27) is a win for each player sharing it;
- **average place**: the mean of the ranks (1 = first);
- **average score**: the mean final score (bond interest x power factor, plus cash);
- **governments**: the mean number of nations the seat governed when the game ended;
- **turns governed**: the share of all nation turns that were taken by a nation the seat
  governed at the turn's first decision ("time in government").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from imperial_desktop.session.history import HistoryEntry
from imperial_desktop.session.seats import HUMAN


@dataclass
class Tally:
    """The results of one person or one computer level."""

    key: str  # a person's name, or a computer level
    games: int = 0
    wins: int = 0
    rank_sum: int = 0
    score_sum: int = 0
    governments_sum: int = 0
    turns_governed: int = 0
    turns_total: int = 0

    def add(self, entry: HistoryEntry, seat: int) -> None:
        placing = entry.placing_of(seat)
        self.games += 1
        self.wins += seat in entry.story.winners
        self.rank_sum += placing.rank
        self.score_sum += placing.total
        self.governments_sum += len(entry.story.governed_at_end[seat])
        self.turns_governed += entry.story.turns_governed[seat]
        self.turns_total += entry.story.nation_turns

    @property
    def average_place(self) -> float:
        return self.rank_sum / self.games if self.games else 0.0

    @property
    def average_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0

    @property
    def average_governments(self) -> float:
        return self.governments_sum / self.games if self.games else 0.0

    @property
    def governed_share(self) -> float:
        """The share (0-1) of the nation turns governed."""
        return self.turns_governed / self.turns_total if self.turns_total else 0.0

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0


def _sorted(tallies: dict[str, Tally]) -> list[Tally]:
    """Most games first, then most wins, then by name."""
    return sorted(tallies.values(), key=lambda t: (-t.games, -t.wins, t.key.casefold()))


def people_statistics(entries: Iterable[HistoryEntry]) -> list[Tally]:
    """One tally per name of a person's seat (the same name in different games is the same person)."""
    tallies: dict[str, Tally] = {}
    for entry in entries:
        for seat, s in enumerate(entry.seats):
            if s.kind == HUMAN:
                tallies.setdefault(s.name, Tally(s.name)).add(entry, seat)
    return _sorted(tallies)


def level_statistics(entries: Iterable[HistoryEntry]) -> list[Tally]:
    """One tally per computer level (every computer seat at that level, whatever its name)."""
    tallies: dict[str, Tally] = {}
    for entry in entries:
        for seat, s in enumerate(entry.seats):
            level = s.computer_level
            if level is not None:
                tallies.setdefault(level, Tally(level)).add(entry, seat)
    return _sorted(tallies)


__all__ = ["Tally", "level_statistics", "people_statistics"]
