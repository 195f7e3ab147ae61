"""The interface every computer player implements, and a factory by name."""

from __future__ import annotations

from typing import Callable, Protocol

from imperial_desktop.core import Action, GameState


class Bot(Protocol):
    """Chooses one of ``state.legal_actions()`` for the player to move."""

    name: str

    def choose(self, state: GameState) -> Action:
        ...


_FACTORIES: dict[str, Callable[[int], Bot]] = {}


def register(name: str, factory: Callable[[int], Bot]) -> None:
    """Make a bot available to :func:`make_bot` (and the CLI) under ``name``."""
    _FACTORIES[name] = factory


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name ("random", ...), seeded for reproducible play.

    A searching bot takes its think time per decision after a colon: "expert:0.2" is Expert
    with a 0.2-second budget (for tournaments and tests).
    """
    base, _, budget = name.partition(":")
    try:
        factory = _FACTORIES[base]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(_FACTORIES))}") from None
    if not budget:
        return factory(seed)
    try:
        seconds = float(budget)
    except ValueError:
        raise ValueError(f"bad think time in {name!r}: {budget!r} is not a number of seconds") from None
    if not 0.0 < seconds <= 60.0:
        raise ValueError(f"bad think time in {name!r}: use 0-60 seconds")
    try:
        return factory(seed, budget=seconds)  # type: ignore[call-arg]
    except TypeError:
        raise ValueError(f"bot {base!r} takes no think time") from None


def bot_names() -> list[str]:
    """Names accepted by :func:`make_bot`."""
    return sorted(_FACTORIES)
