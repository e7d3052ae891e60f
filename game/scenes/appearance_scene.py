"""Appearance (from Settings): the card backs, the card faces (the standard ones or the large-index
deck), the felt's colour and the four-colour deck, with a live preview: a piece of table in the
chosen felt holding a face-down card in the chosen back, a court card and a pip card of each suit
in the chosen faces and deck colours.

Each choice is saved at once and shown here at once: the preview and this screen's own felt. The
scenes beneath (Settings, the menu, a table) are hidden meanwhile; they are repainted in the new
look once, as the player leaves (ctx.appearance_changed), not at every tap: a relayout of a whole
stack is a pause the player sees on a Pi at 1920x1080. Back (or Esc) returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, tr
from game.scenes.base import Pop, Scene, Transition
from game.scenes.panel_frame import PanelFrame
from game.settings import CARD_BACKS, FACE_DESIGNS, TABLE_COLOURS
from game.ui import theme
from game.ui.picture_choice import PictureChoice
from game.ui.text import TextCache
from game.ui.widget import Widget
from game.ui.widgets import Button, Toggle
from game.view.card_images import CARD_RATIO, CardImages, card_height, use_design
from game.view.eightoff_layout import FAN

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.settings import Settings

BACK_LABELS = {"lattice": N_("Lattice"), "diamonds": N_("Diamonds"), "waves": N_("Waves"), "stars": N_("Stars")}
BACKS = [(style, BACK_LABELS[style]) for style in CARD_BACKS]
COLOUR_LABELS = {"green": N_("Green"), "blue": N_("Blue"), "red": N_("Red"), "dark": N_("Dark")}
COLOURS = [(colour, COLOUR_LABELS[colour]) for colour in TABLE_COLOURS]
FACE_LABELS = {"standard": N_("Standard"), "large": N_("Large index")}
FACES = [(design, FACE_LABELS[design]) for design in FACE_DESIGNS]
#: A face design's tile: two columns of these cards fanned as on a table, cut off below the third
#: card's strip: what the player reads of a covered card (what the large index is for).
FACES_FAN = (("KS", "9H", "4C"), ("QD", "TS", "7H"))
#: The preview's cards: a court card above, and a pip card of each suit (both colours of each deck).
COURT = "QH"
PIPS = ("7C", "8D", "9S", "TH")


def felt_piece(size: tuple[int, int], colour: str, radius: int) -> pygame.Surface:
    """A piece of felt of `colour` with rounded corners and a faint edge (a swatch, the preview)."""
    w, h = max(1, size[0]), max(1, size[1])
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(theme.felt((w, h), colour), (0, 0))
    out.blit(theme.rounded_rect((w, h), (255, 255, 255), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(theme.rounded_rect((w, h), (0, 0, 0, 0), radius, 2, (255, 255, 255, 70)), (0, 0))
    return out


class Preview(Widget):
    """The piece of table in the player's look, painted once per look and size."""

    def __init__(self, rect: Any, text: TextCache, images: Any, settings: Settings) -> None:
        super().__init__(rect, text)
        self.images = images
        self.settings = settings

    @property
    def bounds(self) -> pygame.Rect:
        return self._rect

    def look(self) -> tuple[str, str, bool, str]:
        s = self.settings
        return s.table_colour, s.card_back, bool(s.four_colour), s.face_design

    def card_rects(self) -> dict[str, pygame.Rect]:
        """Where each card lies ('slot', 'back', the court card and the pips), in the preview's own
        coordinates: the empty pile, the back and the court card in a row, the pips fanned below."""
        w, h = self._rect.size
        cw = max(8, int(min(w / 4.4, h / 3.8)))
        ch = card_height(cw)
        m = cw // 3
        top = (h - 2 * ch - m) // 2
        left = (w - 3 * cw - 2 * m) // 2
        rects = {name: pygame.Rect(left + i * (cw + m), top, cw, ch) for i, name in enumerate(("slot", "back", COURT))}
        step = int(cw * 0.55)
        left = (w - cw - step * (len(PIPS) - 1)) // 2
        rects.update({code: pygame.Rect(left + i * step, top + ch + m, cw, ch) for i, code in enumerate(PIPS)})
        return rects

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        self.dirty = False
        key = (self._rect.size, self.look())
        img = self._surfaces.get(key)
        if img is None:
            self._surfaces.clear()
            img = self._surfaces[key] = self._paint()
        surface.blit(img, self._rect)
        return self._rect

    def _paint(self) -> pygame.Surface:
        colour, back, four_colour, _design = self.look()  # (the images draw the faces' design)
        out = felt_piece(self._rect.size, colour, max(8, self._rect.height // 16))
        if self.images is None:  # no card images at all: the felt alone
            return out
        for name, r in self.card_rects().items():
            if name == "slot":
                img = self.images.slot(r.width)
            elif name == "back":
                img = self.images.back(r.width, back)
            else:
                img = self.images.get(name, r.width, four_colour)
            out.blit(img, r)
        return out


class AppearanceScene(Scene):
    """The card back, the table colour and the four-colour deck, beside the preview."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.next: Transition = None  # what a control's action asks of the App, returned by handle_event
        self.widgets: list[Widget] = []
        self.frame = PanelFrame(ctx, self)
        self.build()
        self.frame.open()

    # --- the Scene contract, passed on to the panel's frame ------------------------------------
    @property
    def panel_rect(self) -> pygame.Rect:
        return self.frame.panel_rect

    def resize(self, size: tuple[int, int]) -> None:
        self.frame.resize(size)

    def invalidate(self, rects: list | None = None) -> None:
        self.frame.invalidate(rects)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        self.frame.handle_event(event)
        transition, self.next = self.next, None
        return transition

    def draw(self, surface: pygame.Surface) -> list | None:
        return self.frame.draw(surface)

    def build(self) -> None:
        s, text = self.ctx.settings, self.ctx.text
        # its own card images, keeping two widths (the tiles', the preview's): the table's scaled cards,
        # kept one width at a time in ctx.images, stay as they are for the return
        self.images = self.ctx.images
        if isinstance(self.images, CardImages):
            self.images = CardImages()
            self.images.KEEP_WIDTHS = 2
        self.backs = PictureChoice(
            (0, 0, 1, 1), BACKS, s.card_back, text, self._back_picture, lambda v: self._changed("card_back", v)
        )
        self.colours = PictureChoice(
            (0, 0, 1, 1), COLOURS, s.table_colour, text, self._swatch, lambda v: self._changed("table_colour", v)
        )
        if s.face_design not in FACE_DESIGNS:  # (a Settings made in code: the file's are checked)
            s.face_design = FACE_DESIGNS[0]
        use_design(self.images, s.face_design)
        self.faces = PictureChoice(
            (0, 0, 1, 1), FACES, s.face_design, text, self._faces_picture, lambda v: self._changed("face_design", v)
        )
        self.four_colour = Toggle(
            (0, 0, 1, 1), N_("Four-colour deck"), s.four_colour, text, lambda v: self._changed("four_colour", v)
        )
        self.preview = Preview((0, 0, 1, 1), text, self.images, s)
        self.changed = False  # a choice was made: the scenes beneath repaint when this one closes
        self.back = Button((0, 0, 1, 1), N_("Back"), text, self.close, style="primary")
        self.widgets = [self.backs, self.faces, self.colours, self.four_colour, self.preview, self.back]

    def layout(self, size: tuple[int, int]) -> None:
        row = self.frame.row_height()
        gap = max(6, row // 5)
        pad = max(12, int(row * 0.4))
        # title; "Card back" and its tiles; "Table colour" and its tiles; four colours; Back (in rows:
        # a kiosk's 800x480 holds them at its finger size, 48 px)
        title, label, back_tiles, colour_tiles = 0.9, 0.6, 2.2, 1.5
        units = title + label + back_tiles + label + colour_tiles + 1 + 1
        row, x, y, iw = self.frame.place_panel(row, gap, pad, units, 6, 17)
        left_w = int((iw - 2 * gap) * 0.56)
        self.title_rect = pygame.Rect(x, y, iw, int(row * title))
        y += self.title_rect.height + gap
        top = y
        self.backs_label_rect = pygame.Rect(x, y, left_w, int(row * label))
        y += self.backs_label_rect.height
        self.backs.rect = (x, y, left_w, int(row * back_tiles))
        y += self.backs.rect.height + gap
        self.colours_label_rect = pygame.Rect(x, y, left_w, int(row * label))
        y += self.colours_label_rect.height
        self.colours.rect = (x, y, left_w, int(row * colour_tiles))
        y += self.colours.rect.height + gap
        self.four_colour.rect = (x, y, left_w, row)
        design = self.frame.design  # the class's sizes: the tiles' names small, the controls' labels
        self.backs.label_size = self.colours.label_size = self.faces.label_size = design.type.small
        self.four_colour.size = self.back.size = design.type.label
        y += row + gap
        bw = min(left_w, row * 5)
        self.back.rect = (x + (left_w - bw) // 2, y, bw, row)
        # the right: "Card faces" and its tiles beside the backs', the preview under them
        px = x + left_w + 2 * gap
        self.faces_label_rect = pygame.Rect(px, top, x + iw - px, self.backs_label_rect.height)
        self.faces.rect = (px, self.backs.rect.y, x + iw - px, self.backs.rect.height)
        preview_top = self.colours_label_rect.top
        self.preview.rect = (px, preview_top, x + iw - px, y + row - preview_top)

    def paint_static(self, surface: pygame.Surface) -> None:
        r = self.title_rect
        type_scale = self.frame.design.type
        img = self.ctx.text.fit(tr("Appearance"), r.width, type_scale.heading, theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(center=r.center))
        labels = (
            (self.backs_label_rect, N_("Card back")),
            (self.faces_label_rect, N_("Card faces")),
            (self.colours_label_rect, N_("Table colour")),
        )
        for r, label in labels:
            pad = max(6, r.height // 4)
            img = self.ctx.text.fit(tr(label), r.width - 2 * pad, type_scale.label, theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(r.x + pad, r.centery)))

    # --- the tiles' pictures ---------------------------------------------------------------------
    def _back_picture(self, style: str, box: tuple[int, int]) -> pygame.Surface:
        """A card back of `style`, as large as the box holds."""
        w = max(4, min(box[0], int(box[1] / CARD_RATIO)))
        if self.images is None:
            return felt_piece((w, card_height(w)), "dark", max(2, w // 8))
        return self.images.back(w, style)

    def _faces_picture(self, design: str, box: tuple[int, int]) -> pygame.Surface:
        """FACES_FAN's columns in `design`, fanned as Eight Off fans them and as large as the box
        holds three strips of: what a player reads of covered cards."""
        rows = len(FACES_FAN[0])
        w = max(4, min(int(box[0] / (len(FACES_FAN) + 0.2)), int(box[1] / rows / FAN / CARD_RATIO)))
        h, step, gap = card_height(w), int(card_height(w) * FAN), max(2, w // 8)
        out = pygame.Surface((len(FACES_FAN) * (w + gap) - gap, min(box[1], rows * step)), pygame.SRCALPHA)
        if self.images is None:  # no card images at all: a plain card
            out.blit(felt_piece((w, h), "dark", max(2, w // 8)), (0, 0))
            return out
        images = CardImages()  # (one picture per size: its faces go with it)
        images.design = design
        for c, column in enumerate(FACES_FAN):
            for r, code in enumerate(column):
                out.blit(images.get(code, w, bool(self.ctx.settings.four_colour)), (c * (w + gap), r * step))
        return out

    def _swatch(self, colour: str, box: tuple[int, int]) -> pygame.Surface:
        """A piece of the felt of `colour`, as wide as the box and no flatter than a card lying down."""
        w, h = box[0], min(box[1], int(box[0] / CARD_RATIO))
        return felt_piece((w, h), colour, max(4, h // 5))

    # --- changes ---------------------------------------------------------------------------------
    def _changed(self, field: str, value: Any) -> None:
        """Save the choice and show it here now: the preview and, for a table colour, this screen's
        felt (the tiles' pictures stay: each shows its own choice whatever is chosen)."""
        setattr(self.ctx.settings, field, value)
        self.ctx.save_settings()
        if field == "face_design":  # the preview's cards, and the table's when the player returns
            use_design(self.images, value)
            use_design(self.ctx.images, value)
        if field == "four_colour":  # the faces' tiles show the deck's colours
            self.faces.invalidate()
        self.changed = True
        self.preview.dirty = True
        if field == "table_colour":
            self.frame.repaint()  # the felt and the panel in its shade, painted anew at the next draw

    def close(self) -> None:
        """Return; the scenes beneath show the new look from their next frame."""
        if self.changed:
            self.changed = False
            self.ctx.appearance_changed()  # the app re-lays out every scene on the stack
        self.next = Pop()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
