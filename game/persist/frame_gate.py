"""When the save's writer may work: between two frames, not inside one.

A move's frame submits the save, and the writer thread wakes at once. It needs the interpreter's
lock to compose the file, and takes it as soon as the frame lets go of it: in a real window, while
the frame is being put on screen. The frame would then wait for the writer to let go before it could
go on, so a move's frame (already among the slowest) would pay for part of the write as well
(composing, writing and syncing the file). So the app closes the gate while it steps a frame
(`frame_begins`, `frame_ends`); a writer waits for it to open, never longer than `HOLD_S`, so a
frame that hangs does not keep the newest state off the disk.
"""

from __future__ import annotations

from collections.abc import Callable

#: The longest a writer waits for a frame to end: many frames' length, so only a frame that hangs
#: makes it write anyway.
HOLD_S = 0.25


class FrameGate:
    """Open between frames; `in_frame` while the app steps one. What waits for it to open is
    told at each frame's end (`on_frame_end`)."""

    __slots__ = ("in_frame", "_ended")

    def __init__(self) -> None:
        self.in_frame = False
        self._ended: list[Callable[[], None]] = []

    def on_frame_end(self, call: Callable[[], None]) -> None:
        """Call `call` at the end of every frame from now on (it must be quick: it runs in the frame)."""
        self._ended.append(call)

    def frame_begins(self) -> None:
        self.in_frame = True

    def frame_ends(self) -> None:
        self.in_frame = False
        for call in self._ended:
            call()
