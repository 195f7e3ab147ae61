"""Seats as agents (issue 36, item 5): one interface with three kinds, a person at this screen, a
computer (thread or process) and a remote stub; the session keeps one agent per seat, and the
window asks the session, not a seat's kind, whether the game waits for input from this screen."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from ui_driver import Driver

from imperial_desktop.ai import make_bot
from imperial_desktop.core import Action, Donate, GameSetup, GameState, RefusalCode
from imperial_desktop.session.agents import Agent, ComputerAgent, LocalHuman, RemoteAgent, RemoteRefusal
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.saves import save_document
from imperial_desktop.session.seats import Seat

UI = Path(__file__).resolve().parent.parent / "imperial_desktop" / "ui"


class Recorder:
    """An agent that answers nothing and writes down what it is told."""

    local_input = False
    level = None

    def __init__(self) -> None:
        self.seen: list[tuple[str, object, str]] = []

    def move(self, state: GameState) -> Action | None:
        return None

    def observe(self, action: Action, state: GameState) -> None:
        self.seen.append(("observe", action, state.digest()))

    def reset(self, state: GameState) -> None:
        self.seen.append(("reset", None, state.digest()))

    def thinking(self) -> bool:
        return False


def _people_and_a_computer(seed: int = 4) -> GameSession:
    names = ["Anna", "Ben", "Bot"]
    seats = [Seat.human("Anna"), Seat.human("Ben"), Seat.computer("Bot", "easy")]
    return GameSession(GameSetup.create(3, seed, names=names), seats, seed=seed)


def test_the_session_gives_every_seat_the_agent_it_describes():
    session = _people_and_a_computer()
    assert [type(a) for a in session.agents] == [LocalHuman, LocalHuman, ComputerAgent]
    assert all(isinstance(a, Agent) for a in (*session.agents, RemoteAgent(0)))
    assert session.local_players() == [0, 1]
    assert [session.computer_level(p) for p in range(3)] == [None, None, "easy"]
    assert [session.local_seat(p) for p in (None, 0, 2, 7)] == [False, True, False, False]


def test_computer_agents_play_a_game_to_its_end_as_their_bots_choose():
    """Three computers (worker threads) play to the end: the very game their bots, seeded as the
    session seeds them, play when asked directly."""
    setup = GameSetup.create(3, 5)
    session = GameSession(setup, [Seat.computer(f"C{i}", "easy") for i in range(3)], seed=5)
    assert not session.waits_for_local_input()
    session.run_computers(100_000)
    assert session.state.is_terminal() and len(session.record.actions) > 50
    assert not session.computer_thinking()

    bots = [make_bot("easy", 5 * 7 + i) for i in range(3)]
    state = GameState.new(setup)
    while not state.is_terminal():
        state.apply(bots[state.current_player()].choose(state.clone()))
    assert state.digest() == session.state.digest()


def test_a_computer_agent_drops_an_answer_to_a_state_that_has_passed():
    """Its answer was for the state it was asked about: an action applied meanwhile (another
    seat's, an undo) makes the session ask it anew instead of applying an outdated move."""
    state = GameState.new(GameSetup.create(2, 3))
    agent = ComputerAgent(state.current_player(), "easy", 3)
    assert agent.move(state) is None and agent.thinking()  # thinking now: "I will answer later"
    agent.wait(30)
    agent.reset(state)  # the game jumped (an undo)
    assert not agent.thinking()  # the outdated answer is gone
    assert agent.move(state) is None  # asked again: it thinks anew
    agent.wait(30)
    answer = agent.move(state)
    assert answer is not None and state.is_legal(answer)


def test_a_local_humans_action_is_delivered_by_the_test():
    session = _people_and_a_computer()
    session.run_computers()  # the computer plays until a person here decides
    player = session.state.current_player()
    assert session.waits_for_local_input() and player in (0, 1)
    version = session.version
    assert session.poll() == [] and session.run_computers() == 0 and session.version == version  # it waits
    action = session.state.legal_actions()[0]
    session.agents[player].deliver(action)
    assert session.poll() and session.version == version + 1 and session.record.actions[-1] == action
    assert session.history[-1].actor == player and session.can_undo()  # a person's action: it can be taken back


def test_a_remote_seat_waits_then_plays_a_queued_legal_action():
    setup = GameSetup.create(3, 4, names=["Anna", "Far", "Bot"])
    remote = RemoteAgent(1)
    seats = [Seat.human("Anna"), Seat.human("Far"), Seat.computer("Bot", "easy")]
    session = GameSession(setup, seats, seed=4, agents=[None, remote, None])
    assert session.agents[1] is remote and session.local_players() == [0]
    while session.state.current_player() != 1:  # the others play until the remote seat decides
        if session.waits_for_local_input():
            session.apply(session.state.legal_actions()[0])
        else:
            session.run_computers(1)
    version = session.version
    for _ in range(3):  # nothing queued: the session waits, and run_computers does not spin
        assert session.poll() == [] and session.run_computers() == 0
    assert session.version == version and not session.waits_for_local_input() and not session.computer_thinking()
    legal = session.state.legal_actions()[-1]
    sender = threading.Thread(target=remote.deliver, args=(legal,))  # the network layer's thread
    sender.start()
    sender.join()
    assert remote.pending() == 1
    assert session.poll() and session.record.actions[-1] == legal and session.history[-1].actor == 1
    assert not session.can_undo()  # not this screen's action: nobody here takes it back
    remote.deliver(legal)
    remote.reset(session.state)  # a jump (an undo): what was queued was meant for the state before
    assert remote.pending() == 0


def test_a_remote_seat_refuses_an_illegal_action_with_the_cores_reason():
    setup = GameSetup.create(2, 6, names=["Near", "Far"])
    refused: list[RemoteRefusal] = []
    first = GameState.new(setup).current_player()
    remote = RemoteAgent(first, on_refused=refused.append)
    agents: list[Agent | None] = [None, None]
    agents[first] = remote
    session = GameSession(setup, [Seat.human("Near"), Seat.human("Far")], seed=6, agents=agents)
    other = 1 - first
    stranger = Donate(other, session.state.board.nation_ids[0], 1)  # another seat's cash
    remote.deliver(stranger)
    remote.deliver("not an action")  # type: ignore[arg-type]  # a damaged message
    legal = session.state.legal_actions()[0]
    remote.deliver(legal)
    assert session.poll() and session.record.actions == [legal]  # the illegal ones never reach the game
    assert [r.refusal.code for r in refused] == [RefusalCode.NOT_YOUR_DECISION, RefusalCode.NOT_AN_ACTION]
    assert remote.refusals == refused
    assert all(f"seat {first}" in r.message and "not legal now" in r.message and r.refusal.code.value in r.message
               for r in refused)


def test_every_agent_is_told_of_each_action_and_of_an_undo():
    setup = GameSetup.create(2, 8, names=["Anna", "Ben"])
    recorder = Recorder()
    session = GameSession(setup, [Seat.human("Anna"), Seat.human("Ben")], seed=8, agents=[None, recorder])
    assert not session.local_seat(1) and session.local_players() == [0]
    while session.state.current_player() != 0:  # Anna's decision (the recorder answers nothing)
        session.apply(session.state.legal_actions()[0])
    start = session.state.digest()
    action = session.state.legal_actions()[0]
    session.apply(action)
    assert recorder.seen[-1] == ("observe", action, session.state.digest())
    assert session.undo()
    assert recorder.seen[-1] == ("reset", None, start)


def test_the_save_keeps_the_seats_description_whatever_agent_plays_them():
    setup = GameSetup.create(3, 4, names=["Anna", "Far", "Bot"])
    seats = [Seat.human("Anna"), Seat.human("Far"), Seat.computer("Bot", "hard")]
    session = GameSession(setup, seats, seed=4, agents=[None, RemoteAgent(1), None])
    document = save_document(session, "x")
    assert document["seats"] == [{"name": "Anna", "kind": "human", "level": "normal"},
                                 {"name": "Far", "kind": "human", "level": "normal"},
                                 {"name": "Bot", "kind": "computer", "level": "hard"}]
    assert [Seat.from_dict(d) for d in document["seats"]] == seats


def test_the_window_treats_a_remote_seat_as_not_its_own():
    """The game screen asks the session: no decision panel for the remote seat, and its action,
    when it comes, is shown step by step like a computer's."""
    from imperial_desktop.ui.game_scene import GameScene

    setup = GameSetup.create(2, 6, names=["Anna", "Far"])
    first = GameState.new(setup).current_player()
    remote = RemoteAgent(first)
    agents: list[Agent | None] = [None, None]
    agents[first] = remote
    session = GameSession(setup, [Seat.human("Anna"), Seat.human("Far")], seed=6, agents=agents)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.2), size=(1280, 800))
    scene = driver.scene
    driver.frame(3)
    assert scene.decisions.panel is None and scene.hot_seat.humans() == 1
    assert session.version == 0
    remote.deliver(session.state.legal_actions()[0])
    driver.frame(2)
    assert session.version == 1 and session.history[-1].actor == first
    assert scene.presenter.busy or scene.presenter.animator.played  # shown as another seat's move
    for _ in range(600):  # the remote seat plays on (its nation's turn may hold more decisions)
        driver.frame(1)
        if session.state.current_player() == first and not remote.pending():
            assert scene.decisions.panel is None
            remote.deliver(session.state.legal_actions()[0])
        if session.waits_for_local_input() and not scene.presenter.busy and scene.decisions.panel is not None:
            break
    assert session.waits_for_local_input() and scene.decisions.panel is not None


# ---------------------------------------------------------------------------- the window's source

_KIND_WORDS = re.compile(r"""(?<!N_\()["'](human|computer)["']""")


def _ui_sources() -> list[Path]:
    return sorted(p for p in UI.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("pattern, what", [
    (re.compile(r"\bis_human\b"), "is_human"),
    (re.compile(r"\b(HUMAN|COMPUTER)\b"), "the seat kind constants"),
    (re.compile(r"\bseat\w*(\[[^\]]*\])?\.kind\b|\bs\.kind\b"), "a seat's kind"),
    (_KIND_WORDS, "the kind strings (outside the menu's translated words)"),
])
def test_the_window_never_asks_a_seats_kind(pattern: re.Pattern[str], what: str):
    found = [f"{path.relative_to(UI)}:{number}: {line.strip()}"
             for path in _ui_sources() for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, f"{what} in ui/:\n" + "\n".join(found)


def test_the_source_scan_would_catch_them():
    assert _KIND_WORDS.search('if seat.kind == "human":') and not _KIND_WORDS.search('N_("human")')
    assert re.search(r"\bseat\w*(\[[^\]]*\])?\.kind\b", "session.seats[p].kind")
