"""The examples' deal finders (tools/find_examples.py) find again the lines the Help ships."""

from __future__ import annotations

from game.help import examples
from game.model.codes import parse_code
from tools import find_examples


def test_the_finders_give_back_the_shipped_lines():
    ex = examples.load()
    assert find_examples.block_line(40, "C") == list(ex["golf-block"].parts[0].line)
    move, line = find_examples.group_limit(325)
    assert move == 29 and line == list(ex["eightoff-group-real"].parts[0].line)
    assert find_examples.ace_on_king_line(40) == list(ex["golf-won-game"].parts[0].line)
    opening = parse_code(ex["golf-opening"].parts[0].start["code"]).number
    assert find_examples.opening(opening) and not find_examples.opening(1)
