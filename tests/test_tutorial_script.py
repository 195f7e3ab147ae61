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
        session.apply(session.bots[decision.player].choose(session.state.clone()))
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
    # the last lesson said "Your game now"; the box after it does not say it again (play-test)
    view = coach.view()
    assert view.done and view.title != STEPS[-1].title and "Normal level" not in view.text


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


# ---------------------------------------------------------------- play-test findings (session 3)


def test_the_fleets_of_one_maneuver_lesson_in_any_order():
    """Play-test 1: the Liverpool fleet moved before the second London fleet is taken, not refused;
    the flags lesson is said then, and the lesson goes on (R-EN Maneuver: fleets move in any order)."""
    from imperial_desktop.core import MoveFleet

    coach = Coach(tutorial_session())
    play_script(coach, until="fleet_2")
    session = coach.session
    session.apply(MoveFleet("great_britain", "liverpool", "north_atlantic"))
    assert coach.deviation is None and coach.current().key == "fleet_2"
    assert "ahead of time" in coach.view().text and "flag" in coach.view().text
    assert coach.expected_action() == MoveFleet("great_britain", "london", "english_channel")
    # Undo takes the early move back, and the coach with it
    assert session.undo() and coach.early == () and coach.accepted is None
    session.apply(MoveFleet("great_britain", "liverpool", "north_atlantic"))
    session.apply(MoveFleet("great_britain", "london", "english_channel"))
    assert coach.deviation is None and coach.current().key == "convoy"  # fleet_3 was done already
    assert play_script(coach)[-1] == "handover"
    assert session.state.flags.get("north_atlantic") == "great_britain"


def test_all_three_fleets_reversed():
    from imperial_desktop.core import MoveFleet

    coach = Coach(tutorial_session())
    play_script(coach, until="fleet_1")
    _computer_moves(coach)
    session = coach.session
    session.apply(MoveFleet("great_britain", "liverpool", "north_atlantic"))
    session.apply(MoveFleet("great_britain", "london", "english_channel"))
    assert coach.current().key == "fleet_2" and coach.deviation is None
    session.apply(MoveFleet("great_britain", "london", "english_channel"))
    assert coach.current().key == "convoy" and coach.deviation is None


def test_a_move_of_another_lesson_is_still_a_deviation():
    from imperial_desktop.core import EndPhase

    coach = Coach(tutorial_session())
    play_script(coach, until="fleet_1")
    _computer_moves(coach)
    coach.session.apply(EndPhase("great_britain", "fleets"))  # fine at fleet_3, not before the London fleets
    assert coach.deviation is not None


def test_germanys_maneuver_follows_the_factory_the_player_chose():
    """Play-test 2: a factory in Munich instead of Cologne in the free German turn; the later German
    lesson names no army in Cologne, rings the German armies that can reach Belgium, and its
    suggestion is legal."""
    from imperial_desktop.core import BuildFactory, ChooseRondel

    coach = Coach(tutorial_session())
    play_script(coach, until="germany_1")
    _computer_moves(coach)
    session = coach.session
    session.apply(ChooseRondel("germany", 0))
    session.apply(BuildFactory("germany", "munich"))
    assert coach.deviation is None
    play_script(coach, until="germany_3")
    _computer_moves(coach)
    step = coach.current()
    assert step.key == "germany_3"
    text = coach.view().text
    assert "Cologne" not in text and "Belgium" in text
    rings = coach.regions()
    armies = {r for r, n in session.state.armies["germany"].items() if n}
    assert "cologne" not in rings and "belgium" in rings and set(rings) - {"belgium"} == armies
    seen = play_script(coach)
    assert seen[-1] == "handover"
    assert session.state.flags.get("belgium") == "germany"  # the suggested march was legal and made


def test_germanys_maneuver_without_an_army_says_so():
    from imperial_desktop.tutorial.script import german_armies_for_belgium

    coach = Coach(tutorial_session())
    play_script(coach, until="germany_3")
    state = coach.session.state.clone()
    state.armies["germany"] = {}
    assert german_armies_for_belgium(state) == ()
    coach.session.state.armies["germany"].clear()
    coach._suggestion = None
    assert "No German army can reach Belgium" in coach.view().text and coach.regions() == ()


