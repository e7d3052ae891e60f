"""A round of golf on screen: the New game window's Single deal / Round of 9 and round
codes, the table's HUD and give up, the end of a hole and the scorecard, a whole round with posted
input, a power cut in the middle of hole 5 with the real game, and the statistics screen's rounds."""

from __future__ import annotations

import json
import textwrap

import pygame
import pytest
from conftest import click, key, run_frames, settle, type_text
from helpers.saves import killed_child
from helpers.tables import is_round

from game import i18n, registry
from game.model.course import GolfRound, par_text
from game.scenes.base import Replace
from game.scenes.dialog import Confirm, shows
from game.scenes.end_screen import BlockedPanel, WinPanel
from game.scenes.menu import MenuScene
from game.scenes.round_start import NO_DEAL_LIST, winnable_test
from game.scenes.round_stats_scene import RoundStatsScene
from game.scenes.scorecard import ScorecardScene
from game.scenes.scorecard_paint import shown, strokes
from game.scenes.stats_scene import StatsScene
from game.scenes.table import TableScene
from game.settings import Settings


def menu(make_app, size=(800, 480), **settings):
    s = Settings(fullscreen=False)
    for name, value in settings.items():
        setattr(s, name, value)
    return make_app(size=size, scene=MenuScene, settings=s)


def tap_move(app, table: TableScene) -> None:
    """One move as a player makes it: a tap on the first playable free card, else on the stock."""
    game = table.game
    move = game.legal_moves()[0]
    if move.column is None:
        click(app, table.layout.stock.center)
    else:
        pile = game.columns[move.column]
        click(app, table.layout.card_rect(move.column, len(pile) - 1, len(pile)).center)
    settle(app)


def play_hole_by_taps(app) -> TableScene:
    table = app.stack[0]
    assert is_round(table)
    while table.game.status == "playing":
        tap_move(app, table)
    settle(app)
    return table


def button(scene, label: str):
    return next(b for b in scene.buttons if b.label == label)


# -- the New game window ---------------------------------------------------------------------------------
def test_round_of_9_is_offered_for_golf_only_and_remembered(make_app):
    app = menu(make_app)
    m = app.top
    choice = m.round_choice.control
    assert choice.visible and choice.value == "single"
    assert not choice.rect.colliderect(m.picker.option_choices["golf"].rect)
    click(app, choice.segment_rect(1).center)
    assert app.ctx.settings.golf_mode == "round" and m.code_box.placeholder == "Round code"
    assert Settings.load(app.ctx.settings_path).golf_mode == "round"
    click(app, m.picker.game_choice.segment_rect(1).center)  # Eight Off: no rounds
    assert not choice.visible and m.code_box.placeholder == "Deal code"


def test_play_in_round_mode_starts_a_winnable_round_at_hole_1(make_app):
    app = menu(make_app, golf_mode="round")
    click(app, app.top.play_button.rect.center)
    settle(app)
    table = app.top
    assert is_round(table) and table.round.hole == 1 and table.round.winnable
    assert table.hud_values()[:2] == ["1/9", "Even"] and table.guaranteed  # golf's "E", spelled out
    assert table.round.code.startswith("GW1-E-")
    assert all(winnable_test(table.round.rules)(n) for n in table.round.numbers)


def test_with_winnable_deals_off_a_round_deals_any_deals(make_app):
    app = menu(make_app, golf_mode="round", winnable_only={"golf-easy": False})
    click(app, app.top.play_button.rect.center)
    settle(app)
    assert app.top.round.code.startswith("GR1-E-") and not app.top.guaranteed


def test_a_round_code_in_the_box_starts_that_round(make_app):
    app = menu(make_app)
    m = app.top
    click(app, m.code_box.rect.center)
    type_text(app, "gr1-c-qxkzmta")
    click(app, m.code_button.rect.center)
    settle(app)
    table = app.top
    assert is_round(table) and table.round.code == "GR1-C-QXKZMTA"
    assert table.game.code == GolfRound("GR1-C-QXKZMTA").deal_codes[0]


