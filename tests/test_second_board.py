"""A second board through every layer (issue 36, item 3 and acceptance 3).

``tests/data/maps/testland.json`` is a small invented board in the form of ``maps/europe.json``
(three nations, 17 regions, other names, its own geometry; ``make_testland.py`` beside it draws
it). The tests point the board folders at it (``$IMPERIAL_DESKTOP_MAPS``) and check that it is
valid as Europe's file is (topology, tables, geometry), that every computer level plays complete
games on it with 2 and 3 players, every action legal, that its games save, load and replay to the
same digest, and that the game window opens it and is played on it with posted mouse and keyboard
events, the board drawn from its own geometry and picture.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import time
from pathlib import Path

import pytest
import shapely
from shapely.geometry import Point, box

from imperial_desktop.core import GameRecord, GameSetup, GameState, load_board
from imperial_desktop.core.board import DEFAULT_MAP, HOME, IMPASSABLE, NEUTRAL, SEA
from imperial_desktop.core.selfcheck import check_invariants
from imperial_desktop.play import play_game
from imperial_desktop.resources import MAPS_VARIABLE, load_map_json, map_names

MAPS = Path(__file__).resolve().parent / "data" / "maps"
NAME = "testland"
MIN_SHARED = 15.0  # a listed adjacency is a border at least this long (as tests/test_map_geometry.py)
LEVELS = ["random", "easy", "greedy", "normal", "hard", "expert:0.02", "exploiter"]


@pytest.fixture(scope="module", autouse=True)
def _board_folder():
    """The tests' board folder is searched after the bundled maps while this module runs; the
    screens show the default board again after it (a game window here shows the test board)."""
    from imperial_desktop.session import thinking
    from imperial_desktop.ui import board_look

    # a worker process started by an earlier test was forked without the variable: start anew
    thinking.shutdown()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(MAPS_VARIABLE, str(MAPS))
        yield
    thinking.shutdown()
    board_look.use_map(DEFAULT_MAP)


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads((MAPS / f"{NAME}.json").read_text(encoding="utf-8"))


# ----------------------------------------------------------------------------- the board file


def test_the_board_is_found_beside_the_bundled_ones_and_never_replaces_them():
    assert {NAME, "europe"} <= map_names()
    assert load_map_json("europe")["id"] == "europe"
    assert load_board(NAME).name.startswith("Testland")


def test_the_file_is_what_its_generator_draws(data):
    """The JSON is the generator's output (so the board can be changed there and drawn again)."""
    spec = importlib.util.spec_from_file_location("make_testland", MAPS / "make_testland.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert json.loads(json.dumps(module.board(), ensure_ascii=False)) == data


def test_three_nations_seventeen_regions_and_no_name_of_europe(data):
    board = load_board(NAME)
    kinds = [r.kind for r in board.regions.values()]
    assert board.nation_ids == ("aldoria", "borvia", "celdan")
    assert (kinds.count(HOME), kinds.count(NEUTRAL), kinds.count(SEA), kinds.count(IMPASSABLE)) == (9, 3, 4, 1)
    europe = load_map_json("europe")
    taken = {e["id"] for e in europe["nations"] + europe["regions"]}
    taken |= {v for e in europe["nations"] + europe["regions"] for k, v in e.items() if k.startswith("name_")}
    mine = {e["id"] for e in data["nations"] + data["regions"]}
    mine |= {v for e in data["nations"] + data["regions"] for k, v in e.items() if k.startswith("name_")}
    assert not mine & taken
    assert data["id"] == NAME and set(data) >= set(europe) - {"switzerland_borders", "disputed_adjacency", "board_image",
                                                                  "board_image_cvd"}


def test_topology_agrees_with_itself(data):
    """Every id names a region of the right kind, the nations' provinces, factories and harbours
    agree with the regions, and the impassable region has no neighbour."""
    board = load_board(NAME)
    regions = board.regions
    adjacency = data["adjacency"]
    for a, b in adjacency["land_land"]:
        assert regions[a].is_land and regions[b].is_land, (a, b)
    for a, b in adjacency["land_sea"]:
        assert regions[a].is_land and regions[b].is_sea, (a, b)
    for a, b in adjacency["sea_sea"]:
        assert regions[a].is_sea and regions[b].is_sea, (a, b)
    edges = [frozenset(e) for key in adjacency for e in adjacency[key]]
    assert len(edges) == len(set(edges))
    for nation in board.nations:
        assert {r.id for r in regions.values() if r.nation == nation.id} == set(nation.home_provinces)
        assert set(nation.starting_factories) == {p for p in nation.home_provinces if regions[p].starts_with_factory}
        assert any(regions[p].harbour_sea for p in nation.home_provinces), nation.id  # it can build fleets
        assert board.rail_neighbours[nation.home_provinces[0]], nation.id
    assert data["harbours"] == {r.id: r.harbour_sea for r in regions.values() if r.harbour_sea}
    for r in regions.values():
        if r.harbour_sea:
            assert r.factory_type == "shipyard" and r.harbour_sea in board.sea_neighbours[r.id], r.id
        if r.kind == IMPASSABLE:
            assert not board.land_neighbours[r.id] and not board.sea_neighbours[r.id]
        elif r.is_land and r.kind != HOME:
            assert board.land_neighbours[r.id] or board.sea_neighbours[r.id], r.id
    assert [s.action for s in board.rondel] == [s.action for s in load_board().rondel]
    assert set(board.starting_bonds) == set(board.nation_ids)
    for card, bonds in board.starting_bonds.items():
        assert all(n in board.nation_ids and v in board.bond_values for n, v in bonds), card
        for players in (2, 3):
            assert board.starting_cash_standard[players] >= sum(v for _n, v in bonds)
    assert sorted(board.starting_cash_standard) == sorted(board.starting_cash_auction) == [2, 3]
    assert data["legend_nation"] in board.nation_ids


def _shapes(data: dict):
    from imperial_desktop.ui.board_geometry import BoardGeometry

    return BoardGeometry.from_map_data(data)


def test_geometry_as_europe_is_checked(data):
    """The checks of tests/test_map_geometry.py on this board: valid shapes on the canvas covering
    it without overlaps, every listed adjacency a visible border and no other border (the
    impassable region's aside), the drawing points inside their regions and clear of each other."""
    geo = _shapes(data)
    assert (geo.width, geo.height) == tuple(data["geometry"]["canvas"]) and geo.name == NAME and not geo.image
    assert set(geo.regions) == {r["id"] for r in data["regions"]}
    canvas = box(0, 0, geo.width, geo.height).buffer(0.01)
    shapes = [(r.id, r.shape) for r in geo.regions.values()] + [(d.id, d.shape) for d in geo.decorations]
    for rid, shape in shapes:
        assert shape.is_valid and shape.area > 0 and canvas.contains(shape), rid
    for (a, sa), (b, sb) in itertools.combinations(shapes, 2):
        assert shapely.intersection(sa, sb).area < 0.5, (a, b)
    covered = shapely.union_all([s for _id, s in shapes], grid_size=0.1).area
    assert covered == pytest.approx(geo.width * geo.height, rel=1e-4)
    edges = {frozenset(e) for key in data["adjacency"] for e in data["adjacency"][key]}
    impassable = {r.id for r in geo.regions.values() if r.kind == IMPASSABLE}
    for a, b in itertools.combinations(sorted(geo.regions), 2):
        length = shapely.intersection(geo.regions[a].shape.boundary, geo.regions[b].shape.boundary).length
        if frozenset((a, b)) in edges:
            assert length >= MIN_SHARED, (a, b, length)
        elif not {a, b} & impassable:
            assert length == 0.0, (a, b, length)
    half = geo.factory_size / 2
    for meta in data["regions"]:
        r = geo.regions[meta["id"]]
        assert r.shape.contains(Point(r.label)) and geo.region_at(*r.label) == r.id, r.id
        if meta["kind"] == HOME:
            assert r.city and r.shape.contains(Point(r.city)) and geo.region_at(*r.city) == r.id, r.id
            fx, fy = r.factory
            assert r.shape.contains(box(fx - half, fy - half, fx + half, fy + half)), r.id
        if meta["kind"] != IMPASSABLE:
            assert len(r.unit_slots) >= 4, r.id
            points = list(r.unit_slots) + [r.flag_slot]
            assert all(r.shape.contains(Point(p)) for p in points), r.id
            assert all(Point(p).distance(Point(q)) >= 10.0 for p, q in itertools.combinations(points, 2)), r.id
            assert not r.city or all(Point(p).distance(Point(r.city)) >= 12.0 for p in points), r.id
        if meta.get("harbour_sea"):
            assert r.shape.contains(Point(r.harbour)), r.id
            assert geo.regions[meta["harbour_sea"]].shape.contains(Point(r.anchor)), r.id
        else:
            assert r.harbour is None and r.anchor is None, r.id
    island = geo.regions["skerrin"].shape
    assert all(island.distance(geo.regions[o].shape) > 2.0 for o in geo.regions if o not in ("skerrin", "west_deep"))


def test_the_board_seats_two_or_three_players():
    with pytest.raises(ValueError, match="2 to 3 players"):
        GameSetup.create(4, 1, map_name=NAME)
    three = GameSetup.create(3, 1, map_name=NAME)
    assert sorted(n for n, _p in three.flag_cards) == ["aldoria", "borvia", "celdan"]
    two = GameSetup.create(2, 1, map_name=NAME)
    state = GameState.new(two)
    assert len(two.flag_cards) == 2 and all(state.government[n] is not None for n in state.board.nation_ids)
    assert GameSetup.from_dict(two.to_dict()) == two


# ----------------------------------------------------------------------------- the computers


def _checked_game(setup: GameSetup, bots: list[str], seed: int) -> tuple[GameState, GameRecord]:
    record = GameRecord(setup)

    def legal(state: GameState, action, seat: int) -> None:
        assert state.is_legal(action), (seat, action, state.describe_decision())

    played = play_game(setup, bots, seed, record=record, before=legal,
                       after=lambda state, _action, _seat: check_invariants(state), max_actions=20_000)
    return played.state, record


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_complete_games(level, players):
    """A seeded game of each computer level to its end, each action legal when chosen, every
    invariant kept after it, and the record replays to the same state."""
    seed = 11 + players
    setup = GameSetup.create(players, seed, names=[f"{level} {i + 1}" for i in range(players)], map_name=NAME)
    state, record = _checked_game(setup, [level] * players, seed)
    assert state.is_terminal() and max(state.power.values()) == 25
    assert len(state.ranking()) == players
    record.digest = state.digest()
    assert record.replay().digest() == state.digest()


@pytest.mark.parametrize("players", [2, 3])
def test_the_levels_play_together_and_the_auction_opens_the_game(players):
    """Mixed levels at one table, after the experienced players' auction of the bonds."""
    seed = 23 + players
    setup = GameSetup.create(players, seed, bond_distribution="auction", investor_card=False, map_name=NAME)
    bots = ["normal", "easy", "greedy"][:players]
    state, record = _checked_game(setup, bots, seed)
    assert state.is_terminal()
    assert GameRecord.from_json(json.loads(json.dumps(record.to_json(state)))).replay().digest() == state.digest()


# ----------------------------------------------------------------------------- saves


def _session(players: int, seed: int, computers: bool = False):
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, Seat

    setup = GameSetup.create(players, seed, names=[f"P{i + 1}" for i in range(players)], map_name=NAME)
    seats = [Seat(n, COMPUTER, "normal") if computers else Seat(n) for n in setup.players]
    return GameSession(setup, seats, seed=seed)


def test_a_game_saves_loads_and_replays_to_the_same_digest(tmp_path):
    from imperial_desktop.session.saves import SaveError, list_saves, load_game, save_game, write_save

    session = _session(3, 31, computers=True)
    session.run_computers(max_actions=150)
    assert len(session.record.actions) >= 150 and not session.state.is_terminal()
    path = write_save(session, tmp_path / "testland.json", "On the test board")
    loaded = load_game(path)
    assert loaded.state.setup.map_name == NAME and loaded.state.board.nation_ids == ("aldoria", "borvia", "celdan")
    assert loaded.state.digest() == session.state.digest()
    assert loaded.record.actions == session.record.actions
    assert GameRecord(loaded.setup, list(loaded.record.actions)).replay().digest() == session.state.digest()
    loaded.run_computers()  # the loaded game plays on to its end
    assert loaded.state.is_terminal()
    named = save_game(loaded, "finished test board", root=tmp_path)
    listing = list_saves(tmp_path)
    assert any(info.path == named and info.game_over for info in listing.saves), listing
    with pytest.MonkeyPatch.context() as patch:  # without the tests' folder the board is unknown
        patch.delenv(MAPS_VARIABLE)
        with pytest.raises(SaveError, match="unknown board"):
            load_game(path)


def test_a_computer_thinking_in_its_own_process_plays_on_the_board():
    """The worker process the window's computers think in gets the state with its board."""
    from imperial_desktop.session import thinking
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, Seat

    setup = GameSetup.create(2, 5, map_name=NAME)
    session = GameSession(setup, [Seat(f"C{i}", COMPUTER, "expert:0.05") for i in range(2)], seed=5)
    session.think_in_process = True
    try:
        for _ in range(4):
            before = session.state.clone()
            session.poll()
            session.wait_for_computer(60)
            assert session.poll() and before.is_legal(session.record.actions[-1])
        assert session.think_in_process  # it did not fall back to the window's thread
    finally:
        thinking.shutdown()


# ----------------------------------------------------------------------------- the window


def _names_and_pieces_problems(scene) -> list[str]:
    """What a look at the board would find wrong: a name outside its region or over another,
    a piece off the board or off its region."""
    board = scene.board
    problems = []
    labels = {m.region: m.rect for m in board.marks if m.kind == "label"}
    if set(labels) != set(board.geometry.regions):
        problems.append(f"names drawn: {sorted(labels)}")
    for region, rect in labels.items():
        anchor = board.label_leaders.get(region, rect.center)
        if not board.geometry.regions[region].shape.contains(Point(board.screen_to_board(anchor))):
            problems.append(f"the name of {region} stands outside it")
        if not scene.layout.board.contains(rect):
            problems.append(f"the name of {region} is cut by the board's edge")
        if any(rect.colliderect(other) for r, other in labels.items() if r != region):
            problems.append(f"the name of {region} overlaps another")
    for rect, piece in board._pieces:
        if not scene.layout.board.contains(rect):
            problems.append(f"{piece} is cut by the board's edge")
        # a fleet in harbour stands at the anchor, on the sea before its port
        allowed = {piece.region, board.geometry.regions[piece.region].harbour_sea if piece.harbour else None}
        if board.region_at(rect.center) not in allowed and piece.region not in board.label_leaders:
            problems.append(f"{piece} stands off its region")
    return problems


def _open(session, size=(1280, 720)):
    from ui_driver import Driver

    from imperial_desktop.ui.game_scene import GameScene

    driver = Driver(lambda manager, sz: GameScene(session, sz, manager, seconds_per_move=0), size=size)
    driver.frame(3)
    return driver


def test_the_window_plays_the_board_with_posted_events(tmp_path):
    """Three people at one screen play 60 decisions through the window (rondel clicks, factories,
    drags of fleets and armies, investments); the board is drawn from the test board's geometry and
    its picture drawn from it, the table has its three nations, the names and pieces stand on their
    regions. The screenshot goes to ``tmp_path``."""
    from ui_player import Policy, UIPlayer

    from imperial_desktop.ui import panels, rules_topics
    from imperial_desktop.ui.board_look import map_name, nation_looks

    session = _session(3, 5)
    driver = _open(session)
    scene = driver.scene
    assert map_name() == NAME and list(nation_looks()) == ["aldoria", "borvia", "celdan"]
    assert scene.board.geometry.name == NAME and scene.board.image.get_size() == (1200, 800)
    assert _names_and_pieces_problems(scene) == []
    policy, player = Policy(5), UIPlayer(driver)
    kinds: dict[str, int] = {}
    for _ in range(60):
        state = session.state
        action = policy.choose(state)
        kinds[state.decision().kind] = kinds.get(state.decision().kind, 0) + 1
        before = session.version
        player.perform(action)
        assert session.version == before + 1, (action, state.describe_decision(), scene.toasts.message)
        assert session.record.actions[-1] == action
    driver.frame(3)
    assert {"rondel", "maneuver", "invest"} <= set(kinds), kinds
    assert player.used.get("drag", 0) > 0, player.used
    assert any(units for per_nation in session.state.armies.values() for units in per_nation.values())
    assert _names_and_pieces_problems(scene) == []
    maneuver = rules_topics.topic("maneuver").shown_paragraphs()  # the rules reference speaks of this board
    assert ("Skerrin Isle.", "Armies reach Skerrin Isle only by a convoy. Nothing may enter Greymount.") in maneuver
    assert any("No unit may enter Greymount." in text for _lead, text in maneuver)
    rows = panels.draw_table(driver.screen.copy(), scene.layout.table, session.state, scene.layout.scale)
    assert list(rows) == ["aldoria", "borvia", "celdan"]  # the nations table has the board's three rows
    assert all(scene.layout.table.contains(row) for row in rows.values())
    driver.shot(tmp_path / "test-board-1280x720.png")
    assert (tmp_path / "test-board-1280x720.png").stat().st_size > 0


def test_computers_play_a_whole_game_in_the_window():
    """Three computers play the board to its end in the window: their moves are shown on the
    board, and the results come up."""
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, Seat

    setup = GameSetup.create(3, 9, names=["A", "B", "C"], map_name=NAME)
    session = GameSession(setup, [Seat(n, COMPUTER, "easy") for n in setup.players], seed=9)
    driver = _open(session, size=(1600, 1000))
    for _ in range(6000):
        driver.frame(1, 1 / 60)
        session.wait_for_computer(5)
        if session.state.is_terminal() and not driver.scene.presenter.busy:
            break
    driver.frame(3)
    assert session.state.is_terminal()
    assert driver.scene.overlay == "results"
    assert _names_and_pieces_problems(driver.scene) == []


def test_the_app_loads_a_game_of_the_board_from_its_list_and_plays_on(app, tmp_path):
    """The whole app: the Load screen lists a saved game of the test board, opens it on its own
    board, and a person plays on against a computer with posted events (the computer thinking in
    its worker process, each turn confirmed with Enter)."""
    import pygame
    from test_ui_confirm_turn import AppInput
    from test_ui_menus import click, select_row, wait_listing
    from ui_player import Policy, UIPlayer

    from imperial_desktop.session import thinking
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.saves import save_game
    from imperial_desktop.session.seats import COMPUTER, Seat
    from imperial_desktop.ui.game_scene import GameScene
    from imperial_desktop.ui.layers.hot_seat import HANDOVER_ECHO_SECONDS

    setup = GameSetup.create(2, 4, names=["Ann", "Bot"], map_name=NAME)
    saved = GameSession(setup, [Seat("Ann"), Seat("Bot", COMPUTER, "easy")], seed=4)
    save_game(saved, "On the test board", tmp_path / "saves")
    try:
        click(app, app.scene.buttons["load"])
        wait_listing(app)
        select_row(app, "On the test board")
        click(app, app.scene.load_button)
        scene = app.scene
        assert isinstance(scene, GameScene) and scene.board.geometry.name == NAME
        session = scene.session
        events, player, policy = AppInput(app), UIPlayer(AppInput(app)), Policy(4)
        played, confirmed, summaries = 0, True, 0
        for _ in range(3000):
            if session.state.is_terminal() or played == 12:
                break
            if session.awaiting_confirmation():
                events.key(pygame.K_RETURN)
                confirmed = True
            elif scene.overlay == "summary":  # what the computer did, shown when the turn comes back
                events.key(pygame.K_ESCAPE)
                summaries += 1
            elif scene.human_decision() is not None:
                if confirmed:  # a click right after a confirmation is taken for its echo
                    time.sleep(HANDOVER_ECHO_SECONDS)
                    confirmed = False
                before = session.version
                player.perform(policy.choose(session.state))
                assert session.version == before + 1, (session.state.describe_decision(), scene.toasts.message)
                played += 1
            else:
                events.frame()
        assert played == 12 and summaries > 0
        assert 1 in {step.actor for step in session.history}  # the computer played too
        assert _names_and_pieces_problems(scene) == []
    finally:
        thinking.shutdown()
