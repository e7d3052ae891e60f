"""Start Golf & Eight Off.

python main.py                          full screen at the desktop resolution, the menu
python main.py --windowed               a 1280x720 window
python main.py --windowed 800x480       a window of that size (the Raspberry Pi touchscreen)
python main.py --game golf              straight into a random Golf deal
python main.py --code GO1-E-AAAAAAB     straight into that exact deal
python main.py --kiosk                  a touchscreen kiosk: full screen, no Quit, attract mode; a corner
                                        held 5 s, then the opposite corner tapped within 5 s (or
                                        Ctrl+Alt+Q), exits with status 3

A start that fails prints one line naming the cause and the fix, and exits with a status of its own
(EXIT_STATUSES below, also in --help and docs/kiosk.md).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import textwrap
from typing import TYPE_CHECKING

from game import registry  # the games there are: no pygame, no window
from game.model.codes import InvalidCode, parse_code

if TYPE_CHECKING:  # pragma: no cover
    from game.app import App
    from game.model.base import SolitaireGame
    from game.services import SceneLike
    from game.settings import Settings
    from game.storage import Storage

DEFAULT_WINDOW = (1280, 720)
ECHO_LIMIT = 40  # characters of a bad argument shown back in an error message
#: What each exit status means (game/startup.py names them).
EXIT_STATUSES = (
    (0, "the game was closed"),
    (1, "a fault in the game itself (a traceback follows)"),
    (2, "a bad command line or setting (GOLF_EIGHTOFF_SOLVER)"),
    (3, "the administrator left the kiosk"),
    (4, "another copy of the game is using the data folder (a kiosk waits for it instead)"),
    (5, "no display can be opened (SDL_VIDEODRIVER, DISPLAY)"),
    (6, "the game's own files (fonts, card pictures, code) are missing or cannot be read"),
    (7, "out of memory, or too few file descriptors (ulimit -n)"),
)


def window_size(text: str) -> tuple[int, int]:
    """Parse WxH (e.g. 800x480) for argparse."""
    try:
        w, h = (int(v) for v in text.lower().replace("*", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 800x480, not {echo(text)}") from None
    if not (320 <= w <= 10000 and 240 <= h <= 10000):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is out of range (320x240 .. 10000x10000)")
    return w, h


def echo(text: str) -> str:
    """An argument as an error message shows it: quoted, and cut when long (a 100,000-character
    code is not printed back in full)."""
    if len(text) <= ECHO_LIMIT:
        return repr(text)
    return f"{text[:ECHO_LIMIT]!r}... ({len(text)} characters)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Golf and Eight Off, two patience (solitaire) card games for mouse and touch.",
        epilog=textwrap.fill(
            "Settings are kept in the user's config directory (set GOLF_EIGHTOFF_CONFIG_DIR to use "
            "another), the saved game and the statistics in the user's data directory "
            "(GOLF_EIGHTOFF_DATA_DIR), which one copy of the game uses at a time. In the game: F11 "
            "toggles full screen, Esc goes back, Ctrl+V pastes a deal code in the menu."
        )
        + "\n\nexit statuses:\n"
        + "\n".join(f"  {status}  {meaning}" for status, meaning in EXIT_STATUSES),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--windowed",
        nargs="?",
        const=DEFAULT_WINDOW,
        type=window_size,
        metavar="WxH",
        help="play in a window instead of full screen; WxH sets its size (default 1280x720; cut to fit the screen)",
    )
    parser.add_argument(
        "--game",
        choices=tuple(registry.FAMILIES),
        help="skip the menu: continue the saved game if it is of this game, else start "
        "a random deal with the rule or cell count last chosen in the menu",
    )
    parser.add_argument(
        "--code",
        metavar="CODE",
        help="skip the menu and start exactly this deal, e.g. GO1-E-AAAAAAB or "
        "EO1-C4-AAAAAFA (the code decides the game and its option; "
        "overrides --game); the saved game continues if it is this deal",
    )
    parser.add_argument(
        "--kiosk",
        action="store_true",
        help="kiosk mode for an unattended touchscreen: full screen (with --windowed: a "
        "window without decorations), no Quit button, the saved game resumes at "
        "start, demos play after a few idle minutes. The administrator holds any corner of "
        "the screen still for 5 seconds, then taps the diagonally opposite corner within 5 "
        "seconds (or presses Ctrl+Alt+Q on a keyboard): the administrator's screen opens; its "
        "'Leave the kiosk' button exits with status 3, which the kiosk's service does not "
        "restart (docs/kiosk.md)",
    )
    return parser


def first_game(args: argparse.Namespace, settings: Settings) -> SolitaireGame | None:
    """The game object to open directly, or None for the menu."""
    if args.code:
        return registry.game_from_code(args.code)  # InvalidCode is handled by main
    if args.game:
        return registry.chosen(settings, args.game).new_game()
    return None


def first_scene(args: argparse.Namespace, app: App) -> SceneLike:
    """The menu, or the table the command line asks for. A saved game is never thrown away
    silently: `--game` continues a saved game of that game (a kiosk restarting after a power cut),
    and `--code` continues it when it is that very deal."""
    game = first_game(args, app.settings)
    saved = app.ctx.progress.saved() if app.ctx.progress is not None else None
    if game is None:
        if args.kiosk and saved is not None:  # a kiosk restarted (a power cut): straight back to the game
            return app.ctx.scenes.table(*saved)
        return app.ctx.scenes.menu()
    if saved is not None:
        saved_game, meta = saved
        if (saved_game.code == game.code) if args.code else saved_game.GAME_ID == game.GAME_ID:
            return app.ctx.scenes.table(saved_game, meta)
    return app.ctx.scenes.table(game)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    if args.code is not None:  # refuse a bad code (an empty one too) before any window opens
        try:
            parse_code(args.code)
        except InvalidCode as exc:
            print(f"main.py: bad --code {echo(args.code)}: {exc}", file=sys.stderr)
            return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.startup import StartupFailure

    try:
        return play(args)
    except StartupFailure as failure:  # one line, the cause and the fix; no traceback
        print(f"main.py: {failure.line}", file=sys.stderr)
        return failure.status


def play(args: argparse.Namespace) -> int:
    """Check what the game needs, take the data folder, open the window and play until the end."""
    from game import startup
    from game.heap import hold_collections

    hold_collections()  # until settle_long_lived: what is made until then lives as long as the game
    startup.check_settings()
    startup.check_descriptors()
    playing = False
    try:
        startup.check_files()  # (it brings pygame: after the variable above, and only for a real run)
        storage = take_data_folder(args.kiosk)
        from game.app import App

        startup.open_display()
        app = App(size=args.windowed, fullscreen=False if args.windowed else None, kiosk=args.kiosk, storage=storage)
        app.settle_long_lived()  # (before any scene exists)
        scene = first_scene(args, app)
        playing = True
        app.run(scene)  # (it closes the app, the save written, however it ends)
    except startup.StartupFailure:
        raise
    except Exception as exc:  # out of memory or descriptors: the machine's trouble, said in one line
        failure = startup.failure_of(exc, playing)
        if failure is None:
            raise  # a fault in the game: its traceback
        raise failure from None
    finally:
        if "pygame" in sys.modules:
            sys.modules["pygame"].quit()
    return app.exit_status


def take_data_folder(kiosk: bool) -> Storage:
    """The folders, the data folder's lock held: one game per data folder, or two copies would both
    continue the saved game and the last to write would undo the other's moves. A kiosk waits for
    the other copy to end (systemd would otherwise start it again and again)."""
    from game.startup import EXIT_IN_USE, StartupFailure
    from game.storage import FolderInUse, open_storage

    try:
        return open_storage(lock=True, wait=kiosk)
    except FolderInUse as exc:
        raise StartupFailure(
            EXIT_IN_USE, f"{exc}: close that one first, or give this one another folder with GOLF_EIGHTOFF_DATA_DIR"
        ) from None


if __name__ == "__main__":
    sys.exit(main())
