"""Difficulty bands: they come from the shipped rating files and are of similar size, and a damaged
file means no bands. The measure that orders them: tests/tools/test_rating_measure.py."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from game.solver import deal_data, deals, rating
from tools import rating as rating_tool

ROOT = Path(__file__).resolve().parents[2]
RATED = [k for k in deals.KINDS if deal_data.data_path(k, rating.SUFFIX).exists()]


@pytest.fixture
def fresh():
    deals.clear_cache()
    rating.clear_cache()
    yield
    deals.clear_cache()
    rating.clear_cache()


def test_every_kind_with_a_deal_list_is_rated():
    assert {"golf-easy", "golf-classic", "eightoff-8", "eightoff-4", "eightoff-2"} <= set(RATED)
    assert set(RATED) == {k for k in deals.KINDS if deals.listed(k)}


@pytest.mark.parametrize("kind", RATED)
def test_bands_come_from_the_file_cover_the_deal_list_and_are_of_similar_size(kind):
    stored = rating_tool.rows(kind)
    assert list(stored) == list(deals.listed(kind))  # one row per listed deal, in its order
    sizes = [len(rating.listed_in_band(kind, band)) for band in rating.BANDS]
    assert sum(sizes) == len(stored) and max(sizes) - min(sizes) <= 1
    for band in rating.BANDS:
        numbers = rating.listed_in_band(kind, band)
        assert list(numbers) == sorted(n for n, (b, _) in stored.items() if b == band)
        assert all(rating.band_of(kind, n) == band for n in numbers[::97])


def test_band_of_an_unlisted_deal_or_an_unrated_kind_is_none():
    number = deals.listed("golf-easy")[0]
    assert rating.band_of("golf-easy", deals.scanned("golf-easy") + 1) is None
    assert rating.band_of("golf-easy+z", number) is None
    assert len(rating.listed_in_band("golf-easy+z", "easy")) == 0
    with pytest.raises(ValueError):
        rating.listed_in_band("golf-easy", "tricky")


DEAL_LIST = "# golf-easy: deals proven winnable by game.solver; scanned 1-9; 4 deals\n2\n3\n5\n8\n"
HEADER = "# golf-easy: difficulty band of each deal\n"


def with_rating(tmp_path, monkeypatch, text: str | bytes) -> None:
    (tmp_path / "golf-easy.txt").write_text(DEAL_LIST)
    path = tmp_path / "golf-easy.rating"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    monkeypatch.setattr(deals, "DATA_DIR", tmp_path)


def test_a_sound_file_gives_its_bands(fresh, tmp_path, monkeypatch):
    with_rating(tmp_path, monkeypatch, HEADER + "2 easy 9 1 1\n3 hard 0 9 9\n5 medium 3 4 4\n8 easy 7 2 3\n")
    assert [rating.band_of("golf-easy", n) for n in (2, 3, 5, 8, 4)] == ["easy", "hard", "medium", "easy", None]
    assert list(rating.listed_in_band("golf-easy", "easy")) == [2, 8]
    assert rating.has_bands("golf-easy")


@pytest.mark.parametrize(
    "text",
    [
        HEADER + "2 easy 9\n3 tricky 1\n",  # no such band
        HEADER + "2 easy 9\n4 hard 1\n",  # deal 4 is not in the deal list
        HEADER + "3 easy 9\n2 hard 1\n",  # out of order
        HEADER + "2 easy x\n",  # a measure that is no number
        HEADER + "two easy 1\n",  # no deal number
        b"# header\n2 easy \xff\n",  # not ASCII
        "",  # (then removed: missing)
    ],
)
def test_a_damaged_or_missing_file_is_logged_and_means_no_bands(fresh, tmp_path, monkeypatch, caplog, text):
    with_rating(tmp_path, monkeypatch, text)
    if not text:
        (tmp_path / "golf-easy.rating").unlink()
    with caplog.at_level(logging.WARNING):
        assert rating.band_of("golf-easy", 2) is None
        assert all(len(rating.listed_in_band("golf-easy", b)) == 0 for b in rating.BANDS)
    assert not rating.has_bands("golf-easy")
    assert "golf-easy.rating unusable" in caplog.text


def test_a_huge_file_is_refused_unread(fresh, tmp_path, monkeypatch, caplog):
    with_rating(tmp_path, monkeypatch, HEADER)
    with open(tmp_path / "golf-easy.rating", "ab") as out:
        out.truncate(deal_data.MAX_BYTES + 1)
    with caplog.at_level(logging.WARNING):
        assert rating.band_of("golf-easy", 2) is None
    assert "unusable" in caplog.text


def test_reading_bands_imports_no_solver():
    code = (
        "import sys; from game.solver import rating; kind = 'golf-easy'; "
        "n = rating.listed_in_band(kind, 'hard')[0]; assert rating.band_of(kind, n) == 'hard'; "
        "print(sorted(m for m in sys.modules if m.startswith('game.solver.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = eval(out.stdout)
    assert not [m for m in loaded if m.split(".")[-1] in ("eightoff", "golf", "golf_search", "golf_sweep")]
