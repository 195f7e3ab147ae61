"""Settings and other user files that a player edited or a disk damaged (session 18 crash hunt).

Any JSON value in any field of settings.json gives that field's default, never a traceback; a
file that cannot be read at all (a trailing comma) is kept as a copy beside it before anything
writes over it, and the title screen says so once; a byte order mark (Notepad) is no damage, in
the settings nor in a save; a deeply nested document is refused cleanly by every JSON reader.
"""

from __future__ import annotations

import codecs
import errno
import json
from pathlib import Path

import pytest

from imperial_desktop.core import GameSetup
from imperial_desktop.session import autosave as autosaves, saves
from imperial_desktop.session import settings as settings_module
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.session.settings import (
    THINK_TIMES, NewGameChoices, Settings, load_settings, save_settings, save_settings_safely, settings_path,
)

DEEP = "[" * 100_000 + "]" * 100_000  # valid JSON, nested far beyond Python's recursion limit

# every kind of JSON value, some shaped like a good value of another field
ODD_VALUES = [
    None, True, False, 0, -1, 7, 1600, 10**30, 1.5, -0.0, 1e308, "", "x", "fast", "\ud800", "de",
    [], ["fast"], [1, [2, [3]]], {}, {"a": 1}, {"hard": "quick"}, [{"name": "A"}] * 3,
]


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path / "home"))


def custom() -> Settings:
    """Settings that differ from the defaults in every field."""
    return Settings(
        window_width=1920, window_height=1080, fullscreen=True, pace="slow", hide_cash_in_hot_seat=False,
        confirm_turns=False, language="de", think_times={"hard": "quick", "expert": "long"},
        last_new_game=NewGameChoices(
            seats=[{"name": "Oma", "kind": "human", "level": "normal"}, {"name": "Opa", "kind": "computer", "level": "hard"}],
            bond_distribution="auction", investor_card=False, options={"investor_shortfall": "pay_what_you_can"},
        ),
    )


def _write(folder: Path, data: object) -> Path:
    path = settings_path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _damaged_copies(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".damaged" in p.name)


# ---------------------------------------------------------------------------- one field, any value


@pytest.mark.parametrize("name", [f for f in custom().to_dict() if f not in ("format", "format_version")])
@pytest.mark.parametrize("value", ODD_VALUES, ids=repr)
def test_any_value_in_a_field_gives_that_fields_default_only(tmp_path, name, value):
    """Session 18 crash hunt, finding 1: "pace": ["fast"] stopped the game from starting
    (TypeError: unhashable type: 'list'). A bad value costs its own field, never the others."""
    data = custom().to_dict()
    data[name] = value
    _write(tmp_path, data)
    loaded = load_settings(tmp_path)
    wanted, default = custom(), Settings()
    for other in data:
        if other in ("format", "format_version"):
            continue
        got = getattr(loaded, other)
        if other == "think_times" == name:  # a dict of levels: each level falls back on its own
            assert set(got) == {"hard", "expert"} and all(got[level] in THINK_TIMES[level] for level in got)
        elif other == name:
            assert got in (getattr(default, other), value)
        else:
            assert got == getattr(wanted, other), other
    assert loaded.load_problem is None  # the file itself is fine: no word on the title screen


@pytest.mark.parametrize("value", [["fast"], {}, {"fast": 1}, 0.25, None])
def test_a_pace_that_is_no_name_gives_the_normal_pace(tmp_path, value):
    """Session 18 crash hunt, finding 1: the reported values of "pace"."""
    _write(tmp_path, {"format": "imperial-desktop-settings", "format_version": 1, "pace": value})
    assert load_settings(tmp_path).pace == "normal"


