"""The one translation function for every user-visible string.

Keys are the English source strings themselves, so untranslated text still reads well:

>>> set_language('en')
'en'
>>> tr('Score: {n}', n=12)
'Score: 12'

The catalogues are gettext ``.po`` files in ``game/locale`` (``el.po`` Greek, ``th.po`` Thai),
read by the small parser below when their language is first chosen (an English start reads
neither; ``CATALOGUES`` reads them all, for tools and tests): no compile step, no ``.mo`` files, and any
gettext tool (msgfmt --check, Poedit) can still validate or edit them. ``{name}`` fields are
``str.format`` fields. English is the source and needs no catalogue.

The language is remembered in the settings; on the first start (no language chosen yet) it comes
from the system locale: :func:`detect_language`.
"""

from __future__ import annotations

import locale as _locale
import logging
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: (code, name) of every language, each named in its own language (never translated).
LANGUAGES: list[tuple[str, str]] = [("en", "English"), ("el", "Ελληνικά"), ("th", "ไทย")]

#: language code -> {English: translation}, as read so far. English is the identity and needs no
#: entries. (The module's ``CATALOGUES`` attribute reads every catalogue first: see __getattr__.)
_catalogues: dict[str, dict[str, str]] = {"en": {}}

_current: dict[str, str] = _catalogues["en"]
_language = "en"
#: Called with (key, result) after every tr() (tests record what was translated); None normally.
_observer: Callable[[str, str], None] | None = None


# --- the .po reader ---------------------------------------------------------------------------------
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(token: str, where: str) -> str:
    """The value of one C-style quoted string (``"..."``) from a .po file."""
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {token!r}")
    out, body, i = [], token[1:-1], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def parse_po(text: str, name: str = "<po>") -> dict[str, str]:
    r"""Read the msgid/msgstr pairs of a .po file (comments, msgctxt and plurals are not used here).

    The header (empty msgid) and untranslated entries (empty msgstr) are left out; a ``#, fuzzy``
    entry is left out too, as gettext does.

    >>> parse_po('msgid "Undo"\nmsgstr "Αναίρεση"\n\nmsgid "a"\n"b"\nmsgstr ""\n"c\\"d"\n')
    {'Undo': 'Αναίρεση', 'ab': 'c"d'}
    """
    entries: dict[str, str] = {}
    field: str | None = None
    msgid: str | None = None
    msgstr: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal msgid, msgstr, fuzzy, field
        if msgid and msgstr and not fuzzy:
            entries[msgid] = msgstr
        msgid, msgstr, fuzzy, field = None, None, False, None

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{n}"
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if msgstr is not None:
                    flush()
                fuzzy = True
            continue
        if line.startswith("msgid "):
            if msgstr is not None:
                flush()
            msgid, field = _unquote(line[6:].strip(), where), "msgid"
        elif line.startswith("msgstr "):
            if msgid is None:
                raise ValueError(f"{where}: msgstr without msgid")
            msgstr, field = _unquote(line[7:].strip(), where), "msgstr"
        elif line.startswith('"'):
            if field == "msgid" and msgid is not None:
                msgid += _unquote(line, where)
            elif field == "msgstr" and msgstr is not None:
                msgstr += _unquote(line, where)
            else:
                raise ValueError(f"{where}: a continuation line outside an entry")
        else:
            raise ValueError(f"{where}: cannot read {line!r}")
    if msgstr is not None:
        flush()
    return entries


def load_catalogues(directory: Path = LOCALE_DIR) -> None:
    """Register every ``<code>.po`` in the directory not registered yet (a broken file is logged and
    skipped): each file is read once, however often this is asked."""
    for path in sorted(directory.glob("*.po")):
        if path.stem not in _catalogues:
            _read(path)


def _read(path: Path) -> None:
    try:
        register_catalogue(path.stem, parse_po(path.read_text(encoding="utf-8"), path.name))
    except (OSError, ValueError) as exc:
        log.warning("i18n: cannot read %s (%s)", path, exc)


def __getattr__(name: str) -> Any:
    """``CATALOGUES``: every catalogue, all read (tools and tests look at them all)."""
    if name == "CATALOGUES":
        load_catalogues()
        return _catalogues
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- the language -----------------------------------------------------------------------------------
def register_catalogue(code: str, catalogue: dict[str, str]) -> None:
    """Add or extend the catalogue for a language (keys are English strings)."""
    _catalogues.setdefault(code, {}).update(catalogue)


def set_language(code: str) -> str:
    """Switch the language; an empty or unknown code falls back to English. Returns the code used.
    A language's catalogue is read the first time it is chosen (10 ms for both: not at start-up)."""
    global _current, _language
    code = (code or "en").lower()
    path = LOCALE_DIR / f"{code}.po"
    if code not in _catalogues and code.isalnum() and path.is_file():
        _read(path)
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


def tr(key: str, **fmt: Any) -> str:
    """Translate an English source string and fill its ``{name}`` fields.

    A missing translation gives the English text; a formatting mistake in a catalogue gives the
    unformatted text rather than an exception in the middle of a frame.
    """
    text = _current.get(key, key)
    if fmt:
        try:
            text = text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            log.warning("i18n: cannot format %r with %r", text, fmt)
            try:
                text = key.format(**fmt)
            except (KeyError, IndexError, ValueError):
                text = key
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


#: How the language writes a number with decimals (Greek: a decimal comma).
DECIMAL = N_("{whole}.{fraction}")


def decimal(value: float, places: int = 1) -> str:
    """`value` with `places` decimals as the language writes it: 4.5 in English and Thai, 4,5 in
    Greek. (No grouping of thousands: the game shows none that large.)"""
    whole, _point, fraction = f"{value:.{places}f}".partition(".")
    return tr(DECIMAL, whole=whole, fraction=fraction) if fraction else whole
