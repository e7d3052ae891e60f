"""The one exception the rules raise: a refused action, with a reason code the UI translates."""


class IllegalMove(Exception):
    """An action the rules refuse. Nothing changed. `reason` is a short code (e.g. 'rank', 'blocked')."""

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        super().__init__(detail or reason)
