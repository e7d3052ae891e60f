"""The examples in the model's and the registry's docstrings are true (they document the API)."""

import doctest
import importlib

import pytest

MODULES = [
    "game.model.cards",
    "game.model.codes",
    "game.model.golf_rules",
    "game.model.moves",
    "game.model.round_code",
    "game.model.course",
    "game.model.replay",
    "game.model.replay_code",
    "game.registry",
    "game.ui.design",
    "game.ui.text",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
