"""Every Golf rule set. Each field's rule with positions built by from_layout (a refused
and an allowed move for each), the presets, jokers, the empty start, and the deal codes."""

import pytest

from game import registry
from game.model import IllegalMove
from game.model.cards import JOKERS, Card
from game.model.codes import InvalidCode, parse_code
from game.model.golf import GolfGame, GolfRules, dealt_cards, joker_places
from game.model.golf_rules import BadRules
from game.model.moves import GolfMove

X1, X2 = JOKERS


def game(free, waste, stock=("2C",), rules=GolfRules.CLASSIC, under=()):
    """A position: `free` as the free cards of the first columns (others empty, except `under`,
    cards under column 0's free card), `waste` the waste top (None: empty waste)."""
    columns = [[] for _ in range(7)]
    for i, card in enumerate(free):
        columns[i] = [card]
    columns[0] = [*under, *columns[0]]
    return GolfGame.from_layout(columns, [] if waste is None else [waste], list(stock), rule=rules)


# -- the presets -------------------------------------------------------------------------------------
def test_presets_are_the_documented_fields():
    assert GolfRules(wrap=True) == GolfRules.EASY
    assert GolfRules() == GolfRules.CLASSIC
    assert GolfRules(dead_king=True, strict_draw=True) == GolfRules.STRICT
    assert GolfRules().jokers == 0 and not GolfRules().empty_waste


@pytest.mark.parametrize(
    "name,rules", [("easy", GolfRules.EASY), ("classic", GolfRules.CLASSIC), ("strict", GolfRules.STRICT)]
)
def test_new_accepts_a_preset_name_or_its_value(name, rules):
    by_name, by_value = GolfGame.new(rule=name, number=7), GolfGame.new(rule=rules, number=7)
    assert by_name.rules == by_value.rules == rules
    assert by_name.rule == name and by_name.position_key() == by_value.position_key()


def test_rule_stays_the_old_names_for_easy_and_classic():
    assert GolfGame.new(rule="easy", number=1).rule == "easy"
    assert GolfGame.new(rule=GolfRules.CLASSIC, number=1).rule == "classic"
    assert GolfGame.from_layout([[]] * 7, ["5S"], [], rule=GolfRules(wrap=True)).rule == "easy"


@pytest.mark.parametrize(
    "bad", [dict(jokers=3), dict(jokers=-1), dict(jokers=True), dict(wrap=1), dict(dead_king="yes")]
)
def test_a_rule_set_refuses_bad_fields(bad):
    with pytest.raises(BadRules):
        GolfRules(**bad)


# -- wrap ----------------------------------------------------------------------------------------------
def test_wrap_lets_an_ace_go_on_a_king_and_a_king_on_an_ace():
    assert game(["AS"], "KH", rules=GolfRules(wrap=True)).why_illegal(0) is None
    assert game(["KS"], "AH", rules=GolfRules(wrap=True)).why_illegal(0) is None


def test_without_wrap_king_and_ace_are_apart():
    assert game(["AS"], "KH").why_illegal(0) == "rank"
    assert game(["KS"], "AH").why_illegal(0) == "rank"


# -- dead King ---------------------------------------------------------------------------------------
def test_dead_king_refuses_a_queen_on_a_king():
    g = game(["QS"], "KH", rules=GolfRules(dead_king=True))
    assert g.why_illegal(0) == "dead-king"
    with pytest.raises(IllegalMove) as err:
        g.push(GolfMove(0))
    assert err.value.reason == "dead-king"


def test_dead_king_refuses_an_ace_even_with_wrap_and_a_joker():
    assert game(["AS"], "KH", rules=GolfRules(dead_king=True, wrap=True)).why_illegal(0) == "dead-king"
    assert game([X1], "KH", rules=GolfRules(dead_king=True, jokers=1)).why_illegal(0) == "dead-king"


def test_dead_king_still_allows_a_king_to_be_played_on_a_queen():
    g = game(["KS", "QD"], "QH", rules=GolfRules(dead_king=True))
    assert g.why_illegal(0) is None and g.why_illegal(1) == "rank"
    g.push(GolfMove(0))
    assert g.why_illegal(1) == "dead-king"


def test_without_dead_king_a_queen_goes_on_a_king():
    assert game(["QS"], "KH").why_illegal(0) is None


