"""What the Statistics screen says while the statistics cannot be written or read: why (under the
title, within its line at 800x480 in every language), and how many finished games wait to be
recorded (a row of its own)."""

from __future__ import annotations

import sqlite3

import pytest

from game import i18n
from game.persist.schema import SCHEMA_VERSION
from game.persist.stats import StatsDB
from game.scenes.menu import MenuScene
from game.scenes.stats_scene import StatsScene


def newer_database(folder) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    StatsDB(folder / "statistics.sqlite3").close()
    conn = sqlite3.connect(folder / "statistics.sqlite3")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_a_newer_database_is_said_with_the_games_that_wait(make_app, data_dir, lang, english_after):
    newer_database(data_dir)
    app = make_app(size=(800, 480), scene=MenuScene)
    i18n.set_language(lang)
    stats = app.ctx.progress.stats
    for i in range(3):
        stats.record("golf", "easy", None, "won", 300, 40, uid=f"w{i}")
    assert app.ctx.progress.recorder.kept(30)
    screen = StatsScene(app.ctx)
    app.replace(screen)
    note = screen.note()
    assert note == i18n.tr("A newer version of the game wrote these statistics: new results wait for it.")
    assert screen.lines() == [
        (i18n.tr("Statistics are not available"), ""),
        (i18n.tr("Waiting to be recorded"), "3"),
    ]
    r = screen.title_rect
    size = app.ctx.text.fit_size(note, r.width, max(12, int(r.height * 0.3)))
    assert app.ctx.text.rendered_size(note, size)[0] <= r.width  # it fits its line


def test_figures_that_cannot_be_read_are_said_to_be_kept(make_app, data_dir, monkeypatch):
    """The database is written fine but cannot be read now (an I/O error on the reader's side):
    the screen says nothing is lost."""
    from game.persist import reader

    def failing(path):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(reader, "open_reader", failing)
    data_dir.mkdir(parents=True)
    StatsDB(data_dir / "statistics.sqlite3").close()
    app = make_app(size=(800, 480), scene=MenuScene)
    screen = StatsScene(app.ctx)
    app.replace(screen)
    assert screen.note() == "Statistics unavailable: they will be kept when the disk answers"
    assert screen.lines() == [("Statistics are not available", "")]
