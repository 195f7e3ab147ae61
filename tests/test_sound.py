"""Sound: the generated files, the sound table, the SoundBoard (dummy audio driver), when the game
screen plays each cue (a person's action, a computer's turn shown step by step, "your turn"),
the settings (volume, mute, music; the Settings screen and the M key) and a start without a
sound device (nothing on stderr)."""

from __future__ import annotations

import array
import importlib.util
import json
import os
import subprocess
import sys
import wave
from functools import lru_cache
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, choose_in_app, click_in_app

from imperial_desktop.ai import make_bot
from imperial_desktop.core import Action, GameSetup, GameState
from imperial_desktop.session.agents import LocalHuman, RemoteAgent
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat
from imperial_desktop.session.settings import DEFAULT_VOLUME, Settings, load_settings, save_settings
from imperial_desktop.session.turn_steps import visible_steps
from imperial_desktop.ui.sound import SoundBoard, SoundTable, loudness, sounds_root

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1 / 60
PACE = 0.25  # seconds per shown step: longer than the gap between two sounds
# the events the issue names, as step kinds of session.turn_steps (and the cue of a waiting decision)
MAIN_CUES = ("move", "build", "battle", "flag", "taxes", "game_over", "rondel", "invest", "your_turn")


@lru_cache(maxsize=1)
def _tool():
    """tools/make_sounds.py as a module."""
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------- the files


def test_the_generated_files_are_short_quiet_centred_and_small():
    tool = _tool()
    folder = ROOT / "assets" / "sounds"
    assert tool.problems(folder) == []
    for name in tool.EFFECTS:
        m = tool.measure(folder / f"{name}.wav")
        assert 0.05 <= m.seconds <= 0.6, name
        assert -6.5 <= m.peak_dbfs <= -5.5, name  # about -6 dBFS: no clipping, not too loud
        assert abs(m.mean) < 0.002, name  # no DC offset
        assert abs(m.first) < 0.01 and abs(m.last) < 0.01, name  # no click at either end
    assert sum(p.stat().st_size for p in folder.iterdir()) < 1_500_000
    licence = (folder / "LICENSE.txt").read_text(encoding="utf-8")
    assert "tools/make_sounds.py" in licence and "licence" in licence


def test_the_generator_writes_what_is_bundled(tmp_path):
    """The bundled files are the generator's output (made again, they measure the same)."""
    tool = _tool()
    assert tool.main(["--out", str(tmp_path)]) == 0
    for name in [*tool.EFFECTS, "music"]:
        made, bundled = _samples(tmp_path / f"{name}.wav"), _samples(ROOT / "assets" / "sounds" / f"{name}.wav")
        assert len(made) == len(bundled), name
        assert max(abs(a - b) for a, b in zip(made, bundled)) <= 1, name  # a last bit may differ with the maths library


def _samples(path: Path) -> array.array:
    with wave.open(str(path), "rb") as wav:
        pcm = array.array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm


def test_the_checker_finds_a_clipped_or_offset_file(tmp_path):
    tool = _tool()
    tool.write_all(tmp_path)
    tool.write_wav(tmp_path / "move.wav", [0.2 + (0.9 if i % 50 == 0 else 0.0) for i in range(4000)])
    found = tool.problems(tmp_path)
    assert any("move.wav: peak" in p for p in found) and any("move.wav: DC offset" in p for p in found)


def test_the_table_names_a_sound_for_every_main_event_and_every_file_is_there():
    table = SoundTable.load()
    for cue in MAIN_CUES:
        assert cue in table.cues, cue
    for name, file in table.files.items():
        assert (sounds_root() / file).is_file(), name
    assert table.music is not None and (sounds_root() / table.music).is_file()
    assert table.pick(["rondel", "taxes", "power"]) == "taxes"  # the coins, not the rondel marker
    assert table.pick(["power", "status"]) is None


