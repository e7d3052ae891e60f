"""A replay: a game as its deal code and the moves of its line, rebuilt at any move.

>>> replay = Replay('GO1-C-AAAAAAB', [GolfMove.DRAW, GolfMove.play(3)])
>>> len(replay), str(replay.deal), [str(m) for m in replay.moves]
(2, 'GO1-C-AAAAAAB', ['d', 'p3'])
>>> replay.position(1).moves, replay.position(2).score
(1, 10)
>>> Replay('GO1-C-AAAAAAB', [GolfMove.play(0)])
Traceback (most recent call last):
  ...
game.model.replay.InvalidReplay: move 1 (p0) is not allowed there (rank)

A replay is the line from the deal to the end (a game's `move_stack`): what was undone is not in it.
Every replay is checked as it is made: its moves play from the deal, one after the other, and the
line is no longer than MAX_REPLAY_MOVES. `position(i)` is a new game at move i, with the first i moves
in its history (so a player can take over from there, and undo).

`legal_order(game)` is the canonical order of a position's legal moves that replay codes number
the moves in (replay_code.py): Golf's columns left to right and then the draw; Eight Off's by source
pile, then the number of cards, then the destination pile, piles ordered columns, cells,
foundations and then by index.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .codes import DealCode, InvalidCode, parse_code
from .eightoff import EightOffGame
from .errors import IllegalMove
from .golf import GolfGame
from .moves import EightOffMove, GolfMove, Pile, PileKind

#: The longest line a replay holds: far beyond a played game of Eight Off (a Golf line is never longer
#: than its 35 plays and the stock's draws), and short enough that a pasted code replays at once.
MAX_REPLAY_MOVES = 1000
#: The game of each kind of deal code.
GAMES: dict[str, type[GolfGame] | type[EightOffGame]] = {"golf": GolfGame, "eightoff": EightOffGame}
_KIND_ORDER = {PileKind.COLUMN: 0, PileKind.CELL: 1, PileKind.FOUNDATION: 2, PileKind.STOCK: 3, PileKind.WASTE: 4}

Game = GolfGame | EightOffGame
Move = GolfMove | EightOffMove


class InvalidReplay(ValueError):
    """A replay that cannot be: `reason` is 'deal' (no deal code), 'type' (a move of another game),
    'length' (longer than MAX_REPLAY_MOVES) or 'move' (a move the rules refuse where it comes; then
    `index` is its index in the line and `refusal` the rules' reason code)."""

    def __init__(self, reason: str, message: str, index: int | None = None, refusal: str | None = None) -> None:
        self.reason = reason
        self.index = index
        self.refusal = refusal
        super().__init__(message)


def deal_game(deal: DealCode) -> Game:
    """A fresh game of the deal a code names."""
    return GAMES[deal.game].from_code(deal)


def _pile_key(pile: Pile) -> tuple[int, int]:
    return _KIND_ORDER[pile.kind], pile.index


def move_key(move: Move) -> tuple[int, ...]:
    """Where a move stands in `legal_order`."""
    if isinstance(move, GolfMove):
        return (7 if move.column is None else move.column,)
    return (*_pile_key(move.src), move.count, *_pile_key(move.dst))


def legal_order(game: Game) -> list[Move]:
    """The position's legal moves in the canonical order (see the module's docstring)."""
    moves: list[Move] = list(game.legal_moves())
    if isinstance(game, EightOffGame):
        return moves  # Eight Off's legal_moves lists them in this order already (a test holds it to it)
    return sorted(moves, key=move_key)


class Replay:
    """A game of a deal: its deal code and its line, checked to play from the deal."""

    __slots__ = ("deal", "moves", "status")

    deal: DealCode
    moves: tuple[Move, ...]
    #: How the line ends: 'won', 'blocked' (Golf) or 'playing' (the player left the game there).
    status: str

    def __init__(self, deal: DealCode | str, moves: Iterable[Move]) -> None:
        """InvalidReplay with the reason when the deal code cannot be read or the moves do not play."""
        try:
            code = parse_code(deal) if isinstance(deal, str) else deal
        except InvalidCode as exc:
            raise InvalidReplay("deal", f"not a deal code: {exc}") from None
        if not isinstance(code, DealCode):
            raise InvalidReplay("deal", f"not a deal code: {deal!r}")
        game = deal_game(code)
        line: list[Move] = []
        for move in moves:
            if len(line) == MAX_REPLAY_MOVES:
                raise InvalidReplay("length", f"a replay holds at most {MAX_REPLAY_MOVES} moves")
            _play(game, move, len(line))
            line.append(move)
        self._set(code, tuple(line), game.status)

    def _set(self, deal: DealCode, moves: tuple[Move, ...], status: str) -> None:
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "status", status)

    @classmethod
    def played(cls, deal: DealCode, moves: Sequence[Move], status: str) -> Replay:
        """The replay of moves the caller has just played from the deal itself, ending at `status`
        (a replay code's reader): made without playing them again."""
        replay = cls.__new__(cls)
        replay._set(deal, tuple(moves), status)
        return replay

    @classmethod
    def of(cls, game: Game) -> Replay:
        """The replay of a dealt game, from its deal to its current position; InvalidReplay when the
        game has no deal code, or keeps only the end of its line (a compact save of a long line)."""
        if game.code is None:
            raise InvalidReplay("deal", "a position not dealt from a code has no replay")
        if not game.line_from_deal:
            raise InvalidReplay("length", "the game no longer holds its line from the deal")
        moves: Sequence[Move] = game.move_stack
        if len(moves) > MAX_REPLAY_MOVES:
            raise InvalidReplay("length", f"a replay holds at most {MAX_REPLAY_MOVES} moves")
        return cls.played(parse_code(game.code), moves, game.status)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Replay cannot be changed")

    def __len__(self) -> int:
        return len(self.moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Replay):
            return NotImplemented
        return self.deal == other.deal and self.moves == other.moves

    def __hash__(self) -> int:
        return hash((self.deal, self.moves))

    def __repr__(self) -> str:
        return f"Replay({str(self.deal)!r}, {len(self.moves)} moves, {self.status})"

    @property
    def game(self) -> str:
        """'golf' or 'eightoff'."""
        return self.deal.game

    def position(self, index: int) -> Game:
        """A new game of the deal after the first `index` moves (0: the deal; len(replay): the end),
        with those moves in its history; IndexError outside 0 … len(replay)."""
        if type(index) is not int or not 0 <= index <= len(self.moves):
            raise IndexError(f"a replay of {len(self.moves)} moves has no position {index!r}")
        game = deal_game(self.deal)
        for move in self.moves[:index]:
            push(game, move)
        return game


def push(game: Game, move: Move) -> None:
    """game.push(move), for a move of either game (ValueError when it is not the game's kind)."""
    if isinstance(game, GolfGame):
        if not isinstance(move, GolfMove):
            raise ValueError(f"not a golf move: {move!r}")
        game.push(move)
    else:
        if not isinstance(move, EightOffMove):
            raise ValueError(f"not an eightoff move: {move!r}")
        game.push(move)


def _play(game: Game, move: Any, index: int) -> None:
    """Push the move, or InvalidReplay saying why it cannot be made there."""
    if not isinstance(move, game.MOVE):
        raise InvalidReplay("type", f"move {index + 1} is not a {game.GAME_ID} move: {move!r}", index)
    try:
        push(game, move)
    except IllegalMove as refused:
        raise InvalidReplay(
            "move", f"move {index + 1} ({move}) is not allowed there ({refused.reason})", index, refused.reason
        ) from None
