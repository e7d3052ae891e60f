"""What the Context's services and the App shell look like to the code that uses them: Protocols,
so that the Context (game/context.py) names no scene and no module that needs a display, and the
scenes and the App rely on what a service does, not on which class does it.

- `SceneLike`: the scene contract the App drives (game/scenes/base.py's `Scene` keeps it).
- `SceneOpeners`: the scenes one scene opens from another, handed to the Context by the App
  (game/scenes/openers.py makes them), so that no scene imports a scene that imports it back.
- `Audio`, `CardArt`: the sound and the card images.
- `Push`, `Pop`, `Replace`, `Quit`: the transitions a scene's action returns and the App performs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from game.help.examples import Example
    from game.model.base import SolitaireGame
    from game.model.course import GolfRound
    from game.model.replay import Move, Replay
    from game.registry import GameKind
    from game.view.card_face import CardFace


class SceneLike(Protocol):
    """A scene as the App drives it (game/scenes/base.py says when each call comes)."""

    overlay: bool
    passive: bool

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def invalidate(self, rects: list[pygame.Rect] | None = None) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> Transition: ...

    def update(self, dt: float) -> Transition: ...

    def is_animating(self) -> bool: ...

    def spare_work(self) -> bool: ...

    def games_ahead(self) -> tuple[str, ...] | None: ...

    def draw(self, surface: pygame.Surface) -> list | None: ...


@dataclass(frozen=True)
class Push:
    """Put an overlay scene on top of the current one."""

    scene: SceneLike


@dataclass(frozen=True)
class Pop:
    """Remove the top scene (an overlay closes)."""


@dataclass(frozen=True)
class Replace:
    """Swap the whole stack for one scene (menu -> table, table -> menu)."""

    scene: SceneLike


@dataclass(frozen=True)
class Quit:
    """Leave the application."""


Transition = Push | Pop | Replace | Quit | None
#: What a button, a key or an overlay calls: it returns the transition it causes (None: none).
Action = Callable[[], Transition]


class SceneOpeners(Protocol):
    """The scenes a scene opens: each made when asked, its code loaded on first use."""

    def table(
        self,
        game: SolitaireGame,
        resumed: dict | None = None,
        guaranteed: bool | None = None,
        demo: bool = False,
        daily: str | None = None,
    ) -> SceneLike:
        """The table of the game's kind for a game (game/scenes/tables.py: open_table). `resumed` is
        the saved game's bookkeeping when the game continues a saved one; `guaranteed` says the deal
        was proven winnable (None: look it up); `demo` starts the demo after the deal; `daily` is
        the date ('2026-12-01') when the game is that day's daily deal."""
        ...

    def round_table(self, rnd: GolfRound, note: str | None = None) -> SceneLike:
        """The table of the hole a round of golf is at, with a note to show as it deals."""
        ...

    def menu(self) -> SceneLike: ...

    def settings(self) -> SceneLike: ...

    def admin(self) -> SceneLike:
        """A kiosk's administrator's screen."""
        ...

    def daily(self) -> SceneLike:
        """The daily deal's calendar."""
        ...

    def stats(self) -> SceneLike:
        """The statistics of the game and option the menu has chosen."""
        ...

    def help(self, over: SceneLike | None) -> Transition:
        """Help over `over`, on the page of its game (else the menu's choice); None when Help, or
        one of its examples, is what shows already."""
        ...

    def example(self, example: Example) -> SceneLike:
        """One of Help's worked examples, played on its own small table."""
        ...

    def rules_sheet(self, family_id: str, choose: Callable[[GameKind], None]) -> SceneLike | None:
        """The family's "More rules" sheet, which calls `choose` with each kind chosen on it (None
        when the family has none: its kinds are all on the New game window's front)."""
        ...

    def round_stats(self, kind: GameKind) -> SceneLike:
        """The statistics of the rounds of golf of one rule set."""
        ...

    def replay(self, replay: Replay, start: int = 0, note: str | None = None, better: Move | None = None) -> SceneLike:
        """The replay viewer (game/scenes/replay_scene.py) at the position before move `start` (0:
        the deal), with `note` as a line over the table and `better` marked on it as a hint is."""
        ...

    def review(self, replay: Replay) -> SceneLike:
        """The review of a game, each move graded (game/scenes/review_scene.py)."""
        ...

    def recent_games(self) -> SceneLike:
        """The games kept as replays, the newest first (game/scenes/recent_games.py)."""
        ...


class Audio(Protocol):
    """The game's sound (game/audio.py), or silence (context.NullAudio)."""

    muted: bool

    def play(self, name: str, now: float | None = None) -> bool:
        """Play a sound by name; False when nothing plays."""
        ...

    def set_muted(self, value: bool) -> None: ...

    def set_volume(self, value: float) -> None: ...

    def suspend(self) -> None:
        """Close the sound device until the next sound (its thread costs CPU even in silence)."""
        ...


class CardArt(Protocol):
    """The card pictures at any width (game/view/card_images.py), made after the display exists:
    faces and backs, the empty pile's outline, and the faces asked for ahead, made one at a time
    in a frame's spare time."""

    def face(self, card_code: str, width: int, four_colour: bool = False) -> CardFace: ...

    def back_face(self, width: int, style: str = ...) -> CardFace: ...

    def get(self, card_code: str, width: int, four_colour: bool = False) -> pygame.Surface: ...

    def back(self, width: int, style: str = ...) -> pygame.Surface: ...

    def slot(self, width: int) -> pygame.Surface:
        """The empty pile's outline."""
        ...

    def prefetch(
        self, codes: Iterable[str], width: int, four_colour: bool = False, back_style: str | None = None
    ) -> None:
        """The faces (and back) that will show soon, for load_next to make ahead."""
        ...

    @property
    def pending(self) -> int:
        """Faces asked for ahead and not made yet."""
        ...

    def load_next(self) -> bool:
        """Make one face asked for ahead; False when there was none."""
        ...

    def keep_faces(self, codes: set[str], width: int, among: set[str]) -> int:
        """Let go of the scaled faces of `among` at `width` but `codes`; how many went."""
        ...
