"""How far apart the nations' colours stay for colour-blind players, measured with colour-science.

Usage: python tools/colour_check.py [--map europe]
       python tools/colour_check.py --simulate IN.png OUT.png [--deficiency deuteranopia]

For both palettes of a board (``colours`` and ``colours_cvd`` in ``maps/<name>.json``) it prints
the smallest CIEDE2000 difference between two nations' piece colours under normal vision and
simulated protanopia, deuteranopia and tritanopia, and the same for the home provinces' colours
(with the neutral land and the sea beside them). Exit status 1 when the colour-blind palette
falls below the threshold. ``--simulate`` writes a picture as a colour-blind player would see it.

Method: the colour-science library (PyPI ``colour-science``, import ``colour``), the model of
Machado, Oliveira & Fernandes (2009, "A Physiologically-based Model for Simulation of Color
Vision Deficiency", IEEE TVCG 15(6)) at severity 1.0 (dichromacy), applied to linear sRGB
(``colour.blindness.matrix_cvd_Machado2009``); the simulated colours go to CIELAB (D65) and
``colour.delta_E(..., method="CIE 2000")`` measures them. Their tritanopia is an approximation
(a shift of the S cone's sensitivity rather than its loss), as colour-science itself warns.

Threshold, ΔE00 >= 10 for every pair of nation colours under every simulation:
- Mokrzycki & Tatol (2011, "Colour difference ΔE - A survey", Machine Graphics & Vision 20(4))
  put "an observer notices two different colours" at ΔE > 5 (the scale colour-science quotes at
  ``colour.difference.JND_CIE1976``), for large uniform fields.
- Stone, Szafir & Setlur (2014, "An Engineering Model for Color Difference as a Function of
  Size", Color and Imaging Conference 22) and Szafir (2018, "Modeling Color Difference for
  Visualization Design", IEEE TVCG 24(1)) measured that the difference needed to tell colours
  apart grows as marks shrink, well beyond the large-field values for marks under one degree of
  visual angle; a piece at the fit zoom of 1280x720 is 14-20 px (about 0.3-0.5 degree at an
  arm's length). So the large-field value is doubled: 10. ΔE00 is smaller than ΔE*ab for
  saturated colours, so 10 in ΔE00 asks more than 10 in the survey's ΔE*ab.
The pieces also carry their nation's mark, so colour is never the only cue.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import warnings
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

THRESHOLD = 10.0  # CIEDE2000, see the module's docstring
DEFICIENCIES = {"protanopia": "Protanomaly", "deuteranopia": "Deuteranomaly", "tritanopia": "Tritanomaly"}
VISIONS = ("normal", *DEFICIENCIES)
PALETTE_KEYS = {"standard": "colours", "colour_blind": "colours_cvd"}
GROUNDS = {"neutral land": (218, 196, 146), "sea": (146, 184, 207)}  # ui/map_render.py NEUTRAL, SEA


def _colour():
    """The colour-science module, quiet about the optional packages it does not need here."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import colour
    return colour


def library() -> str:
    """The library and version that measure: "colour-science 0.4.7"."""
    return f"colour-science {metadata.version('colour-science')}"


def simulate(rgb, vision: str):
    """sRGB colours (0..255, any shape ending in 3) as seen with ``vision`` ("normal" or a key of
    DEFICIENCIES), as sRGB floats 0..1."""
    import numpy as np

    colour = _colour()
    srgb = np.asarray(rgb, dtype=float) / 255.0
    if vision == "normal":
        return srgb
    linear = colour.cctf_decoding(srgb, function="sRGB")
    with warnings.catch_warnings():  # its caveat about tritanopia is printed once by main()
        warnings.simplefilter("ignore")
        matrix = colour.blindness.matrix_cvd_Machado2009(DEFICIENCIES[vision], 1.0)
    seen = np.clip(np.einsum("...ij,...j->...i", matrix, linear), 0.0, 1.0)
    return colour.cctf_encoding(seen, function="sRGB")


