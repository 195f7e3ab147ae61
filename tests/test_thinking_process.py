"""Issue 13: the Expert thinks in a worker process (the window keeps its frames); its answers
are legal and the game goes on from them; the hint can come from there too."""

from imperial_desktop.core import GameSetup
from imperial_desktop.session import thinking
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, Seat


def test_an_expert_seat_thinks_in_the_worker_process_and_plays_legal_actions():
    session = GameSession(GameSetup.create(2, 3), [Seat(f"C{i}", COMPUTER, "expert") for i in range(2)], seed=3)
    session.think_in_process = True
    try:
        for _ in range(2):
            before = session.state.clone()
            session.poll()
            session.wait_for_computer(60)
            events = session.poll()
            assert events and before.is_legal(session.record.actions[-1])
        advice = thinking.advise_later(session.state.clone(), 0.2).result(60)
        assert advice and all(session.state.is_legal(a.action) for a in advice)
    finally:
        thinking.shutdown()


def test_a_dead_worker_process_falls_back_to_thinking_in_the_thread(monkeypatch):
    """Never lose a game: if the worker process cannot run, the seat thinks in its thread."""
    def dead(level, seed, state, time_scale=1.0):
        raise thinking.WorkerUnavailable("the worker process stopped")

    monkeypatch.setattr(thinking, "choose", dead)
    session = GameSession(GameSetup.create(2, 3), [Seat(f"C{i}", COMPUTER, "easy") for i in range(2)], seed=3)
    session.think_in_process = True
    session.poll()
    session.wait_for_computer(30)
    assert session.poll() and len(session.record.actions) == 1
    assert session.think_in_process is False


def test_the_hint_from_the_worker_process_speaks_the_windows_language(monkeypatch):
    """German play-test: the hint box's title was German, its advice English: the worker process
    had started in English. The language travels with each request."""
    from imperial_desktop.i18n import LANGUAGE_ENV, set_language

    session = GameSession(GameSetup.create(3, 5), [Seat(f"C{i}") for i in range(3)], seed=5)
    try:
        english = thinking.advise_later(session.state.clone(), 0.1).result(60)
        assert any("expected points" in a.reason for a in english)
        monkeypatch.setenv(LANGUAGE_ENV, "de")  # the tests' English override, lifted as a player's choice
        set_language("de")
        german = thinking.advise_later(session.state.clone(), 0.1).result(60)
        assert german and all("expected points" not in a.reason for a in german)
        assert any("erwartete Punkte" in a.reason for a in german), [a.reason for a in german]
    finally:
        set_language("en")
        thinking.shutdown()
