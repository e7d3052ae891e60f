"""The rules engine: plain data and functions, no pygame, no I/O. The single authority on the rules."""

from .errors import IllegalMove

__all__ = ["IllegalMove"]
