"""The band shows the difficulty band of the deal in play (a deal dealt from Gentle, Medium or Hard,
or any rated listed deal), marks a daily deal (today's, or an earlier day's), and writes a round's
even score as a word, not golf's bare "E"."""

from __future__ import annotations

import datetime
import random

import pytest
from conftest import run_frames

from game import i18n, registry
from game.model.codes import parse_code
from game.model.course import GolfRound
from game.scenes.band_marks import BAND_MARKS, EARLIER, EVEN, TODAY, deal_marks
from game.scenes.dealing import deal_new
from game.scenes.tables import open_round, open_table
from game.settings import Settings
from game.solver import rating

MARK_OF = {"easy": "Gentle deal", "medium": "Medium deal", "hard": "Hard deal"}


def shown(app, table):
    app.replace(table)
    run_frames(app)
    return table


@pytest.mark.parametrize("band", ["easy", "medium", "hard"])
def test_a_deal_dealt_from_a_band_says_which(make_app, band):
    app = make_app(size=(1280, 720), settings=Settings(fullscreen=False, animation_speed="off"))
    app.ctx.settings.difficulty = band
    table = shown(app, deal_new(app.ctx, "golf-classic", rng=random.Random(5)).scene)
    hud = table.hud
    assert hud.marks == MARK_OF[band] == BAND_MARKS[band]
    assert hud.code_button.lines[0].text == MARK_OF[band]  # over the deal's code


def test_a_rated_deal_opened_by_its_code_says_its_band_and_an_unrated_one_says_none(make_app):
    app = make_app(size=(800, 480), settings=Settings(fullscreen=False, animation_speed="off"))
    number = rating.listed_in_band("eightoff-8", "hard")[0]
    game = registry.kind("eightoff-8").deal(number)
    assert shown(app, open_table(app.ctx, game)).hud.marks == "Hard deal"
    assert shown(app, open_table(app.ctx, registry.game_from_code("GO1-S+W+J2+Z-AAAAAAB"))).hud.marks == ""


@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_a_daily_deal_is_marked_today_or_earlier(make_app, lang):
    app = make_app(size=(800, 480), settings=Settings(language=lang, fullscreen=False, animation_speed="off"))
    i18n.set_language(lang)
    try:
        today = datetime.date.today()
        code = "GO1-C-AAAAAXL"
        table = shown(app, open_table(app.ctx, registry.game_from_code(code), guaranteed=True, daily=today.isoformat()))
        assert table.hud.marks == i18n.tr(TODAY) and table.hud.code_button.lines[0].text == i18n.tr(TODAY)
        earlier = (today - datetime.timedelta(days=2)).isoformat()
        table = shown(app, open_table(app.ctx, registry.game_from_code(code), guaranteed=True, daily=earlier))
        assert table.hud.marks == i18n.tr(EARLIER) != i18n.tr(TODAY)
    finally:
        i18n.set_language("en")


def test_the_mark_follows_the_date():
    day = datetime.date(2026, 12, 6)
    game = registry.game_from_code("GO1-C-AAAAAXL")
    assert deal_marks(game, True, "2026-12-06", lambda: day) == TODAY
    assert deal_marks(game, True, "2026-12-01", lambda: day) == EARLIER
    assert (
        deal_marks(game, True, None, lambda: day)
        == BAND_MARKS[rating.band_of("golf-classic", parse_code(game.code).number)]
    )
    assert deal_marks(game, False, None, lambda: day) == ""


@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_a_round_at_even_par_says_so_in_words(make_app, lang):
    app = make_app(size=(800, 480), settings=Settings(language=lang, fullscreen=False, animation_speed="off"))
    i18n.set_language(lang)
    try:
        table = shown(app, open_round(app.ctx, GolfRound.new("easy", rng=random.Random(3))))
        assert table.round.standing == 0
        shown_values = table.hud_values()
        assert shown_values[1] == i18n.tr(EVEN) and "E" not in shown_values
    finally:
        i18n.set_language("en")
