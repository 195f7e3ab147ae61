"""A person waiting for the computers (issue "opponent", acceptance 4): the computers that follow a
long wait take a smaller share of their think time (ai/waiting.py); only a session with a person
at this screen hurries them, and his own action starts his wait again."""

from __future__ import annotations

import time

from imperial_desktop.ai import make_bot
from imperial_desktop.ai.expert import ExpertBot
from imperial_desktop.ai.waiting import LEAST_SHARE, WAIT_GOAL, hurry
from imperial_desktop.core import DecisionKind, GameSetup
from imperial_desktop.session.agents import ComputerAgent, ThinkPlace
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat


def test_the_share_falls_with_the_wait_down_to_the_least():
    shares = [hurry(t) for t in (0.0, 0.5, 1.0, 1.5, 2.0, WAIT_GOAL, 10.0)]
    assert shares[0] == 1.0
    assert all(a >= b for a, b in zip(shares, shares[1:]))
    assert shares[2] < 1.0 and shares[-1] == shares[-2] == LEAST_SHARE


def test_the_expert_scales_its_budget():
    bot = ExpertBot(1)
    full = bot.budget_for(DecisionKind.RONDEL, 4)
    bot.time_scale = 0.5
    assert bot.budget_for(DecisionKind.RONDEL, 4) == full * 0.5


def test_computers_among_themselves_never_hurry():
    place = ThinkPlace(thought=100.0)
    assert place.time_scale() == 1.0
    session = GameSession(GameSetup.create(3, 4), [Seat.computer(f"C{i}", "easy") for i in range(3)], seed=4)
    assert session._place.person_waits is False


def test_the_persons_action_starts_his_wait_again_and_a_computer_after_a_long_wait_hurries():
    seats = [Seat.human("Anna"), Seat.computer("B", "expert"), Seat.computer("C", "expert")]
    session = GameSession(GameSetup.create(3, 4, names=["Anna", "B", "C"]), seats, seed=4)
    place = session._place
    assert place.person_waits
    place.thought = 2.0
    assert place.time_scale() == hurry(2.0) < 1.0
    while session.state.current_player() != 0:  # the computers play up to Anna's decision
        agent = session.agents[session.state.current_player()]
        assert isinstance(agent, ComputerAgent)
        agent.use_bot(make_bot("greedy", 1))  # quick and in a thread; the scale is the place's
        session.run_computers()
        agent.wait(30)
        session.run_computers()
    before = place.thought
    session.apply(session.state.legal_actions()[0])
    assert before > 0 and place.thought == 0.0


def test_a_computer_thinks_with_the_share_of_the_moment_it_starts():
    place = ThinkPlace(person_waits=True, thought=WAIT_GOAL + 1)
    agent = ComputerAgent(1, "expert", 3, place)
    bot = agent.bot
    state = GameSession(GameSetup.create(3, 4), [Seat.human("A"), Seat.computer("B", "expert"),
                                                Seat.computer("C", "expert")], seed=4).state
    started = time.monotonic()
    agent._start(state)
    agent.wait(30)
    assert bot.time_scale == LEAST_SHARE and place.thought > WAIT_GOAL + 1
    assert time.monotonic() - started < 30
