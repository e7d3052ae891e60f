"""The Context handed to every scene: shared services, so scenes never reach for globals.

It holds the settings, sound, card images, the text cache, the translation function, the
clipboard, the window size and the openers of the scenes that scenes switch between. The App
fills in ``images`` after the display exists, hands in the scene openers (``scenes``) and hooks
``set_fullscreen``. It names no scene: each service is known by its Protocol (game/services.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from game import i18n, registry
from game.jobs import Jobs
from game.services import Audio, CardArt, SceneLike, SceneOpeners
from game.settings import Settings
from game.ui.text import TextCache

if TYPE_CHECKING:  # pragma: no cover
    from game.model.base import SolitaireGame
    from game.persist.leaderboard import Leaderboard
    from game.persist.progress import Progress
    from game.persist.run_log import RunFacts

log = logging.getLogger(__name__)

FACE_CACHE = "face-cache"  # the data folder's cache of scaled card faces (game/view/face_cache.py)

#: Multipliers for animation durations by the animation-speed setting.
ANIMATION_SCALE = {"normal": 1.0, "fast": 0.5, "off": 0.0}


class NullAudio:
    """Stands in for game.audio.Audio when it cannot be used: every call is a silent no-op."""

    available = False
    muted = True

    def play(self, name: str, now: float | None = None) -> bool:
        return False

    def set_muted(self, value: bool) -> None:
        self.muted = bool(value)

    def set_volume(self, value: float) -> None:
        """(Nothing plays: the setting is kept by the settings, not here.)"""

    def suspend(self) -> None:
        """(No sound device is open.)"""


def make_audio(muted: bool, volume: float = 1.0) -> Audio:
    """The real Audio if the module loads and the sounds are there, else NullAudio (Audio itself is
    silent without a device). A copy of the game without its sounds plays silently: one log line."""
    try:
        from game.audio import SOUND_DIR, Audio  # optional: without it the game plays silently (below)
    except ImportError as exc:  # the sound module is not there: play silently
        log.warning("audio: %s; playing without sound", exc)
        return NullAudio()
    if not SOUND_DIR.is_dir():
        log.warning("audio: the folder %s is missing; playing without sound", SOUND_DIR)
        return NullAudio()
    return Audio(muted=muted, volume=volume)


def make_images(data: Path | None = None) -> CardArt | None:
    """The card images (after set_mode: they convert to the display's format), their scaled faces
    cached in the data folder (none without one); None when the module does not load (the game
    starts, cardless)."""
    try:
        from game.view.card_images import CardImages  # optional: without it the game starts, cardless
    except ImportError as exc:
        log.warning("card images unavailable: %s", exc)
        return None
    return CardImages(cache_dir=None if data is None else data / FACE_CACHE)


class Context:
    """Services for scenes. Tests may replace any attribute (e.g. ``clipboard_get``)."""

    def __init__(
        self,
        settings: Settings | None = None,
        settings_path: str | Path | None = None,
        audio: Audio | None = None,
        images: CardArt | None = None,
        kiosk: bool = False,
        screen_size: tuple[int, int] = (1280, 720),
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        self.settings_path = settings_path
        #: A kiosk: the administrator's settings (the file's). `settings` is then the visit's copy: a
        #: visitor's choices (a language, a rule set) last the visit and are never saved.
        self.owner_settings: Settings | None = self.settings.copy() if kiosk else None
        #: A kiosk's administrator's screen has been opened: changes are the administrator's, and saved,
        #: until the next visit begins.
        self.owner_mode = False
        #: False when the settings' folder cannot be used: changes last until the game closes.
        self.settings_kept = True
        self.audio: Audio = audio if audio is not None else NullAudio()
        self.images = images
        self.text = TextCache()
        self.kiosk = kiosk
        self.screen_size = screen_size
        self._clipboard = ""  # fallback when the system clipboard cannot be used
        #: The solver worker's jobs (hints, the demo, finding deals); its process starts on first use.
        self.jobs = Jobs()
        #: The game in progress and the statistics (game.persist.progress.Progress); set by the App.
        self.progress: Progress | None = None
        #: A kiosk's leaderboard of today's best (game.persist.leaderboard); set by the App, None elsewhere.
        self.leaderboard: Leaderboard | None = None
        #: Set by the App: switch full screen on or off (the settings scene calls it).
        self.set_fullscreen: Callable[[bool], None] = lambda on: None
        #: Set by the App: whether the window is full screen now (--windowed may differ from settings).
        self.is_fullscreen: Callable[[], bool] = lambda: bool(self.settings.fullscreen)
        #: Set by the App: the language changed, so every scene re-lays out and re-renders its text.
        self.language_changed: Callable[[], None] = lambda: None
        #: Set by the App: the felt, card backs or deck colours changed, so every scene repaints.
        self.appearance_changed: Callable[[], None] = lambda: None
        #: Set by the App: whether a scene is what the player sees and plays now (the top scene, no
        #: dialog over it, the window not hidden): a table's clock runs only then.
        self.in_view: Callable[[SceneLike], bool] = lambda scene: True
        #: Set by the App: leave a kiosk for good (the administrator's screen; kiosk.ADMIN_EXIT).
        self.leave_kiosk: Callable[[], None] = lambda: None
        #: Set by the App: how this run started and what it has done (the administrator's health line).
        self.run_facts: Callable[[], RunFacts | None] = lambda: None
        #: Handed in by the App: the scenes a scene opens (game/scenes/openers.py makes them).
        self.scenes: SceneOpeners = NoOpeners()

    # --- settings ------------------------------------------------------------------------------
    def save_settings(self, closing: bool = False) -> None:
        """Write the settings now (each change is saved at once), if they can be kept. A kiosk's
        visitor's changes are not written: they last the visit (`begin_visit`); a kiosk closing
        writes its administrator's (a file that could not be read is replaced by them)."""
        if self.owner_settings is not None:
            if not (self.owner_mode or closing):
                return
            if self.owner_mode:
                self.owner_settings.assign(self.settings)
            if self.settings_kept:
                self.owner_settings.save(self.settings_path)
            return
        if self.settings_kept:
            self.settings.save(self.settings_path)

    @property
    def visitor(self) -> bool:
        """A kiosk's passer-by is playing: the administrator's choices are not theirs to change."""
        return self.owner_settings is not None and not self.owner_mode

    def allows(self, kind: registry.GameKind) -> bool:
        """Whether the player may play a game of `kind`: anyone may, but a kiosk's visitor only the
        games its administrator offers and, where the administrator keeps the rules, only the
        administrator's rule set of each (the menu, today's deal, Help's deals and examples ask)."""
        owner = self.owner_settings
        if owner is None or self.owner_mode:
            return True
        if not owner.offers(kind.family.id):
            return False
        return owner.visitors_choose_rules or registry.chosen(owner, kind.family.id).id == kind.id

    def begin_visit(self) -> None:
        """A kiosk's next visitor: the administrator's settings, language and sound again, and every
        game's first-run tips (unless the administrator turned them off)."""
        if self.owner_settings is None:
            return
        self.owner_mode = False
        self._take(self.owner_settings)
        self.settings.new_visitor()

    def enter_owner_mode(self) -> None:
        """The administrator's screen opens: from now on the settings shown and changed are the
        kiosk's own (the visitor's language and choices give way to them)."""
        if self.owner_settings is None:
            return
        self.owner_mode = True
        self._take(self.owner_settings)

    def _take(self, settings: Settings) -> None:
        """Play by these settings from now on: their language and sound at once."""
        self.settings.assign(settings)
        self.audio.set_muted(not self.settings.sound)
        self.audio.set_volume(self.settings.volume / 100)
        self.speak(self.settings.language)

    def choose_language(self, code: str) -> None:
        """The player chose this language: shown at once on every scene, and saved (a kiosk's
        visitor's lasts the visit: save_settings)."""
        self.settings.language = i18n.set_language(code)
        self.save_settings()
        self.language_changed()  # the app re-lays out every scene on the stack

    def speak(self, code: str) -> None:
        """Show every text in this language ('' for the system's) from now on, the settings unchanged:
        a kiosk's demos speak the kiosk's language whatever its last visitor chose."""
        language = i18n.language()
        if i18n.set_language(code or i18n.detect_language()) != language:
            self.language_changed()

    def remember_game(self, game: SolitaireGame) -> None:
        """The menu's choices follow the game being played (also one started by --code or continued),
        so its New deal deals the same game and option as the one Continue resumes."""
        if registry.choose(self.settings, registry.kind_of(game)):
            self.save_settings()

    def anim(self, seconds: float) -> float:
        """An animation duration scaled by the animation-speed setting (0 when animations are off)."""
        return seconds * ANIMATION_SCALE.get(self.settings.animation_speed, 1.0)

    # --- clipboard -----------------------------------------------------------------------------
    def clipboard_get(self) -> str:
        """The clipboard's text, or '' when there is none or no clipboard at all (dummy driver)."""
        try:
            import pygame.scrap as scrap  # in the try: a clipboard that cannot load reads as empty

            if hasattr(scrap, "get_text"):
                text = scrap.get_text()
                if text:
                    return text
        except Exception as exc:  # any clipboard failure means "empty", never a crash
            log.debug("clipboard: cannot read (%s)", exc)
        return self._clipboard

    def clipboard_set(self, text: str) -> bool:
        """Put text on the clipboard; it is kept in-process too, so pasting back always works."""
        self._clipboard = text
        try:
            import pygame.scrap as scrap  # in the try: a clipboard that cannot load keeps the text here

            if hasattr(scrap, "put_text"):
                scrap.put_text(text)
                return True
        except Exception as exc:
            log.debug("clipboard: cannot write (%s)", exc)
        return False


class NoOpeners:
    """The scene openers before the App hands its own in: asking for a scene is a mistake."""

    def _none(self, *args: object, **kwargs: object) -> NoReturn:
        raise RuntimeError("no scene openers yet: the App hands them to the Context")

    table = round_table = menu = settings = admin = daily = stats = help = example = rules_sheet = round_stats = _none
    replay = review = recent_games = _none