def to_lab(srgb):
    """CIELAB (D65) of sRGB floats 0..1."""
    colour = _colour()
    d65 = colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"]
    return colour.XYZ_to_Lab(colour.sRGB_to_XYZ(srgb), d65)


def closest_pair(colours: dict[str, tuple[int, int, int]], vision: str) -> tuple[float, str, str]:
    """The smallest CIEDE2000 difference between two of ``colours`` seen with ``vision``, and the pair."""
    colour = _colour()
    names = list(colours)
    lab = to_lab(simulate([colours[n] for n in names], vision))
    return min((float(colour.delta_E(lab[a], lab[b], method="CIE 2000")), names[a], names[b])
               for a, b in itertools.combinations(range(len(names)), 2))


def hex_rgb(value: str) -> tuple[int, int, int]:
    text = value.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def palette(data: dict, key: str, role: str) -> dict[str, tuple[int, int, int]]:
    """Each nation's colour ``role`` ("piece", "land") of its colour set ``key`` ({} when a nation lacks it)."""
    if not all(key in n for n in data["nations"]):
        return {}
    return {n["id"]: hex_rgb(n[key][role]) for n in data["nations"]}


def report(data: dict) -> dict[str, dict[str, tuple[float, str, str]]]:
    """For each palette of the map (and its home provinces with the neutral land and the sea), the
    closest pair under each vision."""
    out = {}
    for name, key in PALETTE_KEYS.items():
        pieces = palette(data, key, "piece")
        if pieces:
            out[f"{name} pieces"] = {v: closest_pair(pieces, v) for v in VISIONS}
            lands = {**palette(data, key, "land"), **GROUNDS}
            out[f"{name} home provinces"] = {v: closest_pair(lands, v) for v in VISIONS}
    return out


def load_map(name: str) -> dict:
    path = Path(name) if name.endswith(".json") else ROOT / "maps" / f"{name}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def simulate_image(source: Path, target: Path, vision: str) -> None:
    """Write ``source`` (a PNG) as seen with ``vision`` to ``target``."""
    import os

    import numpy as np

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(source))
    pixels = pygame.surfarray.array3d(image)
    seen = np.round(simulate(pixels, vision) * 255).astype(np.uint8)
    pygame.image.save(pygame.surfarray.make_surface(seen), str(target))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--map", default="europe", help="a board of maps/ or a map file (default europe)")
    parser.add_argument("--simulate", nargs=2, metavar=("IN", "OUT"), help="write a PNG as a colour-blind player sees it")
    parser.add_argument("--deficiency", choices=list(DEFICIENCIES), default="deuteranopia")
    args = parser.parse_args(argv)
    try:
        _colour()
    except ImportError:
        print("colour-science is not installed: python -m pip install colour-science (or the test extra)", file=sys.stderr)
        return 2
    if args.simulate:
        simulate_image(Path(args.simulate[0]), Path(args.simulate[1]), args.deficiency)
        print(f"wrote {args.simulate[1]} ({args.deficiency}, Machado 2009 severity 1.0, {library()})")
        return 0
    try:
        data = load_map(args.map)
    except (OSError, ValueError) as exc:
        print(f"cannot read the map {args.map!r}: {exc}", file=sys.stderr)
        return 2
    print(f"{library()}: Machado et al. 2009 (severity 1.0) in linear sRGB, CIEDE2000 on CIELAB D65; "
          f"threshold {THRESHOLD:g} (Mokrzycki & Tatol 2011, doubled for small marks after Stone, Szafir & Setlur 2014)")
    print("note: Machado et al. model tritanopia only approximately (a shift of the S cone), as colour-science warns")
    failed = False
    for what, rows in report(data).items():
        cells = [f"{v} {d:.1f} ({a}/{b})" for v, (d, a, b) in rows.items()]
        print(f"{what:<28} smallest ΔE00: " + ", ".join(cells))
        if what == "colour_blind pieces" and min(d for d, _a, _b in rows.values()) < THRESHOLD:
            failed = True
    if failed:
        print(f"the colour-blind palette falls below {THRESHOLD:g}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
