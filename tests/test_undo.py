"""Undo and redo in GameSession (issue 6): rondel, battle, investment; who may undo what."""

from __future__ import annotations

import random

from imperial_desktop.core import Battle, ChooseRondel, GameSetup, Invest, MoveFleet
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from helpers import AH, IT, RU, clear_units, give_turn, put, six_player_game, start_maneuver


def humans(setup: GameSetup) -> list[Seat]:
    return [Seat(name) for name in setup.players]


def session_for(state, seats=None) -> GameSession:
    return GameSession(state.setup, seats or humans(state.setup), state=state)


def test_undo_of_a_rondel_choice_and_redo_restores_the_same_digest():
    setup = GameSetup.create(4, 2)
    session = GameSession(setup, humans(setup))
    start = session.state.digest()
    action = next(a for a in session.state.legal_actions() if isinstance(a, ChooseRondel))
    session.apply(action)
    after = session.state.digest()
    assert after != start and session.can_undo()
    assert session.undo()
    assert session.state.digest() == start and session.record.actions == []
    assert not session.can_undo() and session.can_redo()
    assert session.redo()
    assert session.state.digest() == after and session.record.actions == [action]


def test_undo_across_a_battle():
    state = six_player_game()
    clear_units(state)
    put(state, RU, "eastern_mediterranean", fleets=1)
    put(state, IT, "ionian_sea", fleets=2)
    start_maneuver(state, RU)
    session = session_for(state)
    before_move = session.state.digest()
    session.apply(MoveFleet(RU, "eastern_mediterranean", "ionian_sea"))
    before_battle = session.state.digest()
    session.apply(Battle(RU, "ionian_sea", "fleet", IT, "fleet"))
    after_battle = session.state.digest()
    assert session.state.fleets[IT]["ionian_sea"] == 1 and "ionian_sea" not in session.state.fleets[RU]

    assert session.undo()
    assert session.state.digest() == before_battle
    assert session.state.fleets[IT]["ionian_sea"] == 2 and session.state.fleets[RU]["ionian_sea"] == 1
    assert session.undo()
    assert session.state.digest() == before_move
    assert session.redo() and session.redo()
    assert session.state.digest() == after_battle
    assert not session.can_redo()


def test_undo_across_an_investment():
    state = six_player_game()
    give_turn(state, AH, position=2)
    session = session_for(state)
    session.apply(ChooseRondel(AH, 3))  # Investor: interest, then the card holder invests
    decision = session.state.decision()
    assert decision.kind == "invest"
    buy = next(a for a in session.state.legal_actions() if isinstance(a, Invest) and a.trade_in is None)
    before = session.state.digest()
    cash = list(session.state.cash)
    session.apply(buy)
    after = session.state.digest()
    assert session.state.bond_owner[buy.nation][buy.value] == buy.player
    assert session.state.cash[buy.player] < cash[buy.player]

    assert session.undo()
    assert session.state.digest() == before
    assert buy.value not in session.state.bond_owner[buy.nation] or \
        session.state.bond_owner[buy.nation][buy.value] != buy.player
    assert session.state.cash == cash
    assert session.redo()
    assert session.state.digest() == after


def test_new_action_after_undo_clears_redo():
    setup = GameSetup.create(3, 5)
    session = GameSession(setup, humans(setup))
    rng = random.Random(1)
    for _ in range(5):
        session.apply(rng.choice(session.state.legal_actions()))
    session.undo()
    assert session.can_redo()
    session.apply(session.state.legal_actions()[-1])
    assert not session.can_redo()


def test_human_cannot_undo_a_computer_seats_action():
    setup = GameSetup.create(2, 4)
    seats = [Seat(setup.players[0], HUMAN), Seat(setup.players[1], COMPUTER, "random")]
    session = GameSession(setup, seats, seed=1)
    while session.waits_for_local_input():
        session.apply(session.state.legal_actions()[0])
    assert session.run_computers(max_actions=1) == 1
    assert session.history[-1].actor == 1
    assert not session.can_undo()
    before = session.state.digest()
    assert not session.undo()
    assert session.state.digest() == before


def test_undo_goes_back_to_the_last_decision_of_another_seat_only():
    """Seat 0 is human, seat 1 a computer: undo stops at the computer's last action."""
    setup = GameSetup.create(2, 6)
    seats = [Seat(setup.players[0], HUMAN), Seat(setup.players[1], COMPUTER, "random")]
    session = GameSession(setup, seats)
    rng = random.Random(3)
    # play (actions applied directly, as the window and the computer thread would) until the
    # human has made at least two decisions in a row after one of the computer's
    mark = None
    for _ in range(2000):
        last_actors = [step.actor for step in session.history[-3:]]
        if len(last_actors) == 3 and last_actors == [1, 0, 0]:
            break
        if session.history and session.history[-1].actor == 1:
            mark = session.state.digest()
        session.apply(rng.choice(session.state.legal_actions()))
    else:
        raise AssertionError("no computer action followed by two human actions")
    human_run = 0
    for step in reversed(session.history):
        if step.actor != 0:
            break
        human_run += 1
    undone = 0
    while session.undo():
        undone += 1
    assert undone == human_run >= 2
    assert session.history[-1].actor == 1
    assert session.state.digest() == mark
    for _ in range(undone):
        assert session.redo()
    assert not session.can_redo()


def test_undo_and_redo_tell_on_change_listeners():
    setup = GameSetup.create(4, 2)
    session = GameSession(setup, humans(setup))
    seen: list[str] = []
    session.on_change.append(seen.append)
    session.apply(session.state.legal_actions()[0])
    session.undo()
    session.redo()
    assert seen == ["undo", "redo"]
