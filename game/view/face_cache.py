"""Card faces as scaled for this window, kept on disk between runs.

Decoding a face's PNG and smoothscaling it costs many times a copy (on a Pi, over half a frame a
face). A fresh deal shows its faces one by one as they turn, but a resumed game shows them all in
its first frame: 38 for Golf, a pause of several frames before the player sees the table. Read
back from this cache, a face is a copy of its pixels.

One file per face and size, ``<root>/<W>x<H>-<stamp>/<folders>-<name>.rgba`` (the folders from the
art's own: ``sprites-4c-2D``). The stamp is a
checksum of every master's name, modification time and size, so new card art is scaled anew (and
the old art's folders go, as below). A file holds a magic number, the CRC-32 of the pixels and the
pixels (RGBA). A file that is not a regular file, has the wrong length or fails its CRC (a power cut
halfway through a write) is ignored and written again. Only the KEEP_SIZES most recently used
folders are kept, so resizing a window never fills the disk. Any error (a full disk, a read-only
folder) turns the cache off for the run: faces are then scaled as before.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shutil
import stat
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pygame

from .screen import to_screen_format

log = logging.getLogger(__name__)

MAGIC = b"GEF1"
HEADER = struct.Struct("<4sI")  # magic, CRC-32 of the pixels
#: what the pixels of a kept face depend on besides the art: this file's format and the scaling
#: (change it with _opaque_inside or the corner radius), and pygame's smoothscale
FORMAT = f"1 {pygame.version.ver}"
KEEP_SIZES = 3  # card sizes kept on disk (the two games' at the window size, and one more)
#: the names of the size folders, the only ones the cache ever removes
SIZE_FOLDER = re.compile(r"\d+x\d+-[0-9a-f]{16}")


class FaceCache:
    """Scaled card faces on disk, by master file and size (see the module docstring)."""

    def __init__(self, root: Path, art_folders: tuple[Path, ...]) -> None:
        self.root = Path(root)
        self.art_folders = art_folders  # where the masters are (the stamp covers every PNG there)
        self.on = True
        self._stamp: str | None = None
        self._current: Path | None = None  # the size folder last used
        self._opened: set[Path] = set()  # the size folders cleared of leftovers this run
        #: faces to write, in a frame's spare time (write_next): never in the frame that scaled them,
        #: and never for a size a resize has already left (a window dragged wider writes one size).
        #: Each is asked for its pixels only then: holding each new face whole until written would
        #: hold some 8 MiB more at Eight Off's deal at 1920x1080.
        self._queue: list[tuple[Path, Callable[[], pygame.Surface | None]]] = []

    @property
    def pending(self) -> int:
        """How many faces wait to be written."""
        return len(self._queue)

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
        pixels = memoryview(data)[HEADER.size :]
        if magic != MAGIC or zlib.crc32(pixels) != crc:
            return None
        try:
            viewed = pygame.image.frombuffer(pixels, size, "RGBA")
            face = to_screen_format(viewed, alpha=True)
            if face is viewed:  # (no screen yet: a surface of its own, not a view of the file's bytes)
                face = viewed.copy()
            self._use(path.parent)  # (marks the size as the latest used)
        except (pygame.error, ValueError, OSError):
            return None
        return face

    def store(self, master: Path, size: tuple[int, int], image: Callable[[], pygame.Surface | None]) -> None:
        """Keep the face of `master` scaled to `size`: queued, and written by write_next with the
        pixels `image()` gives then (None: the face is no longer wanted, and is not written)."""
        path = self._file(master, size)
        if path is None:
            return
        # (a resize: only the new size; a face scaled again while it waited: written once)
        self._queue = [q for q in self._queue if q[0].parent == path.parent and q[0] != path]
        self._queue.append((path, image))

    def write_next(self) -> bool:
        """Write one queued face (a temporary file, then renamed); False when none is left."""
        image = None
        while image is None:
            if not self._queue or not self.on:
                self._queue.clear()
                return False
            path, source = self._queue.pop(0)
            image = source()
        temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        try:
            self._use(path.parent)
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)  # (a folder where the face's file goes: never the cache's own)
            pixels = pygame.image.tobytes(image, "RGBA")
            temp.write_bytes(HEADER.pack(MAGIC, zlib.crc32(pixels)) + pixels)
            os.replace(temp, path)
        except (OSError, pygame.error) as exc:
            self._off(exc)
            with contextlib.suppress(OSError):
                temp.unlink(missing_ok=True)
        return True

    # -- internals -----------------------------------------------------------------------------------
    def _off(self, exc: Exception) -> None:
        self.on = False
        self._queue.clear()
        log.warning("card face cache %s unusable (%s); faces are scaled at each start", self.root, exc)

    def _file(self, master: Path, size: tuple[int, int]) -> Path | None:
        if not self.on:
            return None
        if self._stamp is None:
            try:
                self._stamp = self._art_stamp()
            except (OSError, ValueError) as exc:  # (UnicodeError is a ValueError)
                self._off(exc)
                return None
        return self.root / f"{size[0]}x{size[1]}-{self._stamp}" / f"{self._name(master)}.rgba"

    def _name(self, master: Path) -> str:
        """A master's file name in a size folder: its path from the art's first folder's parent,
        joined by dashes ("sprites-AS", "sprites-large-4c-2D"), so that masters of the same name in
        different folders (a design's four-colour deck and the standard one's) never share a file."""
        top = self.art_folders[0].parent if self.art_folders else master.parent.parent
        try:
            parts = master.relative_to(top).with_suffix("").parts
        except ValueError:  # (a master outside the art's folders)
            parts = (master.parent.name, master.stem)
        return "-".join(parts)

    def _art_stamp(self) -> str:
        """A checksum of the card art (every master's path, modification time and size) and of
        FORMAT."""
        listing = [FORMAT]
        for folder in self.art_folders:
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
        text = "\n".join(listing).encode("utf-8", "surrogateescape")  # (any file name)
        # (zlib's checksums, not hashlib: that brings libcrypto, some 5 MiB, which nothing else
        # at start-up needs; a stamp only tells one set of card art from another)
        return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"

    def _use(self, folder: Path) -> None:
        """Make `folder` the size in use: made if missing (a file in its place goes), marked as the
        latest used, cleared of leftover temporary files the first time this run; then remove all
        but the KEEP_SIZES most recently used size folders (only folders named as the cache names
        them, never through a symbolic link)."""
        if folder == self._current:
            return
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            folder.unlink()
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
        self._current = folder
        if folder not in self._opened:
            self._opened.add(folder)
            for temp in folder.glob("*.tmp"):  # a write a power cut or a kill stopped halfway
                temp.unlink(missing_ok=True)
        sizes = [p for p in self.root.iterdir() if SIZE_FOLDER.fullmatch(p.name) and p.is_dir() and not p.is_symlink()]
        sizes.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in sizes[KEEP_SIZES:]:
            if old != folder:
                shutil.rmtree(old, ignore_errors=True)
