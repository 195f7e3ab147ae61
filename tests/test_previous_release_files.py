"""Saves and game records written by the previous release still load and reach the same position
(issue "one house", acceptance 4): the files in tests/data/previous_release were written by the
commit named in its manifest.json, before the core was split by phase; each record replays and
each save loads to the digest that release computed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from imperial_desktop.core import GameRecord, GameState
from imperial_desktop.session.saves import load_game

DATA = Path(__file__).resolve().parent / "data" / "previous_release"
MANIFEST = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))
NAMES = sorted(MANIFEST["digests"])


def test_the_files_cover_every_player_count_set_up_and_option():
    assert len(NAMES) == 5
    setups = [GameRecord.load(DATA / f"{name}.record.json").setup for name in NAMES]
    assert {s.num_players for s in setups} == {2, 3, 4, 5, 6}
    assert {s.bond_distribution for s in setups} == {"standard", "auction"}
    assert {s.investor_card for s in setups} == {True, False}
    assert any(s.options.stpetersburg_kiev_border for s in setups)


@pytest.mark.parametrize("name", NAMES)
def test_a_record_of_the_previous_release_replays_to_its_digest(name):
    record = GameRecord.load(DATA / f"{name}.record.json")
    state = GameState.new(record.setup)
    for action in record.actions:
        state.apply(action)
    assert state.digest() == MANIFEST["digests"][name]


@pytest.mark.parametrize("name", NAMES)
def test_a_save_of_the_previous_release_loads_with_its_seats(name):
    session = load_game(DATA / f"{name}.save.json")
    assert session.state.digest() == MANIFEST["digests"][name]
    assert len(session.seats) == session.setup.num_players
    assert session.state.is_terminal() == (name == "three-players-finished")