@pytest.mark.parametrize("key", ["seats", "bond_distribution", "investor_card", "options"])
@pytest.mark.parametrize("value", ODD_VALUES, ids=repr)
def test_any_value_in_the_last_new_game_keeps_the_rest_of_it(tmp_path, key, value):
    """Session 18 crash hunt, finding 1: the remembered new game's parts fall back one by one."""
    data = custom().to_dict()
    data["last_new_game"][key] = value
    _write(tmp_path, data)
    loaded = load_settings(tmp_path).last_new_game
    for other in ("seats", "bond_distribution", "investor_card", "options"):
        if other != key:
            assert getattr(loaded, other) == getattr(custom().last_new_game, other), other


@pytest.mark.parametrize("key", ["name", "kind", "level"])
@pytest.mark.parametrize("value", ODD_VALUES, ids=repr)
def test_any_value_in_a_remembered_seat_gives_a_usable_seat(tmp_path, key, value):
    """Session 18 crash hunt, finding 1: a seat's name, kind or level of any JSON type."""
    data = custom().to_dict()
    data["last_new_game"]["seats"][0][key] = value
    _write(tmp_path, data)
    seat = load_settings(tmp_path).last_new_game.seats[0]
    assert isinstance(seat["name"], str) and seat["name"]
    assert seat["kind"] in ("human", "computer") and isinstance(seat["level"], str)


@pytest.mark.parametrize("value", ODD_VALUES, ids=repr)
def test_any_value_as_a_think_time_gives_standard(tmp_path, value):
    """Session 18 crash hunt, finding 1: a think time of any JSON type."""
    data = custom().to_dict()
    data["think_times"]["hard"] = value
    _write(tmp_path, data)
    assert load_settings(tmp_path).think_times == {"hard": "standard", "expert": "long"}


def test_a_reader_that_fails_costs_only_its_field(tmp_path, monkeypatch):
    """Session 18 crash hunt, finding 1: even an unforeseen error in one field's check (here a
    reader made to raise) leaves the other settings as saved, and loading does not raise."""
    def broken(value, default):
        raise KeyError("unforeseen")

    monkeypatch.setitem(settings_module._FIELD_READERS, "language", broken)
    _write(tmp_path, custom().to_dict())
    loaded = load_settings(tmp_path)
    assert loaded.language == Settings().language and loaded.pace == "slow" and loaded.window_width == 1920


def test_the_app_starts_with_a_list_as_its_pace(tmp_path, monkeypatch):
    """Session 18 crash hunt, finding 1: the game's start (App and its title screen) with the
    reported settings file, which ended in a traceback."""
    import pygame

    from imperial_desktop.ui.app import App, init_display

    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    _write(tmp_path, {"format": "imperial-desktop-settings", "format_version": 1, "pace": ["fast"]})
    app = App(init_display((1600, 1000), headless=True))
    try:
        app.show_title()
        app.frame(1 / 60)
        assert app.settings.pace == "normal" and type(app.scene).__name__ == "TitleScene"
    finally:
        pygame.quit()


# ---------------------------------------------------------------------------- a file that cannot be read


def _good_text() -> str:
    return json.dumps(custom().to_dict(), indent=1)


def test_a_byte_order_mark_is_no_damage(tmp_path):
    """Session 18 crash hunt, finding 2: settings saved by Notepad (UTF-8 with a BOM) were all reset."""
    tmp_path.mkdir(exist_ok=True)
    settings_path(tmp_path).write_bytes(codecs.BOM_UTF8 + _good_text().encode("utf-8"))
    loaded = load_settings(tmp_path)
    assert loaded == custom() and loaded.load_problem is None
    assert _damaged_copies(tmp_path) == []


def test_a_trailing_comma_keeps_a_copy_and_says_so(tmp_path):
    """Session 18 crash hunt, finding 2: a trailing comma reset everything silently, and the next
    write (a resized window) replaced the file: language, pace and seats were lost."""
    damaged = _good_text().replace('"slow"', '"slow",', 1).encode("utf-8")
    settings_path(tmp_path).write_bytes(damaged)
    loaded = load_settings(tmp_path)
    assert loaded == Settings()
    copy = tmp_path / "settings.json.damaged"
    assert copy.read_bytes() == damaged
    assert loaded.load_problem and "damaged" in loaded.load_problem and str(copy) in loaded.load_problem
    loaded.window_width = 1400
    assert save_settings_safely(loaded, tmp_path) is None  # what a resize then quit does
    assert copy.read_bytes() == damaged  # the player's old settings survive, to be mended by hand


