"""The new-game options in a newcomer's words (play-test: "Swiss force, no card", "costs the
distance" and "forbid Investor" were jargon): every option's tooltip says what each of its
choices changes in the game, by the name the menu shows."""

from __future__ import annotations

from ui_driver import click_in_app, tooltips_after_hover

from imperial_desktop.ui import board_look
from imperial_desktop.ui.new_game_screen import NewGameScene, tip as shown_tip


def test_each_option_tooltip_explains_every_choice_by_its_shown_name() -> None:
    board = board_look.board()
    border = board_look.disputed_borders()[0]
    for key, (label, options) in NewGameScene.OPTIONS.items():
        tip = shown_tip(key).lower()
        if key == "investor_card":  # the "with"/"without" of a thing the tooltip names
            assert label.lower() in tip, key
            continue
        if key == "border":  # the border between the board's two regions it names
            assert all(board.name_of(r).lower() in tip for r in (border.first, border.second)), tip
            continue
        for option in options:
            assert f'"{option.split(" (")[0].lower()}' in tip, (key, option)


def test_no_jargon_left_in_the_option_names() -> None:
    shown = " ".join(label + " " + " ".join(options) for label, options in NewGameScene.OPTIONS.values())
    for jargon in ("Swiss force", "costs the distance", "forbid Investor", "is free", "pay what you can"):
        assert jargon not in shown


def test_pointing_at_an_option_label_shows_its_explanation(app) -> None:
    click_in_app(app, app.scene.buttons["new"], settle=2)
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    menu = scene.widgets["forced"]
    label = next(e for e in app.manager.get_sprite_group().sprites()
                 if type(e).__name__ == "UILabel" and e.text == "Forced Investor stop")
    assert label.rect.right <= menu.rect.left + 2 and abs(label.rect.centery - menu.rect.centery) <= 2
    tips = tooltips_after_hover(app, label.get_abs_rect().center)
    assert len(tips) == 1 and "paid like a move" in tips[0]
