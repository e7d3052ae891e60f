"""A win with no undo and no hint is a clean win. The statistics count clean wins apart
from assisted ones (a demo's wins are never the player's), and the end screen says so."""

from __future__ import annotations

import pygame
from helpers.saves import act, begun, winnable
from helpers.tables import free_card_center

from game.model.golf import GolfGame
from game.persist.stats import is_clean, summarize


def rows(*games):
    """(result, score, moves, hints, undos, seconds) rows."""
    return [(r, 350 if r == "won" else 0, 40, h, u, s) for r, h, u, s in games]


def test_a_clean_win_has_no_undo_and_no_hint():
    assert is_clean("won", 0, 0)
    assert not is_clean("won", 1, 0) and not is_clean("won", 0, 2)
    assert not is_clean("assisted", 0, 0) and not is_clean("blocked", 0, 0)


def test_the_summary_counts_clean_wins_apart_and_times_wins_only():
    s = summarize(
        rows(
            ("won", 0, 0, 90.0),
            ("won", 2, 0, 60.0),
            ("won", 0, 1, 0.0),
            ("assisted", 0, 0, 30.0),
            ("blocked", 0, 0, 20.0),
        )
    )
    assert (s.won, s.clean_wins, s.assisted) == (3, 1, 1)
    assert s.best_time == 60.0 and s.average_win_time == 75.0  # 0 s: a win from before the timer
    empty = summarize([])
    assert empty.clean_wins == 0 and empty.best_time is None and empty.average_win_time is None


def test_clean_and_assisted_wins_are_recorded_apart(data_dir):
    progress, game = begun(data_dir, winnable)
    while game.status == "playing":
        act(progress, game)
    assert progress.clean
    progress.begin(game2 := winnable())
    progress.hint_used()
    while game2.status == "playing":
        act(progress, game2)
    progress.begin(game3 := winnable())
    act(progress, game3)
    while game3.status == "playing":
        act(progress, game3, by_demo=True)
    s = progress.stats.summary("golf", "easy")
    assert (s.played, s.won, s.clean_wins, s.assisted) == (3, 2, 1, 1)


def test_the_win_screen_says_clean_win_only_when_it_was(make_player):  # noqa: F811
    def win(undo_first: bool):
        game = GolfGame.from_layout([["5D", "6H"], [], [], [], [], [], []], ["7S"], ["2C"])
        p = make_player(game)
        if undo_first:
            p.click(free_card_center(p.scene, 0), settle=30)
            p.key(pygame.K_z, pygame.KMOD_CTRL)
            p.frames(30)
        p.click(free_card_center(p.scene, 0), settle=30)
        p.click(free_card_center(p.scene, 0), settle=90)
        assert game.status == "won"
        return p.scene.lines()

    assert "Clean win: no undo, no hint." in win(False)
    assert "Clean win: no undo, no hint." not in win(True)
