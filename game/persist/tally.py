"""The numbers the Statistics screen shows for one game and option, as a running tally.

A Tally adds rows one after another, oldest first, so the database's rows can be tallied where they
are (stats_read.games_tally, in SQL) and the games not written yet added to it after; a Summary is
what a tally amounts to.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

#: result, score, moves, hints, undos, seconds played
Result = tuple[str, int, int, int, int, float]


@dataclass(frozen=True)
class Summary:
    """What the Statistics screen shows for one game and option."""

    played: int  # every recorded game, assisted ones too
    won: int  # won by the player alone: an assisted game is never a win
    best_score: int | None  # None until a game is won or blocked (abandoned and assisted don't count)
    current_streak: int
    longest_streak: int
    average_moves: float
    hints: int = 0  # hints used in the recorded games
    assisted: int = 0  # games in which the demo and the player both moved
    clean_wins: int = 0  # won with no undo and no hint (and, being won, with no demo move)
    best_time: float | None = None  # the fastest win's playing time, seconds
    average_win_time: float | None = None

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0


def is_clean(result: str, hints: int, undos: int) -> bool:
    """A clean win: won by the player with no undo and no hint (an assisted game is never a win)."""
    return result == "won" and hints == 0 and undos == 0


@dataclass(frozen=True)
class Tally:
    """The sums behind a Summary, for the rows added so far (oldest first)."""

    played: int = 0
    won: int = 0
    best_score: int | None = None
    current_streak: int = 0
    longest_streak: int = 0
    moves: int = 0
    hints: int = 0
    assisted: int = 0
    clean_wins: int = 0
    best_time: float | None = None
    win_time: float = 0.0  # the playing time of the timed wins, added up
    timed_wins: int = 0  # wins with a time (games from before the timer have 0)

    def add(self, rows: Iterable[Result]) -> Tally:
        """This tally with `rows` after its own."""
        t = dataclasses.asdict(self)
        for result, score, moves, hints, undos, seconds in rows:
            won = result == "won"
            t["played"] += 1
            t["won"] += won
            t["current_streak"] = t["current_streak"] + 1 if won else 0  # anything else ends a streak
            t["longest_streak"] = max(t["longest_streak"], t["current_streak"])
            if result in ("won", "blocked"):  # abandoned: unfinished; assisted: not the player's alone
                t["best_score"] = score if t["best_score"] is None else max(t["best_score"], score)
            t["moves"] += moves
            t["hints"] += hints
            t["assisted"] += result == "assisted"
            t["clean_wins"] += is_clean(result, hints, undos)
            if won and seconds > 0:
                t["best_time"] = seconds if t["best_time"] is None else min(t["best_time"], seconds)
                t["win_time"] += seconds
                t["timed_wins"] += 1
        return Tally(**t)

    def summary(self) -> Summary:
        return Summary(
            played=self.played,
            won=self.won,
            best_score=self.best_score,
            current_streak=self.current_streak,
            longest_streak=self.longest_streak,
            average_moves=self.moves / self.played if self.played else 0.0,
            hints=self.hints,
            assisted=self.assisted,
            clean_wins=self.clean_wins,
            best_time=self.best_time,
            average_win_time=self.win_time / self.timed_wins if self.timed_wins else None,
        )


def summarize(rows: Iterable[Result]) -> Summary:
    """The Summary of (result, score, moves, hints, undos, seconds) rows, oldest first."""
    return Tally().add(rows).summary()
