"""Appearance: card backs, table colours and the four-colour deck, chosen with posted
clicks from Settings, saved at once, shown in the preview, on this screen's felt and on the table
beneath when the player returns."""

from __future__ import annotations

import json
import logging

import pygame
import pytest
from conftest import click, key, run_frames, settle

from game import i18n
from game.model.golf import GolfGame
from game.scenes.appearance_scene import AppearanceScene, felt_piece
from game.scenes.settings_scene import SettingsScene
from game.settings import CARD_BACKS, FACE_DESIGNS, TABLE_COLOURS, Settings, default_path
from game.ui import felt, theme
from game.view import card_images
from game.view.card_images import BACK_STYLES, CardFace, CardImages, card_height

#: Each card back drawn as a plain colour, so a pixel tells which style was drawn (the designs
#: themselves are card_images' and the sprites' business).
BACK_INK = {"lattice": (200, 30, 30), "diamonds": (30, 200, 30), "waves": (30, 30, 200), "stars": (200, 200, 30)}


@pytest.fixture
def backs(monkeypatch):
    def back(self, width, style=BACK_STYLES[0]):
        surf = pygame.Surface((width, card_height(width)), pygame.SRCALPHA)
        surf.fill((*BACK_INK[style], 255))
        return surf

    monkeypatch.setattr(CardImages, "back", back)
    monkeypatch.setattr(
        CardImages, "back_face", lambda self, width, style=BACK_STYLES[0]: CardFace.split(back(self, width, style))
    )


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def golf_under_settings(make_app, backs):
    """A Golf table with Settings over it: (app, table)."""
    app = make_app(size=(1280, 720), settings=Settings(fullscreen=False, animation_speed="off"))
    app.replace(app.ctx.scenes.table(GolfGame.from_code("GO1-E-AAAAAAB")))
    settle(app)
    table = app.top
    app.push(SettingsScene(app.ctx))
    run_frames(app)
    return app, table


def screen_at(pos) -> tuple[int, int, int]:
    return tuple(pygame.display.get_surface().get_at((int(pos[0]), int(pos[1]))))[:3]


def open_appearance(app) -> AppearanceScene:
    settings = app.top
    assert isinstance(settings, SettingsScene) and "four_colour" not in settings.toggles  # moved to Appearance
    click(app, settings.appearance.rect.center)
    assert isinstance(app.top, AppearanceScene) and app.stack[-2] is settings
    return app.top


def back_to_table(app, table) -> None:
    click(app, app.top.back.rect.center)  # Appearance -> Settings
    assert isinstance(app.top, SettingsScene)
    click(app, app.top.back.rect.center)  # Settings -> the table
    assert app.top is table
    run_frames(app, 2)


def stock_point(table) -> tuple[int, int]:
    """The middle of the face-down card on top of Golf's stock."""
    down = [s for s in table.board.sprites.values() if not s.face_up]
    assert down
    return table.board.sprite_rect(max(down, key=lambda s: s.z)).center


def test_the_lists_agree_with_the_art_and_the_theme():
    assert CARD_BACKS == BACK_STYLES
    assert FACE_DESIGNS == card_images.FACE_DESIGNS
    assert TABLE_COLOURS == tuple(theme.FELTS) == tuple(theme.PANELS)


def test_a_bad_appearance_in_the_file_falls_back_with_a_warning(tmp_path, caplog):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"card_back": "tartan", "table_colour": 3, "four_colour": True}))
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        s = Settings.load(path)
    assert (s.card_back, s.table_colour, s.four_colour) == ("lattice", "green", True)
    assert len(caplog.records) == 2


def test_each_felt_has_its_own_colour_and_is_made_once():
    size = (160, 90)
    centres = {c: tuple(theme.felt(size, c).get_at((80, 40)))[:3] for c in TABLE_COLOURS}
    assert len(set(centres.values())) == 4
    for colour, pixel in centres.items():  # the lit centre, give or take a fibre
        assert all(abs(a - b) <= 6 for a, b in zip(pixel, theme.FELTS[colour][0])), (colour, pixel)
    fibres = [
        [theme.felt_image(size, c).get_at_mapped((x, 7)) // felt.LEVELS for x in range(160)] for c in TABLE_COLOURS
    ]
    assert all(f == fibres[0] for f in fibres)  # one fibre texture for all
    unknown, green = theme.felt(size, "mauve"), theme.felt(size, "green")
    assert pygame.image.tobytes(unknown, "RGB") == pygame.image.tobytes(green, "RGB")


def test_settings_opens_appearance_and_back_or_escape_returns(golf_under_settings):
    app, table = golf_under_settings
    scene = open_appearance(app)
    click(app, scene.colours.tile_rect(TABLE_COLOURS.index("dark")).center)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, SettingsScene)
    assert screen_at((3, 3)) == tuple(theme.felt(app.size, "dark").get_at((3, 3)))[:3]  # Settings' felt too
    open_appearance(app)
    back_to_table(app, table)


def test_each_card_back_is_saved_previewed_and_dealt(golf_under_settings):
    app, table = golf_under_settings
    scene = open_appearance(app)
    preview = scene.preview
    for style in ("stars", "waves", "lattice", "diamonds"):
        click(app, scene.backs.tile_rect(CARD_BACKS.index(style)).center)
        assert app.settings.card_back == style
        assert Settings.load(default_path()).card_back == style  # saved at once
        back = preview.card_rects()["back"].move(preview.rect.topleft)
        assert screen_at(back.center) == BACK_INK[style]
        assert table.board.back_style == "lattice"  # hidden beneath: repainted once, on the way back
    back_to_table(app, table)
    assert table.board.back_style == "diamonds"
    assert screen_at(stock_point(table)) == BACK_INK["diamonds"]