def test_a_dead_king_on_the_waste_with_an_empty_stock_blocks_the_game():
    g = game(["QS"], "JH", stock=(), rules=GolfRules(dead_king=True), under=["KD"])
    g.push(GolfMove(0))  # QS on JH, then KD is free: K on Q
    g.push(GolfMove(0))
    assert g.waste_top == Card.parse("KD") and g.status == "won"
    g = game(["QS", "5C"], "KH", stock=(), rules=GolfRules(dead_king=True))
    assert g.status == "blocked"


# -- strict draw ------------------------------------------------------------------------------------
def test_strict_draw_refuses_a_draw_while_a_card_fits():
    g = game(["6S"], "5H", rules=GolfRules(strict_draw=True))
    assert g.refusal(GolfMove.DRAW).reason == "move-available"
    assert GolfMove.DRAW not in g.legal_moves() and not g.can_draw
    before = g.to_json()
    with pytest.raises(IllegalMove) as err:
        g.draw()
    assert err.value.reason == "move-available" and g.to_json() == before


def test_strict_draw_allows_a_draw_when_nothing_fits():
    g = game(["9S"], "5H", rules=GolfRules(strict_draw=True))
    assert g.legal_moves() == [GolfMove.DRAW] and g.can_draw
    assert g.draw() == Card.parse("2C")


def test_without_strict_draw_a_draw_is_allowed_while_a_card_fits():
    g = game(["6S"], "5H")
    assert g.refusal(GolfMove.DRAW) is None and GolfMove.DRAW in g.legal_moves()


def test_strict_preset_refuses_the_draw_and_a_queen_on_a_king():
    g = game(["QS", "4D"], "KH", stock=("2C",), rules="strict")
    assert g.why_illegal(0) == "dead-king" and g.can_draw  # nothing fits a dead King: draw
    g = game(["QS", "4D"], "5H", rules="strict")
    assert g.refusal(GolfMove.DRAW).reason == "move-available"


def test_an_empty_stock_is_refused_as_empty_before_the_strict_rule():
    g = game(["6S", "9D"], "5H", stock=(), rules=GolfRules(strict_draw=True))
    assert g.refusal(GolfMove.DRAW).reason == "stock-empty"


# -- jokers ------------------------------------------------------------------------------------------
def test_a_joker_reads_and_writes_as_x1_and_x2():
    assert Card.parse("x1") is X1 and Card.parse(" X2 ") is X2
    assert str(X1) == "X1" and str(X2) == "X2" and X1.is_joker and not Card.parse("AS").is_joker
    for bad in ("X3", "X0", "XS", "J1"):
        with pytest.raises(ValueError):
            Card.parse(bad)
    with pytest.raises(ValueError):
        Card(0, "S")


def test_any_free_card_goes_on_a_joker():
    rules = GolfRules(jokers=1)
    for free in ("KS", "AS", "7D", "QC"):
        assert game([free], X1, rules=rules).why_illegal(0) is None


def test_a_joker_goes_on_any_waste_card():
    rules = GolfRules(jokers=2)
    for top in ("KS", "AS", "7D"):
        g = game([X2], top, rules=rules)
        assert g.why_illegal(0) is None
        g.push(GolfMove(0))
        assert g.waste_top is X2 and g.score == 10  # a joker scores like any card


def test_a_joker_drawn_onto_the_waste_takes_anything():
    g = game(["9S"], "5H", stock=(X1,), rules=GolfRules(jokers=1))
    assert g.why_illegal(0) == "rank"
    g.draw()
    assert g.why_illegal(0) is None


def test_without_jokers_a_position_cannot_hold_one():
    with pytest.raises(ValueError):
        game(["9S"], "5H", stock=(X1,))
    with pytest.raises(ValueError):
        game(["9S"], "5H", stock=(X1, X2), rules=GolfRules(jokers=1))


def test_eight_off_refuses_a_joker():
    from game.model.eightoff import EightOffGame

    with pytest.raises(ValueError):
        EightOffGame.from_layout([["X1"]] + [[]] * 7, [None] * 8)


