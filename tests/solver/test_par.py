"""Par for Eight Off: a real solution length. The shipped par lines replay through the model to a
win in exactly par moves (every 10th deal of each deal list by default, all of them with SOLVER_FULL=1:
7,500 replays); a damaged file means no par. The search that finds them: tests/tools/test_par_search.py."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.solver import deal_data, deals, lines, par

ROOT = Path(__file__).resolve().parents[2]
WITH_PAR = [k for k in par.KINDS if deal_data.data_path(k, par.SUFFIX).exists()]
FULL = os.environ.get("SOLVER_FULL") == "1"


@pytest.fixture
def fresh():
    deals.clear_cache()
    par.clear_cache()
    yield
    deals.clear_cache()
    par.clear_cache()


def test_every_eightoff_deal_list_has_a_par_for_every_deal():
    assert WITH_PAR == list(par.KINDS) == ["eightoff-8", "eightoff-4", "eightoff-2"]
    for kind in WITH_PAR:
        assert list(par.with_par(kind)) == list(deals.listed(kind))


@pytest.mark.parametrize("kind", WITH_PAR)
def test_every_par_line_replays_through_the_model_to_a_win_in_exactly_par_moves(kind):
    rows = deal_data.read_rows(deal_data.data_path(kind, par.SUFFIX))
    for number, (par_text, bound_text, text) in rows if FULL else rows[::10]:
        game = deals.make_game(kind, number)
        moves = lines.replay(game, text)
        assert moves is not None, number
        for move in moves:
            game.push(move)  # the player's own door: each push is one move on the counter
        assert game.status == "won" and game.moves == int(par_text) == par.par_of(kind, number)
        assert int(bound_text) <= int(par_text)


@pytest.mark.parametrize("kind", WITH_PAR)
def test_par_is_never_longer_than_the_shipped_solver_line(kind):
    numbers = list(deals.listed(kind))
    for number in numbers[::25]:
        assert par.par_of(kind, number) <= len(deals.known_line(kind, number))


def test_par_of_a_deal_without_one_is_none():
    number = deals.listed("eightoff-8")[0]
    assert par.par_of("eightoff-8", deals.scanned("eightoff-8") + 1) is None
    assert par.par_of("golf-easy", deals.listed("golf-easy")[0]) is None
    assert isinstance(par.par_of("eightoff-8", number), int)
    assert par.par_entry("eightoff-2", deals.listed("eightoff-2")[0]).shortest  # 2 cells: proved


DEAL_LIST = "# eightoff-2: deals proven winnable by game.solver; scanned 1-9; 2 deals\n3\n7\n"


@pytest.mark.parametrize(
    "text",
    [
        "# h\n3 80 70 abcd\n9 80 70 ab\n",  # deal 9 is not in the deal list
        "# h\n3 80 90 abcd\n",  # a bound above par
        "# h\n3 80 abcd\n",  # a field missing
        "# h\n3 eighty 70 abcd\n",  # not a number
        "# h\n3 80 70 ab\n7 8" + "0" * 30 + " 70 ab\n",  # a number too large for any par
        b"# h\n3 80 70 \xfe\n",  # not ASCII
    ],
)
def test_a_damaged_file_is_logged_and_means_no_par(fresh, tmp_path, monkeypatch, caplog, text):
    (tmp_path / "eightoff-2.txt").write_text(DEAL_LIST)
    (tmp_path / "eightoff-2.par").write_bytes(text if isinstance(text, bytes) else text.encode())
    monkeypatch.setattr(deals, "DATA_DIR", tmp_path)
    with caplog.at_level(logging.WARNING):
        assert par.par_of("eightoff-2", 3) is None
    assert "eightoff-2.par unusable" in caplog.text


def test_a_sound_file_and_a_missing_one(fresh, tmp_path, monkeypatch):
    (tmp_path / "eightoff-2.txt").write_text(DEAL_LIST)
    monkeypatch.setattr(deals, "DATA_DIR", tmp_path)
    assert par.par_of("eightoff-2", 3) is None
    par.clear_cache()
    (tmp_path / "eightoff-2.par").write_text("# h\n3 80 70 abcd\n7 81 81 ef\n")
    assert (par.par_of("eightoff-2", 3), par.par_of("eightoff-2", 7)) == (80, 81)
    assert not par.par_entry("eightoff-2", 3).shortest and par.par_entry("eightoff-2", 7).shortest


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_file_written_with_any_line_ends_reads_the_same(fresh, tmp_path, monkeypatch, end):
    (tmp_path / "eightoff-2.txt").write_text(DEAL_LIST)
    monkeypatch.setattr(deals, "DATA_DIR", tmp_path)
    (tmp_path / "eightoff-2.par").write_bytes(end.join(["# h", "3 80 70 abcd", "", "7 81 81 ef"]).encode())
    assert (par.par_of("eightoff-2", 3), par.par_of("eightoff-2", 7)) == (80, 81)


def test_reading_a_par_imports_no_solver():
    code = (
        "import sys; from game.solver import par; assert par.par_of('eightoff-8', 1) > 52; "
        "print(sorted(m for m in sys.modules if m.startswith('game.solver.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert not [m for m in eval(out.stdout) if m.split(".")[-1] in ("eightoff", "golf")]


_par_row = st.tuples(
    st.integers(1, 9), st.integers(1, 40000), st.integers(-1, 40000), st.text("ab1 ", min_size=0, max_size=4)
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    listed=st.lists(st.integers(1, 9), min_size=1, max_size=6, unique=True).map(sorted),
    rows=st.lists(_par_row, max_size=7),
    end=st.sampled_from(["\n", "\r\n", "\r"]),
    plain=st.sampled_from(["the deal list's deals", "other deals", "anything"]),
    last_end=st.booleans(),
    block=st.integers(1, 40),
)
def test_the_quick_read_of_a_plain_file_gives_what_the_row_by_row_read_gives(
    fresh, tmp_path_factory, listed, rows, end, plain, last_end, block
):
    """A file as `generate` writes it is read in one pass; anything else, row by row: the same pars
    either way, and a damaged file is no par (logged) either way."""
    folder = tmp_path_factory.mktemp("pars")
    (folder / "eightoff-2.txt").write_text(
        f"# eightoff-2: deals proven winnable by game.solver; scanned 1-9; {len(listed)} deals\n"
        + "".join(f"{n}\n" for n in listed)
    )
    if plain == "the deal list's deals":  # in order, as generate writes them (sound pars or not)
        rows = [
            (n, p, b, line.replace(" ", "") or "x")
            for n, (_, p, b, line) in zip(listed, rows + [(0, 80, 70, "ab")] * 7)
        ]
    elif plain == "other deals":  # rows as generate writes them, of deals the deal list may not hold
        rows = [(n, 80, 70, "ab") for n, *_ in rows]
    text = end.join(["# h", *(f"{n} {p} {b} {line}" for n, p, b, line in rows)]) + (end if last_end else "")
    (folder / "eightoff-2.par").write_text(text, newline="")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(deals, "DATA_DIR", folder)
        patch.setattr(deal_data, "_BLOCK", block)  # (blocks of a few characters: rows read a block at a time)
        deals.clear_cache()
        par.clear_cache()
        quick = tuple(map(list, par._load("eightoff-2")))
        read = deal_data.load("eightoff-2", par.SUFFIX, par._parse)
    assert quick == ([n for n, _ in read], [p for _, (p, _) in read], [b for _, (_, b) in read])
