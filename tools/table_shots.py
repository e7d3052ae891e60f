"""Screenshots of scripted games, to prove that a change of the code leaves what the tables show as it was.

    python -m tools.table_shots --out DIR              play every script at every size, save DIR/*.png
    python -m tools.table_shots --compare DIR_A DIR_B  list each image that differs or is missing in
                                                       one of them; exit 1 if any, 0 if all are equal

Each script plays a fixed deal (or a fixed position) in the real game, headless (SDL's dummy video
and audio drivers), in English, with the first-run tips already seen, the solver answering in the
same thread and the statistics read at once, each in a fresh settings folder and a fresh data
folder. Time is simulated: every frame is 1/60 s, so an animation is caught at the same point on
every run. The scripts reach the game only through what stays the same when the table's classes
change: the App, the Context's scene openers (``ctx.scenes.table``, ``ctx.scenes.menu``), the model, the game's own
layout (``registry.layout_for``) to find where a card lies, and posted mouse and key events.
An image is named SIZE-SCRIPT-NN-WHAT.png.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from game.app import App
    from game.model.base import SolitaireGame
    from game.model.eightoff import EightOffGame
    from game.model.golf import GolfGame

SIZES = ((800, 480), (1280, 720), (1920, 1080))
FRAME = 1 / 60  # s of simulated time a frame
SETTLE_LIMIT = 1200  # frames at most until nothing moves (a pulsing hint never rests)
OPENING = 45  # frames after a table opens before it takes a press
#: A Golf Classic deal that blocks early: every stock card drawn, then the one card that fits.
GOLF_BLOCKS = "GO1-C-AAAAAXL"
GOLF_EASY = "GO1-E-AAAAAFA"
EIGHTOFF = "EO1-C8-AAAAAFA"
GOLF_ROUND = "GR1-E-AAAAAAB"


# -- the run's surroundings --------------------------------------------------------------------------
def quiet_environment(scratch: Path) -> None:
    """Headless, the solver inline, statistics read at once; before pygame or the game is imported."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["GOLF_EIGHTOFF_SOLVER"] = "inline"
    os.environ["GOLF_EIGHTOFF_STATS_READS"] = "inline"
    os.environ["GOLF_EIGHTOFF_CONFIG_DIR"] = str(scratch / "config")
    os.environ["GOLF_EIGHTOFF_DATA_DIR"] = str(scratch / "data")


def new_app(size: tuple[int, int], scratch: Path) -> App:
    """An app of its own at `size`, with fresh folders and the tips already seen."""
    from game import registry
    from game.app import App
    from game.context import NullAudio
    from game.settings import Settings

    quiet_environment(scratch)
    settings = Settings()
    settings.language = "en"
    settings.tips_seen = dict.fromkeys(registry.FAMILIES, True)
    app = App(
        size=size, fullscreen=False, settings=settings, settings_path=scratch / "settings.json", audio=NullAudio()
    )
    clear_events()
    return app


def clear_events() -> None:
    import pygame

    pygame.event.clear()  # the window's start-up events are no input of the script


# -- input and time ----------------------------------------------------------------------------------
def post(kind: int, **attrs: Any) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **attrs))


def frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step_frame(FRAME)


def settle(app: App) -> None:
    """Frames until nothing moves (at most SETTLE_LIMIT), then one more."""
    for _ in range(SETTLE_LIMIT):
        if not app.is_animating():
            break
        app.step_frame(FRAME)
    app.step_frame(FRAME)


def click(app: App, pos: tuple[int, int]) -> None:
    """The mouse moves to pos, presses and releases: a frame each."""
    import pygame

    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 1)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    frames(app, 1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 1)


def double_click(app: App, pos: tuple[int, int]) -> None:
    import pygame

    click(app, pos)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    frames(app, 1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app, 1)


def drag(app: App, a: tuple[int, int], b: tuple[int, int], steps: int = 12) -> None:
    """Press at a, move to b in `steps` frames, release at b."""
    import pygame

    post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    frames(app, 1)
    last = a
    for k in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * k // steps, a[1] + (b[1] - a[1]) * k // steps)
        post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=(1, 0, 0))
        last = p
        frames(app, 1)
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    frames(app, 1)


