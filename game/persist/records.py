"""A finished game's record, as the Recorder writes it, the save's journal keeps it and the waiting
file holds it: made (`record_of`) and read back as untrusted (`checked_record`), every field in the
range save_schema states, the same wherever a record is read."""

from __future__ import annotations

import datetime
import time
from typing import Any

from .save_schema import COUNT, ID, SCORE, SECONDS, SHORT
from .stats_read import RESULTS
from .uid import new_uid


def record_of(
    game: str,
    option: str,
    code: str | None,
    result: str,
    score: int,
    moves: int,
    undos: int = 0,
    duration_s: float = 0.0,
    finished_at: str | None = None,
    *,
    hints: int = 0,
    uid: str | None = None,
    daily: str | None = None,
    catch_up: bool = False,
) -> dict[str, Any]:
    """A finished game as the Recorder writes it and the save's journal keeps it (`catch_up`: the
    daily deal of `daily` was dealt after its date, game.daily.caught_up)."""
    if result not in RESULTS:
        raise ValueError(f"unknown result {result!r}")
    return {
        "uid": uid or new_uid(),
        "game": str(game),
        "option": str(option),
        "code": code,
        "result": result,
        "score": max(0, int(score)),
        "moves": max(0, int(moves)),
        "undos": int(undos),
        "duration_s": round(float(duration_s), 2),
        "hints": max(0, int(hints)),
        "finished_at": finished_at or time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()),
        "daily": daily,
        "catch_up": bool(daily is not None and catch_up),
    }


def checked_record(rec: Any) -> dict[str, Any]:
    """A finished game from the save's journal, every field in its range (ValueError when not)."""
    if not isinstance(rec, dict):
        raise ValueError("not a record")
    if rec.get("result") not in RESULTS:
        raise ValueError("unknown result")
    code = rec.get("code")
    return record_of(
        SHORT.check(rec.get("game"), "game"),
        SHORT.check(rec.get("option"), "option"),
        None if code is None else SHORT.check(code, "code"),
        rec["result"],
        SCORE.check(rec.get("score"), "score"),
        COUNT.check(rec.get("moves"), "moves"),
        COUNT.check(rec.get("undos"), "undos"),
        SECONDS.check(rec.get("duration_s"), "duration_s"),
        SHORT.check(rec.get("finished_at"), "finished_at"),
        hints=COUNT.check(rec.get("hints"), "hints"),
        uid=ID.check(rec.get("uid"), "uid"),
        daily=day_of(rec.get("daily")),
        catch_up=rec.get("catch_up") is True,  # (a record from before the mark: played on its date)
    )


def day_of(value: Any) -> str | None:
    """A saved daily-deal date, 'YYYY-MM-DD' of a real date, else None: a damaged date costs the
    game its daily mark, never the game or its record."""
    if not isinstance(value, str) or len(value) != 10:
        return None
    try:
        datetime.date.fromisoformat(value)  # refuses 2026-02-30 and the like
    except ValueError:
        return None
    return value
