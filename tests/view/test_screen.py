"""Putting frames on screen (game/view/screen.py, game/app.py): the path chosen per video driver, the
renderer path uploading each dirty rectangle and nothing else, and falling back to SDL's window surface
when a renderer cannot be made; the app presenting each area once and loading the solver's code only
once it has nothing to draw."""

from __future__ import annotations

import pygame
import pytest
from conftest import run_frames

from game import app as app_module
from game.model.golf import GolfGame
from game.scenes.tables import open_table
from game.view import screen as screen_module
from game.view.dirty_rects import outermost
from game.view.screen import (
    FRAMEBUFFER,
    RENDERER,
    SDL_DEFAULT,
    SDL_TEXTURE,
    RendererScreen,
    choose_path,
    to_screen_format,
)


def test_each_driver_gets_its_presentation_path():
    assert choose_path("x11") == FRAMEBUFFER  # SDL's own default there is its GL renderer
    assert choose_path("dummy") == FRAMEBUFFER
    assert choose_path("kmsdrm") == RENDERER  # no framebuffer of its own
    assert choose_path("wayland") == RENDERER
    assert choose_path("cocoa") == SDL_DEFAULT  # unknown here: SDL decides
    assert choose_path("x11", SDL_TEXTURE) == SDL_TEXTURE  # GOLF_EIGHTOFF_PRESENT, for measuring
    assert choose_path("kmsdrm", "no such path") == RENDERER


def test_the_framebuffer_path_asks_sdl_for_it_but_leaves_a_users_setting_alone(monkeypatch):
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    assert screen_module.WindowSurfaceScreen(FRAMEBUFFER).path == FRAMEBUFFER
    assert screen_module.os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")
    assert screen_module.WindowSurfaceScreen(FRAMEBUFFER).path == SDL_TEXTURE  # what SDL will do


class FakeTexture:
    """Stands in for pygame._sdl2.video.Texture: remembers every upload."""

    def __init__(self, size):
        self.pixels = pygame.Surface(size)
        self.uploads: list[pygame.Rect] = []
        self.drawn = 0

    def update(self, surface, area):
        assert isinstance(area, tuple)  # pygame-ce 2.5 misplaces an update given a Rect
        self.uploads.append(pygame.Rect(area))
        self.pixels.blit(surface, area)

    def draw(self):
        self.drawn += 1


class FakeRenderer:
    def __init__(self):
        self.presented = 0

    def present(self):
        self.presented += 1


def renderer_screen(size=(320, 200)) -> RendererScreen:
    scr = RendererScreen()
    scr.window = object()
    scr.renderer = FakeRenderer()
    scr.surface = pygame.Surface(size, 0, 32)
    scr.texture = FakeTexture(size)
    return scr


def test_the_renderer_path_uploads_each_dirty_rectangle_not_the_span_enclosing_them(app):
    scr = renderer_screen()
    scr.surface.fill((10, 20, 30))
    a, b = pygame.Rect(0, 0, 20, 30), pygame.Rect(290, 160, 30, 40)  # opposite corners
    scr.surface.fill((200, 0, 0), a)
    scr.surface.fill((0, 200, 0), b)
    scr.present([a, b])
    assert scr.texture.uploads == [a, b] and scr.uploaded == a.width * a.height + b.width * b.height
    assert scr.texture.drawn == 1 and scr.renderer.presented == 1  # one present for the frame
    assert scr.texture.pixels.get_at(a.center) == (200, 0, 0) and scr.texture.pixels.get_at(b.center) == (0, 200, 0)
    scr.present([])
    assert scr.renderer.presented == 1  # nothing changed: nothing presented
    scr.present([pygame.Rect(300, 190, 100, 100)])  # off the edge: clipped, never an error
    assert scr.texture.uploads[-1] == pygame.Rect(300, 190, 20, 10)
    scr.present(None)
    assert scr.texture.uploads[-1] == scr.surface.get_rect()


def test_the_renderer_path_works_on_a_real_renderer(app):
    """SDL's software renderer stands in for the GPU under the dummy driver."""
    scr = RendererScreen()
    try:
        surface = scr.open((320, 200), fullscreen=False, frameless=False)
    except (pygame.error, RuntimeError) as exc:  # pragma: no cover - an SDL without renderers
        pytest.skip(f"no renderer: {exc}")
    try:
        surface.fill((1, 2, 3))
        scr.present(None)
        surface.fill((250, 10, 10), (100, 60, 40, 40))
        scr.present([pygame.Rect(100, 60, 40, 40)])
        scr.texture.draw()  # (read back before a present: after one, the back buffer is undefined)
        shown = scr.renderer.to_surface()
        assert shown.get_at((110, 70))[:3] == (250, 10, 10)
        assert shown.get_at((5, 5))[:3] == shown.get_at((200, 150))[:3] == (1, 2, 3)  # nothing put elsewhere
        image = pygame.Surface((4, 4), pygame.SRCALPHA)
        converted = to_screen_format(image, alpha=True)
        assert converted.get_flags() & pygame.SRCALPHA and converted.get_bitsize() == 32
    finally:
        scr.close()


