"""Scaled card faces kept on disk between runs (game/view/face_cache.py): a face read back is the
face scaled, pixel for pixel, without decoding its PNG; a damaged, truncated or strange file is
never shown and is written again; new card art, a full disk or a read-only folder never show stale
or broken faces; and only a few sizes are kept."""

from __future__ import annotations

import os
import shutil

import pygame
import pytest

from game.view import face_cache
from game.view.card_images import SPRITE_DIR, CardImages

WIDTH = 90


@pytest.fixture
def sprites(tmp_path, app):
    """A copy of a few masters, so a test may change one (the display is set: `app`)."""
    folder = tmp_path / "sprites"
    folder.mkdir()
    for code in ("AS", "KH", "7D", "back"):
        shutil.copy(SPRITE_DIR / f"{code}.png", folder / f"{code}.png")
    return folder


def decoding(images: CardImages) -> list[str]:
    """The PNGs the images decode from now on, by card code."""
    decoded: list[str] = []
    load = images._load

    def counted(path, code):
        decoded.append(code)
        return load(path, code)

    images._load = counted  # type: ignore[method-assign]
    return decoded


def pixels(images: CardImages, code: str, width: int = WIDTH) -> bytes:
    """The face's pixels; then the frames' spare time writes what is queued for the disk."""
    out = pygame.image.tobytes(images.get(code, width), "RGBA")
    while images.load_next():
        pass
    return out


def cached_files(root) -> list:
    return sorted(p for p in root.rglob("*.rgba"))


def test_a_face_kept_on_disk_is_read_back_pixel_for_pixel_without_decoding_its_png(sprites, tmp_path):
    root = tmp_path / "cache"
    scaled = pixels(CardImages(sprites), "AS")  # no cache: scaled from the PNG
    first = CardImages(sprites, cache_dir=root)
    assert first.get("AS", WIDTH) and cached_files(root) == []  # never written in the frame that scaled it
    assert first.pending == 1
    assert pixels(first, "AS") == scaled
    assert len(cached_files(root)) == 1 and first.pending == 0
    again = CardImages(sprites, cache_dir=root)  # the next run
    decoded = decoding(again)
    assert pixels(again, "AS") == scaled
    assert decoded == []
    decoded_kh = pixels(again, "KH")  # a face not kept yet is decoded, and kept
    assert decoded == ["KH"] and len(cached_files(root)) == 2 and decoded_kh


@pytest.mark.parametrize("damage", ["flip a byte", "truncate", "empty", "longer", "a folder", "other magic", "a fifo"])
def test_a_damaged_file_is_never_shown_and_is_written_again(sprites, tmp_path, damage):
    root = tmp_path / "cache"
    scaled = pixels(CardImages(sprites, cache_dir=root), "KH")
    (path,) = cached_files(root)
    data = path.read_bytes()
    if damage == "flip a byte":
        path.write_bytes(data[:500] + bytes([data[500] ^ 0xFF]) + data[501:])
    elif damage == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "longer":
        path.write_bytes(data + b"\0" * 64)
    elif damage == "a folder":
        path.unlink()
        path.mkdir()
    elif damage == "a fifo":  # never waited on
        path.unlink()
        os.mkfifo(path)
    else:
        path.write_bytes(b"XXXX" + data[4:])
    images = CardImages(sprites, cache_dir=root)
    decoded = decoding(images)
    assert pixels(images, "KH") == scaled
    assert decoded == ["KH"]  # not read from the damaged file
    assert path.read_bytes() == data  # written again, whole: every kind of damage is repaired
    reread = CardImages(sprites, cache_dir=root)
    decoded = decoding(reread)
    assert pixels(reread, "KH") == scaled and decoded == []


def test_new_card_art_is_scaled_anew_not_read_from_the_old_arts_files(sprites, tmp_path):
    root = tmp_path / "cache"
    pixels(CardImages(sprites, cache_dir=root), "AS")
    shutil.copy(SPRITE_DIR / "KH.png", sprites / "AS.png")  # the ace's art replaced
    os.utime(sprites / "AS.png", ns=(1, 1))
    images = CardImages(sprites, cache_dir=root)
    decoded = decoding(images)
    assert pixels(images, "AS") == pixels(CardImages(sprites), "AS")
    assert decoded == ["AS"]


