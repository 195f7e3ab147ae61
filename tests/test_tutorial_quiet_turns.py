"""The guided game's scripted computers keep quiet while the lessons run (no import, no move, no
factory); a turn of theirs that leaves undone what the nation could do says why in the log, so it
does not look like a mistake (play-test: "Austria-Hungary: ends the import" and nothing else)."""

from __future__ import annotations

from test_tutorial_ui import AppDriver, _settle

from imperial_desktop.core import BuildFactory, EndPhase, GameState
from imperial_desktop.tutorial.scenario import quiet_note, tutorial_session


def test_quiet_note_names_what_was_left_undone_and_only_then():
    session = tutorial_session()
    notes = []
    for _ in range(400):
        if session.state.is_terminal() or len(notes) >= 3:
            break
        if session.waits_for_local_input():
            session.apply(session.state.legal_actions()[0])  # the player's choices: any
            continue
        before: GameState = session.state.clone()
        if not session.run_computers(max_actions=1):
            break
        action = session.history[-1].action
        note = quiet_note(before, action)
        if note:
            notes.append((action, note))
        elif isinstance(action, EndPhase) and before.decision().kind == "import":
            assert not any(a.type == "import" for a in before.legal_actions())  # nothing could be imported
    assert notes, "no scripted turn left anything undone in the first rounds"
    for action, note in notes:
        assert "the computers keep quiet while you learn" in note
        assert isinstance(action, (EndPhase, BuildFactory))


def test_the_log_says_why_austria_hungary_imports_nothing(app):
    app.settings.pace = "instant"
    driver = AppDriver(app)
    driver.click_element(app.scene.buttons["learn"])
    scene = app.scene
    scene.presenter.animator.seconds_per_step = 0.0
    driver.click_element(scene.coach.buttons["next"])  # the welcome read: the computers play their turns
    _settle(driver)
    lines = scene.log.lines
    end = next(i for i, line in enumerate(lines) if line.startswith("Austria-Hungary: ends the import"))
    assert lines[end + 1].strip() == ("Austria-Hungary imports nothing: in the guided game the computers keep "
                                      "quiet while you learn.")
