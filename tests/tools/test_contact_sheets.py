"""The contact-sheet tool (tools/contact_sheets.py): a small run writes a sheet per screen with a tile
per size and language, an index of them all and each tile at its real size; a screen that fails
gets a red tile saying why, the run goes on, and the exit status says so."""

from __future__ import annotations

import os

import pygame
import pytest

from tools import contact_sheets
from tools.sheet_screens import Screen, all_screens
from tools.sheet_screens import menu as sheet_screens_menu

#: what the tool sets for its run (tools/table_shots.py quiet_environment): put back after each test
TOOL_ENVIRONMENT = (
    "SDL_VIDEODRIVER",
    "SDL_AUDIODRIVER",
    "GOLF_EIGHTOFF_SOLVER",
    "GOLF_EIGHTOFF_STATS_READS",
    "GOLF_EIGHTOFF_CONFIG_DIR",
    "GOLF_EIGHTOFF_DATA_DIR",
)


@pytest.fixture(autouse=True)
def own_environment(monkeypatch):
    for name in TOOL_ENVIRONMENT:
        if name in os.environ:
            monkeypatch.setenv(name, os.environ[name])
        else:
            monkeypatch.delenv(name, raising=False)


def screens(*names: str) -> list[Screen]:
    every = {s.name: s for s in all_screens()}
    return [every[n] for n in names]


def broken(app) -> None:
    raise RuntimeError("no such panel")


def red_share(image: pygame.Surface) -> float:
    """The share of a sample of the image's pixels that are the failed tile's red."""
    w, h = image.get_size()
    points = [(x * w // 10, y * h // 10) for x in range(1, 10) for y in range(1, 10)]
    return sum(image.get_at(p)[:3] == contact_sheets.FAILED for p in points) / len(points)


def test_a_small_run_writes_a_sheet_per_screen_with_a_tile_per_size_and_language(tmp_path):
    out = tmp_path / "sheets"
    status = contact_sheets.main(
        ["--out", str(out), "--sizes", "800x480", "--languages", "el", "--scale", "0.5"],
        screens=screens("menu", "settings"),
    )
    assert status == 0
    assert sorted(p.name for p in out.glob("*.png")) == ["index.png", "menu.png", "settings.png"]
    tiles = sorted(p.name for p in (out / "tiles").glob("*.png"))
    assert tiles == ["menu-800x480-el.png", "settings-800x480-el.png"]
    assert pygame.image.load(str(out / "tiles" / "menu-800x480-el.png")).get_size() == (800, 480)
    m, title, label = contact_sheets.MARGIN, contact_sheets.TITLE, contact_sheets.LABEL
    sheet = pygame.image.load(str(out / "menu.png"))
    assert sheet.get_size() == (m + 400 + m, m + title + 240 + label + m)  # one tile, at half its size
    index = pygame.image.load(str(out / "index.png"))
    assert index.get_height() > 2 * contact_sheets.THUMB * 480 // 800  # a row for each screen


def test_a_sheet_has_a_row_per_size_and_a_column_per_language(tmp_path):
    tiles = [contact_sheets.Tile(size, lang, error="x") for size in ((800, 480), (1280, 720)) for lang in ("en", "th")]
    sheet = contact_sheets.sheet("t", tiles, [(800, 480), (1280, 720)], ["en", "th"], 0.25)
    m, title, label = contact_sheets.MARGIN, contact_sheets.TITLE, contact_sheets.LABEL
    assert sheet.get_size() == (m + 2 * (320 + m), m + title + (120 + label + m) + (180 + label + m))


def test_a_screen_that_fails_gets_a_red_tile_and_the_run_ends_with_status_one(tmp_path, capsys):
    out = tmp_path / "sheets"
    status = contact_sheets.main(
        ["--out", str(out), "--sizes", "800x480", "--languages", "en", "--scale", "1"],
        screens=[Screen("broken", "A screen that cannot be reached", broken), *screens("menu")],
    )
    assert status == 1
    assert (out / "menu.png").exists()  # the run went on after the failure
    sheet = pygame.image.load(str(out / "broken.png"))
    m, title = contact_sheets.MARGIN, contact_sheets.TITLE
    tile = sheet.subsurface((m, m + title, 800, 480))
    assert red_share(tile) > 0.8
    assert not (out / "tiles" / "broken-800x480-en.png").exists()
    assert "no such panel" in capsys.readouterr().out


def test_every_screen_has_a_name_of_its_own():
    names = [s.name for s in all_screens()]
    assert len(names) == len(set(names))
    assert {"menu", "golf-won", "golf-blocked", "lost-position", "round-hole", "scorecard"} <= set(names)


def test_kiosk_takes_every_screen_in_kiosk_mode(tmp_path):
    seen = []

    def kiosk_or_not(app) -> None:
        seen.append(app.kiosk)
        sheet_screens_menu(app)

    for flags in ([], ["--kiosk"]):
        status = contact_sheets.main(
            ["--out", str(tmp_path / "sheets"), "--sizes", "800x480", "--languages", "en", *flags],
            screens=[Screen("menu", "The menu", kiosk_or_not)],
        )
        assert status == 0
    assert seen == [False, True]