def key(app: App, key_code: int, mod: int = 0, text: str = "") -> None:
    import pygame

    post(pygame.KEYDOWN, key=key_code, mod=mod, unicode=text, scancode=0)
    post(pygame.KEYUP, key=key_code, mod=mod, unicode=text, scancode=0)
    frames(app, 1)


def undo(app: App) -> None:
    import pygame

    key(app, pygame.K_z, pygame.KMOD_CTRL)


# -- where the cards lie ---------------------------------------------------------------------------
def card_rect(app: App, game: SolitaireGame, card: Any) -> pygame.Rect:
    """Where the game's layout puts `card` now."""
    import pygame

    from game.view.layouts import layout_for

    layout = layout_for(game, app.size)
    return pygame.Rect(layout.place(game)[card].pos, layout.card_size)


def strip_point(app: App, game: SolitaireGame, card: Any, count: int) -> tuple[int, int]:
    """A point on the visible strip of `card` in a column of `count` cards (all of a top card)."""
    from game.view.layouts import layout_for

    rect = card_rect(app, game, card)
    step = layout_for(game, app.size).step(count)
    return rect.centerx, rect.top + max(4, min(step, rect.height) // 2)


def expect(game: SolitaireGame, moves: int, what: str) -> None:
    """The table made the script's move (its game object is the one the script gave it)."""
    if game.moves != moves:
        raise RuntimeError(f"{what}: the table's game has {game.moves} moves, the script expected {moves}")


# -- the shots ---------------------------------------------------------------------------------------
@dataclass
class Camera:
    """Saves the app's screen as DIR/SIZE-SCRIPT-NN-WHAT.png, numbered in order of the script."""

    out: Path
    app: App
    script: str
    taken: int = 0

    def shot(self, what: str) -> None:
        import pygame

        self.taken += 1
        w, h = self.app.size
        pygame.image.save(self.app.screen, str(self.out / f"{w}x{h}-{self.script}-{self.taken:02d}-{what}.png"))


# -- Golf --------------------------------------------------------------------------------------------
def golf_play(app: App, game: GolfGame, move: Any) -> None:
    """A Golf move by a click: a column's free card, or the stock."""
    if move.is_draw:
        target = card_rect(app, game, game.stock[-1]).center
    else:
        target = card_rect(app, game, game.columns[move.column][-1]).center
    before = game.moves
    click(app, target)
    expect(game, before + 1, f"golf {move}")


def golf_next_move(game: GolfGame) -> Any:
    """A play when one fits (the leftmost), else the draw."""
    moves = game.legal_moves()
    return next((m for m in moves if not m.is_draw), moves[0] if moves else None)


def golf_until_over(app: App, game: GolfGame) -> None:
    while game.status == "playing":
        golf_play(app, game, golf_next_move(game))
        settle(app)
    settle(app)


def open_table(app: App, game: SolitaireGame, resumed: dict | None = None) -> None:
    app.replace(app.ctx.scenes.table(game, resumed))


def at_rest(app: App) -> None:
    """Until nothing moves and a table just opened takes presses (it lets the first half second's
    go: the tail of the click that opened it)."""
    frames(app, OPENING)
    settle(app)


def golf_blocks(cam: Camera) -> None:
    """Golf Classic: the deal, mid-deal and dealt; draws, a card in flight, an undo; blocked."""
    from game.model.golf import GolfGame

    app, game = cam.app, GolfGame.from_code(GOLF_BLOCKS)
    open_table(app, game)
    frames(app, 20)
    cam.shot("dealing")
    settle(app)
    cam.shot("dealt")
    for _ in range(4):
        golf_play(app, game, golf_next_move(game))
        settle(app)
    cam.shot("four-moves")
    golf_play(app, game, golf_next_move(game))
    frames(app, 4)
    cam.shot("in-flight")
    settle(app)
    undo(app)
    settle(app)
    cam.shot("undone")
    golf_until_over(app, game)
    cam.shot("blocked")


def golf_easy(cam: Camera) -> None:
    """Golf Easy: dealt, a few plays, the hint, an undo."""
    from game.model.golf import GolfGame

    app, game = cam.app, GolfGame.from_code(GOLF_EASY)
    open_table(app, game)
    at_rest(app)
    cam.shot("dealt")
    for _ in range(5):
        golf_play(app, game, golf_next_move(game))
        settle(app)
    cam.shot("five-moves")
    hint(cam)
    undo(app)
    settle(app)
    cam.shot("undone")


def hint(cam: Camera) -> None:
    """The hint asked for by its key; shot at a fixed time (its arrow pulses)."""
    import pygame

    key(cam.app, pygame.K_h, text="h")
    frames(cam.app, 40)
    cam.shot("hint")
    settle(cam.app)


def golf_won(cam: Camera) -> None:
    """A Golf deal won by its solver's line, click by click, to the end panel."""
    from game.model.golf import GolfGame
    from game.solver import solve

    app, game = cam.app, GolfGame.from_code(GOLF_EASY)
    line = solve(game.copy()).moves
    open_table(app, game)
    at_rest(app)
    for move in line:
        golf_play(app, game, move)
        frames(app, 2)
    settle(app)
    cam.shot("won")


def golf_round(cam: Camera) -> None:
    """The first hole of a round of nine played to its end, and the panel between holes."""
    from game.model.course import GolfRound

    app, rnd = cam.app, GolfRound(GOLF_ROUND)
    game = rnd.game
    open_table(app, game, {"round": rnd})
    at_rest(app)
    cam.shot("hole-one")
    golf_until_over(app, game)
    cam.shot("hole-over")


# -- Eight Off ---------------------------------------------------------------------------------------
def eightoff_drag(app: App, game: EightOffGame, move: Any) -> None:
    """Drag a move's cards from their pile to where the layout puts them after it."""
    from game.model.moves import PileKind

    src, count = move.src, move.count
    pile = game.pile(src)
    grab_card = pile[-count]
    a = (
        strip_point(app, game, grab_card, len(pile))
        if src.kind is PileKind.COLUMN
        else card_rect(app, game, grab_card).center
    )
    start = card_rect(app, game, grab_card)
    after = game.copy()
    after.push(move)
    end = card_rect(app, after, grab_card)
    before = game.moves
    drag(app, a, (a[0] + end.x - start.x, a[1] + end.y - start.y))
    expect(game, before + 1, f"eight off drag {move}")


def eightoff_tap(app: App, game: EightOffGame, src: Any, double: bool = False) -> None:
    from game.model.moves import PileKind

    pile = game.pile(src)
    point = (
        strip_point(app, game, pile[-1], len(pile))
        if src.kind is PileKind.COLUMN
        else card_rect(app, game, pile[-1]).center
    )
    before = game.moves
    (double_click if double else click)(app, point)
    expect(game, before + 1, f"eight off {'double ' if double else ''}tap on {src}")


def eightoff_play(app: App, game: EightOffGame, move: Any) -> None:
    """A move as a player makes it: a card home by a tap, a card to the free cell a double tap
    chooses by a double tap, anything else by a drag."""
    from game.model.moves import PileKind

    src, dst, count = move.src, move.dst, move.count
    if src.kind is not PileKind.FOUNDATION and count == 1 and game.tap_target(src) == dst:
        eightoff_tap(app, game, src)
    elif src.kind is not PileKind.FOUNDATION and dst.kind is PileKind.CELL and game.auto_target(src, count) == dst:
        eightoff_tap(app, game, src, double=True)
    else:
        eightoff_drag(app, game, move)


def eightoff_deal(cam: Camera) -> None:
    """Eight Off, its solver's line: mid-deal and dealt, a drag to a free cell, moves by taps, double
    taps and drags, a card in flight, the hint, an undo."""
    from game.model.eightoff import EightOffGame
    from game.solver import solve

    app, game = cam.app, EightOffGame.from_code(EIGHTOFF)
    line = solve(game.copy()).moves
    open_table(app, game)
    frames(app, 20)
    cam.shot("dealing")
    settle(app)
    cam.shot("dealt")
    eightoff_drag(app, game, line[0])
    settle(app)
    cam.shot("dragged")
    for move in line[1:12]:
        eightoff_play(app, game, move)
        settle(app)
    cam.shot("twelve-moves")
    eightoff_play(app, game, line[12])
    frames(app, 4)
    cam.shot("in-flight")
    settle(app)
    hint(cam)
    undo(app)
    settle(app)
    cam.shot("undone")


def near_win() -> EightOffGame:
    """Every card home but the four Kings, which sit in columns: the Finish button's position."""
    from game.model.eightoff import EightOffGame

    foundations = [[r + s for r in "A23456789TJQ"] for s in "SHDC"]
    columns = [["K" + s] for s in "SHDC"] + [[], [], [], []]
    return EightOffGame.from_layout(columns, [None] * 8, foundations)


def eightoff_finish(cam: Camera) -> None:
    """The Finish button offered, pressed by its key, the cascade under way, the game won."""
    import pygame

    app, game = cam.app, near_win()
    open_table(app, game)
    at_rest(app)
    cam.shot("finish-offered")
    key(app, pygame.K_f, text="f")
    frames(app, 6)
    cam.shot("finishing")
    settle(app)
    if game.status != "won":
        raise RuntimeError("eight off finish: the Finish key did not win the game")
    cam.shot("won")


def menu(cam: Camera) -> None:
    cam.app.replace(cam.app.ctx.scenes.menu())
    settle(cam.app)
    cam.shot("shown")


SCRIPTS: dict[str, Callable[[Camera], None]] = {
    "menu": menu,
    "golf-classic": golf_blocks,
    "golf-easy": golf_easy,
    "golf-won": golf_won,
    "golf-round": golf_round,
    "eightoff-8": eightoff_deal,
    "eightoff-finish": eightoff_finish,
}


def shoot(out: Path, sizes: tuple[tuple[int, int], ...] = SIZES, scripts: dict = SCRIPTS) -> list[Path]:
    """Every script at every size, each in an app and folders of its own; the images made (the
    folder's older images go first, so none is left over from another set of scripts)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="table-shots-") as tmp:
        for size in sizes:
            for name, script in scripts.items():
                scratch = Path(tmp) / f"{size[0]}x{size[1]}-{name}"
                app = new_app(size, scratch)
                try:
                    script(Camera(out, app, name))
                finally:
                    app.close()
    return sorted(out.glob("*.png"))


# -- comparing ---------------------------------------------------------------------------------------
def pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    import pygame

    image = pygame.image.load(str(path))
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def differences(a: Path, b: Path) -> Iterator[str]:
    """A line for each image that is in one folder only or whose pixels differ."""
    names_a = {p.name for p in a.glob("*.png")}
    names_b = {p.name for p in b.glob("*.png")}
    for name in sorted(names_a | names_b):
        if name not in names_b:
            yield f"missing in {b}: {name}"
        elif name not in names_a:
            yield f"missing in {a}: {name}"
        elif (a / name).read_bytes() != (b / name).read_bytes() and pixels(a / name) != pixels(b / name):
            yield f"differs: {name}"


def compare(a: Path, b: Path) -> int:
    for folder in (a, b):
        if not folder.is_dir():
            print(f"table_shots: no folder {folder}", file=sys.stderr)
            return 2
    found = list(differences(a, b))
    for line in found:
        print(line)
    count = len(list(a.glob("*.png")))
    print(f"{len(found)} of the images differ or are missing" if found else f"all {count} images are identical")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.table_shots", description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--out", type=Path, metavar="DIR", help="play the scripts and save their images in DIR")
    action.add_argument("--compare", type=Path, nargs=2, metavar=("DIR_A", "DIR_B"), help="compare two folders")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.compare:
        return compare(*args.compare)
    with tempfile.TemporaryDirectory(prefix="table-shots-env-") as tmp:
        quiet_environment(Path(tmp))  # (before pygame loads: the game's modules are imported by the scripts)
        made = shoot(args.out)
    print(f"{len(made)} images in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
