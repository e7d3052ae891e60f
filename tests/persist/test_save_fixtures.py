"""Saves written before the game abstraction must still resume, exactly, for every kind.

The files in tests/persist/fixtures/saves/ were written by Progress with the code of that time: a deal of each
kind with a dozen moves, undos among them, and a hint counted. They are never regenerated.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import settle

from game.persist.progress import Progress

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
KINDS = ("golf-easy", "golf-classic", "eightoff-8", "eightoff-4", "eightoff-2")


def _resume(kind: str, folder: Path):
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURES / f"{kind}.json", folder / "current-game.json")
    progress = Progress(folder)
    try:
        found = progress.saved()
    finally:
        progress.close()
    assert found is not None, f"the {kind} save did not resume"
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_a_save_written_before_the_redesign_resumes_exactly(kind, tmp_path):
    data = json.loads((FIXTURES / f"{kind}.json").read_text())
    game, meta = _resume(kind, tmp_path / "data")
    assert game.code == data["code"]
    assert (game.score, game.moves, game.status) == (data["score"], data["moves"], data["status"])
    assert json.loads(game.to_json())["state"] == json.loads(data["model"])["state"]
    assert meta["undos"] == data["undos"] and meta["hints"] == data["hints"] == 1
    assert game.can_undo


@pytest.mark.parametrize("kind", KINDS)
def test_a_save_written_before_the_redesign_opens_on_its_table(kind, make_app, data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURES / f"{kind}.json", data_dir / "current-game.json")
    app = make_app(size=(800, 480))
    game, meta = app.ctx.progress.saved()
    app.replace(app.ctx.scenes.table(game, meta))
    settle(app)
    table = app.top
    assert table.game is game
    assert {str(c) for c in table.board.sprites} == {str(c) for c in _all_cards(game)}
    moves = game.moves
    table.undo()
    settle(app)
    assert game.moves == moves and table.game.to_json() != json.loads((FIXTURES / f"{kind}.json").read_text())["model"]


def _all_cards(game):
    """Every card of a game wherever it lies (columns, waste, stock, cells, foundations)."""
    piles = [*game.columns]
    for name in ("waste", "stock", "foundations"):
        value = getattr(game, name, ())
        piles += [value] if name != "foundations" else list(value)
    cards = [c for pile in piles for c in pile]
    cards += [c for c in getattr(game, "cells", ()) if c is not None]
    return cards
