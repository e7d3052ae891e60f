"""The menu, the game's home screen: choose Golf or Eight Off (each a card with a picture of its
table) and its option, then continue the saved game, a random deal, today's deal or a deal code.

A deal code decides everything itself (game, rule or cell count, deal number); a code that
cannot be read shows why under the code box and nothing else happens. The box takes a replay code
too (a deal code with the moves after it: replay_code.py), which opens the game's replay to watch;
a replay code that cannot be read, mistyped or changed, is refused the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import daily, i18n, registry
from game.i18n import N_, tr
from game.model.codes import InvalidCode
from game.model.replay_code import MAX_CODE_TEXT, InvalidReplayCode, is_replay_code, parse_replay_code
from game.scenes.base import Action, Push, Quit, Replace, Scene, Transition
from game.scenes.figures_watch import known_figures
from game.scenes.kind_picker import KindPicker
from game.scenes.menu_cards import (
    BestCard,
    DailyCard,
    GameCards,
    TypeButton,
    TypeInput,
    TypeLabel,
    TypeSegments,
    TypeToggle,
    button_label_width,
)
from game.scenes.panel_frame import PanelFrame
from game.scenes.round_menu import RoundChoice
from game.scenes.round_start import begin_new
from game.ui import theme
from game.ui.design import Design, RowForm, design_for
from game.ui.text import least_legible
from game.ui.widget import Widget
from game.view.table_thumb import TableThumb, ThumbKey, thumb

if TYPE_CHECKING:  # pragma: no cover
    from game.context import Context
    from game.model.base import SolitaireGame

#: the difficulty bands New game may deal from (settings.difficulty), as the menu names them
#: "Gentle", not "Easy": Easy is also a Golf rule, chosen on the row above
BANDS = [("any", N_("Any")), ("easy", N_("Gentle")), ("medium", N_("Medium")), ("hard", N_("Hard"))]
#: the difficulty choice's label
DIFFICULTY = N_("Difficulty")
#: today's deal's state on its card (with the days won in a row after it)
DAILY_TO_PLAY, DAILY_WON, DAILY_PLAYED = N_("To play"), N_("Won ✓"), N_("Played, not won")
DAILY_LOOKUP_AFTER = 0.4  # s after the menu opens: when today's deal's state is looked up
#: the cards of the games' pictures painted in every frame at the least (each a card face read and
#: scaled); the rest are painted in the frames' spare time (spare_work), as fast as the machine allows
PICTURE_CARDS_PER_FRAME = 2
#: a row's height in label sizes, where that is more than the class's least target
ROW_PER_LABEL = 2.2
MIN_ROW = 30  # px: the least row on a window smaller than its class (rows give way before leaving it)
PANEL_UNITS = 100  # the panel's widest, in spacing units
LEFT_SHARE = 0.54  # of the panel's width inside, less the gap between: the games and their options
#: a game card's picture, height to width, where the window has the room
PICTURE_SHAPE = 0.5
ERROR_LINES = 3  # the lines kept for a refused code's reason
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


#: Why a replay code is refused, per InvalidReplayCode.reason (the model's English messages carry
#: figures and examples a translation cannot match: these are always the ones shown).
REPLAY_CODE_REASONS = {
    "empty": N_("Type or paste a replay code first."),
    "length": N_("This replay code is too long to be a game."),
    "format": N_("A replay code has five parts separated by '-', like GO1-S-AAAAAAM-RYK4-YA."),
    "version": N_("This replay code was made by a later version of the game."),
    "checksum": N_("This replay code has been changed or mistyped: its check does not match."),
    "deal": N_("The deal code at the start of this replay code cannot be read."),
    "move": N_("The moves of this replay code do not make a game of its deal."),
}


def explain_replay_code_error(exc: InvalidReplayCode) -> str:
    """Why a replay code was refused, in the player's language."""
    return tr(REPLAY_CODE_REASONS.get(exc.reason, REPLAY_CODE_REASONS["format"]))