@pytest.mark.parametrize(
    "code, says",
    [
        ("GR1-E-AAAAA", "The round number must be 7 letters, not 5."),
        ("GR1-X-AAAAAAB", "A round code looks like GR1-E-AAAAAAB"),
        ("GW1-E+Z-AAAAAAB", "These rules have no list of winnable deals"),
    ],
)
def test_a_bad_round_code_is_refused_with_its_reason(make_app, code, says):
    app = menu(make_app)
    m = app.top
    click(app, m.code_box.rect.center)
    type_text(app, code)
    click(app, m.code_button.rect.center)
    assert app.top is m and m.error.value.startswith(says)
    assert app.ctx.audio.played[-1] == "refuse"


def test_a_refused_round_code_is_said_in_greek(make_app):
    try:
        app = menu(make_app, language="el")
        m = app.top
        click(app, m.code_box.rect.center)
        type_text(app, "GR1-E-AAAAAAA")
        click(app, m.code_button.rect.center)
        assert (
            m.error.value
            == i18n.tr("Round AAAAAAA does not exist; the first round is AAAAAAB.")
            != "Round AAAAAAA does not exist; the first round is AAAAAAB."
        )
    finally:
        i18n.set_language("en")


def test_a_round_of_rules_without_a_table_says_it_deals_any_deals(make_app, monkeypatch):
    from game.scenes import round_start

    monkeypatch.setattr(round_start, "winnable_test", lambda rules: None)
    app = menu(make_app, golf_mode="round")
    click(app, app.top.play_button.rect.center)
    settle(app)
    table = app.top
    assert table.round.code.startswith("GR1-") and table.toast.message == NO_DEAL_LIST


def test_a_new_game_in_the_menu_asks_before_giving_up_a_saved_round(make_app):
    app = menu(make_app, golf_mode="round")
    click(app, app.top.play_button.rect.center)
    settle(app)
    table = app.top
    table.round.give_up()  # a hole done: the round is under way, its new hole untouched
    app.ctx.progress.round_changed(table.round)
    click(app, table.hud.button_for(table.go_menu).rect.center)
    settle(app)
    m = app.top
    assert m.continue_button.visible
    click(app, m.play_button.rect.center)
    assert shows(app.top, Confirm)
    assert app.top.lines() == ["The round you can continue will count as abandoned."]


# -- the table ---------------------------------------------------------------------------------------------
def round_table(make_app, code="GR1-E-QXKZMTA", size=(800, 480)):
    app = make_app(size=size)
    from game.scenes.round_start import round_from_code, start_round

    app.apply(start_round(app.ctx, round_from_code(code)))
    settle(app)
    return app, app.top


def test_give_up_asks_then_scores_the_tableau_and_shows_the_card(make_app):
    app, table = round_table(make_app)
    tap_move(app, table)
    left = table.game.tableau_count
    give_up = table.hud.button_for(table.go_new_game)
    assert [a[0] for a in table.hud.actions if a[1] == table.go_new_game] == ["Give up"]  # (its words or its icon)
    click(app, give_up.rect.center)
    dialog = app.top
    assert shows(dialog, Confirm)
    assert dialog.lines() == [f"It scores as blocked: {left} cards left on the tableau."]
    click(app, button(dialog, "Give up").rect.center)
    settle(app)
    card = app.top
    assert isinstance(card, ScorecardScene) and card.state == "between" and app.stack == [card]
    assert table.round.scores == (left,) and table.round.given_up == (1,) and card.cheer() == "Hole 1 given up"
    click(app, card.primary.rect.center)
    settle(app)
    assert is_round(app.top) and app.top.round.hole == 2
    assert app.top.hud_values()[:2] == ["2/9", f"+{left - 5}"]


def test_cancel_keeps_the_hole(make_app):
    app, table = round_table(make_app)
    click(app, table.hud.button_for(table.go_new_game).rect.center)
    click(app, button(app.top, "Cancel").rect.center)
    settle(app)
    assert app.top is table and table.round.hole == 1 and table.round.scores == ()


