"""The Golf part of `python -m tools.bench`: a scripted player at the table, through posted events.

The deal, 30 plays, draws, undos and a drag; a first hint on a winnable Golf Classic deal and 20 demo
moves; then a long session of games while the memory in use is sampled after each.
"""

from __future__ import annotations

import random

import pygame

from game.model.golf import GolfGame
from game.scenes.golf_table import GolfRules
from game.scenes.table import TableScene
from game.scenes.tables import open_table
from game.solver import deals
from game.view.golf_layout import GolfLayout

from .harness import Recorder, assist_phases, at_game_pace, click, drag, finish, first_frame, new_app, undo

SESSION_GAMES = 40
PACED_PLAYS = 10  # plays at the game's own pace, after its deal (Recorder.at_game_pace)


def _layout(scene: TableScene) -> GolfLayout:
    """The Golf layout of a table of Golf."""
    rules = scene.rules
    assert isinstance(rules, GolfRules)
    return rules.layout


def play(
    scene: TableScene, rec: Recorder, limit: int, phase_plays: str = "plays", phase_draws: str = "draws"
) -> tuple[int, int]:
    """Tap playable cards (else the stock) like a player, up to `limit` plays; (plays, draws)."""
    game = scene.game
    plays = draws = 0
    while plays < limit and game.status == "playing":
        moves = game.legal_moves()
        col = next((m.column for m in moves if m.column is not None), None)  # a play, not the draw
        if col is not None:
            pile = game.columns[col]
            click(_layout(scene).card_rect(col, len(pile) - 1, len(pile)).center)
            plays += 1
            rec.until_still(phase_plays)
        elif any(m.is_draw for m in moves):
            click(_layout(scene).stock.center)
            draws += 1
            rec.until_still(phase_draws)
        else:
            break
    return plays, draws


#: The deal every run starts with, and each start-up measure (cli.START_SCRIPT).
FIRST_CODE = "GO1-E-AAAAAAC"


def run_golf(size: tuple[int, int], idle_seconds: float) -> dict:
    app = new_app(size)
    game = GolfGame.from_code(FIRST_CODE)
    scene = open_table(app.ctx, game)
    app.replace(scene)
    start = first_frame(app)
    rec = Recorder(app)
    rec.deal(scene)
    plays, draws = play(scene, rec, 30)
    for _ in range(3):
        if game.stock and game.status == "playing":
            click(_layout(scene).stock.center)
            draws += 1
            rec.until_still("draws")
    while app.stack[-1] is not scene:  # a blocked or won panel: close it with its undo
        undo()
        rec.until_still("undos")
    for _ in range(10):
        undo()
        rec.until_still("undos")
    col = next((i for i, c in enumerate(game.columns) if c), 0)
    pile = game.columns[col]
    drag(rec, "drag", _layout(scene).card_rect(col, len(pile) - 1, len(pile)).center, _layout(scene).waste.center, 30)
    at_game_pace(
        app,
        rec,
        open_table(app.ctx, GolfGame.from_code(FIRST_CODE)),
        lambda table: play(table, rec, PACED_PLAYS),
    )
    deal = deals.make_game("golf-classic", deals.listed("golf-classic")[3])
    assist = assist_phases(app, rec, open_table(app.ctx, deal))
    # a long session: game after game; the memory in use must not grow
    rng = random.Random(7)
    session_mem = []
    for _ in range(SESSION_GAMES):
        table = open_table(app.ctx, GolfGame.new("easy", rng=rng))
        app.replace(table)
        rec.until_still("session")
        play(table, rec, 35, "session", "session")
        if app.stack[-1] is not table:  # the end panel: N leaves it for the next game
            app.apply(
                app.stack[-1].handle_event(
                    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0)
                )
            )
            rec.until_still("session")
        session_mem.append(rec.game_mib())
    return finish(app, rec, idle_seconds, session_mem, {"plays": plays, "draws": draws, **start, **assist})
