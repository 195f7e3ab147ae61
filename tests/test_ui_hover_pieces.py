"""A stack drawn beside a small region stands for that region (French play-test, session 18: the
British army in tiny Belgium, drawn over the border of Paris at the fit zoom, read as "a British
army in France"): pointing at it names and outlines its own region, not the land under it."""

from __future__ import annotations

from game_scenes import open_scene
from helpers import FR, GB, GE, clear_units, put, six_player_game

from imperial_desktop.ui.layers.tooltips import RegionTipLayer


def test_pointing_at_a_stack_drawn_off_its_region_names_its_region() -> None:
    state = six_player_game()
    clear_units(state)
    put(state, GB, "belgium", armies=1)
    put(state, FR, "belgium", armies=1)
    put(state, GE, "belgium", armies=2)
    put(state, GE, "holland", armies=1)
    put(state, FR, "paris", armies=1)
    put(state, GB, "english_channel", fleets=1)
    driver = open_scene(state, (1280, 800))
    scene, board = driver.scene, driver.scene.board
    strays = [(rect, piece) for rect, piece in board._pieces if board.region_at(rect.center) != piece.region]
    assert strays, "nothing drawn off its region: the test needs a crowded small region"
    rect, piece = strays[0]
    driver.move(rect.center)
    driver.frame(2)
    assert scene.board_layer.hover_region == piece.region == "belgium"
    assert driver.drawn[RegionTipLayer].lines[0] == "Belgium"
    for rect, piece in board._pieces:  # a stack on its own region: the same as before
        if board.region_at(rect.center) == piece.region:
            driver.move(rect.center)
            assert scene.board_layer.hover_region == piece.region
