"""The game in progress as one JSON file, replaced atomically so a power cut leaves the old or the new.

Writing happens on a small background thread (an SD card's fsync can take longer than a frame,
and the frame loop never waits for it), started with the first write and kept until `close`, idle
or not: a thread started for a move would hold the frame that made the move for the new thread's
start and its first compose. Only the newest content is ever written: a state submitted while a
write is under way replaces any state still waiting, so after each write the next one is the newest.
A power cut therefore loses at most the states submitted during the last two writes. A write that
fails (a full disk) is tried again with back-off, and at once when a new state comes. Given the
app's `FrameGate`, the writer works between frames only (see frame_gate); a flush does not wait for
the gate.

A file whose content is damaged is moved aside with one log line and the game starts normally. A
file that could not be read this time (files.Trouble: an I/O error, too many open files, no
permission) is kept as it is: `read` raises Trouble, says so once in the log, and reads it again at
the next call; nothing ever writes over it or removes it until it has been read (files.py).
"""

from __future__ import annotations

import errno
import json
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .files import Trouble, Unreadable, move_aside, read_json, remove, remove_stale_temps, write_atomically
from .frame_gate import HOLD_S, FrameGate

log = logging.getLogger(__name__)
#: Writes a flush waits for when writing fails (the exit's flush: a failure that passes is tried
#: again, a full disk is not waited out).
FLUSH_TRIES = 3

#: The largest save, read or written (bytes): a long game with its history is a few tens of KiB,
#: and a game past it is saved compactly (save_doc.model_limit).
SAVE_LIMIT = 4 * 1024 * 1024
_UNSET = object()


def plain_json(doc: dict[str, Any] | None) -> str:
    """The default content: the document itself, or nothing at all (the file is deleted)."""
    return "" if doc is None else json.dumps(doc, separators=(",", ":"))


