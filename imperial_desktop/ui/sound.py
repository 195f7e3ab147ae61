"""The game's sounds: which cue plays which file (``assets/sounds/sounds.json``), and playing them.

:class:`SoundBoard` opens ``pygame.mixer`` lazily, the first time something is to be heard (never
while muted or at volume 0), and quietly: a machine without a sound device stays silent, with a
line in the debug log and nothing on stderr. libasound writes its complaints straight to file
descriptor 2, past Python's ``sys.stderr``, so the device is opened with that descriptor pointed
at the null device for the moment it takes (:func:`quiet_stderr`).

A cue is a step kind of :mod:`imperial_desktop.session.turn_steps` ("move", "battle", ...) or
"your_turn"; the table says which sound each plays and which wins when several come at once.
When they play is decided by :mod:`imperial_desktop.ui.sound_cues`.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

TABLE_FILE = "sounds.json"
TABLE_FORMAT = "imperial-desktop-sounds"
MIXER_ARGS = {"frequency": 44100, "size": -16, "channels": 2, "buffer": 512}  # 512 frames: ~12 ms of delay
MUSIC_CHANNEL = 0  # reserved for the music loop: effects never take it
EFFECT_CHANNELS = 8  # effects heard at once at most
DEFAULT_VOLUME = 70


@dataclass(frozen=True)
class Cue:
    """What a cue plays, and how it ranks against others arriving at the same moment."""

    sound: str
    priority: int = 0


@dataclass(frozen=True)
class SoundTable:
    """The sounds (file and loudness by name), the cues and the music, as the table file says."""

    files: dict[str, str] = field(default_factory=dict)
    gains: dict[str, float] = field(default_factory=dict)
    cues: dict[str, Cue] = field(default_factory=dict)
    music: str | None = None
    music_gain: float = 0.5

    @classmethod
    def from_dict(cls, data: Any) -> "SoundTable":
        """The table from parsed JSON; entries that do not make sense are left out (logged)."""
        if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
            log.warning("the sound table is not a %s file: no sounds", TABLE_FORMAT)
            return cls()
        files, gains, cues = {}, {}, {}
        for name, entry in (data.get("sounds") or {}).items():
            if isinstance(entry, dict) and _plain_file(entry.get("file")):
                files[name] = entry["file"]
                gains[name] = _gain(entry.get("gain"))
            else:
                log.warning("the sound %r has no usable file in the sound table", name)
        for name, entry in (data.get("cues") or {}).items():
            sound = entry.get("sound") if isinstance(entry, dict) else None
            priority = entry.get("priority", 0) if isinstance(entry, dict) else 0
            if sound in files and isinstance(priority, int) and not isinstance(priority, bool):
                cues[name] = Cue(sound, priority)
            else:
                log.warning("the cue %r names no known sound in the sound table", name)
        music = data.get("music")
        music_file = music.get("file") if isinstance(music, dict) and _plain_file(music.get("file")) else None
        music_gain = _gain(music.get("gain")) if isinstance(music, dict) else 0.5
        return cls(files, gains, cues, music_file, music_gain)

    @classmethod
    def load(cls) -> "SoundTable":
        """The table of ``assets/sounds``; an empty one (silence) when it is missing or damaged."""
        try:
            with (sounds_root() / TABLE_FILE).open("r", encoding="utf-8") as handle:
                return cls.from_dict(json.load(handle))
        except (OSError, ValueError) as exc:
            log.warning("no sounds: the sound table cannot be read (%s)", exc)
            return cls()

    def pick(self, cues: Iterable[str]) -> str | None:
        """Of cues arriving together, the one to play: the highest priority among those with a
        sound (the first of equals); None when none has one."""
        best: str | None = None
        for name in cues:
            cue = self.cues.get(name)
            if cue is not None and (best is None or cue.priority > self.cues[best].priority):
                best = name
        return best

    def priority(self, cue: str) -> int:
        found = self.cues.get(cue)
        return found.priority if found is not None else -1


def _plain_file(value: Any) -> bool:
    """A file name in the sounds folder itself (no folders, nothing hidden)."""
    return isinstance(value, str) and bool(value) and "/" not in value and "\\" not in value and not value.startswith(".")


def _gain(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1 else 1.0


def sounds_root():
    """The folder holding the sound files and their table."""
    from imperial_desktop.resources import assets_root

    return assets_root() / "sounds"


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """File descriptor 2 points at the null device inside the block (where there is one)."""
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # no stderr at all (a windowed build)
        pass
    try:
        saved = os.dup(2)
    except OSError:  # no descriptor 2: nothing can be written there anyway
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_mixer() -> bool:
    """Open the sound device for ``pygame.mixer`` without a word on stderr; whether it is open."""
    import pygame

    if pygame.mixer.get_init():
        return True
    # only for the moment of opening: another thread's line to stderr meanwhile would be lost too
    with quiet_stderr():
        try:
            pygame.mixer.init(**MIXER_ARGS)
        except pygame.error as exc:
            log.debug("no sound: the sound device cannot be opened (%s)", exc)
            return False
    try:
        pygame.mixer.set_num_channels(EFFECT_CHANNELS + MUSIC_CHANNEL + 1)
        pygame.mixer.set_reserved(MUSIC_CHANNEL + 1)
    except pygame.error:  # pragma: no cover - the mixer closed under us
        return False
    log.debug("sound: %s", pygame.mixer.get_init())
    return True


def loudness(volume: int) -> float:
    """The amplitude (0-1) for a volume of 0-100: its square, so that the steps sound even
    (half-way is about a quarter of the amplitude, which the ear hears as about half as loud)."""
    return (max(0, min(100, volume)) / 100) ** 2


class SoundBoard:
    """Plays the table's sounds at the volume set, or nothing while muted or without a device."""

    def __init__(self, table: SoundTable | None = None, *, volume: int = DEFAULT_VOLUME, muted: bool = False,
                 music: bool = False):
        self.table = table if table is not None else SoundTable.load()
        self.volume = volume
        self.muted = muted
        self.music = music
        self._mixer: bool | None = None  # None: not tried yet; False: no sound device (stays silent)
        self._sounds: dict[str, Any] = {}
        self._music_sound: Any = None

    @classmethod
    def from_settings(cls, settings: Any, table: SoundTable | None = None) -> "SoundBoard":
        board = cls(table)
        board.configure(volume=getattr(settings, "volume", DEFAULT_VOLUME), muted=getattr(settings, "mute", False),
                        music=getattr(settings, "music", False))
        return board

    @property
    def audible(self) -> bool:
        return not self.muted and self.volume > 0

    @property
    def available(self) -> bool | None:
        """Whether the sound device opened (None: not tried yet)."""
        return self._mixer

    def configure(self, *, volume: int, muted: bool, music: bool) -> None:
        """New settings, applied at once: the next sound plays at them, the music starts, stops or
        changes its volume now."""
        self.volume, self.muted, self.music = max(0, min(100, int(volume))), bool(muted), bool(music)
        self._update_music()

    def play_cue(self, cue: str):
        """Play the sound of ``cue``; the pygame channel it plays on, or None (silent)."""
        found = self.table.cues.get(cue)
        return self.play(found.sound) if found is not None else None

    def play(self, sound: str):
        """Play the sound named ``sound`` once; the pygame channel it plays on, or None."""
        if not self.audible:
            return None
        return self._start(sound, self.volume)

    def preview(self, volume: int, cue: str = "your_turn"):
        """Play ``cue`` at ``volume`` (one being chosen in Settings), whatever is set now."""
        found = self.table.cues.get(cue)
        return self._start(found.sound, volume) if found is not None and volume > 0 else None

    def close(self) -> None:
        """Stop the music (the window is closing)."""
        self.music = False
        self._update_music()

    # ------------------------------------------------------------------ inside

    def _ready(self) -> bool:
        if self._mixer is None:
            self._mixer = open_mixer()
        return self._mixer

    def _start(self, name: str, volume: int):
        """Play the sound ``name`` at ``volume`` on a free channel (or the one playing longest)."""
        if name not in self.table.files or not self._ready():
            return None
        sound = self._sounds.get(name)
        if sound is None:
            sound = self._read(self.table.files[name])
            if sound is None:
                return None
            self._sounds[name] = sound
        import pygame

        try:
            sound.set_volume(loudness(volume) * self.table.gains.get(name, 1.0))
            channel = pygame.mixer.find_channel(True)
            if channel is not None:
                channel.play(sound)
            return channel
        except pygame.error as exc:
            log.debug("the sound %s cannot be played: %s", name, exc)
            return None

    def _read(self, file: str):
        """A pygame Sound of the file in the sounds folder, or None (logged)."""
        import pygame

        try:
            with (sounds_root() / file).open("rb") as handle:
                return pygame.mixer.Sound(handle)
        except (OSError, pygame.error) as exc:
            log.warning("the sound file %s cannot be read: %s", file, exc)
            return None

    def _update_music(self) -> None:
        """The loop plays on its own channel while music is on and the sound audible."""
        import pygame

        wanted = self.music and self.audible and self.table.music is not None
        try:
            if not wanted:
                if self._music_sound is not None and self._mixer and pygame.mixer.get_init():
                    self._music_channel().stop()
                return
            if not self._ready():
                return
            if self._music_sound is None:
                self._music_sound = self._read(self.table.music)
                if self._music_sound is None:
                    return
            # the sound's own volume: the channel's is the fade-in's
            self._music_sound.set_volume(loudness(self.volume) * self.table.music_gain)
            channel = self._music_channel()
            if not channel.get_busy():
                channel.play(self._music_sound, loops=-1, fade_ms=800)
        except pygame.error as exc:  # the mixer closed meanwhile (the window is closing)
            log.debug("the music cannot be played: %s", exc)

    @staticmethod
    def _music_channel():
        import pygame

        return pygame.mixer.Channel(MUSIC_CHANNEL)


__all__ = ["Cue", "SoundBoard", "SoundTable", "loudness", "open_mixer", "quiet_stderr", "sounds_root"]
