"""Hints, the demo and attract mode played through the app: a table opened as a resumed game, frames
run until something shows, a band's button by its label, and a Golf game blocked after the win was
lost."""

from __future__ import annotations

from conftest import FRAME, between_frames, run_frames

from game.model.golf import GolfGame
from game.model.moves import GolfMove
from game.solver import deals, solve
from game.solver.analysis import analyse
from game.solver.moves import apply_move

#: The saved game's meta of a table resumed with nothing counted yet.
RESUMED = {"undos": 0, "duration": 0.0, "started": ""}


def run_until(app, done, frames: int = 100_000) -> int:
    """Frames of 1/60 s until done() (a bound, not a measure); returns frames run."""
    n = 0
    while not done() and n < frames:
        between_frames(app)
        app.step_frame(FRAME)
        n += 1
    return n


def button(scene, label: str):
    """The button of the table's band labelled `label`."""
    return next(b for b in scene.buttons if b.label == label)


def table_with(make_app, game, size=(1280, 720)):
    """A new app showing `game` at its table, resumed, past the first 0.3 s; (app, table)."""
    app = make_app(size=size)
    app.replace(app.ctx.scenes.table(game, dict(RESUMED)))
    run_frames(app, 30)  # past the first 0.3 s in which a table takes no press
    return app, app.stack[0]


def blocked_golf() -> GolfGame:
    """A winnable deal played half along a winning line, then carelessly until it blocks."""
    for number in deals.listed("golf-easy")[:50]:
        game = GolfGame.new("easy", number)
        line = list(solve(game).moves)
        for move in line[: len(line) // 2]:
            apply_move(game, move)
        while game.status == "playing":
            legal = game.legal_moves()
            apply_move(game, GolfMove.DRAW if GolfMove.DRAW in legal else legal[0])
        if game.status == "blocked" and analyse(game, 500_000).last_winnable is not None:
            return game
    raise AssertionError("no such deal among the first 50")
