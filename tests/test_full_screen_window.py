"""F11 from full screen back to a window (game/app.py, game/view/screen.py): the window comes back
at its last size and place, on the desktop, whatever the window manager last said of the full-screen
window; a game that started full screen opens a window that fits the desktop, centred on it. A fake
screen stands in for the display: it records what the app asks of it."""

from __future__ import annotations

import pygame
import pytest
from conftest import key, run_frames

from game import app as app_module
from game.app import App
from game.settings import Settings
from game.view.screen import Screen, window_spot


class FakeScreen(Screen):
    """A window on a desktop of `desktop` size: where it is, and every open asked of it."""

    path = "fake"

    def __init__(self, desktop: tuple[int, int]) -> None:
        super().__init__()
        self.desktop_size = desktop
        self.opened: list[tuple[tuple[int, int], bool]] = []
        self.spot = (0, 0)
        self.full = False

    def open(self, size, fullscreen, frameless):
        self.opened.append((tuple(size), fullscreen))
        self.full = fullscreen
        if fullscreen:  # (a full-screen window covers the desktop from its corner)
            self.spot, size = (0, 0), self.desktop_size
        self.surface = pygame.Surface(size)
        return self.surface

    def resized(self, size):
        self.surface = pygame.Surface(size)
        return self.surface

    def present(self, rects):
        pass

    def set_caption(self, text):
        pass

    def set_icon(self, image):
        pass

    def place(self):
        return None if self.full else self.spot

    def move(self, place):
        self.spot = tuple(place)

    def desktop(self):
        return self.desktop_size


@pytest.fixture
def fake_display(monkeypatch, config_dir):
    made: list[FakeScreen] = []
    apps: list[App] = []

    def make(desktop=(1920, 1080), size=(1024, 600), fullscreen=False) -> tuple[App, FakeScreen]:
        monkeypatch.setattr(app_module, "open_screen", lambda: made.append(FakeScreen(desktop)) or made[-1])
        settings = Settings(fullscreen=fullscreen)
        app = App(size=size, fullscreen=fullscreen, settings=settings, settings_path=config_dir / "s.json")
        apps.append(app)
        return app, made[-1]

    yield make
    for app in apps:
        app.close()


def resize_event(size) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


def test_f11_back_to_a_window_restores_its_last_size_and_place(fake_display):
    app, screen = fake_display()
    screen.move((200, 150))  # the player put the window there
    key(app, pygame.K_F11)
    assert app.fullscreen and app.size == (1920, 1080)
    resize_event((1920, 1080))  # the full-screen window's size, as the system reports it
    run_frames(app)
    key(app, pygame.K_F11)
    assert not app.fullscreen
    assert screen.opened[-1] == ((1024, 600), False)
    assert screen.spot == (200, 150) and app.size == (1024, 600)


def test_the_full_screen_size_reported_late_does_not_become_the_windows(fake_display):
    """A window manager may report the full-screen window's size once more after the window is back:
    the window is asked for its own size again, not stretched to the desktop."""
    app, screen = fake_display()
    screen.move((200, 150))
    key(app, pygame.K_F11)
    key(app, pygame.K_F11)
    resize_event((1920, 1080))
    run_frames(app)
    assert app.size == (1024, 600) and app.windowed_size == (1024, 600)
    assert screen.surface.get_size() == (1024, 600) and screen.spot == (200, 150)
    resize_event((1100, 640))  # the player's own resize afterwards is the window's new size
    run_frames(app)
    assert app.size == (1100, 640) and app.windowed_size == (1100, 640)


def test_a_window_left_partly_off_the_desktop_comes_back_on_it(fake_display):
    app, screen = fake_display()
    screen.move((1500, 900))
    key(app, pygame.K_F11)
    key(app, pygame.K_F11)
    assert screen.spot == (1920 - 1024, 1080 - 600)


def test_a_game_started_full_screen_opens_a_window_that_fits_the_desktop_centred(fake_display):
    app, screen = fake_display(desktop=(1280, 720), size=(1280, 720), fullscreen=True)
    assert app.fullscreen and app.size == (1280, 720)
    key(app, pygame.K_F11)
    (w, h), windowed = screen.surface.get_size(), screen.opened[-1][0]
    assert (w, h) == windowed == app.size
    assert w < 1280 and h < 720 and abs(w / h - 1280 / 720) < 0.01  # room for the title bar
    assert screen.spot == ((1280 - w) // 2, (720 - h) // 2)


def test_window_spot_keeps_the_place_on_the_desktop():
    assert window_spot((800, 480), (10, 20), (1920, 1080)) == ((800, 480), (10, 20))
    assert window_spot((800, 480), (-50, 1000), (1920, 1080)) == ((800, 480), (0, 600))
    assert window_spot((800, 480), (10, 20), (0, 0)) == ((800, 480), (10, 20))  # the desktop unknown
    assert window_spot((800, 480), None, (0, 0)) == ((800, 480), None)
