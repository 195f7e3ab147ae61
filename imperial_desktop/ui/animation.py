"""Short animations of the last moves: a unit slides from its origin to its destination."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Slide:
    """One unit moving on the board (board coordinates)."""

    nation: str
    kind: str
    region: str  # destination: one unit there is hidden while it slides
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def position(self) -> tuple[float, float]:
        t = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        t = t * t * (3 - 2 * t)  # ease in and out
        return (self.start[0] + (self.end[0] - self.start[0]) * t, self.start[1] + (self.end[1] - self.start[1]) * t)


class Animator:
    """Plays slides one after another so a player can follow a computer's maneuver."""

    def __init__(self, seconds_per_move: float = 0.35):
        self.seconds_per_move = seconds_per_move
        self.queue: list[Slide] = []

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def add(self, slide: Slide) -> None:
        if self.seconds_per_move > 0:
            self.queue.append(slide)

    def update(self, dt: float) -> None:
        if self.queue:
            self.queue[0].elapsed += dt
            if self.queue[0].done:
                self.queue.pop(0)

    def current(self) -> Slide | None:
        return self.queue[0] if self.queue else None

    def hidden(self) -> tuple[tuple[str, str, str], ...]:
        """Units drawn by the animation, not in their stack (the current and the waiting ones)."""
        return tuple((s.region, s.nation, s.kind) for s in self.queue)

    def clear(self) -> None:
        self.queue.clear()
