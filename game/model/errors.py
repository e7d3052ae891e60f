"""The one exception the rules raise: a refused action, with a reason code the UI translates."""

from __future__ import annotations

from typing import Any


class IllegalMove(Exception):
    """An action the rules refuse. Nothing changed.

    `reason` is a short code (e.g. 'rank', 'blocked'); `details` holds what the message needs beyond
    it, e.g. `limit` for 'too-many' (how many cards may move now).
    """

    def __init__(self, reason: str, detail: str = "", **details: Any) -> None:
        self.reason = reason
        self.details: dict[str, Any] = details
        super().__init__(detail or reason)

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.details.items())
        return f"IllegalMove({self.reason!r}{extra})"