def test_a_damaged_table_gives_silence_not_an_error():
    assert SoundTable.from_dict([]).cues == {}
    table = SoundTable.from_dict({"format": "imperial-desktop-sounds", "sounds": {"a": {"file": "../x.wav"}},
                                  "cues": {"move": {"sound": "a"}}, "music": 3})
    assert table.cues == {} and table.files == {} and table.music is None


# ---------------------------------------------------------------------------- the board


@pytest.fixture
def mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_the_dummy_driver_plays_at_the_volume_set_and_mute_plays_nothing(mixer):
    board = SoundBoard(volume=50)
    channel = board.play_cue("battle")
    assert channel is not None and channel.get_sound() is not None
    gain = board.table.gains[board.table.cues["battle"].sound]
    assert abs(channel.get_sound().get_volume() - loudness(50) * gain) < 0.01
    board.configure(volume=100, muted=False, music=False)
    assert abs(board.play_cue("battle").get_sound().get_volume() - gain) < 0.01
    board.configure(volume=100, muted=True, music=False)
    assert board.play_cue("battle") is None
    board.configure(volume=0, muted=False, music=False)
    assert board.play_cue("battle") is None
    assert board.play_cue("no such cue") is None


def test_a_muted_board_does_not_open_the_sound_device(mixer):
    board = SoundBoard(volume=70, muted=True)
    board.play_cue("move")
    assert board.available is None and not pygame.mixer.get_init()


def test_music_plays_while_on_and_stops_when_muted_or_off(mixer):
    board = SoundBoard(volume=60)
    music = pygame.mixer.Channel
    board.configure(volume=60, muted=False, music=True)
    assert music(0).get_busy()
    effects = [board.play_cue("move") for _ in range(12)]  # more than there are channels: music keeps its own
    assert all(c is not None and c != music(0) for c in effects) and music(0).get_busy()
    board.configure(volume=60, muted=True, music=True)
    assert not music(0).get_busy()
    board.configure(volume=60, muted=False, music=True)
    assert music(0).get_busy()
    board.configure(volume=60, muted=False, music=False)
    assert not music(0).get_busy()


# ---------------------------------------------------------------------------- when cues play


