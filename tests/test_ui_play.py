"""Issue 5, acceptance 1: a complete game played only through posted mouse and keyboard events.

The test reads the state to decide (tests/ui_player.Policy) but every action reaches the core
through the game window: rondel clicks, drag-and-drop of units, clicks on cities and provinces,
and dialog buttons.
"""

import time

import pytest

from ui_driver import Driver
from ui_player import Policy, UIPlayer

from imperial_desktop.core import GameSetup
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat


def play_through_ui(seed: int, players: int = 4, max_actions: int = 4000):
    setup = GameSetup.create(players, seed, names=[f"P{i + 1}" for i in range(players)])
    session = GameSession(setup, [Seat(n) for n in setup.players])
    from imperial_desktop.ui.game_scene import GameScene

    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0))
    driver.frame(2)
    policy = Policy(seed)
    player = UIPlayer(driver)
    kinds: dict[str, int] = {}
    hostile = swiss = 0
    for _ in range(max_actions):
        state = session.state
        if state.is_terminal():
            break
        decision = state.decision()
        kinds[decision.kind] = kinds.get(decision.kind, 0) + 1
        action = policy.choose(state)
        if decision.kind == "swiss_force":
            swiss += 1
        if decision.kind == "entry_status" and getattr(action, "hostile", False):
            hostile += 1
        before = session.version
        player.perform(action)
        assert session.version == before + 1, ("the UI did not apply", action, state.describe_decision(), driver.scene.toasts.message)
        assert session.record.actions[-1] == action
    return session, player, kinds, hostile, swiss, driver


@pytest.mark.slow
def test_complete_game_through_mouse_and_keyboard(tmp_path):
    started = time.perf_counter()
    session, player, kinds, hostile, swiss, driver = play_through_ui(seed=3)
    state = session.state
    assert state.is_terminal(), "the game did not end"
    driver.frame(3)
    assert driver.scene.overlay == "results"  # the results appear at the end
    driver.shot(tmp_path / "end.png")
    assert player.used.get("drag", 0) > 0, "no drag-and-drop maneuver"
    assert player.used.get("Battle", 0) > 0, "no battle"
    assert hostile > 0, "no hostile entry"
    assert player.used.get("Invest", 0) > 0, "no investment"
    assert swiss > 0, "no Swiss-Bank decision"
    print(f"UI game: {len(session.record.actions)} actions, {state.turns_taken} nation turns, "
          f"{driver.frames} frames, {time.perf_counter() - started:.1f} s; used {player.used}")
