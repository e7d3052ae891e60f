"""Never write what cannot be read back: a game whose whole action log would make the save larger
than the reader takes is saved compactly (its position, the moves its undo and redo need, its
counters), and resumes with everything the player sees the same.
"""

from __future__ import annotations

import json
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import registry
from game.model import IllegalMove, base, compact
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame, GolfRules
from game.model.moves import EightOffMove, Pile
from game.persist import save_doc, savefile
from game.persist.progress import Progress

SAVE = "current-game.json"
KINDS = sorted(set(registry.KINDS) | {f"golf-{r.name}" for r in GolfRules.every()[::5]})


def play(game, steps) -> None:
    """Moves (a legal move chosen by the number), undos and redos, as a player might."""
    for op, pick in steps:
        if op < 7:
            moves = game.legal_moves()
            if moves:
                game.push(moves[pick % len(moves)])
        elif op < 9:
            if game.can_undo:
                game.pop()
        elif game.can_redo:
            game.redo()


def seen(game) -> tuple:
    """What the player sees and what undo and redo would do."""
    return (
        game.position_key(),
        game.score,
        game.moves,
        game.status,
        game.code,
        game.kind_id,
        game.undo_depth,
        tuple(game.redo_moves),
        game.root().position_key(),
    )


def undo_trail(game) -> list:
    """Every undo there is, then every redo, with what each gives."""
    trail = []
    while game.can_undo:
        trail.append((game.pop(), seen(game)))
    with pytest.raises(IllegalMove):
        game.pop()
    while game.can_redo:
        trail.append((game.redo(), seen(game)))
    return trail


def the_same_after_a_compact_save(game) -> tuple:
    """The game resumed from its compact form, checked against the original, and the two move
    stacks as they were (the undos and redos tried leave both at the end of their redos)."""
    stacks = tuple(game.move_stack), None
    text = game.to_json(limit=0)
    assert json.loads(text)["format"] == base.COMPACT_FORMAT
    back = type(game).from_json(text)
    assert seen(back) == seen(game)
    assert back.to_json() == text  # saved again, it is the same save
    line = back.line_root()  # the kept line leads from its start to the position
    for move in back.move_stack:
        line.push(move)
    assert line.position_key() == back.position_key() and line.score == back.score
    stacks = stacks[0], tuple(back.move_stack)
    assert undo_trail(back) == undo_trail(game)
    return back, stacks


game_steps = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 999)), max_size=260)


@settings(max_examples=60, deadline=None)
@given(kind=st.sampled_from(KINDS), number=st.integers(1, 26**7 - 1), steps=game_steps)
def test_a_compact_save_resumes_the_same_game(kind, number, steps):
    game = registry.kind(kind).deal(number)
    play(game, steps)
    _back, (kept, resumed) = the_same_after_a_compact_save(game)
    assert resumed == kept  # a line this short is kept whole, from the deal


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(KINDS), number=st.integers(1, 26**7 - 1), steps=game_steps)
def test_a_compact_save_of_a_line_too_long_keeps_its_last_moves(kind, number, steps):
    game = registry.kind(kind).deal(number)
    play(game, steps)
    depth = game.undo_depth
    with mock.patch.object(compact.limits, "COMPACT_LINE", 3):
        back, (kept, resumed) = the_same_after_a_compact_save(game)
    if len(kept) > 3:
        assert resumed == kept[len(kept) - depth :] and not back.line_from_deal
    else:
        assert resumed == kept and back.line_from_deal
    assert back.root().position_key() == game.root().position_key()  # the deal is still the deal


def test_a_cut_save_resumed_and_played_on_saves_and_resumes_again():
    """A game resumed from its cut form and played past its undo's reach (but not past the long
    line's length) is cut again when saved, and read back the same."""
    game = EightOffGame.from_layout([["9S"]] + [[]] * 7, ["QH"] + [None] * 7)
    for i in range(base.COMPACT_LINE + 10):
        game.push(EightOffMove(Pile.cell(i % 2), Pile.cell((i + 1) % 2)))
    back = EightOffGame.from_json(game.to_json(limit=0))  # cut: its last 100 moves
    for i in range(150):
        back.push(EightOffMove(Pile.cell(i % 2), Pile.cell((i + 1) % 2)))
    the_same_after_a_compact_save(back)


def long_golf(pairs: int) -> GolfGame:
    """A Golf game of `pairs` draws each undone, then a few moves: a short line, a very long log
    (`pairs` + 5 moves, for an undo is no move)."""
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    for _ in range(pairs):
        game.draw()
        game.pop()
    for _ in range(5):
        game.push(game.legal_moves()[0])
    game.pop()
    return game


