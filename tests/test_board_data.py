"""The board data in maps/europe.json: clarifications B1-B6 and the coverage of all points."""

import re
from pathlib import Path

from imperial_desktop.core import load_board
from imperial_desktop.core.movement import army_destinations
from helpers import RU, clear_units, fixed_game, put, options


def test_board_counts():
    b = load_board()
    kinds = [r.kind for r in b.regions.values()]
    assert (kinds.count("home_province"), kinds.count("neutral_land"), kinds.count("sea"), kinds.count("impassable")) == (30, 15, 9, 1)
    assert b.nation_ids == ("austria_hungary", "italy", "france", "great_britain", "germany", "russia")


def test_point_B1_stpetersburg_kiev_border_excluded_by_default_option_adds_it():
    assert "kiev" not in load_board().land_neighbours["st_petersburg"]
    assert "kiev" in load_board(stpetersburg_kiev_border=True).land_neighbours["st_petersburg"]
    state = fixed_game({"austria_hungary": 0, "italy": 1}, 2, options=options(stpetersburg_kiev_border=True))
    clear_units(state)
    put(state, RU, "odessa", armies=1)
    assert "st_petersburg" in army_destinations(state, RU, "odessa")  # rail Odessa-Kiev-St. Petersburg


def test_point_B2_one_way_entries_are_undirected_edges():
    b = load_board()
    assert "denmark" in b.sea_neighbours["baltic_sea"] or "denmark" in b.coasts["baltic_sea"]
    assert "tunis" in b.coasts["ionian_sea"] and "venice" in b.coasts["ionian_sea"]
    assert "vienna" in b.land_neighbours["genoa"] and "denmark" in b.land_neighbours["hamburg"]
    assert "english_channel" in b.sea_neighbours["north_sea"]


def test_point_B4_harbours():
    b = load_board()
    assert b.regions["london"].harbour_sea == "english_channel"
    assert b.regions["dublin"].harbour_sea == "north_atlantic"
    assert b.regions["trieste"].harbour_sea == "ionian_sea"
    assert b.regions["hamburg"].harbour_sea == "north_sea"
    assert sum(1 for r in b.regions.values() if r.harbour_sea) == 15


def test_point_B5_rondel_order():
    b = load_board()
    assert [s.action for s in b.rondel] == ["factory", "production", "maneuver", "investor", "import",
                                            "production", "maneuver", "taxation"]


def test_switzerland_and_straits():
    b = load_board()
    assert not b.land_neighbours["switzerland"] and not b.sea_neighbours["switzerland"]
    assert "turkey" in b.land_neighbours["bulgaria"]
    assert "denmark" not in b.land_neighbours["sweden"] and "morocco" not in b.land_neighbours["spain"]
    assert not b.land_neighbours["dublin"]


def test_every_clarification_point_has_a_test():
    names = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        names |= set(re.findall(r"def test_point_(\d+)_", path.read_text()))
    missing = [n for n in range(1, 37) if str(n) not in names]
    assert missing == []
