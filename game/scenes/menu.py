"""The menu: choose Golf or Eight Off and its option, then a random deal or a deal code.

A deal code decides everything itself (game, rule or cell count, deal number); a code that
cannot be read shows why under the code box and nothing else happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n, registry
from game.i18n import N_, tr
from game.model.codes import InvalidCode
from game.persist.progress import at_stake
from game.scenes.base import Action, Push, Quit, Replace, Scene, Transition
from game.scenes.figures_watch import known_figures
from game.scenes.kind_picker import KindPicker
from game.scenes.panel_frame import PanelFrame
from game.scenes.round_menu import RoundChoice
from game.scenes.round_start import abandon_line
from game.ui import theme
from game.ui.widget import Widget
from game.ui.widgets import Button, Label, SegmentedControl, TextInput, Toggle

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.model.base import SolitaireGame

#: the difficulty bands New game may deal from (settings.difficulty), as the menu names them
#: "Gentle", not "Easy": Easy is also a Golf rule, chosen on the row above
BANDS = [("any", N_("Any")), ("easy", N_("Gentle")), ("medium", N_("Medium")), ("hard", N_("Hard"))]
DAILY_LOOKUP_AFTER = 0.4  # s after the menu opens: when the daily deal's check mark is looked up
CODE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-+ "

#: Translatable explanations per InvalidCode.reason, used when the model's own (English)
#: message has no translation in the current language.
CODE_REASONS = {
    "empty": N_("Type or paste a deal code first."),
    "format": N_("A code has three parts separated by '-', like GO1-E-AAAAAAB."),
    "prefix": N_("A deal code starts with GO1 (Golf) or EO1 (Eight Off), like GO1-E-AAAAAAB or EO1-C8-AAAAAAB."),
    "rule": N_("A Golf code looks like GO1-E-AAAAAAB and an Eight Off code like EO1-C8-AAAAAAB."),
    "length": N_("The deal number must be 7 letters."),
    "letter": N_("The deal number may only use the letters A to Z."),
    "zero": N_("Deal AAAAAAA does not exist; the first deal is AAAAAAB."),
}


def explain_code_error(exc: Exception) -> str:
    """The reason a code was refused, in the player's language."""
    message = str(exc)
    if i18n.language() == "en" or i18n.has_translation(message):
        return tr(message)
    return tr(CODE_REASONS.get(getattr(exc, "reason", ""), message))


