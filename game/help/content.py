"""The help pages' markup, read into blocks the Help screen lays out.

One line of a page file is one of:

- ``# Title`` (the page's title), ``## Heading``;
- ``• item``: a bullet (a line starting with two spaces continues the item above);
- ``| text``: a line set apart and centred (a formula);
- ``> example: id``, ``> deal: CODE``, ``> page: id``: a button that plays a worked example, deals
  that deal, or opens another page;
- anything else: a paragraph (consecutive lines join; a blank line ends it).

``{share:RULES}`` is the share of deals the solver found winnable under a Golf rule set ("classic",
"strict+j2"), in whole percent with its "%" (kept on the number's line), and ``{deals:RULES}`` how
many deals that share was measured over, both read from the solver's data when the page is read,
so a page's figures are the data's.

Inside text, ``**bold**`` is bold and a card such as ``A♣`` or ``10♠`` shows as a small card. The
markup is plain so that a translator can edit a page without tools. Thai, written without spaces
between words, carries zero-width spaces (U+200B) at its word boundaries, where a line may break
(put there by ICU's Thai dictionary, offline; a quoted on-screen message is left as it is).

>>> [(b.kind, b.text) for b in parse("# Golf\\n\\nTap a card\\nof a column.\\n• one\\n> page: faq")]
[('title', 'Golf'), ('para', 'Tap a card of a column.'), ('bullet', 'one'), ('page', 'faq')]
>>> spans("On **A♣**, a 2")
[('text', 'On '), ('card', 'A♣'), ('text', ', a 2')]
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

from . import LANGUAGES, TEXT_DIR

BLOCK_KINDS = ("title", "heading", "para", "bullet", "centre", "example", "deal", "page")
ACTIONS = {"example", "deal", "page"}
#: A card named in the text: rank then suit symbol, not inside a word or a longer number.
CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])([♠♥♦♣])(?!\w)")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
#: How a share is written after its number: a space that is no line break, so "%" never starts a line.
PERCENT = "\u00a0%"
#: A figure from the solver's data: {share:RULES} or {deals:RULES}.
FIGURE = re.compile(r"\{(share|deals):([\w+]+)\}")
#: Characters the bundled fonts lack, drawn as a look-alike they have (the pages keep the originals'
#: characters): the minus sign as an en dash.
LOOK_ALIKES = str.maketrans({"\u2212": "\u2013"})


@dataclass(frozen=True)
class Block:
    """One block of a page: its kind (BLOCK_KINDS) and its text, or the action's argument."""

    kind: str
    text: str


class MarkupError(ValueError):
    """A page file that cannot be read (an unknown action, an empty one)."""


def parse(text: str, name: str = "<page>") -> list[Block]:
    """The blocks of a page, in order."""
    blocks: list[Block] = []
    para: list[str] = []

    def end_paragraph() -> None:
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            end_paragraph()
        elif line.startswith("  ") and blocks and blocks[-1].kind == "bullet" and not para:
            blocks[-1] = Block("bullet", f"{blocks[-1].text} {stripped}")
        elif stripped.startswith("## "):
            end_paragraph()
            blocks.append(Block("heading", stripped[3:].strip()))
        elif stripped.startswith("# "):
            end_paragraph()
            blocks.append(Block("title", stripped[2:].strip()))
        elif stripped.startswith("•"):
            end_paragraph()
            blocks.append(Block("bullet", stripped[1:].strip()))
        elif stripped.startswith("|"):
            end_paragraph()
            blocks.append(Block("centre", stripped[1:].strip()))
        elif stripped.startswith(">"):
            end_paragraph()
            kind, _, arg = stripped[1:].partition(":")
            kind, arg = kind.strip(), arg.strip()
            if kind not in ACTIONS or not arg:
                raise MarkupError(f"{name}:{number}: cannot read the action {stripped!r}")
            blocks.append(Block(kind, arg))
        else:
            para.append(stripped)
    end_paragraph()
    return blocks


def spans(text: str) -> list[tuple[str, str]]:
    """A text's runs: ('text', ...), ('bold', ...) and ('card', 'A♣'), in order."""
    out: list[tuple[str, str]] = []
    for i, part in enumerate(_BOLD.split(text.translate(LOOK_ALIKES))):
        style = "bold" if i % 2 else "text"
        last = 0
        for m in CARD.finditer(part):
            if m.start() > last:
                out.append((style, part[last : m.start()]))
            out.append(("card", m.group(0)))
            last = m.end()
        if last < len(part):
            out.append((style, part[last:]))
    return [s for s in out if s[1]]


def page_path(page: str, language: str) -> str:
    return str(TEXT_DIR / language / f"{page}.txt")


@lru_cache(maxsize=32)
def page(page_id: str, language: str) -> tuple[Block, ...]:
    """A page's blocks in a language (English when the language has no such page)."""
    if language not in LANGUAGES:
        language = "en"
    path = TEXT_DIR / language / f"{page_id}.txt"
    if not path.exists():
        path = TEXT_DIR / "en" / f"{page_id}.txt"
    return tuple(parse(FIGURE.sub(_figure, path.read_text(encoding="utf-8")), path.name))


def share_percent(winnable: int, deals: int) -> int:
    """A share in whole percent as a page quotes it: rounded, but never 0 % for a share that is
    some and never 100 % for one that is not all.

    >>> share_percent(905, 2000), share_percent(1998, 2000), share_percent(1, 2000)
    (45, 99, 1)
    """
    exact = 100 * winnable / deals
    shown = round(exact)
    if shown >= 100 > exact:
        return 99
    return 1 if shown <= 0 < exact else shown


def _figure(match: re.Match[str]) -> str:
    """A {share:RULES} or {deals:RULES} figure of the text, from the solver's data."""
    row = golf_shares().get(match.group(2))
    if row is None:
        raise MarkupError(f"no measured share for the rule set {match.group(2)!r}")
    if match.group(1) == "deals":
        return str(row["deals"])
    return f"{share_percent(row['winnable'], row['deals'])}{PERCENT}"


@lru_cache(maxsize=1)
def golf_shares() -> dict[str, dict[str, int]]:
    """{rule set name: {'deals', 'winnable', 'unknown'}}: the solver's measure of each Golf rule set."""
    from ..solver.deal_lists import SHARES_FILE  # (a path and its reader: no solver is loaded)

    return dict(json.loads(SHARES_FILE.read_text(encoding="utf-8"))["shares"])


def plain(text: str) -> str:
    """The text as it shows on screen, without markup or Thai word breaks (tests search it)."""
    return _BOLD.sub(r"\1", text).translate(LOOK_ALIKES).replace("\u200b", "")