def test_a_blocked_hole_can_be_undone_from_the_card_until_the_next_is_dealt(make_app):
    app, table = round_table(make_app, "GR1-C-AAAAAFA")
    play_hole_by_taps(app)
    while table.game.status != "blocked":  # a hole that blocks (a won one is final anyway)
        click(app, button(app.top, "Scorecard").rect.center)
        click(app, app.top.primary.rect.center)
        settle(app)
        table = play_hole_by_taps(app)
    panel = app.top
    assert shows(panel, BlockedPanel) and panel.content.end.hole is not None  # a hole's end, not a deal's
    assert (
        panel.lines()[0] == "Golf · Classic"
        and panel.lines()[1] == f"Hole {table.round.hole}: {table.game.tableau_count} (par 5)"
    )
    click(app, button(panel, "Scorecard").rect.center)
    card = app.top
    assert isinstance(card, ScorecardScene) and card.state == "pending" and card.secondary.label == "Back"
    click(app, card.secondary.rect.center)  # back to the table, to undo
    settle(app)
    assert app.top is panel
    click(app, button(panel, "Undo").rect.center)
    settle(app)
    assert app.top is table and table.game.status == "playing" and table.round.pending_score is None


def test_the_hud_fits_the_hole_and_the_round_at_800x480_in_every_language(make_app):
    for lang in ("en", "el", "th"):
        i18n.set_language(lang)
        try:
            app, table = round_table(make_app)
            values = table.hud_values()
            assert values[0] == "1/9" and i18n.tr(table.hud.slots[0].label) == i18n.tr("Hole")
            run_frames(app, 2)
        finally:
            i18n.set_language("en")


@pytest.mark.slow
def test_a_whole_round_through_the_scenes_with_posted_input(make_app):
    app = menu(make_app, golf_mode="round", animation_speed="off")
    click(app, app.top.play_button.rect.center)
    settle(app)
    rnd = app.top.round
    scores = []
    for hole in range(1, 10):
        table = play_hole_by_taps(app)
        assert table.round is rnd and rnd.hole == hole
        end = app.top
        assert shows(end, WinPanel if table.game.status == "won" else BlockedPanel) and end.content.end.hole is not None
        scores.append(rnd.pending_score)
        click(app, button(end, "Scorecard").rect.center)
        card = app.top
        assert isinstance(card, ScorecardScene) and card.round.card()[:hole] == scores
        assert card.primary.label == ("Finish round" if hole == 9 else "Next hole")
        key(app, pygame.K_RETURN)  # Enter: the card's first choice
        settle(app)
    card = app.top
    assert isinstance(card, ScorecardScene) and card.state == "final" and rnd.finished
    assert rnd.scores == tuple(scores) and card.primary.label == "New round"
    assert card.total_line() == f"Total {strokes(sum(scores))} · to par {shown(par_text(sum(scores) - 45))}"
    assert card.best_line() == "A new best round!"
    summary = app.ctx.progress.stats.round_summary("easy")
    assert (summary.played, summary.finished, summary.best_total, summary.best_code) == (1, 1, sum(scores), rnd.code)
    assert app.ctx.progress.stats.summary("golf", "easy").played == 0  # the holes are no single games
    click(app, card.secondary.rect.center)  # Menu: nothing left to continue
    assert isinstance(app.top, MenuScene) and not app.top.continue_button.visible


# -- the scorecard -----------------------------------------------------------------------------------------
def finished_round(scores) -> GolfRound:
    rnd = GolfRound("GR1-E-QXKZMTA")
    for s in scores:
        rnd._advance(s)  # (the model's own step, with chosen scores)
    return rnd


def test_a_round_under_par_is_celebrated(make_app):
    app = make_app(size=(800, 480))
    app.apply(Replace(ScorecardScene(app.ctx, finished_round([3, 4, 5, 6, 2, 0, -3, 5, 4]))))
    card = app.top
    assert card.cheer() == "Under par!" and card.total_line() == "Total 26 · to par \u201319"
    assert "win" in app.ctx.audio.played
    run_frames(app, 30)
    assert card.confetti and card.is_animating()
    settle(app, max_seconds=30)
    assert not card.confetti and not card.is_animating()
    assert run_frames(app, 10) == 0  # then it rests: nothing drawn


def test_a_round_over_par_has_no_confetti(make_app):
    app = make_app(size=(800, 480))
    app.apply(Replace(ScorecardScene(app.ctx, finished_round([9] * 9))))
    card = app.top
    run_frames(app, 30)
    assert not card.confetti and card.cheer() is None and card.total_line() == "Total 81 · to par +36"


