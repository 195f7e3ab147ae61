"""Settings (issue 6): round trip through JSON; missing or corrupt files give the defaults."""

from __future__ import annotations

import json

import pytest

from imperial_desktop.session.settings import (
    NewGameChoices, Settings, config_dir, data_dir, load_settings, save_settings, settings_path,
)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path / "home"))


def custom() -> Settings:
    return Settings(
        window_width=1920, window_height=1080, fullscreen=True, pace="slow",
        hide_cash_in_hot_seat=False,
        last_new_game=NewGameChoices(
            seats=[{"name": "Ann", "kind": "human", "level": "normal"},
                   {"name": "Bot", "kind": "computer", "level": "hard"},
                   {"name": "Cem", "kind": "human", "level": "normal"}],
            bond_distribution="auction", investor_card=False,
            options={"investor_shortfall": "pay_what_you_can"},
        ),
    )


def test_settings_round_trip(tmp_path):
    path = save_settings(custom(), tmp_path)
    assert path == tmp_path / "settings.json"
    assert load_settings(tmp_path) == custom()


def test_settings_use_the_home_override_by_default(tmp_path):
    save_settings(custom())
    assert (tmp_path / "home" / "settings.json").is_file()
    assert config_dir() == data_dir() == tmp_path / "home"
    assert load_settings() == custom()


def test_missing_settings_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "nowhere") == Settings()


@pytest.mark.parametrize("content", [
    b"", b"{", b"\xff\xfe", b"[]", b"null", b"42", b'{"format": "something-else"}', b"[" * 100_000,
])
def test_corrupt_settings_file_gives_defaults(tmp_path, content):
    (tmp_path / "settings.json").write_bytes(content)
    assert load_settings(tmp_path) == Settings()


def test_bad_fields_fall_back_one_by_one(tmp_path):
    data = custom().to_dict()
    data.update(window_width="wide", fullscreen=1, pace="ludicrous", extra="ignored")
    data["last_new_game"]["seats"] = "nobody"
    path = settings_path(tmp_path)
    path.write_text(json.dumps(data))
    loaded = load_settings(tmp_path)
    default = Settings()
    assert loaded.window_width == default.window_width and loaded.window_height == 1080
    assert loaded.fullscreen is False and loaded.pace == default.pace
    assert loaded.hide_cash_in_hot_seat is False
    assert loaded.last_new_game.seats == NewGameChoices().seats
    assert loaded.last_new_game.bond_distribution == "auction"


def test_saving_replaces_the_file_atomically(tmp_path):
    save_settings(Settings(), tmp_path)
    save_settings(custom(), tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert load_settings(tmp_path) == custom()
