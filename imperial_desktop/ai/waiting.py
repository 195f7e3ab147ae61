"""A person waiting for the computers: how much of its think time a computer then takes.

Between two of a person's decisions several computer nations may move, each with a rondel
choice that gets several times the Expert's budget; against three Experts the person waited
4.0 s at the 95th percentile on one core (``tools/human_wait.py``). The computers that follow
a long wait therefore hurry: a computer's think time is scaled by :func:`hurry` of the seconds
the computers have already thought since the person's last action, down to a least share. Only
a session with a person at the screen applies it; games between computers (tournaments, the
tools) think at full time.
"""

from __future__ import annotations

WAIT_GOAL = 2.5  # seconds of computer thinking after which a person should have his turn back
LEAST_SHARE = 0.2  # of its think time, a computer always takes at least this


def hurry(thought: float) -> float:
    """The share of its think time a computer takes when the computers have thought ``thought``
    seconds since a person last acted: all of it at first, less the longer he has waited."""
    if thought <= 0:
        return 1.0
    return max(LEAST_SHARE, min(1.0, (WAIT_GOAL - thought) / WAIT_GOAL))
