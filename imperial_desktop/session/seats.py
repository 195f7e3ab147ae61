"""The saved description of a seat: a person or a computer player of some level.

What plays the seat during a game is its agent (:mod:`imperial_desktop.session.agents`); the
window asks the session about it, not the seat's kind. The kinds stay the words of the save
files and the settings ("human", "computer"), so files of every release read alike.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

HUMAN = "human"
COMPUTER = "computer"
KINDS: tuple[str, ...] = (HUMAN, COMPUTER)  # the kinds a new game offers, in its menu's order


def plays_by_level(kind: str) -> bool:
    """Whether a seat of ``kind`` is played by the program at a computer level."""
    return kind == COMPUTER


def known_kind(value: object, default: str = HUMAN) -> str:
    """``value`` if it is a seat kind, else ``default`` (a settings file edited by hand)."""
    return value if isinstance(value, str) and value in KINDS else default


@dataclass(frozen=True)
class Seat:
    """One seat at the table."""

    name: str
    kind: str = HUMAN
    level: str = "normal"  # bot name for computer seats (kept for a person's seat, as the menu had it)

    @classmethod
    def human(cls, name: str, level: str = "normal") -> "Seat":
        """A person's seat."""
        return cls(name, HUMAN, level)

    @classmethod
    def computer(cls, name: str, level: str = "normal") -> "Seat":
        """A computer's seat playing at ``level``."""
        return cls(name, COMPUTER, level)

    @property
    def computer_level(self) -> str | None:
        """The level of a computer's seat; None for a person's."""
        return self.level if plays_by_level(self.kind) else None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Seat":
        return cls(name=str(data["name"]), kind=str(data.get("kind", HUMAN)), level=str(data.get("level", "normal")))
