"""Every field of settings.json within a stated bound before it is used: a text's length, a number's
range, a table's entries; a language code is one of the known languages before it names a file."""

from __future__ import annotations

import json
import logging
from dataclasses import fields

import pytest

from game import i18n
from game.settings import RULES, TEXT_LIMIT, Settings

TEXT_FIELDS = [f.name for f in fields(Settings) if isinstance(getattr(Settings(), f.name), str)]
NUMBER_FIELDS = [
    f.name
    for f in fields(Settings)
    if type(getattr(Settings(), f.name)) is int  # (a bool is no number here)
]
TABLE_FIELDS = [f.name for f in fields(Settings) if isinstance(getattr(Settings(), f.name), dict)]


def load(tmp_path, data: dict) -> Settings:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return Settings.load(path)


def test_every_field_has_a_rule_and_every_text_number_and_table_a_bound():
    assert set(RULES) == {f.name for f in fields(Settings)}
    for name in TEXT_FIELDS:
        assert RULES[name].longest is not None and RULES[name].longest <= TEXT_LIMIT, name
    for name in NUMBER_FIELDS:
        assert RULES[name].span is not None, name
    for name in TABLE_FIELDS:
        assert RULES[name].entries is not None, name
    for name, rule in RULES.items():  # every default keeps its own rule
        assert rule.fault(getattr(Settings(), name)) is None, name


@pytest.mark.parametrize("name", TEXT_FIELDS)
def test_an_overlong_text_gives_the_default_with_a_warning(tmp_path, caplog, name):
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        s = load(tmp_path, {name: "a" * 5000})
    assert getattr(s, name) == getattr(Settings(), name)
    assert f"{name} is longer than" in caplog.text and "a" * 200 not in caplog.text


@pytest.mark.parametrize("name", NUMBER_FIELDS)
@pytest.mark.parametrize("value", [-1, 10**6, 2**63, -(2**63) - 1])
def test_a_number_out_of_range_gives_the_default(tmp_path, caplog, name, value):
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        s = load(tmp_path, {name: value})
    assert getattr(s, name) == getattr(Settings(), name)
    assert f"{name} is out of range" in caplog.text


@pytest.mark.parametrize("name", TABLE_FIELDS)
def test_a_table_of_too_many_entries_gives_the_default_with_one_warning(tmp_path, caplog, name):
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        s = load(tmp_path, {name: {f"golf-{i}": True for i in range(5000)}})
    assert getattr(s, name) == getattr(Settings(), name)
    assert len(caplog.records) == 1 and "more than" in caplog.text


def test_a_switch_named_by_an_overlong_kind_is_ignored(tmp_path):
    s = load(tmp_path, {"winnable_only": {"golf-" + "z" * 5000: False, "golf-classic": False}})
    assert s.winnable_only["golf-classic"] is False and all(len(k) < 100 for k in s.winnable_only)


@pytest.mark.parametrize("code", ["a" * 253, "a" * 5000, "de", "../el", "el/../../x", "EL\x00", "ελ"])
def test_a_language_that_is_no_known_code_gives_the_systems(tmp_path, caplog, code):
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        s = load(tmp_path, {"language": code})
    assert s.language == ""
    assert "language" in caplog.text


@pytest.mark.parametrize("code", ["a" * 253, "a" * 5000, "de", "../el", "EL\x00", "ελ", "x y"])
def test_set_language_never_makes_a_path_of_an_unknown_code(monkeypatch, caplog, code):
    seen = []
    monkeypatch.setattr(i18n, "_read", lambda path: seen.append(path))
    with caplog.at_level(logging.WARNING, logger="game.i18n"):
        assert i18n.set_language(code) == "en"
    assert seen == [] and caplog.records and "a" * 100 not in caplog.text
    i18n.set_language("en")


def test_a_known_language_is_still_chosen_in_any_case():
    try:
        assert i18n.set_language("EL") == "el" and i18n.set_language("th") == "th"
    finally:
        i18n.set_language("en")


def test_a_settings_file_with_a_253_letter_language_starts_the_game_in_english(make_app, config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.json").write_text(json.dumps({"language": "x" * 253}), encoding="utf-8")
    try:
        app = make_app(size=(800, 480))
        assert i18n.language() in {"en", "el", "th"} and app.settings.language == ""
    finally:
        i18n.set_language("en")


def test_set_language_with_the_long_code_itself_does_not_raise():
    """(The settings refuse such a code first; set_language refuses it again, for any other caller.)"""
    try:
        assert i18n.set_language("x" * 253) == "en"
    finally:
        i18n.set_language("en")
