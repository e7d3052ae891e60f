"""Checks of the code's shape: how complex its functions are, and whether its modules import in a circle.

    python -m tools.code_shape    the report for game/; exit 1 when a limit is broken

Complexity is radon's cyclomatic complexity of every function, method and nested function. No function
may be over MOST (25), and at most MANY_ALLOWED (15) over MANY (15): past that, a function is a
knot to untie, not a list of cases. The one exception is a solver's inner search loop, where one
flat function is faster than the calls that would split it: it says so with a comment line
``# complexity: <why>`` directly above its ``def`` (or above its decorators; the reason may go on over
more comment lines), in a module of a ``solver`` package; such functions, and the functions nested in
them, are listed apart and not counted.

Import cycles are found in the graph grimp builds of the package, with the imports inside functions
and those under TYPE_CHECKING counted too (either kind, left in a circle, ties the modules together:
one cannot be understood, tested or moved without the others). Each strongly connected set of modules
is one cycle to break.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Function

MOST = 25  # no function may be more complex than this
MANY = 15  # ... and only a few may be more complex than this
MANY_ALLOWED = 15  # how few
MARKER = "# complexity:"
EXEMPT_PACKAGE = "solver"  # the marker counts only in a module of a package of this name


@dataclass(frozen=True)
class Measured:
    """One function's complexity: where it is, its qualified name, and whether it is marked."""

    path: str
    line: int
    name: str
    complexity: int
    marked: bool = False

    def __str__(self) -> str:
        return f"{self.complexity:3d}  {self.path}:{self.line}  {self.name}"


@dataclass
class Complexity:
    """What the complexity check found."""

    functions: list[Measured] = field(default_factory=list)

    @property
    def exempt(self) -> list[Measured]:
        """Marked functions in a solver package: listed apart, not counted."""
        return [f for f in self.functions if f.marked and in_solver(f.path)]

    @property
    def counted(self) -> list[Measured]:
        return [f for f in self.functions if not (f.marked and in_solver(f.path))]

    @property
    def too_complex(self) -> list[Measured]:
        return worst_first(f for f in self.counted if f.complexity > MOST)

    @property
    def complex(self) -> list[Measured]:
        return worst_first(f for f in self.counted if f.complexity > MANY)

    @property
    def misplaced_markers(self) -> list[Measured]:
        """Marked functions outside a solver package: the marker does not exempt them."""
        return [f for f in self.functions if f.marked and not in_solver(f.path)]

    def breaches(self) -> list[str]:
        found = []
        if self.too_complex:
            found.append(f"{len(self.too_complex)} function(s) over {MOST}")
        if len(self.complex) > MANY_ALLOWED:
            found.append(f"{len(self.complex)} functions over {MANY}, more than {MANY_ALLOWED}")
        return found


def in_solver(path: str) -> bool:
    """Whether the module at `path` is in a solver package."""
    return EXEMPT_PACKAGE in Path(path).parts[:-1]


def worst_first(functions: Iterable[Measured]) -> list[Measured]:
    return sorted(functions, key=lambda f: (-f.complexity, f.path, f.line))


# -- complexity --------------------------------------------------------------------------------------
def top_lines(tree: ast.AST) -> dict[int, int]:
    """For each function's ``def`` line, the line it starts at: its first decorator's, or its own."""
    tops = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            tops[node.lineno] = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return tops


def is_marked(lines: list[str], top: int) -> bool:
    """Whether the comment right above line `top` (1-based) is a ``# complexity: <why>`` comment: the
    block of comment lines directly above, whose first line holds the marker and a reason."""
    first = top - 1  # the index of the line `top` in `lines` is top - 1
    while first >= 1 and lines[first - 1].strip().startswith("#"):
        first -= 1
    if first == top - 1:
        return False
    head = lines[first].strip()
    return head.startswith(MARKER) and bool(head[len(MARKER) :].strip())


