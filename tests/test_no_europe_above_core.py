"""No board above the core: ``ui/``, ``session/`` and ``ai/`` name no nation, no region and no
Europe-only count of ``maps/europe.json``; those come from the map file, so that another board
(other nations, other regions) needs no edit there.

The terms are read from the map file, not listed here: every nation id and region id, and every
name of a nation or region in every language the map gives. The source is read with ``ast``:
identifiers and string literals count, comments and docstrings do not (an example in a docstring,
"Italy pays interest", changes no behaviour). A string names a term when the term stands there
as a word; an identifier when the words of a region or nation id are among its ``_``-separated
words (``_hatch_switzerland``, ``GERMANY``). Europe-only counts: a number of nations written in
a text ("the six Great Powers"), or the number of nations as a literal divisor or ``range()``
bound in the code (a comparison with 6 is not one: six is also the most players, and the length
of a colour's hex code).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "imperial_desktop"
MAP = ROOT / "maps" / "europe.json"
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
                10: "ten", 11: "eleven", 12: "twelve"}
COUNTED = r"(?:nations|Great Powers|great powers|powers|countries)"


@dataclass(frozen=True)
class Terms:
    """What names the board: ids (for identifiers and strings), names (strings), the nation count."""

    ids: frozenset[str]
    words: re.Pattern[str]
    nation_count: int


@lru_cache(maxsize=1)
def board_terms() -> Terms:
    data = json.loads(MAP.read_text(encoding="utf-8"))
    entries = list(data["nations"]) + list(data["regions"])
    ids = frozenset(e["id"] for e in entries)
    names = {value for e in entries for key, value in e.items()
             if key.startswith("name_") and isinstance(value, str) and value}
    alternatives = "|".join(re.escape(t) for t in sorted(ids | names, key=len, reverse=True))
    return Terms(ids, re.compile(rf"(?<!\w)({alternatives})(?!\w)"), len(data["nations"]))


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring nodes (and of bare strings standing as statements, comments in effect)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            out.add(id(node.value))
    return out


def _identifier(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name
    if isinstance(node, ast.arg):
        return node.arg
    if isinstance(node, ast.keyword):
        return node.arg
    if isinstance(node, ast.alias):
        return node.asname or node.name.rpartition(".")[2]
    return None


def _names_an_id(identifier: str, ids: frozenset[str]) -> str | None:
    words = [w for w in identifier.lower().split("_") if w]
    for term in ids:
        part = term.split("_")
        if any(words[i:i + len(part)] == part for i in range(len(words) - len(part) + 1)):
            return term
    return None


def _is_count(node: ast.AST, count: int) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == count


def _counts(node: ast.AST, count: int) -> bool:
    """The number of nations written into the code: ``x / 6``, ``range(6)``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)):
        return _is_count(node.right, count)
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "range":
        return any(_is_count(arg, count) for arg in node.args)
    return False


def scan_source(text: str, terms: Terms) -> list[tuple[int, str]]:
    """(line, what) of every place in one module's source that names the board."""
    tree = ast.parse(text)
    skip = _docstrings(tree)
    count_words = rf"(?<!\w)(?:{terms.nation_count}|{NUMBER_WORDS.get(terms.nation_count, '-')})\s+{COUNTED}(?!\w)"
    counted = re.compile(count_words, re.IGNORECASE)
    hits: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            hits += [(line, f"text {m.group(1)!r}") for m in terms.words.finditer(node.value)]
            hits += [(line, f"count {m.group(0)!r}") for m in counted.finditer(node.value)]
        name = _identifier(node)
        if name:
            term = _names_an_id(name, terms.ids)
            if term:
                hits.append((line, f"identifier {name} ({term})"))
        if _counts(node, terms.nation_count):
            hits.append((line, f"count {ast.unparse(node)}"))
    return sorted(set(hits))


def scan_folder(folder: str) -> list[str]:
    """``path:line: what`` of every place in a package folder that names the board."""
    terms = board_terms()
    out = []
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        for line, what in scan_source(path.read_text(encoding="utf-8"), terms):
            out.append(f"{path.relative_to(ROOT).as_posix()}:{line}: {what}")
    return out


def test_the_scan_finds_what_names_the_board():
    """The check itself: it sees ids, names and counts in code, and leaves comments and docstrings alone."""
    terms = board_terms()
    source = '''
"""The module's docstring may say Italy."""
SWITZERLAND = (196, 196, 192)  # a comment may say Vienna
def _hatch_switzerland(): pass
PIECE = {"austria_hungary": (1, 2, 3)}
LABEL = _("Whether St. Petersburg and Kiev are neighbours")
TEXT = "the six Great Powers"
row_h = height / 6
for i in range(6): pass
if len(players) <= 6: pass
def fine(nation):
    """A docstring: "France builds a factory in Paris"."""
    return f"{nation} builds a factory"
'''
    found = [what for _line, what in scan_source(source, terms)]
    assert "identifier SWITZERLAND (switzerland)" in found
    assert "identifier _hatch_switzerland (switzerland)" in found
    assert "text 'austria_hungary'" in found
    assert {"text 'St. Petersburg'", "text 'Kiev'"} <= set(found)
    assert "count 'six Great Powers'" in found
    assert {"count height / 6", "count range(6)"} <= set(found)
    assert not any("Italy" in w or "Vienna" in w or "France" in w or "Paris" in w or "players" in w for w in found)
    assert len(found) == 8, found


@pytest.mark.parametrize("folder", ["ui", "session", "ai"])
def test_no_nation_region_or_count_of_the_board_above_the_core(folder):
    """Colours, codes, the flag-card deal, the impassable regions and the rules text take the board
    from the map file; a hit here is something to read from the board instead."""
    assert scan_folder(folder) == []
