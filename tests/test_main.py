"""The command line: bad codes refused before a window opens, and saved games never thrown away."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
from conftest import run_frames, settle
from helpers.tables import is_golf

from game.model.golf import GolfGame
from game.scenes.menu import MenuScene
from main import build_parser, first_scene

ROOT = Path(__file__).resolve().parents[1]


def test_a_bad_code_exits_2_with_its_reason_and_no_traceback(tmp_path):
    env = dict(os.environ, GOLF_EIGHTOFF_CONFIG_DIR=str(tmp_path), GOLF_EIGHTOFF_DATA_DIR=str(tmp_path))
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--code", "GO1-X-AAAAAAB"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert "A Golf code looks like GO1-E-AAAAAAB" in out.stderr and "Traceback" not in out.stderr


def test_windowed_size_is_parsed():
    args = build_parser().parse_args(["--windowed", "800x480", "--game", "golf"])
    assert tuple(args.windowed) == (800, 480) and args.game == "golf"


def saved_golf_game(app, moves: int = 3) -> GolfGame:
    """A Golf game with some moves, saved as the table would save it."""
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    app.ctx.progress.begin(game)
    for _ in range(moves):
        game.draw()
        app.ctx.progress.changed(game)
    app.ctx.progress.leave()
    return game


def test_game_option_continues_a_saved_game_of_that_game(make_app):
    app = make_app(size=(800, 480))
    game = saved_golf_game(app)
    scene = first_scene(build_parser().parse_args(["--game", "golf"]), app)
    app.replace(scene)
    settle(app)
    assert is_golf(app.top) and app.top.game.to_json() == game.to_json()
    assert app.ctx.progress.stats.summary("golf", "easy").played == 0


def test_code_option_continues_the_same_deal_and_starts_another(make_app):
    app = make_app(size=(800, 480))
    game = saved_golf_game(app)
    same = first_scene(build_parser().parse_args(["--code", "go1-e-aaaaafa"]), app)
    assert same.game.to_json() == game.to_json()
    other = first_scene(build_parser().parse_args(["--code", "GO1-E-AAAAAFB"]), app)
    app.replace(other)
    run_frames(app, 2)
    assert other.game.code == "GO1-E-AAAAAFB" and other.game.moves == 0


def test_no_option_opens_the_menu(make_app):
    app = make_app(size=(800, 480))
    assert isinstance(first_scene(build_parser().parse_args([]), app), MenuScene)
    pygame.event.clear()
