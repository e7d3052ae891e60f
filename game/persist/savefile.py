"""The game in progress as one JSON file, replaced atomically so a power cut leaves the old or the new.

Writing happens on a small background thread (an SD card's fsync can take tens of milliseconds on a
Pi; the frame loop must not wait for it). The newest content always wins; `flush()` waits for it.
A file that cannot be read is moved aside with a log line and the game starts normally.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path
from typing import Any

from .files import move_aside, write_atomically

log = logging.getLogger(__name__)


class SaveFile:
    """One JSON document on disk, written in the background."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._pending: str | None = None  # newest text not yet written; "" means delete
        self._lock = threading.Condition()
        self._busy = False
        self._thread: threading.Thread | None = None

    # -- reading -----------------------------------------------------------------------------------
    def read(self) -> dict | None:
        """The saved document, or None when there is none or it is unreadable (then moved aside)."""
        self.flush()
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            log.warning("saved game %s cannot be read (%s); starting without it", self.path, exc)
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            return data
        except (UnicodeDecodeError, ValueError) as exc:
            self.move_aside(f"not valid JSON ({exc})")
            return None

    def move_aside(self, why: str) -> None:
        """Keep a damaged save for inspection, out of the way of the next start."""
        move_aside(self.path, why, "saved game")

    # -- writing -----------------------------------------------------------------------------------
    def write(self, data: dict[str, Any]) -> None:
        self._submit(json.dumps(data, separators=(",", ":")))

    def clear(self) -> None:
        self._submit("")

    def _submit(self, text: str) -> None:
        with self._lock:
            self._pending = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="savefile", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._pending is None:
                    self._lock.wait(timeout=2.0)
                    if self._pending is None:
                        self._thread = None
                        return
                text, self._pending = self._pending, None
                self._busy = True
            try:
                if text:
                    write_atomically(self.path, text)
                else:
                    self.path.unlink(missing_ok=True)
            except OSError as exc:
                log.warning("could not save the game to %s (%s)", self.path, exc)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything submitted is on disk; True when it is."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._pending is not None or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(timeout=left)
        return True
