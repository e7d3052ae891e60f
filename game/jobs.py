"""The solver jobs of a run, shared by the scenes: one worker, and each answer kept for whoever asked.

The frame loop never waits for a solve: a scene submits a job, gets a ticket and asks for its answer
in later frames with `take(ticket)`. Several scenes may have jobs out at once (a table under an
overlay, the menu finding a deal), so every answer polled from the worker is kept by ticket until its
owner takes it; an owner that loses interest cancels its ticket, and the answer is never kept.
"""
from __future__ import annotations

import logging
import os
from typing import Any

log = logging.getLogger(__name__)

MODE_ENV = "GOLF_EIGHTOFF_SOLVER"  # 'process' (default) or 'thread'
PENDING = object()  # what take() returns until the answer is there


class Jobs:
    """Submit solver jobs and collect their answers by ticket (see game.solver.worker)."""

    def __init__(self, mode: str | None = None) -> None:
        self.mode = mode or os.environ.get(MODE_ENV, "process")
        self._worker: Any = None
        self._answers: dict[int, Any] = {}
        self._open: set[int] = set()

    @property
    def worker(self) -> Any:
        if self._worker is None:
            from game.solver.worker import SolverWorker

            self._worker = SolverWorker(self.mode)
        return self._worker

    def warm(self) -> None:
        """Load the worker's code now (a table is opening, the screen changes anyway), so the first
        Hint does not pay for it mid-game (about 12 ms here, several times that on a Pi)."""
        import game.solver.worker  # noqa: F401

    def submit(self, job: str, *args: Any) -> int:
        ticket = self.worker.submit(job, *args)
        self._open.add(ticket)
        return ticket

    def _collect(self) -> None:
        if self._worker is None or not self._open:
            return
        for ticket, answer in self._worker.poll():
            if ticket in self._open:
                self._answers[ticket] = answer

    def take(self, ticket: int) -> Any:
        """The job's answer once it is there (then forgotten), else PENDING. A failed job's answer
        is a game.solver.worker.JobFailed."""
        self._collect()
        answer = self._answers.pop(ticket, PENDING)
        if answer is PENDING:
            return PENDING
        self._open.discard(ticket)
        return answer

    def cancel(self, ticket: int | None) -> None:
        """Not interested any more: the answer, when it comes, is dropped (a running solve stops)."""
        if ticket is None or ticket not in self._open:
            return
        self._open.discard(ticket)
        self._answers.pop(ticket, None)
        if self._worker is not None:
            self._worker.cancel(ticket)

    @property
    def busy(self) -> bool:
        return bool(self._open)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        self._answers.clear()
        self._open.clear()
