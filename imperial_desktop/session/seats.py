"""Who sits at each seat: a human at this screen or a computer player of some level."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

HUMAN = "human"
COMPUTER = "computer"


@dataclass(frozen=True)
class Seat:
    """One seat at the table."""

    name: str
    kind: str = HUMAN
    level: str = "normal"  # bot name for computer seats

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Seat":
        return cls(name=str(data["name"]), kind=str(data.get("kind", HUMAN)), level=str(data.get("level", "normal")))
