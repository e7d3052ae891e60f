"""Worked examples: a position and a short script of moves, played on the model's public API.

``examples.json`` holds each example: its game, one or more parts (a start position and a script of
steps) and, for every step, what the model must show afterwards (``expect``) and the words every
language's caption must name (``says``: numbers, cards). The captions themselves are in
``text/<lang>/captions.txt``. :class:`Run` plays an example step by step; the Help screen animates
what it does, and the tests replay every example through it without a display.

A part starts from a deal code (``{"code": ..., "prelude": n}``: the first n moves of its ``line``,
the moves of a real game, made at once), optionally under another Golf rule (``"rule"``: the same
cards as a position), or from a layout (``{"layout": {...}}``, as ``from_layout`` takes it).

Steps (``do``): ``look`` (nothing moves), Golf ``draw`` and ``play`` (``column``, ``row``, 1-based),
Eight Off ``move`` (``from``, ``to``, ``count``), ``tap`` (where a single tap sends a card),
``double`` (where a double tap sends it, ``to`` being where it must go), ``next`` (the line's next
move) and ``replay`` (the line's moves until the counter shows ``until``). A step with ``refused``
must be refused by the model for that reason, and changes nothing.

Line notation: Golf ``D`` (a draw) or a column number; Eight Off ``C5>C4x3`` (columns ``C1``-``C8``,
cells ``L1``-``L8``, foundations ``F1``-``F4`` in suit order ♠ ♥ ♦ ♣, then the card count).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .. import registry
from ..model.base import SolitaireGame
from ..model.codes import parse_code
from ..model.golf import GolfGame
from ..model.moves import EightOffMove, GolfMove, Pile, PileKind
from . import HELP_DIR, LANGUAGES, TEXT_DIR

EXAMPLES_FILE = HELP_DIR / "examples.json"
STEP_KINDS = ("look", "draw", "play", "move", "tap", "double", "next", "replay")
_PILES = {"C": PileKind.COLUMN, "L": PileKind.CELL, "F": PileKind.FOUNDATION}
_LOCATION = re.compile(r"^(column|cell|foundation) ([1-8])$")
_MOVE = re.compile(r"^([CLF])([1-8])>([CLF])([1-8])(?:x(\d+))?$")


@dataclass(frozen=True)
class Step:
    """One step of a script: what it does, its arguments, and what must hold afterwards."""

    do: str
    args: dict = field(default_factory=dict)
    refused: str | None = None
    say: int | None = None  # the caption shown from this step on (None: the previous one)
    expect: dict = field(default_factory=dict)
    says: tuple[str, ...] = ()


@dataclass(frozen=True)
class Part:
    start: dict
    line: tuple
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Example:
    id: str
    game: str  # 'golf' or 'eightoff'
    parts: tuple[Part, ...]
    deal: str | None = None  # a deal code the example comes from (its "Play this deal" button)

    @property
    def captions(self) -> list[int]:
        """The caption numbers the steps show, in order (each once)."""
        seen: list[int] = []
        for part in self.parts:
            for step in part.steps:
                if step.say is not None and step.say not in seen:
                    seen.append(step.say)
        return seen


def location(text: str) -> Pile:
    """'column 4' -> Pile.column(3): the data counts from 1, as the captions do."""
    m = _LOCATION.match(text.strip())
    if not m:
        raise ValueError(f"not a location: {text!r}")
    return Pile(PileKind(m.group(1)), int(m.group(2)) - 1)


def golf_move(token: str) -> int | str:
    """'D' -> 'draw', '5' -> 4 (the model's column index)."""
    if token == "D":
        return "draw"
    column = int(token)
    if not 1 <= column <= 7:
        raise ValueError(f"not a Golf column: {token!r}")
    return column - 1


def eightoff_move(token: str) -> tuple[Pile, Pile, int]:
    """'C5>C4x3' -> (Pile.column(4), Pile.column(3), 3)."""
    m = _MOVE.match(token)
    if not m:
        raise ValueError(f"not an Eight Off move: {token!r}")
    src, dst = (
        Pile(_PILES[m.group(1)], int(m.group(2)) - 1),
        Pile(_PILES[m.group(3)], int(m.group(4)) - 1),
    )
    return src, dst, int(m.group(5) or 1)


def golf_text(moves: list[Any]) -> str:
    """The notation of a line of GolfMoves (or their plain forms)."""
    return " ".join("D" if m.column is None else str(m.column + 1) for m in map(GolfMove.coerce, moves))


def eightoff_text(moves: list[Any]) -> str:
    """The notation of a line of EightOffMoves (or their plain forms)."""
    letters = {v: k for k, v in _PILES.items()}
    return " ".join(
        f"{letters[m.src.kind]}{m.src.index + 1}>{letters[m.dst.kind]}{m.dst.index + 1}"
        + (f"x{m.count}" if m.count > 1 else "")
        for m in map(EightOffMove.coerce, moves)
    )


#: The examples' move notation of each game (a registry family id): token -> move, moves -> text.
NOTATION: dict[str, tuple[Callable[[str], Any], Callable[[list], str]]] = {
    "golf": (golf_move, golf_text),
    "eightoff": (eightoff_move, eightoff_text),
}


def line_text(game: str, moves: list) -> str:
    """The line notation of model moves (the finder writes the data with it)."""
    return NOTATION[game][1](moves)


def message_fields(args: dict[str, Any]) -> dict[str, Any]:
    """The fields of a refused step's message, for tr() (its text is args["message"]): a counted
    message has its English plural in "plural" and its number in "n" ("count" is the move's own
    number of cards)."""
    return {"plural": args["plural"], "count": args["n"]} if "plural" in args else {}


def _step(data: dict) -> Step:
    do = data.get("do")
    if do not in STEP_KINDS:
        raise ValueError(f"unknown step {do!r}")
    args = {k: v for k, v in data.items() if k not in ("do", "refused", "say", "expect", "says")}
    if data.get("refused") and "message" not in args:
        raise ValueError(f"a refused {do!r} step needs the message the table shows")
    return Step(
        do, args, data.get("refused"), data.get("say"), dict(data.get("expect", {})), tuple(data.get("says", ()))
    )


def _part(game: str, data: dict) -> Part:
    parse = NOTATION[game][0]
    line = tuple(parse(t) for t in data.get("line", "").split())
    return Part(dict(data["start"]), line, tuple(_step(s) for s in data["steps"]))


@lru_cache(maxsize=1)
def load() -> dict[str, Example]:
    """Every example by id, in the file's order."""
    raw = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))
    out: dict[str, Example] = {}
    for item in raw["examples"]:
        game = item["game"]
        if game not in NOTATION:
            raise ValueError(f"{item['id']}: unknown game {game!r}")
        out[item["id"]] = Example(item["id"], game, tuple(_part(game, p) for p in item["parts"]), item.get("deal"))
    return out


