"""Sounds that feel like cards: every generated sound rises from silence and falls back to it with no
click (a note that starts at full level is a broadband spike), the card sounds are soft and short,
and a volume in steps beside Sound in Settings is saved and applied, with no audio device too."""

from __future__ import annotations

import json
import logging
import math
import struct
import wave
from pathlib import Path

import pygame
import pytest
from conftest import run_frames, touch_tap

from game import audio as audio_mod
from game.audio import NAMES, Audio
from game.settings import CHOICES, Settings
from tools import sounds as gen

ROOT = Path(__file__).resolve().parents[1]
RATE = gen.RATE
CARD_SOUNDS = ("deal", "slide", "place", "flip")
TONAL = ("win", "refuse")  # pure tones: any energy high above their partials is a click


def goertzel_power(seg: list[float], freq: float) -> float:
    w = 2 * math.pi * freq / RATE
    c = 2 * math.cos(w)
    s1 = s2 = 0.0
    for v in seg:
        s1, s2 = v + c * s1 - s2, s1
    return s1 * s1 + s2 * s2 - c * s1 * s2


def high_band_peak_db(signal: list[float], window: int = 256, hop: int = 64) -> float:
    """The loudest energy above 12 kHz in any short (Hann) frame, in dB below the loudest frame's
    whole energy: a note that starts with a click shows a broadband spike there."""
    hann = [0.5 - 0.5 * math.cos(2 * math.pi * i / (window - 1)) for i in range(window)]
    padded = [0.0] * window + list(signal) + [0.0] * window
    high, loudest = 0.0, 0.0
    for i in range(0, len(padded) - window, hop):
        seg = [a * b for a, b in zip(padded[i : i + window], hann)]
        high = max(high, sum(goertzel_power(seg, f) for f in range(12000, 21000, 1000)))
        loudest = max(loudest, sum(v * v for v in seg) * window / 2)
    return 10 * math.log10(high / loudest + 1e-30)


