"""Rounds of golf in the statistics: one row per round, per rule set, and the numbers shown for them.

A round is recorded once, under its own id, when it is finished (all nine holes, 'finished'), when
another game or round replaces it unfinished ('abandoned'), or, either way, as 'assisted' when the
demo also moved in it. Its holes are not single games: they are never rows of the games table.
The table itself is created by schema migration 4 (schema.py).
"""

from __future__ import annotations

import dataclasses
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from .save_schema import COUNT, HOLE_SCORE, ID, SECONDS, SHORT
from .uid import new_uid

ROUND_RESULTS = ("finished", "abandoned", "assisted")
MAX_HOLES = 9
RECORD_TYPE = "round"  # a journal entry's "type" for a round (a game's entry has none)

RoundRow = tuple[str, str, int, int, int, str]  # uid, result, total, holes, holes_won, code
ROUND_FIELDS = "uid, result, total, holes, holes_won, code"
#: A row of the rounds table every number and name of which is in range: the ranges a round's
#: record is checked against wherever it is read (save_schema).
ROUND_VALID = (
    f"result IN {ROUND_RESULTS} AND typeof(holes) = 'integer' AND holes BETWEEN 0 AND {MAX_HOLES}"
    f" AND typeof(total) = 'integer' AND total BETWEEN {HOLE_SCORE.low * MAX_HOLES} AND {HOLE_SCORE.high * MAX_HOLES}"
    " AND typeof(holes_won) = 'integer' AND holes_won BETWEEN 0 AND holes"
    f" AND typeof(hints) = 'integer' AND hints BETWEEN 0 AND {COUNT.high}"
    f" AND typeof(duration_s) IN ('integer', 'real') AND duration_s BETWEEN 0 AND {SECONDS.high}"
    f" AND typeof(uid) = 'text' AND length(uid) BETWEEN 1 AND {ID.longest}"
    f" AND typeof(code) = 'text' AND length(code) <= {SHORT.longest}"
)


def round_record_of(
    option: str,
    code: str,
    result: str,
    scores: tuple[int, ...] | list[int],
    *,
    winnable: bool = False,
    hints: int = 0,
    duration_s: float = 0.0,
    finished_at: str | None = None,
    uid: str | None = None,
) -> dict[str, Any]:
    """A round as the Recorder writes it and the save's journal keeps it."""
    if result not in ROUND_RESULTS:
        raise ValueError(f"unknown round result {result!r}")
    scores = [int(s) for s in scores]
    if len(scores) > MAX_HOLES:
        raise ValueError(f"a round has at most {MAX_HOLES} holes")
    return {
        "type": RECORD_TYPE,
        "uid": uid or new_uid(),
        "option": str(option),
        "code": str(code),
        "result": result,
        "scores": scores,
        "winnable": bool(winnable),
        "hints": max(0, int(hints)),
        "duration_s": round(float(duration_s), 2),
        "finished_at": finished_at or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()),
    }


def checked_round_record(rec: Any) -> dict[str, Any]:
    """A round record from the save's journal, every field in its range (save_schema; ValueError
    when not)."""
    if not isinstance(rec, dict):
        raise ValueError("not a record")
    scores = rec.get("scores")
    if rec.get("result") not in ROUND_RESULTS or type(rec.get("winnable")) is not bool:
        raise ValueError("bad result")
    if not isinstance(scores, list) or len(scores) > MAX_HOLES:
        raise ValueError("bad scores")
    return round_record_of(
        SHORT.check(rec.get("option"), "option"),
        SHORT.check(rec.get("code"), "code"),
        rec["result"],
        [HOLE_SCORE.check(s, "a hole's score") for s in scores],
        winnable=rec["winnable"],
        hints=COUNT.check(rec.get("hints"), "hints"),
        duration_s=SECONDS.check(rec.get("duration_s"), "duration_s"),
        finished_at=SHORT.check(rec.get("finished_at"), "finished_at"),
        uid=ID.check(rec.get("uid"), "uid"),
    )


def is_round_record(rec: Any) -> bool:
    return isinstance(rec, dict) and rec.get("type") == RECORD_TYPE


# -- the database ---------------------------------------------------------------------------------------
def insert_round(conn: sqlite3.Connection, rec: dict[str, Any]) -> bool:
    """One round (a repeated id changes nothing), in the caller's transaction; whether a row was added."""
    scores = [int(s) for s in rec["scores"]]
    return (
        conn.execute(
            "INSERT INTO rounds (uid, option, code, result, holes, total, holes_won, scores, winnable, hints,"
            " duration_s, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING",
            (
                rec["uid"],
                str(rec["option"]),
                str(rec["code"]),
                rec["result"],
                len(scores),
                sum(scores),
                sum(s <= 0 for s in scores),
                ",".join(map(str, scores)),
                int(bool(rec["winnable"])),
                max(0, int(rec["hints"])),
                float(rec["duration_s"]),
                rec["finished_at"],
            ),
        ).rowcount
        > 0
    )


def delete_rounds(conn: sqlite3.Connection, option: str) -> None:
    """The rounds of one rule set, in the caller's transaction."""
    conn.execute("DELETE FROM rounds WHERE option = ?", (str(option),))


def row_of(rec: dict[str, Any]) -> RoundRow:
    """The row a round record becomes (for the rounds not written yet)."""
    scores = [int(s) for s in rec["scores"]]
    return (rec["uid"], rec["result"], sum(scores), len(scores), sum(s <= 0 for s in scores), rec["code"])


# -- the numbers ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundSummary:
    """What the statistics show for the rounds of one rule set."""

    played: int  # every recorded round
    finished: int  # played to the ninth hole by the player alone
    abandoned: int  # replaced by another game or round before the ninth hole
    assisted: int  # the demo moved in it too (never the best, never averaged)
    best_total: int | None  # the lowest total of a finished round
    best_code: str | None  # that round's code (the first to reach it)
    average_total: float | None
    holes_won: int  # holes cleared, in the player's own rounds (finished or abandoned)


@dataclass(frozen=True)
class RoundTally:
    """The sums behind a RoundSummary, for the rounds added so far (oldest first)."""

    played: int = 0
    finished: int = 0
    abandoned: int = 0
    assisted: int = 0
    best_total: int | None = None
    best_code: str | None = None
    finished_total: int = 0  # the finished rounds' totals, added up
    holes_won: int = 0

    def add(self, rows: list[RoundRow]) -> RoundTally:
        t = dataclasses.asdict(self)
        for _uid, result, total, _holes, holes_won, code in rows:
            t["played"] += 1
            t["abandoned"] += result == "abandoned"
            t["assisted"] += result == "assisted"
            t["holes_won"] += holes_won if result != "assisted" else 0
            if result == "finished":
                t["finished"] += 1
                t["finished_total"] += total
                if t["best_total"] is None or total < t["best_total"]:  # the first of equals stays
                    t["best_total"], t["best_code"] = total, code
        return RoundTally(**t)

    def summary(self) -> RoundSummary:
        return RoundSummary(
            played=self.played,
            finished=self.finished,
            abandoned=self.abandoned,
            assisted=self.assisted,
            best_total=self.best_total,
            best_code=self.best_code,
            average_total=self.finished_total / self.finished if self.finished else None,
            holes_won=self.holes_won,
        )


def summarize_rounds(rows: list[RoundRow]) -> RoundSummary:
    return RoundTally().add(rows).summary()
