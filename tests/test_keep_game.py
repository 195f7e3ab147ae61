"""Keeping the game behind Continue before New game or Load replaces it (session/keep.py;
findings of session 18's crash hunt)."""

from __future__ import annotations

import random

from imperial_desktop.core import GameSetup
from imperial_desktop.session import autosave as autosaves, saves
from imperial_desktop.session.autosave import AUTOSAVE, AUTOSAVE_PREV
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.keep import free_save_name, game_in_progress, keep_game
from imperial_desktop.session.seats import Seat

NAMES = ["Player 1", "Computer 1", "Computer 2"]


def played(seed: int, actions: int) -> GameSession:
    session = GameSession(GameSetup.create(3, seed, names=NAMES), [Seat(n) for n in NAMES], seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def test_a_kept_game_never_replaces_another_games_save_of_the_same_name(tmp_path):
    """Two games of the default players at the same turn had the same keeping name, and the second
    replaced the first, which the question had promised "stays in Load"; a save the player made under
    the proposed name was replaced the same way. The kept game now takes the first free name."""
    first, second = played(1, 6), played(2, 6)
    assert first.state.digest() != second.state.digest()  # two games, one keeping name (below)
    saves.save_game(first, "Player 1, Computer 1, Computer 2 - turn 3", tmp_path)
    autosaves.autosave(second, tmp_path)
    running = game_in_progress(tmp_path)
    assert running is not None and running.state.digest() == second.state.digest()
    name = keep_game(running, "Player 1, Computer 1, Computer 2 - turn 3", tmp_path)
    assert name == "Player 1, Computer 1, Computer 2 - turn 3 (2)"
    listed = {s.name: saves.read_save(s.path).state.digest() for s in saves.list_saves(tmp_path, include_autosave=False).saves}
    assert listed == {"Player 1, Computer 1, Computer 2 - turn 3": first.state.digest(), name: second.state.digest()}
    # keeping the very same position again writes no third file
    assert keep_game(running, "Player 1, Computer 1, Computer 2 - turn 3", tmp_path) == name
    assert len(saves.list_saves(tmp_path, include_autosave=False).saves) == 2
    long = "x" * saves.MAX_SAVE_NAME
    saves.save_game(first, long, tmp_path)
    assert len(free_save_name(long, running, tmp_path)) <= saves.MAX_SAVE_NAME


def test_the_game_in_progress_is_found_as_continue_finds_it(tmp_path):
    """A damaged autosave.json with a good previous one: Continue recovers the game, and New game
    read only autosave.json, so it asked nothing and kept nothing. The game in progress is now read
    as Continue reads it."""
    session = played(3, 30)
    autosaves.autosave(session, tmp_path)
    folder = saves.saves_dir(tmp_path)
    (folder / AUTOSAVE).replace(folder / AUTOSAVE_PREV)
    (folder / AUTOSAVE).write_text('{"format": 1, "cut sh')
    running = game_in_progress(tmp_path)
    assert running is not None and running.state.digest() == session.state.digest()
    assert game_in_progress(tmp_path / "nothing here") is None
