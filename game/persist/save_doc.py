"""What a save document holds, read as untrusted: the game and its bookkeeping, the round it is a
hole of, and the journal of finished games and rounds not yet in the database. Anything wrong is
a ValueError (or any exception): the caller moves the file aside."""

from __future__ import annotations

import datetime
import json
import math
import re
from typing import TYPE_CHECKING, Any

from .. import registry
from ..model.course import GolfRound
from ..model.golf import GolfGame
from .round_stats import checked_round_record, is_round_record
from .statistics import record_of
from .stats import RESULTS

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame

SAVE_FORMAT = 1
JOURNAL_CAP = 200  # finished games kept in the save while the database cannot take them
UID = re.compile(r"[A-Za-z0-9-]{1,64}")
#: The games a save may hold, by the name the save gives them (each family's model class).
KINDS = {family_id: fam.model for family_id, fam in registry.FAMILIES.items()}


def why(exc: BaseException) -> str:
    """A short reason for the log line (a message may echo a huge value)."""
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def count(data: dict, key: str, default: int = 0) -> int:
    value = data.get(key, default)
    if type(value) is not int or value < 0:
        raise ValueError(f"bad {key}")
    return value


def game_of(data: dict) -> tuple[SolitaireGame, dict]:
    """The game and its bookkeeping from a save document; ValueError (or anything) when wrong."""
    if data.get("format") != SAVE_FORMAT or data.get("kind") not in KINDS:
        raise ValueError("unknown format")
    kind: type[SolitaireGame] = KINDS[data["kind"]]
    game = kind.from_json(data["model"])
    undos, duration = int(data.get("undos", 0)), float(data.get("duration", 0.0))
    # a save from before hints and the demo: every move in it was the player's
    counts = {
        "hints": int(data.get("hints", 0)),
        "demo_moves": int(data.get("demo_moves", 0)),
        "player_moves": int(data.get("player_moves", game.moves)),
    }
    if min(undos, *counts.values()) < 0 or not 0.0 <= duration < 1e9:
        raise ValueError("bad bookkeeping numbers")
    uid = data.get("uid")
    if uid is None:  # a save from before game ids: one derived from its content, the same every time
        import hashlib  # only an old save needs it (loading libcrypto costs 4 MiB of memory)

        uid = "old-" + hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:32]
    elif not isinstance(uid, str) or not UID.fullmatch(uid):
        raise ValueError("bad game id")
    meta: dict[str, Any] = {
        "uid": uid,
        "undos": undos,
        "duration": duration,
        "started": str(data.get("started", "")),
        **counts,
        "guaranteed": data.get("guaranteed", False) is True,
        "daily": day_of(data.get("daily")),
    }
    if "round" in data:  # a hole of a round of golf: the round, with this game as the hole being played
        if not isinstance(game, GolfGame):
            raise ValueError("a round's hole is not a Golf game")
        meta["round"] = GolfRound.from_json(json.dumps(data["round"]), game)
    return game, meta


def journal_of(data: dict) -> list[dict[str, Any]]:
    """The finished games a save keeps for the statistics, checked field by field."""
    journal = data.get("unrecorded", [])
    if not isinstance(journal, list) or len(journal) > JOURNAL_CAP:
        raise ValueError("bad journal")
    out = []
    for rec in journal:
        if is_round_record(rec):
            out.append(checked_round_record(rec, UID))
            continue
        if not isinstance(rec, dict) or not isinstance(rec.get("uid"), str) or not UID.fullmatch(rec["uid"]):
            raise ValueError("bad journal entry")
        if rec.get("result") not in RESULTS or not all(
            isinstance(rec.get(k), str) and len(rec[k]) <= 64 for k in ("game", "option", "finished_at")
        ):
            raise ValueError("bad journal entry")
        code, duration = rec.get("code"), rec.get("duration_s")
        if not (code is None or isinstance(code, str) and len(code) <= 64):
            raise ValueError("bad journal entry")
        if (
            not isinstance(duration, (int, float))
            or isinstance(duration, bool)
            or not math.isfinite(duration)
            or not 0 <= duration < 1e9
        ):
            raise ValueError("bad journal entry")
        out.append(
            record_of(
                rec["game"],
                rec["option"],
                code,
                rec["result"],
                count(rec, "score"),
                count(rec, "moves"),
                count(rec, "undos"),
                duration,
                rec["finished_at"],
                hints=count(rec, "hints"),
                uid=rec["uid"],
                daily=day_of(rec.get("daily")),
            )
        )
    return out


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
