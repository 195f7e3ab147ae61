"""What governing is worth at an investment (ai/government_value.py): the points a purchase gets
for taking or keeping a government, checked on the position suite's positions (rule book,
Investor: the largest bond holder governs; a Swiss Bank may force a stop on Investor)."""

from __future__ import annotations

from dataclasses import replace

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import position_suite  # noqa: E402

from imperial_desktop.ai.control import purchase_locks  # noqa: E402
from imperial_desktop.ai.government_value import GovernmentPoints, government_corrections  # noqa: E402
from imperial_desktop.ai.search import GOVERNMENT_POINTS  # noqa: E402
from imperial_desktop.core import Invest, SwissForce  # noqa: E402

POINTS = GovernmentPoints(take=8.0, keep=6.0, per_million=0.5, loose=0.25)


@pytest.fixture(scope="module")
def by_category() -> dict[str, list]:
    """The suite's positions with their states, by category, with the right moves (or moves to
    avoid) the control arithmetic decides there: the points are made from that arithmetic (the
    suite's own right moves in these categories are decided by play)."""
    loaded = position_suite.load_suite()
    out: dict[str, list] = {}
    for position in loaded.positions:
        state = loaded.state_of(position)
        found = {c: (right, avoid) for c, right, avoid, _ in position_suite.classify(state)}
        right, avoid = found[position.category]
        out.setdefault(position.category, []).append((replace(position, right=right, avoid=avoid), state))
    return out


def test_a_locked_takeover_gets_the_takeover_and_the_treasury_it_steers(by_category):
    for position, state in by_category["take_cheap_government"]:
        points = government_corrections(state, state.legal_actions(), POINTS)
        for action in position.right:
            lock = purchase_locks(state, position.player, action)
            expected = POINTS.take + POINTS.per_million * min(POINTS.cap, lock.treasury_after)
            assert points[action] == (expected if lock.holds_next else POINTS.loose * expected), position.id


def test_a_takeover_a_rival_can_reverse_first_gets_less_than_one_that_locks(by_category):
    for position, state in by_category["lock_government"]:
        legal = state.legal_actions()
        points = government_corrections(state, legal, POINTS)
        for action in legal:
            if not isinstance(action, Invest):
                continue
            lock = purchase_locks(state, position.player, action)
            if lock.takes_over and not lock.holds_next:
                assert 0 < points[action] < min(points[a] for a in position.right), position.id
            elif not lock.takes_over and not lock.governs_after:
                assert action not in points, position.id


def test_keeping_a_government_at_risk_gets_points_and_nothing_else_does(by_category):
    for position, state in by_category["keep_government"]:
        legal = state.legal_actions()
        points = government_corrections(state, legal, POINTS)
        assert all(points[a] >= POINTS.keep for a in position.right), position.id
        for action in legal:
            if isinstance(action, Invest) and action not in position.right and action in points:
                lock = purchase_locks(state, position.player, action)
                assert lock.takes_over or (lock.governs_after and lock.holds_next), position.id


def test_a_swiss_bank_is_paid_for_forcing_the_stop_that_finances_its_takeover(by_category):
    for position, state in by_category["swiss_force_for_takeover"]:
        points = government_corrections(state, state.legal_actions(), POINTS)
        assert set(points) == set(position.right), position.id
        assert all(isinstance(a, SwissForce) and a.force and v >= POINTS.take for a, v in points.items())


def test_no_points_at_other_decisions_or_when_off(by_category):
    for position, state in by_category["build_with_idle_money"]:
        assert government_corrections(state, state.legal_actions(), POINTS) == {}
    position, state = by_category["take_cheap_government"][0]
    assert government_corrections(state, state.legal_actions(), GovernmentPoints()) == {}
    assert not GOVERNMENT_POINTS.active  # off for Hard and the Expert: it lost games (docs/ai.md)


def test_a_landing_on_investor_that_pays_for_a_takeover_loses_the_keeping_points(by_category):
    financing = GovernmentPoints(take=8.0, keep=6.0, per_million=0.5, financing=0.5)
    for position, state in by_category["avoid_financing_takeover"]:
        points = government_corrections(state, state.legal_actions(), financing)
        assert set(points) == set(position.avoid), position.id
        assert all(v <= -0.5 * financing.keep for v in points.values()), position.id
        assert government_corrections(state, state.legal_actions(), POINTS) == {}  # financing 0: off
