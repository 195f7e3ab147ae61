"""A message on the game screen (the toast) never covers an open overlay's title or its close hint
(session 13's play-test: the taxation message sat on "Scores if the game ended now")."""

from __future__ import annotations

from game_scenes import _played_states, open_scene


def test_the_toast_moves_to_the_board_bottom_while_an_overlay_is_open() -> None:
    driver = open_scene(_played_states()["rondel"], (1280, 800))
    scene = driver.scene
    board = scene.layout.board
    scene.show_message("Great Britain collects 8M in taxes: +3 power points, 4M soldiers' pay, 4M into the treasury")
    driver.frame(2)
    assert scene.toast_rect is not None and scene.toast_rect.top < board.y + 40  # at the top of the board
    for overlay in ("results", "legend", "summary"):
        scene.toggle_overlay(overlay)
        driver.frame(2)
        assert scene.overlay == overlay
        assert scene.toast_rect.bottom <= board.bottom and scene.toast_rect.top > board.centery, overlay
        scene.toggle_overlay(overlay)
    driver.frame(2)
    assert scene.overlay is None and scene.toast_rect.top < board.y + 40


def test_news_is_not_shown_in_the_colour_of_a_refusal() -> None:
    """Session 16's play-test: "Great Britain collects 6M in taxes" came in the dark red of a
    refused move. News is slate blue; a refusal stays red."""
    from imperial_desktop.ui.game_scene import TOAST_INFO, TOAST_REFUSAL

    driver = open_scene(_played_states()["rondel"], (1280, 800))
    scene = driver.scene
    for info, colour in ((True, TOAST_INFO), (False, TOAST_REFUSAL)):
        scene.show_message("Some words for the toast", info=info)
        driver.frame(2)
        rect = scene.toast_rect
        assert tuple(driver.screen.get_at((rect.x + 4, rect.centery)))[:3] == colour, info
