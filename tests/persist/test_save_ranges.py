"""Every field of the save in range: a number or a text out of its stated range (save_schema) is
damage for its record, never an exception later on a thread.

A saved game's own field out of range sets the save aside; a journal entry's field out of range
drops that entry alone, the game and the other entries kept.
"""

from __future__ import annotations

import json
import logging
import threading

import pytest

from game.model.base import MAX_MOVES
from game.model.golf import GolfGame
from game.persist import save_doc
from game.persist.progress import Progress
from game.persist.records import record_of
from game.persist.round_stats import round_record_of
from game.persist.save_schema import COUNT, SCORE, SECONDS

SAVE = "current-game.json"
BIG = 2**63  # where SQLite's integers end


def a_game() -> GolfGame:
    """Two draws left in the stock: still playing after one."""
    return GolfGame.from_layout([["KD", "6H"], ["9C"], [], [], [], [], []], ["5S"], ["QC", "2D"])


def saved_document(folder) -> dict:
    """A real save: a game with a move made, written by Progress."""
    progress = Progress(folder)
    game = a_game()
    progress.begin(game)
    game.draw()
    progress.changed(game)
    progress.close()
    return json.loads((folder / SAVE).read_text())


@pytest.fixture(scope="module")
def document(tmp_path_factory) -> dict:
    return saved_document(tmp_path_factory.mktemp("save"))


def out_of(low, high) -> list:
    return [low - 1, high + 1, BIG, -BIG, 1.5, True, "3", None, [1]]


# -- a saved game's own fields -------------------------------------------------------------------------
@pytest.mark.parametrize("field", ["undos", "hints", "player_moves", "demo_moves"])
def test_a_saved_games_counts_are_read_at_their_bounds(document, field):
    for value in (COUNT.low, COUNT.high):
        _game, meta = save_doc.game_of({**document, field: value})
        assert meta[field] == value


@pytest.mark.parametrize("field", ["undos", "hints", "player_moves", "demo_moves"])
def test_a_saved_games_count_out_of_range_is_damage(document, field):
    for value in out_of(COUNT.low, COUNT.high):
        with pytest.raises(ValueError):
            save_doc.game_of({**document, field: value})


def test_a_saved_games_duration_is_read_at_its_bounds_and_refused_beyond(document):
    for value in (0, 0.0, SECONDS.high - 1):
        assert save_doc.game_of({**document, "duration": value})[1]["duration"] == value
    for value in (-0.01, SECONDS.high, float("inf"), float("nan"), BIG, True, "1", None):
        with pytest.raises(ValueError):
            save_doc.game_of({**document, "duration": value})


@pytest.mark.parametrize(
    ("field", "good", "bad"),
    [
        ("started", "x" * 64, "x" * 65),
        ("uid", "a" * 64, "a" * 65),
        ("uid", "a-1", "a b"),
    ],
)
def test_a_saved_games_texts_are_checked_against_their_length(document, field, good, bad):
    assert save_doc.game_of({**document, field: good})[1][field] == good
    for value in (bad, 5, None if field == "started" else 5, ["x"]):
        with pytest.raises(ValueError):
            save_doc.game_of({**document, field: value})


def test_a_saved_game_without_a_start_time_still_resumes(document):
    doc = {k: v for k, v in document.items() if k != "started"}
    assert save_doc.game_of(doc)[1]["started"] == ""


def test_a_count_of_two_to_the_63_sets_the_save_aside_at_start(data_dir, caplog):
    doc = saved_document(data_dir)
    for field in ("undos", "hints"):
        (data_dir / SAVE).write_text(json.dumps({**doc, field: BIG}))
        progress = Progress(data_dir)
        assert progress.saved() is None
        progress.close()
        assert not (data_dir / SAVE).exists()
    assert len(list(data_dir.glob(SAVE + ".corrupt-*"))) >= 1
    assert any("moved to" in r.getMessage() for r in caplog.records)


# -- the journal -----------------------------------------------------------------------------------------
def good_record(**fields) -> dict:
    return {**record_of("golf", "easy", "GO1-E-AAAAAAB", "blocked", 50, 12, 1, 30.0, hints=2), **fields}


def good_round(**fields) -> dict:
    return {**round_record_of("easy", "GR1-E-AAAAAAB", "abandoned", [3, -2], hints=1, duration_s=40.0), **fields}


GAME_FIELDS = [
    ("score", SCORE.low, SCORE.high),
    ("moves", COUNT.low, COUNT.high),
    ("undos", COUNT.low, COUNT.high),
    ("hints", COUNT.low, COUNT.high),
]


@pytest.mark.parametrize(("field", "low", "high"), GAME_FIELDS)
def test_a_journal_entrys_numbers_are_kept_at_their_bounds(field, low, high):
    for value in (low, high):
        [rec] = save_doc.journal_of({"unrecorded": [good_record(**{field: value})]})
        assert rec[field] == value


