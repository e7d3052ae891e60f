"""Every end panel whole, over many positions: blocked, won and lost positions made from deal numbers
with the model and the solvers, at 800x480, 1280x720 and 1920x1080, in English, Greek and Thai. Each
panel holds its title, all its lines and all its buttons, each inside the window and the panel, none
over another; every text at least its class's small size (or its script's least legible one), every
button at least its class's least target; the band above stays whole."""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator

import pygame
import pytest
from conftest import settle

from game import i18n
from game.model.course import GolfRound
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.analysis_overlay import AnalysisOverlay
from game.scenes.end_overlay import SHOW_TABLE, EndOverlay
from game.scenes.tables import open_round, open_table
from game.solver import solve
from game.solver.analysis import analyse
from game.ui.design import design_for
from game.ui.text import least_legible

SIZES = [(800, 480), (1280, 720), (1920, 1080)]
LANGUAGES = ["en", "el", "th"]


def blocked(number: int, rule: str) -> GolfGame:
    """Deal `number` played to a block by a player who mostly plays, sometimes draws."""
    rng = random.Random(number)
    game = GolfGame.new(rule=rule, number=number)
    while game.status == "playing":
        moves = game.legal_moves()
        plays = [m for m in moves if not m.is_draw]
        game.push(rng.choice(plays) if plays and rng.random() < 0.7 else moves[-1])
    return game


def won(game):
    """`game` played to its win by the solver (None where it finds none within its budget)."""
    result = solve(game, 200_000)
    if result.verdict != "winnable":
        return None
    for move in result.moves:
        game.push(move)
    return game if game.status == "won" else None


def first_won(make, numbers):
    return next(g for g in (won(make(n)) for n in numbers) if g is not None)


def check(panel: EndOverlay, scene, size: tuple[int, int], where: str) -> None:
    window = pygame.Rect((0, 0), size)
    design = design_for(size)
    r = panel.panel_rect
    assert window.contains(r) and r.top >= scene.hud.rect.bottom, where  # the band stays whole
    said = [panel.content.title, *panel.lines()]
    texts = panel.line_rects()
    assert len(texts) == len(said) == len(panel.plan), where  # the title and every line, drawn
    labels = [b.label for b in panel.buttons]
    assert labels == [a[0] for a in panel.content.actions(0)] + [SHOW_TABLE], where  # every button
    boxes = [*texts, *(b.rect for b in panel.buttons)]
    for i, box in enumerate(boxes):
        assert r.contains(box), (where, i, box, r)
        assert box.collidelist(boxes[i + 1 :]) == -1, (where, i, box)
    for line, size_ in zip(said, panel.text_sizes):
        assert size_ >= least_legible(line, design.type.small), (where, line, size_)
    assert all(b.rect.height >= design.target for b in panel.buttons), where


def panels(make_app, size, language) -> Iterator[tuple[str, object, EndOverlay]]:
    """(what, table, panel) for each position of the set, in `language` at `size`."""
    app = make_app(size=size)
    app.ctx.settings.tips = False
    app.ctx.settings.animation_speed = "off"  # (the win's panel at once: no cascade to wait for)
    i18n.set_language(language)
    try:
        for number, rule in ((11, "easy"), (23, "classic"), (401, "classic")):
            scene = open_table(app.ctx, blocked(number, rule), resumed={})
            app.replace(scene)
            settle(app)
            yield f"blocked {number}", scene, app.top
            analysis = analyse(scene.game, 20_000)
            app.push(AnalysisOverlay(app.ctx, scene, analysis))
            settle(app)
            yield f"lost {number}", scene, app.top
        golf = first_won(lambda n: GolfGame.new(rule="easy", number=n), range(1, 40))
        earlier = (datetime.date.today() - datetime.timedelta(days=9)).isoformat()
        scene = open_table(app.ctx, golf, resumed={}, guaranteed=True, daily=earlier)
        app.replace(scene)
        settle(app)
        yield "won golf", scene, app.top
        eightoff = first_won(lambda n: EightOffGame.new(number=n), range(1, 10))
        scene = open_table(app.ctx, eightoff, resumed={})
        app.replace(scene)
        settle(app)
        yield "won eight off", scene, app.top
        course = GolfRound.new("classic", random.Random(3))
        rng = random.Random(3)
        while course.game.status == "playing":
            moves = course.game.legal_moves()
            course.game.push(next((m for m in moves if m.is_draw), moves[0]) if rng.random() < 0.5 else moves[0])
        scene = open_round(app.ctx, course, resumed={})
        app.replace(scene)
        settle(app)
        yield "hole", scene, app.top
    finally:
        i18n.set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_end_panel_holds_all_its_lines_and_buttons(make_app, size, language):
    seen = []
    for what, scene, panel in panels(make_app, size, language):
        assert isinstance(panel, EndOverlay), what
        check(panel, scene, size, f"{what} {size} {language}")
        seen.append(what)
    assert len(seen) == 9, seen


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_fullest_blocked_panel_holds_everything_at_800x480(make_app, language):
    """The longest blocked panel a single deal gives (the verdict, where the win was lost, the golf
    scores, Go back there) at the smallest window: the fast tier's guard."""
    app = make_app(size=(800, 480))
    app.ctx.settings.tips = False
    i18n.set_language(language)
    try:
        scene = open_table(app.ctx, blocked(23, "classic"), resumed={})
        app.replace(scene)
        settle(app)
        panel = app.top
        assert "Go back there" in [b.label for b in panel.buttons]
        check(panel, scene, (800, 480), language)
    finally:
        i18n.set_language("en")
