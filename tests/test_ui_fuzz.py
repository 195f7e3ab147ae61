"""Issue 12, acceptance 2 (the CI part): random input to the whole app over every screen, with
markup in the players' names, clicks queued in one frame, typed text and resizes, while
computer seats play. No exception may reach the error screen and no widget may leave the window.
The long run with frame times and memory is `python3 tools/ui_fuzz.py --events 100000`."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))


@pytest.mark.parametrize("seed,size", [(11, (1600, 1000)), (12, (1280, 720))])
def test_random_input_never_breaks_the_app(seed, size, monkeypatch):
    from ui_fuzz import fuzz

    report = fuzz(2600, seed, size)
    print(report.summary())
    assert report.frames > 500
    assert len(report.screens) >= 4, report.screens  # it got around: title, menus and the game
    assert not report.errors, report.errors[:5]
    assert not report.outside, report.outside[:5]
