"""The scorecard of a round of golf: between holes, and at the end of the round.

Three moments, one screen: a hole has just ended (its score shown, not final yet: Next hole makes
it final, Back returns to the hole's panel, won or blocked, where a blocked hole may be undone), a
hole was given up (the next is dealt already), or the round is over (the total against par, the
best round, and confetti for a round under par). The left button is one word for one action: Back
where the hole's table is beneath the card, Menu where none is.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

import pygame

from .. import registry
from ..i18n import N_, tr
from ..model.course import PAR_PER_HOLE, GolfRound, par_text
from ..model.round_code import HOLES
from ..ui import theme
from ..ui.design import Design, RowForm, design_for
from ..ui.text import get_font, least_legible
from ..ui.widget import Widget
from .base import Pop, Replace, Scene, Transition
from .figures_watch import FiguresWatch, known_figures
from .panel_frame import PanelFrame
from .round_start import play_new_round
from .scaled_widgets import ScaledButton
from .scorecard_paint import LEGEND, legend_entry_width, paint_card, paint_legend, shown, strokes

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context

CONFETTI = 150
CONFETTI_TIME = 2.6  # s over which the pieces are thrown
CONFETTI_COLOURS = [theme.GOLD, (214, 72, 60), (72, 132, 220), (88, 184, 104), theme.CREAM]
CARD_ROW = 1.9  # a row of the card, in body sizes
WIDTH = 46  # the panel's width, in body sizes (at most: the window's width less two units a side)


def panel_width(window: tuple[int, int], d: Design) -> int:
    """The card's panel's width in a window of the class: room for the card's thirteen columns."""
    return min(window[0] - 2 * d.space(2), d.type.body * WIDTH)


def _line(size: int) -> int:
    """The height of a line of text at `size`."""
    return int(get_font(size).get_linesize())


