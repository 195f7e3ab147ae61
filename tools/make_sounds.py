"""Synthesise the game's sound effects and its music loop as WAV files (standard library only).

Every sound is made here from sines and seeded noise, so the files are the project's own and
the same on every machine:

    python3 tools/make_sounds.py            # writes assets/sounds/*.wav
    python3 tools/make_sounds.py --out DIR  # somewhere else
    python3 tools/make_sounds.py --check    # only measure the files in assets/sounds

The effects are short (50-600 ms), mono, 22050 Hz, 16 bit, their peaks normalised to -6 dBFS,
with no DC offset and a few milliseconds of fade at both ends (no click). The music loop is a
few calm bars whose tails wrap round to its start, so it loops without a seam.
Which game event plays which file is data: assets/sounds/sounds.json.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 22050
PEAK_DBFS = -6.0
FADE_SECONDS = 0.004
RELEASE_SECONDS = 0.012  # every note fades out over its last milliseconds: none stops with a click
EFFECT_SECONDS = (0.05, 0.6)
MAX_TOTAL_BYTES = 1_500_000

Samples = list[float]


# ---------------------------------------------------------------------------- building blocks


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def add(into: Samples, sound: Samples, at: float, gain: float = 1.0, wrap: bool = False) -> None:
    """Mix ``sound`` into ``into`` from ``at`` seconds on (``wrap``: what runs past the end
    continues at the start, for a loop)."""
    start = round(at * RATE)
    n = len(into)
    for i, value in enumerate(sound):
        j = start + i
        if j >= n:
            if not wrap:
                break
            j %= n
        into[j] += gain * value


def tone(freq: float, seconds: float, decay: float, attack: float = 0.002, phase: float = 0.0) -> Samples:
    """A sine at ``freq`` Hz with a short linear attack and an exponential decay (``decay``: the
    seconds for the level to fall to 1/e)."""
    out = []
    for i in range(round(seconds * RATE)):
        t = i / RATE
        env = (min(1.0, t / attack) if attack > 0 else 1.0) * min(1.0, (seconds - t) / RELEASE_SECONDS)
        out.append(env * math.exp(-t / decay) * math.sin(2 * math.pi * freq * t + phase))
    return out


def partials(spec: list[tuple[float, float, float]], seconds: float, attack: float = 0.001) -> Samples:
    """A sum of decaying sines: ``spec`` holds (frequency, level, decay seconds) per partial."""
    out = silence(seconds)
    for freq, level, decay in spec:
        add(out, tone(freq, seconds, decay, attack), 0.0, level)
    return out


def noise(seconds: float, seed: int) -> Samples:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def lowpass(samples: Samples, cutoff: float) -> Samples:
    """A one-pole low-pass filter."""
    a = 1.0 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in samples:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(samples: Samples, cutoff: float) -> Samples:
    low = lowpass(samples, cutoff)
    return [x - y for x, y in zip(samples, low)]


def bandpass(samples: Samples, low: float, high: float) -> Samples:
    return lowpass(highpass(samples, low), high)


def envelope(samples: Samples, shape: Callable[[float], float]) -> Samples:
    return [x * shape(i / RATE) for i, x in enumerate(samples)]


def decay_env(decay: float, attack: float = 0.002) -> Callable[[float], float]:
    return lambda t: min(1.0, t / attack) * math.exp(-t / decay)


# ---------------------------------------------------------------------------- finishing


def finish(samples: Samples, loop: bool = False) -> Samples:
    """No DC offset, short fades at both ends (not for a loop: it runs on), peaks at -6 dBFS."""
    mean = sum(samples) / len(samples)
    out = [x - mean for x in samples]
    if not loop:
        fade = max(1, round(FADE_SECONDS * RATE))
        for i in range(min(fade, len(out))):
            k = i / fade
            out[i] *= k
            out[-1 - i] *= k
    peak = max(abs(x) for x in out) or 1.0
    target = 10 ** (PEAK_DBFS / 20)
    return [x * target / peak for x in out]


def to_pcm(samples: Samples) -> array.array:
    pcm = array.array("h", (max(-32767, min(32767, round(x * 32767))) for x in samples))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV data is little-endian
    return pcm


def write_wav(path: Path, samples: Samples) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm(samples).tobytes())


# ---------------------------------------------------------------------------- the effects


def move() -> Samples:
    """A wooden "tock": a piece set down on the board."""
    body = partials([(520, 1.0, 0.030), (1180, 0.45, 0.018), (2050, 0.18, 0.010)], 0.16)
    knock = envelope(bandpass(noise(0.16, 11), 800, 3500), decay_env(0.006, 0.0005))
    add(body, knock, 0.0, 0.5)
    return finish(body)


def rondel() -> Samples:
    """The rondel marker sliding on: three soft ticks, rising a little."""
    out = silence(0.30)
    for n, (at, freq) in enumerate([(0.0, 1400), (0.075, 1550), (0.15, 1750)]):
        tick = partials([(freq, 1.0, 0.012), (freq * 2.4, 0.3, 0.006)], 0.09)
        add(tick, envelope(highpass(noise(0.09, 20 + n), 2000), decay_env(0.003, 0.0005)), 0.0, 0.3)
        add(out, tick, at, 0.7 + 0.15 * n)
    return finish(out)


def _clink(freq: float, seconds: float, seed: int) -> Samples:
    """A small metal hit: inharmonic partials and a bright click."""
    hit = partials([(freq, 1.0, 0.09), (freq * 2.76, 0.5, 0.05), (freq * 5.40, 0.25, 0.03)], seconds)
    add(hit, envelope(highpass(noise(seconds, seed), 3000), decay_env(0.004, 0.0003)), 0.0, 0.4)
    return hit


def build() -> Samples:
    """A hammer on a beam, twice: a dull thud under a metal clink."""
    out = silence(0.50)
    for n, at in enumerate((0.0, 0.2)):
        thud = partials([(180, 1.0, 0.04), (390, 0.6, 0.025), (720, 0.3, 0.015)], 0.25)
        add(out, thud, at, 0.8)
        add(out, _clink(1240 + 60 * n, 0.28, 30 + n), at, 0.7)
    return finish(out)


def battle() -> Samples:
    """A drum (its pitch falling, with an overtone that small speakers can play) and a burst of
    rough noise, like a distant volley."""
    seconds = 0.55
    drum = []
    phase = 0.0
    for i in range(round(seconds * RATE)):
        t = i / RATE
        freq = 75 + 110 * math.exp(-t / 0.04)
        phase += 2 * math.pi * freq / RATE
        env = min(1.0, t / 0.003) * math.exp(-t / 0.12) * min(1.0, (seconds - t) / RELEASE_SECONDS)
        drum.append(env * (math.sin(phase) + 0.45 * math.sin(2.1 * phase) + 0.2 * math.sin(3.3 * phase)))
    burst = envelope(lowpass(noise(seconds, 41), 2500), decay_env(0.09, 0.002))
    crack = envelope(bandpass(noise(seconds, 42), 1500, 5000), decay_env(0.02, 0.0005))
    add(drum, burst, 0.0, 1.1)
    add(drum, crack, 0.01, 0.5)
    return finish(drum)


def flag() -> Samples:
    """Cloth flapping in the wind: noise, filtered, fluttering and dying away."""
    seconds = 0.42
    cloth = bandpass(noise(seconds, 51), 300, 2200)

    def shape(t: float) -> float:
        flutter = 0.55 + 0.45 * math.sin(2 * math.pi * (14 + 10 * t) * t) ** 2
        return min(1.0, t / 0.03) * math.exp(-t / 0.14) * flutter
    out = envelope(cloth, shape)
    add(out, envelope(bandpass(noise(0.1, 52), 500, 1500), decay_env(0.01, 0.001)), 0.0, 0.8)  # the snap
    return finish(out)


def coins() -> Samples:
    """A few coins counted onto a pile (taxes)."""
    rng = random.Random(61)
    out = silence(0.52)
    at = 0.0
    for n in range(5):
        add(out, _clink(rng.uniform(2300, 3300), 0.2, 62 + n), at, rng.uniform(0.55, 1.0))
        at += rng.uniform(0.06, 0.09)
    return finish(out)


def coin() -> Samples:
    """One coin set down, and its ring (a bond bought)."""
    out = silence(0.35)
    add(out, _clink(2650, 0.3, 71), 0.0, 1.0)
    add(out, _clink(3150, 0.25, 72), 0.05, 0.55)
    return finish(out)


def _bell(freq: float, seconds: float, decay: float) -> Samples:
    """A soft glass-like chime: a sine, a quieter octave, and a slower attack."""
    return partials([(freq, 1.0, decay), (freq * 2, 0.22, decay * 0.5), (freq * 3, 0.07, decay * 0.3)], seconds, 0.006)


def your_turn() -> Samples:
    """A soft two-note chime, rising a fourth: a decision waits here."""
    out = silence(0.58)
    add(out, _bell(659.26, 0.5, 0.16), 0.0, 0.8)  # E5
    add(out, _bell(880.00, 0.42, 0.18), 0.14, 1.0)  # A5
    return finish(out)


def _brass(freq: float, seconds: float) -> Samples:
    """A bright horn-like note: harmonics falling off, a quick swell, a gentle release."""
    out = []
    harmonics = [(1, 1.0), (2, 0.55), (3, 0.35), (4, 0.2), (5, 0.1)]
    for i in range(round(seconds * RATE)):
        t = i / RATE
        env = min(1.0, t / 0.025) * min(1.0, (seconds - t) / 0.06)
        out.append(env * sum(level * math.sin(2 * math.pi * freq * k * t) for k, level in harmonics))
    return lowpass(out, 3000)


def game_over() -> Samples:
    """A short fanfare: a rising major arpeggio and its held top note."""
    out = silence(0.6)
    for at, freq, length in [(0.0, 392.0, 0.12), (0.1, 523.25, 0.12), (0.2, 659.26, 0.12), (0.3, 783.99, 0.3)]:
        add(out, _brass(freq, length), at)
    return finish(out)


EFFECTS: dict[str, Callable[[], Samples]] = {
    "move": move, "rondel": rondel, "build": build, "battle": battle, "flag": flag, "coins": coins, "coin": coin,
    "your_turn": your_turn, "game_over": game_over,
}


# ---------------------------------------------------------------------------- the music loop

MUSIC_BPM = 84
CHORDS = [  # one bar each (4 beats): C, A minor, F, G; root-position triads an octave below the tune
    (130.81, 164.81, 196.00), (110.00, 130.81, 164.81), (87.31, 130.81, 174.61), (98.00, 123.47, 146.83),
]
# the tune, (beat, frequency, beats held): a few calm notes per bar, from the chords' own tones
TUNE = [
    (0, 523.25, 1.5), (1.5, 587.33, 0.5), (2, 659.26, 2),
    (4, 659.26, 1), (5, 587.33, 1), (6, 523.25, 2),
    (8, 440.00, 1.5), (9.5, 523.25, 0.5), (10, 587.33, 2),
    (12, 587.33, 1), (13, 493.88, 1), (14, 392.00, 2),
]


def _pad(freq: float, seconds: float) -> Samples:
    """A soft sustained note: two slightly detuned sines, a slow swell and a slow release."""
    out = []
    for i in range(round(seconds * RATE)):
        t = i / RATE
        env = min(1.0, t / 0.5) * min(1.0, max(0.0, seconds - t) / 0.8)
        out.append(env * (math.sin(2 * math.pi * freq * t) + 0.6 * math.sin(2 * math.pi * freq * 1.003 * t)))
    return out


def _pluck(freq: float, seconds: float) -> Samples:
    """A plucked note for the tune: a sine with a little octave, dying away."""
    return partials([(freq, 1.0, 0.45), (freq * 2, 0.15, 0.2)], seconds, 0.01)


def music() -> Samples:
    """Four bars at 84 beats a minute; every note's tail wraps round to the start."""
    beat = 60 / MUSIC_BPM
    out = silence(beat * 4 * len(CHORDS))
    for bar, chord in enumerate(CHORDS):
        for freq in chord:
            add(out, _pad(freq, beat * 4 + 0.8), bar * 4 * beat, 0.22, wrap=True)
    for at, freq, held in TUNE:
        add(out, _pluck(freq, held * beat + 0.6), at * beat, 0.5, wrap=True)
    # filtered twice round the loop, the second time kept: its start follows on from its end
    return finish(lowpass(out + out, 2500)[len(out):], loop=True)