# -- a power cut in the middle of hole 5, with the real game ---------------------------------------------
CHILD = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from game.app import App
    from game.scenes import tips
    from game.scenes.round_start import round_from_code, start_round
    from conftest import settle
    tips.ENABLED = False
    app = App(size=(800, 480), fullscreen=False)
    app.settings.animation_speed = "off"
    app.apply(start_round(app.ctx, round_from_code("GR1-C-FIVEHOL")))
    settle(app)
    for hole in range(4):
        table = app.stack[0]
        while table.game.status == "playing":
            table.attempt(table.game.legal_moves()[0])
            settle(app)
        app.apply(table.round_play.show_scorecard())
        app.top.next_hole()
        app.apply(app.top.next)
        settle(app)
    table = app.top
    for _ in range(5):
        table.attempt(table.game.legal_moves()[-1])
        settle(app)
    table.undo()
    settle(app)
    app.ctx.progress.save.flush()
    print(table.round.to_json(), flush=True)
    print("READY", flush=True)
    while True:
        app.step_frame(1 / 60)
        time.sleep(0.01)
""")


@pytest.mark.slow
def test_a_power_cut_in_the_middle_of_hole_5_resumes_exactly(make_app):
    expected = killed_child(CHILD)
    doc = json.loads(expected)
    assert doc["hole"] == 5 and len(doc["scores"]) == 4 and doc["game"]["log"][-1] == "u"

    app = make_app(size=(800, 480), scene=MenuScene)
    click(app, app.top.continue_button.rect.center)
    settle(app)
    table = app.top
    assert is_round(table)
    assert table.round.to_json() == expected and table.game.can_undo
    assert table.hud_values()[0] == "5/9"
    tap_move(app, table)  # and it plays on, saved as before
    assert app.ctx.progress.save.flush()


def test_a_kiosk_restarted_after_a_power_cut_opens_the_round(make_app):
    app, table = round_table(make_app)
    tap_move(app, table)
    assert app.ctx.progress.save.flush()
    expected = table.round.to_json()
    app.close()
    import main

    again = make_app(size=(800, 480), kiosk=True)
    scene = main.first_scene(main.build_parser().parse_args(["--kiosk"]), again)
    assert is_round(scene) and scene.round.to_json() == expected


# -- the statistics screen -----------------------------------------------------------------------------
def test_the_statistics_screen_opens_the_rounds_of_its_rule_set(make_app):
    app = make_app(size=(800, 480), scene=StatsScene)
    stats = app.top
    assert stats.rounds_button.visible
    click(app, stats.rounds_button.rect.center)
    rounds = app.top
    assert isinstance(rounds, RoundStatsScene) and rounds.kind.id == "golf-easy"
    assert dict(rounds.lines())["Rounds played"] == "0"
    click(app, rounds.back.rect.center)
    assert app.top is stats
    click(app, stats.picker.game_choice.segment_rect(1).center)  # Eight Off has no rounds
    assert not stats.rounds_button.visible


def test_round_statistics_after_a_scripted_round(make_app):
    app, table = round_table(make_app)
    tap_move(app, table)
    rnd = table.round
    for _ in range(9):
        rnd.give_up()
        app.ctx.progress.round_changed(rnd)
    app.ctx.progress.flush()
    screen = RoundStatsScene(app.ctx, registry.kind("golf-easy"))
    numbers = dict(screen.lines())
    assert numbers["Rounds played"] == "1" and numbers["Finished"] == "1" and numbers["Abandoned"] == "0"
    assert numbers["Best total"] == f"{rnd.total} (+{rnd.total - 45})" and numbers["Best round"] == rnd.code
    assert numbers["Holes won"] == "0"


def test_a_negative_strokes_count_is_written_with_the_same_dash_as_the_score_to_par():
    """Never "Hole 1: -1" (a hyphen) beside "Round: –6" (the en dash the fonts have)."""
    assert strokes(-1) == "\u20131" == shown(par_text(-1)) and strokes(0) == "0" and strokes(4) == "4"


def test_the_cards_left_button_is_one_word_for_one_action_after_every_hole(make_app):
    """After a hole's end, won or blocked, the card's left button is Back and returns to the hole's
    panel (from where Undo or the menu go on); Menu is the left button only where no hole is behind."""
    from game import solver

    app, table = round_table(make_app, "GR1-C-AAAAAFA")
    app.settings.animation_speed = "off"
    ends: dict[str, str] = {}
    for _hole in range(9):
        table = app.stack[0]
        solved = solver.solve(table.game.copy()) if not ends.get("won") else None
        line = list(solved.moves) if solved is not None and solved.verdict == "winnable" else None
        while table.game.status == "playing":
            table.attempt(line.pop(0) if line else table.game.legal_moves()[-1])
            settle(app)
        panel = app.top
        status = table.game.status
        click(app, button(panel, "Scorecard").rect.center)
        card = app.top
        assert isinstance(card, ScorecardScene) and card.state == "pending"
        ends[status] = card.secondary.label
        click(app, card.secondary.rect.center)
        settle(app)
        assert app.top is panel, (status, "Back returns to the hole's panel")
        click(app, button(panel, "Scorecard").rect.center)
        click(app, app.top.primary.rect.center)  # the next hole
        settle(app)
        if len(ends) == 2:
            break
    assert ends == {"won": "Back", "blocked": "Back"}


# -- the scorecard's type scale and legend -------------------------------------------------------------
SIZES3 = [(800, 480), (1280, 720), (1920, 1080)]


def drawn_texts(app, scene, monkeypatch) -> list[tuple[str, int]]:
    """(text, size) of every text the scene draws in a whole repaint."""
    from game.ui import text as text_module

    drawn: list[tuple[str, int]] = []
    real = text_module.TextCache.render

    def render(self, text, size, *args, **kwargs):
        drawn.append((text, size))
        return real(self, text, size, *args, **kwargs)

    monkeypatch.setattr(text_module.TextCache, "render", render)
    scene.frame.resize(app.screen.get_size())
    for widget in scene.widgets:
        widget.invalidate()
    scene.invalidate(None)
    scene.draw(app.screen)
    monkeypatch.undo()
    return drawn


@pytest.mark.parametrize("size", SIZES3)
@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_the_scorecard_takes_its_sizes_from_the_type_scale_and_has_its_legend(make_app, monkeypatch, size, lang):
    from game.scenes.scorecard_paint import LEGEND
    from game.ui.design import design_for
    from game.ui.text import least_legible

    app = make_app(size=size)
    i18n.set_language(lang)
    try:
        app.apply(Replace(ScorecardScene(app.ctx, finished_round([3, 7, 5, 9, 2, 5, 6, 4, 8]))))
        card = app.top
        design = design_for(size)
        drawn = drawn_texts(app, card, monkeypatch)
        scale = design.type.sizes()
        for text, px in drawn:
            assert px in scale or px == least_legible(text, min(scale)), (lang, size, text, px)
        shown = {text for text, _px in drawn}
        for _against, label in LEGEND:
            assert i18n.tr(label) in shown, (lang, label)
        if lang != "en":
            assert i18n.tr(LEGEND[0][1]) != LEGEND[0][1], "the legend is translated"
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(card.frame.panel_rect)
        assert card.legend_rect.top >= card.card_rect.bottom and card.total_rect.top >= card.legend_rect.bottom
        for button in card.widgets:
            assert button.rect.height >= design.target and card.frame.panel_rect.contains(button.rect)
            line, px = button.label_form()
            assert px == least_legible(line, design.type.label)
            assert app.ctx.text.rendered_size(line, px, True)[0] <= button.rect.width, (lang, line)
    finally:
        i18n.set_language("en")


def test_the_legends_form_depends_on_the_class_and_the_language_only(make_app):
    """Two windows of one class show the legend in the same form, whatever the round shows."""
    forms = {}
    for size in [(1024, 600), (1280, 720), (1500, 850)]:
        app = make_app(size=size)
        app.apply(Replace(ScorecardScene(app.ctx, finished_round([9] * 9))))
        forms[size] = app.top.legend_rows
    assert len(set(forms.values())) == 1, forms
