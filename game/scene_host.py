"""What attract mode (game/attract.py) and the kiosk's duties (game/kiosk.py) use of the App: a
Protocol, so that the App imports them and neither imports the App back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.services import SceneLike, Transition
    from game.settings import Settings


class SceneHost(Protocol):
    """The App as its helpers see it: its settings and Context, its scene stack and its clock."""

    ctx: Context
    settings: Settings
    kiosk: bool
    size: tuple[int, int]
    stack: list[SceneLike]
    #: Real seconds since start (uncapped): idle timers, the corner hold.
    wall: float
    #: What main() returns.
    exit_status: int

    def apply(self, transition: Transition) -> None: ...

    def push(self, scene: SceneLike) -> None: ...

    def replace(self, scene: SceneLike) -> None: ...

    def remove(self, scene: SceneLike) -> None: ...

    def redraw(self) -> None: ...

    def quit(self) -> None: ...
