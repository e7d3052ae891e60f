"""What a save document holds, read as untrusted: the game and its bookkeeping, the round it is a
hole of, and the journal of finished games and rounds not yet in the database. Every field is
checked against its range (save_schema). Anything wrong with the game is a ValueError (or any
exception): the caller moves the file aside; a journal entry that is wrong is dropped alone."""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from .. import registry
from ..model.course import GolfRound
from ..model.golf import GolfGame
from . import savefile
from .records import checked_record, day_of
from .round_stats import checked_round_record, is_round_record
from .save_schema import COUNT, ID, SECONDS, SHORT, UID_PATTERN, Real, Text, Whole

if TYPE_CHECKING:  # pragma: no cover
    from ..model.base import SolitaireGame

log = logging.getLogger(__name__)

SAVE_FORMAT = 1
JOURNAL_CAP = 200  # finished games kept in the save while the database cannot take them
UID = UID_PATTERN
#: Room in the save for everything but the game's model: the journal (JOURNAL_CAP entries of at
#: most a few KiB, their texts of 64 characters escaped) and the bookkeeping and round beside it.
MODEL_ROOM = 1024 * 1024
#: The games a save may hold, by the name the save gives them (each family's model class).
KINDS = {family_id: fam.model for family_id, fam in registry.FAMILIES.items()}


def model_limit() -> int:
    """The longest model text a save may hold, for the whole save to stay within what its reader
    takes (savefile.SAVE_LIMIT): the model is a JSON string in the save, where a quote takes two
    characters. A game past it is saved in its compact form (game/model/compact.py)."""
    return (savefile.SAVE_LIMIT - MODEL_ROOM) // 2


def why(exc: BaseException) -> str:
    """A short reason for the log line (a message may echo a huge value)."""
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def field(data: dict, key: str, kind: Whole | Real | Text, default: Any) -> Any:
    """`data[key]` checked against its range (save_schema), or `default` when it is absent."""
    return default if key not in data else kind.check(data[key], key)


def game_of(data: dict) -> tuple[SolitaireGame, dict]:
    """The game and its bookkeeping from a save document; ValueError (or anything) when wrong."""
    if data.get("format") != SAVE_FORMAT or data.get("kind") not in KINDS:
        raise ValueError("unknown format")
    kind: type[SolitaireGame] = KINDS[data["kind"]]
    game = kind.from_json(data["model"])
    # a save from before hints and the demo: every move in it was the player's
    counts = {
        "undos": field(data, "undos", COUNT, 0),
        "hints": field(data, "hints", COUNT, 0),
        "demo_moves": field(data, "demo_moves", COUNT, 0),
        "player_moves": field(data, "player_moves", COUNT, game.moves),
    }
    uid = data.get("uid")
    if uid is None:  # a save from before game ids: one derived from its content, the same every time
        import hashlib  # only an old save needs it (loading libcrypto costs 4 MiB of memory)

        uid = "old-" + hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:32]
    meta: dict[str, Any] = {
        "uid": ID.check(uid, "uid"),
        "duration": field(data, "duration", SECONDS, 0.0),
        "started": field(data, "started", SHORT, ""),
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
    """The finished games a save keeps for the statistics, checked field by field. An entry that is
    wrong in any way is dropped alone, with a log line: the game and the other entries are kept."""
    journal = data.get("unrecorded", [])
    if not isinstance(journal, list):
        raise ValueError("bad journal")
    if len(journal) > JOURNAL_CAP:  # (more than the game writes: the newest kept, the game too)
        log.warning(
            "saved game: %d finished games waiting; the oldest %d are dropped", len(journal), len(journal) - JOURNAL_CAP
        )
        journal = journal[-JOURNAL_CAP:]
    out = []
    for rec in journal:
        try:
            out.append(checked_round_record(rec) if is_round_record(rec) else checked_record(rec))
        except (ValueError, TypeError) as exc:
            uid = rec.get("uid") if isinstance(rec, dict) else None
            shown = uid if isinstance(uid, str) and UID.fullmatch(uid) else "?"
            log.warning("saved game: a finished game waiting for the statistics (%s) is dropped: %s", shown, why(exc))
    return out
