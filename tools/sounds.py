"""Synthesise the game's sound effects into `sounds/` as 16-bit 44.1 kHz mono WAV files.

Run ``python -m tools.sounds``.  Standard library only; the noise comes from a seeded
``random.Random`` so every run writes identical files.

Every sound, and every note inside one, rises from silence over a short attack and falls back to
silence over a release, both raised-cosine ramps multiplied into its decay: a sound that starts or
stops at full level (or at the corner of a linear ramp) clicks, a broadband spike up to 22 kHz in
its spectrogram. The card sounds are soft and short: papery noise kept below 5 kHz, under 0.2 s,
quieter than the win's chime; the player's volume setting scales them all at play time.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

RATE = 44100
ATTACK = 0.0015  # s: the shortest rise from silence of any sound or note
RELEASE = 0.006  # s: the shortest fall back to silence
OUT_DIR = Path(__file__).resolve().parents[1] / "sounds"

Signal = list[float]


def n_samples(seconds: float) -> int:
    return int(RATE * seconds)


def noise(seconds: float, seed: int) -> Signal:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def lowpass(sig: Sequence[float], cutoff: float) -> Signal:
    """One-pole low-pass filter."""
    a = 1.0 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in sig:
        y += a * (x - y)
        out.append(y)
    return out


def highpass(sig: Sequence[float], cutoff: float) -> Signal:
    low = lowpass(sig, cutoff)
    return [x - lo for x, lo in zip(sig, low)]


def bandpass(sig: Sequence[float], low: float, high: float) -> Signal:
    return highpass(lowpass(lowpass(sig, high), high), low)


def rise(i: int, k: int) -> float:
    """A raised-cosine ramp from 0 (i = 0) to 1 (i = k): its slope is 0 at both ends, so a sound
    shaped by it has no corner to click at."""
    return 1.0 if i >= k else 0.5 - 0.5 * math.cos(math.pi * i / k)


def envelope(n: int, attack: float, decay: float, release: float = RELEASE) -> Signal:
    """An exponential decay with time constant `decay` s, times a smooth rise over `attack` s at the
    start and a smooth fall over `release` s at the end (both at least ATTACK and RELEASE)."""
    a, r = max(1, n_samples(max(attack, ATTACK))), max(1, n_samples(max(release, RELEASE)))
    return [math.exp(-i / (decay * RATE)) * rise(i, a) * rise(n - 1 - i, r) for i in range(n)]


def swell(n: int, peak_at: float) -> Signal:
    """A smooth rise to 1 at fraction `peak_at` of the length and fall back to 0 (sine lobes)."""
    p = max(1, int(n * peak_at))
    return [
        math.sin(math.pi / 2 * i / p) ** 2 if i < p else math.cos(math.pi / 2 * (i - p) / max(1, n - p)) ** 2
        for i in range(n)
    ]


def mul(a: Sequence[float], b: Sequence[float]) -> Signal:
    return [x * y for x, y in zip(a, b)]


def mix(*sigs: Sequence[float]) -> Signal:
    out = [0.0] * max(len(s) for s in sigs)
    for s in sigs:
        for i, x in enumerate(s):
            out[i] += x
    return out


def delay(sig: Sequence[float], seconds: float) -> Signal:
    return [0.0] * n_samples(seconds) + list(sig)


def tone(
    freq: float, seconds: float, glide_to: float | None = None, partials: Sequence[tuple[float, float]] = ((1.0, 1.0),)
) -> Signal:
    """A sine (with optional harmonics as (ratio, gain)) whose pitch may glide linearly."""
    n = n_samples(seconds)
    end = glide_to if glide_to is not None else freq
    out, phase = [], 0.0
    for i in range(n):
        f = freq + (end - freq) * i / n
        phase += 2 * math.pi * f / RATE
        out.append(sum(g * math.sin(r * phase) for r, g in partials))
    return out


def fade(sig: Sequence[float], attack: float = ATTACK, release: float = RELEASE) -> Signal:
    """Raised-cosine fades at both ends of a whole file: whatever its parts, it starts and stops in
    silence."""
    n, a, r = len(sig), max(1, n_samples(attack)), max(1, n_samples(release))
    return [x * rise(i, a) * rise(n - 1 - i, r) for i, x in enumerate(sig)]


def normalise(sig: Sequence[float], peak: float) -> Signal:
    top = max(abs(x) for x in sig) or 1.0
    return [x * peak / top for x in sig]


# ---------------------------------------------------------------- the sounds


def deal() -> Signal:
    """A quick soft card flick: a short burst of papery noise, soft at both ends."""
    n = noise(0.08, 1)
    return mul(bandpass(n, 900, 4200), envelope(len(n), 0.003, 0.016, 0.03))


def slide() -> Signal:
    """A soft swish: band-limited noise swelling and fading."""
    n = noise(0.18, 2)
    return mul(bandpass(n, 500, 2800), swell(len(n), 0.35))


def place() -> Signal:
    """A soft tap: a short low thump with a little papery touch on top."""
    seconds = 0.13
    thump = mul(tone(170, seconds, glide_to=95), envelope(n_samples(seconds), 0.004, 0.03, 0.04))
    touch = mul(bandpass(noise(seconds, 3), 700, 3500), envelope(n_samples(seconds), 0.002, 0.007, 0.02))
    return mix(thump, [0.45 * x for x in touch])


def flip() -> Signal:
    """Draw/flip: two quick papery snaps, the second a touch brighter."""

    def snap(seed: int, low: float, high: float) -> Signal:
        n = noise(0.055, seed)
        return mul(bandpass(n, low, high), envelope(len(n), 0.002, 0.01, 0.02))

    return mix(snap(4, 700, 3300), delay([0.8 * x for x in snap(5, 1000, 4500)], 0.035))


def refuse() -> Signal:
    """A gentle low bonk: a round, slightly falling tone with a soft attack."""
    seconds = 0.26
    body = tone(190, seconds, glide_to=150, partials=((1.0, 1.0), (2.0, 0.18), (3.0, 0.05)))
    return mul(body, envelope(n_samples(seconds), 0.012, 0.07, 0.05))


def win() -> Signal:
    """A short rising chime arpeggio (C major) ending on a held chord, about 1.5 s. Each note swells
    in over 12 ms (a bell struck softly) and fades out at its end: no click at any onset."""
    bell = ((1.0, 1.0), (2.0, 0.3), (3.0, 0.08), (4.16, 0.03))
    notes = (523.25, 659.25, 783.99, 1046.5)
    voices = []
    for k, f in enumerate(notes):
        length = 1.45 - 0.11 * k
        v = mul(tone(f, length, partials=bell), envelope(n_samples(length), 0.012, 0.35 + 0.1 * k, 0.35))
        voices.append(delay([x * (0.8 if k < 3 else 1.0) for x in v], 0.11 * k))
    return mix(*voices)


#: Each sound and the peak it is normalised to: the card sounds are quieter than the win's chime.
SOUNDS: dict[str, tuple[Callable[[], Signal], float]] = {
    "deal": (deal, 0.45),
    "slide": (slide, 0.4),
    "place": (place, 0.5),
    "flip": (flip, 0.45),
    "refuse": (refuse, 0.5),
    "win": (win, 0.6),
}


def render(name: str) -> Signal:
    """The finished samples of one sound: made, normalised to its peak, faded at both ends."""
    make, peak = SOUNDS[name]
    return fade(normalise(make(), peak))


# ---------------------------------------------------------------- output


def write_wav(path: Path, sig: Sequence[float]) -> None:
    frames = struct.pack(f"<{len(sig)}h", *(round(max(-1.0, min(1.0, x)) * 32767) for x in sig))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def generate(out_dir: Path = OUT_DIR) -> list[Path]:
    """Write every sound; returns the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in SOUNDS:
        path = out_dir / f"{name}.wav"
        write_wav(path, render(name))
        paths.append(path)
    return paths


def main(argv: Iterable[str] = ()) -> int:
    paths = generate()
    print(f"wrote {len(paths)} sounds to {OUT_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
