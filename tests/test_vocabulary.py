"""The typed vocabulary (issue 36, item 4): decision kinds and event types as str-valued enums.

Every kind and type the core produces is a member; the members are their plain strings in
comparisons, texts and JSON, so saves and records read the same both ways; and the floors above
the core name them through the enums, not through repeated string literals.
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from imperial_desktop.core import DecisionKind, EventType, GameRecord, GameSetup, GameState
from imperial_desktop.core.vocabulary import DECISION_KINDS, EVENT_TYPES
from imperial_desktop.play import play_game
from imperial_desktop.session.saves import load_game, write_save

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "imperial_desktop"
PREVIOUS = Path(__file__).resolve().parent / "data" / "previous_release"
PREVIOUS_NAMES = sorted(json.loads((PREVIOUS / "manifest.json").read_text(encoding="utf-8"))["digests"])
WORDS = set(DECISION_KINDS) | set(EVENT_TYPES)


def _seen_in_games() -> tuple[set, set]:
    """(decision kinds, event types) met in a few seeded games: bots by name and a random loop."""
    kinds: set = set()
    types: set = set()

    def decide(state: GameState, seat: int) -> None:
        kinds.add(state.decision().kind)

    for seed, players, bots, kwargs in [(3, 4, "greedy", {}), (5, 5, "random", {"bond_distribution": "auction"}),
                                        (7, 3, "random", {"investor_card": False})]:
        setup = GameSetup.create(players, seed, **kwargs)
        play_game(setup, [bots] * players, seed, decide=decide)
    for seed in (1, 2, 4):  # a loop that sees the events too
        rng = random.Random(seed)
        state = GameState.new(GameSetup.create(2 + seed, seed, investor_card=seed != 2))
        while not state.is_terminal():
            kinds.add(state.decision().kind)
            for event in state.apply(rng.choice(state.legal_actions())):
                types.add(event.type)
    return kinds, types


def test_every_kind_and_type_met_in_play_is_a_member():
    kinds, types = _seen_in_games()
    assert all(type(k) is DecisionKind for k in kinds), kinds
    assert all(type(t) is EventType for t in types), types
    # random games reach most of the vocabulary; the rest is reached by the rules tests
    assert len(kinds) >= 9 and len(types) >= 18, (kinds, types)


def test_the_members_are_their_plain_strings():
    for enum in (DecisionKind, EventType):
        for member in enum:
            value = member.value
            assert member == value and hash(member) == hash(value) and {value: 1}[member] == 1
            assert str(member) == f"{member}" == "%s" % member == value and repr(member) == repr(value)
            assert json.dumps({"kind": member, member: 0}) == json.dumps({"kind": value, value: 0})
            assert value.islower() and member.name == value.upper()
    assert DECISION_KINDS == {m.value: m for m in DecisionKind} and EVENT_TYPES == {m.value: m for m in EventType}


def test_a_state_written_with_members_reads_back_equal():
    state = GameState.new(GameSetup.create(4, 11))
    rng = random.Random(11)
    for _ in range(300):
        state.apply(rng.choice(state.legal_actions()))
    text = json.dumps(state.to_dict())
    assert f'"kind": "{state.decision().kind.value}"' in text
    loaded = GameState.from_dict(json.loads(text))
    assert loaded == state and loaded.digest() == state.digest()
    assert type(loaded.pending["kind"]) is DecisionKind and loaded.decision().kind == state.decision().kind


@pytest.mark.parametrize("name", PREVIOUS_NAMES)
def test_files_of_the_previous_release_load_and_write_the_same(name, tmp_path):
    written = json.loads((PREVIOUS / f"{name}.save.json").read_text(encoding="utf-8"))
    session = load_game(PREVIOUS / f"{name}.save.json")
    if session.state.pending is not None:
        assert type(session.state.pending["kind"]) is DecisionKind
        assert session.state.pending["kind"] == written["snapshot"]["pending"]["kind"]
    assert json.loads(json.dumps(session.state.to_dict())) == written["snapshot"]
    again = json.loads(write_save(session, tmp_path / "again.save.json", "again").read_text(encoding="utf-8"))
    assert {k: v for k, v in again.items() if k not in ("saved_at", "name", "checksum", "app_version")} == \
        {k: v for k, v in written.items() if k not in ("saved_at", "name", "checksum", "app_version")}
    record_text = (PREVIOUS / f"{name}.record.json").read_text(encoding="utf-8")
    record = GameRecord.load(PREVIOUS / f"{name}.record.json")
    assert record.to_json() == GameRecord.from_json(json.loads(json.dumps(record.to_json()))).to_json()
    assert json.loads(json.dumps(record.to_json()))["actions"] == json.loads(record_text)["actions"]


# ---------------------------------------------------------------- no repeated literals above the core

# Names and keys that hold a decision kind or an event type: a string literal compared with one of
# them, listed next to one, or used as a key of a table keyed by them is a repeated literal.
_HOLDERS = {"kind", "type", "decision_kind", "event_type", "etype"}
_FLOORS = ("ai", "session", "tutorial", "ui")

# Literals that must stay, with the reason (path relative to the package, the literal, a piece of
# its line).
ALLOWED: list[tuple[str, str, str, str]] = []


def _holds_word(node: ast.AST) -> bool:
    """Whether ``node`` reads a decision kind or an event type (``x.kind``, ``p["type"]``, ``kind``).

    A visible step's kind (``step.kind``, ``session/turn_steps.py``) is a word of its own that
    shares some spellings ("taxes", "invest", "game_over"), so it is not one.
    """
    if isinstance(node, ast.Attribute):
        return node.attr in _HOLDERS and not (isinstance(node.value, ast.Name) and "step" in node.value.id)
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value in _HOLDERS
    return isinstance(node, ast.Name) and node.id in _HOLDERS


def _word_literals(node: ast.AST) -> list[ast.Constant]:
    """The vocabulary literals of a comparison operand (itself, or the items of a tuple/list/set)."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [i for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str) and i.value in WORDS]


