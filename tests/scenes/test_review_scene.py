"""The review after a game: it runs in the solver's worker behind an indeterminate bar, then shows
the summary, a timeline of the moves coloured by their grades (the solver's own), and the worst moves
explained, each with Show opening the replay at that move; the end panels open it and copy the replay
code (not on a kiosk, never for the demo's game)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from conftest import click, run_frames, settle, touch_tap

from game import i18n
from game.model.golf import GolfGame
from game.model.moves import EightOffMove
from game.model.replay import Replay
from game.model.replay_code import parse_replay_code, replay_code
from game.scenes import review_scene
from game.scenes.base import Pop, Scene
from game.scenes.end_overlay import EndOverlay
from game.scenes.review_scene import ReviewScene
from game.scenes.review_text import BANDS, LOST, PERFECT, UNKNOWN, marks, summary_lines
from game.scenes.tables import open_table
from game.solver.deals import make_game
from game.solver.review import best_line, review_golf
from game.solver.review_eightoff import KEPT, LOST_THE_WIN, review_eightoff


def played(kind: str, number: int, seed: int, moves: int = 200):
    """Deal `number` of `kind` played by random legal moves (at most `moves`)."""
    game = make_game(kind, number)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(rng.choice(legal))
    return game


def perfect_golf() -> GolfGame:
    """A Golf deal played along the solver's best line: every move keeps the best."""
    game = make_game("golf-classic", 7)
    found = best_line(game)
    assert found is not None
    for move in found[1]:
        game.push(move)
    return game


class Opened(Scene):
    """What a fake opener returns: a scene that remembers how it was asked for."""

    def __init__(self, ctx, **asked) -> None:
        super().__init__(ctx)
        self.asked = asked


def review_of(make_app, game, size=(800, 480), language: str | None = None) -> tuple[object, ReviewScene]:
    app = make_app(size=size)
    if language is not None:
        i18n.set_language(language)
    scene = ReviewScene(app.ctx, Replay.of(game))
    app.replace(scene)
    run_frames(app, 3)
    return app, scene


def fake_replays(app) -> list[Opened]:
    opened: list[Opened] = []

    def replay(replay, start=0, note=None, better=None):
        opened.append(Opened(app.ctx, replay=replay, start=start, note=note, better=better))
        return opened[-1]

    app.ctx.scenes.replay = replay
    return opened


# -- the grades shown are the solver's ---------------------------------------------------------------
def test_a_golf_games_timeline_shows_the_strokes_each_move_lost(make_app):
    game = played("golf-classic", 5, 3)
    app, scene = review_of(make_app, game)
    assert not scene.running and scene.review == review_golf(game)
    shown = marks(scene.review)
    assert len(shown) == len(game.move_stack)
    for mark, grade in zip(shown, review_golf(game).grades, strict=True):
        expected = LOST if grade.strokes_lost else PERFECT
        assert (mark.kind, mark.weight) == (expected, grade.strokes_lost)
    review = scene.review
    assert scene.summary[0][0] == f"{review.strokes_lost} strokes lost in {review.moves_lost} moves"
    worst = [g for g in review.grades if g.strokes_lost]
    worst.sort(key=lambda g: (-g.strokes_lost, g.index))
    assert [w.index for w in scene.worst] == [g.index for g in worst[:3]]
    assert scene.worst[0].heading == f"Move {worst[0].index + 1} · {worst[0].strokes_lost} strokes lost"


def test_an_eightoff_game_says_the_move_that_lost_the_win_and_the_move_that_kept_it(make_app):
    game = played("eightoff-4", 2, 0, 30)
    app, scene = review_of(make_app, game)
    review = review_eightoff(game)
    assert scene.review == review
    lost = review.lost_the_win
    assert lost is not None and lost.better is not None
    kinds = [m.kind for m in marks(scene.review)]
    assert kinds[lost.index] == "lost-the-win"
    assert set(kinds[: lost.index]) <= {"kept", *BANDS}  # (kept, and in a band where the review grades lengths)
    assert scene.summary[0][0] == f"The win was lost at move {lost.index + 1}"
    assert scene.worst[0].index == lost.index  # (first: then the worst bands, where the review grades them)
    assert scene.worst[0].better == lost.better and " lost the win; " in scene.worst[0].sentence


