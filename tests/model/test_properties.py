"""Random legal play in every kind of the registry: one state machine over the model's uniform API
(legal_moves, push, pop, redo, move_stack, to_json), with the invariants every game shares (cards
conserved, score never below 0, undo restores exactly, a redo replays exactly what the undo took
back until another move is made, the JSON round trip) and each game's own
scoring and status rules (hypothesis)."""

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game import registry
from game.model import IllegalMove
from game.model.golf import GolfRules
from game.model.moves import Pile, PileKind

MAX = 26**7 - 1
UNDO_LIMIT = 100
SETTINGS = settings(max_examples=150, stateful_step_count=30, deadline=None)


def snapshot(game):
    """Everything a move may change: where the cards are, the score and the status."""
    return game.position_key(), game.score, game.status


def everything(game):
    return (
        snapshot(game),
        game.code,
        game.kind_id,
        game.moves,
        game.can_undo,
        tuple(game.move_stack),
        tuple(game.redo_moves),
    )


#: Every kind: the listed ones and every one of Golf's 48 rule sets (most made on first use).
ALL_KINDS = sorted(set(registry.KINDS) | {f"golf-{r.name}" for r in GolfRules.every()})


# -- each game's own rules, checked after every step ---------------------------------------------------
def golf_fits(card, top, rules):
    """The rule as RULES.md states it, written apart from the model's."""
    if top is None:
        return True
    if rules.dead_king and top.rank == 13:
        return False
    if card.rank == 0 or top.rank == 0:  # jokers are wild
        return True
    return abs(card.rank - top.rank) == 1 or (rules.wrap and abs(card.rank - top.rank) == 12)


def golf_rules(game, _scored):
    rules = game.rules
    left = sum(len(c) for c in game.columns)
    removed = 35 - left
    if game.status == "blocked":
        assert game.score == max(0, 10 * removed - 10 * left)
    else:
        assert game.score == 10 * removed
    top = game.waste[-1] if game.waste else None
    fits = any(golf_fits(col[-1], top, rules) for col in game.columns if col)
    if left == 0:
        assert game.status == "won"
    elif not game.stock and not fits:
        assert game.status == "blocked"
    else:
        assert game.status == "playing"
    if game.status == "playing":
        draw_allowed = bool(game.stock) and not (rules.strict_draw and fits)
        assert (type(game).MOVE.DRAW in game.legal_moves()) == draw_allowed
    jokers = [c for c in game.cards() if c.rank == 0]
    assert len(jokers) == rules.jokers and all(
        c in game.stock or c in game.waste or any(c in col for col in game.columns) for c in jokers
    )


def eightoff_rules(game, scored):
    assert game.score == 10 * len(scored)  # 10 for each card the first time it reaches a foundation
    for suit, pile in zip("SHDC", game.foundations):
        assert [(c.suit, c.rank) for c in pile] == [(suit, r) for r in range(1, len(pile) + 1)]
    for src in [Pile.cell(i) for i in range(game.cell_count)] + [Pile.column(i) for i in range(8)]:
        target = game.tap_target(src)  # a single tap only ever sends a card where it may go
        assert target is None or (target.kind is PileKind.FOUNDATION and game.why_illegal(src, target) is None)
    home = sum(len(f) for f in game.foundations)
    assert game.status in ("playing", "won")  # there is no defeat in Eight Off
    assert (game.status == "won") == (home == 52)


RULES = {"golf": golf_rules, "eightoff": eightoff_rules}


def on_foundations(game):
    return frozenset(str(c) for f in getattr(game, "foundations", ()) for c in f)