def test_loading_again_keeps_one_copy(tmp_path):
    """Session 18 crash hunt, finding 2: the settings are read twice at every start; one copy."""
    settings_path(tmp_path).write_bytes(b'{"pace": "slow",}')
    for _ in range(3):
        assert load_settings(tmp_path).load_problem
    assert _damaged_copies(tmp_path) == ["settings.json.damaged"]


def test_an_earlier_copy_is_not_overwritten(tmp_path):
    """Session 18 crash hunt, finding 2: a second, different damage gets a free name."""
    earlier = tmp_path / "settings.json.damaged"
    earlier.write_bytes(b"an earlier damaged file")
    settings_path(tmp_path).write_bytes(b'{"pace": "slow",}')
    problem = load_settings(tmp_path).load_problem
    assert earlier.read_bytes() == b"an earlier damaged file"
    assert (tmp_path / "settings.json.damaged-2").read_bytes() == b'{"pace": "slow",}'
    assert problem and "settings.json.damaged-2" in problem


@pytest.mark.parametrize("content", [b"[1, 2]", b"null", b'{"format": "something-else"}', b"\xff\xfe{", DEEP.encode()])
def test_other_unusable_files_are_kept_too(tmp_path, content):
    """Session 18 crash hunt, finding 2: every file the defaults replace is kept before it is overwritten."""
    settings_path(tmp_path).write_bytes(content)
    loaded = load_settings(tmp_path)
    assert loaded == Settings() and loaded.load_problem
    assert (tmp_path / "settings.json.damaged").read_bytes() == content


def test_a_copy_the_disk_refuses_leaves_no_part_and_is_said(tmp_path, monkeypatch):
    """Session 18 crash hunt, finding 2: on a full disk no copy can be kept; the player is still told."""
    def full(source, target, *args):
        target.write(b"{")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(settings_module.shutil, "copyfileobj", full)
    settings_path(tmp_path).write_bytes(b'{"pace": "slow",}')
    loaded = load_settings(tmp_path)
    assert loaded == Settings() and loaded.load_problem and "no copy" in loaded.load_problem
    assert _damaged_copies(tmp_path) == []


