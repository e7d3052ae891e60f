"""The shipped winnable-deal tables: format, length, lines, and a seeded sample that re-solves to a win."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.solver import lines, tables
from game.solver.moves import replays_to_win

PRESENT = [k for k in tables.KINDS if tables.table_path(k).exists()]
SAMPLE = 4
LINES_SAMPLE = 40  # the tables tool's verify command replays every line


@pytest.mark.parametrize("kind", PRESENT)
def test_table_format_and_length(kind):
    scanned, numbers = tables.read_table(tables.table_path(kind))
    assert numbers == sorted(set(numbers))
    assert tables.format_problems(kind, scanned, numbers) == []
    assert len(numbers) >= tables.MINIMUM[kind]


@pytest.mark.parametrize("kind", PRESENT)
def test_every_listed_deal_has_its_line_in_table_order(kind):
    _, numbers = tables.read_table(tables.table_path(kind))
    rows = tables.read_lines(tables.lines_path(kind))
    assert [n for n, _ in rows] == numbers
    assert all(text for _, text in rows)


@pytest.mark.parametrize("kind", PRESENT)
def test_a_sample_of_each_table_re_solves_and_its_lines_replay_to_a_win(kind):
    _, numbers = tables.read_table(tables.table_path(kind))
    rows = dict(tables.read_lines(tables.lines_path(kind)))
    for number in random.Random(f"{kind}-sample").sample(numbers, min(SAMPLE, len(numbers))):
        verdict = tables.check_deal((kind, number, 30.0))
        assert verdict[:2] == (number, "winnable") and verdict[2]
    for number in random.Random(f"{kind}-lines").sample(numbers, min(LINES_SAMPLE, len(numbers))):
        moves = lines.replay(tables.make_game(kind, number), rows[number])
        assert moves is not None and replays_to_win(tables.make_game(kind, number), moves)


def test_generate_resumes_and_verify_checks(tmp_path, monkeypatch, spawned_pools):
    monkeypatch.setattr(tables, "BATCH", 5)
    quiet = [].append
    first = tables.generate("golf-classic", 3, jobs=1, seconds=10.0, directory=tmp_path, log=quiet)
    path = tables.table_path("golf-classic", tmp_path)
    scanned, numbers = tables.read_table(path)
    assert numbers == first and len(first) >= 3 and scanned == first[-1]
    more = tables.generate("golf-classic", 6, jobs=1, seconds=10.0, directory=tmp_path, log=quiet)
    assert more[: len(first)] == first and len(more) == 6
    # black-hole-solver's verdicts: Classic deals 2 and 4 are winnable, 1 and 3 are not
    assert more[:2] == [2, 4]
    assert [n for n, _ in tables.read_lines(tables.lines_path("golf-classic", tmp_path))] == more
    assert tables.verify("golf-classic", directory=tmp_path, log=quiet) == []
    lines_file = tables.lines_path("golf-classic", tmp_path)
    good = lines_file.read_text()
    rows = good.splitlines()
    rows[1] = rows[1][:-1]  # deal 2's line stops one move short of the win
    lines_file.write_text("\n".join(rows) + "\n")
    assert (2, "bad-line") in tables.verify("golf-classic", sample=0, directory=tmp_path, log=quiet)
    lines_file.write_text(good)
    path.write_text(path.read_text() + "1\n")
    assert (1, "format") in tables.verify("golf-classic", directory=tmp_path, log=quiet)


def test_lines_fills_in_a_table_made_without_lines(tmp_path, monkeypatch, spawned_pools):
    monkeypatch.setattr(tables, "BATCH", 2)
    quiet = [].append
    tables.write_table(tables.table_path("golf-easy", tmp_path), "golf-easy", 6, [1, 2, 3, 4, 5, 6])
    assert (1, "no-line") in tables.verify("golf-easy", sample=0, directory=tmp_path, log=quiet)
    assert tables.fill_lines("golf-easy", jobs=1, directory=tmp_path, log=quiet) == []
    assert [n for n, _ in tables.read_lines(tables.lines_path("golf-easy", tmp_path))] == [1, 2, 3, 4, 5, 6]
    assert tables.verify("golf-easy", sample=0, directory=tmp_path, log=quiet) == []


def test_read_table_refuses_a_file_without_header(tmp_path):
    path = tmp_path / "golf-easy.txt"
    path.write_text("1\n2\n")
    with pytest.raises(ValueError):
        tables.read_table(path)
    assert tables.read_table(tmp_path / "missing.txt") == (0, [])


@pytest.mark.parametrize("kind, column", [("golf-classic", 1), ("golf-easy", 2)])
def test_golf_tables_agree_with_black_hole_solver_on_its_deals(kind, column):
    from helpers.golf_checks import REFERENCE as reference

    if kind not in PRESENT or not reference.exists():
        pytest.skip("no table or no reference file")
    rows = [line.split("\t") for line in reference.read_text().splitlines()[1:]]
    _, numbers = tables.read_table(tables.table_path(kind))
    assert {n for n in numbers if n <= len(rows)} == {int(r[0]) for r in rows if r[column] == "S"}


@pytest.mark.parametrize("kind, column", [("eightoff-8", 1), ("eightoff-4", 2), ("eightoff-2", 3)])
def test_eightoff_tables_agree_with_freecell_solver_on_its_deals(kind, column):
    reference = Path(__file__).resolve().parent / "reference" / "eightoff.tsv"
    if kind not in PRESENT or not reference.exists():
        pytest.skip("no table or no reference file")
    rows = [line.split("\t") for line in reference.read_text().splitlines()[1:]]
    _, numbers = tables.read_table(tables.table_path(kind))
    assert {n for n in numbers if n <= len(rows)} == {int(r[0]) for r in rows if r[column] == "S"}


# -- the Golf rule sets' winnable shares ------------------------------------------------------------
def test_every_golf_rule_set_has_its_share_near_the_literature():
    from game.model.golf import GolfRules

    for rules in GolfRules.every():
        share = tables.golf_share(rules.name)
        assert share is not None and 0 < share < 1, rules.name
    assert abs(tables.golf_share("classic+k") - 0.26) < 0.03  # nothing on a King: about 26 %
    assert abs(tables.golf_share("classic") - 0.45) < 0.03  # Queen on King: about 45 %
    assert abs(tables.golf_share("easy") - 0.93) < 0.03  # wrap: about 93 %
    assert tables.golf_share("C+K") == tables.golf_share("classic+k")  # any spelling the rules read
    assert tables.golf_share("hard") is None and tables.golf_share(None) is None  # type: ignore[arg-type]


def test_the_shares_file_agrees_with_the_strict_reference_and_table():
    """The strict share, the plain search's verdicts and the strict table count the same deals."""
    from game.solver.golf_shares import read_shares

    strict = read_shares()["strict"]
    rows = (Path(__file__).parent / "reference" / "golf-strict.tsv").read_text().splitlines()[2:]
    assert strict["unknown"] == 0 and strict["deals"] <= len(rows)
    assert strict["winnable"] == sum(r.endswith("S") for r in rows[: strict["deals"]])
    scanned, numbers = tables.read_table(tables.table_path("golf-strict"))
    assert scanned >= strict["deals"]
    assert strict["winnable"] == sum(n <= strict["deals"] for n in numbers)


@pytest.mark.parametrize(
    "content",
    [
        None,
        "",
        "{}",
        '{"shares": []}',
        '{"shares": {"easy": {"deals": 0}}}',
        '{"shares": {"easy": {"deals": 10, "winnable": 11}}}',
        "\xff",
    ],
)
def test_a_missing_or_damaged_shares_file_gives_no_share(tmp_path, caplog, content):
    path = tmp_path / "golf-shares.json"
    if content is not None:
        path.write_text(content, encoding="latin-1")
    assert tables.golf_share("easy", path) is None
    assert "unusable" in caplog.text


def test_the_shares_file_is_read_once(tmp_path):
    path = tmp_path / "golf-shares.json"
    path.write_text('{"shares": {"classic+k": {"deals": 4, "winnable": 1, "unknown": 0}}}')
    assert tables.golf_share("classic+k", path) == 0.25
    path.write_text('{"shares": {}}')
    assert tables.golf_share("C+K", path) == 0.25
