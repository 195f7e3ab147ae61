"""Every place that shows a computer level to a player shows its capitalised name in the
language in use (Easy, Normal, Hard, Expert; German and French from the catalogs): the new-game
screen's level menus and tips and the table's player tip."""

from __future__ import annotations

import pytest

from imperial_desktop import i18n
from imperial_desktop.ui.level_names import level_name

NAMES = {
    "en": {"easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert"},
    "de": {"easy": "Leicht", "normal": "Normal", "hard": "Schwer", "expert": "Experte"},
    "fr": {"easy": "Facile", "normal": "Normal", "hard": "Difficile", "expert": "Expert"},
}


@pytest.fixture(params=sorted(NAMES))
def language(request, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_LANGUAGE", request.param)
    assert i18n.set_language(request.param) == request.param
    return request.param


def test_level_names_are_capitalised_and_translated(language):
    for key, shown in NAMES[language].items():
        assert level_name(key) == shown
        assert shown[0].isupper()
    assert level_name("expert:0.02") == NAMES[language]["expert"]  # a tuned level by its name


def test_the_new_game_menus_and_tips_show_the_capitalised_names(app, language):
    from imperial_desktop.ui.new_game_screen import LEVELS, NewGameScene, tip

    scene = NewGameScene(app)
    app.switch(scene)
    menu = scene.seat_rows[-1]["level"]
    shown = [o[0] for o in menu.options_list]
    assert shown == [NAMES[language][k] for k in LEVELS]
    assert menu.selected_option[0] in NAMES[language].values()
    for name in NAMES[language].values():
        assert name in tip("level")


def test_the_table_tip_names_the_level(language):
    from game_scenes import _played_states

    from imperial_desktop.ui.panels import player_tip

    state = _played_states()["rondel"]
    lines = " ".join(player_tip(state, 1, "10M", 1.0, "hard"))
    assert NAMES[language]["hard"] in lines
    assert " hard" not in lines and " schwer" not in lines and " difficile" not in lines