class MenuScene(Scene):
    """Title, game and option choices, Play, the deal-code box, Settings and Quit."""

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

    def build(self) -> None:
        s, text = self.ctx.settings, self.ctx.text
        self.picker = KindPicker(
            text,
            registry.chosen(s),
            {f: registry.chosen(s, f).option_value for f in registry.FAMILIES},
            self._set_kind,
            on_more=self.open_rules,
        )
        self.winnable_toggle = Toggle(
            (0, 0, 1, 1), N_("Winnable deals only"), s.winnable(self.deal_kind()), text, self._set_winnable
        )
        #: "Winnable: any / gentle / medium / hard" (the rated deal lists' bands), beside the switch
        self.band_choice = SegmentedControl((0, 0, 1, 1), BANDS, s.difficulty, text, self._set_band, by_content=True)
        self.round_choice = RoundChoice(self.ctx, self._show_options)  # Golf: a single deal or a round
        progress = self.ctx.progress
        self.saved = progress.saved() if progress is not None else None
        #: a saved game that cannot be read now (it is kept, and read again at the next visit)
        self.notice = Label((0, 0, 1, 1), text, theme.TEXT_DIM)
        if progress is not None and progress.save_trouble is not None:
            self.notice.set_text(tr(N_("A saved game cannot be read now: it is kept for later.")))
        self.notice.visible = bool(self.notice.value)
        self.continue_button = Button((0, 0, 1, 1), N_("Continue"), text, self.play_saved, style="primary")
        self.continue_button.visible = self.saved is not None
        self.play_button = Button(
            (0, 0, 1, 1),
            N_("Play") if self.saved is None else N_("New deal"),
            text,
            self.play_random,
            style="secondary" if self.saved else "primary",
        )
        # its check mark ("done today") needs the statistics: looked up after the first frames, so the
        # menu never waits for the database to open (update)
        self.daily_button = Button((0, 0, 1, 1), N_("Today's deal"), text, self.open_daily, style="secondary")
        self._age, self._daily_known, self._daily_changed = 0.0, False, False
        self._warmed = False
        self.code_box = TextInput(
            (0, 0, 1, 1),
            text,
            N_("Deal code"),
            max_len=24,
            allowed=CODE_CHARS,
            upper=True,
            paste=self.ctx.clipboard_get,
            on_submit=self._submit,
            on_change=lambda _v: self.error.set_text(""),
        )
        self.code_button = Button((0, 0, 1, 1), N_("Play this code"), text, self.play_code)
        self.error = Label((0, 0, 1, 1), text, theme.ERROR)
        self.settings_button = Button((0, 0, 1, 1), N_("Settings"), text, self.open_settings, style="ghost")
        self.stats_button = Button((0, 0, 1, 1), N_("Statistics"), text, self.open_stats, style="ghost")
        self.watch_button = Button((0, 0, 1, 1), N_("Watch"), text, self.watch, style="ghost")
        self.quit_button = Button((0, 0, 1, 1), N_("Quit"), text, self.quit, style="ghost")
        self.help_button = Button((0, 0, 1, 1), N_("Help"), text, self.open_help, style="ghost")
        self.quit_button.visible = not self.ctx.kiosk
        # a kiosk has no keyboard to type a code with (and its players get winnable deals anyway)
        for w in (self.code_box, self.code_button, self.error):
            w.visible = not self.ctx.kiosk
        self.widgets = [
            *self.picker.widgets,
            self.round_choice.control,
            self.winnable_toggle,
            self.band_choice,
            self.notice,
            self.continue_button,
            self.play_button,
            self.daily_button,
            self.code_box,
            self.code_button,
            self.error,
            self.watch_button,
            self.settings_button,
            self.stats_button,
            self.quit_button,
            self.help_button,
        ]
        self._show_options()

    def layout(self, size: tuple[int, int]) -> None:
        row = self.frame.row_height()
        gap = max(8, row // 4)
        pad = max(14, int(row * 0.45))
        # rows: title 1.2, game, option, winnable, play 1.2, code, error 0.55, bottom (a kiosk: no code)
        coded, noted = self.code_box.visible, self.notice.visible
        units = 1.2 + 1 + 1 + 1 + 1.2 + (1 + 0.55 if coded else 0) + 1 + (0.55 if noted else 0)
        gaps = (7 if coded else 5) + noted
        row, x, y, iw = self.frame.place_panel(row, gap, pad, units, gaps, 12.5, slack=16, min_row=32)
        help_w = max(int(row * 1.2), int(iw * 0.2))  # Help beside the title: how to play, from the start
        self.help_button.rect = (x + iw - help_w, y + (int(row * 1.2) - row) // 2, help_w, row)
        self.title_rect = pygame.Rect(x, y, iw - help_w - gap, int(row * 1.2))
        y = self.title_rect.bottom + gap
        y = self.picker.place(x, y, iw, row, gap)
        self.round_choice.place_beside(self.picker.option_choices[registry.GOLF.id], gap)
        half = int(iw * 0.42)  # the difficulty's four words take the larger share of the row
        if not self.band_choice.visible:  # (no gap where it would be: the switch takes the row)
            half = iw + gap // 2
        self.winnable_toggle.rect = (x, y, half - gap // 2, row)
        self.band_choice.rect = (x + half + gap - gap // 2, y, iw - half - gap + gap // 2, row)
        y += row + gap
        if noted:  # over Continue's place: where the player looks for the saved game
            self.notice.rect = (x, y, iw, int(row * 0.55))
            y += int(row * 0.55) + gap
        dw = int(iw * 0.3)  # the daily deal beside Play: one tap from the menu
        self.daily_button.rect = (x + iw - dw, y, dw, int(row * 1.2))
        pw = iw - dw - gap
        if self.saved is not None:
            cw = int(pw * 0.55)
            self.continue_button.rect = (x, y, cw, int(row * 1.2))
            self.play_button.rect = (x + cw + gap, y, pw - cw - gap, int(row * 1.2))
        else:
            self.play_button.rect = (x, y, pw, int(row * 1.2))
        y += int(row * 1.2) + gap
        if coded:
            bw = int(iw * 0.38)
            self.code_box.rect = (x, y, iw - bw - gap, row)
            self.code_button.rect = (x + iw - bw, y, bw, row)
            y += row
            self.error.rect = (x, y + gap // 2, iw, int(row * 0.55))
            y += int(row * 0.55) + gap
        bottom = [self.watch_button, self.settings_button, self.stats_button] + (
            [self.quit_button] if self.quit_button.visible else []
        )
        bw = (iw - gap * (len(bottom) - 1)) // len(bottom)
        for i, b in enumerate(bottom):
            b.rect = (x + i * (bw + gap), y, bw, row)

    def paint_static(self, surface: pygame.Surface) -> None:
        r = self.title_rect
        size = int(r.height * 0.78)
        title = tr("Golf & Eight Off")
        shadow = self.ctx.text.fit(title, r.width, size, (0, 0, 0), bold=True)
        img = self.ctx.text.fit(title, r.width, size, theme.GOLD, bold=True)
        pos = img.get_rect(center=r.center)
        shadow.set_alpha(110)
        surface.blit(shadow, pos.move(2, 3))
        surface.blit(img, pos)

    # --- actions -------------------------------------------------------------------------------
    def deal_kind(self) -> str:
        """The chosen game and option: its kind id, which is also its deal list's name."""
        return registry.chosen(self.ctx.settings).id

    def _set_band(self, value: str) -> None:
        self.ctx.settings.difficulty = str(value)
        self._save()

    def _show_options(self) -> None:
        self.winnable_toggle.set_value(self.ctx.settings.winnable(self.deal_kind()))
        self._show_band()

    def _show_band(self) -> None:
        """The difficulty choice shows while winnable deals are on and the kind's deals are rated."""
        from game.solver import rating  # the ratings' reader: not at start-up (it reads a file)

        shown = bool(self.winnable_toggle.value) and rating.has_bands(self.deal_kind())
        if shown != self.band_choice.visible:
            self.band_choice.visible = shown
            self.frame.relayout()  # the switch takes the row, or gives the choice its share back
        self.frame.invalidate()
        kind = registry.chosen(self.ctx.settings)
        self.round_choice.show_for(kind)
        self.code_box.placeholder = self.round_choice.placeholder(kind)
        self.code_box.invalidate()
        self.frame.invalidate()

    def _set_winnable(self, value: bool) -> None:
        self.ctx.settings.winnable_only[self.deal_kind()] = bool(value)
        self._show_band()
        self._save()

    def _save(self) -> None:
        self.ctx.save_settings()

    def _set_kind(self, kind: registry.GameKind) -> None:
        registry.choose(self.ctx.settings, kind)
        self.picker.show(kind)  # (the "More rules" sheet chooses too)
        if self._daily_known:  # looked up again for the kind chosen (until the statistics answer)
            self._daily_known = False
            self._show_daily()
        self._show_options()
        self._save()

    def open_rules(self, family_id: str) -> None:
        """The family's "More rules" sheet: its choices become the menu's as they are made."""
        sheet = self.ctx.scenes.rules_sheet(family_id, self._set_kind)
        if sheet is not None:
            self.next = Push(sheet)

    def play_random(self) -> None:
        """Start a new deal of the chosen game and option (a proven-winnable one unless the player
        turned that off)."""
        from game.scenes.dealing import deal_new  # not at start-up: it brings the solver's deal lists

        kind = self.deal_kind()
        if self.round_choice.rounds(registry.kind(kind)):
            self.begin(lambda: self.round_choice.play(registry.kind(kind)))
            return
        self.begin(lambda: deal_new(self.ctx, kind))

    def watch(self) -> None:
        """The demo plays a winnable deal of the chosen game from the deal to the win. The saved game
        is not touched: it waits for Continue."""
        from game.scenes.dealing import deal_new  # (as in play_random)

        self.next = deal_new(self.ctx, self.deal_kind(), demo=True)

    def play_code(self, _value: Any = None) -> None:
        """Start exactly the deal (or the round) in the code box, or say why the code is refused."""
        if self.round_choice.is_code(self.code_box.value):
            found = self.round_choice.read_code(self.code_box.value)
            if isinstance(found, str):
                self.error.set_text(found)
                self.ctx.audio.play("refuse")
            else:
                self.begin(lambda: self.round_choice.start(found))
            return
        try:
            game = registry.game_from_code(self.code_box.value)
        except InvalidCode as exc:
            self.error.set_text(explain_code_error(exc))
            self.ctx.audio.play("refuse")
            return
        self.start(game)

    def _submit(self, value: str) -> None:
        """Enter: the code in the box if there is one, else a random deal."""
        if value.strip():
            self.play_code()
        else:
            self.play_random()

    def start(self, game: SolitaireGame) -> None:
        """Play this game; the menu remembers its game and option (a pasted code may differ)."""
        self.ctx.remember_game(game)
        self.begin(lambda: Replace(self.ctx.scenes.table(game)))

    def begin(self, deal: Action) -> None:
        """Go to the new game `deal()` leads to, once the player agrees to give up the saved one."""
        if at_stake(self.saved):
            from game.scenes.dialog import ConfirmDialog  # scenes load when first shown, not at start-up

            self.next = Push(
                ConfirmDialog(self.ctx, N_("Start a new game?"), [abandon_line(self.saved)], N_("New game"), deal)
            )
        else:
            self.next = deal()

    def play_saved(self) -> None:
        """Continue the saved game exactly where it was left."""
        if self.saved is None:
            return
        game, meta = self.saved
        self.next = Replace(self.ctx.scenes.table(game, meta))

    def update(self, dt: float) -> Transition:
        self._age += dt
        if not self._daily_known and self._age >= DAILY_LOOKUP_AFTER:
            if not self._warmed:  # the Statistics screen's numbers, read ahead in the background
                self._warmed = True
                known = known_figures(self.ctx)
                if known is not None:
                    kind = registry.chosen(self.ctx.settings)
                    known.summary(kind.family.id, kind.option)
            self._show_daily()  # (looked up again each frame until the statistics answer)
        return None

    def is_animating(self) -> bool:
        """Once, when the daily deal's check mark has just appeared: the loop draws it."""
        return self._daily_changed or self.frame.is_animating()

    def draw(self, surface: pygame.Surface) -> list | None:
        self._daily_changed = False
        return self.frame.draw(surface)

    def _show_daily(self) -> None:
        label = self._daily_label()
        if label is None:
            return  # being read: asked again in the next frame
        self._daily_known = True
        if label != self.daily_button.label:
            self.daily_button.label = label
            self.daily_button.invalidate()
            self._daily_changed = True

    def _daily_label(self) -> str | None:
        """'Daily deal', with a check mark once today's deal of the chosen game is done; None while
        the statistics are being read (never waited for)."""
        from game.scenes import daily_scene  # (as above)

        kind = daily_scene.daily_kind(self.ctx.settings)
        results = daily_scene.known_results(self.ctx, kind)
        if results is None:
            return None
        return N_("Today's deal ✓") if daily_scene.today() in results else N_("Today's deal")

    def open_daily(self) -> None:
        self.next = Push(self.ctx.scenes.daily())

    def open_stats(self) -> None:
        self.next = Push(self.ctx.scenes.stats())

    def open_help(self) -> None:
        self.next = self.ctx.scenes.help(self)

    def open_settings(self) -> None:
        self.next = Push(self.ctx.scenes.settings())

    def quit(self) -> None:
        if not self.ctx.kiosk:
            self.next = Quit()

    # --- keyboard ------------------------------------------------------------------------------
    def on_key(self, event: pygame.event.Event) -> None:
        if self.code_box.visible and self.code_box.handle_key(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.code_box.value:
                self.code_box.set_value("")  # Esc never quits: leaving is the Quit button's job
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play_random()
