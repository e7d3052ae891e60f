"""Random games of both games for the replay tests: hypothesis strategies of games played on from a
deal by moves picked among the legal ones."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import strategies as st

from game.model.codes import MAX_NUMBER, DealCode
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.golf_rules import GolfRules


def play_random(game: Any, choices: Iterable[int]) -> Any:
    """Play the game on from where it is, each move the one `choices`' next number picks among the
    legal ones, until the numbers or the moves run out; the game, changed."""
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.push(moves[choice % len(moves)])
    return game


#: A Golf game of any rule set and deal, played some moves or to its end (a line is at most 54 moves).
golf_games = st.builds(
    lambda rules, number, choices: play_random(GolfGame.from_code(DealCode("golf", rules.variant, number)), choices),
    st.sampled_from(GolfRules.every()),
    st.integers(1, MAX_NUMBER),
    st.lists(st.integers(0, 99), max_size=60),
)
#: An Eight Off game of any cell count and deal, played a few moves.
eightoff_games = st.builds(
    lambda cells, number, choices: play_random(EightOffGame.new(cells, number), choices),
    st.sampled_from([8, 4, 2]),
    st.integers(1, MAX_NUMBER),
    st.lists(st.integers(0, 999), min_size=1, max_size=30),
)