def test_a_perfect_game_says_so_and_has_nothing_to_go_over(make_app):
    app, scene = review_of(make_app, perfect_golf())
    assert scene.review.perfect
    assert scene.summary[0][0] == "Perfect game"
    assert {m.kind for m in marks(scene.review)} == {PERFECT}
    assert scene.worst == [] and scene.show_buttons == []


def test_a_move_the_budget_leaves_open_is_not_graded_and_the_summary_says_how_many(make_app, monkeypatch):
    monkeypatch.setattr(review_scene, "SEARCH_STATES", 1)
    game = played("golf-classic", 5, 3)
    app, scene = review_of(make_app, game)
    assert scene.review == review_golf(game, 1)
    unknown = sum(1 for m in marks(scene.review) if m.kind == UNKNOWN)
    assert unknown == scene.review.unknown > 0
    said = [line for line, *_rest in scene.summary]
    assert f"{unknown} moves could not be graded in time" in said


def test_the_bar_moves_while_the_review_runs_and_the_frame_never_waits(make_app):
    app = make_app(size=(800, 480))
    app.ctx.jobs.held = True  # (the worker's answer held back: a slow review)
    game = played("golf-classic", 5, 3)
    scene = ReviewScene(app.ctx, Replay.of(game))
    app.replace(scene)
    run_frames(app, 2)
    assert scene.running and scene.bar.visible and scene.is_animating()
    assert scene.summary[0][0] == f"Reviewing {len(game.move_stack)} moves…"
    before = scene.bar.band()
    assert run_frames(app, 20) == 20  # every frame drawn: the band slides
    assert scene.bar.band() != before and scene.running
    app.ctx.jobs.held = False
    run_frames(app, 2)
    assert not scene.running and not scene.bar.visible and scene.review == review_golf(game)


def test_a_failed_review_says_so(make_app, monkeypatch):
    from game.solver import worker

    def broken(game, states=None):
        raise RuntimeError("no")

    monkeypatch.setattr(worker, "review_job", broken)
    app, scene = review_of(make_app, played("golf-classic", 5, 3))
    assert scene.failed and scene.summary[0][0] == "The solver could not review this game this time."


# -- Show, Watch, Copy, Back -------------------------------------------------------------------------
def test_show_opens_the_replay_before_that_move_with_its_sentence_and_the_better_move(make_app):
    game = played("golf-classic", 5, 3)
    app, scene = review_of(make_app, game)
    opened = fake_replays(app)
    worst = scene.worst[1]
    click(app, scene.show_buttons[1].rect.center)
    assert app.top is opened[-1]
    asked = opened[-1].asked
    assert asked["replay"] == Replay.of(game)
    assert (asked["start"], asked["note"], asked["better"]) == (worst.index, worst.sentence, worst.better)
    grade = review_golf(game).grades[worst.index]
    assert asked["better"] == grade.better is not None


def test_watch_opens_the_whole_game_and_back_closes_the_review(make_app):
    app = make_app(size=(800, 480))
    game = played("golf-classic", 5, 3)
    base = Opened(app.ctx)
    app.replace(base)
    app.push(ReviewScene(app.ctx, Replay.of(game)))
    run_frames(app, 3)
    scene = app.top
    opened = fake_replays(app)
    click(app, scene.watch_button.rect.center)
    assert opened[-1].asked["start"] == 0 and app.top is opened[-1]
    app.apply(Pop())
    run_frames(app)
    click(app, scene.back_button.rect.center)
    assert app.top is base


def test_copy_puts_the_replay_code_on_the_clipboard_and_says_copied(make_app):
    game = played("golf-classic", 5, 3)
    app, scene = review_of(make_app, game)
    click(app, scene.copy_button.rect.center)
    assert parse_replay_code(app.ctx.clipboard_get()) == Replay.of(game)
    assert scene.copy_button.label == "Copied"


def test_more_moves_pages_the_worst_moves_and_nothing_is_cut(make_app):
    try:
        app, scene = review_of(make_app, played("golf-classic", 5, 3), language="th")
        assert len(scene.pages) > 1
        shown = []
        for _ in scene.pages:
            shown += [scene.worst[i].index for i in scene.block_rects]
            for button in scene.show_buttons:
                assert scene.frame.panel_rect.contains(button.rect)
                assert button.rect.bottom < scene.back_button.rect.top
            click(app, scene.more_button.rect.center)
        assert sorted(shown) == sorted(w.index for w in scene.worst)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "el", "th"])