def test_a_long_eight_off_line_saves_and_resumes_compactly():
    game = EightOffGame.from_layout([["9S"]] + [[]] * 7, ["QH"] + [None] * 7)
    for i in range(base.COMPACT_LINE + 150):
        game.push(EightOffMove(Pile.cell(i % 2), Pile.cell((i + 1) % 2)))
    for _ in range(30):
        game.pop()
    text = game.to_json(limit=0)
    assert len(text) < 10_000
    back = EightOffGame.from_json(text)
    assert seen(back) == seen(game) and back.undo_depth == 70
    assert undo_trail(back) == undo_trail(game)


def test_the_full_form_is_kept_while_it_fits():
    game = long_golf(10)
    assert json.loads(game.to_json())["format"] == base.JSON_FORMAT
    assert json.loads(game.to_json(limit=10**6))["format"] == base.JSON_FORMAT
    back = GolfGame.from_json(game.to_json(limit=100))
    assert seen(back) == seen(game)
    assert json.loads(back.to_json())["format"] == base.COMPACT_FORMAT  # its whole log is gone
    back.push(back.legal_moves()[0])
    assert GolfGame.from_json(back.to_json()).position_key() == back.position_key()


def test_a_copy_of_a_game_with_a_log_beyond_the_readers_limit_is_exact():
    game = long_golf(3)
    with mock.patch.object(base, "MAX_JSON_TEXT", 50):
        copy = game.copy()
    assert copy.action_log == game.action_log and seen(copy) == seen(game)


# -- a compact save read as untrusted ----------------------------------------------------------------------
def compact_doc(game=None) -> dict:
    game = game or long_golf(2)
    return json.loads(game.to_json(limit=0))


def refused(data: dict) -> None:
    with pytest.raises(ValueError):
        GolfGame.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("moves", -1),
        ("moves", base.MAX_MOVES + 1),
        ("moves", 2**63),
        ("moves", 1.5),
        ("moves", True),
        ("moves", 3),  # fewer than the moves of its line
        ("undo", -1),
        ("undo", base.UNDO_LIMIT + 1),
        ("undo", 5),  # more than the moves of its line
        ("undo", "1"),
        ("line", ["d"] * (base.COMPACT_LINE + 1)),
        ("line", ["p9"]),
        ("line", "p1"),
        ("line", [1]),
        ("redo", ["p0"] * (base.UNDO_LIMIT + 1)),
        ("redo", ["d"] * 30),  # more draws than the stock holds
        ("redo", [None]),
        ("redo", {}),
        ("base", 5),
        ("base", {"rule": "easy", "columns": [[]] * 7, "waste": [], "stock": []}),
    ],
)
def test_a_compact_save_out_of_range_is_refused(key, value):
    data = compact_doc()
    data[key] = value
    refused(data)


def test_a_compact_save_at_its_bounds_is_read():
    data = compact_doc()
    assert data["undo"] == 4 and data["moves"] == 2 + 5 and len(data["line"]) == 4
    for moves in (len(data["line"]), base.MAX_MOVES):
        back = GolfGame.from_json(json.dumps({**data, "moves": moves, "state": {**data["state"], "moves": moves}}))
        assert back.moves == moves
    assert GolfGame.from_json(json.dumps({**data, "undo": 0})).undo_depth == 0


def test_a_compact_saves_base_must_hold_the_deals_cards():
    game = long_golf(0)
    with mock.patch.object(compact.limits, "COMPACT_LINE", 1):
        data = json.loads(game.to_json(limit=0))
    assert data["base"] is not None
    other = json.loads(GolfGame.from_code("GO1-E-AAAAAFB").to_json())["start"]
    refused({**data, "base": other})
    swapped = json.loads(json.dumps(data))
    swapped["base"]["stock"][0], swapped["base"]["columns"][0][0] = (
        swapped["base"]["columns"][0][0],
        swapped["base"]["stock"][0],
    )
    refused(swapped)


def test_an_older_reader_refuses_a_compact_save_rather_than_misread_it():
    """A version that knows only the full form reads the format number first."""
    assert base.COMPACT_FORMAT != base.JSON_FORMAT and compact_doc()["format"] == base.COMPACT_FORMAT


