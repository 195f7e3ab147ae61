"""The package's import graph: no circles, and the layers import one way (issue "one house").

Read from the source with ``ast`` (no import runs): every ``import`` and ``from ... import`` of
a module, also those inside functions, counts; imports under ``if TYPE_CHECKING:`` do not (they
are for type hints only). ``from package import name`` counts as importing the module
``package.name`` when that is a module, else the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "imperial_desktop"
LAYERS = {"core": 0, "ai": 1, "session": 2, "tutorial": 3, "ui": 3}  # a layer imports only layers below or its own


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            test = node.test
            if getattr(test, "id", None) == "TYPE_CHECKING" or getattr(test, "attr", None) == "TYPE_CHECKING":
                for child in node.orelse:
                    self.visit(child)
                return
            self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            found.update(alias.name for alias in node.names)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                found.add(sub if sub in modules else module)

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    resolved = set()
    for target in found:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            resolved.add(target)
    return resolved


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


def test_the_reader_finds_imports_and_circles():
    """The check itself: it sees a known import, and it finds a circle where there is one."""
    graph = _graph()
    assert "imperial_desktop.core.state" in graph["imperial_desktop.core.record"]
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circles():
    assert _circles(_graph()) == []


def test_layers_import_one_way():
    """core <- ai <- session <- ui (and the guided game beside the ui)."""
    upward = []
    for name, targets in _graph().items():
        layer = name.split(".")[1] if name.count(".") else None
        for target in targets:
            other = target.split(".")[1] if target.count(".") else None
            if layer in LAYERS and other in LAYERS and LAYERS[other] > LAYERS[layer]:
                upward.append(f"{name} -> {target}")
    assert upward == []
