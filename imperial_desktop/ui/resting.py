"""When the window's loop may rest, and how it waits for input while it does.

A screen whose scene wants no frames (nothing moves by itself) and that the player has not
touched for a moment draws nothing until input arrives, apart from a heartbeat frame (news
from other threads, such as a failed autosave) and a faster one while a text cursor blinks.
"""

from __future__ import annotations

import time
from typing import Any


class Rest:
    """The loop's resting state: the last input and frame times, and the wait for input."""

    IDLE_AFTER = 1.5  # seconds without input before the loop rests
    IDLE_WAIT_MS = 250  # while resting, whether the screen still rests is asked this often
    IDLE_POLL = 0.025  # seconds between looks at the event queue while resting
    IDLE_HEARTBEAT = 2.0  # seconds between frames while resting
    TYPING_HEARTBEAT = 0.45  # while a text cursor blinks (pygame-gui blinks it every 0.4 s)

    def __init__(self, pygame: Any, clock: Any):
        self.pygame = pygame
        self.clock = clock
        self.last_input = time.monotonic()
        self.last_frame = 0.0

    def touched(self) -> None:
        """The player moved, clicked, scrolled or typed."""
        self.last_input = time.monotonic()

    def framed(self) -> None:
        """A frame is being drawn."""
        self.last_frame = time.monotonic()

    def idle(self, scene: Any) -> bool:
        """Whether nothing on screen changes by itself and the player has not touched anything lately."""
        wants = getattr(scene, "wants_frames", None)
        if wants is None or wants():
            return False
        return time.monotonic() - self.last_input > self.IDLE_AFTER

    def sleep(self, typing: bool) -> Any:
        """Wait for input while the screen rests; the event that woke the loop, a NOEVENT event
        when the heartbeat is due, or None to rest on.

        The event is handed to the next frame in front of the queue: put back at the end, a
        press that arrived together with its release (a touchpad tap) would come after the
        release, and the click would be lost.
        """
        pygame = self.pygame
        heartbeat = self.TYPING_HEARTBEAT if typing else self.IDLE_HEARTBEAT
        # polled between short sleeps: pygame.event.wait(timeout) costs 2% of a core by itself
        # (measured in an X window), polling every 25 ms a tenth of that
        until = time.monotonic() + self.IDLE_WAIT_MS / 1000
        event = pygame.event.poll()
        while event.type == pygame.NOEVENT and time.monotonic() < until:
            time.sleep(self.IDLE_POLL)
            event = pygame.event.poll()
        self.clock.tick()  # the time asleep is no frame's time
        if event.type != pygame.NOEVENT:
            return event
        if time.monotonic() - self.last_frame < heartbeat:
            return None
        return pygame.event.Event(pygame.NOEVENT)
