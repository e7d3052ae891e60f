"""Every finished game kept as its replay (game/persist/replays.py): what Progress keeps and how,
the last RECENT and each deal's best, the file read as untrusted, a write that fails."""

from __future__ import annotations

import errno
import json
import logging
import os
import random

import pytest

from game.model.course import GolfRound
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import GolfMove
from game.model.replay import Replay
from game.persist import replays as replays_module
from game.persist.progress import Progress
from game.persist.replays import (
    READ_LIMIT,
    RECENT,
    REPLAYS_NAME,
    Kept,
    ReplayStore,
    chosen,
    entry_of,
    kept_of,
)

#: A won line of GO1-E-AAAAAAB (51 actions).
WON_TEXT = (
    "d p3 d p4 p2 p4 p0 p2 p2 p1 p2 p0 p0 p1 d p5 p4 d d p4 p6 p0 p3 p1 "
    "d p2 p5 p0 p6 p3 d p3 d p6 p6 p1 p5 p3 d p6 d p1 p5 d p5 d d p4"
)
WON_LINE = WON_TEXT.split()
DEAL = "GO1-E-AAAAAAB"


def golf(moves=(), code=DEAL) -> GolfGame:
    game = GolfGame.from_code(code)
    for text in moves:
        game.push(GolfMove.parse(text))
    return game


def won() -> GolfGame:
    return golf(WON_LINE)


def played(progress: Progress, game, moves, by_demo=False) -> None:
    """Play `moves` (text forms) on a begun game as a table reports them."""
    for text in moves:
        game.push(type(game).MOVE.parse(text))
        progress.changed(game, by_demo=by_demo)


def stored(folder) -> dict:
    return json.loads((folder / REPLAYS_NAME).read_text())


def kept(deal=DEAL, moves=(), result="abandoned", score=0, actions=None, finished="2026-01-01T00:00:00") -> Kept:
    replay = Replay(deal, [GolfMove.parse(m) for m in moves])
    return Kept(replay, finished, result, score, len(moves) if actions is None else actions)


@pytest.fixture
def progress(tmp_path):
    p = Progress(tmp_path)
    yield p
    p.close()


# --- what Progress keeps -------------------------------------------------------------------------
def test_a_won_game_is_kept_with_its_line_result_score_and_moves(tmp_path, progress):
    game = golf()
    progress.begin(game)
    played(progress, game, WON_LINE)
    assert game.status == "won"
    last = progress.replays.last()
    assert last is not None and last.result == "won" and last.best
    assert last.replay == Replay.of(game) and last.replay.status == "won"
    assert (last.score, last.moves) == (game.score, game.moves)
    assert progress.replays.recent() == [last]
    assert progress.flush()
    entry = stored(tmp_path)["games"][0]
    assert entry["deal"] == DEAL and entry["line"] == " ".join(WON_LINE) and entry["result"] == "won"


def test_the_line_leaves_out_what_was_undone_and_moves_count_every_action(progress):
    game = golf()
    progress.begin(game)
    played(progress, game, ["d", "p3"])
    game.undo()
    progress.changed(game, undo=True)
    played(progress, game, ["d"])
    progress.begin(golf(code="GO1-E-AAAAAAC"))  # another game replaces it: abandoned
    last = progress.replays.last()
    assert last.result == "abandoned" and [str(m) for m in last.replay.moves] == ["d", "d"]
    assert last.moves == game.moves == 3  # (the move undone counted, as the statistics count it)


def test_blocked_abandoned_and_assisted_are_kept_and_the_demo_alone_is_not(progress):
    rng = random.Random(5)
    blocked = golf(code="GO1-S-AAAAAAC")
    progress.begin(blocked)
    while blocked.status == "playing":
        blocked.push(rng.choice(blocked.legal_moves()))
        progress.changed(blocked)
    assert blocked.status == "blocked"
    demo = golf()
    progress.begin(demo)  # the blocked game is recorded as it is replaced
    played(progress, demo, ["d", "d"], by_demo=True)
    assisted = golf(code="GO1-E-AAAAAAD")
    progress.begin(assisted)  # the demo's game is never kept
    played(progress, assisted, ["d"], by_demo=True)
    played(progress, assisted, ["d"])
    progress.begin(golf(code="GO1-E-AAAAAAE"))
    results = [(str(k.replay.deal), k.result) for k in progress.replays.recent()]
    assert results == [("GO1-E-AAAAAAD", "assisted"), ("GO1-S-AAAAAAC", "blocked")]


