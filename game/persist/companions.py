"""Whether the -wal and -shm beside the statistics database belong to it.

SQLite applies any -wal it finds beside a database: it checks the -wal's own header and checksums,
never that the -wal was written for this database, and it even takes the -wal's page size over the
database's. A -wal left by another database (a copied or restored file, a mix-up of folders) would
silently replace the statistics with that database's pages. So before the database is opened, a
-wal is compared with the database file it would change:

- the file alone is read with `immutable=1` (SQLite then ignores the -wal), the database as the
  -wal would make it through a read-only connection (which never writes the -wal into the file);
- the -wal does not belong when its page size is not the database's, when it would change the
  database's identity (a random number in its header, `PRAGMA application_id`, that every write of
  the game rewrites, so the game's own -wal always carries it), when it would lower the schema
  version or any AUTOINCREMENT counter (the game's writes only ever raise them), or when the file
  alone is sound but the database with the -wal is damaged on two looks.

A -wal or -shm that is not a regular file (a folder, a FIFO, a symlink) is no SQLite's either. What
does not belong is set aside (`….corrupt-<time>`, one log line), never applied or deleted. When the
comparison itself cannot be made (a read fails), the database is not opened this time: trouble.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from pathlib import Path

from .schema import SQLITE_CORRUPT, SQLITE_NOTADB, StatsUnavailable, check_verdict, primary_code, unavailable

WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_VERSION = 3007000
SQLITE_HEADER = b"SQLite format 3\x00"
#: (identity, schema version, AUTOINCREMENT counters) of one view of the database
Look = tuple[int, int, dict[str, int]]


def strangers(path: Path) -> dict[str, str]:
    """The companions of the database at `path` that do not belong to it: {suffix: why}. Raises
    StatsUnavailable when a read needed to tell fails."""
    path = Path(path)
    found: dict[str, str] = {}
    for suffix in ("-wal", "-shm"):
        why = not_a_file(Path(f"{path}{suffix}"))
        if why:
            found[suffix] = why
    if "-wal" in found:
        return found
    shm = Path(f"{path}-shm")
    had_shm = os.path.lexists(shm)
    why = foreign_wal(path)
    if why:
        found["-wal"] = why
        if had_shm:
            found.setdefault("-shm", "it indexes a -wal that does not belong")
        else:  # made by the look just taken, and holding nothing but that look's index
            with contextlib.suppress(OSError):
                shm.unlink()
    return found


def not_a_file(path: Path) -> str | None:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise unavailable(exc) from None
    return None if stat.S_ISREG(mode) else "not a regular file"


def foreign_wal(path: Path) -> str | None:
    """Why the -wal beside `path` was not written for it, or None (none there, SQLite would ignore
    it, or nothing proves it is another's)."""
    wal_page = wal_page_size(Path(f"{path}-wal"))
    db_page = database_page_size(path)
    if wal_page is None or db_page is None:
        return None
    if wal_page != db_page:
        return f"its pages are of {wal_page} bytes, the database's of {db_page}"
    alone = look(path, "immutable=1")
    if alone is None:
        return None  # the file alone is no database: opening it will tell, and set both aside
    with_wal = look(path, "mode=ro", examine=True) or look(path, "mode=ro", examine=True)  # damage: twice
    if with_wal is None:
        return "the database is sound alone and damaged with it" if sound(path) else None
    return unlike(alone, with_wal)


def unlike(alone: Look, with_wal: Look) -> str | None:
    identity, version, counters = alone
    if identity and with_wal[0] != identity:
        return f"it would change the database's identity ({identity} to {with_wal[0]})"
    if with_wal[1] < version:
        return f"it would lower the schema version from {version} to {with_wal[1]}"
    for table, seq in counters.items():
        if with_wal[2].get(table, 0) < seq:
            return f"it would lower the last id of {table} from {seq} to {with_wal[2].get(table, 0)}"
    return None


def wal_page_size(wal: Path) -> int | None:
    """The page size a valid -wal header gives, or None (no -wal, or one SQLite ignores)."""
    header = read_head(wal, 32)
    if header is None or len(header) < 32:
        return None
    magic, version, page = (int.from_bytes(header[i : i + 4], "big") for i in (0, 4, 8))
    if magic not in WAL_MAGIC or version != WAL_VERSION or page < 512 or page & (page - 1):
        return None
    return page


def database_page_size(path: Path) -> int | None:
    header = read_head(path, 100)
    if header is None or len(header) < 100 or not header.startswith(SQLITE_HEADER):
        return None
    page = int.from_bytes(header[16:18], "big")
    return 65536 if page == 1 else page


def read_head(path: Path, size: int) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise unavailable(exc) from None
    try:
        return os.read(fd, size)
    except OSError as exc:
        raise unavailable(exc) from None
    finally:
        os.close(fd)


def look(path: Path, mode: str, examine: bool = False) -> Look | None:
    """The identity, schema version and counters of the database seen through `mode`, or None when
    SQLite calls it malformed or not a database that way (or, `examine`, when `PRAGMA quick_check`
    finds damage). A read that fails is trouble (StatsUnavailable)."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True, timeout=1.0, isolation_level=None)
    except sqlite3.Error as exc:
        raise unavailable(exc) from None
    try:
        if examine:
            verdict = check_verdict([str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()])
            if verdict == "trouble":
                raise StatsUnavailable("io", "PRAGMA quick_check could not read the database with its -wal")
            if verdict == "damage":
                return None
        identity = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        counters: dict[str, int] = {}
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone():
            counters = {str(name): int(seq) for name, seq in conn.execute("SELECT name, seq FROM sqlite_sequence")}
        return int(identity), int(version), counters
    except sqlite3.Error as exc:
        if primary_code(exc) in (SQLITE_CORRUPT, SQLITE_NOTADB):
            return None
        raise unavailable(exc) from None
    except (TypeError, ValueError):  # a counter that is not a number: not the game's database
        return None
    finally:
        conn.close()


def sound(path: Path) -> bool:
    """The database file alone passes `PRAGMA quick_check`, read cleanly."""
    with contextlib.closing(
        sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True, isolation_level=None)
    ) as conn:
        try:
            rows = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.Error:
            return False
    return check_verdict(rows) == "ok"