def explain_code_error(exc: Exception) -> str:
    """The reason a code was refused, in the player's language."""
    message = str(exc)
    if i18n.language() == "en" or i18n.has_translation(message):
        return tr(message)
    return tr(CODE_REASONS.get(getattr(exc, "reason", ""), message))


def continue_label(game: SolitaireGame, meta: dict) -> str:
    """Continue and the saved game it continues: 'Continue Golf', 'Continue Eight Off — 3 min',
    'Continue the round — hole 4'."""
    rnd = meta.get("round")
    if rnd is not None:
        return tr("Continue the round — hole {hole}", hole=rnd.hole)
    name = tr(registry.kind_of(game).name)
    minutes = int(float(meta.get("duration", 0) or 0) // 60)
    if minutes < 1:
        return tr("Continue {game}", game=name)
    played = tr("{count} min", plural="{count} min", count=minutes)
    return tr("Continue {game} — {time}", game=name, time=played)


class MenuScene(Scene):
    """The home screen: the two games as illustrated cards and the chosen game's options; Continue
    (the chosen game's saved game), Play, today's deal as a card with its state, the deal-code box;
    Watch, Settings, Statistics, Help and Quit along the bottom.

    Every size comes from the window's design (game/ui/design.py): the text sizes from its type
    scale, the gaps from its unit, the rows' height from its least target. A row that does not fit
    at its class's sizes in the language takes its compact form as a whole (labels on two lines, or
    the code box over its button), decided against the class's narrowest window."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.next: Transition = None  # what a control's action asks of the App, returned by handle_event
        self.widgets: list[Widget] = []
        self.frame = PanelFrame(ctx, self)
        self.design = design_for(ctx.screen_size)
        self._painting = True  # the games' pictures are being painted, a few cards a frame
        self.title_rect = pygame.Rect(0, 0, 0, 0)
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
        self._painting = True  # (the table's colour or the cards may have changed: new pictures)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        self.frame.handle_event(event)
        transition, self.next = self.next, None
        return transition

    def build(self) -> None:
        s, text = self.ctx.settings, self.ctx.text
        t = self.design.type
        offered = [f for f in registry.FAMILIES if not self.ctx.visitor or s.offers(f)]
        if s.last_game not in offered:  # a kiosk offering one game: that game is the choice
            registry.choose(s, registry.chosen(s, offered[0]))
        self.picker = KindPicker(
            text,
            registry.chosen(s),
            {f: registry.chosen(s, f).option_value for f in registry.FAMILIES},
            self._set_kind,
            on_more=self.open_rules,
            size=t.label,
            thumbs=self._thumb,
            families=offered,
        )
        # a kiosk's visitors play the administrator's rule sets, unless they may choose
        self.picker.set_enabled(not self.ctx.visitor or s.visitors_choose_rules)
        self.winnable_toggle = TypeToggle(
            (0, 0, 1, 1), N_("Winnable deals only"), s.winnable(self.deal_kind()), text, self._set_winnable, t.body
        )
        #: the rated deal lists' bands New game deals from, under the switch, named by its label
        self.band_label = TypeLabel((0, 0, 1, 1), text, theme.TEXT, t.body, align="left")
        self.band_label.set_text(tr(DIFFICULTY))
        self.band_choice = TypeSegments(
            (0, 0, 1, 1), BANDS, s.difficulty, text, self._set_band, by_content=True, size=t.label
        )
        self.round_choice = RoundChoice(self.ctx, self._show_options, t.label)  # Golf: a single deal or a round
        progress = self.ctx.progress
        self.saved = progress.saved() if progress is not None else None
        #: a saved game that cannot be read now (it is kept, and read again at the next visit)
        self.notice = TypeLabel((0, 0, 1, 1), text, theme.TEXT_DIM, t.small)
        if progress is not None and progress.save_trouble is not None:
            self.notice.set_text(tr(N_("A saved game cannot be read now: it is kept for later.")))
        self.notice.visible = bool(self.notice.value)
        self.continue_button = TypeButton(
            (0, 0, 1, 1), N_("Continue"), text, self.play_saved, style="primary", size=t.label
        )
        self.play_button = TypeButton((0, 0, 1, 1), N_("Play"), text, self.play_random, size=t.label)
        # today's deal and its state: the state needs the statistics, looked up after the first frames,
        # so the menu never waits for the database to open (update)
        self.daily_button = DailyCard((0, 0, 1, 1), text, self.open_daily, t.label, t.body)
        self.daily_button.show(N_("Today's deal"), "", False)
        #: a kiosk's board of today's best, under today's deal (where a window has its code box)
        self.best_card = BestCard((0, 0, 1, 1), text, self.open_leaderboard, t.label, t.body)
        self.best_card.visible = self.ctx.leaderboard is not None
        self._show_best()
        self._age, self._daily_known, self._daily_changed = 0.0, False, False
        self._warmed = False
        self.code_box = TypeInput(
            (0, 0, 1, 1),
            text,
            N_("Deal code"),
            max_len=MAX_CODE_TEXT,  # (a replay code: a deal code and its moves)
            allowed=CODE_CHARS,
            upper=True,
            paste=self.ctx.clipboard_get,
            on_submit=self._submit,
            on_change=lambda _v: self.error.set_text(""),
        )
        self.code_button = TypeButton((0, 0, 1, 1), N_("Play this code"), text, self.play_code, size=t.label)
        #: why a code is refused: on the panel, in a colour that reads on it over every felt
        self.error = TypeLabel((0, 0, 1, 1), text, theme.ERROR, t.body)
        self.watch_button = TypeButton((0, 0, 1, 1), N_("Watch"), text, self.watch, style="ghost", size=t.label)
        self.settings_button = TypeButton(
            (0, 0, 1, 1), N_("Settings"), text, self.open_settings, style="ghost", size=t.label
        )
        self.stats_button = TypeButton(
            (0, 0, 1, 1), N_("Statistics"), text, self.open_stats, style="ghost", size=t.label
        )
        self.help_button = TypeButton((0, 0, 1, 1), N_("Help"), text, self.open_help, style="ghost", size=t.label)
        self.quit_button = TypeButton((0, 0, 1, 1), N_("Quit"), text, self.quit, style="ghost", size=t.label)
        #: a kiosk's administrator's way back to the administrator's screen (in Quit's place)
        self.admin_button = TypeButton(
            (0, 0, 1, 1), N_("Administrator"), text, self.open_admin, style="ghost", size=t.label
        )
        #: a kiosk's visitor's language, for the visit: each named in itself, so anyone finds theirs
        self.language_choice = TypeSegments(
            (0, 0, 1, 1), i18n.LANGUAGES, i18n.language(), text, self._set_language, size=t.label
        )
        self._show_kiosk()
        # a kiosk has no keyboard to type a code with (and its players get winnable deals anyway)
        for w in (self.code_box, self.code_button, self.error):
            w.visible = not self.ctx.kiosk
        self.widgets = [
            *self.picker.widgets,
            self.round_choice.control,
            self.winnable_toggle,
            self.band_label,
            self.band_choice,
            self.notice,
            self.continue_button,
            self.play_button,
            self.daily_button,
            self.best_card,
            self.code_box,
            self.code_button,
            self.error,
            *self.foot,
        ]
        self._show_options()

    @property
    def foot(self) -> list[Widget]:
        """Everything the row along the panel's foot may hold, in its order."""
        return [
            self.watch_button,
            self.settings_button,
            self.stats_button,
            self.help_button,
            self.language_choice,
            self.quit_button,
            self.admin_button,
        ]

    def bottom_row(self) -> list[Widget]:
        """The row along the panel's foot: a window's Quit; a kiosk's visitor's language instead of
        Settings; the kiosk's administrator's way back to the administrator's screen."""
        return [b for b in self.foot if b.visible]

    def _show_kiosk(self) -> None:
        """Which of the bottom row's controls a kiosk shows, to a visitor or to its administrator."""
        kiosk, visitor = self.ctx.kiosk, self.ctx.visitor
        self.quit_button.visible = not kiosk
        self.settings_button.visible = not visitor
        self.language_choice.visible = visitor
        self.admin_button.visible = kiosk and not visitor
        self.language_choice.set_value(i18n.language())

    def _thumb(self, family_id: str, size: tuple[int, int]) -> TableThumb:
        s = self.ctx.settings
        return thumb(ThumbKey(family_id, size, s.table_colour, bool(s.four_colour), s.card_back))

    # --- layout --------------------------------------------------------------------------------
    def _set_sizes(self, d: Design) -> None:
        """Every text at the class's sizes (a resize may change the class)."""
        t = d.type
        self.picker.set_size(t.label)
        sized_widgets: list[tuple[Any, int]] = [
            (self.round_choice.control, t.label),
            (self.band_choice, t.label),
            (self.continue_button, t.label),
            (self.play_button, t.label),
            (self.code_button, t.label),
            (self.code_box, t.label),
            *((b, t.label) for b in self.foot),
            (self.winnable_toggle, t.body),
        ]
        for w, size in sized_widgets:
            if w.size != size:
                w.size = size
                w.invalidate()
        for label, size in ((self.band_label, t.body), (self.error, t.body), (self.notice, t.small)):
            label.type_size = size
            label.invalidate()
        for card in (self.daily_button, self.best_card):
            card.title_size, card.line_size = t.label, t.body
            card.invalidate()
        if isinstance(self.picker.game_choice, GameCards):
            self.picker.game_choice.gap = d.unit

    def layout(self, size: tuple[int, int]) -> None:
        d = self.design = design_for(size)
        self._show_kiosk()  # (a visit may have begun since: the bottom row is the visitor's)
        self._set_sizes(d)
        self.band_label.set_text(tr(DIFFICULTY))  # (a new language comes as a new layout)
        self._daily_known = False  # today's deal's state is said again, in the language of the moment
        self._show_best()
        self._show_continue()
        self._painting = True  # pictures of the new size, if it is one
        least = theme.KIOSK_TOUCH if self.ctx.kiosk else 0
        row = max(d.target, least, round(d.type.label * ROW_PER_LABEL))
        place = MenuPlaces(self, d, size, row)
        while not place.fits() and place.row > MIN_ROW:  # a window smaller than its class: rows give way
            place = MenuPlaces(self, d, size, place.row - 2)
        place.apply()
        self._laid_for = self.picker.family_id  # the game whose options the rows were laid out for

    def paint_static(self, surface: pygame.Surface) -> None:
        r = self.title_rect
        title = tr("Golf & Eight Off")
        size = least_legible(title, self.design.type.display)
        shadow = self.ctx.text.render(title, size, (0, 0, 0), bold=True)
        img = self.ctx.text.render(title, size, theme.GOLD, bold=True)
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
        """The difficulty choice and its label show while winnable deals are on and the kind's
        deals are rated."""
        from game.solver import rating  # the ratings' reader: not at start-up (it reads a file)

        shown = bool(self.winnable_toggle.value) and rating.has_bands(self.deal_kind())
        self.band_choice.visible = self.band_label.visible = shown
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
        # each game's options have their own rows, and Continue comes or goes with the game it continues
        if self._show_continue() or self.picker.family_id != self._laid_for:
            self.frame.relayout()
        self._show_best()
        self._daily_known = False  # looked up again for the kind chosen (until the statistics answer)
        if self._age >= DAILY_LOOKUP_AFTER:
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
        """Start exactly the deal (or the round) in the code box, watch the game a replay code
        names, or say why the code is refused."""
        if is_replay_code(self.code_box.value):
            self.watch_code()
            return
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

    def watch_code(self) -> None:
        """The replay a replay code names, to watch; a code that cannot be read changes nothing but
        the line under the box, which says why."""
        try:
            replay = parse_replay_code(self.code_box.value)
        except InvalidReplayCode as exc:
            self.error.set_text(explain_replay_code_error(exc))
            self.ctx.audio.play("refuse")
            return
        self.next = Push(self.ctx.scenes.replay(replay))

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
        self.next = begin_new(self.ctx, self.saved, deal)

    def play_saved(self) -> None:
        """Continue the saved game exactly where it was left."""
        if self.saved is None:
            return
        game, meta = self.saved
        self.next = Replace(self.ctx.scenes.table(game, meta))

    def update(self, dt: float) -> Transition:
        self._age += dt
        if self._painting:  # the games' pictures, a few cards a frame until they are whole
            cards = self.picker.game_choice
            self._painting = isinstance(cards, GameCards) and cards.paint_pictures(PICTURE_CARDS_PER_FRAME)
        if not self._daily_known and self._age >= DAILY_LOOKUP_AFTER:
            if not self._warmed:  # the Statistics screen's numbers, read ahead in the background
                self._warmed = True
                known = known_figures(self.ctx)
                if known is not None:
                    kind = registry.chosen(self.ctx.settings)
                    known.summary(kind.family.id, kind.option)
            self._show_daily()  # (looked up again each frame until the statistics answer)
        return None

    def spare_work(self) -> bool:
        """One card of the games' pictures, while they are being painted."""
        cards = self.picker.game_choice
        return self._painting and isinstance(cards, GameCards) and cards.paint_pictures(1)

    def is_animating(self) -> bool:
        """While the games' pictures are painted, and once when today's deal's state has just
        appeared: the loop draws them."""
        return self._painting or self._daily_changed or self.frame.is_animating()

    def draw(self, surface: pygame.Surface) -> list | None:
        self._daily_changed = False
        return self.frame.draw(surface)

    def _show_daily(self) -> None:
        state = self._daily_state()
        if state is None:
            return  # being read: asked again in the next frame
        self._daily_known = True
        if self.daily_button.show(N_("Today's deal"), *state):
            self._daily_changed = True

    def _daily_state(self) -> tuple[str, bool] | None:
        """Today's deal of the chosen game: to play, won (with its check mark) or played, and the
        days won in a row; None while the statistics are being read (never waited for)."""
        from game.scenes import daily_scene  # (as above)

        kind = daily_scene.daily_kind(self.ctx.settings)
        results = daily_scene.known_results(self.ctx, kind)
        if results is None:
            return None
        today = daily_scene.today()
        done = results.get(today)
        won = done is not None and done.won
        state = tr(DAILY_WON) if won else tr(DAILY_PLAYED) if done is not None else tr(DAILY_TO_PLAY)
        streak = daily.current_streak([d for d, r in results.items() if r.won], today)
        if streak:
            days = tr("{count} day in a row", plural="{count} days in a row", count=streak)
            state = tr("{state} · {streak}", state=state, streak=days)
        return state, won

    def _show_continue(self) -> bool:
        """Continue names the saved game and shows only while that game is the one chosen; Play is
        then "New deal". True when Continue came or went (the layout changes)."""
        saved = self.saved
        shown = saved is not None and registry.kind_of(saved[0]).family.id == self.picker.family_id
        changed = shown != self.continue_button.visible
        self.continue_button.visible = shown
        if saved is not None and shown:
            label = continue_label(*saved)
            if label != self.continue_button.label:
                self.continue_button.label = label
                self.continue_button.invalidate()
        play = (N_("New deal"), "secondary") if shown else (N_("Play"), "primary")
        if play != (self.play_button.label, self.play_button.style):
            self.play_button.label, self.play_button.style = play
            self.play_button.invalidate()
        return changed

    def open_daily(self) -> None:
        self.next = Push(self.ctx.scenes.daily())

    def _show_best(self) -> bool:
        """The day's best game of the chosen game on its card (a kiosk's); True when it changed."""
        board = self.ctx.leaderboard
        if board is None:
            return False
        from game.scenes.leaderboard_words import mark_text, who  # (a kiosk's)

        best = board.best(self.picker.family_id)
        line = tr("Be the first today") if best is None else f"{who(best)} · {mark_text(best)}"
        return self.best_card.show(N_("Today's best"), line, False)

    def open_leaderboard(self) -> None:
        if self.ctx.leaderboard is not None:
            from game.scenes.leaderboard_scene import LeaderboardScene  # (a kiosk's)

            self.next = Push(LeaderboardScene(self.ctx, self.ctx.leaderboard, self.picker.family_id))

    def open_stats(self) -> None:
        self.next = Push(self.ctx.scenes.stats())

    def open_help(self) -> None:
        self.next = self.ctx.scenes.help(self)

    def open_settings(self) -> None:
        self.next = Push(self.ctx.scenes.settings())

    def open_admin(self) -> None:
        self.next = Push(self.ctx.scenes.admin())

    def _set_language(self, code: str) -> None:
        """A kiosk's visitor's language, for the visit (never saved: the next visitor has the
        kiosk's); every scene re-lays out in it."""
        self.ctx.choose_language(code)
        self.frame.relayout()

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


def columns(inner: int, unit: int) -> tuple[int, int]:
    """The two columns' widths in a panel `inner` wide: the games at the left, play at the right."""
    left = round((inner - 2 * unit) * LEFT_SHARE)
    return left, inner - 2 * unit - left


class MenuPlaces:
    """Where everything of the menu goes in one window at one row height: worked out whole, so the
    menu can try a lower row where a window smaller than its class does not hold it (`fits`), then
    `apply` it.

    Top to bottom: the title; two columns (the game cards and the chosen game's options at the left;
    Continue, Play, today's deal and the code box at the right); the bottom row."""

    def __init__(self, menu: MenuScene, d: Design, size: tuple[int, int], row: int) -> None:
        self.menu, self.d, self.size, self.row = menu, d, size, row
        text, t, u = menu.ctx.text, d.type, d.unit
        self.pad = round(u * 1.5)
        self.pw = self._panel_width(size[0])
        self.inner = self.pw - 2 * self.pad
        self.left, self.right = columns(self.inner, u)
        self.title_h = text.rendered_size("Ag", t.display, True)[1]
        two = text.rendered_size("Ag\nAg", t.label, True)[1] + u  # a row of labels on two lines
        self.tall = max(row, two)
        # each row's form, by class and language: its height, and how the code box goes
        self.bottom_h = row if self._bottom_form() is RowForm.FULL else self.tall
        self.option_h = {f: row if self._option_form(f) is RowForm.FULL else self.tall for f in registry.FAMILIES}
        self.mode_h = row if self._mode_form() is RowForm.FULL else self.tall
        self.band_h = row if self._band_form() is RowForm.FULL else self.tall
        self.toggle_h = row if self._toggle_form() is RowForm.FULL else self.tall
        self.code_split = self._code_form() is RowForm.COMPACT
        self.error_h = menu.error.height_for(self.right, ERROR_LINES)
        self.daily_h = max(row, menu.daily_button.content_height() + u)  # (and the best's card)
        rows = max(self._left_rows(f) for f in registry.FAMILIES)
        avail = size[1] - 2 * u - 2 * self.pad - self.title_h - 2 * u - self.bottom_h
        name_h = text.rendered_size("Ag", t.label, True)[1] + u
        picture_w = (self.left - u) // 2 - u
        wanted = round(picture_w * PICTURE_SHAPE) + name_h + u
        self.card_h = max(name_h + 3 * u, min(wanted, avail - u - rows))
        self.cols_h = max(self.card_h + u + rows, self._right_height())
        self.height = 2 * self.pad + self.title_h + u + self.cols_h + u + self.bottom_h

    def _panel_width(self, width: int) -> int:
        return min(width - 2 * self.d.unit, PANEL_UNITS * self.d.unit)

    def _room(self, which: str) -> int:
        """A row's room at the class's narrowest window (rows' forms are decided there). A zoomed
        class (4K) is measured against its narrowest window zoomed alike, as its sizes are."""
        zoom = self.d.unit / design_for(self.d.least).unit
        inner = self._panel_width(round(self.d.least[0] * zoom)) - 2 * self.pad
        left, right = columns(inner, self.d.unit)
        return {"inner": inner, "left": left, "right": right}[which]

    def _form(self, widths: list[int], which: str) -> RowForm:
        return self.d.row_form(widths, lambda _least: self._room(which))

    def _button_width(self, label: str) -> int:
        return button_label_width(self.menu.ctx.text, tr(label), self.d.type.label, self.row)

    def _bottom_form(self) -> RowForm:
        items = self.menu.bottom_row()
        widest = max(self._button_width(b.label) for b in items if isinstance(b, TypeButton))
        widths = [widest] * len(items)
        if self.menu.language_choice.visible:  # (in the place of two buttons)
            widths[items.index(self.menu.language_choice)] = max(
                sum(self.menu.language_choice.label_widths()), 2 * widest
            )
        return self._form(widths, "inner")

    def _option_form(self, family_id: str) -> RowForm:
        picker = self.menu.picker
        widths = picker.option_choices[family_id].label_widths()  # type: ignore[attr-defined]
        if family_id in picker.more:
            widths.append(self._button_width(N_("More rules")))
        return self._form(widths, "left")

    def _mode_form(self) -> RowForm:
        return self._form(self.menu.round_choice.control.label_widths(), "left")  # type: ignore[attr-defined]

    def _band_form(self) -> RowForm:
        label = self.menu.band_label
        size = least_legible(label.value, label.type_size)
        width = self.menu.ctx.text.rendered_size(label.value, size)[0]
        return self._form([width, *self.menu.band_choice.label_widths()], "left")

    def _toggle_form(self) -> RowForm:
        return self._form([self.menu.winnable_toggle.least_width()], "left")

    def _code_form(self) -> RowForm:
        box = self.menu.code_box
        hint = tr(N_("Round code")) if len(tr(N_("Round code"))) > len(tr(box.placeholder)) else tr(box.placeholder)
        wide = self.menu.ctx.text.rendered_size("GO1-C-AAAAAAB", self.d.type.label)[0]
        box_w = max(wide, self.menu.ctx.text.rendered_size(hint, least_legible(hint, self.d.type.label))[0]) + self.row
        return self._form([box_w, self._button_width(N_("Play this code"))], "right")

    def _left_rows(self, family_id: str) -> int:
        """The options' rows under the cards (a gap over each): the game's option, Golf's mode, the
        switch and the difficulty."""
        u = self.d.unit
        rows = self.option_h[family_id] + u + self.toggle_h + u + self.band_h + u
        if family_id == registry.GOLF.id:
            rows += self.mode_h + u
        return rows

    def _right_height(self) -> int:
        u, menu = self.d.unit, self.menu
        h = 0
        if menu.notice.visible:
            h += menu.notice.height_for(self.right) + u // 2
        if menu.continue_button.visible:
            h += self.row + u
        h += self.row + u + self.daily_h + u
        if menu.best_card.visible:
            h += self.daily_h + u
        if menu.code_box.visible:
            h += (2 * self.row + u if self.code_split else self.row) + u // 2 + self.error_h
        return h

    def fits(self) -> bool:
        return (
            self.height <= self.size[1] - 2 * self.d.unit
            and self.card_h + self._left_rows(registry.GOLF.id) <= self.cols_h
        )

    def apply(self) -> None:
        menu, u = self.menu, self.d.unit
        w, h = self.size
        panel = pygame.Rect(0, 0, self.pw, min(self.height, h - 2 * u))
        panel.center = (w // 2, h // 2)
        menu.frame.panel_rect = panel
        x, y = panel.x + self.pad, panel.y + self.pad
        menu.title_rect = pygame.Rect(x, y, self.inner, self.title_h)
        top = self.top = menu.title_rect.bottom + u
        self._place_left(x, top)
        self._place_right(x + self.left + 2 * u, top)
        items = menu.bottom_row()
        shares = [2 if b is menu.language_choice else 1 for b in items]  # the languages: two buttons' room
        room = self.inner - u * (len(items) - 1)
        y = top + self.cols_h + u
        for b, share in zip(items, shares, strict=True):
            width = room * share // sum(shares)
            b.rect = (x, y, width, self.bottom_h)
            x += width + u

    def _place_left(self, x: int, y: int) -> None:
        menu, u, lw = self.menu, self.d.unit, self.left
        picker = menu.picker
        picker.game_choice.rect = (x, y, lw, self.card_h)
        y += self.card_h + u
        family = picker.family_id
        for family_id, control in picker.option_choices.items():
            oh = self.option_h[family_id]
            more = picker.more.get(family_id)
            if more is None:
                control.rect = (x, y, lw, oh)
                continue
            bw = max(self._button_width(N_("More rules")), round(lw * 0.4))
            control.rect = (x, y, lw - bw - u, oh)
            more.rect = (x + lw - bw, y, bw, oh)
        picker.show(picker.kind)  # (the "More rules" label follows its new width)
        y += self.option_h[family] + u
        if family == registry.GOLF.id:
            menu.round_choice.control.rect = (x, y, lw, self.mode_h)
            y += self.mode_h + u
        else:
            menu.round_choice.control.rect = (x, y, lw, self.mode_h)  # (hidden: Golf's only)
        menu.winnable_toggle.rect = (x, y, lw, self.toggle_h)
        y += self.toggle_h + u
        label = menu.band_label
        size = least_legible(label.value, label.type_size)
        label_w = menu.ctx.text.rendered_size(label.value, size)[0] + 2
        if label_w > lw // 3:  # a long word: the label gets its third, on two lines
            label_w = lw // 3
        label.rect = (x, y, label_w, self.band_h)
        menu.band_choice.rect = (x + label_w + u, y, lw - label_w - u, self.band_h)

    def _place_right(self, x: int, y: int) -> None:
        menu, u, rw, row = self.menu, self.d.unit, self.right, self.row
        if menu.notice.visible:  # over Continue's place: where the player looks for the saved game
            nh = menu.notice.height_for(rw)
            menu.notice.rect = (x, y, rw, nh)
            y += nh + u // 2
        if menu.continue_button.visible:
            menu.continue_button.rect = (x, y, rw, row)
            y += row + u
        menu.play_button.rect = (x, y, rw, row)
        y += row + u
        menu.daily_button.rect = (x, y, rw, self.daily_h)
        y += self.daily_h + u
        if menu.best_card.visible:
            menu.best_card.rect = (x, y, rw, self.daily_h)
            y += self.daily_h + u
        if not menu.code_box.visible:
            return
        bw = self._button_width(N_("Play this code"))
        if self.code_split:
            menu.code_box.rect = (x, y, rw, row)
            menu.code_button.rect = (x, y + row + u, rw, row)
            y += 2 * row + u
        else:
            bw = max(bw, round(rw * 0.4))
            menu.code_box.rect = (x, y, rw - bw - u, row)
            menu.code_button.rect = (x + rw - bw, y, bw, row)
            y += row
        y += u // 2
        menu.error.rect = (x, y, rw, max(self.error_h, self.top + self.cols_h - y))
