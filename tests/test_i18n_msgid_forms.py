"""No text is marked both as a plain message and as the singular of a plural one: a catalog holds
one entry per msgid, and older Python 3.11 releases (Debian's 3.11.2) do not find a plural entry
through gettext() (seen: German battle lines said "an army")."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "imperial_desktop"


def _marked() -> tuple[set[str], set[str]]:
    plain, plural = set(), set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, (ast.Name, ast.Attribute)):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if name in ("_", "N_", "gettext") and texts:
                plain.add(texts[0])
            elif name == "ngettext" and texts:
                plural.add(texts[0])
    return plain, plural


def test_no_msgid_is_both_plain_and_plural():
    plain, plural = _marked()
    assert plural, "no ngettext found: the scan is broken"
    assert plain & plural == set()
