"""A round of golf: nine holes, par 45, round codes, give up, undo within a hole, JSON."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.model import IllegalMove
from game.model.codes import MAX_NUMBER, InvalidCode, parse_code
from game.model.course import PAR, GolfRound, par_text
from game.model.golf import GolfGame, hole_score
from game.model.golf_rules import GolfRules
from game.model.round_code import (
    WINNABLE_SPAN,
    InvalidRoundCode,
    RoundCode,
    deals_of,
    is_round_code,
    parse_round_code,
    round_numbers,
)


def play_out(game: GolfGame, rng: random.Random | None = None) -> None:
    """Play a hole to its end: a random legal move each time (the first one without `rng`)."""
    while game.status == "playing":
        moves = game.legal_moves()
        game.push(rng.choice(moves) if rng else moves[0])


def reference_numbers(number: int, span: int, accept=lambda n: True) -> list[int]:
    """The documented derivation written out again, independently of round_code.py."""
    state, out = number, []
    while len(out) < 9:
        state = (6364136223846793005 * state + 1442695040888963407) % 2**64
        candidate = (state >> 16) % span + 1
        if candidate not in out and accept(candidate):
            out.append(candidate)
    return out


# -- round codes ---------------------------------------------------------------------------------------
def test_a_round_code_reads_back_canonically():
    code = parse_round_code(" gr1-n-aaaaaab ")
    assert code == RoundCode(GolfRules.EASY, 1) and str(code) == "GR1-E-AAAAAAB"
    assert str(parse_round_code("GR1-j2+c-BCDEFGH")) == "GR1-C+J2-BCDEFGH"
    assert parse_round_code("GW1-S-AAAAAAB").winnable


@given(st.integers(1, MAX_NUMBER), st.sampled_from(GolfRules.every()), st.booleans())
@settings(max_examples=80, deadline=None)
def test_every_round_code_round_trips(number, rules, winnable):
    code = RoundCode(rules, number, winnable)
    assert parse_round_code(str(code)) == code
    assert parse_round_code(str(code).lower()) == code


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("GO1-E-AAAAAAB", "prefix"),
        ("XX1-E-AAAAAAB", "prefix"),
        ("GR1-AAAAAAB", "format"),
        ("GR1-E-AAAAAAB-C", "format"),
        ("GR1-Q-AAAAAAB", "rule"),
        ("GR1-C8-AAAAAAB", "rule"),
        ("GR1-E-AAAAAB", "length"),
        ("GR1-E-AAAAA1B", "letter"),
        ("GR1-E-AAAAAAA", "zero"),
    ],
)
def test_bad_round_codes_are_refused_with_their_reason(text, reason):
    with pytest.raises(InvalidRoundCode) as caught:
        parse_round_code(text)
    assert caught.value.reason == reason
    assert isinstance(caught.value, InvalidCode)  # whoever catches a code's error catches this one
    assert str(caught.value).endswith(".")


def test_round_codes_are_told_from_deal_codes():
    assert is_round_code("gr1-e-x") and is_round_code(" GW1-C-AAAAAAB")
    assert not is_round_code("GO1-E-AAAAAAB") and not is_round_code("") and not is_round_code(None)  # type: ignore[arg-type]


@given(st.integers(1, MAX_NUMBER))
@settings(max_examples=60, deadline=None)
def test_the_nine_deals_follow_the_documented_derivation(number):
    numbers = round_numbers(number)
    assert numbers == reference_numbers(number, MAX_NUMBER)
    assert len(set(numbers)) == 9 and all(1 <= n <= MAX_NUMBER for n in numbers)


def test_a_round_code_reproduces_its_nine_deals_under_its_rules():
    first, again = GolfRound("GR1-C+J2-QXKZMTA"), GolfRound("GR1-C+J2-QXKZMTA")
    assert first.deal_codes == again.deal_codes
    assert all(parse_code(c).rules == GolfRules.parse("C+J2") for c in first.deal_codes)
    assert [GolfGame.from_code(c).to_json() for c in first.deal_codes] == [
        GolfGame.from_code(c).to_json() for c in again.deal_codes
    ]
    # the same number under another rule set: the same nine deal numbers (the same 52 cards each)
    assert GolfRound("GR1-E-QXKZMTA").numbers == first.numbers
    assert GolfRound("GR1-E-QXKZMTB").numbers != first.numbers


def test_a_winnable_round_takes_only_accepted_deals_within_the_span():
    table = set(range(1, WINNABLE_SPAN + 1, 7))
    code = parse_round_code("GW1-E-ABCDEFG")
    numbers = deals_of(code, table.__contains__)
    assert numbers == reference_numbers(code.number, WINNABLE_SPAN, table.__contains__)
    assert all(n in table for n in numbers)
    made = GolfRound(code, accept=table.__contains__)
    assert made.winnable and list(made.numbers) == numbers and made.code.startswith("GW1-")
    with pytest.raises(ValueError):
        GolfRound(code)  # which deals are winnable is the table's to say
    with pytest.raises(ValueError):
        deals_of(code, {1, 2, 3}.__contains__)  # too few listed deals for nine holes


def test_a_new_round_is_random_and_valid():
    made = GolfRound.new("strict", random.Random(4))
    assert made.rules == GolfRules.STRICT and not made.winnable and made.hole == 1
    assert GolfRound.new("strict", random.Random(4)).code == made.code
    assert GolfRound.new("classic", random.Random(5), accept=lambda n: n % 2 == 0).winnable


# -- playing a round ----------------------------------------------------------------------------------
def test_a_whole_round_through_the_model():
    rnd = GolfRound("GR1-C-HOLEINE")
    seen = []
    for hole in range(1, 10):
        assert rnd.hole == hole and rnd.game.code == rnd.deal_codes[hole - 1]
        assert rnd.card()[hole - 1 :] == [None] * (10 - hole)
        play_out(rnd.game)
        expected = hole_score(rnd.game)
        assert rnd.hole_over and rnd.pending_score == expected
        assert rnd.card()[hole - 1] == expected and rnd.scores == tuple(seen)  # pending, not final yet
        nxt = rnd.next_hole()
        seen.append(expected)
        assert rnd.scores == tuple(seen)
        assert (nxt is None) == (hole == 9)
    assert rnd.finished and not rnd.hole_over and rnd.pending_score is None
    assert rnd.total == sum(seen) and rnd.against_par == sum(seen) - PAR == rnd.to_par
    assert rnd.card() == seen
    assert rnd.holes_won == sum(s <= 0 for s in seen)
    with pytest.raises(IllegalMove) as caught:
        rnd.next_hole()
    assert caught.value.reason == "round-over"


def test_to_par_runs_with_the_holes_finished_and_the_standing_with_the_hole_just_ended():
    rnd = GolfRound("GR1-E-AAAAAAB")
    rnd._advance(3)  # (as next_hole does, with chosen scores)
    rnd._advance(4)
    assert rnd.total == 7 and rnd.to_par == -3 == rnd.standing and rnd.against_par == 7 - 45
    play_out(rnd.game)
    pending = rnd.pending_score
    assert rnd.to_par == -3 and rnd.standing == -3 + pending - 5


def test_par_is_written_as_golfers_write_it():
    assert [par_text(n) for n in (3, 0, -2)] == ["+3", "E", "\u22122"]


def test_the_next_hole_waits_for_the_hole_to_end():
    rnd = GolfRound("GR1-E-AAAAAAB")
    with pytest.raises(IllegalMove) as caught:
        rnd.next_hole()
    assert caught.value.reason == "hole-in-play" and rnd.hole == 1


def test_undo_within_a_hole_and_a_score_final_once_the_next_hole_is_dealt():
    rnd = GolfRound("GR1-C-AAAAAFA")
    game = rnd.game
    play_out(game)
    while game.status != "blocked":  # find a hole that blocks (a won one is final anyway)
        rnd.next_hole()
        game = rnd.game
        play_out(game)
    hole, blocked_score = rnd.hole, rnd.pending_score
    game.pop()  # undo, as in a single game: the hole is in play again, with no score
    assert game.status == "playing" and rnd.pending_score is None and not rnd.hole_over
    with pytest.raises(IllegalMove):
        rnd.next_hole()
    play_out(game)
    assert rnd.pending_score == blocked_score
    rnd.next_hole()
    assert rnd.scores[hole - 1] == blocked_score and rnd.game is not game
    game.pop()  # the old hole's game is no longer the round's: its score stays
    assert rnd.scores[hole - 1] == blocked_score and rnd.hole == hole + 1


def test_giving_up_scores_the_cards_on_the_tableau_and_deals_the_next_hole():
    rnd = GolfRound("GR1-E-GIVEUPS")
    game = rnd.game
    game.push(game.legal_moves()[0])
    left = game.tableau_count
    nxt = rnd.give_up()
    assert rnd.scores == (left,) and rnd.given_up == (1,) and nxt is rnd.game and rnd.hole == 2
    assert rnd.game.code == rnd.deal_codes[1] and rnd.game.moves == 0
    play_out(rnd.game)
    with pytest.raises(IllegalMove) as caught:
        rnd.give_up()
    assert caught.value.reason == "hole-over"
    for _ in range(7):
        rnd.give_up() if rnd.game.status == "playing" else rnd.next_hole()
    assert rnd.hole == 9
    assert rnd.give_up() is None if rnd.game.status == "playing" else rnd.next_hole() is None
    assert rnd.finished
    with pytest.raises(IllegalMove):
        rnd.give_up()


def test_an_untouched_round_has_not_started():
    rnd = GolfRound("GR1-E-AAAAAAB")
    assert not rnd.started
    rnd.game.push(rnd.game.legal_moves()[0])
    assert rnd.started


# -- JSON -----------------------------------------------------------------------------------------------
def mid_round() -> GolfRound:
    rnd = GolfRound("GR1-E-QXKZMTA")
    rng = random.Random(3)
    for _ in range(3):
        play_out(rnd.game, rng)
        rnd.next_hole()
    rnd.give_up()
    game = rnd.game
    for _ in range(4):
        game.push(rng.choice(game.legal_moves()))
    game.pop()
    return rnd


def same(a: GolfRound, b: GolfRound) -> None:
    assert (a.code, a.numbers, a.scores, a.given_up, a.hole, a.finished) == (
        b.code,
        b.numbers,
        b.scores,
        b.given_up,
        b.hole,
        b.finished,
    )
    assert a.game.to_json() == b.game.to_json() and a.game.can_undo == b.game.can_undo


def test_json_round_trip_keeps_everything():
    rnd = mid_round()
    same(GolfRound.from_json(rnd.to_json()), rnd)
    without = rnd.to_json(include_game=False)
    assert "game" not in json.loads(without)
    same(GolfRound.from_json(without, GolfGame.from_json(rnd.game.to_json())), rnd)


def test_json_of_a_finished_round_and_of_a_hole_over():
    rnd = GolfRound("GR1-E-AAAAAAB")
    play_out(rnd.game)
    same(GolfRound.from_json(rnd.to_json()), rnd)  # pending: the score comes from the game
    for _ in range(8):
        rnd.next_hole()
        play_out(rnd.game)
    rnd.next_hole()
    same(GolfRound.from_json(rnd.to_json()), rnd)
    assert GolfRound.from_json(rnd.to_json(include_game=False)).finished


def tampered(change) -> str:
    doc = json.loads(mid_round().to_json())
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format=2),
        lambda d: d.update(round="eightoff"),
        lambda d: d.update(code="GR1-E-QXKZMTB"),  # other deals than its own
        lambda d: d.update(code="GO1-E-QXKZMTA"),
        lambda d: d["deals"].reverse(),
        lambda d: d.update(deals=d["deals"][:8]),
        lambda d: d.update(scores=[3, 4, 99, 2]),  # no hole scores 99
        lambda d: d.update(scores=[3, 4, "5", 2]),
        lambda d: d.update(scores=d["scores"][:3]),  # the hole no longer matches the scores
        lambda d: d.update(hole=7),
        lambda d: d.update(given_up=[9]),
        lambda d: d.update(given_up=[1, 1]),
        lambda d: d.pop("deals"),
        lambda d: d.update(game={**d["game"], "code": "GO1-E-AAAAAAB"}),  # not the hole's deal
        lambda d: d.update(game={"format": 1}),
    ],
)
def test_a_tampered_round_does_not_load(change):
    with pytest.raises(ValueError):
        GolfRound.from_json(tampered(change))


def test_a_winnable_round_keeps_its_deals_in_json():
    rnd = GolfRound("GW1-E-ABCDEFG", accept=lambda n: n % 3 == 0)
    back = GolfRound.from_json(rnd.to_json())
    assert back.winnable and back.numbers == rnd.numbers
    doc = json.loads(rnd.to_json())
    doc["deals"][0] = WINNABLE_SPAN + 1
    with pytest.raises(ValueError):
        GolfRound.from_json(json.dumps(doc))


@given(st.lists(st.sampled_from(["move", "undo", "next", "give-up"]), max_size=160), st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_any_sequence_of_actions_keeps_the_round_consistent(actions, seed):
    rng = random.Random(seed)
    rnd = GolfRound(RoundCode(rng.choice(GolfRules.every()), rng.randint(1, MAX_NUMBER)))
    for action in actions:
        game = rnd.game
        try:
            if action == "move" and game.legal_moves():
                game.push(rng.choice(game.legal_moves()))
            elif action == "undo":
                game.pop()
            elif action == "next":
                rnd.next_hole()
            elif action == "give-up":
                rnd.give_up()
        except IllegalMove:
            pass
        assert len(rnd.scores) == (9 if rnd.finished else rnd.hole - 1)
        assert rnd.total == sum(rnd.scores) and rnd.to_par == rnd.total - 5 * len(rnd.scores)
        assert all(rnd.scores[h - 1] >= 1 for h in rnd.given_up)
    same(GolfRound.from_json(rnd.to_json()), rnd)
