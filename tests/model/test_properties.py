"""Random legal play in both games: conservation, score bounds, undo and JSON (hypothesis)."""
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame

from .positions import encode

MAX = 26**7 - 1
UNDO_LIMIT = 100
SETTINGS = settings(max_examples=100, stateful_step_count=30, deadline=None)


def names(seq):
    return [None if c is None else str(c) for c in seq]


# ---------------------------------------------------------------- Golf

def golf_position(game):
    return ([names(c) for c in game.columns], names(game.waste), names(game.stock),
            game.score, game.status)


def golf_everything(game):
    return (game.code, game.rule, golf_position(game), game.moves, game.can_undo)


def golf_fits(a, b, rule):
    gap = abs(a.rank - b.rank)
    return gap == 1 or (rule == "easy" and gap == 12)


class GolfPlay(RuleBasedStateMachine):
    @initialize(number=st.integers(1, MAX), letter=st.sampled_from("EC"))
    def deal(self, number, letter):
        self.game = GolfGame.from_code(f"GO1-{letter}-{encode(number)}")
        self.start = golf_position(self.game)
        self.history = []        # positions before each undoable action, newest last
        self.complete = True     # False once older actions have dropped out of the history
        self.last_moves = 0

    @precondition(lambda self: self.game.legal_moves())
    @rule(data=st.data())
    def act(self, data):
        move = data.draw(st.sampled_from(self.game.legal_moves()))
        before = golf_position(self.game)
        moves_before = self.game.moves
        if move == "draw":
            self.game.draw()
        else:
            self.game.play(move)
        assert self.game.moves == moves_before + 1
        self.history.append(before)
        if len(self.history) > UNDO_LIMIT:
            self.history.pop(0)
            self.complete = False

    @precondition(lambda self: self.history)
    @rule()
    def undo(self):
        self.game.undo()
        assert golf_position(self.game) == self.history.pop()

    @rule(prefer_draw=st.booleans())
    def play_to_the_end(self, prefer_draw):
        """Keep acting until the game is won or blocked (at most 51 actions)."""
        while self.game.legal_moves():
            moves = self.game.legal_moves()
            move = "draw" if prefer_draw and "draw" in moves else moves[0]
            self.history.append(golf_position(self.game))
            self.game.draw() if move == "draw" else self.game.play(move)
        assert self.game.status in ("won", "blocked")

    @rule()
    def undo_all(self):
        undone = 0
        while self.game.can_undo:
            self.game.undo()
            undone += 1
            assert undone <= UNDO_LIMIT
        assert undone == len(self.history)
        self.history.clear()
        if self.complete:
            assert golf_position(self.game) == self.start

    @rule()
    def save_and_resume(self):
        copy = GolfGame.from_json(self.game.to_json())
        assert golf_everything(copy) == golf_everything(self.game)
        self.game = copy

    @invariant()
    def cards_are_conserved(self):
        g = self.game
        cards = [str(c) for col in g.columns for c in col] + names(g.waste) + names(g.stock)
        assert len(cards) == 52 and len(set(cards)) == 52

    @invariant()
    def score_follows_the_rules(self):
        g = self.game
        left = sum(len(c) for c in g.columns)
        removed = 35 - left
        assert g.score >= 0
        if g.status == "blocked":
            assert g.score == max(0, 10 * removed - 10 * left)
        else:
            assert g.score == 10 * removed

    @invariant()
    def status_follows_the_position(self):
        g = self.game
        left = sum(len(c) for c in g.columns)
        fits = any(col and golf_fits(col[-1], g.waste[-1], g.rule) for col in g.columns)
        if left == 0:
            assert g.status == "won"
        elif not g.stock and not fits:
            assert g.status == "blocked"
        else:
            assert g.status == "playing"

    @invariant()
    def moves_never_decrease(self):
        assert self.game.moves >= self.last_moves
        self.last_moves = self.game.moves

    @invariant()
    def undo_depth_is_bounded(self):
        assert len(self.history) <= UNDO_LIMIT
        assert self.game.can_undo == bool(self.history)


GolfPlay.TestCase.settings = SETTINGS
TestGolfPlay = GolfPlay.TestCase


# ---------------------------------------------------------------- Eight Off

