"""Rounds of golf in the statistics: one row per round, per rule set, and the numbers shown for them.

A round is recorded once, under its own id, when it is finished (all nine holes, 'finished'), when
another game or round replaces it unfinished ('abandoned'), or, either way, as 'assisted' when the
demo also moved in it. Its holes are not single games: they are never rows of the games table.
The table itself is created by schema migration 4 (schema.py).
"""

from __future__ import annotations

import math
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from .uid import new_uid

ROUND_RESULTS = ("finished", "abandoned", "assisted")
MAX_HOLES = 9
RECORD_TYPE = "round"  # a journal entry's "type" for a round (a game's entry has none)

RoundRow = tuple[str, str, int, int, int, str]  # uid, result, total, holes, holes_won, code


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


def checked_round_record(rec: Any, uid_pattern: Any) -> dict[str, Any]:
    """A round record from the save's journal, checked field by field (ValueError when wrong)."""
    if not isinstance(rec, dict) or not isinstance(rec.get("uid"), str) or not uid_pattern.fullmatch(rec["uid"]):
        raise ValueError("bad journal entry")
    scores, duration, hints = rec.get("scores"), rec.get("duration_s"), rec.get("hints")
    if rec.get("result") not in ROUND_RESULTS or not all(
        isinstance(rec.get(k), str) and len(rec[k]) <= 64 for k in ("option", "code", "finished_at")
    ):
        raise ValueError("bad journal entry")
    if (
        not isinstance(scores, list)
        or len(scores) > MAX_HOLES
        or not all(type(s) is int and -99 <= s <= 99 for s in scores)
    ):
        raise ValueError("bad journal entry")
    if (
        not isinstance(duration, (int, float))
        or isinstance(duration, bool)
        or not math.isfinite(duration)
        or not 0 <= duration < 1e9
        or type(hints) is not int
        or hints < 0
        or type(rec.get("winnable")) is not bool
    ):
        raise ValueError("bad journal entry")
    return round_record_of(
        rec["option"],
        rec["code"],
        rec["result"],
        scores,
        winnable=rec["winnable"],
        hints=hints,
        duration_s=duration,
        finished_at=rec["finished_at"],
        uid=rec["uid"],
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


def read_round_rows(conn: sqlite3.Connection, option: str) -> list[RoundRow]:
    rows = conn.execute(
        "SELECT uid, result, total, holes, holes_won, code FROM rounds WHERE option = ? ORDER BY id", (str(option),)
    ).fetchall()
    return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]


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


def summarize_rounds(rows: list[RoundRow]) -> RoundSummary:
    finished = [(total, code) for _u, result, total, _h, _w, code in rows if result == "finished"]
    best = min(finished, key=lambda tc: tc[0]) if finished else None  # min keeps the first of equals
    return RoundSummary(
        played=len(rows),
        finished=len(finished),
        abandoned=sum(r[1] == "abandoned" for r in rows),
        assisted=sum(r[1] == "assisted" for r in rows),
        best_total=best[0] if best else None,
        best_code=best[1] if best else None,
        average_total=sum(t for t, _c in finished) / len(finished) if finished else None,
        holes_won=sum(r[4] for r in rows if r[1] != "assisted"),
    )
