"""Settings (issue 6): round trip through JSON; missing or corrupt files give the defaults."""

from __future__ import annotations

import json

import pytest

from imperial_desktop.session.settings import (
    NewGameChoices, Settings, config_dir, data_dir, load_settings, save_settings, save_settings_safely,
    settings_path,
)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path / "home"))


def custom() -> Settings:
    return Settings(
        window_width=1920, window_height=1080, fullscreen=True, pace="slow",
        hide_cash_in_hot_seat=False, confirm_turns=False,
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
    data.update(window_width="wide", fullscreen=1, pace="ludicrous", confirm_turns="no", extra="ignored")
    data["last_new_game"]["seats"] = "nobody"
    path = settings_path(tmp_path)
    path.write_text(json.dumps(data))
    loaded = load_settings(tmp_path)
    default = Settings()
    assert loaded.window_width == default.window_width and loaded.window_height == 1080
    assert loaded.fullscreen is False and loaded.pace == default.pace
    assert loaded.hide_cash_in_hot_seat is False
    assert loaded.confirm_turns is default.confirm_turns is True  # "no" is no JSON boolean
    assert loaded.last_new_game.seats == NewGameChoices().seats
    assert loaded.last_new_game.bond_distribution == "auction"


def test_saving_replaces_the_file_atomically(tmp_path):
    save_settings(Settings(), tmp_path)
    save_settings(custom(), tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert load_settings(tmp_path) == custom()


# ---------------------------------------------------------------------------- issue 12: hostile files


@pytest.mark.parametrize("options", [
    {"investor_shortfall": "bankrupt_everyone"}, {"investor_shortfall": 3}, {"forced_stop_cost": None},
    {"swiss_force_without_card": "yes"}, {"stpetersburg_kiev_border": 1}, "not a dict", [1, 2],
])
def test_unknown_rules_option_falls_back_to_the_default(tmp_path, options):
    """Issue 12 finding 4: an unknown option value used to crash New game (RulesOptions raised)."""
    from imperial_desktop.core import RulesOptions

    data = custom().to_dict()
    data["last_new_game"]["options"] = options
    settings_path(tmp_path).write_text(json.dumps(data))
    loaded = load_settings(tmp_path).last_new_game.options
    assert RulesOptions.from_dict(loaded) == RulesOptions()  # what New game builds: no error


def test_valid_rules_options_are_kept_and_bad_ones_dropped_one_by_one(tmp_path):
    data = custom().to_dict()
    data["last_new_game"]["options"] = {"investor_shortfall": "pay_what_you_can", "forced_stop_cost": "??",
                                        "stpetersburg_kiev_border": True, "unknown": 1}
    settings_path(tmp_path).write_text(json.dumps(data))
    assert load_settings(tmp_path).last_new_game.options == {
        "investor_shortfall": "pay_what_you_can", "stpetersburg_kiev_border": True}


@pytest.mark.parametrize("name, expected", [
    ("\ud800", "Player 1"), ("Ann\ud800", "Ann"), ("A\x00n\x1bn", "Ann"), ("Bob\u202e", "Bob"),
    ("Tab\tand\nnewline", "Tab and newline"), ("x" * 500, "x" * 24), ("   ", "Player 1"), (42, "Player 1"),
    ("Ümlaut ünd 漢字", "Ümlaut ünd 漢字"),
])
def test_seat_names_are_sanitised_on_load(tmp_path, name, expected):
    """Issue 12 finding 4: a name holding a lone surrogate crashed New game."""
    data = custom().to_dict()
    data["last_new_game"]["seats"][0]["name"] = name
    # json.dumps writes "\ud800" as an escape, which json.loads turns back into a lone surrogate
    settings_path(tmp_path).write_text(json.dumps(data))
    seats = load_settings(tmp_path).last_new_game.seats
    assert seats[0]["name"] == expected
    seats[0]["name"].encode("utf-8")  # fit for the font code: no lone surrogate


def test_seat_kind_and_level_junk_give_defaults(tmp_path):
    data = custom().to_dict()
    data["last_new_game"]["seats"][1].update(kind="alien", level="\x00" * 3)
    settings_path(tmp_path).write_text(json.dumps(data))
    seat = load_settings(tmp_path).last_new_game.seats[1]
    assert seat["kind"] == "computer" and seat["level"] == "normal"


def test_save_settings_safely_returns_a_message_instead_of_raising(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert save_settings_safely(custom(), tmp_path / "ok") is None
    assert load_settings(tmp_path / "ok") == custom()
    message = save_settings_safely(custom(), blocker / "sub")
    assert message and message.startswith("The settings could not be saved") and str(blocker) in message


# ---------------------------------------------------------------------------- issue 13: thinking time per level


def test_think_times_default_to_the_levels_own_budget(tmp_path):
    from imperial_desktop.session.settings import THINK_TIMES

    default = Settings()
    assert default.think_times == {"hard": "standard", "expert": "standard"}
    assert default.think_seconds() == {}  # nothing to add to the bot names: "hard", "expert"
    assert set(THINK_TIMES) == {"hard", "expert"}
    assert all(choices["standard"] is None for choices in THINK_TIMES.values())
    assert THINK_TIMES["expert"] == {"quick": 0.05, "standard": None, "long": 0.3, "very_long": 1.0}
    assert THINK_TIMES["hard"] == {"quick": 0.3, "standard": None, "long": 2.0}


def test_think_times_round_trip(tmp_path):
    chosen = custom()
    chosen.think_times = {"hard": "quick", "expert": "very_long"}
    save_settings(chosen, tmp_path)
    raw = json.loads(settings_path(tmp_path).read_text())
    assert raw["think_times"] == {"hard": "quick", "expert": "very_long"}  # the choice's name, not seconds
    assert raw["format_version"] == 1
    loaded = load_settings(tmp_path)
    assert loaded == chosen
    assert loaded.think_seconds() == {"hard": 0.3, "expert": 1.0}


def test_an_old_settings_file_without_think_times_loads_with_the_defaults(tmp_path):
    data = custom().to_dict()
    del data["think_times"]
    settings_path(tmp_path).write_text(json.dumps(data))
    loaded = load_settings(tmp_path)
    assert loaded == custom() and loaded.think_times == Settings().think_times


@pytest.mark.parametrize("value, expected", [
    ("long", {"hard": "standard", "expert": "standard"}),
    (None, {"hard": "standard", "expert": "standard"}),
    ([["hard", "quick"]], {"hard": "standard", "expert": "standard"}),
    ({"hard": "very_long", "expert": "ludicrous"}, {"hard": "standard", "expert": "standard"}),  # very_long: Expert only
    ({"hard": 2.0, "expert": ["long"]}, {"hard": "standard", "expert": "standard"}),
    ({"hard": {"x": 1}, "expert": "long"}, {"hard": "standard", "expert": "long"}),
    ({"hard": "long", "normal": "long", "expert:0.5": "quick"}, {"hard": "long", "expert": "standard"}),
])
def test_damaged_think_times_fall_back_one_level_at_a_time(tmp_path, value, expected):
    data = custom().to_dict()
    data["think_times"] = value
    settings_path(tmp_path).write_text(json.dumps(data))
    loaded = load_settings(tmp_path)
    assert loaded.think_times == expected
    assert loaded.pace == "slow"  # the other fields are kept