class Play(RuleBasedStateMachine):
    """Any kind, any deal: moves drawn from legal_moves, undos, saves and resumes."""

    @initialize(kind=st.sampled_from(ALL_KINDS), number=st.integers(1, MAX))
    def deal(self, kind, number):
        self.game = registry.kind(kind).deal(number)
        self.start = snapshot(self.game)
        self.history = []  # (snapshot, cards that had scored) before each undoable move
        self.scored = frozenset()
        self.complete = True  # False once older moves have dropped out of the undo history
        self.last_moves = 0
        self.redos = []  # (move, snapshot after it) for each move undone since a new move, next last

    def _push(self, move, redo=False):
        before = (snapshot(self.game), self.scored)
        moves = self.game.moves
        if redo:
            assert self.game.redo() == move
        else:
            self.game.push(move)
        assert self.game.moves == moves + 1 and self.game.move_stack[-1] == move  # a redo is a move
        self.scored = self.scored | on_foundations(self.game)
        self.history.append(before)
        if len(self.history) > UNDO_LIMIT:
            self.history.pop(0)
            self.complete = False
        if self.redos and self.redos[-1][0] == move:  # the next redo, however it was made
            assert snapshot(self.game) == self.redos.pop()[1]
        else:
            self.redos.clear()  # a new move: nothing left to redo

    def _pop(self):
        after = snapshot(self.game)
        undone = self.game.pop()
        self.redos.append((undone, after))
        return undone

    @precondition(lambda self: self.game.legal_moves())
    @rule(data=st.data())
    def push_a_legal_move(self, data):
        move = data.draw(st.sampled_from(self.game.legal_moves()))
        assert self.game.refusal(move) is None
        assert type(self.game).MOVE.parse(str(move)) == move  # the text form round-trips
        self._push(move)

    @rule(data=st.data())
    def an_illegal_move_changes_nothing(self, data):
        legal = set(self.game.legal_moves())
        candidates = [m for m in self._all_moves() if m not in legal]
        if not candidates:
            return
        move = data.draw(st.sampled_from(candidates))
        before = everything(self.game)
        try:
            self.game.push(move)
        except IllegalMove as exc:
            assert exc.reason == self.game.refusal(move).reason
        else:
            raise AssertionError(f"{move} is not in legal_moves but was accepted")
        assert everything(self.game) == before

    def _all_moves(self):
        """Every move of the right shape for this game, legal now or not."""
        if self.game.GAME_ID == "golf":
            return [type(self.game).MOVE.parse(t) for t in ("d", *(f"p{i}" for i in range(7)))]
        piles = (
            [Pile.column(i) for i in range(8)]
            + [Pile.cell(i) for i in range(self.game.cell_count)]
            + [Pile.foundation(i) for i in range(4)]
        )
        return [type(self.game).MOVE(s, d, n) for s in piles for d in piles for n in (1, 2)]

    @precondition(lambda self: self.history)
    @rule()
    def pop_restores_exactly(self):
        line = self.game.move_stack
        undone = self._pop()
        assert undone == line[-1] and tuple(self.game.move_stack) == tuple(line[:-1])
        position, self.scored = self.history.pop()
        assert snapshot(self.game) == position

    @precondition(lambda self: self.game.can_redo)
    @rule(times=st.integers(1, 3))
    def redo_replays_what_was_undone(self, times):
        for _ in range(min(times, len(self.redos))):
            self._push(self.game.redo_moves[0], redo=True)

    @rule()
    def nothing_to_redo_changes_nothing(self):
        if self.game.can_redo:
            return
        before = everything(self.game)
        try:
            self.game.redo()
        except IllegalMove as exc:
            assert exc.reason == "nothing-to-redo"
        else:
            raise AssertionError("a redo with nothing undone was accepted")
        assert everything(self.game) == before

    @rule()
    def play_greedily_to_the_end(self):
        """The first legal move again and again until none is left or 60 moves are made."""
        for _ in range(60):
            moves = self.game.legal_moves()
            if not moves:
                break
            self._push(moves[0])

    @rule()
    def undo_all(self):
        undone = 0
        while self.game.can_undo:
            self._pop()
            undone += 1
            assert undone <= UNDO_LIMIT
        assert undone == len(self.history)
        if self.history:
            self.scored = self.history[0][1]
        self.history.clear()
        if self.complete:
            assert snapshot(self.game) == self.start and not self.game.move_stack

    @rule()
    def save_and_resume(self):
        copy = type(self.game).from_json(self.game.to_json())
        assert everything(copy) == everything(self.game)
        self.game = copy

    @rule()
    def the_line_replays_from_the_root(self):
        fresh = self.game.root()
        for move in self.game.move_stack:
            fresh.push(move)
        assert snapshot(fresh) == snapshot(self.game)

    @invariant()
    def cards_are_conserved(self):
        cards = [str(c) for c in self.game.cards() if c.rank]
        assert len(cards) == 52 and len(set(cards)) == 52  # and the jokers, checked by golf_rules

    @invariant()
    def score_is_never_negative(self):
        assert self.game.score >= 0

    @invariant()
    def the_game_follows_its_own_rules(self):
        RULES[self.game.GAME_ID](self.game, self.scored)

    @invariant()
    def moves_never_decrease(self):
        assert self.game.moves >= self.last_moves
        self.last_moves = self.game.moves

    @invariant()
    def undo_depth_is_bounded(self):
        assert len(self.history) <= UNDO_LIMIT
        assert self.game.can_undo == bool(self.history)
        assert self.game.undo_depth == len(self.history)

    @invariant()
    def the_redos_are_the_moves_undone(self):
        assert tuple(self.game.redo_moves) == tuple(m for m, _ in reversed(self.redos))
        assert self.game.can_redo == bool(self.redos)


Play.TestCase.settings = SETTINGS
TestPlay = pytest.mark.slow(Play.TestCase)


def test_every_family_has_its_rules_checked():
    assert set(RULES) == set(registry.FAMILIES)