@pytest.mark.parametrize(("field", "low", "high"), GAME_FIELDS)
def test_a_journal_entry_out_of_range_is_dropped_alone(field, low, high, caplog):
    keep = good_record()
    for value in out_of(low, high):
        records = save_doc.journal_of({"unrecorded": [good_record(**{field: value}), keep]})
        assert [r["uid"] for r in records] == [keep["uid"]]
    assert any("dropped" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("field", ["game", "option", "finished_at", "code"])
def test_a_journal_entrys_texts_are_checked_against_their_length(field):
    assert save_doc.journal_of({"unrecorded": [good_record(**{field: "x" * 64})]})
    assert save_doc.journal_of({"unrecorded": [good_record(**{field: "x" * 65})]}) == []
    assert save_doc.journal_of({"unrecorded": [good_record(**{field: 7})]}) == []


def test_a_journal_entrys_duration_is_checked():
    for value in (0, SECONDS.high - 1):
        assert save_doc.journal_of({"unrecorded": [good_record(duration_s=value)]})
    for value in (-1, SECONDS.high, BIG, True, "1", None):
        assert save_doc.journal_of({"unrecorded": [good_record(duration_s=value)]}) == []


def test_a_rounds_journal_entry_is_checked_field_by_field():
    assert save_doc.journal_of({"unrecorded": [good_round(hints=COUNT.high, scores=[-19, 35] * 4 + [0])]})
    for bad in (
        {"hints": COUNT.high + 1},
        {"hints": BIG},
        {"hints": -1},
        {"scores": [36]},
        {"scores": [-20]},
        {"scores": [0] * 10},
        {"duration_s": BIG},
        {"code": "x" * 65},
        {"winnable": 1},
    ):
        assert save_doc.journal_of({"unrecorded": [good_round(**bad)]}) == [], bad


def test_a_journal_entry_that_is_no_record_at_all_is_dropped():
    keep = good_record()
    for junk in (5, "x", [], None, {"uid": "x"}, {**keep, "uid": "a b"}, {**keep, "result": "lost"}):
        assert [r["uid"] for r in save_doc.journal_of({"unrecorded": [junk, keep]})] == [keep["uid"]]


def test_an_entry_of_two_to_the_63_never_stops_the_statistics(data_dir, monkeypatch):
    """A score of 2^63 in the journal (more than SQLite's integers hold) drops that entry alone: the
    statistics' thread goes on and the entries after it are written."""
    errors: list = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_value))
    doc = saved_document(data_dir)
    bad = good_record(score=BIG)
    fine = [good_record() for _ in range(3)]
    (data_dir / SAVE).write_text(json.dumps({**doc, "unrecorded": [bad, *fine]}))
    progress = Progress(data_dir)
    try:
        assert progress.saved() is not None  # the game in progress is kept
        assert progress.recorder.flush(10.0)
        assert all(progress.stats.has(r["uid"]) for r in fine)
        assert not progress.stats.has(bad["uid"])
        assert progress.recorder._thread.is_alive()
    finally:
        progress.close()
    assert errors == []


def test_a_sound_journal_beside_a_damaged_game_is_recorded_all_the_same(data_dir):
    doc = saved_document(data_dir)
    fine = [good_record() for _ in range(3)]
    (data_dir / SAVE).write_text(json.dumps({**doc, "undos": BIG, "unrecorded": fine}))
    progress = Progress(data_dir)
    try:
        assert progress.saved() is None  # the game is damaged: set aside ...
        assert progress.recorder.flush(10.0)
        assert all(progress.stats.has(r["uid"]) for r in fine)  # ... its finished games are not lost
    finally:
        progress.close()


def test_a_journal_longer_than_the_game_writes_keeps_the_game_and_the_newest_entries(data_dir):
    doc = saved_document(data_dir)
    entries = [good_record() for _ in range(save_doc.JOURNAL_CAP + 50)]
    (data_dir / SAVE).write_text(json.dumps({**doc, "unrecorded": entries}))
    progress = Progress(data_dir)
    try:
        assert progress.saved() is not None  # the game in progress is kept
        assert progress.recorder.flush(10.0)
        assert all(progress.stats.has(r["uid"]) for r in entries[-save_doc.JOURNAL_CAP :])
    finally:
        progress.close()


def test_max_moves_is_the_count_bound():
    assert COUNT.high == MAX_MOVES < 2**63 // 1_000_000


def test_no_log_line_echoes_a_huge_value(caplog):
    caplog.set_level(logging.WARNING)
    save_doc.journal_of({"unrecorded": [good_record(game="x" * 100_000)]})
    assert all(len(r.getMessage()) < 400 for r in caplog.records)
