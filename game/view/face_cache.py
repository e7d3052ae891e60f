"""Card faces as scaled for this window, kept on disk between runs.

Decoding a face's PNG and smoothscaling it costs about 2 ms here (some 10 ms on a Pi). A fresh deal
shows its faces one by one as they turn, but a resumed game shows them all in its first frame: 38
for Golf, about 80 ms here before the player sees the table. Read back from this cache, a face is a
copy of its pixels.

One file per face and size, ``<root>/<W>x<H>-<stamp>/<folder>-<name>.rgba``. The stamp is a
checksum of every master's name, modification time and size, so new card art is scaled anew (and
the old art's folders go, as below). A file holds a magic number, the CRC-32 of the pixels and the pixels
(RGBA). A file that is not a regular file, has the wrong length or fails its CRC (a power cut
halfway through a write) is ignored and written again. Only the KEEP_SIZES most recently used
folders are kept, so resizing a window never fills the disk. Any error (a full disk, a read-only
folder) turns the cache off for the run: faces are then scaled as before.
"""
from __future__ import annotations

import logging
import os
import shutil
import stat
import struct
import zlib
from pathlib import Path

import pygame

from .screen import to_screen_format

log = logging.getLogger(__name__)

MAGIC = b"GEF1"
HEADER = struct.Struct("<4sI")  # magic, CRC-32 of the pixels
KEEP_SIZES = 3  # card sizes kept on disk (the two games' at the window size, and one more)


class FaceCache:
    """Scaled card faces on disk, by master file and size (see the module docstring)."""

    def __init__(self, root: Path, sprite_dir: Path) -> None:
        self.root = Path(root)
        self.sprite_dir = Path(sprite_dir)
        self.on = True
        self._stamp: str | None = None
        self._folders: set[Path] = set()  # the size folders made (and pruned around) this run

    def load(self, master: Path, size: tuple[int, int]) -> pygame.Surface | None:
        """The face of `master` at `size` as kept, in the screen's format; None if not kept (or
        unusable)."""
        path = self._file(master, size)
        if path is None:
            return None
        want = HEADER.size + size[0] * size[1] * 4
        try:  # (opened without blocking, then looked at: a FIFO put there is never waited on)
            with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as fh:
                info = os.fstat(fh.fileno())
                if not stat.S_ISREG(info.st_mode) or info.st_size != want:
                    return None
                data = fh.read(want)
        except OSError:  # not kept (FileNotFoundError) or unreadable: scaled anew, written again
            return None
        if len(data) != want:
            return None
        magic, crc = HEADER.unpack_from(data)
        pixels = memoryview(data)[HEADER.size:]
        if magic != MAGIC or zlib.crc32(pixels) != crc:
            return None
        try:
            viewed = pygame.image.frombuffer(pixels, size, "RGBA")
            face = to_screen_format(viewed, alpha=True)
            if face is viewed:  # (no screen yet: a surface of its own, not a view of the file's bytes)
                face = viewed.copy()
            if path.parent not in self._folders:
                self._open_folder(path.parent)  # (marks the size as used this run)
        except (pygame.error, ValueError, OSError):
            return None
        return face

    def store(self, master: Path, image: pygame.Surface) -> None:
        """Keep this scaled face of `master` (written to a temporary file, then renamed)."""
        path = self._file(master, image.get_size())
        if path is None:
            return
        try:
            if path.parent not in self._folders:
                self._open_folder(path.parent)
            pixels = pygame.image.tobytes(image, "RGBA")
            temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            temp.write_bytes(HEADER.pack(MAGIC, zlib.crc32(pixels)) + pixels)
            os.replace(temp, path)
        except (OSError, pygame.error) as exc:
            self.on = False
            log.warning("card face cache %s unusable (%s); faces are scaled at each start", self.root, exc)

    # -- internals -----------------------------------------------------------------------------------
    def _file(self, master: Path, size: tuple[int, int]) -> Path | None:
        if not self.on:
            return None
        if self._stamp is None:
            self._stamp = self._art_stamp()
        return self.root / f"{size[0]}x{size[1]}-{self._stamp}" / f"{master.parent.name}-{master.stem}.rgba"

    def _art_stamp(self) -> str:
        """A checksum of the card art: every master's path, modification time and size."""
        listing: list[str] = []
        for folder in (self.sprite_dir, self.sprite_dir / "4c"):
            try:
                entries = sorted(os.scandir(folder), key=lambda e: e.name)
            except OSError:
                continue
            for e in entries:
                if e.name.endswith(".png"):
                    try:
                        info = e.stat()
                    except OSError:
                        continue
                    listing.append(f"{folder.name}/{e.name} {info.st_mtime_ns} {info.st_size}")
        text = "\n".join(listing).encode()
        # (zlib's checksums, not hashlib: that brings libcrypto, some 5 MiB, which nothing else
        # at start-up needs; a stamp only tells one set of card art from another)
        return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"

    def _open_folder(self, folder: Path) -> None:
        """Make a size's folder, mark it as the latest used, clear its leftover temporary files, and
        remove all but the KEEP_SIZES most recently used folders."""
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
        self._folders.add(folder)
        for temp in folder.glob("*.tmp"):  # a write a power cut or a kill stopped halfway
            temp.unlink(missing_ok=True)
        sizes = [p for p in self.root.iterdir() if p.is_dir() and not p.is_symlink()]
        sizes.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in sizes[KEEP_SIZES:]:
            if old != folder and old not in self._folders:
                shutil.rmtree(old, ignore_errors=True)
