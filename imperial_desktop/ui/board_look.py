"""The board in use as the screens show it: its nations' colours and codes, the nation whose pieces
the legend shows, the regions no unit may enter, the borders a rules option adds and the board's
own paragraphs of the rules reference.

All of it is read from ``maps/<name>.json`` (the nation's ``code``, ``mark``, ``colours`` and
``colours_cvd``, the regions' ``kind``, ``disputed_adjacency``, ``legend_nation``, ``rules_notes``):
nothing here names a nation or a region, so that another board needs no edit above the core.

Two palettes: the standard colours, and colours chosen to stay apart under protanopia,
deuteranopia and tritanopia (``colours_cvd``; a board without them keeps its standard colours).
:func:`use_palette` says which one the screens use, as :func:`use_map` says which board.

The screens show one board at a time. :func:`use_map` says which (the app calls it when a game
is shown), as :func:`imperial_desktop.i18n.set_language` says which language; until then it is
the board of a set-up that names none. No pygame here: the rules reference and tools use it too.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from imperial_desktop.core.board import DEFAULT_MAP, HOME, IMPASSABLE, Board, load_board
from imperial_desktop.resources import load_map_json
from imperial_desktop.ui.palette import RGB, relative_luminance

log = logging.getLogger(__name__)

DARK_PIECE = 0.05  # relative luminance below which a piece is nearly black and takes light edges
STANDARD = "standard"
COLOUR_BLIND = "colour_blind"
PALETTES = (STANDARD, COLOUR_BLIND)  # the keys of the nation colours: "colours", "colours_cvd"
_PALETTE_KEYS = {STANDARD: "colours", COLOUR_BLIND: "colours_cvd"}
COLOUR_ROLES = ("piece", "on_piece", "land")  # every nation colour set gives these ("text" is optional)
# the nation marks a map may give (``"mark"``): shapes drawn on its pieces, flags, factories and markers
MARKS = ("circle", "square", "triangle", "diamond", "star", "cross", "ring", "bar")

_in_use: list[str] = [DEFAULT_MAP]
_palette: list[str] = [STANDARD]


def parse_colour(value: str) -> RGB:
    """``"#rrggbb"`` of the map file as an RGB tuple (ValueError for anything else)."""
    text = value[1:] if isinstance(value, str) and value.startswith("#") else ""
    if len(text) != 6 or any(ch not in "0123456789abcdefABCDEF" for ch in text):
        raise ValueError(f"not a colour: {value!r}")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


@dataclass(frozen=True)
class NationLook:
    """How a nation is drawn: its pieces, the text on them, its home provinces on the map, its name
    on the light panels, and its code (the abbreviation, translated where shown)."""

    id: str
    code: str
    piece: RGB
    on_piece: RGB
    land: RGB
    text: RGB
    mark: str = ""  # a shape of MARKS drawn on its pieces ("": none)

    @property
    def dark(self) -> bool:
        """A nearly black piece: its wooden top face is drawn less light and its marker takes a
        light edge (a dark one would not show on it, nor on the dark top bar)."""
        return relative_luminance(self.piece) < DARK_PIECE


def use_map(name: str) -> None:
    """Show the board of ``maps/<name>.json`` from now on."""
    load_map_json(name)  # an unknown map fails here, not in the middle of drawing
    _in_use[0] = name


def use_palette(name: str) -> None:
    """Draw the nations in this palette (a name of :data:`PALETTES`; another name gives the standard one)."""
    _palette[0] = name if name in PALETTES else STANDARD


def palette() -> str:
    """The palette in use (:data:`STANDARD` or :data:`COLOUR_BLIND`)."""
    return _palette[0]


def map_name() -> str:
    """The name of the board in use (its file is ``maps/<name>.json``)."""
    return _in_use[0]


def map_data() -> dict[str, Any]:
    """The parsed map file of the board in use (read-only)."""
    return load_map_json(map_name())


def map_data_of(name: str | None = None) -> dict[str, Any]:
    """The parsed map file of the board ``name`` (the board in use by default; read-only)."""
    return load_map_json(name or map_name())


def board() -> Board:
    """The rules' view of the board in use."""
    return load_board(map_name())


