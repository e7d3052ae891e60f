"""The Golf table driven as a player would: real mouse and touch events at the layout's positions."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from conftest import Player
from helpers.tables import free_card_center, is_golf

from game.app import App
from game.model.cards import Card
from game.model.golf import GolfGame
from game.scenes.analysis_overlay import AnalysisPanel
from game.scenes.dialog import Confirm, shows
from game.scenes.end_screen import BlockedPanel, WinPanel
from game.scenes.tables import open_table
from game.settings import Settings

FRAME = 1 / 60


def covered_card_point(scene, column):
    pile = scene.game.columns[column]
    r = scene.layout.card_rect(column, 0, len(pile))
    return (r.centerx, r.top + 4)


def simple_game(**kw) -> GolfGame:
    """Column 0 ends with 6H (fits the 5S waste), column 1 ends with 9C (does not fit)."""
    cols = [["KD", "6H"], ["2D", "9C"], ["QS"], ["TD"], ["JC"], ["3H"], ["8S"]]
    return GolfGame.from_layout(cols, ["5S"], ["AH", "4C"], **kw)


def test_tap_plays_a_fitting_card_to_the_waste(make_player):
    p = make_player(simple_game())
    scene = p.scene
    p.click(free_card_center(scene, 0))
    assert [str(c) for c in scene.game.waste] == ["5S", "6H"]
    assert scene.game.score == 10
    sprite = scene.board.sprites[scene.game.waste[-1]]
    assert sprite.pos == scene.layout.waste.topleft


def test_touch_tap_plays_once(make_player):
    p = make_player(simple_game())
    p.touch(free_card_center(p.scene, 0))
    assert p.scene.game.moves == 1 and str(p.scene.game.waste[-1]) == "6H"


def test_refused_tap_explains_rank_and_shakes(make_player):
    p = make_player(simple_game())
    scene = p.scene
    p.post(pygame.MOUSEBUTTONDOWN, pos=free_card_center(scene, 1), button=1)
    p.post(pygame.MOUSEBUTTONUP, pos=free_card_center(scene, 1), button=1)
    p.frames(2)
    assert scene.toast.active and scene.toast.message == "It must be one rank higher or lower"
    assert scene.board.sprites[scene.game.columns[1][-1]].shake > 0
    assert scene.game.moves == 0


def test_refused_tap_on_covered_card_says_blocked(make_player):
    p = make_player(simple_game())
    p.click(covered_card_point(p.scene, 1), settle=2)
    assert p.scene.toast.message == "This card is blocked"
    assert p.scene.game.moves == 0


def test_interactive_rules_off_refuses_silently(make_player):
    p = make_player(simple_game(), interactive_rules=False)
    p.click(free_card_center(p.scene, 1), settle=2)
    assert not p.scene.toast.active
    assert p.scene.game.moves == 0


def test_stock_tap_draws_and_undo_restores(make_player):
    p = make_player(simple_game())
    scene = p.scene
    p.click(scene.layout.stock.center)
    assert str(scene.game.waste[-1]) == "4C" and len(scene.game.stock) == 1
    assert scene.board.sprites[scene.game.waste[-1]].face_up
    p.key(pygame.K_z, pygame.KMOD_CTRL)
    assert str(scene.game.waste[-1]) == "5S" and len(scene.game.stock) == 2
    assert scene.board.sprites[scene.game.stock[-1]].pos == scene.layout.stock_pos(1)


def test_undo_button_takes_back_a_play(make_player):
    p = make_player(simple_game())
    scene = p.scene
    p.click(free_card_center(scene, 0))
    undo = scene.hud.button_for(scene.undo)  # a word or an icon, as the band has room
    p.click(undo.rect.center)
    assert scene.game.score == 0 and str(scene.game.columns[0][-1]) == "6H"
    assert scene.board.sprites[scene.game.columns[0][-1]].pos == scene.layout.card_rect(0, 1, 2).topleft


def test_drag_to_waste_plays_and_elsewhere_flies_back(make_player):
    p = make_player(simple_game())
    scene = p.scene
    start = free_card_center(scene, 0)
    card = scene.game.columns[0][-1]
    p.drag(start, (start[0] + 5, scene.size[1] // 2 + 30))  # nowhere: back it goes
    assert scene.game.moves == 0
    assert scene.board.sprites[card].pos == scene.layout.card_rect(0, 1, 2).topleft
    p.drag(start, scene.layout.waste.center)
    assert scene.game.waste[-1] == card and scene.game.moves == 1


def test_drag_of_unfitting_card_to_waste_is_refused_with_reason(make_player):
    p = make_player(simple_game())
    scene = p.scene
    card = scene.game.columns[1][-1]
    p.drag(free_card_center(scene, 1), scene.layout.waste.center, settle=2)
    assert scene.game.moves == 0 and scene.toast.message == "It must be one rank higher or lower"
    p.frames(60)
    assert scene.board.sprites[card].pos == scene.layout.card_rect(1, 1, 2).topleft


def test_blocked_game_shows_panel_and_its_undo_reopens_play(make_player):
    game = GolfGame.from_layout([["KD", "6H"], ["9C"], [], [], [], [], []], ["5S"], [])
    p = make_player(game)
    p.click(free_card_center(p.scene, 0))
    assert game.status == "blocked"
    p.frames(60)  # the panel waits up to a second for the solver's word on where the win was lost
    overlay = p.scene
    assert shows(overlay, BlockedPanel)
    undo = next(b for b in overlay.buttons if b.label == "Undo")
    p.click(undo.rect.center)
    assert is_golf(p.scene) and game.status == "playing" and game.score == 0


def test_win_shows_end_screen_with_celebration(make_player):
    game = GolfGame.from_layout([["6H"], [], [], [], [], [], []], ["5S"], ["2C"])
    p = make_player(game)
    p.click(free_card_center(p.scene, 0), settle=90)
    assert game.status == "won"
    assert shows(p.scene, WinPanel)
    p.frames(60)
    assert p.scene.content.flying and p.scene.content.bare  # cards are cascading, no panel over them yet
    p.click((5, p.app.size[1] - 5))  # a press: the panel at once
    new = next(b for b in p.scene.buttons if b.label == "New game")
    p.click(new.rect.center)
    assert is_golf(p.scene) and p.scene.game is not game


def test_tap_during_the_deal_skips_it(make_player, tmp_path):
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    app = App(size=(800, 480), fullscreen=False, settings=Settings(), settings_path=tmp_path / "s.json")
    app.replace(open_table(app.ctx, game))
    p = Player(app)
    p.frames(5)
    assert p.scene.dealing
    p.click((799, 479), settle=1)  # bare table
    assert not p.scene.dealing
    card = game.columns[6][-1]
    assert p.scene.board.sprites[card].pos == p.scene.layout.card_rect(6, 4, 5).topleft
    assert game.moves == 0
    app.close()


def test_deal_code_button_copies_the_code(make_player):
    p = make_player(GolfGame.from_code("GO1-C-AAAAAFA"))
    p.click(p.scene.code_button.rect.center, settle=2)
    assert p.scene.ctx.clipboard_get() == "GO1-C-AAAAAFA"
    assert p.scene.toast.message == "Deal code copied"


def test_new_game_key_deals_same_rule(make_player):
    p = make_player(GolfGame.from_code("GO1-C-AAAAAFA"))
    old = p.scene
    p.key(pygame.K_n)
    assert is_golf(p.scene) and p.scene is not old
    assert p.scene.game.rule == "classic" and p.scene.game.code != old.game.code


def test_the_playable_cards_light_up_as_the_played_card_lands(make_player):
    game = GolfGame.from_layout([["KD", "6H"], ["2D", "7C"], ["QS"], ["TD"], ["JC"], ["3H"], ["8S"]], ["5S"], ["AH"])
    p = make_player(game)
    sprites = p.scene.board.sprites
    six, seven = (Card.parse(c) for c in ("6H", "7C"))
    assert sprites[six].glow and not sprites[seven].glow
    p.click(free_card_center(p.scene, 0), settle=1)  # 6H is played: 7C fits it now
    assert list(p.scene.game.waste)[-1] == six
    assert not sprites[six].glow  # the flying card loses its glow at once
    assert not sprites[seven].glow  # the move's frame repaints no other card
    p.frames(60)
    assert sprites[seven].glow and not sprites[six].glow


def test_playable_cards_glow_only_when_the_setting_is_on(make_player):
    p = make_player(simple_game())
    six = p.scene.game.columns[0][-1]
    assert p.scene.board.sprites[six].glow
    assert not p.scene.board.sprites[p.scene.game.columns[1][-1]].glow
    q = make_player(simple_game(), highlight_playable=False)
    assert not q.scene.board.sprites[six].glow


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080), (3840, 2160)])
def test_layout_keeps_cards_on_screen_and_legible(size):
    from game.view.golf_layout import GolfLayout

    layout = GolfLayout(size)
    screen = pygame.Rect((0, 0), size)
    for r in [*layout.columns, layout.stock, layout.waste]:
        assert screen.contains(r)
    assert screen.contains(layout.card_rect(6, 4, 5))
    # the corner index is about a fifth of the card height: at least 14 px at 800x480
    assert layout.card_h * 0.2 >= 14
    assert not layout.card_rect(0, 4, 5).colliderect(layout.stock)


def test_a_second_press_mid_drag_sends_the_dragged_card_home(make_player):
    p = make_player(simple_game())
    scene = p.scene
    start = free_card_center(scene, 0)
    card = scene.game.columns[0][-1]
    p.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    p.frames(1)
    p.post(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] + 60), rel=(0, 0), buttons=(1, 0, 0))
    p.frames(1)
    assert scene.board.sprites[card].dragging
    p.click((5, scene.size[1] - 5))  # another press and release on the bare table
    assert not scene.board.sprites[card].dragging
    assert scene.board.sprites[card].pos == scene.layout.card_rect(0, 1, 2).topleft


def test_resizing_the_window_moves_every_card_to_the_new_layout(make_player):
    p = make_player(simple_game())
    p.app._resized((1280, 720))
    p.frames(5)
    scene = p.scene
    assert scene.layout.size == (1280, 720)
    for card, target in scene.targets().items():
        assert scene.board.sprites[card].pos == target.pos
    p.click(free_card_center(scene, 0))
    assert scene.game.moves == 1


def test_a_tap_on_the_stock_during_the_deal_only_finishes_it(make_player, tmp_path):
    # an impatient tap skips the deal; it does not also draw (the next tap does)
    game = GolfGame.from_code("GO1-E-AAAAAFA")
    app = App(size=(800, 480), fullscreen=False, settings=Settings(), settings_path=tmp_path / "s.json")
    app.replace(open_table(app.ctx, game))
    p = Player(app)
    p.frames(30)
    p.click(p.scene.layout.stock.center, settle=30)
    assert not p.scene.dealing and game.moves == 0 and len(game.stock) == 16
    p.click(p.scene.layout.stock.center, settle=30)
    assert game.moves == 1 and len(game.stock) == 15
    app.close()


def test_a_won_game_is_final_on_the_table(make_player):
    game = GolfGame.from_layout([["6H"], [], [], [], [], [], []], ["5S"], ["2C"])
    p = make_player(game)
    p.click(free_card_center(p.scene, 0), settle=90)
    p.key(pygame.K_z, pygame.KMOD_CTRL)
    assert game.status == "won" and shows(p.scene, WinPanel)


def test_animations_off_means_no_celebration(make_player):
    game = GolfGame.from_layout([["6H"], [], [], [], [], [], []], ["5S"], ["2C"])
    p = make_player(game, animation_speed="off")
    p.click(free_card_center(p.scene, 0), settle=90)
    assert shows(p.scene, WinPanel)
    assert not p.scene.content.flying and not p.scene.content.queue and not p.scene.content.celebrating()


def test_blocked_panel_leaves_the_remaining_cards_visible(make_player):
    game = GolfGame.from_layout([["KD", "6H"], ["9C", "2S"], ["QH"], [], ["3D"], [], ["JS"]], ["5S"], [])
    p = make_player(game)
    p.click(free_card_center(p.scene, 0))
    p.frames(60)  # the panel waits up to a second for the solver's word on where the win was lost
    overlay = p.scene
    assert shows(overlay, BlockedPanel)
    table = overlay.content.table
    for c, pile in enumerate(game.columns):
        for r in range(len(pile)):
            index = table.layout.card_rect(c, r, len(pile))
            index.height = index.height // 4  # the corner index
            assert not overlay.panel_rect.colliderect(index)


def test_dirty_rectangle_drawing_leaves_no_trace(make_player):
    """After taps, draws, drags, refusals and undos drawn piecemeal, the screen equals a full repaint."""
    p = make_player(GolfGame.from_code("GO1-E-AAAAAFA"), highlight_playable=True)
    scene, game = p.scene, p.scene.game
    for _ in range(12):
        col = next((m.column for m in game.legal_moves() if not m.is_draw), None)
        if col is None:
            p.click(scene.layout.stock.center)
        else:
            p.drag(free_card_center(scene, col), scene.layout.waste.center)
    p.click(free_card_center(scene, 0), settle=5)  # maybe refused: a shake and a message
    p.frames(200)
    p.key(pygame.K_z, pygame.KMOD_CTRL)
    p.frames(120)
    piecemeal = pygame.image.tobytes(p.app.screen, "RGB")
    scene.invalidate(None)
    scene.draw(p.app.screen)
    assert pygame.image.tobytes(p.app.screen, "RGB") == piecemeal


def test_undo_during_a_drag_then_dropping_on_the_waste_does_not_crash(make_player):
    p = make_player(simple_game())
    scene, game = p.scene, p.scene.game
    p.click(free_card_center(scene, 0))  # 6H plays: KD is free now
    start = free_card_center(scene, 0)
    p.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    p.frames(1)
    p.post(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] + 40), rel=(0, 0), buttons=(1, 0, 0))
    p.frames(1)
    p.key(pygame.K_z, pygame.KMOD_CTRL)  # the 6H comes back over the dragged KD
    p.post(pygame.MOUSEBUTTONUP, pos=scene.layout.waste.center, button=1)
    p.frames(60)
    assert [str(c) for c in game.columns[0]] == ["KD", "6H"] and str(game.waste[-1]) == "5S"
    kd = game.columns[0][0]
    assert not scene.board.sprites[kd].dragging
    assert scene.board.sprites[kd].pos == scene.layout.card_rect(0, 0, 2).topleft


def test_a_dialog_opened_mid_drag_sends_the_card_home_and_lets_the_table_rest(make_player):
    p = make_player(simple_game())
    scene = p.scene
    p.click(scene.layout.stock.center)  # one move, so New game asks first
    start = free_card_center(scene, 0)
    card = scene.game.columns[0][-1]
    p.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    p.frames(1)
    p.post(pygame.MOUSEMOTION, pos=(start[0] + 50, start[1] + 50), rel=(0, 0), buttons=(1, 0, 0))
    p.frames(1)
    p.key(pygame.K_n)
    dialog = p.scene
    p.click(dialog.buttons[0].rect.center)  # Cancel
    assert p.scene is scene and scene.press is None
    assert scene.board.sprites[card].pos == scene.layout.card_rect(0, 1, 2).topleft
    p.frames(200)
    assert not scene.is_animating()


def test_the_tables_actions_return_the_transition_they_cause(make_player):
    from game.scenes.base import Push, Replace
    from game.scenes.menu import MenuScene

    p = make_player(simple_game())
    scene = p.scene
    to_menu = scene.go_menu()
    assert isinstance(to_menu, Replace) and isinstance(to_menu.scene, MenuScene)
    p.click(scene.layout.stock.center)  # a move: a new deal asks first
    ask = scene.go_new_game()
    assert isinstance(ask, Push) and shows(ask.scene, Confirm)
    assert p.scene is scene  # nothing happens until the caller performs the transition
    assert scene.undo() is None and scene.game.undo_depth == 0 and len(scene.game.stock) == 2


def test_a_hint_on_a_position_known_lost_shows_its_panel_each_time(make_player):
    from types import SimpleNamespace

    from game.solver.analysis import current_line

    p = make_player(simple_game())
    scene = p.scene
    lost = SimpleNamespace(
        now="unwinnable",
        start="winnable",
        line_length=len(current_line(scene.game)),
        last_winnable=None,
        lost_move=None,
        undos_needed=None,
    )
    scene.assist.analysis = (scene.game.position_key(), lost)  # as if the solver had said so already
    for _ in range(2):  # the answer is known: the panel comes at once, the second time too
        p.key(pygame.K_h)
        assert shows(p.scene, AnalysisPanel)
        p.click(next(b for b in p.scene.buttons if b.label == "Close").rect.center)
        assert p.scene is scene
