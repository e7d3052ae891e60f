"""The in-game help: the rules of both games, worked examples, the FAQ and the sources, as data.

- ``text/<lang>/<page>.txt``: each page in English, Greek and Thai, in a small line markup
  (:mod:`game.help.content`); ``{share:RULES}`` in a page is the share of deals winnable under a
  Golf rule set, in %, from the solver's measure (game/solver/winnable/golf-shares.json). The
  Greek and Thai rule pages keep the wording of the original pages (``originals/``); the English
  ones are written from the specification, ``RULES.md``.
- ``examples.json``: the worked examples (a position and a script of moves each), and
  ``text/<lang>/captions.txt`` their titles and captions (:mod:`game.help.examples`).
- ``RULES.md``: the product specification, and ``originals/`` the rule pages it was translated from.

Nothing here imports pygame: the tests replay every example through the model alone.
"""

from __future__ import annotations

from pathlib import Path

from game.i18n import N_
from game.registry import FAMILIES

HELP_DIR = Path(__file__).resolve().parent
TEXT_DIR = HELP_DIR / "text"
#: The pages, in the order of the Help screen's tabs: (id, tab label).
PAGES: list[tuple[str, str]] = [
    *((f.id, f.name) for f in FAMILIES.values()),  # a rules page per game
    ("examples", N_("Examples")),
    ("faq", N_("FAQ")),
    ("sources", N_("Sources")),
]
PAGE_IDS = [page for page, _label in PAGES]
#: Pages without a tab of their own, reached by a button on another page: (id, label, the tab lit
#: while it shows). Golf's "More rules" page explains each rule of the New game window's sheet.
SUBPAGES: list[tuple[str, str, str]] = [("golf-rules", N_("More rules"), "golf")]
#: Every page, tabs first.
ALL_PAGE_IDS = PAGE_IDS + [page for page, _label, _tab in SUBPAGES]
#: Every page's label, as a button leading to it says it.
PAGE_LABELS: dict[str, str] = {**dict(PAGES), **{page: label for page, label, _tab in SUBPAGES}}
#: The tab lit while a page shows.
PAGE_TABS: dict[str, str] = {**{page: page for page in PAGE_IDS}, **{page: tab for page, _label, tab in SUBPAGES}}
LANGUAGES = ("en", "el", "th")
