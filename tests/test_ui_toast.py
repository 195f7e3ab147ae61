"""A message on the game screen (the toast) never covers an open overlay's title or its close hint
(session 13's play-test: the taxation message sat on "Scores if the game ended now")."""

from __future__ import annotations

from game_scenes import _played_states, open_scene

from imperial_desktop.ui.layers.toast import TOAST_INFO, TOAST_REFUSAL, ToastLayer


def test_the_toast_moves_to_the_board_bottom_while_an_overlay_is_open() -> None:
    driver = open_scene(_played_states()["rondel"], (1280, 800))
    scene = driver.scene
    board = scene.layout.board
    scene.show_message("Great Britain collects 8M in taxes: +3 power points, 4M soldiers' pay, 4M into the treasury")
    driver.frame(2)
    rect = driver.drawn.get(ToastLayer)  # where the message was drawn
    assert rect is not None and rect.top < board.y + 40  # at the top of the board
    for overlay in ("results", "legend", "summary"):
        scene.toggle_overlay(overlay)
        driver.frame(2)
        assert scene.overlay == overlay
        rect = driver.drawn[ToastLayer]
        assert rect.bottom <= board.bottom and rect.top > board.centery, overlay
        scene.toggle_overlay(overlay)
    driver.frame(2)
    assert scene.overlay is None and driver.drawn[ToastLayer].top < board.y + 40


def test_news_is_not_shown_in_the_colour_of_a_refusal() -> None:
    """Session 16's play-test: "Great Britain collects 6M in taxes" came in the dark red of a
    refused move. News is slate blue; a refusal stays red."""
    driver = open_scene(_played_states()["rondel"], (1280, 800))
    scene = driver.scene
    for info, colour in ((True, TOAST_INFO), (False, TOAST_REFUSAL)):
        scene.show_message("Some words for the toast", info=info)
        driver.frame(2)
        rect = driver.drawn[ToastLayer]
        assert tuple(driver.screen.get_at((rect.x + 4, rect.centery)))[:3] == colour, info


def test_beside_a_tall_summary_the_toast_goes_into_the_strip_it_leaves() -> None:
    """French play-test (session 18): with a summary as tall as the board the toast lay over the
    summary's last lines at the bottom (the top was no better). It now stands beside the summary."""
    import pygame

    driver = open_scene(_played_states()["rondel"], (1280, 800))
    scene = driver.scene
    board = scene.layout.board
    scene.show_message("Italy collects 6M in taxes: +1 power point, 2M soldiers' pay, 4M into the treasury, "
                       "1M success bonus to the government", info=True)
    scene.toggle_overlay("summary")
    driver.frame(2)
    tall = pygame.Rect(board.x + 12, board.y + 12, board.w * 0.55, board.h - 24)
    scene.summary.view.rect = tall
    rect = scene.toasts.draw(driver.screen)  # the toast's layer drawn again, with the summary this tall
    assert rect is not None and not rect.colliderect(tall)
    assert board.contains(rect) and rect.left >= tall.right
