"""A one-line text box for deal codes: typing, Backspace/Delete, arrows, Ctrl+V paste, a caret.

Characters arrive as TEXTINPUT events (SDL's text input, on by default); editing keys as KEYDOWN.
The caret does not blink, so a focused box does not keep the app awake.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.i18n import tr
from game.ui import theme
from game.ui.pointer import DOWN
from game.ui.text import least_legible
from game.ui.widget import Widget


class TextInput(Widget):
    """Edits ``value``. ``on_submit(value)`` runs on Enter; ``on_change(value)`` after every edit.

    ``paste`` returns the clipboard text (the context's clipboard_get); ``allowed`` filters the
    characters kept (None keeps every printable one); ``upper`` turns letters into capitals.
    ``size``: the text's size, the layout class's (game/ui/design.py); None: from the box's height.
    """

    size: int | None = None
    #: the placeholder's ink: dim on the cream box, still legible (WCAG 4.5:1)
    PLACEHOLDER = (100, 100, 92)

    def __init__(
        self,
        rect,
        text,
        placeholder: str = "",
        max_len: int = 32,
        allowed: str | None = None,
        upper: bool = False,
        paste: Callable[[], str] | None = None,
        on_submit: Callable[[str], Any] | None = None,
        on_change: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(rect, text)
        self.value = ""
        self.caret = 0
        self.focused = False
        self.selected = False  # all text selected: typing or pasting replaces it
        self.placeholder = placeholder
        self.max_len = max_len
        self.allowed = allowed
        self.upper = upper
        self.paste = paste
        self.on_submit = on_submit
        self.on_change = on_change

    # --- editing -------------------------------------------------------------------------------
    def _clean(self, text: str) -> str:
        text = text.replace("\r", " ").replace("\n", " ").replace("\t", " ")
        if self.upper:
            text = text.upper()
        if self.allowed is not None:
            text = "".join(c for c in text if c in self.allowed)
        return "".join(c for c in text if c.isprintable())

    def set_value(self, value: str) -> None:
        """Replace the whole text (caret at the end)."""
        value = self._clean(value)[: self.max_len]
        if value != self.value:
            self._change(value)
        self._set("caret", len(self.value))

    def insert(self, text: str) -> None:
        """Insert at the caret, dropping characters that are not allowed or do not fit."""
        if self.selected and self._clean(text):
            self._select(False)
            self.set_value("")
        text = self._clean(text)[: max(0, self.max_len - len(self.value))]
        if not text:
            return
        value = self.value[: self.caret] + text + self.value[self.caret :]
        self.caret += len(text)
        self._change(value)

    def _delete(self, start: int, end: int) -> None:
        if start < 0 or end > len(self.value) or start >= end:
            return
        self.caret = start
        self._change(self.value[:start] + self.value[end:])

    def focus(self, on: bool = True) -> None:
        self._set("focused", on)
        if not on:
            self._select(False)

    def _select(self, on: bool) -> None:
        self._set("selected", bool(on and self.value))

    def handle(self, kind: str, pos: tuple[int, int]) -> bool:
        """A press inside focuses the box (and puts the caret at the end); outside unfocuses it."""
        if kind == DOWN and self.visible and self.enabled:
            inside = self.hit_rect().collidepoint(pos)
            was = self.focused
            self.focus(inside)
            if inside and not was:
                self._select(True)  # a tap into the box selects the old code: a paste replaces it
            return inside
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Handle TEXTINPUT and editing keys; True when the event was used."""
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.TEXTINPUT:
            self.focus()
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)
        return self._command(event.key, ctrl) or self._edit(event.key, ctrl)

    def _command(self, key: int, ctrl: int) -> bool:
        """Paste, select all, clear the selection, submit; True when `key` was one of them."""
        if (ctrl and key == pygame.K_v) or key == getattr(pygame, "K_PASTE", -1):
            if self.paste is not None:
                self.focus()
                self.insert(self.paste() or "")
            return True
        if ctrl and key == pygame.K_a:
            self.focus()
            self._select(True)
            return True
        if self.selected and key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._select(False)
            self.set_value("")
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.value)
            return True
        return False

    def _edit(self, key: int, ctrl: int) -> bool:
        """Delete a character (with Ctrl, Backspace: all before the caret) or move the caret (which
        ends a selection); True when `key` was one of those."""
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self._select(False)
        if key == pygame.K_BACKSPACE:
            self._delete(0 if ctrl else self.caret - 1, self.caret)
            return True
        if key == pygame.K_DELETE:
            self._delete(self.caret, self.caret + 1)
            return True
        caret = {
            pygame.K_LEFT: max(0, self.caret - 1),
            pygame.K_RIGHT: min(len(self.value), self.caret + 1),
            pygame.K_HOME: 0,
            pygame.K_END: len(self.value),
        }.get(key)
        if caret is None:
            return False
        self._set("caret", caret)
        return True

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        if not self.visible:
            return self.bounds
        w, h = self._rect.size
        radius = max(6, h // 4)
        key = ("box", self.focused)
        box = self._surfaces.get(key)
        if box is None:
            border = theme.GOLD if self.focused else (255, 255, 255, 90)
            width = 3 if self.focused else 2
            box = self._surfaces[key] = theme.rounded_rect((w, h), theme.CREAM, radius, width, border)
        surface.blit(box, self._rect)
        pad = max(10, h // 3)
        inner = self._rect.inflate(-2 * pad, 0)
        shown = self.value or tr(self.placeholder)
        size = least_legible(shown, self.size) if self.size else max(14, int(h * 0.46))
        if self.value:
            img = self.text.render(self.value, size, theme.TEXT_DARK)
            caret_x = self.text.render(self.value[: self.caret], size, theme.TEXT_DARK).get_width() if self.caret else 0
        elif self.size:  # at its class's size: the screen gives the box the room its words need
            img = self.text.render(shown, size, self.PLACEHOLDER)
            caret_x = 0
        else:
            img = self.text.fit(shown, inner.width, size, self.PLACEHOLDER)
            caret_x = 0
        # keep the caret visible: scroll the text left when it is wider than the box
        shift = max(0, caret_x - inner.width + 2)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        if self.selected and self.value:
            mark = pygame.Rect(
                inner.x - shift, self._rect.centery - img.get_height() // 2, img.get_width(), img.get_height()
            )
            pygame.draw.rect(surface, theme.GOLD_HOVER, mark, border_radius=3)
        surface.blit(img, (inner.x - shift, self._rect.centery - img.get_height() // 2))
        if self.focused:
            ch = int(size * 1.1)
            pygame.draw.rect(surface, theme.TEXT_DARK, (inner.x - shift + caret_x, self._rect.centery - ch // 2, 2, ch))
        surface.set_clip(clip)
        return self.bounds
