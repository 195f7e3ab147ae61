"""The board in use as the screens show it: its nations' colours and codes, the nation whose pieces
the legend shows, the regions no unit may enter, the borders a rules option adds and the board's
own paragraphs of the rules reference.

All of it is read from ``maps/<name>.json`` (the nation's ``code`` and ``colours``, the regions'
``kind``, ``disputed_adjacency``, ``legend_nation``, ``rules_notes``): nothing here names a
nation or a region, so that another board needs no edit above the core.

The screens show one board at a time. :func:`use_map` says which (the app calls it when a game
is shown), as :func:`imperial_desktop.i18n.set_language` says which language; until then it is
the board of a set-up that names none. No pygame here: the rules reference and tools use it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from imperial_desktop.core.board import DEFAULT_MAP, HOME, IMPASSABLE, Board, load_board
from imperial_desktop.resources import load_map_json
from imperial_desktop.ui.palette import RGB, relative_luminance

DARK_PIECE = 0.05  # relative luminance below which a piece is nearly black and takes light edges

_in_use: list[str] = [DEFAULT_MAP]


def parse_colour(value: str) -> RGB:
    """``"#rrggbb"`` of the map file as an RGB tuple."""
    text = value.lstrip("#")
    if len(text) != 6:
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

    @property
    def dark(self) -> bool:
        """A nearly black piece: its wooden top face is drawn less light and its marker takes a
        light edge (a dark one would not show on it, nor on the dark top bar)."""
        return relative_luminance(self.piece) < DARK_PIECE


def use_map(name: str) -> None:
    """Show the board of ``maps/<name>.json`` from now on."""
    load_map_json(name)  # an unknown map fails here, not in the middle of drawing
    _in_use[0] = name


def map_name() -> str:
    """The name of the board in use (its file is ``maps/<name>.json``)."""
    return _in_use[0]


def map_data() -> dict[str, Any]:
    """The parsed map file of the board in use (read-only)."""
    return load_map_json(map_name())


def board() -> Board:
    """The rules' view of the board in use."""
    return load_board(map_name())


@lru_cache(maxsize=8)
def _looks(name: str) -> dict[str, NationLook]:
    looks = {}
    for nation in load_map_json(name)["nations"]:
        colours = nation["colours"]
        piece = parse_colour(colours["piece"])
        looks[nation["id"]] = NationLook(nation["id"], nation["code"], piece, parse_colour(colours["on_piece"]),
                                         parse_colour(colours["land"]), parse_colour(colours.get("text", colours["piece"])))
    return looks


def nation_looks() -> dict[str, NationLook]:
    """Every nation of the board in use, in the map file's order."""
    return _looks(map_name())


def nation_look(nation: str) -> NationLook:
    """How a nation of the board in use is drawn."""
    return _looks(map_name())[nation]


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
