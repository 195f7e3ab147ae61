"""The decision area during computer turns (play-test finding 10): its heading names whose turn
or decision it is, and it lists only that turn's steps, never the previous nation's; captions
wrap instead of being cut (finding 13). The top bar's nation disc is the nation of the move shown,
not the one deciding next (session 13's play-test)."""

from __future__ import annotations

from ui_driver import Driver

from imperial_desktop.core import GameSetup
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, Seat

FRAME = 1 / 60
FOLLOW_UPS = {"card", "government", "swiss", "power", "game_over", "interest"}


def test_the_computer_panel_shows_the_turn_it_names_and_nothing_older() -> None:
    from imperial_desktop.ui.game_scene import GameScene
    from imperial_desktop.ui.layers.chrome import ChromeLayer

    names = ["Bot A", "Bot B", "Bot C"]
    setup = GameSetup.create(3, 7, names=names)
    session = GameSession(setup, [Seat(n, COMPUTER, "easy") for n in names], seed=7)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.02), size=(1280, 800))
    scene = driver.scene
    by_caption = {}
    checked = {"step": 0, "thinking": 0, "investor": 0}
    for _ in range(1200):
        driver.frame(1, FRAME)
        session.wait_for_computer(5)
        for shown in scene.presenter.animator.queue[:1] + scene.presenter.animator.played[-3:]:
            step = getattr(shown, "step", shown)
            by_caption[step.caption] = step
        chrome = driver.drawn[ChromeLayer]  # what the panels showed in this frame
        title, captions = chrome.decision_area.title, chrome.decision_area.steps
        assert "()" not in title and ":  " not in title and not title.endswith(": "), title
        state = session.state
        current = scene.presenter.animator.current()
        steps = [by_caption[c] for c in captions if c in by_caption]
        if current is not None:  # the top bar's disc is the nation of the move shown (play-test, session 13)
            assert chrome.top_bar == (current.step.nation, current.step.caption), current.step
            if current.step.nation:  # and the table marks its row
                assert chrome.table_current[0] == current.step.nation
            checked["top bar"] = checked.get("top bar", 0) + (current.step.nation is not None
                                                             and current.step.nation != state.acting_nation())
        if current is not None and current.step.kind not in FOLLOW_UPS | {"invest", "investor_bonus"} \
                and current.step.nation:
            nation = current.step.nation
            assert state.board.name_of(nation) in title, (title, current.step.caption)
            for s in steps:  # the listed steps are this nation's turn (or follow from it)
                assert s.kind in FOLLOW_UPS or s.nation == nation, (title, s.caption)
            checked["step"] += 1
        elif current is None and state.decision() is not None:
            decision = state.decision()
            if decision.kind in ("invest", "swiss_force"):
                assert names[decision.player] in title, title
                assert title.startswith(("Investor", "Swiss Bank")), title
                assert not any(s.kind == "rondel" for s in steps), captions
                checked["investor"] += 1
            elif state.acting_nation():
                nation = state.acting_nation()
                assert state.board.name_of(nation) in title, title
                for s in steps:
                    assert s.kind in FOLLOW_UPS or s.nation == nation, (title, s.caption)
                checked["thinking"] += 1
                thinking = chrome.decision_area.thinking
                if thinking:  # a whole sentence (6-player play-test: "thinking about: (Great Britain) must")
                    assert thinking.startswith(state.describe_decision()), thinking
                    assert not thinking.startswith("(")
                    checked["thinking text"] = checked.get("thinking text", 0) + 1
        if session.state.is_terminal():
            break
    print(checked)
    assert checked["step"] > 50 and checked["investor"] > 0 and checked["top bar"] > 0, checked
    assert checked.get("thinking text", 0) > 0, checked


def test_long_step_captions_wrap_and_are_never_cut() -> None:
    """Finding 13: "…2 Mio. in die St" — a caption longer than the panel goes on the next line."""
    import pygame

    from imperial_desktop.ui.fonts import font
    from imperial_desktop.ui.layers.computer_turn import ComputerTurnLayer

    pygame.init()
    captions = ["Bot A kauft eine Staatsanleihe des Deutschen Reichs über 4 Mio. und zahlt 2 Mio. in die Staatskasse "
                "zurück", "Frankreich zieht auf dem Rondell auf Produktion"]
    lines = ComputerTurnLayer._wrapped_steps(captions, None, 240, 13, room=10)
    f = font(13)
    assert all(f.size(line)[0] <= 240 for line, _bold in lines)
    assert " ".join(line.strip() for line, _bold in lines).split() == " ".join(captions).split()
    assert len(lines) >= 3
    # with little room the newest caption is kept whole, the oldest goes
    short = ComputerTurnLayer._wrapped_steps(captions, None, 240, 13, room=2)
    assert " ".join(line.strip() for line, _bold in short).split() == captions[1].split()


def test_a_human_nations_move_shown_as_a_step_is_not_called_a_computer_turn() -> None:
    """6-player play-test (session 18): a Swiss Bank forced France, the player's nation, onto
    Investor, and the panel said "Computer turn: France (Player 1)"."""
    from helpers import FR, six_player_game

    from imperial_desktop.session.seats import HUMAN
    from imperial_desktop.ui.game_scene import GameScene

    state = six_player_game()
    names = list(state.setup.players)
    seats = [Seat(n, HUMAN if i == state.government[FR] else COMPUTER, "easy") for i, n in enumerate(names)]
    session = GameSession(state.setup, seats, state=state)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0), size=(1280, 800))
    heading = driver.scene.presenter.turn_heading(("nation", FR))
    assert heading == f"Turn of France ({names[state.government[FR]]})", heading
    other = next(n for n in state.board.nation_ids if state.government[n] != state.government[FR])
    assert driver.scene.presenter.turn_heading(("nation", other)).startswith("Computer turn: ")
