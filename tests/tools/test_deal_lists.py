"""Making the deal lists (tools/deal_lists.py): `generate` resumes where it stopped, `lines` fills in
the missing lines, and `verify` finds what is wrong."""

from __future__ import annotations

from game.solver import tables
from tools import deal_lists


def test_generate_resumes_and_verify_checks(tmp_path, monkeypatch):
    monkeypatch.setattr(deal_lists, "BATCH", 5)
    quiet = [].append
    first = deal_lists.generate("golf-classic", 3, jobs=1, seconds=10.0, directory=tmp_path, log=quiet)
    path = tables.table_path("golf-classic", tmp_path)
    scanned, numbers = tables.read_table(path)
    assert numbers == first and len(first) >= 3 and scanned == first[-1]
    more = deal_lists.generate("golf-classic", 6, jobs=1, seconds=10.0, directory=tmp_path, log=quiet)
    assert more[: len(first)] == first and len(more) == 6
    # black-hole-solver's verdicts: Classic deals 2 and 4 are winnable, 1 and 3 are not
    assert more[:2] == [2, 4]
    assert [n for n, _ in tables.read_lines(tables.lines_path("golf-classic", tmp_path))] == more
    assert deal_lists.verify("golf-classic", directory=tmp_path, log=quiet) == []
    lines_file = tables.lines_path("golf-classic", tmp_path)
    good = lines_file.read_text()
    rows = good.splitlines()
    rows[1] = rows[1][:-1]  # deal 2's line stops one move short of the win
    lines_file.write_text("\n".join(rows) + "\n")
    assert (2, "bad-line") in deal_lists.verify("golf-classic", sample=0, directory=tmp_path, log=quiet)
    lines_file.write_text(good)
    path.write_text(path.read_text() + "1\n")
    assert (1, "format") in deal_lists.verify("golf-classic", directory=tmp_path, log=quiet)


def test_lines_fills_in_a_table_made_without_lines(tmp_path, monkeypatch):
    monkeypatch.setattr(deal_lists, "BATCH", 2)
    quiet = [].append
    deal_lists.write_table(tables.table_path("golf-easy", tmp_path), "golf-easy", 6, [1, 2, 3, 4, 5, 6])
    assert (1, "no-line") in deal_lists.verify("golf-easy", sample=0, directory=tmp_path, log=quiet)
    assert deal_lists.fill_lines("golf-easy", jobs=1, directory=tmp_path, log=quiet) == []
    assert [n for n, _ in tables.read_lines(tables.lines_path("golf-easy", tmp_path))] == [1, 2, 3, 4, 5, 6]
    assert deal_lists.verify("golf-easy", sample=0, directory=tmp_path, log=quiet) == []