def eightoff_position(game):
    return ([names(c) for c in game.columns], names(game.cells),
            [names(f) for f in game.foundations], game.score, game.status)


def eightoff_everything(game):
    return (game.code, game.cell_count, eightoff_position(game), game.moves, game.can_undo)


def on_foundations(game):
    return frozenset(str(c) for f in game.foundations for c in f)


class EightOffPlay(RuleBasedStateMachine):
    @initialize(number=st.integers(1, MAX), cells=st.sampled_from(["C8", "C4", "C2"]))
    def deal(self, number, cells):
        self.game = EightOffGame.from_code(f"EO1-{cells}-{encode(number)}")
        self.start = eightoff_position(self.game)
        self.history = []        # (position, cards that had scored) before each action
        self.scored = frozenset()
        self.complete = True
        self.last_moves = 0

    @precondition(lambda self: self.game.legal_moves())
    @rule(data=st.data())
    def act(self, data):
        src, dst, count = data.draw(st.sampled_from(self.game.legal_moves()))
        before = (eightoff_position(self.game), self.scored)
        moves_before = self.game.moves
        self.game.move(src, dst, count)
        assert self.game.moves == moves_before + 1
        self.scored = self.scored | on_foundations(self.game)
        self.history.append(before)
        if len(self.history) > UNDO_LIMIT:
            self.history.pop(0)
            self.complete = False

    @precondition(lambda self: self.history)
    @rule()
    def undo(self):
        self.game.undo()
        position, self.scored = self.history.pop()
        assert eightoff_position(self.game) == position

    @rule()
    def tap_everything_home(self):
        """Single-tap every card that can go to a foundation until none can."""
        sources = [("cell", i) for i in range(self.game.cell_count)]
        sources += [("column", i) for i in range(8)]
        progress = True
        while progress:
            progress = False
            for src in sources:
                target = self.game.tap_target(src)
                if target is not None:
                    assert self.game.why_illegal(src, target) is None
                    self.history.append((eightoff_position(self.game), self.scored))
                    self.game.move(src, target)
                    self.scored = self.scored | on_foundations(self.game)
                    progress = True
        if len(self.history) > UNDO_LIMIT:
            del self.history[:-UNDO_LIMIT]
            self.complete = False

    @rule()
    def undo_all(self):
        undone = 0
        while self.game.can_undo:
            self.game.undo()
            undone += 1
            assert undone <= UNDO_LIMIT
        assert undone == len(self.history)
        if self.history:
            self.scored = self.history[0][1]
        self.history.clear()
        if self.complete:
            assert eightoff_position(self.game) == self.start

    @rule()
    def save_and_resume(self):
        copy = EightOffGame.from_json(self.game.to_json())
        assert eightoff_everything(copy) == eightoff_everything(self.game)
        self.game = copy

    @invariant()
    def cards_are_conserved(self):
        g = self.game
        cards = [str(c) for col in g.columns for c in col]
        cards += [str(c) for c in g.cells if c is not None]
        cards += [str(c) for f in g.foundations for c in f]
        assert len(cards) == 52 and len(set(cards)) == 52
        assert len(g.cells) == g.cell_count

    @invariant()
    def score_is_10_per_card_that_has_reached_a_foundation(self):
        assert self.game.score >= 0
        assert self.game.score == 10 * len(self.scored)

    @invariant()
    def foundations_are_ordered_by_suit(self):
        for suit, pile in zip("SHDC", self.game.foundations):
            assert [c.rank for c in pile] == list(range(1, len(pile) + 1))
            assert all(c.suit == suit for c in pile)

    @invariant()
    def won_exactly_when_all_cards_are_home(self):
        home = sum(len(f) for f in self.game.foundations)
        assert self.game.status in ("playing", "won")  # there is no defeat in Eight Off
        assert (self.game.status == "won") == (home == 52)

    @invariant()
    def moves_never_decrease(self):
        assert self.game.moves >= self.last_moves
        self.last_moves = self.game.moves

    @invariant()
    def undo_depth_is_bounded(self):
        assert len(self.history) <= UNDO_LIMIT
        assert self.game.can_undo == bool(self.history)


EightOffPlay.TestCase.settings = SETTINGS
TestEightOffPlay = EightOffPlay.TestCase
