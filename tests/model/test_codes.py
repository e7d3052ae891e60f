"""Deal codes (RULES.md, "Deal codes")."""

import pytest
from helpers.positions import encode
from hypothesis import given
from hypothesis import strategies as st

from game.model.codes import DealCode, InvalidCode, parse_code

MAX = 26**7 - 1
VARIANTS = [
    ("GO1", "golf", "E"),
    ("GO1", "golf", "C"),
    ("EO1", "eightoff", "C8"),
    ("EO1", "eightoff", "C4"),
    ("EO1", "eightoff", "C2"),
]


def test_reference_encoder_matches_the_spec_examples():
    assert encode(1) == "AAAAAAB"
    assert encode(130) == "AAAAAFA"


def test_aaaaaab_is_number_1():
    code = parse_code("GO1-E-AAAAAAB")
    assert (code.game, code.variant, code.number) == ("golf", "E", 1)


def test_aaaaafa_is_number_130():
    assert parse_code("GO1-C-AAAAAFA").number == 130
    assert parse_code("EO1-C8-AAAAAFA").number == 130


def test_largest_number_is_26_pow_7_minus_1():
    assert parse_code("EO1-C2-ZZZZZZZ").number == MAX


@pytest.mark.parametrize("prefix, game, variant", VARIANTS)
def test_each_game_and_variant_parses(prefix, game, variant):
    code = parse_code(f"{prefix}-{variant}-AAAAAFA")
    assert (code.game, code.variant, code.number) == (game, variant, 130)
    assert str(code) == f"{prefix}-{variant}-AAAAAFA"


def test_old_n_rule_letter_reads_as_easy():
    code = parse_code("GO1-N-AAAAAAB")
    assert code.variant == "E"
    assert str(code) == "GO1-E-AAAAAAB"


def test_lenient_reading_of_spaces_and_lower_case():
    assert str(parse_code(" go1-n-aaaaaab ")) == "GO1-E-AAAAAAB"
    assert str(parse_code("\teo1-c4-aaaaafa\n")) == "EO1-C4-AAAAAFA"


def test_dealcode_str_is_canonical():
    assert str(DealCode("golf", "E", 1)) == "GO1-E-AAAAAAB"
    assert str(DealCode("eightoff", "C4", 130)) == "EO1-C4-AAAAAFA"


def test_same_code_parses_equal_every_time():
    assert parse_code("GO1-E-ABCDEFG") == parse_code("GO1-E-ABCDEFG")


@given(st.integers(1, MAX), st.sampled_from(VARIANTS))
def test_code_round_trips_for_every_valid_number(number, variant):
    prefix, game, letter = variant
    text = f"{prefix}-{letter}-{encode(number)}"
    code = parse_code(text)
    assert (code.game, code.variant, code.number) == (game, letter, number)
    assert str(code) == text
    assert str(DealCode(game, letter, number)) == text


# -- refusals: InvalidCode(ValueError) with a reason saying what is wrong --


def reason_of(text):
    with pytest.raises(InvalidCode) as info:
        parse_code(text)
    assert isinstance(info.value, ValueError)
    assert str(info.value), "the refusal must carry a message"
    return info.value.reason


@pytest.mark.parametrize("text", ["XX1-E-AAAAAAB", "GO2-E-AAAAAAB", "EO2-C8-AAAAAAB", "FC1-C8-AAAAAAB"])
def test_unknown_prefix_is_refused(text):
    assert reason_of(text) == "prefix"


@pytest.mark.parametrize(
    "text", ["GO1-X-AAAAAAB", "GO1-C8-AAAAAAB", "EO1-C3-AAAAAAB", "EO1-E-AAAAAAB", "EO1-C-AAAAAAB", "EO1-N-AAAAAAB"]
)
def test_bad_rule_letter_is_refused(text):
    assert reason_of(text) == "rule"


@pytest.mark.parametrize("text", ["GO1-E-AAAAAB", "GO1-E-AAAAAAAB", "EO1-C8-B", "GO1-E-"])
def test_wrong_length_is_refused(text):
    assert reason_of(text) == "length"


@pytest.mark.parametrize("text", ["GO1-E-AAAAA1B", "EO1-C8-AAAA.AB", "GO1-E-AAAAÄAB"])
def test_bad_letter_is_refused(text):
    assert reason_of(text) == "letter"


@pytest.mark.parametrize("text", ["GO1-E-AAAAAAA", "EO1-C2-aaaaaaa"])
def test_number_zero_is_refused(text):
    assert reason_of(text) == "zero"


@pytest.mark.parametrize("text", ["", "   ", "GO1", "GO1-E", "GO1EAAAAAAB", "-", "--", "GO1-E-AAAAAAB-X", "🂡"])
def test_garbage_is_refused_without_crashing(text):
    with pytest.raises(InvalidCode):
        parse_code(text)


def test_each_problem_gets_its_own_message():
    bad = ["XX1-E-AAAAAAB", "GO1-X-AAAAAAB", "GO1-E-AAAAAB", "GO1-E-AAAAA1B", "GO1-E-AAAAAAA"]
    messages = []
    for text in bad:
        with pytest.raises(InvalidCode) as info:
            parse_code(text)
        messages.append(str(info.value))
    assert len(set(messages)) == len(bad), messages
