"""Winning lines as short text, for the shipped deal lists: one string per deal, replayed through the model.

Golf: one character per move, '0'-'6' to play that column's free card, 'd' to draw.

Eight Off: the moves that do not go to a foundation, each as its source pile, its destination
pile and, for a group, how many cards: columns are 'a'-'h', cells 'i'-'p', so 'c' 'k' is "column
3 to cell 3" and 'da3' "three cards from column 4 onto column 1". Foundation moves are left out:
replaying, every card that may go to its foundation goes there before the first stored move and
after each one. That is how the solver found its lines (a foundation move is always safe in
Eight Off, see eightoff.py), so it gives the positions the line was found in.

`replay(game, text)` plays a line on a copy of the game through the model and returns the moves
in Result.moves form if they end in a win, else None: a damaged line is refused, never played.
`replay_steps` does the same a move at a time (a generator whose return value is that result), so
the table can check a line in its frames' spare time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar, cast

from ..model.base import SolitaireGame
from ..model.cards import SUITS
from ..model.eightoff import EightOffGame
from ..model.errors import IllegalMove
from ..model.moves import EightOffMove, GolfMove, Pile, PileKind
from .moves import copy_game

Move = GolfMove | EightOffMove
T = TypeVar("T")
#: A line played a move at a time: yields after each move, returns the moves (None: unreadable).
Play = Generator[None, None, "list[Move] | None"]

PILES: dict[PileKind, str] = {PileKind.COLUMN: "abcdefgh", PileKind.CELL: "ijklmnop"}
_EIGHTOFF_MOVE = re.compile(r"([a-p])([a-p])(\d*)")


def _pile(char: str) -> Pile:
    if char in PILES[PileKind.COLUMN]:
        return Pile.column(PILES[PileKind.COLUMN].index(char))
    return Pile.cell(PILES[PileKind.CELL].index(char))


# -- Golf ------------------------------------------------------------------------------------------
def golf_text(moves: Sequence[Any]) -> str:
    return "".join("d" if m.is_draw else str(m.column) for m in map(GolfMove.coerce, moves))


def golf_play(game: SolitaireGame[Any], text: str) -> Play:
    if not re.fullmatch(r"[0-6d]*", text):
        return None
    moves: list[Move] = [GolfMove.DRAW if c == "d" else GolfMove.play(int(c)) for c in text]
    for move in moves:
        game.push(move)
        yield
    return moves


# -- Eight Off -------------------------------------------------------------------------------------
def eightoff_text(moves: Sequence[Any]) -> str:
    out = []
    for move in map(EightOffMove.coerce, moves):
        src, dst, count = move.src, move.dst, move.count
        if dst.kind is PileKind.FOUNDATION:
            continue
        if src.kind is PileKind.FOUNDATION:
            raise ValueError("a line that takes a card back from a foundation has no text form")
        out.append(PILES[src.kind][src.index] + PILES[dst.kind][dst.index] + (str(count) if count > 1 else ""))
    return "".join(out)


def _home_moves(game: EightOffGame) -> list[Move]:
    """Make every foundation move there is (cells first, then columns, again until none is left)."""
    made: list[Move] = []
    moved = True
    while moved:
        moved = False
        heights = [len(f) for f in game.foundations]
        tops = [(Pile.cell(i), c) for i, c in enumerate(game.cells) if c is not None]
        tops += [(Pile.column(i), col[-1]) for i, col in enumerate(game.columns) if col]
        for src, card in tops:
            suit = SUITS.index(card.suit)
            if heights[suit] == card.rank - 1:
                move = EightOffMove(src, Pile.foundation(suit), 1)
                game.push(move)
                made.append(move)
                heights[suit] += 1
                moved = True
    return made


def eightoff_play(game: SolitaireGame[Any], text: str) -> Play:
    tokens = _EIGHTOFF_MOVE.findall(text)
    if "".join(a + b + c for a, b, c in tokens) != text:
        return None
    game = cast(EightOffGame, game)  # CODECS hands this codec Eight Off games only (by GAME_ID)
    line = _home_moves(game)
    for src, dst, count in tokens:
        move = EightOffMove(_pile(src), _pile(dst), int(count or 1))
        game.push(move)
        line += [move, *_home_moves(game)]
        yield
    return line


#: game id -> (moves -> text, (game, text) -> the moves, played on the game, or None if unreadable)
CODECS: dict[str, tuple[Callable[[Sequence[Any]], str], Callable[[SolitaireGame[Any], str], Play]]] = {
    "golf": (golf_text, golf_play),
    "eightoff": (eightoff_text, eightoff_play),
}


def text_of(game: SolitaireGame[Any], moves: Sequence[Any]) -> str:
    """The text form of a line of `game`'s kind (moves as Result.moves holds them)."""
    return CODECS[game.GAME_ID][0](moves)


def replay(game: SolitaireGame[Any], text: str) -> tuple[Move, ...] | None:
    """The moves of the line `text` if, played on a copy of `game` through the model, they win."""
    return finish(replay_steps(game, text))


def replay_steps(game: SolitaireGame[Any], text: str) -> Generator[None, None, tuple[Move, ...] | None]:
    """`replay`, a move at a time: yields after each move; its return value is replay's."""
    copy = copy_game(game)
    try:
        moves = yield from CODECS[game.GAME_ID][1](copy, text)
    except (IllegalMove, ValueError):
        return None
    return tuple(moves) if moves is not None and copy.status == "won" else None


def finish(steps: Generator[None, None, T]) -> T:
    """Run steps made a move at a time to their end: their return value."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return cast(T, stop.value)
