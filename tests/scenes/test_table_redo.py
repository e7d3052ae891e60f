"""Redo at the table, driven by posted keys and taps: Ctrl+Y and Shift+Ctrl+Z
replay the moves just undone until a new move is made, the band's Redo button does the same for a
kiosk without a keyboard, and a redo counts as a move."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, key, run_frames, settle, touch_tap

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.tables import open_table

CTRL, SHIFT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT


def golf_game() -> GolfGame:
    # the waste's 5♠ takes the 6♥ (then the 7♣); the stock has two cards
    return GolfGame.from_layout([["KS", "7C", "6H"], ["9D"]] + [[]] * 5, ["5S"], ["2C", "JD"])


def eightoff_game() -> EightOffGame:
    cols = [["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C", "AS"], ["5C", "2S"]] + [[]] * 4
    return EightOffGame.from_layout(cols, [None] * 8)


@pytest.fixture
def table(make_app):
    def make(game, size=(800, 480), kiosk=False):
        app = make_app(size=size, kiosk=kiosk)
        scene = open_table(app.ctx, game)
        app.replace(scene)
        settle(app)
        return app, scene

    return make


def top_card(scene, column: int) -> tuple[int, int]:
    pile = scene.game.columns[column]
    return scene.layout.card_rect(column, len(pile) - 1, len(pile)).center


def waste(scene) -> list[str]:
    return [str(c) for c in scene.game.waste]


@pytest.mark.parametrize("mod_key", [(pygame.K_y, CTRL), (pygame.K_z, CTRL | SHIFT)], ids=["ctrl-y", "shift-ctrl-z"])
def test_the_redo_keys_replay_the_moves_just_undone_in_order(table, mod_key):
    app, scene = table(golf_game())
    click(app, top_card(scene, 0))  # 6♥ onto the 5♠
    settle(app)
    click(app, top_card(scene, 0))  # 7♣ onto the 6♥
    settle(app)
    assert waste(scene) == ["5S", "6H", "7C"]
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_z, CTRL)
    settle(app)
    assert waste(scene) == ["5S"] and scene.game.score == 0
    key(app, *mod_key)
    settle(app)
    assert waste(scene) == ["5S", "6H"]
    key(app, *mod_key)
    settle(app)
    assert waste(scene) == ["5S", "6H", "7C"] and scene.game.score == 20
    assert scene.game.moves == 4  # two moves and two redos; the undos are no moves
    assert scene.hud_values()[1] == "4"  # (Moves)
    key(app, *mod_key)  # nothing left to redo: nothing happens
    settle(app)
    assert scene.game.moves == 4 and not scene.toast.active
    targets = scene.targets()  # the cards went where the model says (the view follows the redo)
    assert all(scene.board.sprites[c].pos == t.pos for c, t in targets.items())


def test_a_new_move_ends_what_there_was_to_redo(table):
    app, scene = table(golf_game())
    click(app, top_card(scene, 0))
    settle(app)
    key(app, pygame.K_z, CTRL)
    settle(app)
    click(app, scene.layout.stock.center)  # a draw: a new move
    settle(app)
    assert waste(scene) == ["5S", "JD"]
    key(app, pygame.K_y, CTRL)
    settle(app)
    assert waste(scene) == ["5S", "JD"] and not scene.game.can_redo


@pytest.mark.parametrize("kiosk", [False, True])
def test_the_bands_redo_button_is_dimmed_until_an_undo_and_redoes_by_touch(table, kiosk):
    app, scene = table(eightoff_game(), kiosk=kiosk)
    redo = scene.hud.button_for(scene.redo)
    undo = scene.hud.button_for(scene.undo)
    assert redo is not None and redo.visible and not redo.enabled
    assert redo.rect.right <= scene.hud.button_for(scene.go_new_game).rect.left  # between New game and Undo
    assert undo.rect.right <= redo.rect.left
    touch_tap(app, top_card(scene, 2))  # A♠ to its foundation
    settle(app)
    touch_tap(app, redo.rect.center)  # dimmed: nothing happens
    settle(app)
    assert scene.game.moves == 1
    touch_tap(app, undo.rect.center)
    settle(app)
    assert scene.game.foundations[0] == () and redo.enabled
    run_frames(app)
    assert not redo.dirty  # it was painted in its new state
    touch_tap(app, redo.rect.center)
    settle(app)
    assert [str(c) for c in scene.game.foundations[0]] == ["AS"] and scene.game.moves == 2
    assert not redo.enabled


def test_the_redo_button_keeps_its_state_across_a_resize_and_a_resume(table, make_app):
    app, scene = table(EightOffGame.from_code("EO1-C8-AAAAAFA"), size=(1280, 720))
    pile = scene.game.columns[0]
    click(app, top_card(scene, 0))
    click(app, top_card(scene, 0))  # a double click: the top card goes to a cell (or a column)
    settle(app)
    assert scene.game.moves == 1
    key(app, pygame.K_z, CTRL)
    settle(app)
    assert list(scene.game.columns[0]) == list(pile)
    scene.resize((800, 480))
    assert scene.hud.button_for(scene.redo).enabled
    app.ctx.progress.save.flush()
    again = make_app(size=(800, 480))
    saved = again.ctx.progress.saved()
    assert saved is not None
    resumed = open_table(again.ctx, saved[0], saved[1])
    again.replace(resumed)
    settle(again)
    assert resumed.hud.button_for(resumed.redo).enabled  # the save's log brings the redo back
    key(again, pygame.K_y, CTRL)
    settle(again)
    assert resumed.game.moves == 2 and len(resumed.game.columns[0]) == len(pile) - 1
