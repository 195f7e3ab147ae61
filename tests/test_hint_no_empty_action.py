"""The Hint never advises a rondel choice that does nothing (``core.empty_actions``, or a
Maneuver with no unit that can move, which the rondel's button says as "No unit can move"),
while a choice that does something is legal; its reasons' number is explained in the box."""

from __future__ import annotations

import random

from imperial_desktop.ai.hint import advise, does_nothing
from imperial_desktop.core import ChooseRondel, GameSetup, GameState, MoveArmy, MoveFleet
from imperial_desktop.core.empty_actions import empty_reason


def _rondel_positions_with_empty_choices(count: int = 6) -> list[GameState]:
    """Rondel decisions of seeded games where a legal space does nothing: a Maneuver whose units
    cannot move (the core's own empty spaces the computers already leave out) first, then others."""
    stuck: list[GameState] = []
    other: list[GameState] = []
    for seed in range(20, 40):
        state = GameState.new(GameSetup.create(4, seed, names=["A", "B", "C", "D"]))
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal() or len(stuck) >= count:
                break
            legal = state.legal_actions()
            if state.decision().kind == "rondel":
                empty = [a for a in legal if isinstance(a, ChooseRondel) and does_nothing(state, a)]
                if any(empty_reason(state, a.nation, a.space) is None for a in empty) and len(empty) < len(legal):
                    stuck.append(state.clone())
                elif empty and len(empty) < len(legal) and len(other) < 2:
                    other.append(state.clone())
            state.apply(rng.choice(legal))
    return stuck + other


def test_does_nothing_follows_the_core_and_the_maneuver_preview():
    state = GameState.new(GameSetup.create(4, 1, names=["A", "B", "C", "D"]))
    while state.decision().kind != "rondel":
        state.apply(state.legal_actions()[0])
    nation = state.acting_nation()
    for action in state.legal_actions():
        if empty_reason(state, nation, action.space) is not None:
            assert does_nothing(state, action)
        if state.board.rondel[action.space].action == "maneuver" and not does_nothing(state, action):
            after = state.clone()
            after.apply(action)
            moves = [a for a in after.legal_actions() if isinstance(a, (MoveArmy, MoveFleet))]
            assert moves or after.decision().kind != "maneuver"


def test_a_maneuver_whose_units_cannot_move_does_nothing_as_its_button_says():
    from imperial_desktop.ui.rondel_preview import preview

    positions = _rondel_positions_with_empty_choices(3)
    stuck = [(state, a) for state in positions for a in state.legal_actions()
             if does_nothing(state, a) and empty_reason(state, a.nation, a.space) is None]
    assert stuck, "no position with a Maneuver whose units cannot move"
    for state, action in stuck:
        assert sum(state.unit_count(action.nation)) > 0  # units there, none can move
        assert "No unit can move" in str(preview(state, action))


def test_no_hint_advises_a_choice_that_does_nothing():
    positions = _rondel_positions_with_empty_choices()
    assert len(positions) >= 4, "too few positions with an empty rondel choice"
    for state in positions:
        # every option the search ranks, not only the three shown: none that does nothing
        advice = advise(state, budget_s=0.05, top=len(state.legal_actions()))
        assert advice
        for item in advice:
            assert not does_nothing(state, item.action), (item.action, item.reason)


def test_the_hint_box_explains_its_numbers():
    from game_scenes import _played_states, open_scene

    from imperial_desktop.ai.hint import Advice

    state = _played_states()["rondel"]
    driver = open_scene(state, (1280, 720))
    scene = driver.scene
    legal = [a for a in state.legal_actions() if not does_nothing(state, a)][:2]
    scene.hints.advice = [Advice(legal[0], "Taxation for X: 3 expected points more than the next option", 3.0, ()),
                          Advice(legal[1], "Factory for X: 3 expected points less than the best", 0.0, ())]
    scene.hints._version = scene.session.version
    driver.frame(2)
    box = scene.hints.draw(driver.screen)
    assert box is not None
    text = " ".join(box.lines)
    assert "Expected points: how much the Expert thinks a choice adds to your final score." in text
