"""The step being shown marks its regions by their outlines only (play-test finding 5: circles
around the label points of small regions tangled and covered the names)."""

from __future__ import annotations

import pygame
from game_scenes import _played_states, open_scene

from imperial_desktop.session.turn_steps import Step
from imperial_desktop.ui.animation import Shown
from imperial_desktop.ui.layers.computer_turn import STEP_RING


def test_step_marks_are_outlines_that_leave_the_names_readable() -> None:
    state = _played_states()["rondel"]
    driver = open_scene(state, (1280, 800))
    scene = driver.scene
    regions = ("london", "sheffield", "liverpool")
    scene.presenter.animator.queue.insert(0, Shown(Step("build", "a factory", "great_britain", regions), 10.0))
    board = scene.board
    layer = pygame.Surface(driver.screen.get_size())
    layer.fill((0, 0, 0))
    scene.presenter.draw(layer)  # the step shown: its marks (it slides no unit)
    marked = pygame.mask.from_threshold(layer, STEP_RING, (1, 1, 1, 255))
    assert marked.count() > 50
    # every marked pixel lies on (within a few pixels of) a region's border
    near_border = pygame.Surface(layer.get_size())
    near_border.fill((0, 0, 0))
    for region in regions:
        board.outline_region(near_border, region, (255, 255, 255), 12)
    border = pygame.mask.from_threshold(near_border, (255, 255, 255), (1, 1, 1, 255))
    assert marked.overlap_area(border, (0, 0)) == marked.count()
    # and no mark crosses a name: the names (letters and halo) are drawn again over the outlines
    crossed = 0
    for region, image, at in board._names:
        crossed += marked.overlap_area(pygame.mask.from_surface(image), at.topleft)
    assert crossed == 0
    # nor a piece, flag or factory (play-test: the channel's outline ran over the London fleet)
    assert sum(marked.overlap_area(pygame.mask.from_surface(image), at.topleft) for image, at in board._drawn) == 0


def test_the_hover_outline_leaves_the_names_readable() -> None:
    """The pointer's outline around a small region (Sheffield) is drawn under the names too."""
    from imperial_desktop.ui.board_geometry import BoardGeometry
    from imperial_desktop.ui.board_view import BoardView, load_board_image
    from imperial_desktop.ui.palette import HOVER

    pygame.init()
    geometry = BoardGeometry.load()
    board = BoardView(geometry, load_board_image(geometry), pygame.Rect(0, 0, 900, 480))
    surface = pygame.Surface((900, 480))
    state = _played_states()["rondel"]
    board.draw(surface, state, version=1)
    plain = surface.copy()
    crossed = 0
    for region in ("sheffield", "london", "liverpool", "holland", "belgium"):
        surface.blit(plain, (0, 0))
        board.draw(surface, state, version=1, hover=region)
        hovered = pygame.mask.from_threshold(surface, HOVER, (1, 1, 1, 255))
        assert hovered.count() > 20
        crossed += sum(hovered.overlap_area(pygame.mask.from_surface(image), at.topleft) for _r, image, at in board._names)
        crossed += sum(hovered.overlap_area(pygame.mask.from_surface(image), at.topleft) for image, at in board._drawn)
    assert crossed == 0
