"""The deal (game/scenes/table_deal.py): every card waits for its flight face down where the deal
starts (the stock, Eight Off's pack) and turns over on its way; a card's face never shows before
it has left."""

from __future__ import annotations

import pytest
from conftest import FRAME

from game.scenes.dealing import make_game
from game.scenes.tables import open_table


def showing_face(sprite) -> bool:
    """Whether the board draws the card's face now (board_paint's _image: the old side until half
    way through a turn)."""
    return sprite.face_up if sprite.turn >= 0.5 else not sprite.face_up


@pytest.mark.parametrize("kind", ["golf-easy", "golf-easy+z", "golf-classic+j2", "eightoff-8", "eightoff-2"])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_cards_wait_for_their_flight_face_down(make_app, kind, size):
    app = make_app(size=size)
    scene = open_table(app.ctx, make_game(kind, 17))
    app.replace(scene)
    start = {card: t.pos for card, t in scene.rules.deal_start().items()}
    ends = scene.targets()
    waited = 0
    for _ in range(int(3 / FRAME)):
        app.step_frame(FRAME)
        for card, sprite in scene.board.sprites.items():
            if sprite.pos == start[card] and ends[card].pos != start[card]:  # waiting for its flight
                waited += 1
                assert not showing_face(sprite), (card, sprite.pos)
        if not scene.dealing:
            break
    assert waited and not scene.dealing
    assert all(showing_face(s) == ends[c].face_up for c, s in scene.board.sprites.items())  # landed right side up