def test_an_unreadable_file_is_said(tmp_path, monkeypatch):
    """Session 18 crash hunt, finding 2: a file there but not readable is not passed over in silence."""
    settings_path(tmp_path).write_bytes(_good_text().encode())

    def refuse(self):
        raise PermissionError(errno.EACCES, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", refuse)
    loaded = load_settings(tmp_path)
    assert loaded == Settings() and loaded.load_problem and "permission denied" in loaded.load_problem


@pytest.mark.parametrize("content", [b"", b"  \n"])
def test_an_empty_file_needs_no_copy_nor_word(tmp_path, content):
    """Session 18 crash hunt, finding 2: nothing to keep in an empty file (no copy, no message)."""
    settings_path(tmp_path).write_bytes(content)
    loaded = load_settings(tmp_path)
    assert loaded == Settings() and loaded.load_problem is None and _damaged_copies(tmp_path) == []


def test_a_missing_file_needs_no_word(tmp_path):
    """Session 18 crash hunt, finding 2: a first start is no problem."""
    assert load_settings(tmp_path / "nowhere").load_problem is None


def test_saved_settings_hold_no_problem_text(tmp_path):
    """Session 18 crash hunt, finding 2: the problem is for the screen, never written to the file."""
    settings = custom()
    settings.load_problem = "a word for the title screen"
    save_settings(settings, tmp_path)
    assert "load_problem" not in json.loads(settings_path(tmp_path).read_text())


def test_the_title_screen_says_it_once(tmp_path, monkeypatch):
    """Session 18 crash hunt, finding 2: the first title screen tells the player; the next does not."""
    import pygame

    from imperial_desktop.ui.app import App, init_display

    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    settings_path(tmp_path).write_bytes(_good_text().replace('"slow"', '"slow",', 1).encode())
    app = App(init_display((1600, 1000), headless=True))
    try:
        app.show_title()
        app.frame(1 / 60)
        assert "settings file is damaged" in app.scene.note and "settings.json.damaged" in app.scene.note
        app.show_title()
        app.frame(1 / 60)
        assert app.scene.note == ""
    finally:
        pygame.quit()


# ---------------------------------------------------------------------------- the other JSON readers


def _session() -> GameSession:
    setup = GameSetup.create(4, 3, names=["Ann", "Bob", "Cem", "Dora"])
    seats = [Seat(n, COMPUTER if i == 3 else HUMAN, "random" if i == 3 else "normal") for i, n in enumerate(setup.players)]
    return GameSession(setup, seats, seed=3)


def test_a_save_with_a_byte_order_mark_loads(tmp_path):
    """Session 18 crash hunt, finding 2: a save edited in Notepad was refused as "damaged or incomplete"."""
    session = _session()
    path = tmp_path / "bom.json"
    path.write_bytes(codecs.BOM_UTF8 + json.dumps(saves.save_document(session, "bom")).encode("utf-8"))
    saved = saves.read_save(path)
    assert saved.state == session.state and saved.notes == []


def test_a_deeply_nested_settings_file_gives_the_defaults(tmp_path):
    """Session 18 crash hunt, finding 3: a balanced, deeply nested settings file (RecursionError)."""
    settings_path(tmp_path).write_text(DEEP)
    loaded = load_settings(tmp_path)
    assert loaded == Settings() and loaded.load_problem


def test_a_deeply_nested_save_is_a_clean_error(tmp_path):
    """Session 18 crash hunt, finding 3: a balanced, deeply nested save file."""
    folder = saves.saves_dir(tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "deep.json"
    path.write_text(DEEP)
    with pytest.raises(saves.SaveError, match="nested too deeply"):
        saves.read_save(path)
    assert [p.file_label for p in saves.list_saves(tmp_path).problems] == ["deep.json"]  # the load screen lists it


def test_a_deeply_nested_autosave_falls_back_to_the_previous_one(tmp_path):
    """Session 18 crash hunt, finding 3: Continue with a deeply nested autosave (and a deeply nested
    stray temporary file beside it) goes on from the previous autosave, with a note."""
    session = _session()
    autosaves.autosave(session, tmp_path)
    autosaves.autosave(session, tmp_path)  # the first one becomes the previous autosave
    folder = saves.saves_dir(tmp_path)
    (folder / saves.AUTOSAVE).write_text(DEEP)
    (folder / ".autosave-killed.tmp").write_text(DEEP)
    resumed, notes = autosaves.continue_game(tmp_path)
    assert resumed.state.digest() == session.state.digest()
    assert notes and "nested too deeply" in notes[0]


def test_a_deeply_nested_autosave_alone_is_a_clean_error(tmp_path):
    """Session 18 crash hunt, finding 3: no previous autosave to fall back on: a clean SaveError."""
    folder = saves.saves_dir(tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / saves.AUTOSAVE).write_text(DEEP)
    with pytest.raises(saves.SaveError, match="nested too deeply"):
        autosaves.continue_game(tmp_path)


def test_every_settings_field_has_a_reader():
    """Session 18 crash hunt, finding 1: a field added later without its check would always load as its default."""
    from dataclasses import fields

    assert set(settings_module._FIELD_READERS) == {f.name for f in fields(Settings)}
