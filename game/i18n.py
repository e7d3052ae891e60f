"""The one translation function for every user-visible string, and the language's way of writing
dates and numbers.

Keys are the English source strings themselves, so untranslated text still reads well:

>>> set_language('en')
'en'
>>> tr('Score: {n}', n=12)
'Score: 12'

**Counts.** A text that shows a count takes the count's grammatical number. Give the English plural
as ``plural=`` and the number as ``count=``: ``count`` is the one field that chooses the form, and it
is also the ``{count}`` field of the texts (a plural text always names its count ``{count}``; other
fields are filled as usual). The language's plural rule, from its catalogue's ``Plural-Forms``
header, picks the form (English: one for 1, the plural for every other count):

>>> tr('{count} card left', plural='{count} cards left', count=1)
'1 card left'
>>> [tr('{count} card left', plural='{count} cards left', count=n) for n in (0, 2)]
['0 cards left', '2 cards left']
>>> set_language('el')
'el'
>>> [tr('Last {count} round', plural='Last {count} rounds', count=n) for n in (1, 5)]
['Τελευταίος 1 γύρος', 'Τελευταίοι 5 γύροι']
>>> set_language('en')
'en'

The catalogues are gettext ``.po`` files in ``game/locale`` (``el.po`` Greek, ``th.po`` Thai), read
with Babel (``babel.messages.pofile``) the first time their language is chosen: an English start reads
none and imports no Babel. ``CATALOGUES`` reads them all, for tools and tests. There is no compile
step and no ``.mo`` file; any gettext tool (``msgfmt --check``, Poedit) can still check or edit them.
A plural entry is ``msgid`` + ``msgid_plural`` with one ``msgstr[i]`` per form of the language.
``{name}`` fields are ``str.format`` fields. English is the source and needs no catalogue.

Month and weekday names, the order of month and year, and the decimal mark come from Babel's locale
data (CLDR): :func:`month_year`, :func:`weekday_names`, :func:`decimal`.

The language is remembered in the settings; on the first start (no language chosen yet) it comes
from the system locale: :func:`detect_language`.
"""

from __future__ import annotations

import datetime
import locale as _locale
import logging
import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: (code, name) of every language, each named in its own language (never translated). Each code is
#: also the name of its catalogue (``game/locale/<code>.po``) and its Babel locale.
LANGUAGES: list[tuple[str, str]] = [("en", "English"), ("el", "Ελληνικά"), ("th", "ไทย")]

#: The longest language code looked at, in characters: a code names a file, and a settings file
#: may hold any text (a code of hundreds of letters made a path the system refuses).
CODE_LIMIT = 8

#: Years added to the Common Era's in a language's dates: Thai dates count the Buddhist Era.
ERA_YEARS = {"th": 543}


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


class Catalogue(dict[str, str | tuple[str, ...]]):
    """One language's translations: English ``msgid`` -> ``msgstr``, or for a plural entry the tuple
    of its ``msgstr[i]`` forms; with the language's plural rule.

    ``plural(n)`` is the index of the form for the count n, ``nplurals`` how many forms the language
    has, ``plurals`` each plural entry's English plural (``msgid`` -> ``msgid_plural``).
    """

    def __init__(
        self,
        entries: Mapping[str, str | tuple[str, ...]] | Iterable[tuple[str, str | tuple[str, ...]]] = (),
        plural: Callable[[int], int] = _english_plural,
        nplurals: int = 2,
        plurals: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(entries)
        self.plural = plural
        self.nplurals = nplurals
        self.plurals: dict[str, str] = dict(plurals or {})


#: language code -> its Catalogue, as read so far. English is the identity and needs no entries.
#: (The module's ``CATALOGUES`` attribute reads every catalogue first: see __getattr__.)
_catalogues: dict[str, Catalogue] = {"en": Catalogue()}

_current: Catalogue = _catalogues["en"]
_language = "en"
#: Called with (key, result) after every tr() (tests record what was translated); None normally.
_observer: Callable[[str, str], None] | None = None


# --- reading the catalogues --------------------------------------------------------------------------
def read_catalogue(path: Path) -> Catalogue:
    """A .po file's translations, read with Babel. Fuzzy and untranslated entries are left out, as
    gettext leaves them out. Raises ValueError (OSError) when the file cannot be read or makes no sense.
    """
    import gettext

    from babel.messages.pofile import PoFileError, read_po  # (Babel: only once a language is chosen)

    try:
        with path.open("rb") as f:
            po = read_po(f, abort_invalid=True)
        rule = gettext.c2py(po.plural_expr)
    except (PoFileError, LookupError) as exc:  # (LookupError: a charset Python does not know)
        raise ValueError(str(exc)) from exc
    catalogue = Catalogue(plural=rule, nplurals=po.num_plurals)
    for message in po:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, str):
            if isinstance(message.string, str) and message.string:
                catalogue[message.id] = message.string
            continue
        singular, plural = message.id[0], message.id[1]
        forms = tuple(message.string or ()) if not isinstance(message.string, str) else (message.string,)
        if forms and all(forms):
            catalogue[singular] = forms
            catalogue.plurals[singular] = plural
    return catalogue


def load_catalogues(directory: Path = LOCALE_DIR) -> None:
    """Register every ``<code>.po`` in the directory not registered yet (a broken file is logged and
    skipped): each file is read once, however often this is asked."""
    for path in sorted(directory.glob("*.po")):
        if path.stem not in _catalogues:
            _read(path)


def _read(path: Path) -> None:
    try:
        register_catalogue(path.stem, read_catalogue(path))
    except (OSError, ValueError) as exc:
        log.warning("i18n: cannot read %s (%s)", path, exc)


