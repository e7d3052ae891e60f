"""Difficulty bands: they come from the shipped rating files, are of similar size and
ordered by the measure, the measure is reproducible, and a damaged file means no bands."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from game.model.moves import GolfMove
from game.solver import deals, difficulty, playout, rating, table_data

ROOT = Path(__file__).resolve().parents[2]
RATED = [k for k in deals.KINDS if table_data.data_path(k, rating.SUFFIX).exists()]


@pytest.fixture
def fresh():
    deals.clear_cache()
    rating.clear_cache()
    yield
    deals.clear_cache()
    rating.clear_cache()


def test_every_kind_with_a_table_is_rated():
    assert {"golf-easy", "golf-classic", "eightoff-8", "eightoff-4", "eightoff-2"} <= set(RATED)
    assert set(RATED) == {k for k in deals.KINDS if deals.listed(k)}


@pytest.mark.parametrize("kind", RATED)
def test_bands_come_from_the_file_cover_the_table_and_are_of_similar_size(kind):
    stored = difficulty.rows(kind)
    assert list(stored) == list(deals.listed(kind))  # one row per listed deal, in its order
    sizes = [len(rating.listed_in_band(kind, band)) for band in rating.BANDS]
    assert sum(sizes) == len(stored) and max(sizes) - min(sizes) <= 1
    for band in rating.BANDS:
        numbers = rating.listed_in_band(kind, band)
        assert list(numbers) == sorted(n for n, (b, _) in stored.items() if b == band)
        assert all(rating.band_of(kind, n) == band for n in numbers[::97])


@pytest.mark.parametrize("kind", RATED)
def test_bands_are_ordered_by_the_measure(kind):
    stored = difficulty.rows(kind)
    key = difficulty.order_key(kind)
    keys = {band: [key((n, m)) for n, (b, m) in stored.items() if b == band] for band in rating.BANDS}
    assert max(keys["easy"]) < min(keys["medium"]) and max(keys["medium"]) < min(keys["hard"])


@pytest.mark.parametrize("kind", RATED)
def test_the_measure_is_reproducible(kind):
    numbers = list(deals.listed(kind))
    sample = numbers[:: len(numbers) // 4][:4]  # a fixed few, spread over the table
    assert difficulty.mismatches(kind, sample) == []


def test_band_of_an_unlisted_deal_or_an_unrated_kind_is_none():
    number = deals.listed("golf-easy")[0]
    assert rating.band_of("golf-easy", deals.scanned("golf-easy") + 1) is None
    assert rating.band_of("golf-easy+z", number) is None
    assert len(rating.listed_in_band("golf-easy+z", "easy")) == 0
    with pytest.raises(ValueError):
        rating.listed_in_band("golf-easy", "tricky")


def test_split_makes_three_parts_differing_by_at_most_one():
    for n in range(0, 12):
        bands = difficulty.split(list(range(n)))
        sizes = [list(bands.values()).count(b) for b in rating.BANDS]
        assert sum(sizes) == n and max(sizes) - min(sizes) <= 1
        assert sorted(bands, key=lambda x: rating.BANDS.index(bands[x])) == list(range(n))  # easiest first


TABLE = "# golf-easy: deals proven winnable by game.solver; scanned 1-9; 4 deals\n2\n3\n5\n8\n"
HEADER = "# golf-easy: difficulty band of each deal\n"


def with_rating(tmp_path, monkeypatch, text: str | bytes) -> None:
    (tmp_path / "golf-easy.txt").write_text(TABLE)
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
        HEADER + "2 easy 9\n4 hard 1\n",  # deal 4 is not in the table
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
        out.truncate(table_data.MAX_BYTES + 1)
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
    assert not [
        m
        for m in loaded
        if m.split(".")[-1]
        in ("eightoff", "golf", "golf_search", "golf_sweep", "difficulty", "playout", "eightoff_short")
    ]


# -- the playouts ------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["golf-easy", "golf-classic", "golf-strict", "golf-classic+j2", "golf-easy+z"])
def test_a_rank_level_playout_replays_through_the_model_to_the_same_end(kind):
    for number in (1, 2, 3, 17, 4000):
        for policy in (playout.RandomPolicy(number), playout.greedy_policy):
            game = deals.make_game(kind, number)
            moves: list[GolfMove] = []
            left = playout.play(playout.RankPosition.of(game), policy, moves)
            for move in moves:
                game.push(move)  # IllegalMove if the rank-level rules were not the model's
            assert game.tableau_count == left
            assert game.status == ("won" if left == 0 else "blocked")


def test_random_playouts_depend_only_on_the_seed():
    position = playout.RankPosition.of(deals.make_game("golf-easy", 2))
    assert playout.random_playouts(position, 64, 2) == playout.random_playouts(position, 64, 2)
    runs = {playout.random_playouts(position, 64, seed) for seed in range(1, 9)}
    assert len(runs) > 1  # the seed matters


def test_the_lcg_is_the_documented_one():
    policy = playout.RandomPolicy(1)
    assert (
        policy(None, [10, 11, 12], None)
        == [10, 11, 12][((6364136223846793005 + 1442695040888963407) % 2**64 >> 33) % 3]
    )


# -- the report ---------------------------------------------------------------------------------
def test_the_greedy_report_has_a_row_per_band_and_easy_beats_hard():
    text = difficulty.report(["golf-easy", "eightoff-8"], sample=60)
    rows = [line.split() for line in text.splitlines()[1:]]
    assert [(r[0], r[1]) for r in rows] == [(k, b) for k in ("golf-easy", "eightoff-8") for b in rating.BANDS]
    for kind in ("golf-easy", "eightoff-8"):
        rates = {r[1]: float(r[5].rstrip("%")) for r in rows if r[0] == kind}
        assert rates["easy"] > rates["hard"]


def test_the_greedy_players_are_deterministic():
    for kind in ("golf-classic", "eightoff-4"):
        number = deals.listed(kind)[5]
        assert difficulty.greedy_result(kind, number) == difficulty.greedy_result(kind, number)
