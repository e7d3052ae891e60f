"""Making the deal lists (tools/deal_lists.py): `generate` resumes where it stopped, `lines` fills in
the missing lines, and `verify` finds what is wrong."""

from __future__ import annotations

from game.solver import deal_lists
from tools import deal_lists as deal_lists_tool


def test_generate_resumes_and_verify_checks(tmp_path, monkeypatch):
    monkeypatch.setattr(deal_lists_tool, "BATCH", 5)
    quiet = [].append
    first = deal_lists_tool.generate("golf-classic", 3, jobs=1, seconds=10.0, directory=tmp_path, log=quiet)
    path = deal_lists.deal_list_path("golf-classic", tmp_path)
    scanned, numbers = deal_lists.read_deal_list(path)
    assert numbers == first and len(first) >= 3 and scanned == first[-1]
    more = deal_lists_tool.generate("golf-classic", 6, jobs=1, seconds=10.0, directory=tmp_path, log=quiet)
    assert more[: len(first)] == first and len(more) == 6
    # black-hole-solver's verdicts: Classic deals 2 and 4 are winnable, 1 and 3 are not
    assert more[:2] == [2, 4]
    assert [n for n, _ in deal_lists.read_lines(deal_lists.lines_path("golf-classic", tmp_path))] == more
    assert deal_lists_tool.verify("golf-classic", directory=tmp_path, log=quiet) == []
    lines_file = deal_lists.lines_path("golf-classic", tmp_path)
    good = lines_file.read_text()
    rows = good.splitlines()
    rows[1] = rows[1][:-1]  # deal 2's line stops one move short of the win
    lines_file.write_text("\n".join(rows) + "\n")
    assert (2, "bad-line") in deal_lists_tool.verify("golf-classic", sample=0, directory=tmp_path, log=quiet)
    lines_file.write_text(good)
    path.write_text(path.read_text() + "1\n")
    assert (1, "format") in deal_lists_tool.verify("golf-classic", directory=tmp_path, log=quiet)


def test_lines_fills_in_a_deal_list_made_without_lines(tmp_path, monkeypatch):
    monkeypatch.setattr(deal_lists_tool, "BATCH", 2)
    quiet = [].append
    deal_lists_tool.write_deal_list(
        deal_lists.deal_list_path("golf-easy", tmp_path), "golf-easy", 6, [1, 2, 3, 4, 5, 6]
    )
    assert (1, "no-line") in deal_lists_tool.verify("golf-easy", sample=0, directory=tmp_path, log=quiet)
    assert deal_lists_tool.fill_lines("golf-easy", jobs=1, directory=tmp_path, log=quiet) == []
    assert [n for n, _ in deal_lists.read_lines(deal_lists.lines_path("golf-easy", tmp_path))] == [1, 2, 3, 4, 5, 6]
    assert deal_lists_tool.verify("golf-easy", sample=0, directory=tmp_path, log=quiet) == []
