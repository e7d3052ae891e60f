"""The Recorder's side of the waiting file (waiting.py): reading it at start, writing what waits to
it while the database cannot be written, dropping what waited too long, and removing it once all of
it is in the database. A mixin of Recorder, on its thread but for the first read."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from . import waiting
from .files import Unreadable, move_aside
from .waiting import Queued, uid_of

log = logging.getLogger(__name__)


class Parking:
    """What the Recorder keeps about the waiting file (its own __init__ sets these)."""

    waiting_path: Path
    on_recorded: Callable[[str], None] | None
    _cond: threading.Condition
    _ops: list[Queued]
    _seq: int
    _kept: set[str]
    _loaded: bool  # the waiting file has been read (its operations come first)
    _stale_file: bool  # the waiting file still lists operations written (or dropped) since
    _said_memory: bool  # said that the waiting file cannot be written
    _said_unread: bool  # said that it cannot be read
    dropped: int

    # -- the waiting file --------------------------------------------------------------------------
    def _load_waiting(self) -> None:
        """Put what waited on disk before everything queued since (once; retried while unreadable)."""
        try:
            entries = waiting.load(self.waiting_path)
        except OSError as exc:
            if not self._said_unread:
                log.warning("statistics: cannot read %s now (%s); trying again", self.waiting_path.name, exc)
                self._said_unread = True
            return
        except Unreadable as exc:
            move_aside(self.waiting_path, str(exc), "statistics' waiting file")
            entries = []
        with self._cond:
            uids = {u for u in (uid_of(op) for _at, op in entries) if u is not None}
            queued = [q for q in self._ops if uid_of(q.op) not in uids]  # (the save's journal had them too)
            self._ops = self._renumbered([Queued(0, op, at, parked=True) for at, op in entries] + queued)
            self._kept |= uids
            self._loaded = True
            self._cond.notify_all()
        if entries:
            log.warning(
                "statistics: %d operation(s) waited in %s; recording them", len(entries), self.waiting_path.name
            )

    def _renumbered(self, items: list[Queued]) -> list[Queued]:
        """Loaded operations come first: every queued one gets a new number, in the new order."""
        for q in items:
            self._seq += 1
            q.seq = self._seq
        return items

    def _park(self) -> None:
        """Write what waits to the waiting file, and let the save's journal drop those games."""
        if not self._loaded:
            return
        with self._cond:
            self._drop_old()
            fresh = [q for q in self._ops if not q.parked]
            rewrite, everything = self._stale_file, [(q.at, q.op) for q in self._ops]
        if not fresh and not rewrite:
            return
        if not self._write_waiting(fresh, everything if rewrite else None):
            return
        for uid in self._parked(fresh, rewrite):
            if self.on_recorded is not None:
                self.on_recorded(uid)

    def _write_waiting(self, fresh: list[Queued], everything: list[waiting.Entry] | None) -> bool:
        """The waiting file rewritten with `everything`, or (None) `fresh` added to it; whether that
        worked (else what waits stays in memory, said once)."""
        try:
            if everything is not None:
                waiting.rewrite(self.waiting_path, everything)
            else:
                waiting.append(self.waiting_path, [(q.at, q.op) for q in fresh])
        except (OSError, Unreadable) as exc:
            self._in_memory(exc)
            return False
        return True

    def _parked(self, fresh: list[Queued], rewrote: bool) -> list[str]:
        """`fresh` is on disk now: marked so, its finished games kept (their uids, returned), and
        the file up to date when it was rewritten whole."""
        with self._cond:
            for q in fresh:
                q.parked = True
            self._stale_file = self._stale_file and not rewrote
            uids = [u for u in (uid_of(q.op) for q in fresh) if u is not None]
            self._kept.update(uids)
            self._cond.notify_all()
        return uids

    def _settle_file(self) -> bool:
        """Before an operation that never waited is written, the file must hold nothing written
        since (a replay of it after that operation would undo it): rewritten with what still waits,
        or removed. Whether that worked."""
        with self._cond:
            still = [(q.at, q.op) for q in self._ops if q.parked]
        try:
            waiting.rewrite(self.waiting_path, still)
        except (OSError, Unreadable) as exc:
            log.warning("statistics: cannot bring %s up to date (%s); trying again", self.waiting_path.name, exc)
            return False
        with self._cond:
            self._stale_file = False
        return True

    def _drop_old(self) -> None:
        """Drop what waited longer than WAIT_DAYS, or beyond MAX_WAITING (the lock is held)."""
        old = waiting.too_old([(q.at, q.op) for q in self._ops])
        if not old:
            return
        dropped, self._ops = self._ops[:old], self._ops[old:]
        self.dropped += old
        self._stale_file = self._stale_file or any(q.parked for q in dropped)
        log.warning(
            "statistics: %d operation(s) waited more than %d days (or beyond the %d kept) to be recorded; dropped",
            old,
            waiting.WAIT_DAYS,
            waiting.MAX_WAITING,
        )

    def _in_memory(self, exc: BaseException) -> None:
        if not self._said_memory:
            log.warning(
                "statistics: %s is out of reach too (%s); %d operation(s) wait in memory only, up to %d days",
                self.waiting_path.name,
                exc,
                len(self._ops),
                waiting.WAIT_DAYS,
            )
            self._said_memory = True
