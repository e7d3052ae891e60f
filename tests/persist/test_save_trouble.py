"""Trouble is not damage: an error while examining, opening or reading the save (EIO, EMFILE,
EACCES, ...) leaves the file where it is, untouched; the game runs without Continue for now, says
so, and reads it again at the next look. A game started meanwhile is saved beside it and never over
it. Only content read whole and provably invalid is set aside.

The faults are injected at the Python level: os.stat, os.open, os.fstat and os.read fail on the
N-th call that concerns the save (as strace -P … -e inject=…:when=N does).
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from game.model.golf import GolfGame
from game.persist import files
from game.persist.progress import Progress
from game.persist.records import record_of
from game.persist.save_slots import BESIDE_NAME, SAVE_NAME

ERRNOS = [errno.EIO, errno.EMFILE, errno.ENFILE, errno.EACCES, errno.EPERM, errno.ENOMEM, errno.EAGAIN]
CALLS = ("stat", "open", "fstat", "read")


class Faults:
    """os.stat, os.open, os.fstat and os.read fail with `error` at the calls numbered in `at` among
    those on files whose name starts with `name` (counted from 1); `calls` counts them all."""

    def __init__(self, monkeypatch, name: str = SAVE_NAME, error: int = errno.EIO, at=(), only=CALLS) -> None:
        self.name, self.error, self.at, self.only = name, error, set(at), only
        self.calls: list[str] = []
        self.fds: set[int] = set()
        real = {n: getattr(os, n) for n in (*CALLS, "close")}

        def wrap(kind):
            def call(target, *args, **kwargs):
                ours = self._ours(kind, target)
                if ours:
                    self.calls.append(kind)
                    if len(self.calls) in self.at and kind in self.only:
                        raise OSError(self.error, os.strerror(self.error), str(target))
                result = real[kind](target, *args, **kwargs)
                if kind == "open" and ours:
                    self.fds.add(result)
                elif kind == "close":
                    self.fds.discard(target)
                return result

            return call

        for kind in (*CALLS, "close"):
            monkeypatch.setattr(os, kind, wrap(kind))

    def _ours(self, kind: str, target) -> bool:
        if kind in ("stat", "open"):
            return isinstance(target, (str, os.PathLike)) and Path(target).name.startswith(self.name)
        return kind != "close" and target in self.fds

    def off(self) -> None:
        self.at = set()


def a_game() -> GolfGame:
    """Two draws left in the stock: still playing after one."""
    return GolfGame.from_layout([["KD", "6H"], ["9C"], [], [], [], [], []], ["5S"], ["QC", "2D"])


def new_game() -> GolfGame:
    return GolfGame.from_code("GO1-E-AAAAAFA")


def winnable() -> GolfGame:
    """Won in three plays: 6H, 7S, 8D."""
    return GolfGame.from_layout([["7S", "6H"], ["8D"], [], [], [], [], []], ["5S"], ["2C"])


def moved(progress: Progress, game, pick: int = -1, meta=None) -> None:
    """`game` begins (resumed with `meta`), and one move is made in it (by default the last legal
    one: a draw)."""
    progress.begin(game, meta)
    game.push(game.legal_moves()[pick])
    progress.changed(game)


@pytest.fixture
def good_save(data_dir) -> bytes:
    """A save of a game in play, as the last run left it."""
    progress = Progress(data_dir)
    moved(progress, a_game())
    progress.close()
    return (data_dir / SAVE_NAME).read_bytes()


def uid_in(path: Path) -> str:
    return json.loads(path.read_text())["uid"]


def aside(folder: Path) -> list[Path]:
    return list(folder.glob("*.corrupt-*"))


# -- the save is kept --------------------------------------------------------------------------------------
@pytest.mark.parametrize("error", ERRNOS, ids=errno.errorcode.get)
@pytest.mark.parametrize("call", CALLS)
def test_an_error_reading_the_save_keeps_it_and_it_is_read_again_later(
    data_dir, good_save, monkeypatch, caplog, error, call
):
    faults = Faults(monkeypatch, error=error, at=range(1, 100), only=(call,))
    progress = Progress(data_dir)
    try:
        assert progress.saved() is None and progress.save_trouble is not None
        assert (data_dir / SAVE_NAME).read_bytes() == good_save and aside(data_dir) == []
        faults.off()
        found = progress.saved()  # the next look (the next visit to the menu)
        assert found is not None and found[0].moves == 1 and progress.save_trouble is None
    finally:
        progress.close()
    assert (data_dir / SAVE_NAME).read_bytes() == good_save
    kept = [r for r in caplog.records if "the saved game" in r.getMessage() and "cannot be read now" in r.getMessage()]
    assert len(kept) == 1  # said once, however many looks


def test_the_reports_figure_the_first_stat_fails_with_eio(data_dir, good_save, monkeypatch):
    """strace -P …/current-game.json -e trace=newfstatat -e inject=newfstatat:error=EIO:when=1"""
    Faults(monkeypatch, at={1}, only=("stat",))
    progress = Progress(data_dir)  # the first look fails; the menu's look reads it
    try:
        assert progress.saved() is not None
    finally:
        progress.close()
    assert (data_dir / SAVE_NAME).read_bytes() == good_save and aside(data_dir) == []


def test_out_of_memory_while_decoding_the_save_is_trouble(data_dir, good_save, monkeypatch):
    def no_memory(*_args, **_kwargs):
        raise MemoryError

    monkeypatch.setattr(files.json, "loads", no_memory)
    progress = Progress(data_dir)
    try:
        assert progress.saved() is None and progress.save_trouble
    finally:
        progress.close()
    assert (data_dir / SAVE_NAME).read_bytes() == good_save and aside(data_dir) == []


def test_out_of_memory_while_checking_the_save_keeps_it(data_dir, good_save, monkeypatch):
    from game.persist import save_reading

    def no_memory(_data):
        raise MemoryError

    real = save_reading.game_of
    monkeypatch.setattr(save_reading, "game_of", no_memory)
    progress = Progress(data_dir)
    try:
        assert progress.saved() is None and progress.save_trouble
        moved(progress, new_game())  # a game started meanwhile goes beside it
        assert progress.flush()
        monkeypatch.setattr(save_reading, "game_of", real)
        assert progress.saved()[0].code == new_game().code
    finally:
        progress.close()
    assert (data_dir / SAVE_NAME).read_bytes() == good_save and aside(data_dir) == []
    assert (data_dir / BESIDE_NAME).exists()


def test_content_read_whole_and_invalid_is_still_set_aside(data_dir, good_save):
    (data_dir / SAVE_NAME).write_bytes(good_save[:-3])
    progress = Progress(data_dir)
    try:
        assert progress.saved() is None and progress.save_trouble is None
    finally:
        progress.close()
    assert len(aside(data_dir)) == 1


# -- a game started meanwhile -----------------------------------------------------------------------------
def test_a_game_started_while_the_save_is_kept_is_saved_beside_it(data_dir, good_save, monkeypatch):
    faults = Faults(monkeypatch, at=range(1, 1000), only=("open",))
    progress = Progress(data_dir)
    old_uid = uid_in(data_dir / SAVE_NAME)
    try:
        assert progress.saved() is None
        game = winnable()
        moved(progress, game, 0)
        assert progress.flush()
        assert (data_dir / SAVE_NAME).read_bytes() == good_save  # never over the kept save
        assert json.loads((data_dir / BESIDE_NAME).read_text())["model"] == game.to_json()
        assert progress.saved()[0] is not None  # Continue: the new game
    finally:
        progress.close()
    faults.off()
    again = Progress(data_dir)  # the next start reads both: the newer game first
    try:
        found = again.saved()
        assert found[0].position_key() == game.position_key() and found[1]["uid"] != old_uid
        game = found[0]
        again.begin(game, found[1])
        while game.status == "playing":  # the new game is won ...
            game.push(game.legal_moves()[0])
            again.changed(game)
        again.leave()
        found = again.saved()  # ... and the kept one comes back
        assert found is not None and found[1]["uid"] == old_uid
        moved(again, found[0], -1, found[1])
        assert again.flush()
    finally:
        again.close()
    assert uid_in(data_dir / SAVE_NAME) == old_uid and not (data_dir / BESIDE_NAME).exists()
    assert aside(data_dir) == []


def test_a_game_read_again_only_when_another_begins_is_not_given_up(data_dir, good_save, monkeypatch):
    """The menu could not read the save, so it offered no Continue and asked nothing: Play then
    must not abandon the game it did not show, even if it can be read by then."""
    faults = Faults(monkeypatch, at=range(1, 1000), only=("read",))
    progress = Progress(data_dir)
    try:
        assert progress.saved() is None  # the menu's look
        faults.off()
        moved(progress, new_game())  # Play
        assert progress.flush()
        assert progress.stats.summary("golf", "easy").played == 0  # nothing counted as abandoned
    finally:
        progress.close()
    assert (data_dir / SAVE_NAME).read_bytes() == good_save and (data_dir / BESIDE_NAME).exists()


def test_the_older_game_waits_behind_a_newer_one_abandoned_for_another(data_dir, good_save, monkeypatch):
    faults = Faults(monkeypatch, at=range(1, 1000), only=("stat",))
    progress = Progress(data_dir)
    progress.saved()
    moved(progress, new_game())
    progress.close()
    faults.off()
    again = Progress(data_dir)
    try:
        assert again.saved() is not None
        third = GolfGame.from_code("GO1-E-AAAAAFB")
        moved(again, third)  # the newer game is given up (abandoned) for a third
        assert again.flush()
    finally:
        again.close()
    assert (data_dir / SAVE_NAME).read_bytes() == good_save
    assert json.loads(json.loads((data_dir / BESIDE_NAME).read_text())["model"])["code"] == third.code


def test_with_both_files_kept_the_new_game_is_played_unsaved(data_dir, good_save, monkeypatch, caplog):
    (data_dir / BESIDE_NAME).write_bytes(good_save)
    Faults(monkeypatch, name="current-game", at=range(1, 1000), only=("open",))
    progress = Progress(data_dir)
    try:
        assert progress.saved() is None
        game = new_game()
        moved(progress, game)
        assert not progress.flush(timeout=1.0)
        assert progress.saved()[0].to_json() == game.to_json()  # this run goes on with it
    finally:
        progress.close()
    assert (data_dir / SAVE_NAME).read_bytes() == good_save == (data_dir / BESIDE_NAME).read_bytes()
    assert any("not saved" in r.getMessage() for r in caplog.records)


def test_a_game_played_unsaved_is_saved_once_a_file_is_free(data_dir, good_save, monkeypatch):
    (data_dir / BESIDE_NAME).write_text(json.dumps({"format": 1, "unrecorded": []}))
    faults = Faults(monkeypatch, name="current-game", at=range(1, 1000), only=("open",))
    progress = Progress(data_dir)
    try:
        assert progress.saved() is None
        game = new_game()
        moved(progress, game)
        faults.off()
        assert progress.saved()[0].to_json() == game.to_json()  # the next look: the file beside is free
        assert progress.flush()
    finally:
        progress.close()
    assert json.loads((data_dir / BESIDE_NAME).read_text())["model"] == game.to_json()
    assert (data_dir / SAVE_NAME).read_bytes() == good_save


def test_a_kept_file_is_never_written_over_or_removed_until_read(tmp_path, monkeypatch):
    path = tmp_path / "f.json"
    path.write_text("{}")
    faults = Faults(monkeypatch, name="f.json", at={1}, only=("stat",))
    with pytest.raises(files.Trouble):
        files.read_json(path, 100)
    for change in (lambda: files.write_atomically(path, "[]"), lambda: files.remove(path)):
        with pytest.raises(files.Trouble):
            change()
    assert path.read_text() == "{}" and files.kept(path)
    faults.off()
    assert files.read_json(path, 100) == {} and files.kept(path) is None
    files.write_atomically(path, "[]")
    assert path.read_text() == "[]"


# -- every N: a short scripted start, with one fault at each call in turn -------------------------------------
def scripted_start(folder: Path) -> None:
    """Start, look at the save, continue it (or play a new game when there is none to continue)."""
    progress = Progress(folder)
    try:
        found = progress.saved()
        game, meta = found if found is not None else (new_game(), None)
        progress.begin(game, meta)
        game.push(game.legal_moves()[0])
        progress.changed(game)
        progress.leave()
        progress.saved()
    finally:
        progress.close()


def sweep(data_dir: Path, monkeypatch, error: int) -> int:
    """The script once without faults to count the calls, then once per call with that call failing;
    after each, the first game is still there, never set aside, and the finished game that waited
    in its journal reaches the statistics at the next start. Returns the calls counted."""
    progress = Progress(data_dir)
    moved(progress, a_game())
    progress.close()
    first = uid_in(data_dir / SAVE_NAME)
    waiting = record_of("golf", "easy", "GO1-E-AAAAAAB", "blocked", 50, 12)
    doc = json.loads((data_dir / SAVE_NAME).read_text())
    (data_dir / SAVE_NAME).write_text(json.dumps({**doc, "unrecorded": [waiting]}))
    (data_dir / "statistics.sqlite3").unlink()
    start = {p.name: p.read_bytes() for p in data_dir.iterdir() if p.name.startswith("current-game")}
    counter = Faults(monkeypatch, name="current-game", error=error)
    scripted_start(data_dir)
    count = len(counter.calls)
    for n in range(1, count + 1):
        for p in data_dir.iterdir():
            if p.name.startswith("current-game"):
                p.unlink()
        for name, content in start.items():
            (data_dir / name).write_bytes(content)
        faults = Faults(monkeypatch, name="current-game", error=error, at={n})
        scripted_start(data_dir)
        assert aside(data_dir) == [], n
        assert uid_in(data_dir / SAVE_NAME) == first, n  # the first game: continued, or kept
        faults.off()
        again = Progress(data_dir)
        try:
            again.saved()
            assert again.recorder.flush(10.0) and again.stats.has(waiting["uid"]), n
        finally:
            again.close()
    return count


@pytest.mark.parametrize("error", ERRNOS, ids=errno.errorcode.get)
def test_an_error_at_every_call_of_a_scripted_start_never_costs_the_save(data_dir, monkeypatch, error):
    # (the start's own reads at least: stat, open, fstat and read; the writer thread's calls vary)
    assert sweep(data_dir, monkeypatch, error) >= 4


# -- the settings share the reader: the same rule ---------------------------------------------------------------
@pytest.mark.parametrize("call", CALLS)
def test_an_error_reading_the_settings_never_writes_the_defaults_over_them(tmp_path, monkeypatch, call):
    from game.settings import Settings

    path = tmp_path / "settings.json"
    mine = Settings(volume=50, four_colour=True, golf_rule="classic")
    assert mine.save(path)
    good = path.read_bytes()
    faults = Faults(monkeypatch, name="settings.json", at=range(1, 100), only=(call,))
    this_run = Settings.load(path)
    assert this_run == Settings()  # the defaults, for this run
    this_run.volume = 100  # a change made meanwhile is not written over the file that could not be read
    assert not this_run.save(path)
    assert path.read_bytes() == good
    faults.off()
    again = Settings.load(path)
    assert (again.volume, again.four_colour, again.golf_rule) == (50, True, "classic")
    assert again.save(path)  # read whole: it is this run's to write again


# -- on screen ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_the_menu_says_so_and_offers_the_game_again_at_the_next_visit(make_app, data_dir, good_save, monkeypatch, lang):
    from conftest import run_frames

    from game import i18n
    from game.scenes.menu import MenuScene

    faults = Faults(monkeypatch, at=range(1, 1000), only=("open",))
    app = make_app(size=(800, 480))
    i18n.set_language(lang)
    try:
        app.replace(MenuScene(app.ctx))
        run_frames(app)
        menu = app.top
        assert not menu.continue_button.visible and menu.notice.visible
        assert menu.notice.value == i18n.tr("A saved game cannot be read now: it is kept for later.")
        assert lang == "en" or menu.notice.value != "A saved game cannot be read now: it is kept for later."
        assert menu.notice.rect.bottom <= menu.play_button.rect.top and menu.panel_rect.bottom <= 480
        faults.off()
        app.replace(MenuScene(app.ctx))  # the next visit to the menu reads the save again
        run_frames(app)
        assert app.top.continue_button.visible and not app.top.notice.visible
    finally:
        i18n.set_language("en")
    assert (data_dir / SAVE_NAME).read_bytes() == good_save
