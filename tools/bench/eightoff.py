"""The Eight Off part of `python -m tools.bench`: a scripted player at the table, through posted events.

The player taps cards up to the foundations, drags cards and runs between columns and cells, double
taps, undoes, drags a whole run, wins a nearly finished game (the celebration), then plays a long
session of deals while the memory in use is sampled.
"""

from __future__ import annotations

import random

import pygame

from game.model.eightoff import EightOffGame
from game.model.moves import EightOffMove, Pile, PileKind
from game.scenes.eightoff_table import EightOffRules
from game.scenes.table import TableScene
from game.scenes.tables import open_table
from game.solver import deals
from game.view.eightoff_layout import EightOffLayout

from .harness import Recorder, assist_phases, at_game_pace, click, drag, finish, first_frame, new_app, undo

SESSION_GAMES = 30
MOVES_PER_GAME = 40
PACED_MOVES = 10  # moves at the game's own pace, after its deal (Recorder.at_game_pace)


def _layout(scene: TableScene) -> EightOffLayout:
    """The Eight Off layout of a table of Eight Off."""
    rules = scene.rules
    assert isinstance(rules, EightOffRules)
    return rules.layout


def _game(scene: TableScene) -> EightOffGame:
    """The Eight Off game of a table of Eight Off."""
    rules = scene.rules
    assert isinstance(rules, EightOffRules)
    return rules.game


def _strip_point(scene: TableScene, loc: Pile, count: int) -> tuple[int, int]:
    """A point on the card a player would press to take `count` cards from loc."""
    kind, i = loc.kind, loc.index
    lay = _layout(scene)
    if kind is PileKind.COLUMN:
        pile = scene.game.columns[i]
        rect = lay.card_rect(i, len(pile) - count, len(pile))
        return rect.centerx, rect.top + max(4, min(lay.step(len(pile)), rect.height) // 2)
    return lay.slot_rect(loc).center


def _drop_point(scene: TableScene, dst: Pile, grab: tuple[int, int], src_rect: pygame.Rect) -> tuple[int, int]:
    kind, i = dst.kind, dst.index
    lay = _layout(scene)
    if kind is PileKind.COLUMN and scene.game.columns[i]:
        pile = scene.game.columns[i]
        target = lay.card_rect(i, len(pile) - 1, len(pile)).move(0, lay.step(len(pile) + 1))
    else:
        target = lay.slot_rect(dst)
    return grab[0] + target.x - src_rect.x, grab[1] + target.y - src_rect.y


def drag_move(scene: TableScene, rec: Recorder, move: EightOffMove, phase: str, steps: int = 12) -> None:
    src, dst, count = move.src, move.dst, move.count
    a = _strip_point(scene, src, count)
    if src.kind is PileKind.COLUMN:
        pile = scene.game.columns[src.index]
        src_rect = _layout(scene).card_rect(src.index, len(pile) - count, len(pile))
    else:
        src_rect = _layout(scene).slot_rect(src)
    drag(rec, phase, a, _drop_point(scene, dst, a, src_rect), steps)


def play(
    scene: TableScene,
    rec: Recorder,
    limit: int,
    rng: random.Random,
    phases: tuple[str, str, str] = ("taps", "drags", "double taps"),
) -> int:
    """Foundation moves by tap, column moves by drag, the rest by double tap; no move repeated."""
    game = _game(scene)
    done: set = set()
    n = 0
    while n < limit and game.status == "playing":
        moves = [
            m
            for m in game.legal_moves()
            if m.src.kind is not PileKind.FOUNDATION and (str(game.pile(m.src)[-m.count]), m.dst) not in done
        ]
        if not moves:
            break
        moves.sort(
            key=lambda m: (
                m.dst.kind is not PileKind.FOUNDATION,
                m.dst.kind is not PileKind.COLUMN,
                -m.count,
                rng.random(),
            )
        )
        move = moves[0]
        src, dst, count = move.src, move.dst, move.count
        done.add((str(game.pile(src)[-count]), dst))
        if dst.kind is PileKind.FOUNDATION:
            click(_strip_point(scene, src, 1))
            rec.until_still(phases[0])
        elif dst.kind is PileKind.COLUMN:
            drag_move(scene, rec, move, phases[1])
        else:
            p = _strip_point(scene, src, 1)
            click(p)
            rec.frames(phases[2], 2)
            click(p)
            rec.until_still(phases[2])
        n += 1
    return n


def _run_to_move() -> EightOffGame:
    """A run of four spades (9 to 6) to drag across the table onto the ten, with every cell free:
    what a player moves as one group. The other cards are home but the spades' top."""
    foundations = [[r + "S" for r in "A2345"]] + [[r + s for r in "A23456789TJQK"] for s in "HDC"]
    columns = [["KS", "9S", "8S", "7S", "6S"], [], [], [], [], [], ["QS", "JS", "TS"], []]
    return EightOffGame.from_layout(columns, [None] * 8, foundations)


def _near_win() -> EightOffGame:
    """Every card home but the four Kings, which sit in columns: four taps win."""
    ranks = "A23456789TJQ"
    foundations = [[r + s for r in ranks] for s in "SHDC"]
    columns = [["K" + s] for s in "SHDC"] + [[], [], [], []]
    return EightOffGame.from_layout(columns, [None] * 8, foundations)


#: The deal every run starts with, and each start-up measure (cli.START_SCRIPT).
FIRST_CODE = "EO1-C8-AAAAAFA"


def run_eightoff(size: tuple[int, int], idle_seconds: float) -> dict:
    app = new_app(size)
    scene = open_table(app.ctx, EightOffGame.from_code(FIRST_CODE))
    app.replace(scene)
    start = first_frame(app)
    rec = Recorder(app)
    rec.deal(scene)
    rng = random.Random(11)
    moves = play(scene, rec, 30, rng)
    for _ in range(8):
        undo()
        rec.until_still("undos")
    # a run dragged as one (the deal above, once played and undone, has none to move)
    runs = open_table(app.ctx, _run_to_move())
    app.replace(runs)
    rec.deal(runs)
    drag_move(runs, rec, EightOffMove(Pile.column(0), Pile.column(6), 4), "group drag", steps=30)
    if len(runs.game.columns[6]) != 7:
        raise RuntimeError("the group drag did not land: the bench's drag missed its column")
    at_game_pace(
        app,
        rec,
        open_table(app.ctx, EightOffGame.from_code(FIRST_CODE)),
        lambda table: play(table, rec, PACED_MOVES, random.Random(11)),
    )
    deal = deals.make_game("eightoff-8", deals.listed("eightoff-8")[3])
    assist = assist_phases(app, rec, open_table(app.ctx, deal))
    win = open_table(app.ctx, _near_win())
    app.replace(win)
    rec.until_still("win")
    for s in "SHDC":
        col = next(i for i, c in enumerate(win.game.columns) if c and str(c[-1]) == "K" + s)
        click(_strip_point(win, Pile.column(col), 1))
        rec.until_still("win")
    rec.until_still("win", limit=2400)  # the celebration
    del scene, runs, win  # as in the game, a finished table is gone once the next one replaces it
    session_mem = []
    for _ in range(SESSION_GAMES):
        table = open_table(app.ctx, EightOffGame.new(cells=rng.choice((8, 4, 2)), rng=rng))
        app.replace(table)
        rec.until_still("session")
        play(table, rec, MOVES_PER_GAME, rng, ("session",) * 3)
        session_mem.append(rec.game_mib())
    return finish(app, rec, idle_seconds, session_mem, {"moves": moves, **start, **assist})
