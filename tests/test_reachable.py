"""Everything under game/ is what the game runs: every module there is reached from main.py.

The import graph is read from the source with `ast`, never by importing: an import anywhere in a
module counts (inside a function too, as the game loads much of itself on first use), except one
under `if TYPE_CHECKING:`, which names types and never runs. `import a.b.c` loads a, a.b and a.b.c;
`from a.b import c` loads a and a.b, and a.b.c when c is a module. A module the game loads by name
counts as imported where the name is written: a "package.module:Name" string (read_ahead.py's
pieces) and a constant importlib.import_module(...).
A tool that makes or measures the game's data belongs in tools/, and code nothing runs is deleted.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: "package.module:Name", as read_ahead.import_named takes it
NAMED = re.compile(r"^([A-Za-z_]\w*(?:\.\w+)*):\w+$")
LOADERS = {"import_module", "__import__"}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path) -> dict[str, Path]:
    """Every module of the game's package, and main.py, by its dotted name."""
    found = {module_name(path, root): path for path in sorted((root / "game").rglob("*.py"))}
    found["main"] = root / "main.py"
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _with_parents(name: str) -> Iterator[str]:
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        yield ".".join(parts[:i])


def loaded_by(name: str, known: dict[str, Path]) -> tuple[set[str], set[str]]:
    """(the modules of `known` that running module `name` may load, the "module:Name" strings in it
    whose module is no module at all)."""
    path = known[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    loads: set[str] = set()
    named: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                loads.update(_with_parents(alias.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            loads.update(_with_parents(source))
            loads.update(f"{source}.{alias.name}" for alias in node.names)  # (kept only if a module)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            first = node.args[0]
            if called in LOADERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                loads.update(_with_parents(first.value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = NAMED.match(node.value)
            if match and match[1].split(".")[0] in {n.split(".")[0] for n in known if n != "main"}:
                named.add(match[1])
                loads.update(_with_parents(match[1]))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return loads & set(known), named - set(known)


def unreached(root: Path) -> tuple[list[str], list[str]]:
    """(the modules under game/ that main.py never reaches, the module names in "module:Name"
    strings that name no module)."""
    known = modules(root)
    seen: set[str] = set()
    broken: set[str] = set()
    todo = ["main"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        loads, missing = loaded_by(name, known)
        broken |= missing
        todo.extend(loads - seen)
    return sorted(set(known) - seen), sorted(broken)


def test_every_module_under_game_is_reached_from_main():
    left_out, broken = unreached(ROOT)
    assert left_out == [], f"never reached from main.py (a tool belongs in tools/, dead code goes): {left_out}"
    assert broken == [], f"loaded by a name that is no module: {broken}"


def test_the_graph_counts_what_runs_and_only_that(tmp_path):
    """A small tree: what main.py imports directly, inside a function, by a "module:Name" string and
    by import_module is reached, with the packages on the way; a module imported only under
    TYPE_CHECKING, or by nothing, is not."""
    files = {
        "main.py": "from game import app\n",
        "game/__init__.py": "",
        "game/app.py": (
            "from __future__ import annotations\n"
            "import importlib\n"
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n"
            "    from .types_only import Thing\n"
            "else:\n"
            "    from . import at_run_time\n"
            "SCENE = 'game.scenes.table:TableScene'\n"
            "def later():\n"
            "    from .solver import deep\n"
            "    importlib.import_module('game.by_name')\n"
        ),
        "game/at_run_time.py": "",
        "game/types_only.py": "",
        "game/scenes/__init__.py": "",
        "game/scenes/table.py": "",
        "game/solver/__init__.py": "",
        "game/solver/deep.py": "from .. import at_run_time\n",
        "game/by_name.py": "",
        "game/unused.py": "import game.app\n",
        "game/tool/__init__.py": "",
        "game/tool/__main__.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert unreached(tmp_path) == (["game.tool", "game.tool.__main__", "game.types_only", "game.unused"], [])
    (tmp_path / "game/app.py").write_text("LAYOUT = 'game.gone:Layout'\n")
    assert unreached(tmp_path)[1] == ["game.gone"]
