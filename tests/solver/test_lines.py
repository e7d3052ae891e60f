"""Shipped winning lines: the text form (lines.py) and deals.known_line, which reads one row when asked."""

from __future__ import annotations

import logging
import random

import pytest

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.solver import deal_lists, deals, lines, solve
from game.solver.moves import copy_game, replays_to_win
from tools import deal_lists as deal_lists_tool


@pytest.fixture
def fresh_cache():
    deals.clear_cache()
    yield
    deals.clear_cache()


# -- the text form -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game",
    [
        GolfGame.new("easy", 3),
        GolfGame.new("classic", 2),
        GolfGame.new("strict", 12),
        GolfGame.new("classic+j2", 2),
        GolfGame.new("easy+j1+z", 3),
        EightOffGame.new(8, 3),
        EightOffGame.new(4, 35),
    ],
    ids=str,
)
def test_a_solver_line_round_trips_through_its_text(game):
    moves = solve(game).moves
    text = lines.text_of(game, moves)
    back = lines.replay(game, text)
    assert back is not None and replays_to_win(copy_game(game), back)
    if isinstance(game, GolfGame):
        assert back == moves and len(text) == len(moves)
    else:  # the foundation moves are left out and put back
        assert len(back) == len(moves)
        assert len(lines._EIGHTOFF_MOVE.findall(text)) == sum(m.dst.kind != "foundation" for m in moves)
        assert sum(1 for m in back if m.dst.kind == "foundation") == 52


def test_golf_text_is_one_character_a_move():
    assert lines.text_of(GolfGame.new("easy", 1), [0, "draw", 6, 3]) == "0d63"


def test_eightoff_text_names_piles_and_group_sizes():
    moves = [
        (("column", 0), ("cell", 2), 1),
        (("column", 3), ("column", 1), 3),
        (("cell", 7), ("column", 7), 1),
        (("cell", 0), ("foundation", 1), 1),
    ]
    assert lines.text_of(EightOffGame.new(8, 1), moves) == "akdb3ph"
    with pytest.raises(ValueError):
        lines.text_of(EightOffGame.new(8, 1), [(("foundation", 0), ("cell", 0), 1)])


@pytest.mark.parametrize(
    "game, bad",
    [
        (GolfGame.new("easy", 3), "0123x"),  # not a move
        (GolfGame.new("easy", 3), "6666666"),  # illegal: that card does not fit
        (GolfGame.new("easy", 3), "d"),  # legal, but no win
        (EightOffGame.new(8, 3), "zz"),  # not a pile
        (EightOffGame.new(8, 3), "ab"),  # illegal move
        (EightOffGame.new(8, 3), "ai"),  # legal, but no win
        (EightOffGame.new(8, 3), "a"),  # half a move
    ],
)
def test_a_damaged_line_is_refused_and_the_game_untouched(game, bad):
    before = game.to_json()
    assert lines.replay(game, bad) is None
    assert game.to_json() == before


# -- known_line -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", deals.KINDS)
def test_known_line_of_listed_deals_wins_from_the_deal(kind):
    numbers = deals.listed(kind)
    for number in random.Random(kind).sample(list(numbers), 3) + [numbers[0], numbers[-1]]:
        moves = deals.known_line(kind, number)
        assert moves, (kind, number)
        assert replays_to_win(deals.make_game(kind, number), moves)


def test_known_line_is_none_for_a_deal_not_listed():
    assert deals.known_line("golf-classic", 1) is None  # lost (black-hole-solver agrees)
    assert deals.known_line("golf-easy", deals.scanned("golf-easy") + 1) is None


def lined_deal_list(directory, kind="golf-easy", numbers=(1, 2, 3)):
    """A small deal list of `kind` with each deal's real line, written as tools/deal_lists.py writes them."""
    rows = [(n, lines.text_of(deals.make_game(kind, n), solve(deals.make_game(kind, n)).moves)) for n in numbers]
    deal_lists_tool.write_deal_list(deal_lists.deal_list_path(kind, directory), kind, max(numbers), list(numbers))
    deal_lists_tool.write_lines(deal_lists.lines_path(kind, directory), kind, rows)
    return rows


def test_known_line_reads_one_row_when_asked(fresh_cache, tmp_path, monkeypatch):
    lined_deal_list(tmp_path)
    monkeypatch.setattr(deals, "DATA_DIR", tmp_path)
    calls = []
    real = deal_lists.lines_index
    monkeypatch.setattr(deal_lists, "lines_index", lambda path: calls.append(path) or real(path))
    assert deals.pick_listed("golf-easy", random.Random(1)) in (1, 2, 3)
    assert deals.listed("golf-easy") and not calls  # choosing a deal never reads the lines
    for number in (2, 3, 1):
        assert replays_to_win(GolfGame.new("easy", number), deals.known_line("golf-easy", number))
    assert len(calls) == 1  # the row offsets are read once; then each line is one row read
    assert len(deals._line_offsets[("golf-easy", tmp_path)]) == 3


@pytest.mark.parametrize(
    "damage", ["missing", "swap", "short", "bad-text", "not-winning", "binary", "directory", "huge"]
)
def test_a_damaged_lines_file_gives_no_line_and_a_warning(fresh_cache, tmp_path, monkeypatch, caplog, damage):
    rows = lined_deal_list(tmp_path)
    path = deal_lists.lines_path("golf-easy", tmp_path)
    if damage == "missing":
        path.unlink()
    elif damage == "swap":
        deal_lists_tool.write_lines(path, "golf-easy", [rows[1], rows[0], rows[2]])
    elif damage == "short":
        deal_lists_tool.write_lines(path, "golf-easy", rows[:1])
    elif damage == "bad-text":
        deal_lists_tool.write_lines(path, "golf-easy", [(n, t + "?") for n, t in rows])
    elif damage == "not-winning":
        deal_lists_tool.write_lines(path, "golf-easy", [(n, t[:-1]) for n, t in rows])
    elif damage == "binary":
        path.write_bytes(b"# header\n\xff\xfe 1\n2 \x00\x01\n" * 3)
    elif damage == "directory":
        path.unlink()
        path.mkdir()
    else:
        monkeypatch.setattr(deal_lists, "LINES_MAX_BYTES", 100)
    monkeypatch.setattr(deals, "DATA_DIR", tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.solver.deals"):
        assert deals.known_line("golf-easy", 2) is None
    assert "winning line of golf-easy deal 2" in caplog.text
    assert list(deals.listed("golf-easy")) == [1, 2, 3]  # the deal list itself is still good
