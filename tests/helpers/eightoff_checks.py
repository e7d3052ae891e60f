"""Small Eight Off positions and every position reachable from them with the model's own legal moves,
for the brute-force checks of the exact solver and of par."""

from __future__ import annotations

import random
from collections import deque

from game.model.cards import RANKS, SUITS
from game.model.eightoff import EightOffGame

#: Seeds of small_position whose graphs the default run checks.
SEEDS = [71, 74, 79, 92, 100, 117, 202, 205, 220, 224, 238, 240, 262, 275]


def small_position(seed):
    """Two or three suits with 2–5 consecutive ranks each (lowest ranks or highest, the rest on the
    foundation), other suits absent; 2 or 4 cells, usually full; 2–4 columns used."""
    rng = random.Random(seed)
    suits = rng.sample(range(4), rng.choice((2, 3)))
    ncells = rng.choice((2, 2, 2, 4))
    found = [0] * 4
    cards = []
    for s in suits:
        m = rng.randint(2, 5)
        low = rng.choice((0, 13 - m))
        found[s] = low
        cards += [RANKS[r] + SUITS[s] for r in range(low, low + m)]
    rng.shuffle(cards)
    cells = [None] * ncells
    for i in range(rng.choice((ncells, ncells, 1))):
        cells[i] = cards.pop()
    rng.shuffle(cells)
    cols = [[] for _ in range(8)]
    used = rng.sample(range(8), rng.randint(2, 4))
    for c in cards:
        cols[rng.choice(used)].append(c)
    return EightOffGame.from_layout(cols, cells, foundation_piles(found))


def foundation_piles(heights):
    return [[RANKS[r] + SUITS[s] for r in range(n)] for s, n in enumerate(heights)]


def position_key(game):
    """The position up to the order of the columns and of the cells (the rules do not see either)."""
    cells = sorted(str(c) for c in game.cells if c is not None)
    return (
        tuple(sorted(tuple(map(str, col)) for col in game.columns)),
        tuple(cells + [None] * (len(game.cells) - len(cells))),
        tuple(map(len, game.foundations)),
    )


def build(key):
    cols, cells, heights = key
    return EightOffGame.from_layout([list(c) for c in cols], list(cells), foundation_piles(heights))


def explore(game, allowed=lambda move: True):
    """Every position reachable with the model's legal moves (those `allowed`): key -> [(move, next
    key)]."""
    root = position_key(game)
    edges = {root: []}
    queue = deque([root])
    while queue:
        k = queue.popleft()
        g = build(k)
        for move in g.legal_moves():
            if not allowed(move):
                continue
            g.push(move)
            nxt = position_key(g)
            g.undo()
            edges[k].append((move, nxt))
            if nxt not in edges:
                edges[nxt] = []
                queue.append(nxt)
    return root, edges


def brute_distances(edges):
    """Every winnable position's shortest win in model moves (each move counted, take-backs and
    all): a breadth-first search back from the positions with every card home. key -> moves."""
    back = {k: [] for k in edges}
    for k, out in edges.items():
        for _, nxt in out:
            back[nxt].append(k)
    dist = {k: 0 for k in edges if not any(k[0]) and not any(k[1])}
    queue = deque(dist)
    while queue:
        k = queue.popleft()
        for parent in back[k]:
            if parent not in dist:
                dist[parent] = dist[k] + 1
                queue.append(parent)
    return dist
