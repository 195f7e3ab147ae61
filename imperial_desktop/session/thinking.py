"""Long computer thinking in a separate process, so the window keeps its frame rate.

A search that runs for a second or two in a thread holds the GIL and starves the drawing loop;
in a process it does not. One worker process (started on first use with the "spawn" method, so
it never inherits the window's SDL state) keeps a bot per seat, so each bot's random numbers
go on from one decision to the next as they would in a thread. The state travels pickled
(about 13 KB, well under a millisecond). The worker ends itself when the window's process is gone,
even one killed in the middle of a search.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import multiprocessing
import multiprocessing.connection
import os
import threading
from typing import Any

from imperial_desktop.ai import make_bot
from imperial_desktop.core import Action, GameState

# Levels that think in the worker process when the window asks for it: all real players (even a
# quick bot's thinking in a thread competes with drawing for the GIL on a busy machine).
PROCESS_LEVELS = frozenset({"easy", "normal", "hard", "expert", "greedy"})

_POOL: concurrent.futures.ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()
_BOTS: dict[tuple[str, int], Any] = {}  # in the worker process: the bots, by bot name ("expert:0.5") and seed


def _pool() -> concurrent.futures.ProcessPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = concurrent.futures.ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_watch_parent)
        return _POOL


def _watch_parent() -> None:
    """In the worker, at its start: exit as soon as the window's process is gone.

    A killed window (SIGKILL, a crash, the task manager) runs no shutdown: the worker would
    search on with no one to answer, and keep the resource tracker alive with it."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), name="parent-watch", daemon=True).start()


def _exit_with(sentinel: int) -> None:
    """Wait until ``sentinel`` (the parent process's) signals, then end this process at once."""
    multiprocessing.connection.wait([sentinel])
    os._exit(0)  # no clean-up: a search in progress must not delay it, and nothing here is worth saving


def shutdown() -> None:
    """Stop the worker process (at exit, and in tests)."""
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


atexit.register(shutdown)


def _choose(level: str, seed: int, state: GameState, time_scale: float = 1.0) -> Action:
    """In the worker: the seat's bot (kept between decisions) chooses an action. ``level`` is the
    name :func:`make_bot` takes: a level, with its think time after a colon if the settings set one;
    a searching bot takes ``time_scale`` of its think time (``ai.waiting``)."""
    bot = _BOTS.get((level, seed))
    if bot is None:
        bot = _BOTS[(level, seed)] = make_bot(level, seed)
    if hasattr(bot, "time_scale"):
        bot.time_scale = time_scale
    return bot.choose(state)


def _advise(state: GameState, budget: float, language: str | None = None) -> list:
    """In the worker: the Expert's advice for the deciding player, its reasons in ``language`` (the
    window's: a worker started in English wrote English hints into a German game)."""
    from imperial_desktop import i18n
    from imperial_desktop.ai.hint import advise

    if language is not None and i18n.language() != language:
        # the window's language is the one in use there (its override included): the worker's own
        # environment, copied when it started, must not hold it back
        os.environ[i18n.LANGUAGE_ENV] = language
        i18n.set_language(language)
    return advise(state, budget)


class WorkerUnavailable(RuntimeError):
    """The worker process died or could not start (the caller may think in its own thread)."""


def choose(level: str, seed: int, state: GameState, time_scale: float = 1.0) -> Action:
    """The bot's action for ``state``, computed in the worker process (blocks the calling thread,
    not the window). An error of the bot itself is raised as it is; a dead worker raises
    :class:`WorkerUnavailable`."""
    try:
        return _pool().submit(_choose, level, seed, state, time_scale).result()
    except concurrent.futures.process.BrokenProcessPool as exc:
        shutdown()  # a later request starts a fresh worker
        raise WorkerUnavailable(str(exc) or "the worker process stopped") from exc


def advise_later(state: GameState, budget: float) -> concurrent.futures.Future:
    """Start the Expert's advice for ``state`` in the worker process; a Future of Advice items."""
    from imperial_desktop import i18n

    return _pool().submit(_advise, state, budget, i18n.language())


__all__ = ["PROCESS_LEVELS", "WorkerUnavailable", "advise_later", "choose", "shutdown"]