class SaveFile:
    """One JSON document on disk, written in the background.

    `compose(doc)` turns the newest submitted document (None once cleared) into the file's text ("":
    delete the file); it runs on the writer thread at write time, so whatever it adds (the
    statistics' journal) is as fresh as the write."""

    def __init__(
        self,
        path: Path,
        compose: Callable[[dict[str, Any] | None], str] = plain_json,
        backoff: tuple[float, float] = (0.25, 10.0),
        gate: FrameGate | None = None,
    ) -> None:
        self.path = Path(path)
        self.compose = compose
        self.backoff = backoff
        self.gate = gate
        self._held = False  # the writer waits for the frame under way to end
        self._hurried = 0  # flushes waiting: the writer does not wait for the gate
        self._doc: Any = _UNSET  # the newest submitted document; None: cleared
        self._dirty = False  # the newest document is not on disk yet
        self._busy = False
        self._started = 0  # writes begun, numbered ...
        self._ended = 0  # ... and the number of the last one ended (a flush waits for one begun after it)
        self._failing: str | None = None  # why the last write failed, logged once
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closing = False  # close(): the writer ends once nothing is left to write
        #: Why the file could not be read at the last look (it is kept as it is), or None.
        self.trouble: str | None = None
        remove_stale_temps(self.path)
        if gate is not None:
            gate.on_frame_end(self._frame_ended)

    # -- reading -----------------------------------------------------------------------------------
    def read(self) -> dict[str, Any] | None:
        """The saved document, or None when there is none or it is damaged (then moved aside);
        Trouble when it could not be read this time (it is kept, and read again at the next call).

        Once this run has submitted a document, that one is the answer, written or not: the frame
        loop never waits for the disk, and a full disk does not hide the game being played."""
        with self._lock:
            if self._doc is not _UNSET:
                return None if self._doc is None else dict(self._doc)
        try:
            data = read_json(self.path, SAVE_LIMIT)
        except Trouble as exc:
            if self.trouble is None:
                log.warning(
                    "the saved game %s cannot be read now (%s); it is kept as it is and read again later",
                    self.path,
                    exc.strerror,
                )
            self.trouble = exc.strerror or "unreadable"
            raise
        except FileNotFoundError:
            data = None
        except Unreadable as exc:
            self.move_aside(str(exc))
            data = None
        if self.trouble is not None:
            log.warning("the saved game %s can be read again", self.path)
            self.trouble = None
        if data is not None and not isinstance(data, dict):
            self.move_aside("not a JSON object")
            return None
        return data

    def adopt(self, doc: dict[str, Any]) -> None:
        """The document on disk is this run's newest from now on (without what `compose` adds, which
        its owner keeps), so that `rewrite` can write it again with less added."""
        with self._lock:
            if self._doc is _UNSET:
                self._doc = dict(doc)

    def move_aside(self, why: str) -> None:
        """Keep a damaged save for inspection, out of the way of the next start."""
        move_aside(self.path, why, "saved game")

    # -- writing -----------------------------------------------------------------------------------
    def write(self, data: dict[str, Any]) -> None:
        self._submit(dict(data))

    def clear(self) -> None:
        self._submit(None)

    def rewrite(self) -> None:
        """Write the newest document again (what `compose` adds has changed)."""
        with self._lock:  # (held through the submit: a newer document submitted meanwhile stays newest)
            if self._doc is not _UNSET:
                self._submit(self._doc)

    def _submit(self, doc: dict[str, Any] | None) -> None:
        with self._lock:
            self._doc = doc
            self._dirty = True
            self._closing = False
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="savefile", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        delay = self.backoff[0]
        while True:
            with self._lock:
                while not self._dirty and not self._closing:
                    self._lock.wait()
                if not self._dirty:  # closed, with everything written
                    self._thread = None
                    return
                self._wait_for_frame_end()
                doc, self._dirty, self._busy = self._doc, False, True
                self._started += 1
                attempt = self._started
            ok = False
            try:
                self._commit(self.compose(doc))
                ok = True
                if self._failing is not None:
                    log.warning("the game is saved again (%s)", self.path.name)
                    self._failing = None
            except OSError as exc:
                self._failed(exc)
            finally:
                with self._lock:
                    self._busy = False
                    self._ended = attempt
                    if not ok and not self._dirty:
                        self._dirty = True  # the newest state is still not on disk: try it again
                    self._lock.notify_all()
            if ok:
                delay = self.backoff[0]
                continue
            with self._lock:  # back off, unless a newer state arrives (try that one at once)
                before = self._doc
                self._lock.wait(timeout=self.backoff[0] if self._hurried else delay)  # (a flush waits: soon)
                if self._doc is before:
                    delay = min(delay * 2, self.backoff[1])

    def _wait_for_frame_end(self) -> None:
        """(The lock held.) Until the frame under way ends, a flush hurries, or HOLD_S has passed."""
        gate = self.gate
        if gate is None or not gate.in_frame:
            return
        deadline = time.monotonic() + HOLD_S
        self._held = True  # (before looking at the gate again: a frame ending now tells the writer)
        try:
            while gate.in_frame and not self._hurried:
                left = deadline - time.monotonic()
                if left <= 0:
                    return
                self._lock.wait(timeout=left)
        finally:
            self._held = False

    def _frame_ended(self) -> None:
        """(The app's thread, at each frame's end.) Wake a writer waiting for it."""
        if self._held:
            with self._lock:
                self._lock.notify_all()

    def _commit(self, text: str) -> None:
        """Put `text` on disk (or delete the file for ""): the one place the save is changed. A text
        larger than the reader takes is never written: the last save that can be read stays."""
        if len(text.encode("utf-8")) > SAVE_LIMIT:
            raise OSError(errno.EFBIG, f"larger than the {SAVE_LIMIT} bytes a save is read up to")
        if text:
            write_atomically(self.path, text)
        else:
            remove(self.path)

    def _failed(self, exc: OSError) -> None:
        why = exc.strerror or str(exc)
        if why != self._failing:
            log.warning("could not save the game to %s (%s); trying again", self.path, why)
            self._failing = why

    def close(self, timeout: float = 5.0) -> bool:
        """At exit: flush, then let the writer thread end (a write after this starts it again);
        True when everything submitted is on disk. Safe to call twice."""
        with self._lock:
            self._hurried += 1  # (all through: a write submitted meanwhile does not wait for a frame either)
        try:
            done = self.flush(timeout)
            with self._lock:
                self._closing = True
                self._lock.notify_all()
                thread = self._thread
            if done and thread is not None and thread is not threading.current_thread():
                thread.join(timeout=1.0)  # (a writer that cannot write goes on trying: not waited for)
        finally:
            with self._lock:
                self._hurried -= 1
        return done

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything submitted is on disk; True when it is. When writing fails, this
        waits for FLUSH_TRIES more attempts only, begun after the flush (a write that fails once is
        tried again before the exit; a full disk does not make the exit wait long)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            start = self._started  # (a write under way now may have begun before the newest state)
            self._hurried += 1  # (a flush in a frame: the writer does not wait for it to end)
            self._lock.notify_all()  # a writer backing off tries again now
            try:
                while self._dirty or self._busy:
                    if self._failing is not None and self._ended - start >= FLUSH_TRIES and not self._busy:
                        return False
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return False
                    self._lock.wait(timeout=left)
            finally:
                self._hurried -= 1
        return True
