"""Fixtures of the solver tests.

spawned_pools   the table tools' worker pools (tables.worker_pool) start their processes by
                spawning rather than forking: a test process holds other tests' threads, and a
                child forked while one of them holds a lock waits for that lock forever
"""

from __future__ import annotations

import multiprocessing

import pytest

from game.solver import tables


@pytest.fixture
def spawned_pools(monkeypatch):
    monkeypatch.setattr(tables, "worker_pool", lambda jobs: multiprocessing.get_context("spawn").Pool(jobs))