class ScorecardScene(Scene):
    """The round's card; its buttons lead on to the next hole, back to the table, or out."""

    def __init__(self, ctx: Context, rnd: GolfRound, can_go_back: bool = False) -> None:
        self.round = rnd
        self.can_go_back = can_go_back and rnd.hole_over
        self.confetti: list[list[Any]] = []  # [x, y, vx, vy, colour, w, h, phase]
        self._thrown = 0
        self._clock = 0.0
        self._drawn: list[pygame.Rect] = []  # where the confetti was drawn last frame
        self.best: Any = None
        super().__init__(ctx)
        self.next: Transition = None  # what a control's action asks of the App, returned by handle_event
        self.widgets: list[Widget] = []
        self.frame = PanelFrame(ctx, self)
        self.design = design_for(ctx.screen_size)
        self.legend_rows = 1
        self.build()
        self.frame.open()

    @property
    def state(self) -> str:
        """'final' (the round is over), 'pending' (a hole just ended, its score not final yet) or
        'between' (a hole was given up: the next one is dealt)."""
        rnd = self.round
        return "final" if rnd.finished else "pending" if rnd.hole_over else "between"

    # -- the Scene contract, passed on to the panel's frame -----------------------------------------
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

    # -- building --------------------------------------------------------------------------------
    def build(self) -> None:
        text = self.ctx.text
        state = self.state
        if state == "final":
            primary = ScaledButton((0, 0, 1, 1), N_("New round"), text, self.new_round, style="primary")
        elif state == "pending" and self.round.hole == HOLES:
            primary = ScaledButton((0, 0, 1, 1), N_("Finish round"), text, self.next_hole, style="primary")
        else:
            primary = ScaledButton((0, 0, 1, 1), N_("Next hole"), text, self.next_hole, style="primary")
        if self.can_go_back and state == "pending":
            secondary = ScaledButton((0, 0, 1, 1), N_("Back"), text, self.back, style="secondary")
        else:
            secondary = ScaledButton((0, 0, 1, 1), N_("Menu"), text, self.menu, style="secondary")
        self.primary, self.secondary = primary, secondary
        self.widgets = [secondary, primary]
        self.watch = FiguresWatch(self.ctx)
        self.best = self._best()

    def _best(self) -> Any:
        """The best round of this rule set so far (a RoundSummary) as far as known now, or None
        (without statistics, or until they answer: the line comes then)."""
        known = known_figures(self.ctx)
        return None if known is None else known.round_summary(self.round.rules.name)

    def layout(self, size: tuple[int, int]) -> None:
        """Every text at a size of the window's type scale, every gap a spacing unit: the title, the
        subtitle, the card (its rows at the body size), its legend, the total, the best round and the
        buttons, in a panel as tall as they are."""
        d = self.design = design_for(size)
        t = d.type
        least = max(d.target, theme.KIOSK_TOUCH if self.ctx.kiosk else 0)
        gap, pad = d.space(1), d.space(2)
        pw = panel_width(size, d)
        iw = pw - 2 * pad
        form = d.row_form(self._legend_widths(), lambda least_window: panel_width(least_window, d) - 2 * pad)
        self.legend_rows = 1 if form is RowForm.FULL else 2
        heights = [
            _line(t.heading) + _line(t.small),  # the title, the subtitle
            round(t.body * CARD_ROW) * 4,  # the card
            self.legend_rows * _line(t.small) + d.space(1),  # its legend
            _line(t.label) + _line(t.small),  # the total, the best round
            least,  # the buttons
        ]
        total = sum(heights) + gap * (len(heights) - 1) + 2 * pad
        self.frame.panel_rect = pygame.Rect(0, 0, pw, total)
        self.frame.panel_rect.center = (size[0] // 2, size[1] // 2)
        x, y = self.frame.panel_rect.x + pad, self.frame.panel_rect.y + pad
        self.title_rect = pygame.Rect(x, y, iw, heights[0])
        y = self.title_rect.bottom + gap
        self.card_rect = pygame.Rect(x, y, iw, heights[1])
        self.legend_rect = pygame.Rect(x, self.card_rect.bottom + d.space(0.5), iw, heights[2] - d.space(0.5))
        y = self.card_rect.bottom + heights[2] + gap
        self.total_rect = pygame.Rect(x, y, iw, _line(t.label))
        self.best_rect = pygame.Rect(x, self.total_rect.bottom, iw, _line(t.small))
        y = self.best_rect.bottom + gap
        half = (iw - gap) // 2
        self.secondary.rect = (x, y, half, least)
        self.primary.rect = (x + iw - half, y, half, least)
        for button in (self.secondary, self.primary):
            button.set_size(t.label)

    def _legend_widths(self) -> list[int]:
        """How wide each of the legend's entries is in full form, at the scale's small size."""
        size = self.design.type.small
        gap = self.design.space(1)  # (at least a unit between two entries and at the strip's ends)
        return [legend_entry_width(self.ctx.text, tr(label), size, against) + gap for against, label in LEGEND]

    # -- what it says ----------------------------------------------------------------------------
    def title(self) -> str:
        return tr("Round complete") if self.state == "final" else tr("Scorecard")

    def subtitle(self) -> str:
        kind = registry.golf_rules_kind(self.round.rules)
        name = " · ".join([tr(kind.name), *(tr(n) for n in kind.option_names)])
        deals = tr("Winnable deals") if self.round.winnable else tr("Any deals")
        return f"{tr('Round of 9')} · {name} · {deals}"

    def total_line(self) -> str:
        rnd = self.round
        if rnd.finished:
            return tr("Total {total} · to par {par}", total=strokes(rnd.total), par=shown(par_text(rnd.against_par)))
        played = [s for s in rnd.card() if s is not None]
        if not played:
            return tr("Hole {n} of {holes}", n=rnd.hole, holes=HOLES)
        return tr(
            "After hole {n}: score {total} · to par {par}",
            n=len(played),
            total=strokes(sum(played)),
            par=shown(par_text(rnd.standing)),
        )

    def cheer(self) -> str | None:
        """A word for the end of the round: under par, or a new best."""
        rnd = self.round
        if not rnd.finished:
            given = [h for h in rnd.given_up if h == len(rnd.scores)]
            return tr("Hole {n} given up", n=given[0]) if given and self.state == "between" else None
        if rnd.against_par < 0:
            return tr("Under par!")
        return tr("Even par") if rnd.against_par == 0 else None

    def best_line(self) -> str:
        best = self.best
        if best is None or best.best_total is None:
            return tr("Best round: none yet")
        if self.round.finished and best.best_code == self.round.code and best.best_total == self.round.total:
            return tr("A new best round!")
        return tr(
            "Best round: {total} ({par}) · {code}",
            total=best.best_total,
            par=shown(par_text(best.best_total - PAR_PER_HOLE * HOLES)),
            code=best.best_code,
        )

    def current_column(self) -> int | None:
        """The hole to tint: the one just ended, or the next one to play; none once it is over."""
        rnd = self.round
        return None if rnd.finished else rnd.hole

    def paint_static(self, surface: pygame.Surface) -> None:
        text, t = self.ctx.text, self.design.type
        r = self.title_rect
        head = _line(t.heading)
        code = text.render(self.round.code, t.small, theme.TEXT_DIM, bold=True)
        surface.blit(code, code.get_rect(midright=(r.right, r.y + head // 2)))
        title = text.render(self.title(), least_legible(self.title(), t.heading), theme.GOLD, bold=True)
        surface.blit(title, title.get_rect(midleft=(r.x, r.y + head // 2)))
        sub = text.render(self.subtitle(), least_legible(self.subtitle(), t.small), theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midleft=(r.x, r.y + head + _line(t.small) // 2)))
        paint_card(surface, self.card_rect, text, self.round.card(), self.current_column(), t.body)
        paint_legend(surface, self.legend_rect, text, t.small, self.legend_rows)
        r = self.total_rect
        cheer = self.cheer()
        line = self.total_line() + (f"   {cheer}" if cheer else "")
        img = text.render(
            line, least_legible(line, t.label), theme.GOLD if self.round.finished else theme.TEXT, bold=True
        )
        surface.blit(img, img.get_rect(center=r.center))
        r = self.best_rect
        best = self.best_line()
        img = text.render(best, least_legible(best, t.small), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(center=r.center))

    # -- actions ---------------------------------------------------------------------------------
    def next_hole(self) -> None:
        """The hole just ended is final and the next is dealt (or, after the ninth, the round ends);
        after a hole given up, the next one is dealt already: its table."""
        rnd = self.round
        if rnd.hole_over:
            rnd.next_hole()
            if self.ctx.progress is not None:
                self.ctx.progress.round_changed(rnd)
        if rnd.finished:
            self._finished()
            return
        self.next = Replace(self.ctx.scenes.round_table(rnd))

    def _finished(self) -> None:
        """The ninth hole is final: the card becomes the round's, with confetti under par."""
        self.can_go_back = False
        self.build()
        self.frame.relayout()
        if self.round.against_par < 0:
            self._thrown, self._clock = 0, 0.0
            self.ctx.audio.play("win")

    def enter(self) -> None:
        if self.round.finished and self.round.against_par < 0:
            self.ctx.audio.play("win")
        else:
            self._thrown = CONFETTI  # nothing to celebrate (yet)

    def new_round(self) -> None:
        self.next = play_new_round(self.ctx, registry.golf_rules_kind(self.round.rules))

    def back(self) -> None:
        self.next = Pop()

    def menu(self) -> None:
        self.next = Replace(self.ctx.scenes.menu())

    def on_key(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.primary.on_click()  # type: ignore[misc]
        elif event.key == pygame.K_ESCAPE:
            self.secondary.on_click()  # type: ignore[misc]

    # -- the confetti of a round under par ---------------------------------------------------------
    def update(self, dt: float) -> Any:
        if self.best is None and self.watch.changed():  # the statistics answered: the best round's line
            self.best = self._best()
            self.frame.repaint()
        if self._thrown >= CONFETTI and not self.confetti:
            return None
        self._clock += dt
        w, h = self.frame.size
        rng = random.Random(self._thrown)
        while self._thrown < CONFETTI and self._clock >= CONFETTI_TIME * self._thrown / CONFETTI:
            piece = max(8, h // 45)
            self.confetti.append(
                [
                    rng.uniform(0, w),
                    -piece * 2.0,
                    rng.uniform(-0.08, 0.08) * w,
                    rng.uniform(0.15, 0.35) * h,
                    rng.choice(CONFETTI_COLOURS),
                    piece,
                    max(3, piece // 2),
                    rng.uniform(0, math.tau),
                ]
            )
            self._thrown += 1
        for p in self.confetti:
            p[7] += dt * 6
            p[0] += (p[2] + math.sin(p[7]) * w * 0.05) * dt
            p[1] += p[3] * dt
        self.confetti = [p for p in self.confetti if p[1] < h]
        return None

    def is_animating(self) -> bool:
        return self._thrown < CONFETTI or bool(self.confetti) or self.watch.redraw

    def draw(self, surface: pygame.Surface) -> list | None:
        self.watch.redraw = False
        drawn = self.frame.draw(surface)
        if not self.confetti and not self._drawn:
            return drawn
        dirty = list(self._drawn)
        if self.frame.static is not None:
            for r in self._drawn:  # the pieces' last places: the card and the widgets beneath again
                surface.blit(self.frame.static, r, r)
            for widget in self.widgets:
                if widget.visible and widget.bounds.collidelist(self._drawn) >= 0:
                    surface.blit(self.frame.static, widget.bounds, widget.bounds)  # (its shadow is translucent)
                    dirty.append(widget.draw(surface))
        self._drawn = []
        for x, y, _vx, _vy, colour, pw, ph, phase in self.confetti:
            tall = max(2, int(ph * abs(math.cos(phase))) + 1)  # a piece turning as it falls
            rect = pygame.Rect(int(x), int(y), pw, tall)
            surface.fill(colour, rect)
            self._drawn.append(rect)
        dirty += self._drawn
        return None if drawn is None else drawn + dirty
