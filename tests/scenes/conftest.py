"""Fixtures of the scene tests.

table       factory: table(game, size=(800, 480), **settings) -> (app, scene), an Eight Off
            table of `game` with the deal finished (a module may define a `table` of its own)
"""

from __future__ import annotations

import pytest
from conftest import FRAME, run_frames, settle

from game.scenes.tables import open_table
from game.ui.gesture import SETTLE_TIME


@pytest.fixture
def table(make_app):
    """make(game, size, **settings) -> (app, scene) with the deal finished."""

    def make(game, size=(800, 480), **settings):
        app = make_app(size=size)
        for k, v in settings.items():
            setattr(app.settings, k, v)
        scene = open_table(app.ctx, game)
        app.replace(scene)
        run_frames(app)
        settle(app)
        run_frames(app, int(SETTLE_TIME / FRAME) + 1)  # a press so soon after the table appeared is not taken
        return app, scene

    return make
