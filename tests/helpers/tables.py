"""Tables set up and played by posted input, and what they show: a Golf table and a player's taps on
it, Eight Off positions by card names and points on their cards, finger events with SDL's mouse
copies, where the cards lie against the model, and the card faces a table loads."""

from __future__ import annotations

import pygame
from conftest import click, settle

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes.eightoff_table import EightOffRules
from game.scenes.golf_table import GolfRules
from game.scenes.table import TableScene
from game.scenes.tables import open_table
from game.view.card_images import CardImages


# -- which table -----------------------------------------------------------------------------------
def is_golf(scene) -> bool:
    """Whether `scene` is a table playing Golf (a single deal, not a hole of a round)."""
    return isinstance(scene, TableScene) and isinstance(scene.rules, GolfRules) and scene.round_play is None


def is_round(scene) -> bool:
    """Whether `scene` is a table playing a hole of a round of golf."""
    return isinstance(scene, TableScene) and scene.round_play is not None


def is_eightoff(scene) -> bool:
    """Whether `scene` is a table playing Eight Off."""
    return isinstance(scene, TableScene) and isinstance(scene.rules, EightOffRules)


# -- Golf ----------------------------------------------------------------------------------------
def play_some(app, scene, actions: int) -> None:
    """Tap playable cards (or the stock) like a player, `actions` times."""
    game = scene.game
    for _ in range(actions):
        moves = game.legal_moves()
        col = next((m.column for m in moves if not m.is_draw), None)
        if col is not None:
            pile = game.columns[col]
            click(app, scene.layout.card_rect(col, len(pile) - 1, len(pile)).center)
        else:
            click(app, scene.layout.stock.center)
        settle(app)


def golf_table(app, code: str = "GO1-E-AAAAAFA") -> TableScene:
    """A Golf table of the deal `code` in place of what the app shows, dealt and at rest."""
    app.replace(app.ctx.scenes.table(GolfGame.from_code(code)))
    settle(app)
    return app.top


def winnable_layout() -> GolfGame:
    """Won in two plays from column 0: 6H on the 7S, then 5D."""
    return GolfGame.from_layout([["5D", "6H"], [], [], [], [], [], []], ["7S"], ["2C"])


def win(app, game):
    """Open `game` (winnable_layout) at a Golf table and win it with two taps; the table."""
    scene = open_table(app.ctx, game)
    app.replace(scene)
    settle(app)
    for _ in range(2):
        pile = game.columns[0]
        click(app, scene.layout.card_rect(0, len(pile) - 1, len(pile)).center)
        settle(app)
    return scene


def free_card_center(scene, column):
    """The centre of a column's free card (the one on top)."""
    pile = scene.game.columns[column]
    return scene.layout.card_rect(column, len(pile) - 1, len(pile)).center


# -- Eight Off -----------------------------------------------------------------------------------
RANKS = "A23456789TJQK"


def eo(columns, cells=(), foundations=None, n=8):
    """An Eight Off position: columns by card names (the rest empty), `cells` then free cells up to n."""
    cols = [list(c) for c in columns] + [[] for _ in range(8 - len(columns))]
    return EightOffGame.from_layout(cols, list(cells) + [None] * (n - len(cells)), foundations)


def suit_up_to(suit: str, rank: int) -> list[str]:
    """A foundation pile: the Ace of `suit` up to rank `rank`."""
    return [RANKS[r] + suit for r in range(rank)]


def card_point(scene, card: str) -> tuple[int, int]:
    """A point on the visible part of a card (its top strip, or the middle of a top card)."""
    board = scene.board
    sprite = next(s for c, s in board.sprites.items() if str(c) == card)
    rect = board.sprite_rect(sprite)
    return rect.centerx, rect.top + max(4, scene.layout.step(19) // 2)


def onto(scene, card: str, dst: pygame.Rect, down: int = 0) -> tuple[tuple[int, int], tuple[int, int]]:
    """Drag endpoints that put `card`'s top-left on dst's top-left (+down px)."""
    a = card_point(scene, card)
    sprite = next(s for c, s in scene.board.sprites.items() if str(c) == card)
    rect = scene.board.sprite_rect(sprite)
    return a, (a[0] + dst.x - rect.x, a[1] + dst.y + down - rect.y)


def columns(scene):
    """The table's columns by card names."""
    return [[str(c) for c in col] for col in scene.game.columns]


# -- fingers ---------------------------------------------------------------------------------------
def finger(app, kind, pos, finger_id=0):
    """Post a finger event of `kind` at the window point `pos` (normalised as SDL sends it)."""
    w, h = app.size
    pygame.event.post(
        pygame.event.Event(
            kind,
            touch_id=1,
            finger_id=finger_id,
            x=(pos[0] + 0.5) / w,
            y=(pos[1] + 0.5) / h,
            dx=0.0,
            dy=0.0,
            pressure=1.0,
        )
    )


def with_mouse_copy(app, kind, pos):
    """A finger event as SDL 2 queues it: first the mouse copy it makes (marked touch=True; a motion
    to the spot before a press), then the finger's own event."""
    if kind == pygame.FINGERDOWN:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=True))
    mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP}[kind]
    pygame.event.post(pygame.event.Event(mouse, pos=pos, button=1, touch=True))
    finger(app, kind, pos)


# -- what a table shows ---------------------------------------------------------------------------
def cards_where_the_model_says(scene) -> bool:
    """Every card has a sprite, and every sprite lies where the model puts its card (within a pixel)."""
    targets = scene.targets()
    sprites = scene.board.sprites
    return set(targets) == set(sprites) and all(
        abs(sprites[c].pos[0] - t.pos[0]) < 1 and abs(sprites[c].pos[1] - t.pos[1]) < 1 for c, t in targets.items()
    )


def counting_loads(images: CardImages) -> list[str]:
    """The faces the images make from now on (from the PNG, or from the disk's face cache), by
    card code."""
    loads: list[str] = []
    make = images._scaled_image

    def counted(code, width, four_colour):
        loads.append(code)
        return make(code, width, four_colour)

    images._scaled_image = counted  # type: ignore[method-assign]
    return loads
