"""Synthesise the game's sound effects into `sounds/` as 16-bit 44.1 kHz mono WAV files.

Run ``python -m game.gen.sounds``.  Standard library only; the noise comes from a seeded
``random.Random`` so every run writes identical files.
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
PEAK = 0.7                       # normalise every sound to 70% of full scale
OUT_DIR = Path(__file__).resolve().parents[2] / "sounds"

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


def envelope(n: int, attack: float, decay: float) -> Signal:
    """Linear attack over `attack` s, then exponential decay with time constant `decay` s."""
    a = max(1, n_samples(attack))
    return [i / a if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def swell(n: int, peak_at: float) -> Signal:
    """A smooth rise to 1 at fraction `peak_at` of the length and fall back to 0 (sine lobes)."""
    p = max(1, int(n * peak_at))
    return [math.sin(math.pi / 2 * i / p) ** 2 if i < p else
            math.cos(math.pi / 2 * (i - p) / max(1, n - p)) ** 2 for i in range(n)]


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


def tone(freq: float, seconds: float, glide_to: float | None = None,
         partials: Sequence[tuple[float, float]] = ((1.0, 1.0),)) -> Signal:
    """A sine (with optional harmonics as (ratio, gain)) whose pitch may glide linearly."""
    n = n_samples(seconds)
    end = glide_to if glide_to is not None else freq
    out, phase = [], 0.0
    for i in range(n):
        f = freq + (end - freq) * i / n
        phase += 2 * math.pi * f / RATE
        out.append(sum(g * math.sin(r * phase) for r, g in partials))
    return out


def fade(sig: Sequence[float], seconds: float = 0.004) -> Signal:
    """Short raised-cosine fades at both ends so no file starts or stops with a click."""
    n, k = len(sig), max(1, n_samples(seconds))
    out = list(sig)
    for i in range(min(k, n)):
        g = 0.5 - 0.5 * math.cos(math.pi * i / k)
        out[i] *= g
        out[n - 1 - i] *= g
    return out


def normalise(sig: Sequence[float], peak: float = PEAK) -> Signal:
    top = max(abs(x) for x in sig) or 1.0
    return [x * peak / top for x in sig]


# ---------------------------------------------------------------- the sounds

def deal() -> Signal:
    """A quick card flick: a bright noise burst that snaps off."""
    n = noise(0.09, 1)
    return mul(bandpass(n, 1800, 7000), envelope(len(n), 0.002, 0.018))


def slide() -> Signal:
    """A soft swish: band-limited noise swelling and fading."""
    n = noise(0.22, 2)
    return mul(bandpass(n, 700, 3500), swell(len(n), 0.35))


def place() -> Signal:
    """A soft tap: a short low thump with a little papery click on top."""
    thump = mul(tone(170, 0.14, glide_to=95), envelope(n_samples(0.14), 0.002, 0.03))
    click = mul(bandpass(noise(0.14, 3), 1200, 5000), envelope(n_samples(0.14), 0.001, 0.006))
    return mix(thump, [0.5 * x for x in click])


def flip() -> Signal:
    """Draw/flip: two quick papery snaps, the second a touch brighter."""
    def snap(seed: int, low: float, high: float) -> Signal:
        n = noise(0.06, seed)
        return mul(bandpass(n, low, high), envelope(len(n), 0.001, 0.01))
    return mix(snap(4, 900, 4000), delay([0.8 * x for x in snap(5, 1500, 7000)], 0.035))


def refuse() -> Signal:
    """A gentle low bonk: a round, slightly falling tone with a soft attack."""
    seconds = 0.28
    body = tone(190, seconds, glide_to=150, partials=((1.0, 1.0), (2.0, 0.18), (3.0, 0.05)))
    return mul(body, envelope(n_samples(seconds), 0.008, 0.07))


def win() -> Signal:
    """A short rising chime arpeggio (C major) ending on a held chord, about 1.5 s."""
    bell = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.16, 0.05))
    notes = (523.25, 659.25, 783.99, 1046.5)
    voices = []
    for k, f in enumerate(notes):
        length = 1.45 - 0.11 * k
        v = mul(tone(f, length, partials=bell), envelope(n_samples(length), 0.004, 0.35 + 0.1 * k))
        voices.append(delay([x * (0.8 if k < 3 else 1.0) for x in v], 0.11 * k))
    out = mix(*voices)
    tail = n_samples(0.35)
    return [x * min(1.0, (len(out) - i) / tail) ** 2 for i, x in enumerate(out)]


SOUNDS: dict[str, Callable[[], Signal]] = {
    "deal": deal, "slide": slide, "place": place, "flip": flip, "refuse": refuse, "win": win,
}


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
    for name, make in SOUNDS.items():
        path = out_dir / f"{name}.wav"
        write_wav(path, fade(normalise(make())))
        paths.append(path)
    return paths


def main(argv: Iterable[str] = ()) -> int:
    paths = generate()
    print(f"wrote {len(paths)} sounds to {OUT_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
