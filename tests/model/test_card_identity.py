"""One object per card (game/model/cards.py): equality and hashing are identity's, so every way of
getting a card must give that one object, and the value behaviour must not change."""

import copy
import pickle

import pytest

from game.model.cards import FULL_DECK, Card


def test_constructing_or_parsing_a_card_gives_its_one_object():
    assert Card(10, "S") is Card.parse("ts") is FULL_DECK[9]
    assert len({id(Card.parse(str(c))) for c in FULL_DECK}) == 52


@pytest.mark.parametrize("clone", [copy.copy, copy.deepcopy, lambda c: pickle.loads(pickle.dumps(c))])
def test_copies_and_unpickled_cards_are_the_same_card(clone):
    for card in FULL_DECK:
        assert clone(card) is card
    assert clone([Card(1, "H"), Card(2, "H")]) == [Card(1, "H"), Card(2, "H")]


def test_equal_cards_find_each_other_in_sets_and_dicts():
    seen = {Card.parse("QD"): "queen"}
    assert seen[Card(12, "D")] == "queen"
    assert Card(12, "D") in {Card.parse("qd")}
    assert Card(12, "D") != Card(12, "H") and Card(12, "D") != "QD"


def test_ordering_is_by_rank_then_suit_letter():
    assert sorted(FULL_DECK) == sorted(FULL_DECK, key=lambda c: (c.rank, c.suit))
    assert Card(2, "S") < Card(3, "C") and Card(5, "C") < Card(5, "D") <= Card(5, "D")
    with pytest.raises(TypeError):
        _ = Card(5, "C") < (5, "C")


@pytest.mark.parametrize("rank, suit", [(True, "S"), (1.0, "S"), ("1", "S"), (1, "s"), (1, "SS"), (1, 0)])
def test_look_alike_ranks_and_suits_are_refused(rank, suit):
    # (True, 'S') and (1.0, 'S') equal (1, 'S') as dictionary keys: they must not find the Ace
    with pytest.raises(ValueError):
        Card(rank, suit)


def test_cards_cannot_be_changed_or_given_new_fields():
    card = Card(7, "C")
    for name in ("rank", "suit", "other"):
        with pytest.raises(AttributeError):
            setattr(card, name, 1)
    with pytest.raises(AttributeError):
        del card.rank
    assert repr(card) == "Card(rank=7, suit='C')"


def test_every_card_carries_its_two_letter_code_and_it_cannot_change():
    from game.model.cards import JOKERS

    for card in (*FULL_DECK, *JOKERS):
        assert card.code == str(card) and Card.parse(card.code) is card
    assert str(Card(10, "S")) == "TS" and str(JOKERS[0]) == "X1"
    with pytest.raises(AttributeError):
        Card(1, "S").code = "KS"  # type: ignore[misc]
