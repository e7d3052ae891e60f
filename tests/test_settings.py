"""Settings: defaults, round trip, atomic writes, and damaged files that never crash."""

from __future__ import annotations

import json
import logging

import pytest
from conftest import click, run_frames

from game.settings import Settings, default_path


def test_defaults_are_the_first_run_experience():
    s = Settings()
    assert (
        s.interactive_rules,
        s.sound,
        s.animation_speed,
        s.highlight_playable,
        s.fullscreen,
        s.four_colour,
        s.last_game,
        s.golf_rule,
        s.eightoff_cells,
        s.card_back,
        s.table_colour,
    ) == (True, True, "normal", True, True, False, "golf", "easy", 8, "lattice", "green")


def test_round_trip(tmp_path):
    path = tmp_path / "a" / "settings.json"
    s = Settings(
        sound=False,
        animation_speed="fast",
        eightoff_cells=2,
        golf_rule="classic",
        language="el",
        card_back="stars",
        table_colour="dark",
    )
    assert s.save(path)
    assert Settings.load(path) == s
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left behind


def test_env_override_sets_the_directory(config_dir):
    assert default_path() == config_dir / "settings.json"
    Settings(four_colour=True).save()
    assert Settings.load().four_colour is True


def test_missing_file_gives_defaults(tmp_path):
    assert Settings.load(tmp_path / "nope.json") == Settings()


@pytest.mark.parametrize("content", ["{not json", "", "[1, 2]", "null", "\x00\x01"])
def test_corrupt_file_gives_defaults_with_a_warning(tmp_path, caplog, content):
    path = tmp_path / "settings.json"
    path.write_text(content)
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        assert Settings.load(path) == Settings()
    assert caplog.records


def test_bad_fields_fall_back_one_by_one(tmp_path, caplog):
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {
                "sound": False,  # good
                "fullscreen": "yes",  # wrong type
                "eightoff_cells": 3,  # unknown value
                "animation_speed": "ludicrous",  # unknown value
                "golf_rule": "classic",  # good
                "interactive_rules": 1,  # an int is not a bool
                "card_back": "tartan",  # unknown value
                "table_colour": "purple",  # unknown value
                "eightoff_cells_typo": 4,  # unknown key: ignored
            }
        )
    )
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        s = Settings.load(path)
    assert s.sound is False and s.golf_rule == "classic"
    assert s.fullscreen is True and s.eightoff_cells == 8 and s.animation_speed == "normal"
    assert s.interactive_rules is True
    assert s.card_back == "lattice" and s.table_colour == "green"
    assert len(caplog.records) == 6


def test_unwritable_directory_does_not_crash(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        assert Settings().save(blocker / "sub" / "settings.json") is False
    assert caplog.records


def test_settings_survive_a_restart(make_app, config_dir):
    from game.scenes.settings_scene import SettingsScene

    app = make_app(scene=SettingsScene)
    scene = app.top
    click(app, scene.toggles["highlight_playable"].rect.center)
    click(app, scene.speed.segment_rect(2).center)  # animation: off
    click(app, scene.toggles["sound"].rect.center)
    assert app.ctx.audio.muted  # muted at once
    app.close()
    again = make_app()
    assert again.settings.highlight_playable is False
    assert again.settings.animation_speed == "off"
    assert again.settings.sound is False
    assert again.ctx.anim(0.4) == 0.0


def test_corrupt_settings_file_at_start_up(make_app, config_dir):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.json").write_text('{"sound": tru')
    app = make_app()
    assert app.settings == Settings()
    run_frames(app)


def test_a_settings_file_that_is_not_utf8_gives_defaults(tmp_path, caplog):
    from game.settings import Settings

    path = tmp_path / "settings.json"
    path.write_bytes(b'{"sound": \xff\xfe true}')
    assert Settings.load(path) == Settings()
    assert [r.getMessage() for r in caplog.records if "not UTF-8" in r.getMessage()]
