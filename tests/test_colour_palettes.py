"""Colour-blind play: the nations' marks on their pieces, flags, factories and markers, and the
colour-blind palette (maps' ``colours_cvd``) measured with colour-science under simulated
protanopia, deuteranopia and tritanopia, chosen in Settings and shown at once.
"""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path

import pygame
import pytest

from game_scenes import midgame_state, open_scene
from helpers import AH, GB, clear_units, give_turn, put, six_player_game
from ui_driver import EventInput, choose_in_app, click_in_app, menu_window, settings_window

from imperial_desktop.resources import load_map_json
from imperial_desktop.ui import board_look, tokens

ROOT = Path(__file__).resolve().parent.parent


def _colour_check():
    spec = importlib.util.spec_from_file_location("colour_check", ROOT / "tools" / "colour_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def standard_afterwards():
    """Every test leaves the screens in the standard palette, as it found them."""
    board_look.use_palette(board_look.STANDARD)
    yield
    board_look.use_palette(board_look.STANDARD)


# ---------------------------------------------------------------------------- measured with colour-science


def test_the_colour_blind_palette_stays_apart_under_every_simulated_deficiency():
    check = _colour_check()
    pieces = check.palette(load_map_json("europe"), "colours_cvd", "piece")
    assert len(pieces) == 6
    for vision in check.VISIONS:
        difference, first, second = check.closest_pair(pieces, vision)
        assert difference >= check.THRESHOLD, (vision, first, second, difference)


def test_the_standard_palette_is_what_the_option_is_for():
    """Under simulated deuteranopia France's blue and Russia's purple come within the threshold
    (a simulation that changed nothing would keep them 21 apart, as with normal vision)."""
    check = _colour_check()
    pieces = check.palette(load_map_json("europe"), "colours", "piece")
    assert check.closest_pair(pieces, "normal")[0] >= check.THRESHOLD
    difference, *pair = check.closest_pair(pieces, "deuteranopia")
    assert difference < check.THRESHOLD and set(pair) == {"france", "russia"}


def test_the_tool_prints_both_palettes_with_the_library_and_passes(capsys):
    assert _colour_check().main([]) == 0
    out = capsys.readouterr().out
    assert "colour-science 0." in out and "threshold 10" in out
    for line in ("standard pieces", "colour_blind pieces", "colour_blind home provinces"):
        row = next(r for r in out.splitlines() if r.startswith(line))
        assert all(v in row for v in ("normal", "protanopia", "deuteranopia", "tritanopia"))


def test_a_simulated_picture_loses_the_red_green_difference(tmp_path):
    check = _colour_check()
    source, seen = tmp_path / "in.png", tmp_path / "out.png"
    picture = pygame.Surface((2, 1))
    picture.set_at((0, 0), (200, 40, 40))
    picture.set_at((1, 0), (60, 150, 60))
    pygame.image.save(picture, str(source))
    check.simulate_image(source, seen, "deuteranopia")
    red, green = (pygame.image.load(str(seen)).get_at((x, 0))[:3] for x in (0, 1))
    assert abs(red[0] - red[1]) < 40 and abs(green[0] - green[1]) < 40  # both now yellowish browns


# ---------------------------------------------------------------------------- the map data


def test_each_nation_of_europe_has_its_own_mark_and_both_palettes():
    data = load_map_json("europe")
    marks = [n["mark"] for n in data["nations"]]
    assert len(set(marks)) == 6 and set(marks) <= set(board_look.MARKS)
    assert board_look.palette_problems(data, "colours") == []
    assert board_look.palette_problems(data, "colours_cvd") == []
    assert board_look.has_palette(board_look.COLOUR_BLIND, "europe")
    assert data["board_image_cvd"]


@pytest.mark.parametrize("damage, words", [
    (lambda n: n[0]["colours_cvd"].update(piece="#12345"), "not a #rrggbb colour"),
    (lambda n: n[1]["colours_cvd"].update(land="#gg0000"), "not a #rrggbb colour"),
    (lambda n: n[2]["colours_cvd"].pop("on_piece"), "not a #rrggbb colour"),
    (lambda n: n[3].pop("colours_cvd"), "has no 'colours_cvd'"),
    (lambda n: n[4]["colours_cvd"].update(piece=n[5]["colours_cvd"]["piece"]), "the same piece colour"),
])
def test_a_damaged_colour_blind_palette_is_named_and_the_standard_colours_are_used(monkeypatch, damage, words):
    data = copy.deepcopy(load_map_json("europe"))
    damage(data["nations"])
    problems = board_look.palette_problems(data, "colours_cvd")
    assert problems and any(words in p for p in problems)
    monkeypatch.setattr(board_look, "load_map_json", lambda name="europe": data)
    board_look._looks.cache_clear()
    try:
        board_look.use_palette(board_look.COLOUR_BLIND)
        assert not board_look.has_palette(board_look.COLOUR_BLIND, "damaged")
        looks = board_look._looks("damaged", board_look.COLOUR_BLIND)
        assert [look.piece for look in looks.values()] == \
            [board_look.parse_colour(n["colours"]["piece"]) for n in data["nations"]]
    finally:
        board_look._looks.cache_clear()


def test_a_board_without_a_second_palette_keeps_its_colours(monkeypatch):
    """The test board gives no ``colours_cvd``: in the colour-blind setting it is drawn as always."""
    monkeypatch.setenv("IMPERIAL_DESKTOP_MAPS", str(ROOT / "tests" / "data" / "maps"))
    standard = board_look._looks("testland", board_look.STANDARD)
    assert board_look._looks("testland", board_look.COLOUR_BLIND) == standard
    assert not board_look.has_palette(board_look.COLOUR_BLIND, "testland")


def test_the_shipped_colour_blind_board_picture_has_the_palettes_home_provinces():
    from imperial_desktop.ui.board_geometry import BoardGeometry
    from imperial_desktop.ui.board_view import load_board_image

    geometry = BoardGeometry.load("europe")
    standard = load_board_image(geometry)
    blind = load_board_image(geometry, board_look.COLOUR_BLIND)
    assert blind.get_size() == standard.get_size() == (geometry.width, geometry.height)
    for nation in load_map_json("europe")["nations"]:
        region = geometry.regions[nation["home_provinces"][0]]
        x, y = region.label
        point = (round(x), round(y) - 30)  # the plain fill above the (unprinted) name
        for picture, key in ((standard, "colours"), (blind, "colours_cvd")):
            expected = board_look.parse_colour(nation[key]["land"])
            got = picture.get_at(point)[:3]
            assert max(abs(a - b) for a, b in zip(got, expected)) <= 16, (nation["id"], key, got, expected)


# ---------------------------------------------------------------------------- the marks


def _near(surface: pygame.Surface, at: tuple[int, int], colour) -> bool:
    """An opaque pixel within 40 of ``colour`` per channel."""
    pixel = surface.get_at(at)
    return pixel[3] > 200 and max(abs(a - b) for a, b in zip(pixel[:3], colour)) <= 40


def _mark_pixels(marked: pygame.Surface, plain: pygame.Surface, colour, inside: pygame.Rect | None = None) -> list[tuple[int, int]]:
    """The pixels in the mark's colour on ``marked`` (within ``inside``) that the same sprite
    without a mark lacks."""
    box = inside or marked.get_rect()
    return [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
            if _near(marked, (x, y), colour) and not _near(plain, (x, y), colour)]


@pytest.mark.parametrize("palette", board_look.PALETTES)
def test_every_nations_pieces_flags_and_markers_carry_its_mark_at_the_fit_zoom(palette):
    """At 1280x720 the board fits at zoom 0.29: pieces of 18 px. The mark is drawn in the colour
    of text on the piece, at least 4 by 4 pixels, where the same sprite without a mark has none."""
    board_look.use_palette(palette)
    size, ring = 18, (0, 0, 0)
    for nation, look in board_look.nation_looks().items():
        assert look.mark
        sprites = {
            "army": (tokens.army_sprite(nation, size, False, ring),
                     tokens._army_sprite(look.piece, look.dark, size, False, ring)),
            "lying army": (tokens.army_sprite(nation, size, True, ring),
                           tokens._army_sprite(look.piece, look.dark, size, True, ring)),
            "fleet": (tokens.fleet_sprite(nation, size, ring), tokens._fleet_sprite(look.piece, size, ring)),
            "flag": (tokens.flag_sprite(nation, 16), tokens._flag_sprite(look.piece, 16)),
            "marker": (tokens.marker_sprite(nation, 14), tokens._marker_sprite(look.piece, look.dark, 14)),
        }
        for what, (marked, plain) in sprites.items():
            assert marked.get_size() == plain.get_size()
            w, h = marked.get_size()
            # a flag with a mark flies a square cloth: only the inside of the cloth counts
            inside = pygame.Rect(round(w * 0.25), round(h * 0.14), round(w * 0.6), round(h * 0.4)) if what == "flag" else None
            ink = _mark_pixels(marked, plain, look.on_piece, inside)
            assert len(ink) >= 5, (palette, nation, what, ink)
            xs, ys = [p[0] for p in ink], [p[1] for p in ink]
            assert max(xs) - min(xs) >= 3 and max(ys) - min(ys) >= 3, (palette, nation, what, ink)  # a shape, not a speck


def test_factories_carry_the_mark_of_their_province():
    shapes = {}
    for kind in ("armaments", "shipyard"):
        for built in (True, False):
            plain = tokens.factory_sprite(kind, 9, built)
            for mark in board_look.MARKS:
                marked = tokens.factory_sprite(kind, 9, built, mark)
                changed = sum(marked.get_at((x, y)) != plain.get_at((x, y)) for x in range(9) for y in range(9))
                assert changed >= 6, (kind, built, mark)
                shapes.setdefault((kind, built), set()).add(pygame.image.tobytes(marked, "RGBA"))
    assert all(len(drawn) == len(board_look.MARKS) for drawn in shapes.values())  # one look per mark


def test_the_game_screen_draws_the_marked_pieces_flags_and_factories():
    """Every stack, flag and factory on the board at 1280x720 is drawn with its nation's mark
    (the sprites in the board's drawing list are the marked ones)."""
    state = midgame_state()
    put(state, AH, "vienna", armies=1)  # the record's Austria-Hungary has no units at this point
    put(state, AH, "trieste", fleets=1)
    driver = open_scene(state, (1280, 720))
    board = driver.scene.board
    state = driver.scene.session.state
    assert 0.25 < board.zoom < 0.33
    drawn = {id(surface) for surface, _rect in board._drawn}
    nations_seen = set()
    for region in state.board.regions:
        for piece in board.stacks(state, region):
            sprite = board.sprite_for(piece, board.token_size(), state)
            assert id(sprite) in drawn, piece
            nations_seen.add(piece.nation)
    assert nations_seen == set(state.board.nation_ids)
    flag_size = max(16, round(28 * board.zoom))
    for region, nation in state.flags.items():
        assert id(tokens.flag_sprite(nation, flag_size)) in drawn, (region, nation)
    for rid, r in board.geometry.regions.items():
        if r.factory is not None and r.factory_type is not None:
            mark = board_look.nation_look(r.nation).mark
            assert id(tokens.factory_sprite(r.factory_type, board.factory_px(), rid in state.factories, mark)) in drawn


# ---------------------------------------------------------------------------- the setting


def test_the_colours_setting_is_kept_and_a_damaged_value_gives_the_standard_palette(tmp_path):
    from imperial_desktop.session.settings import Settings, load_settings, save_settings

    assert Settings().colours == "standard"
    for bad in ("purple", "", None, 3, ["colour_blind"], {"colour_blind": 1}):
        assert Settings.from_dict({"colours": bad}).colours == "standard", bad
    settings = Settings(colours="colour_blind")
    save_settings(settings, tmp_path)
    assert load_settings(tmp_path).colours == "colour_blind"
    stored = json.loads((tmp_path / "settings.json").read_text())
    stored["colours"] = "infrared"
    (tmp_path / "settings.json").write_text(json.dumps(stored))
    loaded = load_settings(tmp_path)
    assert loaded.colours == "standard" and loaded.language == settings.language


def _nation_with_other_colours() -> str:
    looks = board_look.nation_looks(board_look.STANDARD)
    blind = board_look.nation_looks(board_look.COLOUR_BLIND)
    return next(n for n in looks if looks[n].piece != blind[n].piece and looks[n].land != blind[n].land)


class AppInput(EventInput):
    """Posted events and frames for the whole app."""

    def __init__(self, app):
        self.app = app

    @property
    def scene(self):
        return self.app.scene

    def frame(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.app.frame(dt)


def test_the_palette_chosen_over_a_game_applies_at_once_and_is_kept(app):
    """Menu, Settings, Colours: colour-blind friendly, Save: the board's picture, the grounds the
    pieces stand on and the nations' pieces change in the open game, and settings.json keeps it."""
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
    from imperial_desktop.session.settings import load_settings
    from imperial_desktop.ui.game_scene import board_assets

    state = six_player_game()
    clear_units(state)
    put(state, GB, "london", armies=2)
    give_turn(state, GB)
    anna = state.government[GB]  # the one person at this screen; her turn
    seats = [Seat(n, HUMAN if i == anna else COMPUTER, "easy") for i, n in enumerate(state.setup.players)]
    app.settings.pace = "instant"
    app.start_game(GameSession(state.setup, seats, state=state, seed=3))
    app.scene.session.think_in_process = False
    driver = AppInput(app)
    driver.frame(2)
    scene = driver.scene
    nation = _nation_with_other_colours()
    home = next(r for r in scene.session.state.board.regions.values() if r.nation == nation)
    standard_image, standard_ground = scene.board.image, scene.board.grounds[home.id]
    driver.key(pygame.K_ESCAPE)
    click_in_app(app, menu_window(scene).button("settings"))
    window = settings_window(scene)
    assert window.menus["colours"].tool_tip_text and "mark" in window.menus["colours"].tool_tip_text
    choose_in_app(app, window.menus["colours"], "colour-blind friendly")
    assert board_look.palette() == board_look.STANDARD  # only Save applies it
    click_in_app(app, window.done, settle=2)
    assert settings_window(scene) is None
    assert board_look.palette() == board_look.COLOUR_BLIND
    assert app.settings.colours == "colour_blind" and load_settings().colours == "colour_blind"
    assert scene.board.image is not standard_image
    assert scene.board.image is board_assets("europe", palette=board_look.COLOUR_BLIND)[1]
    assert scene.board.grounds[home.id] != standard_ground
    blind = board_look.nation_looks(board_look.COLOUR_BLIND)[nation]
    assert board_look.nation_look(nation).piece == blind.piece
    # the next frame draws the pieces in the new colours
    driver.frame(2)
    rect = scene.board.piece_rect("london", GB, "army")
    centre_column = [app.screen.get_at((rect.centerx, y))[:3] for y in range(rect.top, rect.bottom)]
    colour = board_look.nation_look(GB).piece
    assert any(max(abs(a - b) for a, b in zip(c, colour)) <= 12 for c in centre_column)
    # and back: the standard picture again
    driver.key(pygame.K_ESCAPE)
    click_in_app(app, menu_window(scene).button("settings"))
    choose_in_app(app, settings_window(scene).menus["colours"], "standard")
    click_in_app(app, settings_window(scene).done, settle=2)
    assert board_look.palette() == board_look.STANDARD and scene.board.image is standard_image
    assert scene.board.grounds[home.id] == standard_ground
    app.show_title()


def test_the_game_itself_never_imports_colour_science():
    """colour-science is a tool's and a test's library (the test extra): the game runs without it."""
    sources = (ROOT / "imperial_desktop").rglob("*.py")
    assert not [p for p in sources if any(line.strip().startswith(("import colour", "from colour"))
                                          for line in p.read_text(encoding="utf-8").splitlines())]