def flattened(
    blocks: Iterable[object], is_top_marked: Callable[[int], bool], outer: str = "", outer_marked: bool = False
) -> Iterator[tuple[str, Function, bool]]:
    """Every function among radon's blocks with its qualified name and whether it is marked, its nested
    functions too: a closure of a marked function is part of the loop the marker speaks for."""
    for block in blocks:
        if isinstance(block, Function):
            name = f"{block.classname}.{block.name}" if block.is_method else block.name
            name = f"{outer}.{name}" if outer else name
            marked = outer_marked or is_top_marked(block.lineno)
            yield name, block, marked
            yield from flattened(block.closures, is_top_marked, name, marked)


def measure_source(source: str, path: str) -> list[Measured]:
    """The complexity of every function of one module's source (`path` names it in the report)."""
    lines = source.splitlines()
    tops = top_lines(ast.parse(source))
    return [
        Measured(path, block.lineno, name, block.complexity, marked)
        for name, block, marked in flattened(cc_visit(source), lambda line: is_marked(lines, tops.get(line, line)))
    ]


def measure(root: Path) -> Complexity:
    """The complexity of every function in the .py files under `root` (paths relative to root's parent)."""
    found = Complexity()
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root.parent).as_posix()
        found.functions += measure_source(path.read_text(encoding="utf-8"), name)
    return found


# -- import cycles -----------------------------------------------------------------------------------
def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the package's modules it imports anywhere (in functions, under TYPE_CHECKING)."""
    import grimp

    graph = grimp.build_graph(package, exclude_type_checking_imports=False, cache_dir=None)
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected sets of more than one module (or a module importing itself),
    each sorted, largest first (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            step = next(successors, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1 or node in graph.get(node, ()):
                    found.append(sorted(members))
    return sorted(found, key=lambda c: (-len(c), c))


def cycle_edges(cycle: list[str], graph: Mapping[str, set[str]]) -> list[str]:
    """The imports that keep a cycle together: each member's imports of the other members."""
    members = set(cycle)
    return [f"{m} -> {other}" for m in cycle for other in sorted(graph.get(m, set()) & members)]


# -- the report --------------------------------------------------------------------------------------
def report(found: Complexity, loops: list[list[str]], graph: Mapping[str, set[str]]) -> tuple[list[str], bool]:
    """The report's lines, and whether every limit holds."""
    lines = [f"Cyclomatic complexity: {len(found.functions)} functions; limits: none over {MOST}, "]
    lines[0] += f"at most {MANY_ALLOWED} over {MANY}."
    lines.append(f"Over {MOST} ({len(found.too_complex)}):")
    lines += [f"  {f}" for f in found.too_complex] or ["  none"]
    lines.append(f"Over {MANY} ({len(found.complex)}, at most {MANY_ALLOWED}):")
    lines += [f"  {f}" for f in found.complex] or ["  none"]
    lines.append(f"Exempt, marked '{MARKER} <why>' in a solver ({len(found.exempt)}):")
    lines += [f"  {f}" for f in worst_first(found.exempt)] or ["  none"]
    misplaced = found.misplaced_markers
    if misplaced:
        lines.append(f"Marked outside a '{EXEMPT_PACKAGE}' package, which the marker does not exempt:")
        lines += [f"  {f}" for f in misplaced]
    lines.append(f"Import cycles, counting imports in functions and under TYPE_CHECKING ({len(loops)}):")
    for i, cycle in enumerate(loops, 1):
        lines.append(f"  cycle {i}: {len(cycle)} modules")
        lines += [f"    {edge}" for edge in cycle_edges(cycle, graph)]
    if not loops:
        lines.append("  none")
    breaches = [*found.breaches(), *([f"{len(misplaced)} misplaced marker(s)"] if misplaced else [])]
    breaches += [f"{len(loops)} import cycle(s)"] if loops else []
    lines.append("FAILED: " + "; ".join(breaches) if breaches else "OK: every limit holds")
    return lines, not breaches


def check(root: Path, package: str) -> tuple[list[str], bool]:
    """Measure the package at `root` (importable as `package`) and report on it."""
    graph = import_graph(package)
    return report(measure(root), cycles(graph), graph)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.code_shape", description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", default="game", help="the package to check, from the current folder")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path.cwd()))
    lines, ok = check(Path(args.package), args.package)
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
