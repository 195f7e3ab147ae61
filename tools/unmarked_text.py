"""Find player-visible text in the code that is not marked for translation.

A static check (the AST, nothing is imported or run): a string literal with words that goes
straight into a place the player reads, without ``_()``, ``N_()``, ``ngettext()`` or
``pgettext()`` around it. The places ("sinks"):

- keyword arguments named like a widget's text: ``text=``, ``tool_tip_text=``, ``html_text=``,
  ``title=``, ``window_title=``, ``action_long_desc=``, ``label=``, ``tip=``, ``caption=``,
  ``message=``, ``options_list=`` (each item) and the like (:data:`SINK_KEYWORDS`);
- the text argument of ``.set_text(``, ``.show_message(``, ``.append_html_text(``,
  ``.set_tooltip(``, ``.set_caption(``, a font's ``.render(``, the text arguments of
  pygame-gui's ``UIButton``, ``UILabel``, ``UITextBox``..., of ``Choice(label, action, tip)`` and
  of the drawing helpers of ui/panels.py (:data:`SINK_CALLS`);
- a literal assigned to a name that says it is shown (``title = ...``, ``self.tip = ...``,
  :data:`SINK_NAMES`);
- what the text functions of the game return (:data:`TEXT_FUNCTIONS`, and every function
  whose name starts with ``describe``).

An f-string whose literal parts hold words is unmarked text too (it cannot be translated as a
whole), and so is ``_(f"...")`` or ``_("..." + x)``: the lookup happens after the text is built
and never finds it. A literal counts as words when, without ``{placeholders}``, HTML tags and entities, two
letters follow each other. :data:`ALLOWED` lists the few texts that are the same in every
language; a line ending in ``# i18n: not shown`` is skipped (for the rare literal that reaches
a sink but never the screen).

    python tools/unmarked_text.py            # every finding in the game, exit 1 if any
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

MARKERS = frozenset({"_", "N_", "ngettext", "pgettext"})
SINK_KEYWORDS = frozenset({"text", "tool_tip_text", "html_text", "title", "window_title", "action_long_desc",
                           "label", "tip", "caption", "message", "action_short_name", "html_message",
                           "window_display_title", "initial_text", "placeholder_text", "options_list",
                           "starting_option"})
SINK_METHODS = {"set_text": 0, "show_message": 0, "append_html_text": 0, "set_tooltip": 0, "set_caption": 0}
# positional text arguments of these constructors (pygame-gui's elements and the game's Choice)
SINK_CALLS = {"Choice": (0, 2), "UIButton": (1,), "UILabel": (1,), "UITextBox": (0,), "UIConfirmationDialog": (1,),
              "UIMessageWindow": (1,), "UIDropDownMenu": (0, 1), "UISelectionList": (1,),
              # the game's own drawing helpers (ui/panels.py): text(surface, text, ...), panel(surface, rect, title, scale, note)
              "text": (1,), "panel": (2, 4), "_track_label": (1,), "draw_text": (1,)}
# a literal assigned to a name like these (``headline = "..."``, ``self.tip = f"..."``) is shown
SINK_NAMES = SINK_KEYWORDS | {"headline", "hint", "note", "reason", "subtitle"}
TEXT_FUNCTIONS = frozenset({"event_text", "describe_os_error", "game_end_reason", "player_label", "summary_text",
                            "_what_it_does", "_effects", "_interest_caption"})
ALLOWED = frozenset({"Imperial", "IMPERIAL", "Imperial Desktop", "OK"})  # the same in every language
SKIP_PRAGMA = "# i18n: not shown"

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_MARKUP = re.compile(r"<[^<>]*>|&[a-zA-Z#0-9]+;")
_WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    text: str
    where: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: unmarked text {self.text!r} ({self.where})"


def has_words(text: str) -> bool:
    """True when ``text`` reads as words (not a symbol, a number, a placeholder or markup)."""
    if text.strip() in ALLOWED:
        return False
    return bool(_WORD.search(_MARKUP.sub(" ", _PLACEHOLDER.sub(" ", text))))


def _func_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def unmarked_literal(node: ast.AST | None) -> str | None:
    """The unmarked text ``node`` would show, or None when it shows none (or only marked text)."""
    if node is None:
        return None
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) and has_words(node.value) else None
    if isinstance(node, ast.JoinedStr):
        literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return ast.unparse(node) if has_words(literal) else None
    if isinstance(node, ast.Call):
        name = _func_name(node.func)
        if name in MARKERS:
            return None
        if isinstance(node.func, ast.Attribute) and name in ("format", "join", "strip", "upper", "lower", "title"):
            return unmarked_literal(node.func.value)
        return None
    if isinstance(node, ast.BinOp):
        return unmarked_literal(node.left) or unmarked_literal(node.right)
    if isinstance(node, ast.IfExp):
        return unmarked_literal(node.body) or unmarked_literal(node.orelse)
    if isinstance(node, (ast.List, ast.Tuple)):
        for item in node.elts:
            found = unmarked_literal(item)
            if found:
                return found
        return None
    if isinstance(node, ast.BoolOp):
        for value in node.values:
            found = unmarked_literal(value)
            if found:
                return found
    return None


def scan_source(source: str, path: str = "<source>") -> list[Finding]:
    """Every unmarked visible text in one Python source."""
    tree = ast.parse(source, filename=path)
    lines = source.splitlines()
    findings: list[Finding] = []

    def report(node: ast.AST, text: str, where: str) -> None:
        line = getattr(node, "lineno", 0)
        end = getattr(node, "end_lineno", line) or line
        if any(SKIP_PRAGMA in lines[i - 1] for i in range(line, end + 1) if 0 < i <= len(lines)):
            return
        findings.append(Finding(path, line, text, where))

    def check(node: ast.AST | None, where: str) -> None:
        text = unmarked_literal(node)
        if text:
            report(node, text, where)

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _func_name(node.func)
            if isinstance(node.func, ast.Name) and name in MARKERS and node.args and isinstance(
                    node.args[-1 if name == "pgettext" else 0], (ast.JoinedStr, ast.BinOp)):
                # _(f"...") is looked up after formatting and never found; the catalogs cannot hold it
                report(node, ast.unparse(node), f"{name}() of a built text: use a literal and .format()")
            for keyword in node.keywords:
                if keyword.arg in SINK_KEYWORDS:
                    check(keyword.value, f"{keyword.arg}=")
            if isinstance(node.func, ast.Attribute) and name in SINK_METHODS and len(node.args) > SINK_METHODS[name]:
                check(node.args[SINK_METHODS[name]], f".{name}()")
            if (isinstance(node.func, ast.Attribute) and name == "render" and node.args
                    and "font" in ast.unparse(node.func.value).lower()):
                check(node.args[0], "font.render()")
            if name in SINK_CALLS:
                for index in SINK_CALLS[name]:
                    if index < len(node.args):
                        check(node.args[index], f"{name}()")
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_func_name(t) in SINK_NAMES for t in targets):
                check(node.value, f"{_func_name(targets[0])} =")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name in TEXT_FUNCTIONS or node.name.startswith("describe"):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return):
                        check(inner.value, f"returned by {node.name}()")
    return sorted(set(findings), key=lambda f: (f.path, f.line, f.text))


def scanned_files(package: Path) -> list[Path]:
    """The sources whose texts players see: ui/**, session/**, tutorial/**, the texts of the core
    (events, actions, state, validate) and the hints."""
    files = [p for folder in ("ui", "session", "tutorial") for p in sorted((package / folder).rglob("*.py"))]
    files += [package / "core" / name for name in ("events.py", "actions.py", "state.py", "validate.py")]
    files += [package / "ai" / "hint.py"]
    return [p for p in files if p.is_file() and "__pycache__" not in p.parts]


def scan_package(package: Path) -> list[Finding]:
    root = package.parent
    findings: list[Finding] = []
    for path in scanned_files(package):
        findings += scan_source(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix())
    return findings


if __name__ == "__main__":
    found = scan_package(Path(__file__).resolve().parents[1] / "imperial_desktop")
    print("\n".join(str(f) for f in found) or "no unmarked text")
    sys.exit(1 if found else 0)
