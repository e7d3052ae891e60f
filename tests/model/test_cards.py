"""Card values and their two-letter notation (RULES.md, "Card notation")."""

import itertools

import pytest

from game.model.cards import Card

RANKS = "A23456789TJQK"
SUITS = "SHDC"
ALL_NAMES = [r + s for s, r in itertools.product(SUITS, RANKS)]


def test_card_str_is_rank_letter_then_suit_letter():
    assert str(Card(10, "S")) == "TS"
    assert str(Card(1, "H")) == "AH"
    assert str(Card(13, "C")) == "KC"
    assert str(Card(12, "D")) == "QD"
    assert str(Card(11, "S")) == "JS"
    assert str(Card(2, "H")) == "2H"


def test_ranks_run_from_ace_1_to_king_13():
    for value, letter in enumerate(RANKS, start=1):
        assert Card.parse(letter + "S").rank == value


@pytest.mark.parametrize("name", ALL_NAMES)
def test_parse_and_str_round_trip_for_all_52_cards(name):
    card = Card.parse(name)
    assert str(card) == name
    assert card.suit == name[1]


def test_parse_is_case_insensitive():
    assert Card.parse("ts") == Card(10, "S")
    assert Card.parse("aH") == Card(1, "H")


@pytest.mark.parametrize("text", ["", "T", "1S", "0S", "TX", "XS", "TSS", "S T", "ZZ"])
def test_parse_rejects_bad_text_with_value_error(text):
    with pytest.raises(ValueError):
        Card.parse(text)


def test_cards_are_hashable_and_equal_by_value():
    cards = {Card.parse(n) for n in ALL_NAMES}
    assert len(cards) == 52
    assert Card(5, "D") == Card.parse("5D")
    assert hash(Card(5, "D")) == hash(Card.parse("5D"))
    assert Card(5, "D") != Card(5, "H")


def test_cards_are_frozen():
    card = Card(5, "D")
    with pytest.raises(AttributeError):
        card.rank = 6  # type: ignore[misc]


@pytest.mark.parametrize("rank, suit", [(0, "S"), (14, "S"), (5, "X")])
def test_card_constructor_rejects_invalid_rank_or_suit(rank, suit):
    # spec-choice: rank 1..13 and suit one of S H D C are enforced on construction.
    with pytest.raises(ValueError):
        Card(rank, suit)


def test_label_is_the_display_form():
    assert Card(10, "S").label == "10♠"
    assert Card(1, "H").label == "A♥"
    assert Card(13, "D").label == "K♦"
    assert Card(7, "C").label == "7♣"