def test_every_button_is_finger_sized_inside_the_panel_and_none_overlaps(make_app, size, language):
    try:
        app, scene = review_of(make_app, played("golf-classic", 5, 3), size=size, language=language)
        target = scene.frame.design.target
        buttons = [w for w in scene.widgets if w is not scene.bar]
        for i, b in enumerate(buttons):
            assert b.rect.height >= target and scene.frame.panel_rect.contains(b.rect), (b.label, b.rect)
            assert b.rect.collidelist([o.rect for o in buttons[i + 1 :]]) == -1, b.label
            assert b.size == scene.frame.design.type.label and b.stands(b.size), b.label  # never shrunk alone
    finally:
        i18n.set_language("en")


def test_a_kiosk_has_no_copy_button_and_its_targets_are_a_kiosks(make_app):
    app = make_app(size=(800, 480), kiosk=True)
    scene = ReviewScene(app.ctx, Replay.of(played("golf-classic", 5, 3)))
    app.replace(scene)
    run_frames(app, 3)
    assert scene.copy_button not in scene.widgets
    assert all(w.rect.height >= 48 for w in scene.widgets if w is not scene.bar)


# -- the summary lines --------------------------------------------------------------------------------
def test_the_summary_lines_a_player_remembers():
    from game.model.moves import EightOffMove, GolfMove, Pile, PileKind
    from game.solver.review import Grade, Review
    from game.solver.review_eightoff import EightOffGrade, EightOffReview

    draw = GolfMove.DRAW
    grades = (Grade(0, draw, 0, 2), Grade(1, draw, 2, 2), Grade(2, draw, 2, 3))
    assert summary_lines(Review(grades, 0, 3))[0] == "3 strokes lost in 2 moves"
    assert summary_lines(Review((Grade(0, draw, 1, 2),), 1, 2))[0] == "1 stroke lost in 1 move"
    assert summary_lines(Review((Grade(0, draw, 1, 1),), 1, 1)) == [
        "Perfect game",
        "Your golf score: 1 · best possible for this deal: 1",
    ]
    move = EightOffMove(Pile(PileKind.COLUMN, 0), Pile(PileKind.CELL, 0), 1)
    kept = [EightOffGrade(k, move, KEPT) for k in range(30)]
    lost = EightOffReview((*kept, EightOffGrade(30, move, LOST_THE_WIN, move)), "winnable", "unwinnable")
    assert summary_lines(lost)[0] == "The win was lost at move 31"
    assert (
        summary_lines(EightOffReview(tuple(kept), "winnable", "winnable"), "won")[0] == "You kept the win all the way"
    )


@dataclass(frozen=True)
class Banded:
    """An Eight Off grade as the review's bands give it, every move known (the tests' own)."""

    index: int
    move: EightOffMove
    grade: str
    better: EightOffMove | None = None
    band: str | None = None
    extra: int | None = None
    reasons: tuple = ()

    @property
    def known(self) -> bool:
        return True


def test_eightoff_bands_show_when_the_review_gives_them():

    from game.scenes.review_text import legend, worst_moves
    from game.solver.review_eightoff import EightOffReview

    game = played("eightoff-8", 1, 0, 3)
    moves = list(game.move_stack)
    grades = (Banded(0, moves[0], KEPT), Banded(1, moves[1], KEPT, band="blunder", extra=9), Banded(2, moves[2], KEPT))
    review = EightOffReview(grades, "winnable", "winnable")  # type: ignore[arg-type]
    assert [m.kind for m in marks(review)] == ["kept", "blunder", "kept"]
    assert "blunder" in legend(review)
    assert summary_lines(review, "playing")[1] == "1 blunder"
    (worst,) = worst_moves(review, Replay.of(game))
    assert worst.index == 1 and worst.heading == "Move 2 · Blunder"
    assert worst.sentence.endswith("made the shortest win 9 moves longer.")


# -- the end panels ----------------------------------------------------------------------------------
def blocked_golf() -> GolfGame:
    rng = random.Random(23)
    game = GolfGame.new(rule="classic", number=23)
    while game.status == "playing":
        moves = game.legal_moves()
        plays = [m for m in moves if not m.is_draw]
        game.push(rng.choice(plays) if plays and rng.random() < 0.7 else moves[-1])
    return game


