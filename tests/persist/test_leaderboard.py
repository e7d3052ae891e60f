"""A kiosk's board of today's best: ranking, places, initials, days, and a file read carefully."""

from __future__ import annotations

import json

import pytest

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame, hole_score
from game.model.replay_code import parse_replay_code
from game.persist.leaderboard import FILE_NAME, PLACES, Entry, Leaderboard, entry_for, valid_initials


def entry(game="golf", mark=3, finished="2026-12-07T10:00:00", initials="", uid=None) -> Entry:
    uid = uid or f"id-{finished}"
    return Entry(game, f"{game}-x", "GO1-E-AAAAAAB", "GO1-E-AAAAAAB-R5-EY", mark, initials, finished, uid)


def board_at(tmp_path, day="2026-12-07") -> Leaderboard:
    return Leaderboard(tmp_path / FILE_NAME, day=lambda: day)


def test_lower_marks_rank_higher_and_a_tie_goes_under_the_earlier_game(tmp_path):
    board = board_at(tmp_path)
    assert board.add(entry(mark=5, finished="2026-12-07T10:00:00")) == 0
    assert board.add(entry(mark=2, finished="2026-12-07T10:01:00")) == 0
    assert board.add(entry(mark=5, finished="2026-12-07T10:02:00")) == 2
    assert [e.mark for e in board.entries("golf")] == [2, 5, 5]
    assert board.entries("golf")[1].finished == "2026-12-07T10:00:00"
    assert board.entries("eightoff") == []


def test_the_board_holds_its_places_and_a_game_off_it_gets_none(tmp_path):
    board = board_at(tmp_path)
    for i in range(PLACES):
        board.add(entry(mark=i, finished=f"2026-12-07T10:0{i}:00"))
    assert board.place_for("golf", PLACES) is None
    assert board.add(entry(mark=PLACES, finished="2026-12-07T11:00:00")) is None
    assert board.add(entry(mark=-1, finished="2026-12-07T11:01:00")) == 0
    assert len(board.entries("golf")) == PLACES and board.entries("golf")[-1].mark == PLACES - 2


def test_initials_are_three_capital_letters_and_nothing_else():
    assert valid_initials("abc") == "ABC"
    assert valid_initials("a1b-c d") == "ABC"
    assert valid_initials("ABCD") == "ABC"
    assert valid_initials("ÉΑ") == ""


def test_the_board_is_kept_with_its_initials_and_read_again(tmp_path):
    board = board_at(tmp_path)
    board.add(entry(mark=4))
    assert board.sign("golf", "id-2026-12-07T10:00:00", "zoe")
    again = board_at(tmp_path)
    assert [(e.mark, e.initials) for e in again.entries("golf")] == [(4, "ZOE")]
    assert not again.sign("golf", "id-other", "ABC")  # no such game on the board


def test_a_game_ended_again_after_an_undo_keeps_its_better_end_and_its_initials(tmp_path):
    board = board_at(tmp_path)
    board.add(entry(mark=6, uid="g1"))
    board.sign("golf", "g1", "AL")
    assert board.add(entry(mark=8, finished="2026-12-07T10:05:00", uid="g1")) is None
    assert board.add(entry(mark=2, finished="2026-12-07T10:06:00", uid="g1")) == 0
    assert [(e.mark, e.initials) for e in board.entries("golf")] == [(2, "AL")]


def test_a_new_day_starts_a_new_board(tmp_path):
    day = ["2026-12-07"]
    board = Leaderboard(tmp_path / FILE_NAME, day=lambda: day[0])
    board.add(entry(mark=1))
    day[0] = "2026-12-08"
    assert board.entries("golf") == []
    assert board_at(tmp_path, "2026-12-08").entries("golf") == []


def test_the_administrator_clears_the_board(tmp_path):
    board = board_at(tmp_path)
    board.add(entry(mark=1))
    board.clear()
    assert board.entries("golf") == [] and board_at(tmp_path).entries("golf") == []


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfe not json", b"[1, 2, 3]", b'{"date": "2026-12-07", "entries": 7}', b"[" * 10000 + b"]" * 10000],
)
def test_a_damaged_file_is_set_aside_and_the_board_starts_empty(tmp_path, content, caplog):
    path = tmp_path / FILE_NAME
    path.write_bytes(content)
    board = board_at(tmp_path)
    assert board.entries("golf") == []
    assert not path.exists() and any(p.name.startswith(FILE_NAME) for p in tmp_path.iterdir())
    assert "board" in caplog.text


def test_a_file_too_large_or_not_regular_is_never_read_whole(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_bytes(b" " * (1024 * 1024))
    assert board_at(tmp_path).entries("golf") == []
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / FILE_NAME).mkdir()
    assert Leaderboard(folder / FILE_NAME, day=lambda: "2026-12-07").entries("golf") == []


@pytest.mark.parametrize(
    "bad",
    [
        {"mark": 2**70},
        {"mark": "3"},
        {"mark": True},
        {"game": "poker"},
        {"initials": "abcd"},
        {"initials": 5},
        {"replay": ""},
        {"replay": "x" * 100_000},
        {"finished": None},
        {"uid": ""},
        {"uid": 7},
    ],
)
def test_a_damaged_entry_alone_is_dropped(tmp_path, bad):
    good = entry(mark=1).__dict__
    path = tmp_path / FILE_NAME
    path.write_text(json.dumps({"date": "2026-12-07", "entries": [good, {**good, "uid": "other", **bad}]}))
    assert [e.mark for e in board_at(tmp_path).entries("golf")] == [1]


def test_a_write_that_fails_keeps_the_board_in_memory(tmp_path, caplog, monkeypatch):
    import errno

    from game.persist import leaderboard as board_module

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(board_module, "write_atomically", full)
    board = board_at(tmp_path)
    assert board.add(entry(mark=1)) == 0
    assert board.entries("golf")[0].mark == 1 and "cannot write" in caplog.text


def test_a_won_golf_game_ranks_by_its_golf_score_and_keeps_a_replay_of_its_line():
    game = GolfGame.new(rule="easy", number=1)
    while game.status == "playing":
        game.push(next(iter(game.legal_moves())))
    e = entry_for(game, "golf-easy", "g1", "2026-12-07T10:00:00")
    assert e is not None and e.mark == hole_score(game) and e.deal == str(game.code)
    replay = parse_replay_code(e.replay)
    assert list(replay.moves) == list(game.move_stack)


def test_an_eight_off_game_ranks_only_when_won_by_its_moves():
    game = EightOffGame.new(number=1)
    assert entry_for(game, "eightoff-8", "e1") is None
    game.push(next(iter(game.legal_moves())))
    assert entry_for(game, "eightoff-8", "e1") is None  # in play


def test_a_write_a_kill_interrupted_is_cleared_when_the_board_is_read(tmp_path):
    (tmp_path / f".{FILE_NAME}-999999999-x.tmp").write_text("{")  # (no such process)
    board_at(tmp_path)
    assert list(tmp_path.iterdir()) == []
