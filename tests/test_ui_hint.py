"""Issue 13, acceptance 5: the Hint for a human decision of each kind (rondel, investing,
maneuver, battle question): the best move and two alternatives with reasons, outlined on the
board, and nothing changes in the game."""

import pytest

from game_scenes import _played_states, open_scene

STATES = _played_states()


@pytest.mark.parametrize("kind", ["rondel", "invest", "maneuver-armies", "entry_fight"])
def test_hint_shows_the_best_moves_with_reasons_and_changes_nothing(kind):
    state = STATES.get(kind)
    if state is None:
        pytest.skip(f"the seeded game has no {kind} decision")
    driver = open_scene(state, (1280, 720))
    scene = driver.scene
    session = scene.session
    scene.hint_seconds = 0.2
    before = (session.version, session.state.digest(), len(session.record.actions))
    driver.click_element(scene.buttons["hint"])
    for _ in range(600):
        if scene.hint is not None:
            break
        driver.frame(1)
        if scene._hint_job is not None:
            scene._hint_job[1].result(timeout=30)
    hint = scene.hint
    assert hint, "no hint appeared"
    legal = session.state.legal_actions()
    assert all(a.action in legal for a in hint)
    assert len(hint) == min(3, len(legal)) or len(hint) >= 2
    assert all(isinstance(a.reason, str) and len(a.reason) > 10 for a in hint)
    lit = scene.highlights()
    for advice in hint:
        assert all(region in lit for region in advice.regions)
    driver.frame(1)
    # the box says what is marked: board outlines only where the advice has regions (a newcomer's
    # review found "outlined on the board" under a rondel hint that outlines nothing)
    if any(a.regions for a in hint):
        assert scene.hint_footer_shown.startswith("Outlined on the board")
    else:
        assert scene.hint_footer_shown.startswith("The first is marked on the rondel or in the list")
    # what "expected points" means is said under the title (session 16's play-test asked)
    assert scene.hint_lines_shown[1].startswith("Expected points: how much the Expert thinks")
    assert (session.version, session.state.digest(), len(session.record.actions)) == before
    driver.click_element(scene.buttons["hint"])  # a second press hides it
    assert scene.hint is None


def test_hint_is_only_for_the_player_deciding_now():
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
    from imperial_desktop.ui.game_scene import GameScene
    from ui_driver import Driver

    from imperial_desktop.core import GameState

    setup = GameSetup.create(2, 5, names=["Anna", "Bot"])
    first = GameState.new(setup).current_player()  # the computer takes the seat that decides first
    seats = [Seat("Bot", COMPUTER, "easy") if i == first else Seat("Anna", HUMAN) for i in range(2)]
    session = GameSession(setup, seats)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.0))
    assert not session.human_to_move()
    driver.scene.ask_hint()
    assert driver.scene._hint_job is None and "deciding now" in driver.scene.toast[0]