class SpyBoard(SoundBoard):
    """A SoundBoard that remembers every cue asked of it (and plays it through the dummy driver)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cues: list[str] = []
        self.channels: list = []

    def play_cue(self, cue: str):
        self.cues.append(cue)
        channel = super().play_cue(cue)
        self.channels.append(channel)
        return channel


@lru_cache(maxsize=1)
def _recorded_game() -> tuple[GameSetup, tuple[Action, ...]]:
    """A whole four-player game of Easy computers (core only: fast)."""
    setup = GameSetup.create(4, 5, names=["Anna", "Ben", "Clara", "David"])
    state = GameState.new(setup)
    bots = [make_bot("easy", 10 + i) for i in range(4)]
    actions = []
    while not state.is_terminal():
        action = bots[state.current_player()].choose(state)
        state.apply(action)
        actions.append(action)
    return setup, tuple(actions)


def _first_action_with(kind: str, handing_over: bool = False) -> tuple[GameState, Action, list[str], int | None]:
    """The state before the first action of the recorded game whose steps include ``kind`` (and
    after which another player decides, with ``handing_over``); the action, its step kinds, and
    who decides after it."""
    setup, actions = _recorded_game()
    state = GameState.new(setup)
    for action in actions:
        before = state.clone()
        events = state.apply(action)
        kinds = [s.kind for s in visible_steps(action, events, state.board)]
        if kind in kinds and not (handing_over and state.current_player() in (None, before.current_player())):
            return before, action, kinds, state.current_player()
    raise AssertionError(f"no {kind} in the recorded game")


def _scene(state: GameState, local: set[int]) -> tuple[Driver, SpyBoard]:
    """A game screen on ``state``: the players in ``local`` at this screen, the others remote."""
    from imperial_desktop.ui.game_scene import GameScene

    setup = state.setup
    seats = [Seat.human(name) for name in setup.players]
    agents = [LocalHuman(p) if p in local else RemoteAgent(p) for p in range(len(seats))]
    session = GameSession(setup, seats, state=state.clone(), agents=agents)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=PACE))
    board = SpyBoard(volume=60)
    driver.scene.sounds.board = board
    driver.frame(3, FRAME)
    return driver, board


def _frames_until_shown(driver: Driver) -> None:
    for _ in range(2000):
        driver.frame(1, FRAME)
        if not driver.scene.presenter.busy and not driver.scene.sounds.pending:
            driver.frame(10, FRAME)
            return
    raise AssertionError("the steps were never all shown")


@pytest.mark.parametrize("kind", [c for c in MAIN_CUES if c != "your_turn"])
def test_a_persons_action_plays_its_sound_once_as_it_is_applied(kind):
    state, action, kinds, _next = _first_action_with(kind)
    actor = state.current_player()
    driver, board = _scene(state, {actor})
    assert board.cues == []  # the screen opened on a waiting decision: nothing plays
    assert driver.scene.act(action)
    driver.frame(1, FRAME)
    expected = board.table.pick(kinds)
    assert board.cues == [expected]  # at once, the one that ranks highest of the action's steps
    assert board.channels[0] is not None  # heard through the dummy driver
    if kind in ("taxes", "game_over", "battle", "build", "flag"):
        assert expected == kind
    driver.frame(60, FRAME)
    assert board.cues == [expected]  # once; and no "your turn" after the person's own action
    pygame.quit()


@pytest.mark.parametrize("kind", [c for c in MAIN_CUES if c != "your_turn"])
def test_a_computers_action_plays_each_step_as_it_is_shown(kind):
    state, action, kinds, after = _first_action_with(kind)
    actor = state.current_player()
    # the player deciding next sits at this screen when it is another seat: "your turn" comes then
    local = {after} if after is not None and after != actor else set()
    driver, board = _scene(state, local)
    driver.scene.session.agents[actor].deliver(action)
    heard_at = []
    for _ in range(2000):
        before = len(board.cues)
        driver.frame(1, FRAME)
        if len(board.cues) > before:
            heard_at.append(driver.scene.presenter.current_step())
        if not driver.scene.presenter.busy and not driver.scene.sounds.pending and driver.scene.session.history:
            break
    driver.frame(30, FRAME)
    sounding = [k for k in kinds if k in board.table.cues]
    expected = sounding + (["your_turn"] if local else [])
    assert board.cues == expected
    # each step's sound came while that step was shown (not the whole batch at once)
    assert [s.kind for s in heard_at[:len(sounding)]] == sounding
    pygame.quit()


def _two_turns() -> tuple[GameState, Action, Action, list[str]]:
    """From the recorded game: a state, the action of one player there, then the action of the next
    player, which hands the game on to a third decision of someone else; the second's step kinds."""
    setup, actions = _recorded_game()
    state = GameState.new(setup)
    for first, second in zip(actions, actions[1:]):
        before = state.clone()
        state.apply(first)
        middle = state.current_player()
        probe = state.clone()
        events = probe.apply(second)
        if before.current_player() != middle and probe.current_player() not in (None, middle):
            return before, first, second, [s.kind for s in visible_steps(second, events, probe.board)]
    raise AssertionError("no such pair in the recorded game")


def test_your_turn_plays_after_another_seat_played_not_at_the_start_nor_after_an_undo():
    state, first, second, kinds = _two_turns()
    other = state.current_player()
    person = _after(state, first)
    driver, board = _scene(state, {person})
    session = driver.scene.session
    session.confirm_turns = True
    session.agents[other].deliver(first)
    _frames_until_shown(driver)
    assert board.cues[-1] == "your_turn" and board.cues.count("your_turn") == 1
    board.cues.clear()
    assert driver.scene.act(second)  # the person's own action: its sound, no "your turn"
    driver.frame(30, FRAME)
    assert board.cues == [board.table.pick(kinds)]
    assert session.awaiting_confirmation()
    driver.scene.undo()  # the decision comes back to the person, after another seat's action
    driver.frame(30, FRAME)
    assert session.waits_for_local_input() and board.cues == [board.table.pick(kinds)]
    pygame.quit()


