"""A table's static background, kept small: the 8-bit felt (game/ui/felt.py) and, where something
is painted on it (the top band, the empty piles' outlines), opaque patches in the screen's format.

The board restores from it what a moving card uncovers (`draw`). At 1920x1080 a whole background in
the screen's format is 8 MiB; the felt is 2 and a Golf table's patches under 3.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from .dirty_rects import minus
from .screen import fast_to_copy


class Canvas(Protocol):
    """What a painter of the background draws with: a Surface, or a patch's `Offset` canvas."""

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> Any: ...

    def fill(self, color: Any, rect: Any = None) -> Any: ...

    def get_rect(self) -> pygame.Rect:
        """The part of the table it holds: a painter may skip what lies outside."""
        ...


class Offset:
    """A patch seen as the whole table: blits and fills at table coordinates land on the patch
    that covers `area`, clipped to it."""

    def __init__(self, patch: pygame.Surface, area: pygame.Rect) -> None:
        self.patch, self.dx, self.dy = patch, -area.x, -area.y

    def get_rect(self) -> pygame.Rect:
        return self.patch.get_rect(topleft=(-self.dx, -self.dy))

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        if isinstance(dest, pygame.Rect):
            dest = dest.topleft
        return self.patch.blit(source, (dest[0] + self.dx, dest[1] + self.dy), area, special_flags)

    def fill(self, color: Any, rect: Any = None) -> pygame.Rect:
        if rect is None:
            return self.patch.fill(color)
        return self.patch.fill(color, pygame.Rect(rect).move(self.dx, self.dy))


class Backdrop:
    """The felt (any surface: the 8-bit one of a table) and the patches over it, each `(area,
    image)` in the screen's format."""

    def __init__(self, felt: pygame.Surface, patches: Sequence[tuple[pygame.Rect, pygame.Surface]] = ()) -> None:
        self.felt = felt
        self.patches = list(patches)
        self._areas = [area for area, _ in self.patches]  # (for Rect.collidelistall: a restore's hits in C)

    @classmethod
    def painted(cls, felt: pygame.Surface, areas: Sequence[pygame.Rect], paint: Callable[[Canvas], None]) -> Backdrop:
        """The felt with `paint` (which draws in table coordinates) applied within `areas` only:
        each area (overlapping ones merged) becomes a patch of felt with `paint` done over it, in
        the order `paint` draws, so a patch holds what a whole painted background would there."""
        patches = []
        bounds = felt.get_rect()
        for area in _merged([pygame.Rect(a).clip(bounds) for a in areas]):
            patch = pygame.Surface(area.size)  # the display's format: restoring from it is a copy
            patch.blit(felt, (0, 0), area)
            paint(Offset(patch, area))
            patches.append((area, fast_to_copy(patch)))
        return cls(felt, patches)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Put the background within `rect` on `surface`: the felt only where no patch lies (a
        Golf card drawn from the stock flies over the stock's and the waste's patches: three
        quarters of what its frames restore), each patch where it does."""
        hits = [self.patches[i] for i in rect.collidelistall(self._areas)]
        for part in minus(rect, [area for area, _ in hits]) if hits else (rect,):
            surface.blit(self.felt, part.topleft, part)
        for area, patch in hits:
            part = area.clip(rect)
            surface.blit(patch, part.topleft, part.move(-area.x, -area.y))

    def get_at(self, point: tuple[int, int]) -> pygame.Color:
        """The background's colour at `point` (as a Surface's get_at)."""
        for area, patch in self.patches:
            if area.collidepoint(point):
                return patch.get_at((point[0] - area.x, point[1] - area.y))
        return self.felt.get_at(point)

    def nbytes(self) -> int:
        """The memory its pixels take."""
        return sum(
            s.get_bytesize() * s.get_width() * s.get_height() for s in (self.felt, *(p for _, p in self.patches))
        )


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """`rects` with those that overlap replaced by their union (until none overlaps), empty ones
    dropped."""
    out: list[pygame.Rect] = []
    for rect in (r for r in rects if r.width > 0 and r.height > 0):
        hit = rect.collidelist(out)
        while hit != -1:
            rect = rect.union(out.pop(hit))
            hit = rect.collidelist(out)
        out.append(rect)
    return out