def test_the_app_falls_back_to_sdls_window_surface_when_the_renderer_fails(monkeypatch, make_app):
    def refuse(self, size, fullscreen, frameless):
        raise RuntimeError("Couldn't find matching render driver")

    monkeypatch.setattr(app_module, "open_screen", lambda: RendererScreen())
    monkeypatch.setattr(RendererScreen, "open", refuse)
    app = make_app(size=(640, 400))
    assert app.present_path == SDL_DEFAULT and app.screen.get_size() == (640, 400)
    app.replace(open_table(app.ctx, GolfGame.new("easy", number=3)))
    assert run_frames(app, 3) == 3


def test_an_area_reported_twice_goes_to_the_screen_once():
    band = pygame.Rect(0, 0, 800, 48)
    card = pygame.Rect(100, 100, 60, 80)
    assert outermost([band, card, pygame.Rect(band), pygame.Rect(10, 10, 20, 20)]) == [band, card]


def test_the_solvers_code_is_loaded_at_the_first_idle_frame_not_before(make_app):
    app = make_app(size=(800, 480))
    warmed = []
    app.ctx.jobs.warm = lambda: warmed.append(app.frames)
    app.replace(open_table(app.ctx, GolfGame.new("easy", number=3)))
    app.step_frame(1 / 60)
    assert warmed == []  # the first frame is drawn first
    for _ in range(400):
        app.step_frame(1 / 60)
        if warmed:
            break
    assert len(warmed) == 1 and not app.is_animating()
    run_frames(app, 30)
    assert len(warmed) == 1


@pytest.mark.parametrize("width", [128, 130, 131, 132, 200, 1920])
def test_an_opaque_image_is_kept_with_rows_sdl_copies_at_full_speed_and_the_same_pixels(app, width):
    """Rows a multiple of 16 bytes apart take SDL's streaming-store copy on x86, which stalls on
    each row's tail (screen.fast_to_copy)."""
    from game.view.screen import fast_to_copy

    image = pygame.Surface((width, 7))
    for x in range(width):
        image.set_at((x, x % 7), (x % 256, 255 - x % 256, 7))
    kept = fast_to_copy(image)
    assert kept.get_size() == image.get_size() and kept.get_pitch() % 16
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(image, "RGB")
    assert (kept is image) == bool(image.get_pitch() % 16)  # copied only when it has to be
    out, expected = pygame.Surface((300 + width, 20)), pygame.Surface((300 + width, 20))
    out.blit(kept, (4, 8))
    expected.blit(image, (4, 8))
    assert pygame.image.tobytes(out, "RGB") == pygame.image.tobytes(expected, "RGB")


def test_card_bodies_and_background_patches_have_rows_sdl_copies_at_full_speed(make_app):
    app = make_app(size=(1280, 712))  # Golf's cards are 132 pixels wide there: rows of 528 bytes
    table = open_table(app.ctx, GolfGame.from_code("GO1-E-AAAAAAC"))
    app.replace(table)
    run_frames(app, 3)
    face = app.ctx.images.face("AS", table.layout.card_w)
    assert face.width % 4 == 0 and face.body.get_pitch() % 16
    assert all(patch.get_pitch() % 16 for _, patch in table.board.background.patches)
    assert face.scaled(64).body.get_pitch() % 16  # a turning step's, and a dimmed card's
    assert face.dimmed((128, 128, 128)).body.get_pitch() % 16


def test_only_plain_32_bit_images_are_widened_for_copying(app):
    from game.view.screen import fast_to_copy

    indexed = pygame.Surface((128, 4), 0, 8)  # an 8-bit image's palette would not come along
    keyed = pygame.Surface((128, 4)).convert()
    keyed.set_colorkey((0, 0, 0))  # nor a colour key
    assert fast_to_copy(indexed) is indexed and fast_to_copy(keyed) is keyed


def test_a_window_back_from_full_screen_is_asked_again_for_its_size_when_the_system_kept_another(monkeypatch):
    """X11 may leave a window that comes back from full screen at the full-screen size (pygame warns
    "forcibly resized"): the window is asked for its size once more, and then has it."""
    asked: list[tuple[tuple[int, int], int]] = []

    def set_mode(size, flags=0):
        asked.append((tuple(size), flags))
        return pygame.Surface((1920, 1080) if len(asked) == 1 else size)

    monkeypatch.setattr(screen_module.pygame.display, "set_mode", set_mode)
    surface = screen_module.WindowSurfaceScreen(FRAMEBUFFER).open((1024, 600), False, False)
    assert surface.get_size() == (1024, 600)
    assert asked == [((1024, 600), pygame.RESIZABLE)] * 2
