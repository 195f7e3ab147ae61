"""The guided first game ("Learn to play"): its scenario, its lessons and the coach.

Depends on the core, the computer players and the session only (no pygame): the game screen
shows the coach through ``imperial_desktop.ui.coach``.
"""

from imperial_desktop.tutorial.coach import Coach, CoachView
from imperial_desktop.tutorial.progress import (
    ProgressKeeper, forget_progress, has_progress, load_progress, save_progress,
)
from imperial_desktop.tutorial.scenario import tutorial_session
from imperial_desktop.tutorial.script import STEPS, Step

__all__ = ["Coach", "CoachView", "ProgressKeeper", "STEPS", "Step", "forget_progress", "has_progress", "load_progress",
           "save_progress", "start_coach", "tutorial_session"]


def start_coach(restart: bool = False) -> Coach:
    """The coach of a guided game: the saved one continued, or a new one (``restart``, or none saved).

    The coach saves its progress after every change (a :class:`ProgressKeeper` among its ``on_progress``).
    """
    progress = None if restart else load_progress()
    if progress is None or progress.session.state.is_terminal():
        coach = Coach(tutorial_session())
    else:
        coach = Coach(progress.session, index=progress.index, finished=progress.finished, deviated=progress.deviated,
                      early=progress.early)
    coach.on_progress.append(ProgressKeeper())  # its take_message tells the panel when the disk refuses
    return coach
