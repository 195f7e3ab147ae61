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
    """A bot by name ("random", ...), seeded for reproducible play."""
    try:
        return _FACTORIES[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(_FACTORIES))}") from None


def bot_names() -> list[str]:
    """Names accepted by :func:`make_bot`."""
    return sorted(_FACTORIES)
