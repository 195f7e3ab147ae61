"""Visible steps for pacing computer turns (issue 11): every event is shown or deliberately dropped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import imperial_desktop.core.state as state_module
from imperial_desktop.core import EventType, GameRecord, GameSetup, GameState
from imperial_desktop.session.turn_steps import DROPPED_EVENT_TYPES, STEP_KINDS, visible_steps
from imperial_desktop.simulate import play_game


def event_types_in_core() -> set[str]:
    """Every event type the rules core can produce, read from its source."""
    source = "".join(p.read_text() for p in sorted(Path(state_module.__file__).parent.glob("*.py")))
    return {EventType[name].value for name in re.findall(r"Event\((?:EventType|EVENT)\.(\w+)", source)}


def test_every_event_type_is_mapped_or_listed_as_dropped():
    types = event_types_in_core()
    assert len(types) >= 20
    assert not DROPPED_EVENT_TYPES & set(STEP_KINDS)
    assert types == DROPPED_EVENT_TYPES | set(STEP_KINDS), types ^ (DROPPED_EVENT_TYPES | set(STEP_KINDS))


@pytest.mark.parametrize("seed,investor_card", [(2, True), (9, False)])
def test_every_event_of_a_simulated_game_is_shown_or_dropped(seed, investor_card):
    setup = GameSetup.create(4, seed, names=["Anna", "Ben", "Clara", "David"], investor_card=investor_card)
    record = GameRecord(setup)
    play_game(setup, ["random"] * 4, seed, record=record)
    state = GameState.new(setup)
    board = state.board
    kinds_seen: set[str] = set()
    for action in record.actions:
        events = state.apply(action)
        steps = visible_steps(action, events, board, list(setup.players))
        shown = [id(e) for step in steps for e in step.events]
        for event in events:
            if event.type in DROPPED_EVENT_TYPES:
                assert id(event) not in shown
            else:
                assert id(event) in shown, event
        # steps keep the order of their events
        order = [next(i for i, e in enumerate(events) if e is step.events[0]) for step in steps]
        assert order == sorted(order)
        for step in steps:
            kinds_seen.add(step.kind)
            assert step.kind != "other"
            assert step.caption and "None" not in step.caption and "{" not in step.caption
            assert all(r in board.regions for r in step.regions)
            assert step.nation is None or step.nation in board.nation_by_id
    assert {"rondel", "move", "unit_placed", "taxes", "power", "invest", "interest"} <= kinds_seen


def test_taxes_give_a_tax_step_and_a_power_step_and_interest_is_one_step():
    setup = GameSetup.create(4, 2, names=["Anna", "Ben", "Clara", "David"])
    record = GameRecord(setup)
    play_game(setup, ["random"] * 4, 2, record=record)
    state = GameState.new(setup)
    checked_taxes = checked_interest = 0
    for action in record.actions:
        events = state.apply(action)
        steps = visible_steps(action, events, state.board, list(setup.players))
        taxes = [e for e in events if e.type == "taxes" and e["points"]]
        if taxes:
            kinds = [s.kind for s in steps]
            assert kinds.index("power") == kinds.index("taxes") + 1
            power = steps[kinds.index("power")]
            assert f"(now {taxes[0]['power']})" in power.caption
            checked_taxes += 1
        paid = [e for e in events if e.type == "interest_paid"]
        if len(paid) > 1:
            interest = [s for s in steps if s.kind == "interest"]
            assert len(interest) == 1 and len(interest[0].events) == len(paid)
            for e in paid:
                assert setup.players[e["player"]] in interest[0].caption
            checked_interest += 1
    assert checked_taxes and checked_interest


def test_a_move_step_names_origin_destination_and_convoy():
    from imperial_desktop.core import Event, MoveArmy

    board = GameState.new(GameSetup.create(4, 1)).board
    event = Event("unit_moved", {"nation": "russia", "unit": "army", "origin": "moscow", "destination": "sweden",
                                 "convoy": ["baltic_sea"]})
    (step,) = visible_steps(MoveArmy("russia", "moscow", "sweden", ("baltic_sea",)), [event], board)
    assert (step.kind, step.nation, step.regions) == ("move", "russia", ("moscow", "sweden", "baltic_sea"))
    assert step.caption == "Russia moves an army from Moscow to Sweden (carried across the Baltic Sea)"