def palette_problems(data: dict[str, Any], key: str) -> list[str]:
    """What is wrong with the nation colours ``key`` ("colours" or "colours_cvd") of a parsed map
    file: each nation needs "piece", "on_piece" and "land" (and may give "text") as "#rrggbb",
    and no two nations may share a piece colour. [] when they are usable."""
    problems = []
    pieces: dict[RGB, str] = {}
    for nation in data.get("nations", ()):
        nid = nation.get("id", "?")
        colours = nation.get(key)
        if not isinstance(colours, dict):
            problems.append(f"nation {nid!r} has no {key!r}")
            continue
        for role in (*COLOUR_ROLES, "text"):
            if role not in colours and role == "text":
                continue
            try:
                value = parse_colour(colours.get(role))
            except ValueError:
                problems.append(f"{key!r} of nation {nid!r}: {role!r} is not a #rrggbb colour: {colours.get(role)!r}")
                continue
            if role == "piece":
                if value in pieces:
                    problems.append(f"{key!r}: nations {pieces[value]!r} and {nid!r} have the same piece colour")
                pieces[value] = nid
    return problems


def _look(nation: dict[str, Any], colours: dict[str, str]) -> NationLook:
    mark = nation.get("mark", "")
    piece = parse_colour(colours["piece"])
    return NationLook(nation["id"], nation["code"], piece, parse_colour(colours["on_piece"]), parse_colour(colours["land"]),
                      parse_colour(colours.get("text", colours["piece"])), mark if mark in MARKS else "")


@lru_cache(maxsize=16)
def _looks(name: str, chosen: str = STANDARD) -> dict[str, NationLook]:
    data = load_map_json(name)
    key = _PALETTE_KEYS.get(chosen, "colours")
    if key != "colours" and any(key in n for n in data["nations"]):
        problems = palette_problems(data, key)
        if problems:  # a damaged second palette costs the player the option, not the game
            log.warning("the map %r: %s; its standard colours are used", name, "; ".join(problems))
            key = "colours"
    elif key != "colours":
        key = "colours"  # a board without a second palette
    return {nation["id"]: _look(nation, nation[key]) for nation in data["nations"]}


def has_palette(chosen: str, name: str | None = None) -> bool:
    """Whether the board (the board in use by default) gives usable colours of this palette."""
    data = load_map_json(name or map_name())
    key = _PALETTE_KEYS.get(chosen, "")
    return bool(key) and all(key in n for n in data["nations"]) and not palette_problems(data, key)


def nation_looks(chosen: str | None = None) -> dict[str, NationLook]:
    """Every nation of the board in use, in the map file's order (in the palette in use, or ``chosen``)."""
    return _looks(map_name(), chosen or palette())


def nation_look(nation: str) -> NationLook:
    """How a nation of the board in use is drawn (in the palette in use)."""
    return _looks(map_name(), palette())[nation]


def land_colours(name: str | None = None, chosen: str | None = None) -> dict[str, RGB]:
    """The colour of each nation's home provinces on the board ``name`` (the board in use by
    default), in the palette in use (or ``chosen``)."""
    return {nid: look.land for nid, look in _looks(name or map_name(), chosen or palette()).items()}


def legend_nation() -> str:
    """The nation whose pieces the legend shows (the map's choice, else the first nation)."""
    chosen = map_data().get("legend_nation")
    ids = board().nation_ids
    return chosen if chosen in ids else ids[0]


def impassable_regions() -> tuple[str, ...]:
    """The regions no unit may enter."""
    return tuple(rid for rid, region in board().regions.items() if region.kind == IMPASSABLE)


def cut_off_home_provinces() -> tuple[str, ...]:
    """Home provinces the railway does not reach (no home province of the same nation beside them)."""
    b = board()
    return tuple(rid for rid, region in b.regions.items() if region.kind == HOME and not b.rail_neighbours.get(rid))


@dataclass(frozen=True)
class DisputedBorder:
    """A land border a rules option adds (``RulesOptions`` field ``option``) between two regions."""

    option: str
    first: str
    second: str


def disputed_borders() -> tuple[DisputedBorder, ...]:
    """The borders of the board in use that a rules option adds (regions in the map file's order)."""
    return tuple(DisputedBorder(entry["rules_option"], *entry["edge"]) for entry in map_data().get("disputed_adjacency", ()))


@dataclass(frozen=True)
class RulesNote:
    """A paragraph of the rules reference about this board: in topic ``topic``, after the paragraph
    whose (English) lead is ``after`` (at the end when there is none)."""

    topic: str
    after: str
    lead: str
    text: str


def rules_notes(topic: str) -> tuple[RulesNote, ...]:
    """The board's own paragraphs of a rules topic (English; the help catalog translates them)."""
    return tuple(RulesNote(n["topic"], n.get("after", ""), n.get("lead", ""), n["text"])
                 for n in map_data().get("rules_notes", ()) if n["topic"] == topic)