def test_a_joker_deal_has_its_jokers_in_the_stock_and_the_same_other_cards():
    plain = GolfGame.new(rule="classic", number=4242)
    for jokers in (1, 2):
        g = GolfGame.new(rule=GolfRules(jokers=jokers), number=4242)
        assert g.columns == plain.columns and g.waste == plain.waste
        assert [c for c in g.stock if not c.is_joker] == list(plain.stock)
        assert sorted(str(c) for c in g.stock if c.is_joker) == [str(j) for j in JOKERS[:jokers]]
        assert len(g.stock) == 16 + jokers and len(g.cards()) == 52 + jokers


def test_joker_places_are_the_documented_lcg():
    state, expected = 99, []
    for k in range(2):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        expected.append((state >> 33) % (16 + k + 1))
    assert joker_places(99, 16, 2) == expected
    assert joker_places(99, 16, 1) == expected[:1] and joker_places(99, 16, 0) == []


def test_joker_positions_vary_over_deals():
    firsts = {joker_places(n, 16, 1)[0] for n in range(1, 200)}
    assert len(firsts) > 10 and firsts <= set(range(17))


def test_the_win_needs_the_tableau_cards_not_the_jokers_left_in_the_stock():
    g = game(["6S"], "5H", stock=(X1,), rules=GolfRules(jokers=1))
    g.push(GolfMove(0))
    assert g.status == "won" and g.stock == (X1,)


# -- empty start -------------------------------------------------------------------------------------
def test_empty_waste_lets_any_free_card_start_the_waste():
    g = game(["KS", "7D"], None, rules=GolfRules(empty_waste=True))
    assert g.waste_top is None and g.why_illegal(0) is None and g.why_illegal(1) is None


def test_an_empty_start_deal_draws_the_deals_waste_card_first():
    plain = GolfGame.new(rule="classic", number=77)
    g = GolfGame.new(rule=GolfRules(empty_waste=True), number=77)
    assert g.waste == () and len(g.stock) == 17 and g.columns == plain.columns
    assert g.stock[-1] == plain.waste[0] and g.stock[:-1] == plain.stock
    assert g.draw() == plain.waste[0]


def test_an_empty_start_with_jokers_shuffles_the_jokers_into_the_17():
    g = GolfGame.new(rule=GolfRules(empty_waste=True, jokers=2), number=77)
    draws = list(reversed(g.stock))
    places = joker_places(77, 17, 2)
    plain = [c for c in draws if not c.is_joker]
    assert len(draws) == 19 and plain == list(reversed(GolfGame.new(rule="c+z", number=77).stock))
    rebuilt = list(plain)
    for k, place in enumerate(places):
        rebuilt.insert(place, JOKERS[k])
    assert rebuilt == draws


# -- codes -------------------------------------------------------------------------------------------
EVERY = GolfRules.every()


def test_every_combination_is_counted_once():
    assert len(EVERY) == len(set(EVERY)) == 48
    assert len({r.variant for r in EVERY}) == len({r.name for r in EVERY}) == 48


@pytest.mark.parametrize("rules", EVERY, ids=lambda r: r.variant)
def test_every_rule_set_has_a_code_that_reads_back(rules):
    g = GolfGame.new(rule=rules, number=1234)
    deal = parse_code(g.code)
    assert deal.rules == rules and deal.number == 1234 and str(deal) == g.code
    again = GolfGame.from_code(g.code.lower())
    assert again.rules == rules and again.position_key() == g.position_key()
    assert GolfRules.parse(rules.name) == GolfRules.parse(rules.variant) == rules
    assert registry.kind_for_code(g.code).id == g.kind_id == f"golf-{rules.name}"
    copy = GolfGame.from_json(g.to_json())
    assert copy.rules == rules and copy.code == g.code


@pytest.mark.parametrize("rules", EVERY, ids=lambda r: r.variant)
def test_the_same_number_deals_the_same_non_joker_cards(rules):
    plain = GolfGame.new(rule="easy", number=31337)
    g = GolfGame.new(rule=rules, number=31337)
    assert g.columns == plain.columns
    ordinary = [c for c in g.waste + tuple(reversed(g.stock)) if not c.is_joker]
    assert ordinary == [*plain.waste, *reversed(plain.stock)]


