"""tools.code_shape on small planted packages: the complexity limits and their marker, and import
cycles through a function's import or one under TYPE_CHECKING."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tools import code_shape


def knot(name: str, branches: int) -> str:
    """A function of complexity branches + 1."""
    body = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(branches))
    return f"def {name}(x):\n{body}    return -1\n"


def plant(root: Path, files: dict[str, str]) -> Path:
    """Write the package's files (relative paths -> source), with every folder a package."""
    for relative, source in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        for folder in [path.parent, *path.parent.parents]:
            if folder == root.parent:
                break
            (folder / "__init__.py").touch()
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return root


def test_a_function_over_the_limit_is_caught(tmp_path):
    root = plant(tmp_path / "pkg", {"tangle.py": knot("plain", 3) + "\n\n" + knot("tangled", code_shape.MOST)})
    found = code_shape.measure(root)
    assert [(f.name, f.complexity) for f in found.too_complex] == [("tangled", code_shape.MOST + 1)]
    lines, ok = code_shape.report(found, [], {})
    assert not ok
    assert any("pkg/tangle.py:11  tangled" in line for line in lines)


def test_too_many_functions_over_the_lower_limit_are_caught():
    many = "\n\n".join(knot(f"f{i}", code_shape.MANY) for i in range(code_shape.MANY_ALLOWED + 1))
    found = code_shape.Complexity(code_shape.measure_source(many, "pkg/many.py"))
    assert not found.too_complex
    assert len(found.complex) == code_shape.MANY_ALLOWED + 1
    assert found.breaches() == [f"{code_shape.MANY_ALLOWED + 1} functions over 15, more than 15"]
    fewer = code_shape.Complexity(found.functions[1:])
    assert fewer.breaches() == []


def test_the_marker_exempts_only_the_function_right_below_it(tmp_path):
    source = (
        "# complexity: the inner search loop, flat for speed\n"
        + knot("marked", 30)
        + "\n\n"
        + knot("below_the_marked", 30)
        + "\n\n# complexity: a decorated loop\n@staticmethod\n@property\n"
        + knot("decorated", 30)
        + "\n\n# complexity: with a line between\n\n"
        + knot("not_right_below", 30)
        + "\n\n# complexity:\n"
        + knot("no_reason_given", 30)
    )
    root = plant(
        tmp_path / "pkg",
        {"solver/search.py": source, "scenes/knot.py": "# complexity: no solver\n" + knot("scene", 30)},
    )
    found = code_shape.measure(root)
    assert sorted(f.name for f in found.exempt) == ["decorated", "marked"]
    assert sorted(f.name for f in found.too_complex) == [
        "below_the_marked",
        "no_reason_given",
        "not_right_below",
        "scene",
    ]
    assert [f.name for f in found.misplaced_markers] == ["scene"]
    lines, ok = code_shape.report(found, [], {})
    assert not ok
    exempt_at = next(i for i, line in enumerate(lines) if line.startswith("Exempt"))
    assert sorted(line.split()[-1] for line in lines[exempt_at + 1 : exempt_at + 3]) == ["decorated", "marked"]


def test_the_marker_s_reason_may_go_on_over_more_comment_lines():
    source = (
        "# complexity: the inner search loop,\n# flat because a call per move costs its speed\n"
        + knot("marked", 30)
        + "\n\n# the reason first,\n# complexity: and the marker under it\n"
        + knot("marker_not_first", 30)
    )
    found = code_shape.Complexity(code_shape.measure_source(source, "pkg/solver/search.py"))
    assert [f.name for f in found.exempt] == ["marked"]
    assert [f.name for f in found.too_complex] == ["marker_not_first"]


def test_a_closure_of_a_marked_loop_is_exempt_with_it_and_no_other():
    body = "".join(f"        if y == {i}:\n            return {i}\n" for i in range(30))
    inner = f"    def visit(y):\n{body}        return -1\n"
    source = (
        "# complexity: the search and its visit, on local names\ndef search(x):\n"
        + inner
        + "    return visit(x)\n\n\ndef plain(x):\n"
        + inner
        + "    return visit(x)\n"
    )
    found = code_shape.Complexity(code_shape.measure_source(source, "pkg/solver/search.py"))
    assert sorted(f.name for f in found.exempt) == ["search", "search.visit"]
    assert [f.name for f in found.too_complex] == ["plain.visit"]


def test_methods_and_nested_functions_are_measured_each_apart():
    source = textwrap.dedent(
        """\
        class Board:
            def sync(self, x):
                def inner(y):
                    if y:
                        return 1
                    return 2
                if x:
                    return inner
                return None
        """
    )
    measured = {f.name: f.complexity for f in code_shape.measure_source(source, "pkg/board.py")}
    assert measured == {"Board.sync": 2, "Board.sync.inner": 2}


@pytest.fixture
def importable(tmp_path, monkeypatch):
    """Plant a package under tmp_path that Python (and grimp) can import by name."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def make(name: str, files: dict[str, str]) -> str:
        plant(tmp_path / name, files)
        return name

    return make


def test_a_cycle_through_an_import_inside_a_function_is_caught(importable):
    package = importable(
        "planted_function_cycle",
        {
            "a.py": "from planted_function_cycle import b\n",
            "b.py": "def later():\n    from planted_function_cycle import a\n    return a\n",
            "c.py": "from planted_function_cycle import a\n",
        },
    )
    graph = code_shape.import_graph(package)
    assert code_shape.cycles(graph) == [[f"{package}.a", f"{package}.b"]]
    lines, ok = code_shape.report(code_shape.Complexity(), code_shape.cycles(graph), graph)
    assert not ok
    assert f"    {package}.b -> {package}.a" in lines


def test_a_cycle_through_an_import_under_type_checking_is_caught(importable):
    package = importable(
        "planted_typing_cycle",
        {
            "a.py": "from planted_typing_cycle import b\n",
            "b.py": """\
                from typing import TYPE_CHECKING

                if TYPE_CHECKING:
                    from planted_typing_cycle.a import Thing
            """,
        },
    )
    assert code_shape.cycles(code_shape.import_graph(package)) == [[f"{package}.a", f"{package}.b"]]


def test_a_package_without_cycles_passes(importable):
    package = importable("planted_no_cycle", {"a.py": "from planted_no_cycle import b\n", "b.py": "X = 1\n"})
    graph = code_shape.import_graph(package)
    assert code_shape.cycles(graph) == []
    lines, ok = code_shape.report(code_shape.Complexity(), [], graph)
    assert ok
    assert lines[-1] == "OK: every limit holds"


def test_cycles_are_each_strongly_connected_set():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}, "f": {"f"}, "g": {"a"}}
    assert code_shape.cycles(graph) == [["a", "b", "c"], ["d", "e"], ["f"]]