def test_the_interest_lesson_describes_the_moment():
    """Play-test 3: at the Interest lesson the card holder is about to invest; the text says so (R-EN Investor 2)."""
    coach = Coach(tutorial_session())
    play_script(coach, until="interest")
    _computer_moves(coach)
    state = coach.session.state
    decision = state.decision()
    holder = state.setup.players[state.card]
    assert decision.kind == "invest" and decision.player == state.card
    text = coach.view().text
    assert f"Now {holder}, who holds the investor card, gets 2M and may buy a bond" in text
    assert "got 2M" not in text and "{card}" not in text


def test_the_other_nations_are_named_in_the_order_they_play():
    """Play-test 6: the nations' order (R-EN "Game play": Austria-Hungary, Italy, France, Great Britain,
    the German Empire, Russia) as the computers really play after Britain's first turn."""
    coach = Coach(tutorial_session())
    session = coach.session
    play_script(coach, until="others")
    order: list[str] = []
    session.listeners.append(lambda action, evs: order.append(action.nation)
                             if action.type == "rondel" and action.nation not in order else None)
    coach.next()
    _computer_moves(coach)
    assert order == ["germany", "russia", "austria_hungary", "italy", "france"]
    step = next(s for s in STEPS if s.key == "others")
    board = session.state.board
    names = [board.nation_by_id[n].name for n in order]
    text = step.text
    positions = [text.find(name) for name in names]
    assert -1 not in positions and positions == sorted(positions), (names, text)
    assert "Britain," not in text.split(":", 1)[1].split(".")[0]


def test_a_deviation_names_the_space_not_a_log_sentence():
    """Play-test 7: 'You chose Taxation; this lesson wanted Maneuver'; a bond named by nation and value,
    never the seat as 'Player 1'."""
    from imperial_desktop.core import ChooseRondel

    coach = Coach(tutorial_session())
    play_script(coach, until="rondel_maneuver")
    _computer_moves(coach)
    coach.session.apply(ChooseRondel("great_britain", 7))
    assert coach.deviation.startswith("You chose Taxation; this lesson wanted Maneuver.")
    assert coach.session.undo()
    coach2 = Coach(tutorial_session())
    play_script(coach2, until="invest")
    _computer_moves(coach2)
    coach2.session.apply(Invest(0, "italy", 2))
    assert coach2.deviation.startswith("You chose the bond Italy 2M; this lesson wanted the bond German Empire 4M.")
    assert "Player 1" not in coach2.deviation and "chooses" not in coach2.deviation


def test_the_swiss_bank_lesson_states_the_condition_for_forcing():
    """Play-test 14, R-EN Investor "Investing as Swiss Bank": forcing a stop needs a treasury able to
    pay all interest."""
    step = next(s for s in STEPS if s.key == "swiss")
    assert "only if the nation's treasury has enough money to pay all the interest" in step.text


def test_the_score_lesson_says_why_bonds_count_nothing_yet():
    """Play-test 14: every power factor is x0 at the score lesson (fewer than 5 power points, R-EN
    "Game end"), and the text says so."""
    coach = Coach(tutorial_session())
    play_script(coach, until="score")
    state = coach.session.state
    assert all(p < 5 for p in state.power.values())
    assert all(b["factor"] == 0 for r in state.ranking() for b in r["bonds"])
    assert "Every factor is x0 now" in coach.view().text


def _po(language: str, context: str | None = None) -> dict[str, str]:
    from pathlib import Path

    from babel.messages.pofile import read_po

    import imperial_desktop

    path = Path(imperial_desktop.__file__).parent / "locale" / language / "LC_MESSAGES" / "tutorial.po"
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle)
                if m.id and isinstance(m.string, str) and (context == "any" or m.context == context)}


def test_german_coach_words_match_the_buttons_and_the_rules():
    """Play-test 13: 'ein Feld weiter' (not 'hinter'), 'kostenlos' as the buttons say, 'Investorfeld' as the rules."""
    texts = " ".join(_po("de", "any").values())
    assert "ein Feld weiter" in texts and "Feld hinter" not in texts
    assert "kostenlos" in texts and "kostenfrei" not in texts
    assert "Investorfeld" in texts and "Investor-Feld" not in texts