def test_a_folder_that_cannot_be_written_leaves_the_faces_as_they_were(sprites, tmp_path, caplog):
    root = tmp_path / "cache"
    root.write_bytes(b"a file where the cache folder should be")
    images = CardImages(sprites, cache_dir=root)
    assert pixels(images, "AS") == pixels(CardImages(sprites), "AS")
    assert pixels(images, "7D") == pixels(CardImages(sprites), "7D")
    assert "card face cache" in caplog.text
    assert caplog.text.count("card face cache") == 1  # said once, then the cache is off for the run


def test_a_full_disk_turns_the_cache_off_and_the_faces_still_show(sprites, tmp_path, monkeypatch, caplog):
    root = tmp_path / "cache"

    def full(self, data):
        self.touch()  # (half a write)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(face_cache.Path, "write_bytes", full)
    images = CardImages(sprites, cache_dir=root)
    assert pixels(images, "AS") == pixels(CardImages(sprites), "AS")
    assert pixels(images, "KH") == pixels(CardImages(sprites), "KH")
    assert cached_files(root) == [] and not list(root.rglob("*.tmp"))  # nothing half written is left
    assert caplog.text.count("card face cache") == 1 and not images._cache.on


def test_only_the_most_recently_used_sizes_are_kept(sprites, tmp_path):
    root = tmp_path / "cache"
    for width in (60, 70, 80, 90, 100):
        images = CardImages(sprites, cache_dir=root)  # one run per window size
        pixels(images, "AS", width)
        for i, folder in enumerate(sorted(root.iterdir(), key=lambda p: p.stat().st_mtime_ns)):
            os.utime(folder, ns=(i + 1, i + 1))  # (the order of use, whatever the clock's grain)
    kept = sorted(p.name.split("x")[0] for p in root.iterdir())
    assert len(kept) == face_cache.KEEP_SIZES
    assert "100" in kept and "60" not in kept and "70" not in kept


def test_a_write_stopped_halfway_leaves_nothing_behind_at_the_next_run(sprites, tmp_path):
    root = tmp_path / "cache"
    pixels(CardImages(sprites, cache_dir=root), "AS")
    (kept,) = cached_files(root)
    leftover = kept.with_name(kept.name + ".999.tmp")
    leftover.write_bytes(b"half a face")
    pixels(CardImages(sprites, cache_dir=root), "KH")  # the next run writes there again
    assert not leftover.exists()


def test_a_resize_writes_only_the_size_it_settles_on(sprites, tmp_path):
    root = tmp_path / "cache"
    images = CardImages(sprites, cache_dir=root)
    for width in range(60, 120, 2):  # a window dragged wider: a frame at each width
        images.get("AS", width)
    while images.load_next():
        pass
    assert [p.parent.name.split("x")[0] for p in cached_files(root)] == ["118"]


def test_a_face_waiting_to_be_written_is_not_held_whole_and_one_dropped_meanwhile_is_not_written(
    sprites, tmp_path, monkeypatch
):
    """The queue asks for a face's pixels when it writes it: holding each new face whole until
    then held some 8 MiB more at Eight Off's deal at 1920x1080."""
    import gc
    import weakref

    from game.view import card_images

    made: list[weakref.ref] = []
    opaque = card_images._opaque_inside
    monkeypatch.setattr(card_images, "_opaque_inside", lambda img: made.append(weakref.ref(out := opaque(img))) or out)
    root = tmp_path / "cache"
    images = CardImages(sprites, cache_dir=root)
    images.face("AS", WIDTH)
    images.face("KH", WIDTH)
    gc.collect()
    assert len(made) == 2 and images.pending == 2
    assert all(ref() is None for ref in made)  # only the face's pieces are alive, not the whole image
    images.keep_faces({"AS"}, WIDTH, {"AS", "KH"})  # the table no longer shows KH
    while images.load_next():
        pass
    assert [p.name.split("-")[-1] for p in cached_files(root)] == ["AS.rgba"]
    assert pixels(CardImages(sprites, cache_dir=root), "AS") == pixels(CardImages(sprites), "AS")


def test_a_face_scaled_again_while_it_waits_is_written_once(sprites, tmp_path, monkeypatch):
    root = tmp_path / "cache"
    images = CardImages(sprites, cache_dir=root)
    images.face("AS", WIDTH)
    images.keep_faces(set(), WIDTH, {"AS"})  # dropped, then shown again before its write
    images.face("AS", WIDTH)
    assert images.pending == 1
    writes: list[str] = []
    replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: writes.append(str(b)) or replace(a, b))
    while images.load_next():
        pass
    assert len(writes) == 1 and len(cached_files(root)) == 1