def test_a_game_without_a_deal_code_is_not_kept(progress, caplog):
    game = GolfGame.from_layout([["7S", "6H"], ["8D"], [], [], [], [], []], ["5S"], ["2C"])
    progress.begin(game)
    for move in ("p0", "p0", "p1"):
        game.push(GolfMove.parse(move))
        progress.changed(game)
    assert game.status == "won" and progress.replays.recent() == [] and progress.replays.last() is None


def test_an_eightoff_game_is_kept_and_read_back(tmp_path):
    progress = Progress(tmp_path)
    game = EightOffGame.new(8, 130)
    progress.begin(game)
    rng = random.Random(1)
    while game.moves < 20 and game.legal_moves():
        game.push(rng.choice(game.legal_moves()))
        progress.changed(game)
    progress.begin(EightOffGame.new(8, 131))
    assert progress.flush()
    progress.close()
    again = Progress(tmp_path)
    try:
        (only,) = again.replays.recent()
        assert only.replay == Replay.of(game) and only.result == "abandoned" and only.moves == game.moves > 0
    finally:
        again.close()


def test_a_rounds_holes_are_kept_as_each_ends(progress):
    rnd = GolfRound("GR1-E-QXKZMTA")
    progress.begin(rnd.game, None, golf_round=rnd)
    first = rnd.game
    rng = random.Random(2)
    while first.status == "playing":
        first.push(rng.choice(first.legal_moves()))
        progress.changed(first)
    assert progress.replays.last() is None  # (a blocked hole may still be undone)
    rnd.next_hole()
    progress.round_changed(rnd)
    progress.leave()
    progress.begin(rnd.game, None, golf_round=rnd)
    (hole,) = progress.replays.recent()
    assert hole.replay == Replay.of(first) and hole.result == first.status
    played(progress, rnd.game, ["d"])
    rnd.give_up()
    progress.round_changed(rnd)
    progress.begin(rnd.game, None, golf_round=rnd)
    assert [k.result for k in progress.replays.recent()] == ["abandoned", first.status]
    played(progress, rnd.game, ["d"])
    progress.begin(golf())  # the round is given up during its third hole
    assert [k.result for k in progress.replays.recent()] == ["abandoned", "abandoned", first.status]


# --- what is kept ----------------------------------------------------------------------------------
def test_the_last_recent_games_are_kept_and_each_deals_best_even_when_older():
    best = kept(moves=WON_LINE, result="won", score=350, finished="2025-01-01T00:00:00")
    worse = kept(moves=["d"], finished="2025-01-02T00:00:00")
    gone = kept("GO1-E-AAAAAAC", ["d"], finished="2025-01-03T00:00:00")
    newer = [
        kept("GO1-E-AAAAAAD", ["d"] * (i % 3), finished=f"2025-02-01T00:{i // 60:02}:{i % 60:02}")
        for i in range(RECENT)
    ]
    out = chosen([best, worse, gone, *newer])
    assert len(out) == RECENT + 2  # (gone was the best of its deal: it stays, as best; worse goes)
    assert [(k.replay, k.finished, k.best) for k in out[:2]] == [
        (best.replay, best.finished, True),
        (gone.replay, gone.finished, True),
    ]
    assert [k.replay for k in out[2:]] == [k.replay for k in newer]
    marks = [k for k in out[2:] if k.best]
    assert len(marks) == 1 and marks[0].replay.moves == ()  # of equals, the earlier: a line of no move first