def test_in_a_hot_seat_your_turn_comes_with_the_hand_over_screen_once():
    from imperial_desktop.ui.game_scene import GameScene

    names = ["Anna", "Ben"]
    session = GameSession(GameSetup.create(2, 7, names=names), [Seat.human(n) for n in names], seed=7)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0.0), size=(1280, 800))
    driver.scene.hide_cash = True
    board = SpyBoard(volume=60)
    driver.scene.sounds.board = board
    driver.frame(5, FRAME)
    assert driver.scene.hot_seat.handover_to is not None and board.cues == []  # the game opens: no chime
    driver.key(pygame.K_RETURN)
    driver.frame(5, FRAME)
    first = session.state.current_player()
    for _ in range(40):  # the first player decides until the game passes to the other
        if session.state.current_player() != first:
            break
        action = session.state.legal_actions()[0]
        assert driver.scene.act(action)
        driver.frame(2, FRAME)
        if session.awaiting_confirmation():
            driver.scene.confirm_turn()
            driver.frame(2, FRAME)
    driver.frame(20, FRAME)
    assert driver.scene.hot_seat.handover_to == session.state.current_player() != first
    assert board.cues.count("your_turn") == 1 and board.cues[-1] == "your_turn"
    driver.key(pygame.K_RETURN)  # the next player sits down: no second chime
    driver.frame(20, FRAME)
    assert driver.scene.hot_seat.handover_to is None and board.cues.count("your_turn") == 1
    pygame.quit()


def _after(state: GameState, action: Action) -> int | None:
    """Who decides after ``action`` in ``state``."""
    probe = state.clone()
    probe.apply(action)
    return probe.current_player()


def test_nothing_plays_without_a_board_and_cues_are_spaced():
    from imperial_desktop.ui.sound_cues import MIN_GAP

    state, _action, _kinds, _after = _first_action_with("move")
    driver, board = _scene(state, {state.current_player()})
    cues = driver.scene.sounds
    cues.heard(["move"])
    cues.heard(["rondel"])  # the same frame: the higher ranked plays
    driver.frame(1, FRAME)
    cues.heard(["move"])
    driver.frame(1, FRAME)
    assert board.cues == ["move"]  # the next waits for the gap
    cues.heard(["battle"])  # ranks higher: replaces the one waiting
    driver.frame(round(MIN_GAP / FRAME) + 1, FRAME)
    assert board.cues == ["move", "battle"]
    cues.board = None
    cues.heard(["battle"])
    driver.frame(20, FRAME)
    assert board.cues == ["move", "battle"]
    pygame.quit()


# ---------------------------------------------------------------------------- settings


def test_the_sound_settings_round_trip_and_a_damaged_field_gives_its_default(tmp_path):
    settings = Settings(volume=35, mute=True, music=True)
    save_settings(settings, tmp_path)
    loaded = load_settings(tmp_path)
    assert (loaded.volume, loaded.mute, loaded.music) == (35, True, True)
    assert (Settings().volume, Settings().mute, Settings().music) == (DEFAULT_VOLUME, False, False)
    for damaged in ({"volume": 101}, {"volume": -1}, {"volume": "loud"}, {"volume": True}, {"volume": 50.5},
                    {"mute": "yes"}, {"mute": 1}, {"music": None}, {"music": "on"}):
        got = Settings.from_dict({**Settings(volume=40).to_dict(), **damaged})
        field, = damaged
        assert getattr(got, field) == getattr(Settings(), field), damaged
        assert got.volume == (40 if field != "volume" else DEFAULT_VOLUME)


