"""Parameters split between the tiers: the first value in the everyday loop, the others only in the
slow tier (`-m slow`, and every full run)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def everyday_first(values: Iterable[Any]) -> list[Any]:
    """`values` for pytest.mark.parametrize: the first as it is, the others marked slow."""
    first, *rest = values
    return [first, *(pytest.param(value, marks=pytest.mark.slow) for value in rest)]
