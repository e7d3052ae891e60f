"""Keyboard play at the tables, driven by posted KEYDOWN events only: the focus
moves over every pile by arrows and Tab, Space taps, Enter picks up and drops (Eight Off), Esc puts
back, and whole games are won from the keyboard alone. The clock is the app's simulated one."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, key, run_frames, settle
from helpers.assist import RESUMED

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import Pile, PileKind
from game.scenes.dialog import Confirm, shows
from game.scenes.end_screen import WinPanel
from game.scenes.menu import MenuScene
from game.solver import deals

SHIFT = pygame.KMOD_SHIFT
ARROW_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


def table_for(make_app, game, size=(1280, 720)):
    app = make_app(size=size)
    app.replace(app.ctx.scenes.table(game, dict(RESUMED)))
    run_frames(app, 30)
    return app, app.stack[0]


def eightoff_game() -> EightOffGame:
    # column 1 ends in a 9♥-8♥-7♥ run; the 2♠ waits on the A♠ in column 3
    cols = [["2C", "9H", "8H", "7H"], ["3C", "TH"], ["4C", "AS"], ["5C", "2S"], ["KD"]] + [[]] * 3
    return EightOffGame.from_layout(cols, ["AC", None, None, None])


def golf_game() -> GolfGame:
    return GolfGame.from_layout([["KS", "7C", "6H"], ["9D"]] + [[]] * 5, ["5S"], ["2C", "JD"])


def focus_on(app, scene, pile) -> None:
    """Tab (or Shift+Tab, whichever is shorter) until `pile` has the focus."""
    if not scene.focus.shown:
        key(app, pygame.K_TAB)  # the first key only shows the focus
    piles = scene.rules.focus_piles()
    ahead = (piles.index(pile) - piles.index(scene.focus.pile)) % len(piles)
    if ahead <= len(piles) // 2:
        for _ in range(ahead):
            key(app, pygame.K_TAB)
    else:
        for _ in range(len(piles) - ahead):
            key(app, pygame.K_TAB, SHIFT)
    assert scene.focus.pile == pile


@pytest.fixture
def posted(monkeypatch):
    """The types of every event the test posts."""
    types: list[int] = []
    real = pygame.event.post

    def post(event):
        types.append(event.type)
        return real(event)

    monkeypatch.setattr(pygame.event, "post", post)
    return types


# -- the focus ---------------------------------------------------------------------------------------
def test_the_focus_shows_at_the_first_arrow_key_and_not_before(make_app):
    app, scene = table_for(make_app, eightoff_game())
    assert not scene.focus.ring.active
    key(app, pygame.K_RIGHT)
    assert scene.focus.ring.active and scene.focus.pile == scene.rules.focus_piles()[0]  # shown, not moved
    key(app, pygame.K_RIGHT)
    assert scene.focus.pile == scene.rules.focus_piles()[1]


def test_down_from_a_column_stays_rather_than_leap_to_a_foundation_across_the_table(make_app):
    """With 8 cells the foundations stand at the right: Down on the first column has nothing below it
    within reach and stays; Right from the last column still goes to the foundation beside it."""
    app, scene = table_for(make_app, EightOffGame.new(8, 1))
    focus_on(app, scene, Pile.column(0))
    key(app, pygame.K_DOWN)
    assert scene.focus.pile == Pile.column(0)
    focus_on(app, scene, Pile.column(7))
    key(app, pygame.K_RIGHT)
    assert scene.focus.pile.kind is PileKind.FOUNDATION


@pytest.mark.parametrize("kind", ["eightoff-8", "eightoff-4", "eightoff-2", "golf-easy"])
def test_tab_visits_every_pile_once_and_shift_tab_goes_back(make_app, kind):
    game = deals.make_game(kind, deals.listed(kind)[0])
    app, scene = table_for(make_app, game)
    key(app, pygame.K_TAB)
    piles = scene.rules.focus_piles()
    seen = []
    for _ in piles:
        seen.append(scene.focus.pile)
        key(app, pygame.K_TAB)
    assert sorted(seen, key=str) == sorted(piles, key=str) and scene.focus.pile == piles[0]  # round the end
    key(app, pygame.K_TAB, SHIFT)
    assert scene.focus.pile == piles[-1]
    expected = 8 + 4 + len(game.cells) if kind.startswith("eightoff") else 7 + 1
    assert len(piles) == expected


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("kind", ["eightoff-8", "eightoff-4", "eightoff-2", "golf-easy"])
def test_the_arrows_reach_every_pile_from_any_pile(make_app, kind, size):
    app, scene = table_for(make_app, deals.make_game(kind, deals.listed(kind)[0]), size)
    key(app, pygame.K_DOWN)
    piles = scene.rules.focus_piles()
    reach = {pile: set() for pile in piles}
    for pile in piles:
        for k in ARROW_KEYS:
            scene.focus.pile = pile
            key(app, k)
            reach[pile].add(scene.focus.pile)
    for start in piles:  # every pile can be reached from every other by arrows alone
        seen, todo = {start}, [start]
        while todo:
            for nxt in reach[todo.pop()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        assert seen == set(piles), (start, set(piles) - seen)


def test_the_arrows_follow_the_rows_of_the_eightoff_table(make_app):
    app, scene = table_for(make_app, eightoff_game())  # 4 cells: the top row is over the columns
    focus_on(app, scene, Pile.column(0))
    key(app, pygame.K_RIGHT)
    assert scene.focus.pile == Pile.column(1)
    key(app, pygame.K_UP)
    assert scene.focus.pile == Pile.cell(1)
    key(app, pygame.K_LEFT)
    assert scene.focus.pile == Pile.cell(0)
    key(app, pygame.K_LEFT)  # at the edge: it stays
    assert scene.focus.pile == Pile.cell(0)
    key(app, pygame.K_DOWN)
    assert scene.focus.pile == Pile.column(0)


def test_the_ring_goes_round_the_focused_card_and_follows_it(make_app):
    app, scene = table_for(make_app, eightoff_game())
    focus_on(app, scene, Pile.column(2))
    settle(app)
    top = scene.board.shown_rect(scene.board.sprites[scene.game.columns[2][-1]])
    ring = scene.focus.ring.rect
    assert ring.contains(top) and ring.width < top.width * 1.3
    assert scene.focus.ring.dirty_rect() is None  # at rest: not repainted
    key(app, pygame.K_SPACE)  # the A♠ goes up to its foundation: the ring is on the 4♣ now
    settle(app)
    top = scene.board.shown_rect(scene.board.sprites[scene.game.columns[2][-1]])
    assert str(scene.game.columns[2][-1]) == "4C" and scene.focus.ring.rect.contains(top)


def test_a_mouse_click_hides_the_ring(make_app):
    app, scene = table_for(make_app, eightoff_game())
    focus_on(app, scene, Pile.column(2))
    assert scene.focus.ring.active
    click(app, (5, scene.size[1] - 5))  # on the felt
    assert not scene.focus.ring.active and scene.focus.ring.dirty_rect() is None  # and painted away
    key(app, pygame.K_TAB)  # it comes back where it was
    assert scene.focus.ring.active and scene.focus.pile == Pile.column(2)


# -- Golf ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("press", [pygame.K_SPACE, pygame.K_RETURN])
def test_golf_space_and_enter_play_the_free_card_and_draw(make_app, press):
    app, scene = table_for(make_app, golf_game())
    focus_on(app, scene, Pile.column(0))
    key(app, press)
    settle(app)
    assert [str(c) for c in scene.game.waste] == ["5S", "6H"]
    focus_on(app, scene, Pile.stock())
    key(app, press)  # the 7♣ would fit, but the easy rules let a card be drawn
    settle(app)
    assert str(scene.game.waste[-1]) == "JD" and len(scene.game.stock) == 1


@pytest.mark.slow
def test_a_whole_golf_game_by_keyboard_and_the_win_screens_new_game(make_app, posted):
    number = deals.listed("golf-easy")[0]
    app, scene = table_for(make_app, deals.make_game("golf-easy", number))
    for move in deals.known_line("golf-easy", number):
        focus_on(app, scene, Pile.stock() if move.column is None else Pile.column(move.column))
        key(app, pygame.K_SPACE)
        settle(app)
    assert scene.game.status == "won"
    settle(app)
    win = app.stack[-1]
    assert shows(win, WinPanel)
    key(app, pygame.K_TAB)
    label = win.buttons[win.key_focus.index].label
    key(app, pygame.K_RETURN)  # the first button: New game
    settle(app)
    assert label == "New game" and scene not in app.stack
    assert set(posted) == {pygame.KEYDOWN, pygame.KEYUP}


# -- Eight Off: pick up and drop -----------------------------------------------------------------------
def test_enter_picks_up_the_run_and_enter_on_a_column_drops_it(make_app):
    app, scene = table_for(make_app, eightoff_game())
    focus_on(app, scene, Pile.column(0))
    key(app, pygame.K_RETURN)
    run = list(scene.game.columns[0][-3:])
    assert scene.focus.held == run and set(scene.board.lifted) == set(run)  # lifted as a drag lifts
    assert scene.focus.ring.rect.contains(scene.board.shown_rect(scene.board.sprites[run[0]]))
    focus_on(app, scene, Pile.column(1))  # onto the 10♥
    key(app, pygame.K_RETURN)
    settle(app)
    assert [str(c) for c in scene.game.columns[1]] == ["3C", "TH", "9H", "8H", "7H"]
    assert not scene.focus.held and not scene.board.lifted and scene.game.moves == 1


def test_a_run_dropped_on_a_cell_sends_its_foot(make_app):
    app, scene = table_for(make_app, eightoff_game())
    focus_on(app, scene, Pile.column(0))
    key(app, pygame.K_RETURN)
    focus_on(app, scene, Pile.cell(1))
    key(app, pygame.K_RETURN)
    settle(app)
    assert str(scene.game.cells[1]) == "7H" and [str(c) for c in scene.game.columns[0]] == ["2C", "9H", "8H"]


def test_esc_puts_the_cards_back_and_then_opens_the_menu(make_app):
    app, scene = table_for(make_app, eightoff_game())
    before = scene.game.to_dict() if hasattr(scene.game, "to_dict") else None
    focus_on(app, scene, Pile.column(0))
    key(app, pygame.K_RETURN)
    focus_on(app, scene, Pile.column(1))
    key(app, pygame.K_ESCAPE)
    settle(app)
    assert not scene.focus.held and not scene.board.lifted and scene.game.moves == 0
    assert before is None or scene.game.to_dict() == before
    assert app.stack[-1] is scene
    targets = scene.targets()
    assert all(scene.board.sprites[c].pos == t.pos for c, t in targets.items())
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack[-1], MenuScene)


def test_an_illegal_drop_is_refused_and_changes_nothing(make_app):
    app, scene = table_for(make_app, eightoff_game())
    columns = [list(c) for c in scene.game.columns]
    focus_on(app, scene, Pile.column(1))  # the 10♥
    key(app, pygame.K_RETURN)
    focus_on(app, scene, Pile.column(2))  # onto the A♠
    key(app, pygame.K_RETURN)
    settle(app, max_seconds=1)
    assert scene.game.moves == 0 and [list(c) for c in scene.game.columns] == columns
    assert app.ctx.audio.played[-1] == "refuse" and scene.toast.active
    assert not scene.focus.held
    settle(app)
    targets = scene.targets()
    assert all(scene.board.sprites[c].pos == t.pos for c, t in targets.items())


def test_enter_twice_on_the_same_pile_sends_the_card_where_a_double_tap_would(make_app):
    app, scene = table_for(make_app, eightoff_game())
    focus_on(app, scene, Pile.column(1))  # the 10♥: no foundation, no column; a free cell
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    settle(app)
    assert "TH" in [str(c) for c in scene.game.cells if c is not None] and scene.game.moves == 1


def test_space_taps_a_card_up_to_its_foundation_or_says_which_keys_move_it(make_app):
    app, scene = table_for(make_app, eightoff_game())
    focus_on(app, scene, Pile.cell(0))  # the A♣
    key(app, pygame.K_SPACE)
    settle(app)
    assert scene.game.cells[0] is None and scene.game.moves == 1
    focus_on(app, scene, Pile.column(1))  # the 10♥ has no foundation to go to
    key(app, pygame.K_SPACE)
    assert scene.toast.active and scene.game.moves == 1


@pytest.mark.slow
def test_a_whole_eightoff_game_by_keyboard(make_app, posted):
    kind = "eightoff-4"
    number = deals.listed(kind)[0]
    app, scene = table_for(make_app, deals.make_game(kind, number))
    for move in deals.known_line(kind, number):
        focus_on(app, scene, move.src)
        key(app, pygame.K_RETURN)
        focus_on(app, scene, move.dst)
        key(app, pygame.K_RETURN)
        settle(app)
    assert scene.game.status == "won" and not scene.focus.held
    settle(app)
    assert shows(app.stack[-1], WinPanel)
    assert set(posted) == {pygame.KEYDOWN, pygame.KEYUP}  # no mouse or touch event at all


# -- the band's buttons --------------------------------------------------------------------------------
def test_f_presses_the_finish_button_when_it_shows(make_app):
    cols = [["2S"], ["2H"], ["2D"], ["2C"]] + [[]] * 4
    game = EightOffGame.from_layout(cols, ["AS", "AH", "AD", "AC"])
    app, scene = table_for(make_app, game)
    assert scene.finisher.active
    key(app, pygame.K_f)
    settle(app)
    assert not any(scene.game.columns) and not any(scene.game.cells) and scene.game.moves == 8


# -- dialogs, end screens and panels -------------------------------------------------------------------
def focus_widget(app, scene, widget) -> None:
    """Tab until `widget` has the focus of a panel scene."""
    from game.ui.key_focus import stops

    for _ in range(len(stops(scene.widgets)) + 1):
        on = scene.frame.key_focus.focused(scene.widgets)
        if on is not None and on[0] is widget:
            return
        key(app, pygame.K_TAB)
    raise AssertionError("the focus never reached it")


def new_game_question(make_app):
    """A Golf table with one move made by keyboard, and N pressed: "Start a new game?"."""

    app, scene = table_for(make_app, golf_game())
    focus_on(app, scene, Pile.column(0))
    key(app, pygame.K_SPACE)
    settle(app)
    key(app, pygame.K_n)
    dialog = app.stack[-1]
    assert shows(dialog, Confirm) and not dialog.key_focus.shown
    return app, scene, dialog


def test_the_new_game_question_is_answered_by_keyboard(make_app):
    app, scene, dialog = new_game_question(make_app)
    key(app, pygame.K_TAB)  # shows the focus on the first button (Cancel)
    assert dialog.key_focus.focused(dialog.buttons)[0] is dialog.buttons[0]
    key(app, pygame.K_RETURN)
    settle(app)
    assert app.stack[-1] is scene and scene.game.moves == 1  # Cancel: the game goes on
    key(app, pygame.K_n)
    dialog = app.stack[-1]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # onto New game
    assert dialog.key_focus.focused(dialog.buttons)[0] is dialog.buttons[1]
    key(app, pygame.K_SPACE)
    settle(app)
    assert scene not in app.stack  # a new deal


def test_a_click_hides_a_dialogs_focus(make_app):
    app, _scene, dialog = new_game_question(make_app)
    key(app, pygame.K_TAB)
    assert dialog.key_focus.shown
    click(app, (2, 2))  # outside the panel: nothing but the focus going
    assert not dialog.key_focus.shown and app.stack[-1] is dialog


def test_the_menus_controls_work_by_keyboard(make_app):
    app = make_app(size=(1280, 720))
    app.replace(MenuScene(app.ctx))
    run_frames(app, 2)
    menu = app.stack[-1]
    toggle = menu.winnable_toggle
    before = toggle.value
    focus_widget(app, menu, toggle)
    key(app, pygame.K_SPACE)
    run_frames(app)
    assert toggle.value is (not before)
    key(app, pygame.K_RETURN)
    run_frames(app)
    assert toggle.value is before


# -- Help and its examples -------------------------------------------------------------------------------
def test_help_page_buttons_and_an_examples_buttons_work_by_keyboard(make_app):
    from game.scenes.example_scene import ExampleScene
    from game.scenes.help_scene import HelpScene

    app = make_app(size=(1280, 720))
    app.replace(MenuScene(app.ctx))
    app.push(HelpScene(app.ctx, "golf"))
    run_frames(app, 2)
    help_scene = app.stack[-1]
    actions = help_scene.page.actions
    assert actions and help_scene._chosen is None
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB, SHIFT)  # round the start: the last button
    assert help_scene._chosen == len(actions) - 1
    last = actions[-1].rect
    assert help_scene.scroller.offset <= last.top and help_scene.scroller.offset + help_scene.view.height > last.top
    key(app, pygame.K_TAB)
    assert help_scene._chosen == 0 and actions[0].kind == "example"
    key(app, pygame.K_RETURN)
    run_frames(app, 2)
    example = app.stack[-1]
    assert isinstance(example, ExampleScene)
    key(app, pygame.K_TAB)
    assert example.key_focus.focused(example.widgets)[0] is example.back
    key(app, pygame.K_SPACE)
    run_frames(app, 2)
    assert app.stack[-1] is help_scene  # Back
    click(app, (5, help_scene.size[1] - 5))
    assert help_scene._chosen is None  # a click: no keyboard focus
