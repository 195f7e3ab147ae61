"""The guided first game's script is consistent (issue 14, acceptance 1: the session level).

Replaying the player's intended actions with the scripted computers reaches every step; every
step's expected action is legal when it is asked for; the lessons really happen (a battle, a
hostile entry, flags, a change of government...). Rules cited: R-EN "Investor", "Maneuver",
"Taxation", "Spaces on the rondel".
"""

from __future__ import annotations

import pytest

from imperial_desktop.core import Invest
from imperial_desktop.tutorial import Coach, load_progress, save_progress, tutorial_session
from imperial_desktop.tutorial.scenario import PLAYER, quiet_choice
from imperial_desktop.tutorial.script import FREE, INFO, STEPS


def _computer_moves(coach: Coach) -> None:
    """Let the computers play (synchronously) until the player decides or the coach holds the game."""
    session = coach.session
    for _ in range(500):
        decision = session.state.decision()
        if decision is None or decision.player == PLAYER or coach.holds_game():
            return
        session.apply(session._bots[decision.player].choose(session.state.clone()))
    raise AssertionError("the computers did not hand back to the player")


def play_script(coach: Coach, until: str | None = None) -> list[str]:
    """Follow the coach as a player would; the keys of the steps seen, in order."""
    seen: list[str] = []
    session = coach.session
    for _ in range(2000):
        step = coach.current()
        if step is None or step.key == until:
            return seen
        if not seen or seen[-1] != step.key:
            seen.append(step.key)
        if step.kind == INFO:
            assert coach.holds_game(), f"{step.key}: the computers must wait while the player reads"
            coach.next()
            continue
        _computer_moves(coach)
        if coach.current() is not step:
            continue
        wanted = coach.expected_action()
        assert wanted is not None, f"{step.key}: nothing asked of the player ({session.state.describe_decision()})"
        assert session.state.is_legal(wanted), f"{step.key}: {wanted} is not legal"
        session.apply(wanted)
        assert coach.deviation is None, coach.deviation
    raise AssertionError("the script did not end")


def test_the_whole_script_is_reached_with_every_expected_action_legal():
    coach = Coach(tutorial_session())
    seen = play_script(coach)
    assert seen == [s.key for s in STEPS]
    assert coach.finished and coach.off_script is None
    assert all(bot.released for bot in coach.bots)


def test_the_lessons_really_happen():
    """R-EN Maneuver (battle, hostile army, flags), Taxation (power points, bonus), Investor (interest,
    card, change of government), Spaces on the rondel (the 2M for a fourth space)."""
    session = tutorial_session()
    coach = Coach(session)
    events: list[str] = []
    session.listeners.append(lambda action, evs: events.extend(e.type for e in evs))
    play_script(coach, until="rondel_investor")
    state = session.state
    assert state.government["germany"] == PLAYER  # the 4M bond took the German government
    assert state.hostile["great_britain"] == {"paris"}
    assert state.flags.get("english_channel") == "great_britain" and state.flags.get("north_atlantic") == "great_britain"
    assert state.power["great_britain"] == 3  # 8M of taxes: +3 power points
    assert {"battle", "government_changed", "flag_placed", "taxes"} <= set(events)
    cash_before = state.cash[PLAYER]
    play_script(coach, until="swiss")
    # four spaces cost 2M; Britain paid 4M interest on the 9M bond
    assert session.state.cash[PLAYER] == cash_before - 2 + 4


def test_scripted_computers_never_pass_the_investor_before_the_players_turn():
    """The investor card must still be the player's when Britain passes the Investor (R-EN Investor 2)."""
    session = tutorial_session()
    coach = Coach(session)
    play_script(coach, until="invest")
    assert session.state.card == PLAYER
    assert any(isinstance(a, Invest) and a.nation == "germany" for a in session.state.legal_actions())


def test_every_step_has_text_and_free_steps_name_their_nation():
    for step in STEPS:
        assert step.title.strip() and len(step.text) > 40
        if step.kind == FREE:
            assert step.nation and step.expect
        elif step.kind != INFO:
            assert len(step.expect) == 1


def test_quiet_choice_is_always_legal_or_none():
    session = tutorial_session()
    for _ in range(40):
        decision = session.state.decision()
        if decision is None or decision.player == PLAYER:
            break
        choice = quiet_choice(session.state)
        assert choice is None or session.state.is_legal(choice)
        session.apply(choice if choice is not None else session.state.legal_actions()[0])


def test_a_deviation_asks_for_undo_and_undo_restores_the_step():
    coach = Coach(tutorial_session())
    play_script(coach, until="factory")
    session = coach.session
    other = next(a for a in session.state.legal_actions() if getattr(a, "city", None) == "edinburgh")
    session.apply(other)
    assert coach.deviation and "Sheffield" in coach.deviation and coach.holds_game()
    assert session.undo()
    assert coach.deviation is None and coach.current().key == "factory"


def test_an_accepted_alternative_keeps_the_lesson_going():
    coach = Coach(tutorial_session())
    play_script(coach, until="fleet_3")
    from imperial_desktop.core import EndPhase

    coach.session.apply(EndPhase("great_britain", "fleets"))
    assert coach.deviation is None and coach.accepted and coach.current().key == "convoy"
    assert play_script(coach)[-1] == "handover"


def test_leaving_the_script_releases_the_computers():
    coach = Coach(tutorial_session())
    play_script(coach, until="production")
    coach.leave_script()
    assert coach.finished and coach.off_script and all(bot.released for bot in coach.bots)


def test_progress_is_saved_and_resumed(tmp_path):
    coach = Coach(tutorial_session())
    play_script(coach, until="convoy")
    assert save_progress(coach.session, coach.index, coach.finished, tmp_path)
    progress = load_progress(tmp_path)
    assert progress is not None and progress.index == coach.index and not progress.finished
    resumed = Coach(progress.session, index=progress.index)
    assert resumed.session.state == coach.session.state
    assert play_script(resumed)[-1] == "handover"


def test_progress_left_during_a_deviation_resumes_as_normal_play(tmp_path):
    coach = Coach(tutorial_session())
    play_script(coach, until="factory")
    session = coach.session
    session.apply(next(a for a in session.state.legal_actions() if getattr(a, "city", None) == "edinburgh"))
    assert save_progress(session, coach.index, coach.finished, tmp_path, deviated=coach.deviation is not None)
    progress = load_progress(tmp_path)
    assert progress is not None and progress.deviated
    resumed = Coach(progress.session, index=progress.index, deviated=progress.deviated)
    assert resumed.finished and resumed.off_script and not resumed.holds_game()
    assert all(bot.released for bot in resumed.bots)


@pytest.mark.parametrize("content", [b"", b"{", b'{"format": "imperial-desktop-tutorial", "game": 3}', b"\xff\xfe"])
def test_damaged_progress_starts_anew(tmp_path, content):
    (tmp_path / "tutorial.json").write_bytes(content)
    assert load_progress(tmp_path) is None
