"""Sound effects that never crash the game.

`Audio` opens the mixer and loads the WAVs in `sounds/` once.  Without an audio device, or with a
missing or corrupt file, `play` is a silent no-op and the problem is logged once. The volume is
kept whether or not there is a device, and applied to every sound as it is loaded.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

SOUND_DIR = Path(__file__).resolve().parents[1] / "sounds"
NAMES = ("deal", "slide", "place", "flip", "refuse", "win")
MIN_GAP = 0.03  # seconds: the same sound is not restarted more often than this


class Audio:
    """Named sound effects with mute and a per-sound repeat limit.

    `play(name, now)` takes the caller's simulation time (seconds) instead of reading a clock;
    without `now` no limit applies.
    """

    def __init__(
        self, sound_dir: Path | str = SOUND_DIR, muted: bool = False, min_gap: float = MIN_GAP, volume: float = 1.0
    ) -> None:
        self._dir = Path(sound_dir)
        self._muted = muted
        self._volume = _level(volume)
        self._min_gap = min_gap
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._last: dict[str, float] = {}
        self._reported: set[str] = set()
        self._suspended = False
        self.available = self._open_mixer()
        if self.available:
            for name in NAMES:
                self._load(name)

    # ------------------------------------------------------------ public

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)

    def set_muted(self, value: bool) -> None:
        self.muted = value

    @property
    def volume(self) -> float:
        """The level every sound plays at, 0 to 1."""
        return self._volume

    def set_volume(self, value: float) -> None:
        """Play every sound at this level (0 to 1) from now on; without a device it is only kept."""
        self._volume = _level(value)
        for name, sound in self._sounds.items():
            self._apply_volume(name, sound)

    def suspend(self) -> None:
        """Close the sound device while the game rests (its mixing thread costs CPU on a Pi even in
        silence); the next play() opens it again. Does nothing while a sound is still playing."""
        if self._suspended or not self.available:
            return
        try:
            if pygame.mixer.get_init() and pygame.mixer.get_busy():
                return
            self._sounds.clear()
            pygame.mixer.quit()
            self._suspended = True
        except pygame.error as exc:
            log.warning("audio: cannot close the mixer (%s)", exc)

    def _resume(self) -> bool:
        self._suspended = False
        self.available = self._open_mixer()
        if self.available:
            for name in NAMES:
                self._load(name)
        return self.available

    def play(self, name: str, now: float | None = None) -> bool:
        """Start sound `name`; returns whether it was actually started."""
        if self._muted or not self.available:
            return False
        if self._suspended and not self._resume():
            return False
        sound = self._sounds.get(name)
        if sound is None:
            self._report(name, f"sound {name!r} is not loaded; playing nothing")
            return False
        if now is not None:
            last = self._last.get(name)
            if last is not None and 0 <= now - last < self._min_gap:
                return False
            self._last[name] = now
        try:
            sound.play()
        except pygame.error as exc:
            self._report(name, f"sound {name!r} failed to play ({exc})")
            return False
        return True

    # ------------------------------------------------------------ internals

    def _open_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            return True
        except (pygame.error, NotImplementedError) as exc:
            log.warning("no audio (%s); the game runs silently", exc)
            return False

    def _load(self, name: str) -> None:
        path = self._dir / f"{name}.wav"
        try:
            sound = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError, ValueError) as exc:
            self._report(name, f"sound file {path} unusable ({exc}); it will be silent")
            return
        self._sounds[name] = sound
        self._apply_volume(name, sound)

    def _apply_volume(self, name: str, sound: pygame.mixer.Sound) -> None:
        try:
            sound.set_volume(self._volume)
        except pygame.error as exc:
            self._report(name, f"sound {name!r} keeps its volume ({exc})")

    def _report(self, name: str, message: str) -> None:
        if name not in self._reported:
            self._reported.add(name)
            log.warning(message)


def _level(value: float) -> float:
    """A volume from 0 to 1 (anything else is clamped; a value that is no number is full level)."""
    try:
        return min(1.0, max(0.0, float(value)))
    except (TypeError, ValueError):
        return 1.0