# --- captions ----------------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def captions(language: str) -> dict[str, dict[str, str]]:
    """{example id: {'title': ..., '1': ..., '2': ...}} in a language (the file's [id] sections)."""
    if language not in LANGUAGES:
        language = "en"
    out: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    path = TEXT_DIR / language / "captions.txt"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = out.setdefault(line[1:-1].strip(), {})
        elif "=" in line and current is not None:
            key, _, value = line.partition("=")
            current[key.strip()] = value.strip()
        else:
            raise ValueError(f"{path.name}:{number}: cannot read {raw!r}")
    return out


def caption(example_id: str, key: str | int, language: str) -> str:
    """One caption (or 'title') of an example; English when the language lacks it."""
    text = captions(language).get(example_id, {}).get(str(key))
    if text is None:
        text = captions("en").get(example_id, {}).get(str(key), "")
    return text


# --- playing an example --------------------------------------------------------------------------------
@dataclass
class Plan:
    """What the next step will do, worked out before it is done (the screen points at it first)."""

    step: Step
    kind: str  # 'look', 'draw', 'play' or 'move'
    column: int | None = None  # Golf: the column played
    row: int | None = None  # Golf: the row touched (a covered card)
    src: Pile | None = None  # Eight Off
    dst: Pile | None = None
    count: int = 1
    refused: str | None = None  # the model's reason, when it refuses


