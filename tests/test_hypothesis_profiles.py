"""The Hypothesis profile is the one HYPOTHESIS_PROFILE names ("dev" when unset): "ci" draws the same
examples on every run, keeps no database and prints the blob of a failure; "dev" draws new ones and
keeps the failures. A test's own settings change only the fields they name."""

from __future__ import annotations

import os

import pytest
from conftest import load_hypothesis_profile
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument


@pytest.fixture
def profile_back():
    """The profile loaded at start-up is loaded again after the test."""
    name = settings.get_current_profile_name()
    yield
    settings.load_profile(name)


def test_the_profile_loaded_is_the_one_the_environment_names():
    assert settings.get_current_profile_name() == (os.environ.get("HYPOTHESIS_PROFILE") or "dev")


@pytest.mark.parametrize(
    "environ, name", [({}, "dev"), ({"HYPOTHESIS_PROFILE": ""}, "dev"), ({"HYPOTHESIS_PROFILE": "ci"}, "ci")]
)
def test_each_profile_is_loaded_by_its_name(profile_back, environ, name):
    assert load_hypothesis_profile(environ) == name == settings.get_current_profile_name()
    current = settings.default
    assert current.deadline is None
    if name == "ci":
        assert current.derandomize and current.database is None and current.print_blob
    else:
        assert not current.derandomize and current.database is not None
    own = settings(max_examples=7, deadline=1000)  # as a test's own @settings
    assert own.max_examples == 7 and own.derandomize == current.derandomize and own.database == current.database


def test_an_unknown_profile_is_refused(profile_back):
    with pytest.raises(InvalidArgument):
        load_hypothesis_profile({"HYPOTHESIS_PROFILE": "nonesuch"})


@settings(max_examples=3)
@given(st.integers())
def test_a_tests_own_settings_keep_the_loaded_profiles_other_fields(_):
    profile = settings.get_profile(settings.get_current_profile_name())
    assert settings.default.max_examples == 3  # (settings.default: the running test's settings)
    assert settings.default.derandomize == profile.derandomize and settings.default.deadline == profile.deadline
