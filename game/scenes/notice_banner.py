"""A notice over whatever is on screen for a few seconds at start ("Progress cannot be saved"): what
the player would otherwise miss, said once. It is passive (input goes to the scene beneath), and a
change of screen in its first seconds puts it back over the new one."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import tr
from game.scenes.attract_banner import BannerFrame
from game.scenes.base import Scene

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context

#: Seconds the notice shows: long enough to read two lines, short enough to be gone before play.
NOTICE_SECONDS = 10.0


class NoticeBanner(Scene):
    """Two lines (English keys, translated when drawn) near the bottom of the screen; `on_done` is
    called with the banner when its time is up (the App takes it off the stack)."""

    overlay = True
    passive = True

    def __init__(self, ctx: Context, title: str, detail: str, on_done: Callable[[NoticeBanner], Any]) -> None:
        super().__init__(ctx)
        self.title, self.detail = title, detail
        self.on_done: Callable[[NoticeBanner], Any] | None = on_done
        self.age = 0.0
        #: read at arm's length, over a screen the player is using: the size of a message
        self.frame = BannerFrame(ctx, self, unit_share=20)

    @property
    def rect(self) -> pygame.Rect:
        return self.frame.rect

    def enter(self) -> None:
        self.resize(self.ctx.screen_size)

    def resize(self, size: tuple[int, int]) -> None:
        self.frame.resize(size)

    def invalidate(self, rects: list | None = None) -> None:
        self.frame.invalidate(rects)

    def draw(self, surface: pygame.Surface) -> list | None:
        return self.frame.draw(surface)

    def texts(self) -> tuple[str, str]:
        return tr(self.title), tr(self.detail)

    def place(self, size: tuple[int, int], image_size: tuple[int, int]) -> pygame.Rect:
        rect = pygame.Rect((0, 0), image_size)
        rect.midbottom = (size[0] // 2, size[1] - max(8, size[1] // 24))
        return rect

    def update(self, dt: float) -> None:
        self.age += dt
        if self.age >= NOTICE_SECONDS and self.on_done is not None:
            done, self.on_done = self.on_done, None
            done(self)


class Notice:
    """The App's notice, if it has one (English title and detail): shown over the first screen, and
    over each screen that replaces it, until its banner's time is up."""

    def __init__(self, texts: tuple[str, str] | None) -> None:
        self.texts = texts
        self.banner: NoticeBanner | None = None

    def show(self, app: Any) -> None:
        """After a change of screen (the App's Replace): the banner on top, while it is due."""
        if self.texts is not None and self.banner is None:
            self.banner = NoticeBanner(app.ctx, *self.texts, on_done=app.remove)
        if self.banner is not None and self.banner.on_done is not None:
            app.push(self.banner)