def test_french_coach_is_a_guide_and_countries_have_their_article():
    """Play-test 12: 'Guide', not 'Entraîneur'; 'la Grande-Bretagne', 'l'Italie' ... wherever French needs the article."""
    import re

    texts = _po("fr", "any").values()
    assert not any("ntraîneur" in t for t in texts)
    assert any("Guide" in t for t in texts)
    names = re.compile(r"Grande-Bretagne|Russie|Italie|France|Autriche-Hongrie|Allemagne|Empire Germanique")
    allowed = ("la ", "La ", "l'", "L'", "le ", "Le ", "du ", "au ", "en ")
    missing = [t[max(0, m.start() - 20):m.end()] for t in texts for m in names.finditer(t)
               if not t[:m.start()].endswith(allowed)]
    assert not missing, missing


@pytest.mark.parametrize("language", ["de", "fr"])
def test_deviation_words_read_cleanly_in_german_and_french(monkeypatch, language):
    """Play-test 13: no 'Mio..' (an abbreviation's period doubled by the sentence's), no 'Player 1'."""
    from imperial_desktop import i18n

    coach = Coach(tutorial_session())
    play_script(coach, until="invest")
    _computer_moves(coach)
    monkeypatch.setenv(i18n.LANGUAGE_ENV, language)
    try:
        assert i18n.set_language(language) == language
        coach.session.apply(Invest(0, "italy", 2))
        text = coach.view().text
        assert ".." not in text and i18n._("Player {number}").format(number=1) not in text, text
        assert coach.session.state.board.nation_by_id["germany"].name in text
    finally:
        monkeypatch.delenv(i18n.LANGUAGE_ENV)
        i18n.set_language("en")


