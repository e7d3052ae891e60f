"""The exact Eight Off solver: reference verdicts, replays through the model, and a brute force.

The brute force explores small positions (reduced decks: a few ranks of two or three suits, the other
cards left out) with the model's own legal moves, take-backs from the foundations included and
nothing played automatically, and decides every reachable position. The solver must agree on each of
them, and the two claims its speed rests on (foundation moves are safe; take-backs never help) are
checked on the same graphs.

Default run: every row of reference/eightoff.tsv (a copy of ../shared/solver-check/eightoff.tsv) and
14 brute-force positions.
SOLVER_FULL=1 adds 21 more brute-force positions.
"""

from __future__ import annotations

import csv
import os
from collections import deque
from pathlib import Path

import pytest
from helpers.eightoff_checks import SEEDS, build, explore, foundation_piles, small_position
from helpers.moves import eightoff_line

from game.model.eightoff import EightOffGame
from game.model.moves import Pile, PileKind
from game.solver import Budget, solve
from game.solver.eightoff import solve_position

FULL = os.environ.get("SOLVER_FULL") == "1"
CHECK = Path(__file__).resolve().parent / "reference" / "eightoff.tsv"  # a copy of ../shared/solver-check/
VERDICT = {"S": "winnable", "U": "unwinnable"}


def copy(game):
    return EightOffGame.from_json(game.to_json())


def replay(game, moves):
    """Play a solution on a copy, checking each group against the formula first; the copy."""
    game = copy(game)
    for move in moves:
        assert move.count <= game.max_group(move.dst)
        game.push(move)
    return game


# ---------------------------------------------------------------- reference verdicts


def reference_rows():
    if not CHECK.exists():  # pragma: no cover - the shared folder belongs to the project checkout
        pytest.skip(f"{CHECK} is missing")
    with CHECK.open() as f:
        return [
            (int(r["deal"]), int(col[1:]), VERDICT[r[col]])
            for r in csv.DictReader(f, delimiter="\t")
            for col in ("c8", "c4", "c2")
        ]


@pytest.mark.parametrize("cells", [8, 4, 2])
def test_every_reference_deal_agrees_and_every_win_replays(cells):
    for deal, n, expected in reference_rows():
        if n != cells:
            continue
        game = EightOffGame.new(cells, deal)
        result = solve(game)
        assert result.verdict == expected, (deal, cells, result)
        if expected == "winnable":
            assert replay(game, result.moves).status == "won"


# ---------------------------------------------------------------- positions other than the deal


def test_mid_game_position_with_a_card_taken_back():
    game = EightOffGame.new(8, 7)
    moves = solve(game).moves
    for i, move in enumerate(moves):
        game.push(move)
        if move.dst.kind == "foundation" and i > 5 and None in game.cells:
            break
    suit = game.foundations.index(next(f for f in game.foundations if f))
    game.move(Pile.foundation(suit), Pile.cell(game.cells.index(None)))
    game.push(game.legal_moves()[0])
    before = game.to_json()
    result = solve(game)
    assert result.verdict == "winnable"
    assert replay(game, result.moves).status == "won"
    assert game.to_json() == before


def test_a_won_position_needs_no_moves():
    game = EightOffGame.new(8, 3)
    for move in solve(game).moves:
        game.push(move)
    assert game.status == "won"
    assert solve(game) == solve(game) and solve(game).verdict == "winnable" and solve(game).moves == ()


def test_a_position_missing_cards_is_never_won():
    game = EightOffGame.from_layout([["KS"]] + [[]] * 7, [None, None], foundation_piles([12, 0, 0, 0]))
    assert solve(game).verdict == "unwinnable"
    assert solve_position(game, Budget()).moves == eightoff_line((("column", 0), ("foundation", 0), 1))


def test_budget_exhaustion_gives_unknown():
    game = EightOffGame.new(4, 157)  # unwinnable, about 4,500 positions to prove it
    assert solve(game, 100).verdict == "unknown"
    assert solve(game, Budget(seconds=0.0)).verdict == "unknown"
    assert solve(game, Budget(states=1_000_000, seconds=60.0)).verdict == "unwinnable"
    assert solve(EightOffGame.new(4, 35), 1000).verdict == "unknown"  # winnable, but not that fast


def test_same_position_and_budget_same_result_and_the_game_is_untouched():
    for cells, deal in ((8, 11), (4, 2), (2, 5)):
        game = EightOffGame.new(cells, deal)
        before = game.to_json()
        first, second = solve(game, 50_000), solve(game, 50_000)
        assert (first.verdict, first.moves, first.states) == (second.verdict, second.moves, second.states)
        assert game.to_json() == before


def test_group_moves_are_single_model_moves():
    groups = [m for deal in range(1, 11) for m in solve(EightOffGame.new(8, deal)).moves if m.count > 1]
    assert groups and all(m.src.kind == "column" and m.dst.kind == "column" for m in groups)


def test_a_sorted_column_is_not_final_emptying_it_doubles_the_group_limit():
    """Solvers of Baker's Game often freeze a column sorted down from a King. Not exact here: the 6-card
    heart run needs (2 free + 1) × 2^1 = 6, i.e. the sorted K♠ Q♠ emptied into two of the four cells."""
    columns = [
        ["KS", "QS"],
        ["3H", "9H", "8H", "7H", "6H", "5H", "4H"],
        ["KD", "9C", "7D", "6D", "6C", "TC", "3D", "7C"],
        ["KH", "QH", "JH", "TH"],
        ["QD", "AC", "5D", "5C"],
        ["JS", "AD", "JD", "3C", "QC", "4D", "8C", "9D", "JC", "2C"],
        ["8D", "TS", "2D"],
        ["KC", "TD", "4C"],
    ]
    game = EightOffGame.from_layout(columns, [None] * 4, foundation_piles([9, 2, 0, 0]))
    result = solve(game)
    assert result.verdict == "winnable"
    game = copy(game)
    emptied_sorted = False
    for move in result.moves:
        src, dst, count = move.src, move.dst, move.count
        pile = game.columns[src.index] if src.kind is PileKind.COLUMN else ()
        if dst.kind is PileKind.CELL and pile and pile[0].rank == 13 and game.run_length(src.index) == len(pile) > 1:
            emptied_sorted = True
        game.move(src, dst, count)
    assert game.status == "won" and emptied_sorted


