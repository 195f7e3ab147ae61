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
