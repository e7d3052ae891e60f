"""The Context and what each layer registers of a game family: scenes are opened through the
openers the App hands in, and the registry's parts above the model load on first use."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import registry
from game.context import Context
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.tables import TABLE_RULES
from game.solver.result import Budget
from game.solver.solvers import SOLVERS, solve
from game.view.layouts import LAYOUTS, layout_for

ROOT = Path(__file__).resolve().parents[1]


def test_a_context_without_the_apps_scene_openers_refuses_to_open_a_scene():
    ctx = Context()
    with pytest.raises(RuntimeError, match="scene openers"):
        ctx.scenes.menu()


def test_the_apps_context_opens_the_table_of_the_games_kind(make_app):
    from helpers.tables import is_eightoff, is_golf

    app = make_app(size=(800, 480))
    golf = app.ctx.scenes.table(GolfGame.from_code("GO1-E-AAAAAFA"), daily="2026-12-01")
    assert is_golf(golf) and golf.daily == "2026-12-01"
    assert is_eightoff(app.ctx.scenes.table(EightOffGame.new(cells=4, number=3)))


def test_every_family_has_a_solver_a_layout_and_a_table():
    for family_id in registry.FAMILIES:
        assert family_id in SOLVERS and family_id in LAYOUTS and family_id in TABLE_RULES


def test_a_familys_layout_and_solver_take_only_its_own_games():
    golf, eightoff = GolfGame.from_code("GO1-E-AAAAAFA"), EightOffGame.new(cells=8, number=5)
    assert layout_for(eightoff, (800, 480)).fits(eightoff)
    with pytest.raises(TypeError):
        LAYOUTS["golf"]()((800, 480), eightoff)
    with pytest.raises(TypeError):
        SOLVERS["eightoff"](golf, Budget(states=10))
    assert solve(golf, Budget(states=100_000)).verdict in ("winnable", "unwinnable", "unknown")


def test_the_registry_and_the_solvers_registration_load_no_search_code_and_no_pygame():
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, game.registry, game.solver.solvers\n"
            "later = ('game.solver.', 'game.view', 'game.scenes', 'pygame')\n"
            "print(sorted(m for m in sys.modules if m.startswith(later)))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert eval(out.stdout) == ["game.solver.result", "game.solver.solvers"]
