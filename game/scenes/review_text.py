"""What a game's review says, in the player's language: each move's mark on the timeline, the summary
line a player remembers ("3 strokes lost in 2 moves", "Perfect game", "The win was lost at move 31")
and the worst moves, each explained in a sentence from the review's reason codes and shown on the
table with the better move.

A Golf review (game.solver.review.Review) grades a move in strokes lost; an Eight Off review
(game.solver.review_eightoff.EightOffReview) says which move lost the win. Where the Eight Off review
also grades moves in bands (inaccuracy, mistake, blunder) they are read from a grade's `band` field
(or its `grade`, when that is a band's name), the moves it added to the shortest win from `extra`
and its reasons from `reasons` (codes as review_eightoff names them): a review without them shows
what it has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..i18n import N_, tr
from .golf_best_line import signed

if TYPE_CHECKING:  # pragma: no cover
    from ..model.cards import Card
    from ..model.replay import Move, Replay

#: The marks of the timeline, one per move, by what the review says of it.
PERFECT = "perfect"  # Golf: no stroke lost; Eight Off: the win kept
LOST = "lost"  # Golf: strokes lost; Eight Off: the move that lost the win
PLAYED_LOST = "played-lost"  # Eight Off: played where the game was already lost
UNKNOWN = "unknown"  # not graded within the budget
#: Eight Off's bands, mildest first (when the review grades the lengths of the shortest win).
BANDS = ("inaccuracy", "mistake", "blunder")
#: The legend's words for each mark (Eight Off's "kept" is PERFECT's mark under its own word).
MARK_WORDS = {
    PERFECT: N_("Perfect"),
    LOST: N_("Strokes lost"),
    UNKNOWN: N_("Not graded"),
    "kept": N_("Win kept"),
    "lost-the-win": N_("Win lost"),
    PLAYED_LOST: N_("Already lost"),
    "inaccuracy": N_("Inaccuracy"),
    "mistake": N_("Mistake"),
    "blunder": N_("Blunder"),
}
#: The worst moves a review explains.
WORST = 3


@dataclass(frozen=True)
class Mark:
    """One move's mark on the timeline: its kind, and how heavy it is (Golf: the strokes lost;
    Eight Off: 1 for a band or the lost win)."""

    kind: str
    weight: int = 0


@dataclass(frozen=True)
class Worst:
    """One of the worst moves: its index in the line (0: the first move), its heading ("Move 12 · 2
    strokes lost"), the sentence saying why, and the better move to show (None: none known)."""

    index: int
    heading: str
    sentence: str
    better: Move | None


def is_golf(review: Any) -> bool:
    """Whether a review is a Golf one (strokes lost), not Eight Off's."""
    return hasattr(review, "strokes_lost")


def band_of(grade: Any) -> str | None:
    """An Eight Off grade's band (inaccuracy, mistake, blunder), when the review gives one."""
    band = getattr(grade, "band", None)
    if band in BANDS:
        return str(band)
    return str(grade.grade) if grade.grade in BANDS else None


# -- the timeline ---------------------------------------------------------------------------------------
def marks(review: Any) -> list[Mark]:
    """The timeline's marks, one per move of the line."""
    if is_golf(review):
        out = []
        for g in review.grades:
            lost = g.strokes_lost
            out.append(Mark(UNKNOWN) if lost is None else Mark(LOST, lost) if lost > 0 else Mark(PERFECT))
        return out
    from ..solver import review_eightoff as eo

    found = []
    for g in review.grades:
        band = band_of(g)
        if g.grade == eo.LOST_THE_WIN:
            found.append(Mark("lost-the-win", 1))
        elif band is not None:
            found.append(Mark(band, 1))
        elif g.grade == eo.KEPT:
            found.append(Mark("kept"))
        elif g.grade == eo.LOST:
            found.append(Mark(PLAYED_LOST))
        else:
            found.append(Mark(UNKNOWN))
    return found


def legend(review: Any) -> list[str]:
    """The marks the legend names for this review, in order (only the kinds its timeline shows, the
    perfect or kept mark always)."""
    shown = {m.kind for m in marks(review)}
    order = [PERFECT, LOST] if is_golf(review) else ["kept", "lost-the-win", *BANDS, PLAYED_LOST]
    first = order[0]
    return [k for k in [*order, UNKNOWN] if k == first or k in shown]


# -- the summary ----------------------------------------------------------------------------------------
def summary_lines(review: Any, status: str = "won") -> list[str]:
    """The summary a player remembers, then what more there is to say (the scores; moves not graded).
    `status` is how the line ends (Replay.status: 'won', 'blocked', 'playing')."""
    if is_golf(review):
        return _golf_summary(review)
    return _eightoff_summary(review, status)


def _golf_summary(review: Any) -> list[str]:
    if review.perfect:
        lines = [tr("Perfect game")]
    elif review.moves_lost:
        lines = [
            tr(
                "{strokes} lost in {moves}",
                strokes=tr("{count} stroke", plural="{count} strokes", count=review.strokes_lost),
                moves=tr("{count} move", plural="{count} moves", count=review.moves_lost),
            )
        ]
    else:
        lines = [tr("No stroke lost in the moves graded")]
    if review.best_start is not None and review.best_end is not None:
        lines.append(
            tr(
                "Your golf score: {mine} · best possible for this deal: {best}",
                mine=signed(review.best_end),
                best=signed(review.best_start),
            )
        )
    return lines + _unknown_line(review.unknown)


def _eightoff_summary(review: Any, status: str) -> list[str]:
    from ..solver import review_eightoff as eo

    lost = review.lost_the_win
    if review.start == "unwinnable":
        lines = [tr("This deal could not be won, whatever the moves.")]
    elif lost is not None:
        lines = [tr("The win was lost at move {n}", n=lost.index + 1)]
    elif review.start == "winnable" and all(g.grade == eo.KEPT or band_of(g) for g in review.grades):
        if status == "won":
            lines = [tr("You kept the win all the way")]
        else:
            lines = [tr("You kept the win all the way to where the game stopped")]
    elif review.start == "unknown":
        lines = [tr("The solver could not work this deal out in time.")]
    else:
        lines = [tr("The solver could not find where the win was lost.")]
    counts = [(band, sum(1 for g in review.grades if band_of(g) == band)) for band in reversed(BANDS)]
    if any(n for _band, n in counts):
        lines.append(" · ".join(_band_count(band, n) for band, n in counts if n))
    return lines + _unknown_line(review.unknown)


def _band_count(band: str, n: int) -> str:
    if band == "blunder":
        return tr("{count} blunder", plural="{count} blunders", count=n)
    if band == "mistake":
        return tr("{count} mistake", plural="{count} mistakes", count=n)
    return tr("{count} inaccuracy", plural="{count} inaccuracies", count=n)


def _unknown_line(unknown: int) -> list[str]:
    if not unknown:
        return []
    return [
        tr(
            "{count} move could not be graded in time",
            plural="{count} moves could not be graded in time",
            count=unknown,
        )
    ]


# -- the worst moves ------------------------------------------------------------------------------------
def worst_moves(review: Any, replay: Replay) -> list[Worst]:
    """Up to WORST of the moves that cost the most, heaviest first (the earlier of equal ones first),
    each with its heading, its sentence and the better move."""
    if is_golf(review):
        lost = [g for g in review.grades if (g.strokes_lost or 0) > 0]
        lost.sort(key=lambda g: (-g.strokes_lost, g.index))
        return [_golf_worst(g, replay) for g in lost[:WORST]]
    return _eightoff_worst(review, replay)


def _golf_worst(grade: Any, replay: Replay) -> Worst:
    heading = tr(
        "Move {n} · {count} stroke lost",
        plural="Move {n} · {count} strokes lost",
        count=grade.strokes_lost,
        n=grade.index + 1,
    )
    return Worst(grade.index, heading, golf_sentence(grade, replay), grade.better)


def golf_sentence(grade: Any, replay: Replay) -> str:
    """Why a Golf move lost strokes, from its reasons (the main one, then the context)."""
    from ..solver import review as rv

    codes = {r.code for r in grade.reasons}
    main = grade.reasons[0] if grade.reasons else None
    if main is None:
        text = tr("A better move was there; the solver ran out of time to name it.")
    elif main.code == rv.DREW_WHILE_PLAYABLE:
        text = tr("You drew while {card} could go; the best line played it now.", card=_card(main.better))
    elif main.code == rv.PLAYED_TOO_SOON:
        text = tr(
            "{played} went too soon: the best line played {better} here and {played} later.",
            played=_card(main.played),
            better=_card(main.better),
        )
    elif main.code == rv.WRONG_CARD:
        text = tr(
            "You played {played}; the best line played {better} here and never played {played}.",
            played=_card(main.played),
            better=_card(main.better),
        )
    else:  # DRAW_FIRST
        text = tr("You played {played}; the best line drew from the stock here instead.", played=_card(main.played))
    if rv.LOST_THE_WIN in codes:
        text = tr("{sentence} Before it, every card could still have been cleared.", sentence=text)
    return text


def _eightoff_worst(review: Any, replay: Replay) -> list[Worst]:
    from ..solver import review_eightoff as eo

    picked: list[Worst] = []
    lost = review.lost_the_win
    if lost is not None:
        heading = tr("Move {n} · the win was lost", n=lost.index + 1)
        move = _move_words(replay, lost.index, lost.move)
        if lost.better is not None:
            sentence = tr(
                "{move} lost the win; {better} kept it.", move=move, better=_move_words(replay, lost.index, lost.better)
            )
        else:
            sentence = tr("{move} lost the win.", move=move)
        picked.append(Worst(lost.index, heading, sentence, lost.better))
    banded = [g for g in review.grades if band_of(g) is not None and g.grade != eo.LOST_THE_WIN]
    banded.sort(key=lambda g: (-BANDS.index(band_of(g) or BANDS[0]), -(getattr(g, "extra", None) or 0), g.index))
    for g in banded[: WORST - len(picked)]:
        band = band_of(g) or BANDS[0]
        heading = tr("Move {n} · {band}", n=g.index + 1, band=tr(MARK_WORDS[band]))
        better = getattr(g, "better", None)
        picked_reason = eightoff_reason(g)
        extra = getattr(g, "extra", None)
        if picked_reason is not None and isinstance(extra, int) and extra > 0:
            sentence = tr(
                "{sentence} It made the shortest win {count} move longer.",
                plural="{sentence} It made the shortest win {count} moves longer.",
                count=extra,
                sentence=picked_reason,
            )
        else:
            move = _move_words(replay, g.index, g.move)
            if isinstance(extra, int) and extra > 0:
                sentence = tr(
                    "{move} made the shortest win {count} move longer.",
                    plural="{move} made the shortest win {count} moves longer.",
                    count=extra,
                    move=move,
                )
            else:
                sentence = tr("{move} made the shortest win longer.", move=move)
            if better is not None:
                sentence = tr(
                    "{sentence} {better} kept it short.", sentence=sentence, better=_move_words(replay, g.index, better)
                )
        picked.append(Worst(g.index, heading, sentence, better))
    return picked


#: The codes of an Eight Off grade's reasons (game.solver.review_eightoff, where the review gives them).
TO_CELL_NOT_COLUMN = "to-cell-not-column"
FILLED_LAST_CELL = "filled-last-cell"
FILLED_LAST_COLUMN = "filled-last-column"
BURIED = "buried"
TOOK_BACK = "took-back"


def eightoff_reason(grade: Any) -> str | None:
    """The sentence of an Eight Off grade's main reason, when it has one the UI names (the last,
    the shortest line's move, is said as the better move instead)."""
    for reason in getattr(grade, "reasons", ()):
        card, other = _card(getattr(reason, "card", None)), _card(getattr(reason, "other", None))
        if reason.code == TO_CELL_NOT_COLUMN:
            return tr("{card} went to a cell; the shortest win put it on a column.", card=card)
        if reason.code == FILLED_LAST_CELL:
            return tr("{card} filled the last free cell; the shortest win kept one free.", card=card)
        if reason.code == FILLED_LAST_COLUMN:
            return tr("{card} filled the last empty column; the shortest win kept it empty.", card=card)
        if reason.code == BURIED:
            return tr("{card} covered {other}, which the shortest win moved here.", card=card, other=other)
        if reason.code == TOOK_BACK:
            return tr("{card} came back from its foundation; a shortest win never does that.", card=card)
    return None


# -- words for cards and moves --------------------------------------------------------------------------
def _card(card: Card | None) -> str:
    if card is None:
        return "?"
    return tr("Joker") if card.is_joker else card.label


def _move_words(replay: Replay, index: int, move: Move | None) -> str:
    """A move from the position before move `index` of the replay, as the tables' words name it:
    '7♠ to the waste', 'a draw from the stock', '7♠ to a cell', '5♦ onto 6♣'."""
    from ..model.eightoff import EightOffGame
    from ..model.moves import EightOffMove, GolfMove
    from .eightoff_words import move_words

    if move is None:
        return "?"
    before = replay.position(index)
    if isinstance(move, GolfMove):
        if move.column is None:
            return tr("a draw from the stock")
        return tr("{card} to the waste", card=_card(before.columns[move.column][-1]))
    assert isinstance(move, EightOffMove) and isinstance(before, EightOffGame)
    return move_words(before, move)