def test_each_table_colour_is_saved_and_painted_here_and_on_the_table(golf_under_settings):
    app, table = golf_under_settings
    scene = open_appearance(app)
    w, h = app.size
    seen = set()
    for colour in ("blue", "red", "dark", "green"):
        click(app, scene.colours.tile_rect(TABLE_COLOURS.index(colour)).center)
        assert app.settings.table_colour == colour
        assert Settings.load(default_path()).table_colour == colour
        r = scene.preview.rect
        piece = felt_piece(r.size, colour, max(8, r.height // 16))
        spot = (r.width // 2, r.height - 6)  # felt, under the cards
        assert screen_at((r.x + spot[0], r.y + spot[1])) == tuple(piece.get_at(spot))[:3]
        assert screen_at((3, 3)) == tuple(theme.felt((w, h), colour).get_at((3, 3)))[:3]  # this screen's felt
        seen.add(screen_at((3, 3)))
    assert len(seen) == 4
    click(app, scene.colours.tile_rect(TABLE_COLOURS.index("red")).center)
    back_to_table(app, table)
    app._force_draw = True
    table.invalidate(None)
    run_frames(app)
    assert screen_at((3, h - 3)) == tuple(theme.felt((w, h), "red").get_at((3, h - 3)))[:3]


def test_the_four_colour_deck_is_switched_from_appearance(golf_under_settings):
    app, table = golf_under_settings
    scene = open_appearance(app)
    preview = scene.preview

    def blue_diamond_ink() -> int:
        rects = preview.card_rects()
        strip = pygame.Rect(rects["8D"].x, rects["8D"].y, rects["9S"].x - rects["8D"].x, rects["8D"].height)
        strip.move_ip(preview.rect.topleft)
        surf = pygame.display.get_surface()
        return sum(
            1
            for x in range(strip.left, strip.right, 2)
            for y in range(strip.top, strip.bottom, 2)
            if (c := surf.get_at((x, y))).b > 120 and c.r < 80
        )

    assert blue_diamond_ink() == 0
    click(app, scene.four_colour.rect.center)
    assert app.settings.four_colour is True and Settings.load(default_path()).four_colour is True
    assert blue_diamond_ink() > 20
    click(app, scene.four_colour.rect.center)
    assert app.settings.four_colour is False and blue_diamond_ink() == 0
    click(app, scene.four_colour.rect.center)
    back_to_table(app, table)
    assert table.board.four_colour is True


@pytest.mark.parametrize("lang", ["en", "el", "th"])
@pytest.mark.parametrize("size,kiosk", [((800, 480), False), ((800, 480), True), ((1920, 1080), False)])
def test_appearance_fits_with_finger_sized_targets(make_app, lang, size, kiosk):
    app = make_app(size=size, kiosk=kiosk, settings=Settings(language=lang, fullscreen=False))
    app.push(AppearanceScene(app.ctx))
    run_frames(app)
    scene = app.top
    touch = theme.KIOSK_TOUCH if kiosk else theme.MIN_TOUCH
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(scene.panel_rect)
    rects = [w.rect for w in scene.widgets]
    for i, r in enumerate(rects):
        assert scene.panel_rect.contains(r), (i, r)
        assert all(not r.colliderect(other) for other in rects[i + 1 :]), (i, r)
    for choice in (scene.backs, scene.faces, scene.colours):
        for i in range(len(choice.options)):
            tile = choice.tile_rect(i)
            assert tile.width >= touch and tile.height >= touch, tile
    assert scene.four_colour.rect.height >= touch and scene.back.rect.height >= touch
    preview_cards = scene.preview.card_rects().values()
    assert all(pygame.Rect((0, 0), scene.preview.rect.size).contains(r) for r in preview_cards)


def test_an_unknown_face_design_in_the_file_gives_the_standard_faces(tmp_path, caplog):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"face_design": "huge", "four_colour": True}))
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        s = Settings.load(path)
    assert (s.face_design, s.four_colour) == ("standard", True)
    assert "face_design" in caplog.text
    path.write_text(json.dumps({"face_design": "large"}))
    assert Settings.load(path).face_design == "large"


def test_the_game_starts_with_the_saved_face_design(make_app):
    app = make_app(size=(800, 480), settings=Settings(face_design="large", fullscreen=False))
    assert app.ctx.images.design == "large"


def test_the_large_index_faces_are_chosen_previewed_saved_and_dealt(golf_under_settings):
    app, table = golf_under_settings
    card = table.game.columns[0][-1]  # the column's uncovered card
    standard = table.board.images.face(str(card), table.board.card_w)
    scene = open_appearance(app)
    assert scene.faces.value == "standard"
    shown = pygame.display.get_surface().subsurface(scene.preview.rect).copy()
    click(app, scene.faces.tile_rect(FACE_DESIGNS.index("large")).center)
    assert app.settings.face_design == "large" and Settings.load(default_path()).face_design == "large"
    after = pygame.display.get_surface().subsurface(scene.preview.rect)
    assert pygame.image.tobytes(after, "RGB") != pygame.image.tobytes(shown, "RGB")  # the preview's cards
    back_to_table(app, table)
    large = table.board.images.face(str(card), table.board.card_w)
    assert pygame.image.tobytes(large.image(), "RGBA") != pygame.image.tobytes(standard.image(), "RGBA")
    rect = table.board.sprite_rect(table.board.sprites[card])
    body = pygame.Rect(0, large.radius, rect.width, rect.height - 2 * large.radius)  # (a glow may lie round it)
    drawn = pygame.display.get_surface().subsurface(rect).subsurface(body)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(large.body.subsurface((0, 0), body.size), "RGB")
