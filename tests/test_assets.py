"""Generated card art and sounds, the run-time image cache and the crash-proof audio."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import logging  # noqa: E402
import struct  # noqa: E402
import wave  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import audio as audio_mod  # noqa: E402
from game.audio import NAMES, Audio  # noqa: E402
from game.view.card_images import CARD_RATIO, CardImages, card_height  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SPRITES, SOUNDS = ROOT / "sprites", ROOT / "sounds"
CODES = [r + s for s in "SHDC" for r in "A23456789TJQK"]
JOKERS = ["X1", "X2"]  # Golf's jokers (the model's text form)


pytestmark = pytest.mark.usefixtures("small_display")  # images converted need a display mode


def _load(path: Path) -> pygame.Surface:
    return pygame.image.load(str(path))


def test_all_sprites_exist_with_one_size_and_transparent_corners():
    paths = [SPRITES / f"{c}.png" for c in CODES + JOKERS] + [SPRITES / "back.png"]
    paths += [SPRITES / "4c" / f"{c}.png" for c in CODES if c[1] in "DC"]
    sizes = set()
    for path in paths:
        img = _load(path)
        sizes.add(img.get_size())
        w, h = img.get_size()
        assert img.get_flags() & pygame.SRCALPHA, path
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert img.get_at(corner).a == 0, (path, corner)
        assert img.get_at((w // 2, 3)).a == 255, path
    assert len(sizes) == 1
    ((w, h),) = sizes
    assert h / w == pytest.approx(CARD_RATIO, abs=0.01)


def test_committed_sprites_match_the_generator():
    from tools import sprites as gen

    for code in ("AS", "TH", "QD"):
        made = gen.face(code, gen.STANDARD)
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(_load(SPRITES / f"{code}.png"), "RGBA")
    from tools import card_backs as backs

    made = gen.icon(gen.face("AS", gen.STANDARD), backs.back("lattice"))
    assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(_load(SPRITES / "icon.png"), "RGBA")
    for code in JOKERS:
        made = gen.joker_face(code[1])
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(_load(SPRITES / f"{code}.png"), "RGBA")


def test_the_jokers_have_faces_of_their_own_that_the_loader_finds_in_both_decks(caplog):
    """Each joker is its own picture (not the plain fallback, not another card), and the four-colour
    deck, which has no joker of its own, shows the same two."""
    from game.model.cards import JOKERS as MODEL_JOKERS

    images = CardImages()
    with caplog.at_level(logging.WARNING):
        faces = {str(j): pygame.image.tobytes(images.get(str(j), 100), "RGBA") for j in MODEL_JOKERS}
        four = {str(j): pygame.image.tobytes(images.get(str(j), 100, four_colour=True), "RGBA") for j in MODEL_JOKERS}
    assert "unusable" not in caplog.text  # found on disk, not drawn as a stand-in
    assert sorted(faces) == JOKERS and faces == four
    assert faces["X1"] != faces["X2"]
    others = {pygame.image.tobytes(images.get(c, 100), "RGBA") for c in ("KH", "QS", "AS")}
    assert not set(faces.values()) & others


def test_card_images_cache_and_size():
    images = CardImages()
    a = images.face("TS", 120)
    assert a is images.face("TS", 120)
    assert a.size == images.get("TS", 120).get_size() == (120, card_height(120)) == (120, 168)
    assert images.get("TS", 56).get_size() == (56, 78)
    assert images.back_face(80) is images.back_face(80)
    assert images.back(80).get_size() == (80, 112)
    assert images.slot(80).get_size() == (80, 112)
    assert images.slot(80) is images.slot(80)
    images.clear()
    assert images.face("TS", 120) is not a


def test_four_colour_variant_differs_only_for_diamonds_and_clubs():
    images = CardImages()
    red, blue = images.get("5D", 100), images.get("5D", 100, four_colour=True)
    assert pygame.image.tobytes(red, "RGBA") != pygame.image.tobytes(blue, "RGBA")
    plain, four = images.get("5S", 100), images.get("5S", 100, four_colour=True)
    assert pygame.image.tobytes(plain, "RGBA") == pygame.image.tobytes(four, "RGBA")


def test_missing_sprite_gives_a_fallback(tmp_path, caplog):
    images = CardImages(tmp_path)
    with caplog.at_level(logging.WARNING):
        face = images.get("QH", 90)
        images.back(90), images.slot(90), images.get("QH", 60)
    assert face.get_size() == (90, 126)
    assert sum("QH" in r.getMessage() for r in caplog.records) == 1


def test_audio_without_a_device_is_silent(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    with caplog.at_level(logging.WARNING, logger=audio_mod.__name__):
        sound = Audio()
        assert [sound.play(n) for n in NAMES + ("nonsense",)] == [False] * (len(NAMES) + 1)
    assert len(caplog.records) == 1
    sound.set_muted(True)
    assert sound.muted and not sound.play("deal")


def _real_audio(sound_dir: Path = SOUNDS) -> Audio:
    sound = Audio(sound_dir)
    if not sound.available:
        pytest.skip("no mixer, not even the dummy driver")
    return sound


def test_audio_plays_mutes_and_limits_repeats():
    sound = _real_audio()
    assert sound.play("place", now=1.0)
    assert not sound.play("place", now=1.01)  # stacked within 30 ms
    assert sound.play("deal", now=1.01)  # a different sound is fine
    assert sound.play("place", now=1.05)
    sound.muted = True
    assert not sound.play("win")
    sound.set_muted(False)
    assert sound.play("win")


def test_audio_with_missing_or_corrupt_files_is_silent(tmp_path):
    (tmp_path / "deal.wav").write_bytes(b"RIFF not really a wave")
    sound = _real_audio(tmp_path)
    assert not sound.play("deal") and not sound.play("win")


@pytest.mark.parametrize("name", NAMES)
def test_sound_files_are_short_clean_wavs(name):
    path = SOUNDS / f"{name}.wav"
    assert path.stat().st_size < 150_000
    with wave.open(str(path)) as w:
        assert (w.getframerate(), w.getsampwidth(), w.getnchannels()) == (44100, 2, 1)
        n = w.getnframes()
        assert 0 < n <= 3 * 44100
        samples = struct.unpack(f"<{n}h", w.readframes(n))
    assert max(abs(s) for s in samples) < 32000
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200  # faded in and out


def test_audio_suspends_when_resting_and_plays_again():
    sound = _real_audio()
    assert sound.play("place")
    sound.suspend()  # a sound is still playing: keep the device open
    assert pygame.mixer.get_init()
    pygame.mixer.stop()
    sound.suspend()
    assert not pygame.mixer.get_init()
    assert sound.play("place")
    assert pygame.mixer.get_init()


@pytest.mark.parametrize("width", [56, 86, 198])
def test_scaled_cards_are_opaque_inside(width):
    pygame.display.set_mode((8, 8))
    img = CardImages().get("AD", width)
    w, h = img.get_size()
    inside = [img.get_at((x, y)).a for x in range(w // 8, w - w // 8) for y in range(2, h - 2, 3)]
    assert min(inside) == 255
    assert img.get_at((0, 0)).a < 40  # the rounded corner stays transparent
