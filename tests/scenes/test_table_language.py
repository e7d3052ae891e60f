"""A language change reaches what a table prints on its felt: the empty free cells are named in the
new language at once, not after a restart (the table's static background is shared by every table
of the same kind and size, so it is kept per language too)."""

from __future__ import annotations

import pygame
import pytest
from conftest import run_frames

from game import i18n
from game.model.eightoff import EightOffGame


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def felt_at(scene, rect: pygame.Rect) -> bytes:
    """The table's static background within `rect` (what shows where no card lies)."""
    out = pygame.Surface(scene.size)
    scene.board.background.draw(out, rect)
    return pygame.image.tobytes(out.subsurface(rect), "RGB")


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_empty_free_cells_are_named_in_the_new_language_at_once(table, size):
    app, scene = table(EightOffGame.from_code("EO1-C8-AAAAAAH"), size=size)
    cell = scene.layout.cells[-1]  # (the deal fills the first four)
    assert not any(s.pos == cell.topleft for s in scene.board.sprites.values())
    english = felt_at(scene, cell)
    for code in ("el", "th", "en"):
        app.settings.language = i18n.set_language(code)
        app.ctx.language_changed()  # (as Settings' language choice does)
        run_frames(app)
        assert felt_at(scene, cell) == pygame.image.tobytes(
            _painted(scene.build_background(), scene.size, cell), "RGB"
        ), code  # what a table opened in that language shows
        assert (felt_at(scene, cell) == english) == (code == "en"), code


def _painted(background, size, rect: pygame.Rect) -> pygame.Surface:
    out = pygame.Surface(size)
    background.draw(out, rect)
    return out.subsurface(rect)
