"""A table keeps loaded only the card faces it shows or may show next (game/view/face_keeping.py):
the top two of each pile, every card of a fanned column, the two face-down cards on top; the rest are
dropped once the table is at rest and come back in spare time before they show. The win's bouncing
cards load their faces as they leave, and let them go once off the screen."""

from __future__ import annotations

import pygame
from conftest import FRAME, click, key, run_frames, settle
from helpers.tables import counting_loads, eo, suit_up_to

from game.model.cards import Card
from game.model.golf import GolfGame
from game.scenes.dialog import shows
from game.scenes.end_screen import LOADED_AHEAD, WinPanel
from game.scenes.tables import open_table
from game.ui.gesture import SETTLE_TIME
from game.view.face_keeping import worth_keeping


def _faces(app) -> set[str]:
    """The card faces loaded now (not the backs, not the empty pile's outline)."""
    return {code for code, _w, _f in app.ctx.images._scaled if code != "slot" and not code.startswith("back")}


def _at_rest(app) -> None:
    settle(app)
    app.use_spare_time(10.0)  # what is missing of the faces worth keeping: loaded
    run_frames(app, 2)


def test_of_piles_the_top_two_are_kept_of_columns_every_card_and_of_face_down_the_top_two():
    c = Card.parse
    pile = [(c("AS"), (10, 10), True, 1), (c("2S"), (10.2, 9.8), True, 2), (c("3S"), (10, 10), True, 3)]
    column = [(c("KH"), (50, 10), True, 0), (c("QH"), (50, 30), True, 1), (c("JH"), (50, 50), True, 2)]
    stock = [(c("4D"), (90, 10), False, 10), (c("5D"), (89, 9), False, 11), (c("6D"), (88, 8), False, 12)]
    kept = worth_keeping(pile + column + stock)
    assert sorted(map(str, kept)) == sorted(["3S", "2S", "KH", "QH", "JH", "6D", "5D"])
    assert [str(k) for k in kept[:2]] == ["6D", "5D"]  # the top first: loaded first when missing


def test_a_golf_table_keeps_its_columns_the_waste_top_and_the_stock_top_and_an_undo_reads_no_png(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    scene = open_table(app.ctx, game)
    app.replace(scene)
    _at_rest(app)
    columns = {str(card) for col in game.columns for card in col}
    assert _faces(app) == columns | {str(game.waste[-1]), str(game.stock[-1]), str(game.stock[-2])}
    for _ in range(6):  # six draws: the cards under the waste's top two go
        click(app, scene.layout.stock.center)
        _at_rest(app)
    waste = [str(card) for card in game.waste]
    assert set(waste[-2:]) <= _faces(app) and not set(waste[:-2]) & _faces(app)
    assert _faces(app) == columns | set(waste[-2:]) | {str(game.stock[-1]), str(game.stock[-2])}
    loads = counting_loads(app.ctx.images)
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the draw undone: the card under the top shows at once
    settle(app)
    assert loads == [] and str(game.waste[-1]) == waste[-2]
    app.use_spare_time(10.0)  # and the one under that is loaded again before the next undo
    assert loads == [waste[-3]]


def test_an_eight_off_foundation_keeps_its_top_two_faces(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    game = eo([["2C", "9H"], ["3C"]], foundations=[suit_up_to("S", 9), [], [], []])
    scene = open_table(app.ctx, game)
    app.replace(scene)
    _at_rest(app)
    assert _faces(app) == {"2C", "9H", "3C", "9S", "8S"}


def test_the_bouncing_cards_load_their_faces_as_they_leave_and_let_them_go_off_the_screen(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    game = eo(
        [["KH"]], foundations=[suit_up_to("S", 13), suit_up_to("H", 12), suit_up_to("D", 13), suit_up_to("C", 13)]
    )
    scene = open_table(app.ctx, game)
    app.replace(scene)
    _at_rest(app)
    assert _faces(app) == {"KH", "KS", "QS", "QH", "JH", "KD", "QD", "KC", "QC"}  # each foundation's top two
    run_frames(app, int(SETTLE_TIME / FRAME) + 1)  # (a press as the table appears is not taken)
    click(app, scene.board.sprite_rect(scene.board.sprites[Card.parse("KH")]).center)  # home: the win
    for _ in range(120):
        if shows(app.top, WinPanel):
            break
        run_frames(app)
    overlay = app.top
    assert shows(overlay, WinPanel) and game.status == "won" and overlay.content.queue
    most = 0
    for _ in range(60 * 20):
        run_frames(app)
        app.use_spare_time(0.005)
        most = max(most, len(_faces(app)))
        if not overlay.content.celebrating():
            break
    assert not overlay.content.celebrating() and not overlay.content.queue
    # never the whole pack: the piles' top two and the table's last card, the next ones, a few in the air
    assert 4 * 2 + 1 < most <= 4 * 2 + 1 + LOADED_AHEAD + 6


def test_a_board_drops_only_its_own_cards_faces(app):
    from game.view.card_images import CardImages

    images = CardImages()
    for code in ("AS", "KD", "QS"):
        images.face(code, 90)
    images.back_face(90)
    assert images.keep_faces({"AS"}, 90, among={"AS", "KD"}) == 1  # KD: this board's, not kept
    left = {code for code, _w, _f in images._scaled}
    assert {"AS", "QS"} <= left and "KD" not in left and any(c.startswith("back") for c in left)


def test_a_new_table_lets_the_last_tables_other_faces_go_before_its_deal(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    app.replace(open_table(app.ctx, GolfGame.from_code("GO1-E-AAAAAFA")))
    _at_rest(app)
    before = _faces(app)
    game = GolfGame.from_code("GO1-E-AAAAAFB")
    app.replace(open_table(app.ctx, game))
    run_frames(app, 1)  # the deal has begun
    shown = {str(card) for col in game.columns for card in col} | {
        str(game.waste[-1]),
        str(game.stock[-1]),
        str(game.stock[-2]),
    }
    assert before - shown  # the first table showed faces the second will not
    assert _faces(app) <= shown  # gone at once, not held through the deal until it is at rest
    _at_rest(app)
    assert _faces(app) == shown


def test_the_faces_to_keep_are_chosen_in_spare_time_not_in_the_frame_the_cards_land_in(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    scene = open_table(app.ctx, GolfGame.from_code("GO1-E-AAAAAFA"))
    app.replace(scene)
    chosen = []
    keep = scene.board.keep_faces
    scene.board.keep_faces = lambda also=(): chosen.append(1) or keep(also)  # type: ignore[method-assign]
    run_frames(app, 400)  # the deal lands and the table rests: frames only
    assert not app.is_animating() and chosen == []
    app.use_spare_time(10.0)
    assert chosen == [1]
    app.use_spare_time(10.0)
    assert chosen == [1]  # once per change