def test_germanys_later_rondel_suggestions_follow_where_its_marker_stands():
    """Play-test 2: the free German turn played on Maneuver instead of Factory; the next German lessons
    light the nearest Production and Maneuver spaces from there, which are legal (R-EN "Spaces on the rondel")."""
    from imperial_desktop.core import ChooseRondel, EndPhase

    coach = Coach(tutorial_session())
    play_script(coach, until="germany_1")
    _computer_moves(coach)
    session = coach.session
    session.apply(ChooseRondel("germany", 6))
    for _ in range(5):
        decision = session.state.decision()
        if decision is None or decision.nation != "germany" or decision.kind != "maneuver":
            break
        session.apply(next(a for a in session.state.legal_actions() if isinstance(a, EndPhase)))
    assert coach.deviation is None
    play_script(coach, until="germany_2")
    _computer_moves(coach)
    assert coach.current().key == "germany_2" and session.state.rondel["germany"] == 6
    space = coach.rondel_space()
    assert session.state.board.rondel[space].action == "production"
    assert session.state.is_legal(ChooseRondel("germany", space)) and coach.expected_action() == ChooseRondel("germany", space)
    # a marker standing elsewhere (the Investor, 3): the Production ahead of it (5), not the fixed one (1)
    state = session.state
    state.rondel["germany"], state._legal = 3, None
    coach._suggestion = None
    assert coach.rondel_space() == 5 and coach.expected_action() == ChooseRondel("germany", 5)
    state.rondel["germany"], state._legal = 6, None
    coach._suggestion = None
    assert play_script(coach)[-1] == "handover"


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_coach_shows_its_own_translations(monkeypatch, language):
    """One lookup searches every catalog: a step's text must not be taken over by the same English
    words elsewhere (the power track's 'Power points' label is split over two lines in German)."""
    from imperial_desktop import i18n

    own = _po(language)
    monkeypatch.setenv(i18n.LANGUAGE_ENV, language)
    try:
        assert i18n.set_language(language) == language
        wrong = [(s.key, text) for s in STEPS for text in (s.title, s.text, s.early, s.text_without)
                 if text and own.get(text) and i18n._(text) != own[text]]
        assert not wrong, wrong
    finally:
        monkeypatch.delenv(i18n.LANGUAGE_ENV)
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["de", "fr"])
def test_texts_shared_with_other_catalogs_read_the_same(language):
    """The coach's Undo is the game's Undo ('Défaire' in French, not 'Annuler', which is Cancel)."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    import imperial_desktop

    folder = Path(imperial_desktop.__file__).parent / "locale" / language / "LC_MESSAGES"
    own = _po(language)
    clashes = []
    for domain in ("game", "ui", "help"):
        with (folder / f"{domain}.po").open("rb") as handle:
            for m in read_po(handle):
                if m.id and not m.context and isinstance(m.string, str) and m.id in own and own[m.id] != m.string:
                    clashes.append((domain, m.id, own[m.id], m.string))
    assert not clashes, clashes


def test_an_early_fleet_move_survives_leaving_and_resuming(tmp_path):
    """The Liverpool fleet moved ahead of its step, the lesson left and continued: the coach still
    knows that step is done (else the lesson would end as 'a course it did not plan')."""
    from imperial_desktop.core import MoveFleet

    coach = Coach(tutorial_session())
    play_script(coach, until="fleet_2")
    coach.session.apply(MoveFleet("great_britain", "liverpool", "north_atlantic"))
    assert coach.early
    assert save_progress(coach.session, coach.index, coach.finished, tmp_path, early=coach.early)
    progress = load_progress(tmp_path)
    assert progress is not None and progress.early == coach.early
    resumed = Coach(progress.session, index=progress.index, early=progress.early)
    resumed.session.apply(MoveFleet("great_britain", "london", "english_channel"))
    assert resumed.current().key == "convoy" and resumed.off_script is None
    assert play_script(resumed)[-1] == "handover"


def test_damaged_early_moves_are_ignored(tmp_path):
    import json

    coach = Coach(tutorial_session())
    play_script(coach, until="fleet_2")
    assert save_progress(coach.session, coach.index, coach.finished, tmp_path)
    path = tmp_path / "tutorial.json"
    data = json.loads(path.read_text())
    for bad in ([{"type": "nonsense"}], "x", [3], [{"type": "move_fleet"}]):
        data["early"] = bad
        path.write_text(json.dumps(data))
        progress = load_progress(tmp_path)
        assert progress is not None and progress.early == ()


def test_a_free_turn_once_played_is_not_announced_as_the_next_lesson():
    """Session 16's play-test: after the player's German turn, while the computers played, the coach
    said "your next lesson: Play the German Empire's turn as you like" (and even "No German army can
    reach Belgium" with three German armies there). Once the free nation's turn is over, the next
    step is the one announced."""
    coach = Coach(tutorial_session())
    session = coach.session
    checked = 0
    for _ in range(2000):
        step = coach.current()
        if step is None:
            break
        if step.kind == INFO:
            coach.next()
            continue
        decision = session.state.decision()
        if decision is not None and decision.player != PLAYER and not coach.holds_game():
            if step.kind == FREE and coach._free_played is not None and coach._free_played[0] == coach.index:
                assert session.state.turn_nation == step.nation, f"{step.key} still announced after its turn"
                checked += 1
            session.apply(session.bots[decision.player].choose(session.state.clone()))
            continue
        wanted = coach.expected_action()
        if wanted is None:
            break
        session.apply(wanted)
        if step.kind == FREE and session.state.turn_nation != step.nation:
            # the player's free turn just ended: the coach moved on at once
            assert coach.current() is not step, f"{step.key}: still the coach's step after its turn"
            checked += 1
    assert checked >= 3  # the three German turns


def test_the_german_maneuver_lesson_suggests_ending_once_an_army_stands_in_belgium():
    """Session 16's play-test: after the army marched into Belgium the coach suggested the next
    army too (all three went, Germany emptied) and never said when to stop."""
    from imperial_desktop.core import EndPhase, MoveArmy
    from imperial_desktop.tutorial.script import DE

    coach = Coach(tutorial_session())
    play_script(coach, until="germany_3")
    session = coach.session
    for _ in range(60):
        _computer_moves(coach)
        wanted = coach.expected_action()
        assert wanted is not None
        if isinstance(wanted, EndPhase) and wanted.phase == "armies":
            break
        session.apply(wanted)
    assert session.state.armies[DE].get("belgium", 0) == 1  # one army, then the end of the movement
    assert any(isinstance(a, MoveArmy) and a.destination == "belgium" for a in session.state.legal_actions())
