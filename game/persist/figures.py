"""The figures the screens show, at once: the reader's last answer with the Recorder's operations
it does not hold folded in (games finished since, resets, dealt deals, and everything waiting for
the database), so a finished game counts on the screen the moment it ends.

`Known` is what a frame asks: every method returns at once, None while the database has not
answered yet (the screen shows "…") or cannot answer (`trouble` says why; the last figures known
stay shown). `version` goes up when an answer comes, for the screens to paint again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .reader import CHART, Reader
from .recorder import Op, Recorder
from .round_stats import RoundRow, RoundSummary, RoundTally, row_of
from .stats_read import Row
from .tally import Result, Summary, Tally


def row_from(rec: dict[str, Any]) -> Row:
    """The row a record not written yet becomes."""
    return (
        rec["uid"],
        rec["result"],
        rec["score"],
        rec["moves"],
        rec["hints"],
        rec["undos"],
        float(rec["duration_s"]),
        rec.get("daily"),
        rec.get("catch_up") is True,
    )


def _games_of(op: Op, game: str, option: str) -> str | None:
    """ "record" or "reset" when the operation is about this game and option, else None."""
    if op[0] == "record" and (op[1]["game"], op[1]["option"]) == (game, option):
        return "record"
    if op[0] == "reset" and tuple(op[1:]) == (game, option):
        return "reset"
    return None


def fold_games(value: tuple[Tally, list], ops: list[Op], game: str, option: str) -> tuple[Tally, list]:
    """(Tally, the chart's last results) with the operations after the answer's snapshot."""
    tally, last = value[0], list(value[1])
    rows: list[Result] = []
    for op in ops:
        what = _games_of(op, game, option)
        if what == "reset":
            tally, last, rows = Tally(), [], []
        elif what == "record":
            row = row_from(op[1])
            rows.append(row[1:7])
            last.append((row[1], row[2]))
    return tally.add(rows), last[-CHART:]


def fold_rows(rows: list[Row], ops: list[Op], game: str, option: str, daily_only: bool = False) -> list[Row]:
    out = list(rows)
    for op in ops:
        what = _games_of(op, game, option)
        if what == "reset":
            out = []
        elif what == "record" and (op[1].get("daily") is not None or not daily_only):
            out.append(row_from(op[1]))
    return out


def _rounds_of(op: Op, option: str) -> str | None:
    if op[0] == "record_round" and op[1]["option"] == option:
        return "record"
    if op[0] == "reset_rounds" and op[1] == option:
        return "reset"
    return None


def fold_rounds(value: tuple[RoundTally, list], ops: list[Op], option: str) -> tuple[RoundTally, list]:
    tally, last = value[0], list(value[1])
    rows: list[RoundRow] = []
    for op in ops:
        what = _rounds_of(op, option)
        if what == "reset":
            tally, last, rows = RoundTally(), [], []
        elif what == "record":
            rows.append(row_of(op[1]))
            last.append(rows[-1])
    return tally.add(rows), last[-CHART:]


def fold_round_rows(rows: list[RoundRow], ops: list[Op], option: str) -> list[RoundRow]:
    out = list(rows)
    for op in ops:
        what = _rounds_of(op, option)
        if what == "reset":
            out = []
        elif what == "record":
            out.append(row_of(op[1]))
    return out


def fold_options(counts: dict[str, int], ops: list[Op], game: str) -> dict[str, int]:
    """How many games each option of `game` has; the options with none left out."""
    out = dict(counts)
    for op in ops:
        if op[0] == "record" and op[1]["game"] == game:
            out[op[1]["option"]] = out.get(op[1]["option"], 0) + 1
        elif op[0] == "reset" and op[1] == game:
            out[op[2]] = 0
    return {option: n for option, n in sorted(out.items()) if n}


def fold_since(count: int, ops: list[Op], since: str) -> int:
    """The games and rounds finished at `since` or later, with those not written yet."""
    return int(count) + sum(
        op[0] in ("record", "record_round") and str(op[1].get("finished_at", "")) >= since for op in ops
    )


def fold_dealt(numbers: set[int], ops: list[Op], kind: str) -> set[int]:
    out = set(numbers)
    for op in ops:
        if op[0] == "mark_dealt" and op[1] == kind:
            out.add(int(op[2]))
        elif op[0] == "clear_dealt" and op[1] == kind:
            out = set()
    return out


class Known:
    """The figures as far as they are known now, for a frame: nothing here waits."""

    def __init__(self, reader: Reader, recorder: Recorder) -> None:
        self.reader = reader
        self.recorder = recorder
        self._memo: dict[tuple, tuple[Any, tuple, Any]] = {}  # key: (answer, the Recorder's stamp, folded)

    @property
    def version(self) -> int:
        return self.reader.version

    def _folded(self, key: tuple, fold: Callable[[Any, list[Op]], Any]) -> Any:
        """The answer to `key` with the operations it does not hold folded in, or None. Folded again
        only when the answer or the operations changed (many may wait while the disk is away)."""
        answer = self.reader.ask(key)
        if answer is None or answer.value is None:
            return None
        stamp = self.recorder.stamp
        memo = self._memo.get(key)
        if memo is not None and memo[0] is answer and memo[1] == stamp:
            return memo[2]
        folded = fold(answer.value, self.recorder.since(answer.seq)[0])
        self._memo[key] = (answer, stamp, folded)
        return folded

    def trouble(self, key: tuple) -> str | None:
        """Why `key` has no figures (its read failed), or None (known, or being read)."""
        answer = self.reader.ask(key)
        return None if answer is None or answer.value is not None else answer.error

    def summary(self, game: str, option: str) -> Summary | None:
        got = self._games(game, str(option))
        return None if got is None else got[0].summary()

    def last(self, game: str, option: str, n: int = CHART) -> list[tuple[str, int]] | None:
        """The last n (result, score), oldest first: the chart's bars (n up to CHART)."""
        got = self._games(game, str(option))
        return None if got is None else got[1][-n:]

    def _games(self, game: str, option: str) -> tuple[Tally, list] | None:
        return self._folded(("games", game, option), lambda value, ops: fold_games(value, ops, game, option))

    def day_rows(self, game: str, option: str) -> list[Row] | None:
        """The daily deals' rows of a game and option."""
        option = str(option)
        got = self._folded(("days", game, option), lambda v, ops: fold_rows(v, ops, game, option, daily_only=True))
        return None if got is None else list(got)

    def round_summary(self, option: str) -> RoundSummary | None:
        got = self._rounds(str(option))
        return None if got is None else got[0].summary()

    def last_rounds(self, option: str, n: int = CHART) -> list[RoundRow] | None:
        got = self._rounds(str(option))
        return None if got is None else got[1][-n:]

    def _rounds(self, option: str) -> tuple[RoundTally, list] | None:
        return self._folded(("rounds", option), lambda value, ops: fold_rounds(value, ops, option))

    def finished_since(self, since: str) -> int | None:
        """How many games and rounds were finished at `since` or later (UTC: '2026-12-07T00:00:00')."""
        return self._folded(("since", since), lambda value, ops: fold_since(value, ops, since))

    def options(self, game: str) -> dict[str, int] | None:
        got = self._folded(("options", game), lambda value, ops: fold_options(value, ops, game))
        return None if got is None else dict(got)

    def dealt(self, kind: str) -> set[int]:
        """The deals of `kind` handed out as far as known: those marked in this run at least."""
        kind = str(kind)
        got = self._folded(("dealt", kind), lambda value, ops: fold_dealt(value, ops, kind))
        return set(fold_dealt(set(), self.recorder.pending(), kind) if got is None else got)

    def has(self, uid: str) -> bool | None:
        """Whether the game with this id is recorded or waiting to be; None: not known yet."""
        if uid in self.recorder.confirmed() or any(
            op[0] in ("record", "record_round") and op[1]["uid"] == uid for op in self.recorder.pending()
        ):
            return True
        answer = self.reader.ask(("has", uid))
        return None if answer is None or answer.value is None else bool(answer.value)
