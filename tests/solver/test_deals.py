"""deals.py: table kinds, random listed deals, a tolerant loader, and proven deals beyond the tables."""

from __future__ import annotations

import logging
import random

import pytest

from game.model.codes import MAX_NUMBER
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.solver import deals, solve
from game.solver.moves import replays_to_win


@pytest.fixture
def fresh_cache():
    deals.clear_cache()
    yield
    deals.clear_cache()


def test_kind_of_and_kind_for():
    assert deals.kind_of(GolfGame.new("classic", 5)) == "golf-classic"
    assert deals.kind_of(GolfGame.new("easy", 5)) == "golf-easy"
    assert [deals.kind_of(EightOffGame.new(c, 5)) for c in (8, 4, 2)] == ["eightoff-8", "eightoff-4", "eightoff-2"]
    assert deals.kind_for("golf", "easy") == "golf-easy"
    assert deals.kind_for("eightoff", 8) == deals.kind_for("eightoff", "8") == "eightoff-8"
    for bad in [("golf", "hard"), ("eightoff", 3), ("freecell", 4)]:
        with pytest.raises(ValueError):
            deals.kind_for(*bad)
    with pytest.raises(TypeError):
        deals.kind_of("golf")


def test_make_game_is_the_tables_deal():
    game = deals.make_game("eightoff-4", 130)
    assert game.code == "EO1-C4-AAAAAFA" and deals.kind_of(game) == "eightoff-4"
    with pytest.raises(ValueError):
        deals.make_game("golf-hard", 1)


@pytest.mark.parametrize("kind", deals.KINDS)
def test_shipped_tables_load(kind):
    numbers = deals.listed(kind)
    assert tuple(numbers) == tuple(sorted(set(numbers))) and len(numbers) >= 500
    assert deals.scanned(kind) >= numbers[-1]
    assert deals.is_listed(kind, numbers[0]) and not deals.is_listed(kind, deals.scanned(kind) + 1)


def test_golf_classic_table_matches_known_verdicts():
    # black-hole-solver: Classic deals 2 and 4 are winnable, 1 and 3 are not
    assert tuple(deals.listed("golf-classic")[:2]) == (2, 4)
    assert not deals.is_listed("golf-classic", 1) and not deals.is_listed("golf-classic", 3)


def test_pick_listed_respects_exclude_until_exhausted(fresh_cache, tmp_path, monkeypatch):
    (tmp_path / "golf-easy.txt").write_text(
        "# golf-easy: deals proven winnable by game.solver; scanned 1-9; 4 deals\n2\n3\n5\n8\n"
    )
    monkeypatch.setattr(deals, "DATA_DIR", tmp_path)
    rng = random.Random(7)
    seen = set()
    for _ in range(4):
        number = deals.pick_listed("golf-easy", rng, exclude=seen)
        assert number in (2, 3, 5, 8) and number not in seen
        seen.add(number)
    assert seen == {2, 3, 5, 8}
    assert deals.pick_listed("golf-easy", rng, exclude=seen) is None
    assert deals.pick_listed("golf-easy", rng, exclude=frozenset({2, 3, 5})) == 8


def test_pick_listed_is_seeded_and_spread():
    picks = [deals.pick_listed("golf-classic", random.Random(seed)) for seed in range(20)]
    assert picks == [deals.pick_listed("golf-classic", random.Random(s)) for s in range(20)]
    assert len(set(picks)) > 10 and all(deals.is_listed("golf-classic", n) for n in picks)


@pytest.mark.parametrize(
    "content",
    [
        None,
        "1\n2\n",
        "# golf-easy: deals proven winnable by game.solver; scanned 1-9\n3\nseven\n",
        b"\xff\xfe\x00bad",
        "# golf-easy: deals proven winnable by game.solver; scanned 1-9\n5\n3\n",
    ],
)
def test_a_missing_or_corrupt_table_is_empty(fresh_cache, tmp_path, monkeypatch, caplog, content):
    path = tmp_path / "golf-easy.txt"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    monkeypatch.setattr(deals, "DATA_DIR", tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.solver.deals"):
        assert tuple(deals.listed("golf-easy")) == ()
        assert deals.scanned("golf-easy") == 0 and not deals.is_listed("golf-easy", 3)
        assert deals.pick_listed("golf-easy", random.Random(1)) is None
    assert "golf-easy" in caplog.text and "empty" in caplog.text
    assert len(deals.listed("golf-classic")) == 0  # missing in that directory too


@pytest.mark.parametrize("kind", ["golf-classic", "eightoff-4"])
def test_find_winnable_goes_beyond_the_table_and_replays(kind):
    number = deals.find_winnable(kind, seed=11, budget_per_deal=50_000)
    assert number is not None and deals.scanned(kind) < number <= MAX_NUMBER
    assert not deals.is_listed(kind, number)
    result = solve(deals.make_game(kind, number), 50_000)
    assert result.verdict == "winnable" and replays_to_win(deals.make_game(kind, number), result.moves)
    assert deals.find_winnable(kind, seed=11, budget_per_deal=50_000) == number  # deterministic
    assert deals.find_winnable(kind, seed=11, exclude={number}, budget_per_deal=50_000) != number


def test_find_winnable_gives_up_after_its_tries(monkeypatch):
    import game.solver as solver

    tried = []

    def never(game, budget=None):
        tried.append((game.code, budget))
        return solver.Result("unknown")

    monkeypatch.setattr(solver, "solve", never)
    assert deals.find_winnable("eightoff-2", seed=1, budget_per_deal=7, tries=5) is None
    assert len(tried) == 5 and all(budget == 7 and code.startswith("EO1-C2-") for code, budget in tried)


# -- Golf rule sets without a table -----------------------------------------------------------------
def test_a_golf_rule_set_made_on_first_use_has_no_table_and_no_warning(fresh_cache, caplog):
    caplog.set_level(logging.WARNING)
    kind = "golf-easy+z"
    assert tuple(deals.listed(kind)) == () and deals.scanned(kind) == 0
    assert not deals.is_listed(kind, 5) and deals.known_line(kind, 5) is None
    assert deals.pick_listed(kind, random.Random(1)) is None
    assert deals.line_of(GolfGame.new("easy+z", 5)) is None
    assert caplog.records == []
    with pytest.raises(ValueError):
        deals.listed("golf-easy+e+q")


@pytest.mark.parametrize("kind", ["golf-easy+z", "golf-strict+j1", "golf-easy+k"])
def test_find_winnable_deals_a_rule_set_without_a_table_by_a_budgeted_solve(kind):
    number = deals.find_winnable(kind, seed=3, budget_per_deal=50_000)
    assert number is not None and 1 <= number <= MAX_NUMBER
    game = deals.make_game(kind, number)
    assert game.kind_id == kind
    result = solve(game, 50_000)
    assert result.verdict == "winnable" and replays_to_win(deals.make_game(kind, number), result.moves)
    assert deals.find_winnable(kind, seed=3, budget_per_deal=50_000) == number


def test_the_tables_of_golf_strict_and_classic_with_two_jokers_are_shipped():
    for kind in ("golf-strict", "golf-classic+j2"):
        assert kind in deals.KINDS and len(deals.listed(kind)) >= 1000
        number = deals.listed(kind)[7]
        moves = deals.known_line(kind, number)
        assert moves is not None and replays_to_win(deals.make_game(kind, number), moves)
