"""Contact sheets: every screen and panel of the game at each window size in each language.

    python -m tools.contact_sheets --out DIR [--sizes 800x480,1280x720,1920x1080]
                                   [--languages en,el,th] [--only NAME ...] [--scale 0.5] [--list]
                                   [--kiosk]

For each screen (tools/sheet_screens.py lists them and says how each is reached) the game runs
headless (SDL's dummy video and audio drivers) once per size and language, in a fresh App with fresh
settings and data folders, on a simulated clock (every frame 1/60 s, no waiting), and the screen is
taken once what it shows has settled. It writes:

- DIR/NAME.png        the screen's contact sheet: a row per size, a column per language, each tile
                      labelled "1280x720 el" under it (tiles at --scale of their real size);
- DIR/index.png       every tile of every screen as a thumbnail: a row per screen (names in red:
                      a tile failed);
- DIR/tiles/NAME-WxH-LANG.png   each tile at its real size, pixel for pixel.

A screen that cannot be reached or drawn gets a red tile saying why, the run goes on, and the exit
status is 1 at the end. With --kiosk every screen is taken in kiosk mode (a kiosk's finger-sized
targets, its menu); a screen a kiosk does not have (the menu's deal code box) gets a red tile.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tools import table_shots as shots
from tools.sheet_screens import Screen, all_screens, seed_statistics

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from game.app import App

SIZES = ((800, 480), (1280, 720), (1920, 1080))
LANGUAGES = ("en", "el", "th")
SCALE = 0.5  # a sheet's tiles, of their real size
THUMB = 160  # px: the width of a tile on the index sheet
MARGIN = 16
LABEL = 22  # px: the height of a tile's label
TITLE = 34  # px: the height of a sheet's title
INK = (235, 235, 225)
PAPER = (38, 40, 44)
FAILED = (170, 20, 24)


@dataclass
class Tile:
    """One screen at one size in one language: its picture, or why there is none."""

    size: tuple[int, int]
    language: str
    image: pygame.Surface | None = None  #: the screen at its real size, until its sheet is written
    error: str | None = None
    thumb: pygame.Surface | None = None  #: the screen on the index sheet (THUMB px wide)

    @property
    def label(self) -> str:
        return f"{self.size[0]}x{self.size[1]} {self.language}"


# -- taking the tiles --------------------------------------------------------------------------------
def open_app(size: tuple[int, int], language: str, scratch: Path, kiosk: bool = False) -> App:
    """An app of its own at `size` in `language`, with fresh folders and the first-run tips seen."""
    from game import registry
    from game.app import App
    from game.context import NullAudio
    from game.settings import Settings

    shots.quiet_environment(scratch)
    settings = Settings()
    settings.language = language
    settings.tips_seen = dict.fromkeys(registry.FAMILIES, True)
    app = App(
        size=size,
        fullscreen=False,
        settings=settings,
        settings_path=scratch / "settings.json",
        audio=NullAudio(),
        kiosk=kiosk,
    )
    shots.clear_events()
    return app


def reason(exc: BaseException) -> str:
    """What failed and where: the exception and the innermost frame of the game or the tools."""
    ours = {"game", "tools"}
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if ours & set(Path(f.filename).parts)]
    where = f" ({Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def take(screen: Screen, size: tuple[int, int], language: str, scratch: Path, kiosk: bool = False) -> Tile:
    """The screen reached in a fresh app (a kiosk's where the screen or `kiosk` says so), as a tile
    (a failure's reason instead of a picture)."""
    tile = Tile(size, language)
    app: App | None = None
    try:
        if screen.statistics:
            seed_statistics(scratch / "data")
        app = open_app(size, language, scratch, screen.kiosk or kiosk)
        screen.reach(app)
        tile.image = app.screen.copy()
    except Exception as exc:  # noqa: BLE001 - any failure is a red tile, and the run goes on
        tile.error = reason(exc)
        traceback.print_exc(file=sys.stderr)
    finally:
        if app is not None:
            try:
                app.close()
            except Exception as exc:  # noqa: BLE001 - (as above)
                tile.error = tile.error or f"closing: {reason(exc)}"
                tile.image = None
    return tile


def take_screen(
    screen: Screen, sizes: Sequence[tuple[int, int]], languages: Sequence[str], scratch: Path, kiosk: bool = False
) -> list[Tile]:
    """A screen's tiles, sizes by languages (row by row), each in folders of its own (gone after)."""
    tiles = []
    for w, h in sizes:
        for language in languages:
            folder = scratch / f"{screen.name}-{w}x{h}-{language}"
            tile = take(screen, (w, h), language, folder, kiosk)
            shutil.rmtree(folder, ignore_errors=True)
            print(f"{screen.name} {tile.label}: {'FAILED ' + tile.error if tile.error else 'ok'}", flush=True)
            tiles.append(tile)
    return tiles


# -- composing -----------------------------------------------------------------------------------------
def font(px: int) -> pygame.font.Font:
    import pygame

    pygame.font.init()
    return pygame.font.Font(None, px)


def wrapped(text: str, width: int, px: int) -> list[str]:
    """`text` in lines of at most `width` px (a word longer than that has a line of its own)."""
    f, lines, line = font(px), [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def picture(tile: Tile, scale: float) -> pygame.Surface:
    """The tile at `scale` of its size: the screen, or red with the reason it failed."""
    import pygame

    w, h = max(1, round(tile.size[0] * scale)), max(1, round(tile.size[1] * scale))
    if tile.image is not None:
        return pygame.transform.smoothscale(tile.image, (w, h))
    surface = pygame.Surface((w, h))
    surface.fill(FAILED)
    px = max(10, min(26, w // 18))
    y = 6
    for line in wrapped(f"failed: {tile.error}", w - 12, px):
        surface.blit(font(px).render(line, True, (255, 255, 255)), (6, y))
        y += px
    return surface


def write(
    surface: pygame.Surface, text: str, px: int, pos: tuple[int, int], colour: tuple[int, int, int] = INK
) -> None:
    surface.blit(font(px).render(text, True, colour), pos)


def sheet(
    title: str, tiles: Sequence[Tile], sizes: Sequence[tuple[int, int]], languages: Sequence[str], scale: float
) -> pygame.Surface:
    """A screen's contact sheet: a row per size, a column per language, each tile labelled under it."""
    import pygame

    cell_w = max(round(w * scale) for w, _h in sizes)
    rows = [round(h * scale) + LABEL for _w, h in sizes]
    width = MARGIN + len(languages) * (cell_w + MARGIN)
    height = MARGIN + TITLE + sum(r + MARGIN for r in rows)
    surface = pygame.Surface((width, height))
    surface.fill(PAPER)
    write(surface, title, TITLE - 6, (MARGIN, MARGIN))
    y = MARGIN + TITLE
    for r, row_height in enumerate(rows):
        for c in range(len(languages)):
            tile = tiles[r * len(languages) + c]
            x = MARGIN + c * (cell_w + MARGIN)
            image = picture(tile, scale)
            surface.blit(image, (x, y))
            write(surface, tile.label, LABEL - 2, (x, y + image.get_height() + 3), FAILED if tile.error else INK)
        y += row_height + MARGIN
    return surface


def index(
    names: Sequence[str], tiles: dict[str, list[Tile]], sizes: Sequence[tuple[int, int]], thumb: int
) -> pygame.Surface:
    """Every tile as a thumbnail, `thumb` px wide: a row per screen, its name on the left."""
    import pygame

    columns = max(len(row) for row in tiles.values())
    name_w = 180
    row_h = max(round(thumb * h / w) for w, h in sizes) + 6
    width = MARGIN + name_w + columns * (thumb + 6) + MARGIN
    height = MARGIN + LABEL + len(names) * row_h + MARGIN
    surface = pygame.Surface((width, height))
    surface.fill(PAPER)
    for c, tile in enumerate(tiles[names[0]]):
        write(surface, tile.label, LABEL - 4, (MARGIN + name_w + c * (thumb + 6), MARGIN))
    for r, name in enumerate(names):
        y = MARGIN + LABEL + r * row_h
        failed = any(t.error for t in tiles[name])
        write(surface, name, 20, (MARGIN, y + row_h // 2 - 8), FAILED if failed else INK)
        for c, tile in enumerate(tiles[name]):
            image = tile.thumb if tile.thumb is not None else picture(tile, thumb / tile.size[0])
            surface.blit(image, (MARGIN + name_w + c * (thumb + 6), y))
    return surface


def save(surface: pygame.Surface, path: Path) -> Path:
    import pygame

    pygame.image.save(surface, str(path))
    return path


def write_screen(
    out: Path,
    screen: Screen,
    tiles: list[Tile],
    sizes: Sequence[tuple[int, int]],
    languages: Sequence[str],
    scale: float = SCALE,
) -> Path:
    """A screen's sheet and its tiles at their real size; each tile then keeps only its thumbnail
    (a run's real-size pictures together would fill the memory)."""
    (out / "tiles").mkdir(parents=True, exist_ok=True)
    path = save(sheet(f"{screen.name}: {screen.what}", tiles, sizes, languages, scale), out / f"{screen.name}.png")
    for tile in tiles:
        if tile.image is not None:
            save(tile.image, out / "tiles" / f"{screen.name}-{tile.label.replace(' ', '-')}.png")
            tile.thumb = picture(tile, THUMB / tile.size[0])
            tile.image = None
    return path


# -- the command -------------------------------------------------------------------------------------
def parse_size(text: str) -> tuple[int, int]:
    w, _x, h = text.strip().lower().partition("x")
    if not (w.isdigit() and h.isdigit()):
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, like 1280x720, not {text!r}")
    return int(w), int(h)


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.contact_sheets", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, metavar="DIR", help="where the sheets go")
    parser.add_argument(
        "--sizes",
        type=lambda t: [parse_size(s) for s in t.split(",") if s.strip()],
        default=list(SIZES),
        help="window sizes, comma separated (default 800x480,1280x720,1920x1080)",
    )
    parser.add_argument(
        "--languages",
        type=lambda t: [s.strip() for s in t.split(",") if s.strip()],
        default=list(LANGUAGES),
        help="languages, comma separated (default en,el,th)",
    )
    parser.add_argument("--only", nargs="+", metavar="NAME", help="these screens only (--list names them)")
    parser.add_argument("--scale", type=float, default=SCALE, help=f"a sheet's tiles, of their size (default {SCALE})")
    parser.add_argument("--list", action="store_true", help="name every screen and what it shows, and stop")
    parser.add_argument("--kiosk", action="store_true", help="every screen in kiosk mode, as a visitor sees it")
    args = parser.parse_args(argv)
    if not args.list and args.out is None:
        parser.error("--out DIR is needed")
    return args


def chosen(screens: list[Screen], only: list[str] | None) -> list[Screen]:
    if not only:
        return screens
    known = {s.name for s in screens}
    unknown = [n for n in only if n not in known]
    if unknown:
        raise SystemExit(f"contact_sheets: no screen {', '.join(unknown)} (--list names them)")
    return [s for s in screens if s.name in only]


def main(argv: list[str] | None = None, screens: list[Screen] | None = None) -> int:
    """Take every tile, write the sheets; 0, or 1 when any screen failed."""
    args = arguments(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    every = all_screens() if screens is None else screens
    if args.list:
        for screen in every:
            print(f"{screen.name:20} {screen.what}")
        return 0
    picked = chosen(every, args.only)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="contact-sheets-") as tmp:
        shots.quiet_environment(Path(tmp))  # (before pygame loads)
        tiles: dict[str, list[Tile]] = {}
        made = []
        for screen in picked:
            tiles[screen.name] = take_screen(screen, args.sizes, args.languages, Path(tmp), args.kiosk)
            made.append(write_screen(args.out, screen, tiles[screen.name], args.sizes, args.languages, args.scale))
    made.append(save(index([s.name for s in picked], tiles, args.sizes, THUMB), args.out / "index.png"))
    failed = [f"{name} {t.label}" for name, row in tiles.items() for t in row if t.error]
    print(f"{len(made)} sheets in {args.out} in {time.monotonic() - start:.0f} s", end="")
    print(f"; {len(failed)} tiles failed: {', '.join(failed)}" if failed else "; every tile drawn")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