def test_many_sizes_in_one_run_keep_only_the_most_recent_on_disk(sprites, tmp_path):
    root = tmp_path / "cache"
    images = CardImages(sprites, cache_dir=root)
    for width in range(60, 80, 2):
        pixels(images, "AS", width)
    assert len(list(root.iterdir())) == face_cache.KEEP_SIZES


def test_the_cache_removes_only_its_own_folders_even_through_a_link(sprites, tmp_path):
    elsewhere = tmp_path / "usb-stick"
    for name in ("photos", "backup", "12x34", "notes"):
        (elsewhere / name).mkdir(parents=True)
        (elsewhere / name / "keep.tmp").write_bytes(b"someone's")
    root = tmp_path / "cache"
    root.symlink_to(elsewhere)  # an administrator put the cache on another disk
    images = CardImages(sprites, cache_dir=root)
    for width in range(60, 80, 2):
        pixels(images, "AS", width)
    left = sorted(p.name for p in elsewhere.iterdir())
    assert {"photos", "backup", "12x34", "notes"} <= set(left)
    assert all((elsewhere / n / "keep.tmp").exists() for n in ("photos", "backup", "12x34", "notes"))
    assert len(left) == 4 + face_cache.KEEP_SIZES


def test_a_card_art_file_name_in_another_encoding_does_not_stop_the_cache(sprites, tmp_path):
    (sprites / os.fsdecode(b"caf\xe9.png")).write_bytes(b"not a card")
    root = tmp_path / "cache"
    images = CardImages(sprites, cache_dir=root)
    assert pixels(images, "AS") == pixels(CardImages(sprites), "AS")
    assert len(cached_files(root)) == 1


def test_faces_scaled_by_another_pygame_or_format_are_not_read_back(sprites, tmp_path, monkeypatch):
    root = tmp_path / "cache"
    pixels(CardImages(sprites, cache_dir=root), "AS")
    monkeypatch.setattr(face_cache, "FORMAT", face_cache.FORMAT + " next")
    images = CardImages(sprites, cache_dir=root)
    decoded = decoding(images)
    pixels(images, "AS")
    assert decoded == ["AS"]


def test_a_file_where_a_size_folder_goes_is_replaced_by_the_folder(sprites, tmp_path):
    root = tmp_path / "cache"
    pixels(CardImages(sprites, cache_dir=root), "AS")
    (folder,) = root.iterdir()
    shutil.rmtree(folder)
    folder.write_bytes(b"in the way")
    images = CardImages(sprites, cache_dir=root)
    pixels(images, "AS")
    assert folder.is_dir() and len(cached_files(root)) == 1 and images._cache.on


def failing_loads(monkeypatch, error: BaseException, times: int = 1) -> None:
    """pygame.image.load raising `error` for its next `times` calls."""
    real, left = pygame.image.load, [times]

    def load(*args, **kwargs):
        if left[0] > 0:
            left[0] -= 1
            raise error
        return real(*args, **kwargs)

    monkeypatch.setattr(pygame.image, "load", load)


def test_a_picture_that_cannot_be_read_now_is_tried_again_and_never_kept_on_disk(sprites, tmp_path, monkeypatch):
    """A disk error is trouble, not damage: the card shows plain for now, its stand-in is never
    written to the cache, and the picture is read again at the next layout."""
    root = tmp_path / "cache"
    images = CardImages(sprites, cache_dir=root)
    failing_loads(monkeypatch, OSError(5, "Input/output error"))
    plain = pixels(images, "AS")
    assert not [p for p in root.rglob("*") if p.is_file() and "AS" in p.name]
    images.clear()  # the next layout
    assert pixels(images, "AS") != plain and pixels(images, "AS") == pixels(CardImages(sprites), "AS")
    assert [p for p in root.rglob("*") if p.is_file() and "AS" in p.name]  # read whole: kept on disk now


def test_out_of_memory_while_loading_a_picture_is_not_taken_for_a_damaged_file(sprites, monkeypatch):
    images = CardImages(sprites)
    failing_loads(monkeypatch, pygame.error("Out of memory"))
    with pytest.raises(MemoryError):
        images.face("AS", WIDTH)
    assert pixels(images, "AS") == pixels(CardImages(sprites), "AS")