# ---------------------------------------------------------------------------- measuring


@dataclass(frozen=True)
class Measure:
    """What a WAV file holds: seconds, peak (dBFS), mean (as a fraction of full scale), the first
    and last sample (as fractions), and its sample format."""

    seconds: float
    peak_dbfs: float
    mean: float
    first: float
    last: float
    rate: int
    channels: int
    width: int


def measure(path: Path) -> Measure:
    with wave.open(str(path), "rb") as wav:
        rate, channels, width = wav.getframerate(), wav.getnchannels(), wav.getsampwidth()
        frames = wav.readframes(wav.getnframes())
    pcm = array.array("h")
    pcm.frombytes(frames[: len(frames) // 2 * 2])
    if sys.byteorder == "big":
        pcm.byteswap()
    if not pcm:
        return Measure(0.0, -math.inf, 0.0, 0.0, 0.0, rate, channels, width)
    peak = max(abs(x) for x in pcm) / 32767
    return Measure(len(pcm) / channels / rate, 20 * math.log10(peak) if peak else -math.inf,
                   sum(pcm) / len(pcm) / 32767, pcm[0] / 32767, pcm[-1] / 32767, rate, channels, width)


def problems(folder: Path) -> list[str]:
    """What is wrong with the sound files in ``folder`` (empty: all good)."""
    found = []
    total = 0
    for name in [*EFFECTS, "music"]:
        path = folder / f"{name}.wav"
        if not path.is_file():
            found.append(f"{path.name}: missing")
            continue
        total += path.stat().st_size
        m = measure(path)
        if (m.rate, m.channels, m.width) != (RATE, 1, 2):
            found.append(f"{path.name}: {m.rate} Hz, {m.channels} channels, {8 * m.width} bit")
        if name != "music" and not EFFECT_SECONDS[0] <= m.seconds <= EFFECT_SECONDS[1]:
            found.append(f"{path.name}: {m.seconds:.3f} s long")
        if not PEAK_DBFS - 0.5 <= m.peak_dbfs <= PEAK_DBFS + 0.5:
            found.append(f"{path.name}: peak {m.peak_dbfs:.2f} dBFS")
        if abs(m.mean) > 0.002:
            found.append(f"{path.name}: DC offset {m.mean:.4f}")
        if name != "music" and max(abs(m.first), abs(m.last)) > 0.01:
            found.append(f"{path.name}: starts or ends with a click ({m.first:.3f}, {m.last:.3f})")
    if total > MAX_TOTAL_BYTES:
        found.append(f"the files take {total} bytes (at most {MAX_TOTAL_BYTES})")
    return found


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in [*EFFECTS.items(), ("music", music)]:
        path = folder / f"{name}.wav"
        write_wav(path, make())
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write to (default: assets/sounds)")
    parser.add_argument("--check", action="store_true", help="only measure the files in the folder")
    args = parser.parse_args(argv)
    if not args.check:
        write_all(args.out)
    for name in [*EFFECTS, "music"]:
        path = args.out / f"{name}.wav"
        if path.is_file():
            m = measure(path)
            print(f"{path.name:14} {m.seconds:6.3f} s  peak {m.peak_dbfs:6.2f} dBFS  mean {m.mean:+.5f}  "
                  f"{path.stat().st_size:7} bytes")
    found = problems(args.out)
    for problem in found:
        print(f"problem: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