def high_share(signal: list[float], window: int = 512) -> float:
    """The share of a sound's energy above 6 kHz: a card sound that hisses is no soft card sound."""
    hann = [0.5 - 0.5 * math.cos(2 * math.pi * i / (window - 1)) for i in range(window)]
    freqs = range(0, RATE // 2, 172)
    high = total = 0.0
    for i in range(0, len(signal) - window, window // 2):
        seg = [a * b for a, b in zip(signal[i : i + window], hann)]
        power = [goertzel_power(seg, f) for f in freqs]
        high += sum(p for f, p in zip(freqs, power) if f >= 6000)
        total += sum(power)
    return high / total


# --- the generated sounds ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_the_committed_sound_is_what_the_generator_makes(name):
    with wave.open(str(ROOT / "sounds" / f"{name}.wav")) as w:
        committed = w.readframes(w.getnframes())
    made = gen.render(name)
    assert committed == struct.pack(f"<{len(made)}h", *(round(max(-1.0, min(1.0, x)) * 32767) for x in made))


@pytest.mark.parametrize("name", NAMES)
def test_every_sound_rises_from_silence_and_falls_back_to_it(name):
    sig = gen.render(name)
    peak = max(abs(x) for x in sig)
    assert sig[0] == 0.0 and sig[-1] == 0.0
    ramp_in, ramp_out = gen.n_samples(gen.ATTACK), gen.n_samples(gen.RELEASE)
    # inside the shortest attack and release the level stays under the raised cosine's own
    assert all(
        abs(x) <= peak * (0.5 - 0.5 * math.cos(math.pi * i / ramp_in)) + 1e-9 for i, x in enumerate(sig[:ramp_in])
    )
    assert all(
        abs(x) <= peak * (0.5 - 0.5 * math.cos(math.pi * i / ramp_out)) + 1e-9
        for i, x in enumerate(reversed(sig[-ramp_out:]))
    )


@pytest.mark.parametrize("name", TONAL)
def test_no_note_starts_with_a_click(name):
    # a 4 ms linear attack puts energy only 87 dB under the peak above 12 kHz at each onset (the
    # spike a spectrogram shows up to 22 kHz); smooth attacks keep it at the floor
    assert high_band_peak_db(gen.render(name)) < -105


def test_the_envelope_has_no_corner():
    env = gen.envelope(gen.n_samples(0.2), attack=0.01, decay=0.05, release=0.03)
    slopes = [b - a for a, b in zip(env, env[1:])]
    bends = [abs(b - a) for a, b in zip(slopes, slopes[1:])]
    assert env[0] == 0.0 and env[-1] == 0.0 and max(env) <= 1.0
    assert max(bends) < 1e-4  # a linear 10 ms attack turning into the decay bends by 2.3e-3 at once


@pytest.mark.parametrize("name", CARD_SOUNDS)
def test_the_card_sounds_are_short_soft_and_quieter_than_the_win(name):
    sig = gen.render(name)
    assert len(sig) <= 0.2 * RATE
    assert high_share(sig) < 0.2  # papery, not hissing (the deal's flick was 40 % above 6 kHz)
    assert max(abs(x) for x in sig) < max(abs(x) for x in gen.render("win"))


# --- the volume -----------------------------------------------------------------------------------------
def test_the_volume_setting_has_steps_a_default_and_falls_back_when_bad(tmp_path):
    assert Settings().volume == 75 and CHOICES["volume"] == (25, 50, 75, 100)
    path = tmp_path / "settings.json"
    Settings(volume=25).save(path)
    assert Settings.load(path).volume == 25
    for bad in (33, "loud", True, 1000, -5):
        path.write_text(json.dumps({"volume": bad, "sound": False}))
        loaded = Settings.load(path)
        assert loaded.volume == 75 and loaded.sound is False  # the bad field alone falls back


def test_settings_show_the_volume_beside_sound_and_a_touch_sets_and_saves_it(make_app, config_dir):
    app = make_app(size=(800, 480), kiosk=True)
    app.ctx.enter_owner_mode()  # (a kiosk's settings are its administrator's)
    scene = app.ctx.scenes.settings()
    app.push(scene)
    run_frames(app)
    sound, volume = scene.toggles["sound"].rect, scene.volume.rect
    assert sound.centery == volume.centery and sound.right < volume.left  # one row: the switch, then the steps
    assert volume.height >= 48 and all(scene.volume.segment_rect(i).width >= 48 for i in range(4))
    touch_tap(app, scene.volume.segment_rect(1).center)  # 50 %
    assert app.settings.volume == 50 and app.ctx.audio.volume == 0.5
    assert app.ctx.audio.played[-1] == "place"  # the new level, heard at once
    assert json.loads((config_dir / "settings.json").read_text())["volume"] == 50
    touch_tap(app, scene.toggles["sound"].rect.center)  # Sound off: the steps still set the level
    played = len(app.ctx.audio.played)
    touch_tap(app, scene.volume.segment_rect(3).center)
    assert app.settings.volume == 100 and app.ctx.audio.volume == 1.0 and len(app.ctx.audio.played) == played


def test_a_start_plays_at_the_saved_volume(make_app, config_dir):
    Settings(volume=25, fullscreen=False).save(config_dir / "settings.json")
    app = make_app(audio=None)  # the real Audio (SDL's dummy audio driver), as a start makes it
    assert app.ctx.audio.volume == 0.25
    if app.ctx.audio.available:
        assert app.ctx.audio.play("place")
        assert all(s.get_volume() == pytest.approx(0.25, abs=0.01) for s in app.ctx.audio._sounds.values())


def test_the_volume_changes_the_loaded_sounds():
    sound = Audio(volume=0.5)
    if not sound.available:
        pytest.skip("no mixer, not even the dummy driver")
    sound.set_volume(0.75)
    assert sound.volume == 0.75
    assert all(s.get_volume() == pytest.approx(0.75, abs=0.01) for s in sound._sounds.values())
    sound.set_volume(7)  # out of range: clamped, never an error
    assert sound.volume == 1.0


def test_the_volume_without_an_audio_device_is_kept_and_never_a_crash(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    with caplog.at_level(logging.WARNING, logger=audio_mod.__name__):
        sound = Audio(volume=0.25)
        sound.set_volume(0.5)
        assert sound.volume == 0.5 and not sound.play("place")
    assert len(caplog.records) == 1  # "no audio" once, nothing about the volume


def test_a_sound_that_refuses_its_volume_still_plays(monkeypatch, caplog):
    sound = Audio()
    if not sound.available:
        pytest.skip("no mixer, not even the dummy driver")

    class Stubborn:
        def set_volume(self, value):
            raise pygame.error("not now")

        def play(self):
            return None

    sound._sounds["place"] = Stubborn()
    with caplog.at_level(logging.WARNING, logger=audio_mod.__name__):
        sound.set_volume(0.5)
        sound.set_volume(0.25)
    assert sound.play("place") and len(caplog.records) == 1