# ---------------------------------------------------------------- brute force on small positions


def winning(edges, allowed=lambda move: True):
    """Positions from which every card can be brought home using only the allowed moves."""
    back = {k: [] for k in edges}
    for k, out in edges.items():
        for move, nxt in out:
            if allowed(move):
                back[nxt].append(k)
    won = {k for k in edges if not any(k[0]) and not any(k[1])}
    queue = deque(won)
    while queue:
        for k in back[queue.popleft()]:
            if k not in won:
                won.add(k)
                queue.append(k)
    return won


def reachable(root, edges, allowed):
    seen, queue = {root}, deque([root])
    while queue:
        for move, nxt in edges[queue.popleft()]:
            if allowed(move) and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


MORE_SEEDS = [2, 11, 19, 44, 45, 56, 70, 77, 80, 94, 134, 151, 159, 171, 180, 186, 239, 241, 255, 257, 283]


@pytest.fixture(scope="module", params=SEEDS + (MORE_SEEDS if FULL else []))
def graph(request):
    root, edges = explore(small_position(request.param))
    return root, edges, winning(edges)


def test_solver_agrees_with_brute_force_on_every_reachable_position(graph):
    _, edges, won = graph
    for key in edges:
        game = build(key)
        result = solve_position(game, Budget())
        assert result.verdict == ("winnable" if key in won else "unwinnable"), key
        if result.verdict == "winnable":
            after = replay(game, result.moves)
            assert not any(after.columns) and not any(after.cells)


def test_taking_a_card_back_from_a_foundation_never_helps(graph):
    root, edges, won = graph
    no_takeback = lambda move: move.src.kind != "foundation"  # noqa: E731
    won_without = winning(edges, no_takeback)
    for key in reachable(root, edges, no_takeback):
        assert (key in won) == (key in won_without), key


def test_foundation_moves_are_safe(graph):
    _, edges, won = graph
    for key, out in edges.items():
        if key in won:
            for move, nxt in out:
                if move.dst.kind == "foundation":
                    assert nxt in won, (key, move)


# ---------------------------------------------------------------- the check of a found line


def test_the_line_check_accepts_the_solvers_line_and_rejects_each_broken_rule():
    """model_moves is the last word on a 'winnable' line: it gives the model's moves of a sound
    line and None for a line that breaks a rule or does not bring every card home."""
    from game.solver.eightoff_check import model_moves
    from game.solver.eightoff_state import CELL_COL, CELL_FND, COL_CELL, COL_COL, COL_FND

    def check(columns, cells, heights, moves):
        game = EightOffGame.from_layout(columns, cells, foundation_piles(heights))
        return model_moves(game.columns, game.cells, game.foundations, moves)

    # spades (suit 0): 2S on 3S in column 0, AS in a cell; the code of rank r of spades is r
    cols = [["3S", "2S"]] + [[]] * 7
    home = [(CELL_FND, 1, 0, 1), (COL_FND, 0, 0, 1), (COL_FND, 0, 0, 1)]
    assert check(cols, ["AS", None], [0, 0, 0, 0], home) == eightoff_line(
        (("cell", 0), ("foundation", 0), 1),
        (("column", 0), ("foundation", 0), 1),
        (("column", 0), ("foundation", 0), 1),
    )
    assert check(cols, ["AS", None], [0, 0, 0, 0], home[:2]) is None  # 3S never went home
    assert check(cols, ["AS", None], [0, 0, 0, 0], [(COL_FND, 0, 0, 1)] + home) is None  # 2S first
    assert check(cols, [None, "AS"], [0, 0, 0, 0], [(CELL_FND, 2, 0, 1)] + home[1:]) is None  # no such card
    # a group of 2 onto a column needs (free cells + 1) x 2^(other empty columns) >= 2
    cols = [["4S", "3S"], ["5S"], ["KH"], ["QH"], ["JH"], ["TH"], ["9H"], ["8H"]]
    group = [(COL_COL, 0, 1, 2)]
    assert (
        check(
            cols,
            [None, None],
            [2, 7, 13, 13],
            group + [(COL_FND, 1, 0, 1)] * 3 + [(COL_FND, j, 0, 1) for j in (7, 6, 5, 4, 3, 2)],
        )
        is not None
    )
    full = ["6H", "7H"]
    assert check(cols, full, [2, 5, 13, 13], group) is None  # no free cell, no empty column
    assert check(cols, [None, None], [2, 7, 13, 13], [(COL_COL, 0, 2, 1)]) is None  # 3S is no heart
    assert check(cols, full, [2, 5, 13, 13], [(COL_CELL, 0, 0, 1)]) is None  # the cells are full
    assert check(cols, [None, None], [2, 7, 13, 13], [(COL_CELL, 0, 0, 2)]) is None  # one card to a cell
    assert (
        check([["KS"]] + [[]] * 7, ["QD", None], [12, 13, 11, 13], [(CELL_COL, 2 * 16 + 12, 0, 1)]) is None
    )  # a diamond does not go on a spade
