"""The shipped deal lists: format, length, lines, and a seeded sample that re-solves to a win."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game import registry
from game.solver import deal_lists, deals, lines
from game.solver.moves import replays_to_win
from tools.deal_lists import check_deal

PRESENT = [k for k in deal_lists.KINDS if deal_lists.deal_list_path(k).exists()]
SAMPLE = 4
LINES_SAMPLE = 40  # the deal lists tool's verify command replays every line


@pytest.mark.parametrize("kind", PRESENT)
def test_deal_list_format_and_length(kind):
    scanned, numbers = deal_lists.read_deal_list(deal_lists.deal_list_path(kind))
    assert numbers == sorted(set(numbers))
    assert deal_lists.format_problems(kind, scanned, numbers) == []
    assert len(numbers) >= registry.kind(kind).deal_list_size


@pytest.mark.parametrize("kind", PRESENT)
def test_every_listed_deal_has_its_line_in_deal_list_order(kind):
    _, numbers = deal_lists.read_deal_list(deal_lists.deal_list_path(kind))
    rows = deal_lists.read_lines(deal_lists.lines_path(kind))
    assert [n for n, _ in rows] == numbers
    assert all(text for _, text in rows)


@pytest.mark.parametrize("kind", PRESENT)
def test_a_sample_of_each_deal_list_re_solves_and_its_lines_replay_to_a_win(kind):
    _, numbers = deal_lists.read_deal_list(deal_lists.deal_list_path(kind))
    rows = dict(deal_lists.read_lines(deal_lists.lines_path(kind)))
    for number in random.Random(f"{kind}-sample").sample(numbers, min(SAMPLE, len(numbers))):
        verdict = check_deal((kind, number, 30.0))
        assert verdict[:2] == (number, "winnable") and verdict[2]
    for number in random.Random(f"{kind}-lines").sample(numbers, min(LINES_SAMPLE, len(numbers))):
        moves = lines.replay(deals.make_game(kind, number), rows[number])
        assert moves is not None and replays_to_win(deals.make_game(kind, number), moves)


def test_read_deal_list_refuses_a_file_without_header(tmp_path):
    path = tmp_path / "golf-easy.txt"
    path.write_text("1\n2\n")
    with pytest.raises(ValueError):
        deal_lists.read_deal_list(path)
    assert deal_lists.read_deal_list(tmp_path / "missing.txt") == (0, [])


@pytest.mark.parametrize("kind, column", [("golf-classic", 1), ("golf-easy", 2)])
def test_golf_deal_lists_agree_with_black_hole_solver_on_its_deals(kind, column):
    from helpers.golf_checks import REFERENCE as reference

    if kind not in PRESENT or not reference.exists():
        pytest.skip("no deal list or no reference file")
    rows = [line.split("\t") for line in reference.read_text().splitlines()[1:]]
    _, numbers = deal_lists.read_deal_list(deal_lists.deal_list_path(kind))
    assert {n for n in numbers if n <= len(rows)} == {int(r[0]) for r in rows if r[column] == "S"}


@pytest.mark.parametrize("kind, column", [("eightoff-8", 1), ("eightoff-4", 2), ("eightoff-2", 3)])
def test_eightoff_deal_lists_agree_with_freecell_solver_on_its_deals(kind, column):
    reference = Path(__file__).resolve().parent / "reference" / "eightoff.tsv"
    if kind not in PRESENT or not reference.exists():
        pytest.skip("no deal list or no reference file")
    rows = [line.split("\t") for line in reference.read_text().splitlines()[1:]]
    _, numbers = deal_lists.read_deal_list(deal_lists.deal_list_path(kind))
    assert {n for n in numbers if n <= len(rows)} == {int(r[0]) for r in rows if r[column] == "S"}


# -- the Golf rule sets' winnable shares ---------------------------------------------------------------
def test_every_golf_rule_set_has_its_share_near_the_literature():
    from game.model.golf import GolfRules

    for rules in GolfRules.every():
        share = deal_lists.golf_share(rules.name)
        assert share is not None and 0 < share < 1, rules.name
    assert abs(deal_lists.golf_share("classic+k") - 0.26) < 0.03  # nothing on a King: about 26 %
    assert abs(deal_lists.golf_share("classic") - 0.45) < 0.03  # Queen on King: about 45 %
    assert abs(deal_lists.golf_share("easy") - 0.93) < 0.03  # wrap: about 93 %
    assert deal_lists.golf_share("C+K") == deal_lists.golf_share("classic+k")  # any spelling the rules read
    assert deal_lists.golf_share("hard") is None and deal_lists.golf_share(None) is None  # type: ignore[arg-type]


def test_the_shares_file_agrees_with_the_strict_reference_and_table():
    """The strict share, the plain search's verdicts and the strict deal list count the same deals."""
    from tools.golf_shares import read_shares

    strict = read_shares()["strict"]
    rows = (Path(__file__).parent / "reference" / "golf-strict.tsv").read_text().splitlines()[2:]
    assert strict["unknown"] == 0 and strict["deals"] <= len(rows)
    assert strict["winnable"] == sum(r.endswith("S") for r in rows[: strict["deals"]])
    scanned, numbers = deal_lists.read_deal_list(deal_lists.deal_list_path("golf-strict"))
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
    assert deal_lists.golf_share("easy", path) is None
    assert "unusable" in caplog.text


def test_the_shares_file_is_read_once(tmp_path):
    path = tmp_path / "golf-shares.json"
    path.write_text('{"shares": {"classic+k": {"deals": 4, "winnable": 1, "unknown": 0}}}')
    assert deal_lists.golf_share("classic+k", path) == 0.25
    path.write_text('{"shares": {}}')
    assert deal_lists.golf_share("C+K", path) == 0.25