def __getattr__(name: str) -> Any:
    """``CATALOGUES``: every catalogue, all read (tools and tests look at them all)."""
    if name == "CATALOGUES":
        load_catalogues()
        return _catalogues
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- the language -----------------------------------------------------------------------------------
def register_catalogue(code: str, catalogue: Catalogue) -> None:
    """Add a language's catalogue, or extend the one it has (keys are English strings; the new
    catalogue's plural rule is the language's from now on)."""
    known = _catalogues.get(code)
    if known is None:
        _catalogues[code] = catalogue
        return
    known.update(catalogue)
    known.plurals.update(catalogue.plurals)
    known.plural, known.nplurals = catalogue.plural, catalogue.nplurals


def set_language(code: str) -> str:
    """Switch the language; an empty code gives English, and so, with a log line, does any code
    that is not a known language (in LANGUAGES, or registered) or is not of a code's form (at most
    CODE_LIMIT letters and digits): no other text ever becomes a path. Returns the code used. A
    language's catalogue is read the first time it is chosen (not at start-up)."""
    global _current, _language
    code = code or "en"
    if not (len(code) <= CODE_LIMIT and code.isascii() and code.isalnum()):
        log.warning("i18n: %r is no language code; using English", code[: CODE_LIMIT + 8])
        code = "en"
    code = code.lower()
    if code not in _catalogues and code in {c for c, _name in LANGUAGES}:
        _read(LOCALE_DIR / f"{code}.po")
    if code not in _catalogues:
        log.warning("i18n: no catalogue for %r; using English", code)
        code = "en"
    _language = code
    _current = _catalogues[code]
    return code


def language() -> str:
    """The language code in use."""
    return _language


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The language for a first start, from the system locale: el -> Greek, th -> Thai, else English.

    Looks at LC_ALL, LC_MESSAGES, LANG, then LANGUAGE (the first non-empty wins, as in POSIX), then
    Python's ``locale.getlocale()``.

    >>> detect_language({'LANG': 'el_GR.UTF-8'}), detect_language({'LC_ALL': 'th_TH'})
    ('el', 'th')
    >>> detect_language({'LC_ALL': 'C', 'LANG': 'th_TH.UTF-8'})
    'en'
    """
    env = os.environ if environ is None else environ
    value = ""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            break
    if not value and environ is None:
        try:
            value = _locale.getlocale()[0] or ""
        except (ValueError, TypeError):
            value = ""
    code = value.split(":")[0].split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    aliases = {"greek": "el", "thai": "th"}  # Windows-style names from getlocale()
    code = aliases.get(code, code)
    return code if code in {c for c, _ in LANGUAGES} and code != "" else "en"


def has_translation(key: str) -> bool:
    """Whether the current language has its own text for this key."""
    return key in _current


# --- translating -------------------------------------------------------------------------------------
def tr(key: str, plural: str | None = None, **fields: Any) -> str:
    """Translate an English source string and fill its ``{name}`` fields.

    With ``plural`` (the English plural text) the text shows a count: ``count=`` is then required, and
    the language's plural rule chooses the form for it (see the module's docstring).

    A missing translation gives the English text; a formatting mistake in a catalogue gives the
    English text rather than an exception in the middle of a frame.
    """
    entry = _current.get(key)
    if plural is None:
        english = key
        text = entry[0] if isinstance(entry, tuple) else entry or key  # (a plural entry asked without a count)
    else:
        if "count" not in fields:
            raise TypeError(f"tr({key!r}, plural=...) needs count=")
        count = fields["count"]
        english = key if _english_plural(count) == 0 else plural
        if isinstance(entry, tuple):
            index = _current.plural(count)
            text = entry[index] if 0 <= index < len(entry) else english
        else:
            text = entry or english
    if fields:
        try:
            text = text.format(**fields)
        except (KeyError, IndexError, ValueError):
            log.warning("i18n: cannot format %r with %r", text, fields)
            try:
                text = english.format(**fields)
            except (KeyError, IndexError, ValueError):
                text = english
    if _observer is not None:
        _observer(key, text)
    return text


def observe(callback: Callable[[str, str], None] | None) -> None:
    """Call ``callback(key, result)`` after every translation (None stops); for tests and tools."""
    global _observer
    _observer = callback


def N_(key: str) -> str:
    """Mark a string for translation without translating it yet (for tables built at import time)."""
    return key


# --- dates and numbers, from Babel's locale data ---------------------------------------------------------
def month_year(day: datetime.date) -> str:
    """The month of `day` and its year, as the language writes a month's title: 'December 2026',
    'Δεκέμβριος 2026' (the stand-alone name), 'ธันวาคม 2569' (Thai counts the Buddhist Era)."""
    from babel.dates import format_skeleton

    shown = datetime.date(day.year + ERA_YEARS.get(_language, 0), day.month, 1)
    return format_skeleton("yMMMM", shown, locale=_language)


def weekday_names() -> list[str]:
    """Monday to Sunday, short, as a calendar's column heads write them: Mo, Tu…; Δε, Τρ…; จ., อ.…"""
    from babel.dates import get_day_names

    names = get_day_names("short", "stand-alone", locale=_language)
    return [names[i] for i in range(7)]


def decimal(value: float, places: int = 1) -> str:
    """`value` with `places` decimals as the language writes it: 4.5 in English and Thai, 4,5 in
    Greek. (No grouping of thousands: the game shows none that large.)"""
    from babel.numbers import format_decimal

    return format_decimal(value, "0." + "0" * places if places else "0", locale=_language)
