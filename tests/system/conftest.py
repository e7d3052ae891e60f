"""The whole game's system tests: a simulated week on a kiosk, the monkey, power cuts and other
faults with the real game in subprocesses, random input on the tables, and the solvers against
brute force and exhaustive searches. Every test collected here is marked ``slow``."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)  # before -m picks the tests to run
def pytest_collection_modifyitems(items):
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.slow)
