"""tools/human_wait.py: the person's waits are counted only where a computer decided in between."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import human_wait  # noqa: E402


def test_waits_are_the_gaps_in_which_computers_decided():
    waits, think = human_wait.waits_of_game(3, "greedy", 5)
    assert waits and think  # the person waited at least once; the computers decided
    assert all(w >= 0 for w in waits)
    # every wait holds at least one computer decision, so the waits add up to at most the whole
    # computers' time plus the core's work between (generous: a test machine may be slow)
    assert len(waits) <= len(think)


def test_percentile_of_a_few_values():
    assert human_wait.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.5) == 3.0
    assert human_wait.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.95) == 5.0
    assert human_wait.percentile([], 0.95) == 0.0
