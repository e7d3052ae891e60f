"""New game deals from the chosen difficulty band, and the HUD and the win show a deal's par."""

from __future__ import annotations

import random

from conftest import settle

from game import registry
from game.model.codes import parse_code
from game.scenes.dealing import deal_new
from game.solver import par, rating


def test_new_game_deals_from_the_chosen_band(make_app, data_dir):
    app = make_app(size=(1280, 720))
    for band in ("easy", "hard"):
        app.ctx.settings.difficulty = band
        for seed in range(5):
            transition = deal_new(app.ctx, "golf-easy", rng=random.Random(seed))
            number = parse_code(transition.scene.game.code).number
            assert rating.band_of("golf-easy", number) == band


def test_any_band_deals_from_the_whole_table(make_app, data_dir):
    app = make_app(size=(1280, 720))
    app.ctx.settings.difficulty = "any"
    bands = set()
    for seed in range(40):
        code = deal_new(app.ctx, "golf-easy", rng=random.Random(seed)).scene.game.code
        bands.add(rating.band_of("golf-easy", parse_code(code).number))
    assert bands == {"easy", "medium", "hard"}


def test_the_hud_and_the_win_show_the_par(make_app, data_dir):
    number = par.with_par("eightoff-4")[0]
    app = make_app(size=(1280, 720))
    app.ctx.settings.tips_seen = {"golf": True, "eightoff": True}
    game = registry.kind("eightoff-4").deal(number)
    scene = app.ctx.scenes.table(game)
    app.replace(scene)
    settle(app)
    n = par.par_of("eightoff-4", number)
    assert scene.hud_values()[2] == str(n) and scene.hud.slots[2].label == "Par"
    golf = app.ctx.scenes.table(registry.kind("golf-easy").deal(1))
    assert golf.par() is None