def test_older_bests_are_at_most_older_bests_the_won_first(monkeypatch):
    monkeypatch.setattr(replays_module, "RECENT", 2)
    monkeypatch.setattr(replays_module, "OLDER_BESTS", 2)
    win = kept(moves=WON_LINE, result="won", score=350, finished="2025-01-01T00:00:00")
    others = [kept(f"GO1-E-AAAAAB{c}", ["d"], finished=f"2025-01-0{i + 2}T00:00:00") for i, c in enumerate("ABCD")]
    out = replays_module.chosen([win, *others])
    assert [str(k.replay.deal) for k in out] == [DEAL, "GO1-E-AAAAABB", "GO1-E-AAAAABC", "GO1-E-AAAAABD"]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (dict(moves=WON_LINE, result="won", score=350), dict(moves=["d"], result="blocked", score=400)),  # won first
        (dict(moves=["d", "p3"], score=10), dict(moves=["d", "p3"], result="assisted", score=20)),  # own first
        (dict(moves=["d", "p3"], score=20), dict(moves=["d"], score=10)),  # the higher score
        (dict(moves=["d"], actions=1), dict(moves=["d"], actions=3)),  # the fewer moves
    ],
)
def test_the_best_of_a_deal(a, b):
    for order in ((a, b), (b, a)):
        games = [kept(**order[0], finished="2025-01-01T00:00:00"), kept(**order[1], finished="2025-01-02T00:00:00")]
        out = chosen(games)
        (best,) = [k for k in out if k.best]
        assert best.replay.moves == kept(**a).replay.moves and best.moves == kept(**a).moves


def test_a_store_of_recent_games_is_small(tmp_path):
    """The file at RECENT games of Eight Off of 150 moves: a few hundred KB, well below READ_LIMIT."""
    rng = random.Random(4)
    games = []
    for number in range(1, RECENT + 1):
        game = EightOffGame.new(8, number)
        while len(game.move_stack) < 150 and game.legal_moves():
            game.push(rng.choice(game.legal_moves()))
        games.append(Kept(Replay.of(game), "2025-01-01T00:00:00", "abandoned", 0, len(game.move_stack)))
    text = json.dumps({"format": 1, "games": [entry_of(k) for k in games]}, separators=(",", ":"))
    assert len(text) < 300_000 < READ_LIMIT


# --- the file read as untrusted ----------------------------------------------------------------------
def write_file(folder, data) -> None:
    (folder / REPLAYS_NAME).write_text(data if isinstance(data, str) else json.dumps(data))


def fresh(folder) -> ReplayStore:
    store = ReplayStore(folder / REPLAYS_NAME)
    store.recent()
    return store


def aside(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".corrupt-" in p.name)


def good_entry(**change) -> dict:
    return {**entry_of(kept(moves=["d", "p3"], score=10)), **change}


def test_a_round_trip_keeps_every_field(tmp_path):
    store = ReplayStore(tmp_path / REPLAYS_NAME, clock=lambda: 1_700_000_000.0)
    game = won()
    first = store.keep(game, "won")
    assert first.finished == "2023-11-14T22:13:20"
    store.keep(golf(["d", "p3"], code="GO1-C-AAAAAAB"), "assisted")
    assert store.flush()
    again = fresh(tmp_path)
    assert again.recent() == store.recent()
    assert [(k.result, k.score, k.moves, k.best) for k in again.recent()] == [
        ("assisted", 10, 2, True),
        ("won", game.score, game.moves, True),
    ]


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[]",
        "\xff",
        json.dumps({"format": 2, "games": []}),
        json.dumps({"format": 1, "games": {}}),
        "[" * 100_000 + "]" * 100_000,
    ],
)
def test_a_damaged_file_is_set_aside_and_the_store_starts_empty(tmp_path, caplog, content):
    write_file(tmp_path, content)
    (tmp_path / "statistics-keep.txt").write_text("other")
    with caplog.at_level(logging.WARNING):
        store = fresh(tmp_path)
    assert store.recent() == [] and len(aside(tmp_path)) == 1
    assert (tmp_path / "statistics-keep.txt").read_text() == "other"
    assert any("replays file" in r.getMessage() for r in caplog.records)
    store.keep(won(), "won")
    assert store.flush() and len(stored(tmp_path)["games"]) == 1


