"""Settings: each change takes effect and is saved at once; Back (or Esc) returns.

The language switches at once: every scene on the stack re-renders its text (ctx.language_changed).
Appearance (the card backs, the felt's colour, the four-colour deck) opens a screen of its own.
Sound has a row of its own: its switch, and beside it the volume in four steps (a step played as it
is chosen, so the player hears the level).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import N_, tr
from game.scenes import tips
from game.scenes.appearance_scene import AppearanceScene
from game.scenes.base import Pop, Push, Scene, Transition
from game.scenes.panel_frame import PanelFrame
from game.settings import CHOICES
from game.ui import theme
from game.ui.widget import Widget
from game.ui.widgets import Button, SegmentedControl, Toggle, grid_size

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context

#: (settings field, label) for the on/off rows, in display order.
TOGGLES = [
    ("interactive_rules", N_("Interactive rules")),
    ("sound", N_("Sound")),
    ("highlight_playable", N_("Highlight playable cards")),
    ("winnable_light", N_("Show whether the game can still be won")),
    ("show_timer", N_("Show the timer")),
    ("fullscreen", N_("Full screen")),
    ("tips", N_("First-run tips")),
]
SPEEDS = [("normal", N_("Normal")), ("fast", N_("Fast")), ("off", N_("Off"))]
#: Kiosk only: minutes without input before the demos start (the settings' choices, labelled).
ATTRACT_LABELS = {0: N_("Off"), 1: N_("1 min"), 3: N_("3 min"), 10: N_("10 min")}
ATTRACT = [(minutes, ATTRACT_LABELS[minutes]) for minutes in CHOICES["attract_minutes"]]
#: The volume's steps (percent of the sounds' full level), labelled.
VOLUME_LABELS = {25: N_("25%"), 50: N_("50%"), 75: N_("75%"), 100: N_("100%")}
VOLUMES = [(percent, VOLUME_LABELS[percent]) for percent in CHOICES["volume"]]
SAMPLE_SOUND = "place"  # what a new volume step plays, at that level


class SettingsScene(Scene):
    """Toggles for the player's settings plus the animation speed."""

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

    def handle_event(self, event: pygame.event.Event) -> Transition:
        self.frame.handle_event(event)
        transition, self.next = self.next, None
        return transition

    def draw(self, surface: pygame.Surface) -> list | None:
        return self.frame.draw(surface)

    def build(self) -> None:
        s, text = self.ctx.settings, self.ctx.text
        size = self.frame.design.type.label  # every control's words at the class's one label size
        self.toggles: dict[str, Toggle] = {}
        for field, label in TOGGLES:
            self.toggles[field] = Toggle(
                (0, 0, 1, 1), label, self._current(field), text, partial(self._changed, field), size=size
            )
        self.speed = SegmentedControl(
            (0, 0, 1, 1),
            SPEEDS,
            s.animation_speed,
            text,
            lambda v: self._changed("animation_speed", v),
            by_content=True,
            size=size,
        )
        # each language named in its own language, so anyone can find theirs
        self.language = SegmentedControl(
            (0, 0, 1, 1), i18n.LANGUAGES, i18n.language(), text, self._set_language, size=size
        )
        self.attract = SegmentedControl(
            (0, 0, 1, 1), ATTRACT, s.attract_minutes, text, lambda v: self._changed("attract_minutes", v), size=size
        )
        self.volume = SegmentedControl(
            (0, 0, 1, 1), VOLUMES, s.volume, text, lambda v: self._changed("volume", v), size=size
        )
        self.appearance = Button((0, 0, 1, 1), N_("Appearance"), text, self.open_appearance, style="ghost", size=size)
        self.back = Button((0, 0, 1, 1), N_("Back"), text, self.close, style="primary", size=size)
        kiosk = self.ctx.kiosk
        self.toggles["fullscreen"].visible = not kiosk  # a kiosk is always full screen
        # a kiosk's 800x480 panel keeps its rows finger-sized: its players get the default (off), and
        # the administrator may set winnable_light in settings.json
        self.toggles["winnable_light"].visible = not kiosk
        self.toggles["show_timer"].visible = not kiosk  # a kiosk's band shows no timer
        self.attract.visible = kiosk  # attract mode is a kiosk's
        self.widgets = [
            self.language,
            *self.toggles.values(),
            self.appearance,
            self.volume,
            self.speed,
            self.attract,
            self.back,
        ]

    def layout(self, size: tuple[int, int]) -> None:
        design = self.frame.design
        for widget in self.widgets:  # the class may have changed with the window
            if isinstance(widget, Button | Toggle | SegmentedControl):
                widget.size = design.type.label
        row = self.frame.row_height()
        gap = design.space(0.75)
        pad = design.space(2)
        sound = self.toggles["sound"]  # in a row of its own, with the volume beside it
        # the toggles' rows, and Appearance's button in the last place of their grid
        toggles: list = [t for t in self.toggles.values() if t.visible and t is not sound] + [self.appearance]
        # language, sound and volume, toggles, speed, (attract,) back; on a short screen the toggles
        # go two by two
        columns = 1 if self._rows(len(toggles)) * (row + gap) + row + 2 * pad <= self.frame.size[1] - 12 else 2
        back_on_top = columns == 2  # a short screen: Back goes beside the title, a row is saved
        n_rows = self._rows((len(toggles) + columns - 1) // columns) - back_on_top
        row, x, y, iw = self.frame.place_panel(row, gap, pad, 1.0 + n_rows, n_rows, 12.5 if columns == 1 else 16)
        self.title_rect = pygame.Rect(x, y, iw, row)
        if back_on_top:
            bw = min(iw // 4, row * 3)
            self.back.rect = (x, y, bw, row)
            self.title_rect = pygame.Rect(x + bw + gap, y, iw - 2 * (bw + gap), row)
        y += row + gap
        label_w = int(iw * 0.42)
        self.language_label_rect = pygame.Rect(x, y, label_w, row)
        self.language.rect = (x + label_w, y, iw - label_w, row)
        y += row + gap
        sound.rect = (x, y, label_w - gap, row)
        self.volume.rect = (x + label_w, y, iw - label_w, row)
        y += row + gap
        tw = (iw - gap * (columns - 1)) // columns
        for i, toggle in enumerate(toggles):
            toggle.rect = (x + (i % columns) * (tw + gap), y, tw, row)
            if i % columns == columns - 1 or i == len(toggles) - 1:
                y += row + gap
        self._size_switches([sound, *(t for t in toggles if isinstance(t, Toggle))])
        self.speed_label_rect = pygame.Rect(x, y, label_w, row)
        self.speed.rect = (x + label_w, y, iw - label_w, row)
        y += row + gap
        self.attract_label_rect = pygame.Rect(x, y, label_w, row)
        if self.attract.visible:
            self.attract.rect = (x + label_w, y, iw - label_w, row)
            y += row + gap
        if not back_on_top:
            bw = min(iw, row * 5)
            self.back.rect = (x + (iw - bw) // 2, y, bw, row)

    def _size_switches(self, switches: list[Toggle]) -> None:
        """Every row's label in one size: the class's label size where every switch's label stands on
        one line in this language, else the body size for all of them (two lines where needed)."""
        type_scale = self.frame.design.type
        self.row_label_size = grid_size(switches, (type_scale.label, type_scale.body))  # and Language, Animation

    def _rows(self, toggle_rows: int) -> int:
        """Control rows besides the title: language, sound and volume, the toggles' rows, speed,
        (attract,) back."""
        return toggle_rows + 4 + (1 if self.attract.visible else 0)

    def paint_static(self, surface: pygame.Surface) -> None:
        r, design = self.title_rect, self.frame.design
        img = self.ctx.text.render(tr("Settings"), design.type.heading, theme.GOLD, bold=True)
        surface.blit(img, img.get_rect(center=r.center))
        labels = [(self.language_label_rect, N_("Language")), (self.speed_label_rect, N_("Animation"))]
        if self.attract.visible:
            labels.append((self.attract_label_rect, N_("Demo when idle")))
        for r, label in labels:
            pad = max(10, r.height // 3)
            img = self.ctx.text.fit(tr(label), r.width - 2 * pad, self.row_label_size, theme.TEXT)  # as the switches
            surface.blit(img, img.get_rect(midleft=(r.x + pad, r.centery)))

    def _current(self, field: str) -> bool:
        """The value a toggle shows: the setting, except full screen, which shows the window's state."""
        if field == "fullscreen":
            return bool(self.ctx.is_fullscreen())
        if field == "tips":
            return tips.pending(self.ctx.settings)
        return bool(getattr(self.ctx.settings, field))

    def _changed(self, field: str, value) -> None:
        """Apply a change at once (sound mutes now, full screen switches now) and save it."""
        if field == "tips":
            tips.set_pending(self.ctx.settings, value)  # on: every game shows its tips again
        else:
            setattr(self.ctx.settings, field, value)
        if field == "sound":
            self.ctx.audio.set_muted(not value)
        if field == "volume":
            self.ctx.audio.set_volume(value / 100)
            self.ctx.audio.play(SAMPLE_SOUND)  # the new level, heard (silent with Sound off or no device)
        if field == "fullscreen":
            self.ctx.set_fullscreen(value)  # the app saves and relayouts every scene
        self.ctx.save_settings()

    def _set_language(self, code: str) -> None:
        """Switch the language now, remember it, and re-render this scene and those beneath."""
        self.ctx.choose_language(code)  # (the app re-lays out every scene on the stack, this one too)
        self.frame.relayout()  # (also when no app is listening, e.g. a bare Context)

    def invalidate(self, rects: list | None = None) -> None:
        """Show the current values again (F11 may have changed full screen meanwhile)."""
        self.frame.invalidate(rects)
        for field, toggle in self.toggles.items():
            value = self._current(field)
            if toggle.value != value:
                toggle.value = value
                toggle.dirty = True

    def open_appearance(self) -> None:
        self.next = Push(AppearanceScene(self.ctx))

    def close(self) -> None:
        self.next = Pop()

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
