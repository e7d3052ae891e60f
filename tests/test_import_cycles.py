"""No import cycle among the game's modules at load time (issue 16 item 5).

The graph is built from the source (ast), not by importing: an edge A -> B is an import of B that
runs when A is loaded, so imports under ``if TYPE_CHECKING:`` and imports inside functions (made
when the function first runs) are left out. ``from package import name`` counts as importing
``package.name`` when that is a module, and the package itself in every case (its ``__init__`` runs).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Cycles being removed elsewhere (issue 16: the lead is untangling assist and its overlay).
KNOWN: list[frozenset[str]] = []  # (assist <-> analysis_overlay was the last one)


def module_names() -> dict[str, Path]:
    """Every module of the game, by dotted name (a package by its own name), and main.py."""
    names = {"main": ROOT / "main.py"}
    for path in sorted((ROOT / "game").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def load_time_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The import statements that run when the module loads: at module level, also inside module-level
    if/try/with blocks, but not under ``if TYPE_CHECKING:`` and not in functions or classes' methods."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.append(node)
            elif isinstance(node, ast.If):
                if not _is_type_checking(node.test):
                    walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
                for handler in node.handlers:
                    walk(handler.body)
                walk(node.orelse)
                walk(node.finalbody)
            elif isinstance(node, (ast.With, ast.ClassDef)):
                walk(node.body)

    walk(tree.body)
    return found


def graph() -> dict[str, set[str]]:
    """Module -> the game's modules its loading imports."""
    names = module_names()
    edges: dict[str, set[str]] = {name: set() for name in names}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in load_time_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = package.split(".") if node.level else []
                if node.level > 1:
                    base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
                targets = [source] + [f"{source}.{alias.name}" for alias in node.names]
            for target in targets:
                parts = target.split(".")
                for i in range(1, len(parts) + 1):  # importing a.b.c loads a, a.b and a.b.c
                    prefix = ".".join(parts[:i])
                    if prefix in names and prefix != name:
                        edges[name].add(prefix)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_the_graph_sees_the_imports_it_should():
    edges = graph()
    assert "game.registry" in edges["game.context"]  # `from game import registry` is the module
    assert "game.scenes.base" in edges["game.scenes.table"]  # a relative import
    assert "game.scenes.menu" not in edges["game.context"]  # inside a function
    assert "game.app" not in edges["game.kiosk"]  # under TYPE_CHECKING


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_level_import_cycle():
    found = [c for c in cycles(graph()) if c not in KNOWN]
    assert found == [], "import cycles at load time: " + "; ".join(" <-> ".join(sorted(c)) for c in found)
