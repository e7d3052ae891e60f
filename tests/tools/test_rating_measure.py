"""Rating the listed deals (tools/rating.py): the bands are ordered by the measure, the measure is
reproducible, the playouts keep to the model's rules, and the greedy report tells the bands apart."""

from __future__ import annotations

import pytest

from game.model.moves import GolfMove
from game.solver import deal_data, deals, rating
from tools import playout
from tools import rating as rating_tool

RATED = [k for k in deals.KINDS if deal_data.data_path(k, rating.SUFFIX).exists()]


@pytest.mark.parametrize("kind", RATED)
def test_bands_are_ordered_by_the_measure(kind):
    stored = rating_tool.rows(kind)
    key = rating_tool.order_key(kind)
    keys = {band: [key((n, m)) for n, (b, m) in stored.items() if b == band] for band in rating.BANDS}
    assert max(keys["easy"]) < min(keys["medium"]) and max(keys["medium"]) < min(keys["hard"])


@pytest.mark.parametrize("kind", RATED)
def test_the_measure_is_reproducible(kind):
    numbers = list(deals.listed(kind))
    sample = numbers[:: len(numbers) // 4][:4]  # a fixed few, spread over the deal list
    assert rating_tool.mismatches(kind, sample) == []


def test_split_makes_three_parts_differing_by_at_most_one():
    for n in range(0, 12):
        bands = rating_tool.split(list(range(n)))
        sizes = [list(bands.values()).count(b) for b in rating.BANDS]
        assert sum(sizes) == n and max(sizes) - min(sizes) <= 1
        assert sorted(bands, key=lambda x: rating.BANDS.index(bands[x])) == list(range(n))  # easiest first


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
    text = rating_tool.report(["golf-easy", "eightoff-8"], sample=60)
    rows = [line.split() for line in text.splitlines()[1:]]
    assert [(r[0], r[1]) for r in rows] == [(k, b) for k in ("golf-easy", "eightoff-8") for b in rating.BANDS]
    for kind in ("golf-easy", "eightoff-8"):
        rates = {r[1]: float(r[5].rstrip("%")) for r in rows if r[0] == kind}
        assert rates["easy"] > rates["hard"]


def test_the_greedy_players_are_deterministic():
    for kind in ("golf-classic", "eightoff-4"):
        number = deals.listed(kind)[5]
        assert rating_tool.greedy_result(kind, number) == rating_tool.greedy_result(kind, number)