def repeated_literals(path: Path) -> list[tuple[int, str]]:
    """(line, literal) of every vocabulary string literal standing for a kind or type in ``path``."""
    return sorted({(c.lineno, c.value) for c in literal_nodes(ast.parse(path.read_text(encoding="utf-8")))})


def literal_nodes(tree: ast.AST) -> list[ast.Constant]:
    """The vocabulary string literals of ``tree`` that stand for a kind or type."""
    found: list[ast.Constant] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_holds_word(o) for o in operands):
                for o in operands:
                    found += _word_literals(o)
        elif isinstance(node, ast.Match) and _holds_word(node.subject):
            for case in node.cases:
                for sub in ast.walk(case.pattern):
                    if isinstance(sub, ast.MatchValue):
                        found += _word_literals(sub.value)
        elif isinstance(node, ast.Dict):
            keys = [k for k in node.keys if k is not None]
            if len(keys) >= 2 and len(_word_literals(ast.Tuple(elts=keys))) == len(keys):
                found += _word_literals(ast.Tuple(elts=keys))
        elif isinstance(node, ast.keyword) and node.arg in ("kind", "kinds"):
            found += _word_literals(node.value)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id.endswith(("_KINDS", "_TYPES"))
                                                  and "STEP_KINDS" not in t.id for t in node.targets):
            value = node.value.args[0] if isinstance(node.value, ast.Call) and node.value.args else node.value
            found += _word_literals(value)
    return found


def _left_in(floors: tuple[str, ...]) -> list[str]:
    allowed = {(path, literal) for path, literal, _piece, _reason in ALLOWED}
    left = []
    for floor in floors:
        for path in sorted((PACKAGE / floor).rglob("*.py")):
            rel = path.relative_to(PACKAGE).as_posix()
            lines = path.read_text(encoding="utf-8").splitlines()
            for line, literal in repeated_literals(path):
                if (rel, literal) not in allowed:
                    left.append(f"{rel}:{line}: {literal!r}: {lines[line - 1].strip()[:100]}")
    return left


def test_the_floors_above_the_core_name_kinds_and_types_through_the_enums():
    left = _left_in(_FLOORS)
    assert not left, "\n".join(left)


def test_the_scan_finds_what_it_should():
    sample = PACKAGE.parent / "tests" / "data" / "_vocabulary_scan_sample.py"
    try:
        sample.write_text('if d.kind == "rondel" or e.type in ("battle", "x"):\n    pass\n'
                          'T = {"taxes": 1, "donation": 2}\nLOOK_KINDS = ("invest",)\n'
                          'if space.action == "factory":\n    pass\n', encoding="utf-8")
        assert repeated_literals(sample) == [(1, "battle"), (1, "rondel"), (3, "donation"), (3, "taxes"), (4, "invest")]
    finally:
        sample.unlink(missing_ok=True)