def test_the_settings_screen_sets_volume_mute_and_music_at_once(app):
    from imperial_desktop.ui.settings_screen import SettingsScene
    from imperial_desktop.ui.title_screen import TitleScene

    click_in_app(app, app.scene.buttons["settings"])
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    assert scene.menus["sound"].selected_option[1] == str(DEFAULT_VOLUME)
    assert [o[0] for o in scene.menus["sound"].options_list][:3] == ["off", "10%", "20%"]
    choose_in_app(app, scene.menus["sound"], "30%")
    choose_in_app(app, scene.menus["music"], "on")
    click_in_app(app, scene.done, settle=2)
    assert isinstance(app.scene, TitleScene)
    assert (app.settings.volume, app.settings.mute, app.settings.music) == (30, False, True)
    assert (app.sound.volume, app.sound.muted, app.sound.music) == (30, False, True)
    assert pygame.mixer.Channel(0).get_busy()  # the music plays now
    saved = load_settings()
    assert (saved.volume, saved.mute, saved.music) == (30, False, True)

    click_in_app(app, app.scene.buttons["settings"])
    choose_in_app(app, app.scene.menus["sound"], "off")
    click_in_app(app, app.scene.done, settle=2)
    assert app.settings.mute and app.settings.volume == 30 and app.sound.muted
    assert not pygame.mixer.Channel(0).get_busy()
    assert app.sound.play_cue("move") is None


def test_m_turns_the_sound_off_and_on_in_a_game(app):
    from imperial_desktop.ui.app import default_session

    app.start_game(default_session(3))
    app.frame(FRAME)
    assert app.scene.sounds.board is app.sound
    for muted in (True, False):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
        app.frame(FRAME)
        assert app.settings.mute is muted and app.sound.muted is muted
        assert load_settings().mute is muted
        assert ("Sound off" if muted else "Sound on") in app.scene.toasts.message.text
    app.show_title()


# ---------------------------------------------------------------------------- no sound device


def _env(tmp_path, driver: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_AUDIO")}
    return {**env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": driver, "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "IMPERIAL_DESKTOP_HOME": str(tmp_path / "home")}


PLAY_ONE = ("from imperial_desktop.ui.sound import SoundBoard\n"
            "board = SoundBoard(volume=70, music=True)\n"
            "board.configure(volume=70, muted=False, music=True)\n"
            "print(board.play_cue('battle'), board.available)\n")


@pytest.mark.parametrize("driver", ["alsa", "no-such-audio-driver"])
def test_without_a_sound_device_the_board_stays_silent_and_says_nothing(tmp_path, driver):
    if driver == "alsa" and Path("/dev/snd").exists():
        pytest.skip("this machine has a sound device")
    proc = subprocess.run([sys.executable, "-c", PLAY_ONE], capture_output=True, text=True, timeout=60,
                          env=_env(tmp_path, driver), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["None", "False"]
    assert proc.stderr == ""


def test_the_quiet_opening_is_what_keeps_stderr_clean(tmp_path):
    """Opened plainly, ALSA without a device writes to stderr: the test above would see it."""
    if Path("/dev/snd").exists():
        pytest.skip("this machine has a sound device")
    plain = "import pygame\ntry:\n    pygame.mixer.init()\nexcept pygame.error:\n    pass\n"
    proc = subprocess.run([sys.executable, "-c", plain], capture_output=True, text=True, timeout=60,
                          env=_env(tmp_path, "alsa"), cwd=ROOT)
    if "ALSA" not in proc.stderr:
        pytest.skip("libasound is not installed here: ALSA says nothing anyway")
    assert "ALSA" in proc.stderr


def test_the_game_plays_without_a_sound_device_and_prints_nothing_about_audio(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"volume": 80, "music": True}))
    proc = subprocess.run([sys.executable, "-m", "imperial_desktop", "--smoke-test", "--frames", "40", "--seed", "2"],
                          capture_output=True, text=True, timeout=300, env=_env(tmp_path, "alsa"), cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "smoke test passed" in proc.stdout
    for word in ("alsa", "audio", "sound", "mixer", "pcm"):
        assert word not in proc.stderr.lower(), proc.stderr