def test_old_codes_keep_their_meaning():
    assert GolfGame.from_code("GO1-E-AAAAAAB").rules == GolfRules.EASY
    assert GolfGame.from_code("GO1-N-AAAAAAB").rules == GolfRules.EASY
    assert GolfGame.from_code("GO1-C-AAAAAAB").rules == GolfRules.CLASSIC
    assert str(parse_code("GO1-S-AAAAAAB")) == "GO1-S-AAAAAAB"


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("GO1-C+K+D-AAAAAAB", "GO1-S-AAAAAAB"),
        ("go1-e+w-aaaaaab", "GO1-E-AAAAAAB"),
        ("GO1-C+W-AAAAAAB", "GO1-E-AAAAAAB"),
        ("GO1-Z+J2+C-AAAAAAB", "GO1-C+J2+Z-AAAAAAB"),
        ("GO1-S+W-AAAAAAB", "GO1-S+W-AAAAAAB"),
        ("GO1-E+D-AAAAAAB", "GO1-E+D-AAAAAAB"),
        ("GO1-E+K+D-AAAAAAB", "GO1-S+W-AAAAAAB"),
        ("GO1-N+Z-AAAAAAB", "GO1-E+Z-AAAAAAB"),
    ],
)
def test_codes_are_read_leniently_and_written_canonically(text, canonical):
    assert str(parse_code(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "GO1-X-AAAAAAB",
        "GO1-C+Q-AAAAAAB",
        "GO1-C+J3-AAAAAAB",
        "GO1-C+J1+J2-AAAAAAB",
        "GO1--AAAAAAB",
        "GO1-+-AAAAAAB",
        "GO1-C8-AAAAAAB",
        "EO1-E-AAAAAAB",
    ],
)
def test_bad_rule_parts_are_refused_with_an_example(text):
    with pytest.raises(InvalidCode) as err:
        parse_code(text)
    assert err.value.reason == "rule" and "looks like" in str(err.value)


def test_kinds_of_every_rule_set_come_from_the_registry():
    assert registry.kind("golf-strict").code_variant == "S" and registry.kind("golf-strict").has_deal_list
    made = registry.kind("golf-easy+k+z")
    assert (
        made.code_variant == "E+K+Z"
        and not made.has_deal_list
        and made.option_names == ("Easy", "dead King", "empty start")
    )
    assert registry.kind_for("golf", "easy+k+z") is made
    assert [k.id for k in registry.kinds_of("golf", front=True)] == ["golf-easy", "golf-classic"]
    for bad in ("golf-hard", "golf-k+easy", "golf-", "golf-E"):
        with pytest.raises(ValueError):
            registry.kind(bad)


def test_a_saved_golf_rule_setting_may_name_any_rule_set():
    from game.settings import Settings

    assert Settings.from_dict({"golf_rule": "classic+j2"}).golf_rule == "classic+j2"
    assert Settings.from_dict({"golf_rule": "strict"}).golf_rule == "strict"
    for bad in ("hard", "C+J2", "golf-easy", "classic+j3"):
        assert Settings.from_dict({"golf_rule": bad}).golf_rule == "easy"


def test_dealt_cards_is_what_from_code_deals():
    columns, waste, stock = dealt_cards(5, GolfRules(jokers=1, empty_waste=True))
    g = GolfGame.from_code("GO1-C+J1+Z-AAAAAAF")
    assert [list(c) for c in g.columns] == columns and list(g.waste) == waste and list(g.stock) == stock


# -- the hole score -----------------------------------------------------------------------------------
def test_hole_score_of_a_blocked_game_is_the_cards_left_on_the_tableau():
    from game.model.golf import hole_score

    g = game(["9S", "3D"], "5H", stock=(), under=["KC", "QC"])
    assert g.status == "blocked" and hole_score(g) == 4


def test_hole_score_of_a_win_is_minus_the_stock_left():
    from game.model.golf import hole_score

    g = game(["6S"], "5H", stock=("2C", "3C", "4C", "5C", "6C"))
    g.push(GolfMove(0))
    assert g.status == "won" and hole_score(g) == -5
    g = game(["6S"], "5H", stock=())
    g.push(GolfMove(0))
    assert hole_score(g) == 0


def test_a_game_in_play_has_no_hole_score():
    from game.model.golf import hole_score

    with pytest.raises(ValueError):
        hole_score(game(["6S"], "5H"))
