"""imperial_desktop/play.py: the one loop that plays a seeded game between bots, for the simulator and the tools."""

from __future__ import annotations

import pytest

from imperial_desktop.ai import make_bot
from imperial_desktop.core import GameRecord, GameSetup, GameState
from imperial_desktop.play import PlayedGame, play_game, seat_bots
from imperial_desktop.simulate import run

NAMES = ["greedy", "random", "easy"]
SEED = 5


def reference_game(setup: GameSetup, names: list[str], seed: int) -> tuple[GameState, int]:
    """The loop every tool used to write, kept here as the reference the shared one must equal."""
    bots = [make_bot(name, seed * 31 + seat) for seat, name in enumerate(names)]
    state = GameState.new(setup)
    count = 0
    while not state.is_terminal():
        state.apply(bots[state.current_player()].choose(state))
        count += 1
    return state, count


def test_the_shared_loop_plays_the_same_game_as_the_loop_it_replaces():
    setup = GameSetup.create(3, SEED)
    expected, count = reference_game(setup, NAMES, SEED)
    played = play_game(setup, NAMES, SEED)
    assert played.state.is_terminal() and not played.stopped
    assert played.state.digest() == expected.digest()
    assert played.actions == count
    assert [len(t) for t in played.think] and sum(len(t) for t in played.think) == count
    # ready bots seeded alike (as seat_bots seeds them) play the very same game
    assert play_game(setup, seat_bots(NAMES, SEED)).state.digest() == expected.digest()


def test_hooks_run_once_per_action_in_order_and_the_record_replays():
    setup = GameSetup.create(3, SEED)
    record = GameRecord(setup)
    calls: list[tuple[str, int]] = []

    def decide(state: GameState, seat: int) -> None:
        assert state.current_player() == seat
        calls.append(("decide", len(record.actions)))

    def before(state: GameState, action, seat: int) -> None:
        assert state.is_legal(action) and state.current_player() == seat
        calls.append(("before", len(record.actions)))

    def after(state: GameState, action, seat: int) -> None:
        assert record.actions[-1] == action  # recorded before ``after`` runs
        calls.append(("after", len(record.actions)))

    played = play_game(setup, NAMES, SEED, record=record, decide=decide, before=before, after=after)
    assert len(record.actions) == played.actions
    assert calls == [(kind, n + (kind == "after")) for n in range(played.actions)
                     for kind in ("decide", "before", "after")]
    assert record.replay().digest() == played.state.digest()


def test_a_stop_condition_ends_the_game_where_it_says():
    setup = GameSetup.create(3, SEED)
    played = play_game(setup, NAMES, SEED, stop=lambda state: state.turns_taken >= 10)
    assert played.stopped and not played.state.is_terminal()
    assert played.state.turns_taken == 10
    # played on from there, the game ends as if it had never stopped (the bots keep their state)
    bots = seat_bots(NAMES, SEED)
    middle = play_game(setup, bots, stop=lambda state: state.turns_taken >= 10).state
    assert play_game(middle, bots).state.digest() == reference_game(setup, NAMES, SEED)[0].digest()


def test_a_runaway_game_is_cut_off_and_names_need_a_seed():
    setup = GameSetup.create(3, SEED)
    with pytest.raises(RuntimeError, match="seed 5 exceeded 20 actions"):
        play_game(setup, NAMES, SEED, max_actions=20)
    with pytest.raises(ValueError):
        play_game(setup, NAMES)


def test_think_times_per_seat_and_per_name():
    played = PlayedGame(GameState.new(GameSetup.create(3, SEED)), 3, [[0.1], [0.2], [0.3]])
    assert played.think_by_name(["hard", "normal", "hard"]) == {"hard": [0.1, 0.3], "normal": [0.2]}


def test_the_simulator_plays_its_games_through_the_shared_loop(tmp_path):
    result = run(3, 1, SEED, NAMES, record_dir=tmp_path)[0]
    setup = GameSetup.create(3, SEED, names=[f"{b} {i + 1}" for i, b in enumerate(NAMES)])
    expected, count = reference_game(setup, NAMES, SEED)
    assert result.actions == count and result.nation_turns == expected.turns_taken
    assert result.scores == [s["total"] for s in expected.scores()]
    assert GameRecord.load(tmp_path / f"game-{SEED}.json").replay().digest() == expected.digest()
    assert sorted(result.think_times) == sorted(set(NAMES))
