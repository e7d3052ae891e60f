"""A dead end at the table (no move left that changes the game): after a few quiet seconds the band's
Undo and Hint draw the eye with a breathing glow, and nothing else is said or shown. Played with
posted events on a simulated clock."""

from __future__ import annotations

import pygame
import pytest
from conftest import FRAME, click, key, run_frames, settle, touch_tap
from helpers.tables import card_point, eo

from game.model.golf import GolfGame
from game.scenes.dead_end import DELAY
from game.scenes.dialog import shows
from game.scenes.end_overlay import SHOW_TABLE
from game.scenes.end_screen import BlockedPanel
from game.scenes.seat import Seat
from game.scenes.tables import open_table

#: every free cell full; the Ace of spades the only card that may move (to its foundation), and once
#: it has, nothing moves (tests/model/test_dead_end.py)
CELLS = ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"]
COLUMNS = [["KH", "AS"], ["2S", "QC"], ["JS", "9C"], ["7C"], ["5H"], ["3C"], ["KD"], ["8H"]]


def seconds(app, s: float) -> None:
    run_frames(app, round(s / FRAME))


def pulsing(scene) -> set[str]:
    """The band's buttons that pulse now, by label."""
    return {b.label for b in scene.pulse.buttons()}


def stuck(table, size=(800, 480), **settings):
    """An Eight Off table brought to a dead end by a tap (the Ace home): (app, scene)."""
    app, scene = table(eo(COLUMNS, CELLS), size, **{"show_timer": False, **settings})
    click(app, card_point(scene, "AS"))
    settle(app)
    assert scene.game.moves == 1 and scene.game.legal_moves() == []
    return app, scene


# -- when it starts --------------------------------------------------------------------------------
def test_the_pulse_starts_after_the_quiet_delay_and_not_before(table):
    app, scene = stuck(table)
    seconds(app, DELAY - 0.3)
    assert pulsing(scene) == set()
    seconds(app, 0.5)
    assert pulsing(scene) == {"Undo", "Hint"}
    assert not scene.toast.active  # no defeat message in Eight Off: only the pulse


def test_no_pulse_while_a_move_is_left(table):
    app, scene = table(eo(COLUMNS, CELLS))
    seconds(app, DELAY + 2)
    assert pulsing(scene) == set()


def test_it_breathes_repainting_only_the_two_buttons_a_few_times_a_second(table):
    app, scene = stuck(table)
    seconds(app, DELAY + 0.2)
    assert pulsing(scene)
    drawn: list[list[pygame.Rect]] = []
    draw = scene.draw

    def recording(surface):
        rects = draw(surface)
        drawn.append(rects)
        return rects

    scene.draw = recording
    seconds(app, 2.4)
    assert drawn and all(rects is not None for rects in drawn)  # never the whole screen
    painted = [r for rects in drawn for r in rects]
    assert painted  # it changes
    glows = [scene.hud.button_for(scene.undo).rect, scene.hud.button_for(scene.hint).rect]
    band = scene.hud.rect
    for r in painted:  # the two buttons alone: no neighbour, no card
        assert r in glows and band.contains(r), r
    assert len(drawn) <= 2.4 * 12 + 2  # some ten new looks a second, not a frame rate's worth


def test_it_asks_for_no_frame_rate_of_its_own(table):
    """Each new look is drawn in the frame that made it: between them the app may sleep."""
    app, scene = stuck(table)
    seconds(app, DELAY + 0.2)
    busy = 0
    for _ in range(60):
        run_frames(app)
        busy += scene.is_animating()
    assert pulsing(scene) and busy == 0