class Run:
    """An example being played: the model game of the current part and where the script is."""

    def __init__(self, example: Example) -> None:
        self.example = example
        self.part_index = 0
        self.step_index = 0
        self.game: Any = None
        self._line_pos = 0
        self.start_part(0)

    @property
    def part(self) -> Part:
        return self.example.parts[self.part_index]

    @property
    def done(self) -> bool:
        return self.part_index >= len(self.example.parts) - 1 and self.step_index >= len(self.part.steps)

    def start_part(self, index: int) -> None:
        self.part_index, self.step_index = index, 0
        part = self.part
        start = part.start
        if "layout" in start:
            # the model's own from_layout: Golf (columns, waste, stock, rule), Eight Off (columns, cells,
            # foundations)
            self.game = registry.family(self.example.game).model.from_layout(**start["layout"])
            self._line_pos = 0
            return
        code = parse_code(start["code"])
        self.game = registry.game_from_code(code)
        prelude = int(start.get("prelude", 0))
        for move in part.line[:prelude]:
            _apply(self.game, move)
        self._line_pos = prelude
        rule = start.get("rule")
        if rule is not None and rule != self.game.rule:  # the same cards under the other rule
            g = self.game
            self.game = GolfGame.from_layout(g.columns, g.waste, g.stock, rule)

    def advance_part(self) -> bool:
        """At the end of a part, go to the next one; False when there is none."""
        if self.step_index < len(self.part.steps) or self.part_index + 1 >= len(self.example.parts):
            return False
        self.start_part(self.part_index + 1)
        return True

    def plan(self) -> Plan | None:
        """What the next step will do (None at the end of the part). Replay steps plan one line move
        at a time: the step stays current until the counter shows its `until`."""
        if self.step_index >= len(self.part.steps):
            return None
        step = self.part.steps[self.step_index]
        g = self.game
        a = step.args
        if step.do == "look":
            return Plan(step, "look")
        if step.do in ("next", "replay"):
            return self._plan_move(step, self.part.line[self._line_pos])
        if step.do == "draw":
            return self._plan_move(step, "draw")
        if step.do == "play":
            column, row = int(a["column"]) - 1, a.get("row")
            row = None if row is None else int(row) - 1
            return Plan(step, "play", column=column, row=row, refused=g.why_illegal(column, row))
        src = location(a["from"])
        if step.do == "tap":
            dst = g.tap_target(src)
            count = 1
        elif step.do == "double":
            count = int(a.get("count", 1))
            dst = g.auto_target(src, count)
        else:
            dst, count = location(a["to"]), int(a.get("count", 1))
        if dst is None:
            raise ValueError(f"{self.example.id}: step {self.step_index + 1} sends {a['from']} nowhere")
        return Plan(step, "move", src=src, dst=dst, count=count, refused=g.why_illegal(src, dst, count))

    def next_line_plan(self) -> Plan | None:
        """The line's next move, planned but not made (a pause points at it)."""
        if self._line_pos >= len(self.part.line) or self.step_index >= len(self.part.steps):
            return None
        return self._plan_move(self.part.steps[self.step_index], self.part.line[self._line_pos])

    def _plan_move(self, step: Step, move: Any) -> Plan:
        g = self.game
        if move == "draw":
            return Plan(step, "draw", refused=None if g.stock else "stock-empty")
        if isinstance(move, int):
            return Plan(step, "play", column=move, refused=g.why_illegal(move))
        src, dst, count = move
        return Plan(step, "move", src=src, dst=dst, count=count, refused=g.why_illegal(src, dst, count))

    def apply(self, plan: Plan) -> None:
        """Do what the plan says (a refused plan changes nothing) and move the script on. A step
        that expects a refusal must get exactly that refusal; one that does not must not get any."""
        step = plan.step
        if plan.refused != step.refused:
            raise ValueError(
                f"{self.example.id}: step {self.step_index + 1} ({step.do}) was "
                f"{'refused: ' + plan.refused if plan.refused else 'allowed'}, "
                f"not {'refused: ' + step.refused if step.refused else 'allowed'}"
            )
        if plan.refused is None and plan.kind != "look":
            if plan.kind == "draw":
                self.game.draw()
            elif plan.kind == "play":
                self.game.play(plan.column)
            else:
                self.game.move(plan.src, plan.dst, plan.count)
            if step.do in ("next", "replay"):
                self._line_pos += 1
        if step.do != "replay" or self.game.moves >= int(step.args["until"]):
            self.step_index += 1

    def check(self, step: Step) -> list[str]:
        """What does not hold of `step`'s expectations in the game now (empty: all of it holds)."""
        return [
            f"{key}: expected {want!r}, got {got!r}"
            for key, want, got in _compare(self.game, step.expect)
            if want != got
        ]


def _apply(game: SolitaireGame, move: Any) -> None:
    """Make a move of the example's line (its parsed notation: the move's plain form) through push."""
    game.push(game.MOVE.coerce(move))


def _compare(game: Any, expect: dict) -> list[tuple[str, Any, Any]]:
    """(key, expected, actual) for every expectation."""
    out = []
    for key, want in expect.items():
        if key == "top":
            out += _tops(game, want)
            continue
        read = _READINGS.get(key)
        if read is None:
            raise ValueError(f"unknown expectation {key!r}")
        out.append((key, want, read(game)))
    return out


def _tops(game: Any, want: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """(key, expected, actual) for the top card of each pile named (None: the pile is empty)."""
    out = []
    for where, card in want.items():
        pile = [c for c in game.pile(location(where)) if c is not None]
        out.append((f"top of {where}", card, str(pile[-1]) if pile else None))
    return out


#: What each expectation but "top" reads of the game, as an example's file writes it.
_READINGS: dict[str, Callable[[Any], Any]] = {
    "waste": lambda game: str(game.waste[-1]) if game.waste else None,
    "stock": lambda game: len(game.stock),
    "left": lambda game: game.tableau_count,
    "free_cells": lambda game: game.free_cells(),
    "empty_columns": lambda game: sum(1 for c in game.columns if not c),
    "legal": lambda game: ["draw" if m.is_draw else m.column + 1 for m in game.legal_moves()],
    "score": lambda game: game.score,
    "moves": lambda game: game.moves,
    "status": lambda game: game.status,
}
