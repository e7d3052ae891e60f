"""A card drawn beneath a translucent panel already on the screen (game/view/under_panel.py) looks as
the painter's algorithm draws it (the card, then the panel over it), though nothing of what lies under
the panel is kept; and a dialog keeps no window-sized copy of the screen."""

from __future__ import annotations

import random

import pygame
from conftest import run_frames
from helpers.tables import win, winnable_layout

from game.ui.panel_image import PanelImage
from game.view.card_face import draw_image
from game.view.card_images import CardImages
from game.view.under_panel import KEPT_TINTS, TINT_PIXELS, draw_under, tints_of


def _ground(size: tuple[int, int], seed: int) -> pygame.Surface:
    rng = random.Random(seed)
    surf = pygame.Surface(size).convert()
    for _ in range(300):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        surf.fill(colour, (rng.randrange(size[0]), rng.randrange(size[1]), rng.randrange(5, 40), rng.randrange(5, 40)))
    return surf


def _worst(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> int:
    x, y = pygame.image.tobytes(a.subsurface(rect), "RGB"), pygame.image.tobytes(b.subsurface(rect), "RGB")
    return max(abs(p - q) for p, q in zip(x, y))


def test_cards_drawn_under_a_panel_on_screen_look_as_drawn_before_it_and_nothing_else_changes(app):
    images = CardImages()
    size = (520, 400)
    panel = PanelImage((300, 260), 20, opacity=238)
    at = (90, 70)
    bounds = pygame.Rect(at, panel.get_size())
    ground = _ground(size, 3)
    painted, ours = ground.copy(), ground.copy()
    panel.draw(ours, at)
    rng, crossed = random.Random(5), 0
    for _ in range(16):  # overlapping trails, across the panel's edges and its shadow, corners and all
        face = images.face(rng.choice(["AS", "KH", "QD", "7C", "X1"]), rng.choice([56, 90, 120]))
        pos = (rng.randrange(-40, size[0] - 20), rng.randrange(-40, size[1] - 20))
        draw_image(painted, face, pos)
        before = ours.copy()
        drawn = draw_under(ours, panel, at, face, pos)
        expected = pygame.Rect(pos, face.size).clip(bounds).clip(ours.get_rect())
        assert drawn.size == expected.size
        outside = before.copy()
        if expected.width and expected.height:
            assert drawn == expected
            crossed += 1
            outside.blit(ours, drawn, drawn)
        assert pygame.image.tobytes(outside, "RGB") == pygame.image.tobytes(ours, "RGB")  # only `drawn` changed
    assert crossed >= 6
    panel.draw(painted, at)
    assert _worst(painted, ours, bounds) <= 2  # rounding of the blends at the cards' edges


def test_a_card_on_the_panels_plain_body_is_drawn_from_one_tinted_face_as_the_painter_would(app):
    images = CardImages()
    panel = PanelImage((420, 360), 20, opacity=238)
    at = (30, 20)
    ground = pygame.Surface((540, 480)).convert()
    ground.fill((200, 40, 90))
    panel.draw(ground, at)
    plain = panel.plain.move(at)
    assert plain.width > 300 and plain.height > 250  # all but the panel's edges and shadow
    body = ground.subsurface(plain)
    same = pygame.mask.from_threshold(body, body.get_at((0, 0)), (1, 1, 1, 255))
    assert same.count() == plain.width * plain.height  # one colour there, every pixel
    face = images.face("KH", 90)
    ours = _ground((540, 480), 8)
    painted = ours.copy()
    panel.draw(ours, at)
    inside = [(plain.x + 10, plain.y + 10), (plain.x + 150, plain.y + 90), (plain.right - 95, plain.y + 40)]
    for pos in inside:
        draw_under(ours, panel, at, face, pos)
        draw_image(painted, face, pos)
    assert tints_of(panel).made == 1  # made once, drawn three times
    edge = (plain.right - 40, plain.bottom - 60)  # part on the plain body, part on the edge and shadow
    assert draw_under(ours, panel, at, face, edge) == pygame.Rect(edge, face.size).clip(pygame.Rect(at, panel.size))
    draw_image(painted, face, edge)
    panel.draw(painted, at)
    assert _worst(painted, ours, pygame.Rect(at, panel.size)) <= 2
    for code in ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]:
        draw_under(ours, panel, at, images.face(code, 90), inside[0])
    kept = max(KEPT_TINTS, TINT_PIXELS // (face.width * face.height))  # (90-pixel cards: more than 13)
    assert tints_of(panel).made == 13 and len(tints_of(panel)._faces) == min(13, kept)
    small = PanelImage((420, 360), 20, opacity=238)  # cards the size of a 1920x1080 table's: few kept
    big = [
        images.face(code, 160)
        for code in ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AC", "2C", "3C"]
    ]
    for card in big:
        draw_under(ours, small, at, card, (plain.x + 5, plain.y + 5))
    assert tints_of(small).made == 16
    assert len(tints_of(small)._faces) == max(KEPT_TINTS, TINT_PIXELS // (big[0].width * big[0].height)) < 16


def test_the_win_cascade_under_the_panel_looks_as_painted_whole_and_a_button_repaints_alone(make_app):
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips = False
    scene = win(app, winnable_layout())
    overlay = app.top
    screen = pygame.display.get_surface()
    # what the scene beneath looks like dimmed: the start of the painter's picture
    painted = pygame.Surface(screen.get_size(), 0, screen)
    scene.invalidate(None)
    scene.draw(painted)
    overlay._darken(painted, painted.get_rect())
    for shown in app.visible_scenes():  # the first cascade's trails gone: all drawn anew
        shown.invalidate(None)
    run_frames(app, 1)
    board = scene.board
    overlay.content.queue = [
        (s.card, board.sprite_rect(s).topleft) for s in sorted(board.sprites.values(), key=lambda s: -s.z)
    ]  # the cascade again
    drawn = []
    draw_beneath = overlay.draw_beneath

    def recorded(surface, image, pos):
        drawn.append((image, pos, surface.get_clip()))
        return draw_beneath(surface, image, pos)

    overlay.draw_beneath = recorded
    run_frames(app, 150)
    assert any(pygame.Rect(pos, image.size).colliderect(overlay.panel_rect) for image, pos, _ in drawn)
    # and over its buttons too: taken away under a card and put back over it (and only there)
    assert any(pygame.Rect(pos, image.size).colliderect(b.bounds) for image, pos, _ in drawn for b in overlay.buttons)
    for image, pos, clip in drawn:
        painted.set_clip(clip)
        draw_image(painted, image, pos)
    painted.set_clip(None)
    overlay._panel.draw(painted, overlay.panel_bounds.topleft)
    for b in overlay.buttons:
        b.dirty = True
        b.draw(painted)
    bounds = overlay.panel_bounds.clip(screen.get_rect())
    assert _worst(painted, screen, bounds) <= 2
    # a button's hover on and off repaints it over what the panel holds under it, trails and all
    overlay.content.flying, overlay.content.queue = [], []
    run_frames(app, 1)
    shown = screen.subsurface(bounds).copy()
    button = overlay.buttons[0]
    button.hover = True
    button.dirty = True
    run_frames(app, 1)
    button.hover = False
    button.dirty = True
    run_frames(app, 1)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(screen.subsurface(bounds), "RGB")


def test_a_dialog_keeps_its_panel_in_slices_and_what_lies_under_its_buttons_and_no_copy_of_the_screen(make_app):
    app = make_app(size=(1920, 1080))
    app.ctx.settings.tips = False
    win(app, winnable_layout())
    overlay = app.top
    run_frames(app, 5)
    panel = overlay._panel
    kept = [v for v in vars(overlay).values() if isinstance(v, pygame.Surface)]
    kept += [s for v in vars(overlay).values() if isinstance(v, list) for s in v if isinstance(s, pygame.Surface)]
    kept += [s for s in (panel.top, panel.band, panel.bottom) if s is not None]
    pixels = sum(s.get_width() * s.get_height() for s in kept)
    bounds = overlay.panel_bounds
    assert panel.get_size() == bounds.size
    buttons = sum(b.bounds.width * b.bounds.height for b in overlay.buttons)
    assert pixels <= 0.4 * bounds.width * bounds.height + buttons  # whole, the panel alone was all of it