def end_panel(make_app, game, **app_args):
    app = make_app(size=(800, 480), **app_args)
    app.ctx.settings.tips = False
    app.ctx.settings.animation_speed = "off"
    table = open_table(app.ctx, game, resumed={})
    app.replace(table)
    settle(app)
    if app.ctx.kiosk:  # (a kiosk's first game of the day takes a place on its leaderboard: skipped)
        touch_tap(app, app.top.skip.rect.center)
        settle(app)
    assert isinstance(app.top, EndOverlay)
    return app, table, app.top


def button(panel, label):
    return next(b for b in panel.buttons if b.label == label)


def test_the_blocked_panel_opens_the_review_of_the_game_just_played(make_app):
    game = blocked_golf()
    app, table, panel = end_panel(make_app, game)
    labels = [b.label for b in panel.buttons]
    assert "Review" in labels and "Copy replay code" in labels
    click(app, button(panel, "Review").rect.center)
    assert isinstance(app.top, ReviewScene) and app.top.replay == Replay.of(game)
    settle(app)
    click(app, app.top.back_button.rect.center)
    assert app.top is panel


def test_the_end_panel_copies_the_replay_code_and_says_copied(make_app):
    game = blocked_golf()
    app, table, panel = end_panel(make_app, game)
    click(app, button(panel, "Copy replay code").rect.center)
    assert app.ctx.clipboard_get() == replay_code(Replay.of(game))
    assert "Copied" in [b.label for b in panel.buttons]


def test_a_kiosk_end_panel_reviews_but_has_no_clipboard(make_app):
    app, table, panel = end_panel(make_app, blocked_golf(), kiosk=True)
    labels = [b.label for b in panel.buttons]
    assert "Review" in labels and "Copy replay code" not in labels


def test_the_demos_game_has_no_review(make_app):
    app, table, panel = end_panel(make_app, blocked_golf())
    table.assist.demo_won = True  # (what the panel asks: the demo made the winning move)
    panel.resize(panel.size)
    labels = [b.label for b in panel.buttons]
    assert "Review" not in labels and "Copy replay code" not in labels


def test_an_eightoff_bands_reason_is_said_in_words():
    from game.scenes.review_text import BURIED, worst_moves
    from game.solver.review_eightoff import EightOffReview

    @dataclass(frozen=True)
    class Reason:
        code: str
        card: object = None
        other: object = None
        pile: object = None

    game = played("eightoff-8", 1, 0, 2)
    first, second = game.move_stack
    before = Replay.of(game).position(1)
    card = before.pile(second.src)[-second.count]
    other = before.columns[0][-1]
    grades = (
        Banded(0, first, KEPT, extra=0),
        Banded(1, second, KEPT, first, "mistake", 4, (Reason(BURIED, card, other),)),
    )
    (worst,) = worst_moves(EightOffReview(grades, "winnable", "winnable"), Replay.of(game))  # type: ignore[arg-type]
    assert worst.sentence == (
        f"{card.label} covered {other.label}, which the shortest win moved here. "
        "It made the shortest win 4 moves longer."
    )
    assert worst.better == first


def test_escape_closes_the_review(make_app):
    import pygame
    from conftest import key

    app = make_app(size=(800, 480))
    base = Opened(app.ctx)
    app.replace(base)
    app.push(ReviewScene(app.ctx, Replay.of(played("golf-classic", 5, 3))))
    run_frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert app.top is base


@pytest.mark.slow
@pytest.mark.parametrize("kind, number, seed, moves", [("golf-classic", 5, 3, 200), ("eightoff-4", 2, 0, 30)])
def test_the_review_runs_in_the_solver_process(make_app, kind, number, seed, moves):
    from conftest import answered

    game = played(kind, number, seed, moves)
    app = make_app(size=(800, 480), solver="process")
    scene = ReviewScene(app.ctx, Replay.of(game))
    app.replace(scene)
    run_frames(app)
    answered(app)
    expected = review_golf(game) if kind.startswith("golf") else review_eightoff(game)
    assert scene.review == expected


def test_the_review_speaks_the_language_chosen_while_it_is_open(make_app):
    app, scene = review_of(make_app, played("golf-classic", 5, 3))
    try:
        i18n.set_language("el")
        app.ctx.language_changed()
        run_frames(app)
        assert scene.worst[0].heading.startswith("Κίνηση ")
        assert scene.summary[0][0].endswith("κινήσεις")
    finally:
        i18n.set_language("en")
