"""Paced showing of what happened: one visible step after another (a rondel move, a new unit, a
unit sliding from its origin to its destination, a battle, taxes ...), each for a while.

The game screen queues the steps of every computer action; while the queue is not empty the
next computer action waits, so a player can follow a computer's turn at the chosen pace.
"""

from __future__ import annotations

from dataclasses import dataclass

from imperial_desktop.session.turn_steps import Step


@dataclass
class Slide:
    """One unit moving on the board (board coordinates)."""

    nation: str
    kind: str
    region: str  # destination: one unit there is hidden while it slides
    start: tuple[float, float]
    end: tuple[float, float]

    def position(self, t: float) -> tuple[float, float]:
        t = max(0.0, min(1.0, t))
        t = t * t * (3 - 2 * t)  # ease in and out
        return (self.start[0] + (self.end[0] - self.start[0]) * t, self.start[1] + (self.end[1] - self.start[1]) * t)


@dataclass
class Shown:
    """A step being shown (or waiting): the step, its slide if a unit moves, and its timing."""

    step: Step
    duration: float
    slide: Slide | None = None
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


class Animator:
    """Plays shown steps one after another; remembers every step it played (tests, summary)."""

    def __init__(self, seconds_per_step: float = 0.5):
        self.seconds_per_step = seconds_per_step
        self.queue: list[Shown] = []
        self.played: list[Step] = []

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def add(self, step: Step, slide: Slide | None = None) -> None:
        """Queue a step (played at once, without waiting, when the pace is instant)."""
        if self.seconds_per_step <= 0:
            self.played.append(step)
            return
        duration = self.seconds_per_step * (1.3 if slide is not None else 1.0)
        self.queue.append(Shown(step, duration, slide))

    def update(self, dt: float) -> None:
        if self.queue:
            self.queue[0].elapsed += dt
            if self.queue[0].done:
                self.played.append(self.queue.pop(0).step)
        del self.played[:-500]

    def current(self) -> Shown | None:
        return self.queue[0] if self.queue else None

    def hidden(self) -> tuple[tuple[str, str, str], ...]:
        """Units drawn by a slide, not in their stack (the current and the waiting ones)."""
        return tuple((s.slide.region, s.slide.nation, s.slide.kind) for s in self.queue if s.slide is not None)

    def finish(self) -> None:
        """Show everything queued at once (the player skipped the animation)."""
        self.played.extend(s.step for s in self.queue)
        self.queue.clear()

    def clear(self) -> None:
        self.queue.clear()