def test_a_file_too_large_or_not_a_regular_file_is_set_aside(tmp_path):
    write_file(tmp_path, " " * (READ_LIMIT + 1))
    assert fresh(tmp_path).recent() == [] and len(aside(tmp_path)) == 1
    (tmp_path / REPLAYS_NAME).mkdir()
    assert fresh(tmp_path).recent() == [] and len(aside(tmp_path)) == 2
    os.mkfifo(tmp_path / REPLAYS_NAME)
    assert fresh(tmp_path).recent() == [] and len(aside(tmp_path)) == 3


@pytest.mark.parametrize(
    "change",
    [
        {"deal": "XX1-E-AAAAAAB"},
        {"deal": 7},
        {"deal": "GO1-E-" + "A" * 100},
        {"line": "d q9"},
        {"line": "p0"},  # not allowed there
        {"line": ["d"]},
        {"line": "d " * 1001},
        {"line": "c0l3x1"},  # another game's move
        {"finished": "yesterday"},
        {"finished": None},
        {"result": "lost"},
        {"result": "won"},  # the line is not won
        {"score": 1.5},
        {"score": True},
        {"score": 10**9},
        {"moves": -1},
        {"moves": 1},  # fewer than the line's
        {"moves": "2"},
    ],
)
def test_a_damaged_entry_alone_is_dropped_with_a_log_line(tmp_path, caplog, change):
    write_file(tmp_path, {"format": 1, "games": [good_entry(), good_entry(**change), 5, good_entry(score=20)]})
    with caplog.at_level(logging.WARNING):
        store = fresh(tmp_path)
    assert [k.score for k in store.recent()] == [20, 10] and aside(tmp_path) == []  # (and 5 dropped)
    assert sum("damaged game(s)" in r.getMessage() for r in caplog.records) == 1
    with pytest.raises(ValueError):
        kept_of(good_entry(**change))


def test_a_nested_entry_is_dropped(tmp_path):
    nested: object = "d"
    for _ in range(50):
        nested = [nested]
    write_file(tmp_path, {"format": 1, "games": [good_entry(line=nested), good_entry()]})
    assert len(fresh(tmp_path).recent()) == 1


def test_a_file_that_cannot_be_read_now_is_kept_and_not_written_over(tmp_path, monkeypatch, caplog):
    write_file(tmp_path, {"format": 1, "games": [good_entry()]})
    real = os.open

    def failing(path, *args, **kwargs):
        if str(path).endswith(REPLAYS_NAME):
            raise OSError(errno.EIO, "I/O error")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", failing)
    with caplog.at_level(logging.WARNING):
        store = fresh(tmp_path)
    monkeypatch.undo()
    assert store.recent() == [] and any("cannot be read now" in r.getMessage() for r in caplog.records)
    store.keep(won(), "won")
    assert len(store.recent()) == 1 and store.flush()
    assert len(stored(tmp_path)["games"]) == 1 and stored(tmp_path)["games"][0]["score"] == 10


def test_a_full_disk_the_game_goes_on_with_one_log_line(tmp_path, monkeypatch, caplog):
    store = fresh(tmp_path)

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(replays_module, "write_atomically", full)
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            assert store.keep(won(), "won") is not None
        assert not store.flush(timeout=2.0)
    assert len(store.recent()) == 3
    lines = [r.getMessage() for r in caplog.records if "could not keep" in r.getMessage()]
    assert len(lines) == 1 and "No space left" in lines[0]
    monkeypatch.undo()
    assert store.flush(timeout=5.0) and len(stored(tmp_path)["games"]) == 3
    store.close()


def test_games_kept_before_the_file_is_read_join_those_in_it(tmp_path, monkeypatch):
    write_file(tmp_path, {"format": 1, "games": [good_entry()]})
    gate = replays_module.threading.Event()
    real = ReplayStore._read
    monkeypatch.setattr(ReplayStore, "_read", lambda self: (gate.wait(5), real(self))[1])
    store = ReplayStore(tmp_path / REPLAYS_NAME)
    store.keep(won(), "won")  # (never waits for the reading)
    assert store.last().result == "won"  # (nor does the game just finished)
    gate.set()
    assert [k.result for k in store.recent()] == ["won", "abandoned"] and store.last().result == "won"
    assert store.flush() and len(stored(tmp_path)["games"]) == 2
