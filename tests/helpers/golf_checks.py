"""Independent checks of the Golf solver, for the solver's tests and the brute-force runs in
tests/system: black-hole-solver's reference verdicts, a brute force over the model itself, a plain
matching for the Hall bound, and the small positions they are tried on."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from game.model.cards import FULL_DECK, JOKERS, Card
from game.model.golf import GolfGame, GolfRules
from game.model.moves import GolfMove
from helpers.positions import golf

ROOT = Path(__file__).resolve().parents[2]
#: black-hole-solver's verdicts on deals 1-500 of both rules (a copy of ../shared/solver-check/golf.tsv)
REFERENCE = next(
    (
        p
        for p in (
            ROOT / "tests" / "solver" / "reference" / "golf.tsv",
            ROOT.parent / "shared" / "solver-check" / "golf.tsv",
        )
        if p.exists()
    ),
    ROOT / "tests" / "solver" / "reference" / "golf.tsv",
)

VERDICT = {"S": "winnable", "U": "unwinnable"}


def reference_rows() -> list[tuple[int, str, str]]:
    if not REFERENCE.exists():  # pragma: no cover - the shared folder travels with the project
        return []
    lines = REFERENCE.read_text().splitlines()[1:]
    return [(int(d), c, e) for d, c, e in (line.split("\t") for line in lines)]


def replay(game: GolfGame, moves) -> GolfGame:
    for move in moves:
        game.push(GolfMove.coerce(move))  # a GolfMove, or the engines' plain form
    return game


def replays(game: GolfGame, moves) -> bool:
    """Play the line on a fresh copy through the model: every move legal, and it ends won."""
    copy = GolfGame.from_json(game.to_json())
    for move in moves:
        copy.push(GolfMove.coerce(move))  # the engines' plain moves
    return copy.status == "won"


def brute_force(game: GolfGame) -> bool:
    """Try every move the model's legal_moves offers, under the game's own rules, with undo; memo
    on what the model shows (cards left in each column and in the stock, the waste top's rank, or
    that it is a joker, or that the waste is empty: suits never matter in Golf)."""
    memo: dict = {}

    def search() -> bool:
        if game.status != "playing":
            return game.status == "won"
        top = game.waste_top
        key = (tuple(len(c) for c in game.columns), len(game.stock), None if top is None else (top.rank, top.is_joker))
        if key not in memo:
            memo[key] = False
            for move in game.legal_moves():
                game.push(move)
                won = search()
                game.undo()
                if won:
                    memo[key] = True
                    break
        return memo[key]

    return search()


@st.composite
def small_positions(draw):
    """Up to 7 columns of 0-4 cards, a stock of 0-4, waste top or empty waste, either rule."""
    cards = draw(st.permutations(FULL_DECK))
    sizes = draw(st.lists(st.integers(0, 4), min_size=1, max_size=7))
    columns, at = [], 0
    for size in sizes:
        columns.append(cards[at : at + size])
        at += size
    stock_size = draw(st.integers(0, 4))
    stock = cards[at : at + stock_size]
    waste = cards[at + stock_size : at + stock_size + draw(st.integers(0, 2))]
    return golf(columns, waste, stock, draw(st.sampled_from(["easy", "classic"])))


def rank_positions():
    """Positions rich in near-ties for the pruning rules: few ranks, many cards of each."""
    suits = "SHDC"
    return st.lists(st.sampled_from([f"{r}{s}" for r in "A23QK" for s in suits]), min_size=6, max_size=14, unique=True)


EVERY = GolfRules.every()
ANY_RULES = st.sampled_from(EVERY)


def layout(cards: list[Card], sizes: list[int], stock_size: int, waste_size: int, rules: GolfRules) -> GolfGame:
    columns, at = [], 0
    for size in sizes:
        columns.append(cards[at : at + size])
        at += size
    stock = cards[at : at + stock_size]
    waste = cards[at + stock_size : at + stock_size + waste_size]
    columns += [[] for _ in range(7 - len(columns))]
    return GolfGame.from_layout(columns, waste, stock, rule=rules)


@st.composite
def positions(draw, rules=ANY_RULES):
    """Up to 7 columns of 0-4 cards, a stock of 0-5, a waste of 0-2 (0 = an empty waste), drawn from
    a pack with the rules' jokers, or from a few ranks only (many ties for the cuts)."""
    chosen = draw(rules)
    few = draw(st.sampled_from([None, "A23QK", "AQK", "5678", "A2K"]))
    pack = [c for c in FULL_DECK if few is None or "A23456789TJQK"[c.rank - 1] in few]
    pack += list(JOKERS[: chosen.jokers])
    cards = draw(st.permutations(pack))
    sizes = draw(st.lists(st.integers(0, 4), min_size=1, max_size=7))
    left = len(cards)
    for i, size in enumerate(sizes):
        sizes[i] = min(size, left)
        left -= sizes[i]
    stock_size = min(left, draw(st.integers(0, 5)))
    waste_size = min(left - stock_size, draw(st.integers(0, 2)))
    if chosen.empty_waste:
        waste_size = 0
    return layout(list(cards), sizes, stock_size, waste_size, chosen)


def matching_exists(tab, sup, easy, dead_king=False):
    """Kuhn's augmenting paths on single cards: each demand card needs a supply card it may go on
    (an adjacent rank; supply rank 0 is a joker, which takes anything; a dead King takes nothing)."""

    def precedes(s, d):
        if dead_king and s == 13:
            return False
        return s == 0 or abs(s - d) == 1 or (easy and abs(s - d) == 12)

    demand = [r for r in range(1, 14) for _ in range(tab[r])]
    supply = [r for r in range(14) for _ in range(sup[r])]
    owner: dict[int, int] = {}

    def augment(x, seen):
        for y, rank in enumerate(supply):
            if precedes(rank, demand[x]) and y not in seen:
                seen.add(y)
                if y not in owner or augment(owner[y], seen):
                    owner[y] = x
                    return True
        return False

    return all(augment(x, set()) for x in range(len(demand)))


@st.composite
def rank_counts(draw):
    """tab (tableau counts) and sup (tableau + stock + top) for a consistent position."""
    tab, sup = [0] * 15, [0] * 15
    for r in range(1, 14):
        tab[r] = draw(st.integers(0, 4))
        sup[r] = tab[r] + draw(st.integers(0, 4 - tab[r]))
    top = draw(st.integers(1, 13))
    if sup[top] < 4:
        sup[top] += 1  # the top card is one more possible predecessor
    elif tab[top] == 4:
        tab[top] -= 1  # all four were counted on the tableau: one of them is the top instead
    return tab, sup, top