# -- what stops it ---------------------------------------------------------------------------------
def test_a_touch_stops_it_and_quiet_brings_it_back(table):
    app, scene = stuck(table)
    seconds(app, DELAY + 0.5)
    assert pulsing(scene)
    felt = (scene.size[0] // 2, scene.size[1] - 10)
    touch_tap(app, felt)
    assert pulsing(scene) == set()
    seconds(app, DELAY - 0.5)
    assert pulsing(scene) == set()
    seconds(app, 1.0)
    assert pulsing(scene) == {"Undo", "Hint"}


def test_a_key_stops_it(table):
    app, scene = stuck(table)
    seconds(app, DELAY + 0.5)
    key(app, pygame.K_TAB)
    assert pulsing(scene) == set()


def test_undo_stops_it_for_good_once_a_move_is_legal_again(table):
    app, scene = stuck(table)
    seconds(app, DELAY + 0.5)
    click(app, scene.hud.button_for(scene.undo).rect.center)
    settle(app)
    assert not scene.game.can_undo and scene.game.legal_moves()
    assert pulsing(scene) == set()
    seconds(app, DELAY + 2)
    assert pulsing(scene) == set()


def test_a_rewind_by_the_table_itself_stops_it(table):
    app, scene = stuck(table)
    seconds(app, DELAY + 0.5)
    scene.assist.rewind(1)  # "Go back there" undoes by itself, with no input
    settle(app)
    assert scene.game.legal_moves() and pulsing(scene) == set()


# -- which buttons, and where ----------------------------------------------------------------------
def test_with_nothing_to_undo_hint_pulses_alone(table):
    game = eo(COLUMNS, CELLS)
    game.move(game.legal_moves()[0].src, game.legal_moves()[0].dst)
    app, scene = table(type(game).from_layout(game.columns, game.cells, game.foundations))
    assert not scene.game.can_undo
    seconds(app, DELAY + 0.5)
    assert pulsing(scene) == {"Hint"}


@pytest.mark.parametrize("seat", [Seat.WATCHED, Seat.ATTRACT])
def test_no_pulse_in_a_deal_only_watched(table, seat):
    app, scene = stuck(table)
    scene.seat = seat  # a demo's table: nobody at it to be taught
    seconds(app, DELAY + 2)
    assert pulsing(scene) == set()


def test_no_pulse_under_a_dialog(table):
    app, scene = stuck(table)
    key(app, pygame.K_n)  # New game asks first (a game under way would count as abandoned)
    assert app.top is not scene
    seconds(app, DELAY + 2)
    assert pulsing(scene) == set()


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_a_kiosk_pulses_too(table, make_app, size):
    app = make_app(size=size, kiosk=True)
    scene = open_table(app.ctx, eo(COLUMNS, CELLS))
    app.replace(scene)
    settle(app)
    seconds(app, 0.5)
    touch_tap(app, card_point(scene, "AS"))
    settle(app)
    assert scene.game.legal_moves() == []
    seconds(app, DELAY + 0.5)
    assert pulsing(scene) == {"Undo", "Hint"}


# -- Golf ------------------------------------------------------------------------------------------
def blocked_golf(make_app):
    """A Golf table blocked by its last draw, its panel up: (app, scene)."""
    app = make_app(size=(800, 480))
    scene = open_table(app.ctx, GolfGame.from_layout([["5C"], [], [], [], [], [], []], ["9H"], ["KS"], rule="classic"))
    app.replace(scene)
    settle(app)
    seconds(app, 0.5)
    click(app, scene.layout.stock.center)
    settle(app)
    seconds(app, 1.0)
    assert scene.game.status == "blocked" and shows(app.top, BlockedPanel)
    return app, scene


def test_golf_says_its_dead_end_with_its_panel_and_does_not_pulse_under_it(make_app):
    app, scene = blocked_golf(make_app)
    seconds(app, DELAY + 2)
    assert pulsing(scene) == set()


def test_no_pulse_while_show_the_table_keeps_the_panel_away(make_app):
    """The panel is only faded: a tap anywhere, on the band too, brings it back (and its Undo) rather
    than pressing what it lands on, so the band's Undo is not the one to light up."""
    app, scene = blocked_golf(make_app)
    panel = app.top
    click(app, next(b for b in panel.buttons if b.label == SHOW_TABLE).rect.center)
    seconds(app, DELAY + 2)
    assert panel.peek == 1.0 and app.top is panel
    assert pulsing(scene) == set()


def test_a_blocked_golf_table_without_its_panel_pulses_undo_alone(make_app):
    app, scene = blocked_golf(make_app)
    app.stack.pop()  # (no way out of the panel leaves the game blocked today; were there one)
    app.top.invalidate(None)
    seconds(app, DELAY + 0.5)
    assert pulsing(scene) == {"Undo"}  # Hint has nothing to say of a blocked deal