# -- the save on disk --------------------------------------------------------------------------------------
def saved_and_resumed(folder, game):
    progress = Progress(folder)
    progress.begin(game)
    progress.changed(game)
    progress.close()
    size = (folder / SAVE).stat().st_size
    again = Progress(folder)
    try:
        found = again.saved()
    finally:
        again.close()
    return size, found


def test_a_game_past_the_limit_is_saved_compactly_and_resumes(data_dir, monkeypatch):
    monkeypatch.setattr(savefile, "SAVE_LIMIT", 64 * 1024)
    monkeypatch.setattr(save_doc, "MODEL_ROOM", 16 * 1024)
    game = long_golf(20_000)
    assert len(game.to_json()) > savefile.SAVE_LIMIT  # in full, the reader would refuse it
    size, found = saved_and_resumed(data_dir, game)
    assert size <= savefile.SAVE_LIMIT
    assert found is not None and not list(data_dir.glob(SAVE + ".corrupt-*"))
    back, _meta = found
    assert seen(back) == seen(game) and back.moves == 20_005
    assert undo_trail(back) == undo_trail(game)


def test_the_writer_never_writes_a_save_larger_than_the_reader_takes(data_dir, monkeypatch, caplog):
    progress = Progress(data_dir)
    game = long_golf(1)
    progress.begin(game)
    progress.changed(game)
    assert progress.flush()
    before = (data_dir / SAVE).read_bytes()
    monkeypatch.setattr(savefile, "SAVE_LIMIT", len(before) + 10)
    monkeypatch.setattr(save_doc, "MODEL_ROOM", -(10**9))  # a budget gone wrong: the model in full
    for _ in range(20):
        game.draw()
        game.pop()
    progress.changed(game)
    assert not progress.save.flush(timeout=1.0)
    assert (data_dir / SAVE).read_bytes() == before  # the last save that can be read back stays
    assert any("larger" in r.getMessage() for r in caplog.records)
    progress.close()


@pytest.mark.slow
def test_a_golf_game_of_400000_draws_each_undone_resumes(data_dir):
    """The report's game: 349,405 draws each undone and its journal made a save past 4 MiB; in
    full, this one's would be 4.8 MB."""
    game = long_golf(400_000)
    size, found = saved_and_resumed(data_dir, game)
    assert size <= savefile.SAVE_LIMIT
    assert found is not None and not list(data_dir.glob(SAVE + ".corrupt-*"))
    back, _meta = found
    assert seen(back) == seen(game) and back.moves == 400_000 + 5
    assert undo_trail(back) == undo_trail(game)


# -- the line a compact save cut -------------------------------------------------------------------------
def cut_eight_off() -> EightOffGame:
    """An Eight Off game whose compact save keeps its last moves only."""
    game = EightOffGame.from_code("EO1-C8-AAAAAFA")
    for i in range(12):
        moves = game.legal_moves()
        game.push(moves[i % len(moves)])
    with mock.patch.object(compact.limits, "COMPACT_LINE", 3):
        return EightOffGame.from_json(game.to_json(limit=0))


def test_a_cut_lines_positions_start_where_it_starts():
    from game.solver.analysis import position_at

    game = cut_eight_off()
    assert not game.line_from_deal and len(game.move_stack) == 12
    assert position_at(game, len(game.move_stack)).position_key() == game.position_key()
    before = game.copy()
    while before.can_undo:
        before.pop()
    assert position_at(game, 0).position_key() == game.line_root().position_key() == before.position_key()


def test_a_lost_start_of_a_cut_line_says_nothing_of_the_deal(monkeypatch):
    import game.solver as solver
    from game.solver.analysis import analyse
    from game.solver.result import Result

    monkeypatch.setattr(solver, "solve", lambda position, budget=None: Result("unwinnable"))
    found = analyse(cut_eight_off(), 100)
    assert (found.now, found.start, found.certain, found.last_winnable) == ("unwinnable", "unknown", False, None)
    whole = EightOffGame.from_code("EO1-C8-AAAAAFA")
    whole.push(whole.legal_moves()[0])
    assert analyse(whole, 100).start == "unwinnable"  # from the deal, it is the deal's verdict


def test_a_long_games_hint_job_gets_the_game(monkeypatch):
    from game.solver import worker

    game = long_golf(400)
    monkeypatch.setattr(worker, "MAX_JSON_TEXT", 2000)  # the wire's writer and its reader
    monkeypatch.setattr(base, "MAX_JSON_TEXT", 2000)
    assert len(game.to_json()) > 2000
    wired = worker.wire_game(game)
    assert worker._game_from(wired).position_key() == game.position_key()
