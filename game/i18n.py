"""The one translation function for every user-visible string.

Keys are the English source strings themselves, so untranslated text still reads well:

>>> set_language('en')
>>> tr('Score: {score}', score=12)
'Score: 12'

A catalogue is a dict from English text to translated text, one per language code. Greek
(``el``) and Thai (``th``) are added by a later issue with :func:`register_catalogue`.
"""
from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

#: language code -> {English: translation}. English is the identity and needs no entries.
CATALOGUES: dict[str, dict[str, str]] = {"en": {}}

_current: dict[str, str] = CATALOGUES["en"]
_language = "en"


def register_catalogue(code: str, catalogue: dict[str, str]) -> None:
    """Add or extend the catalogue for a language (keys are English strings)."""
    CATALOGUES.setdefault(code, {}).update(catalogue)


def set_language(code: str) -> str:
    """Switch the language; an empty or unknown code falls back to English. Returns the code used."""
    global _current, _language
    code = (code or "en").lower()
    if code not in CATALOGUES:
        log.warning("i18n: no catalogue for %r; using English", code)
        code = "en"
    _language = code
    _current = CATALOGUES[code]
    return code


def language() -> str:
    """The language code in use."""
    return _language


def has_translation(key: str) -> bool:
    """Whether the current language has its own text for this key."""
    return key in _current


def tr(key: str, **fmt: Any) -> str:
    """Translate an English source string and fill its ``{name}`` fields.

    A missing translation gives the English text; a formatting mistake in a catalogue gives the
    unformatted text rather than an exception in the middle of a frame.
    """
    text = _current.get(key, key)
    if not fmt:
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError, ValueError):
        log.warning("i18n: cannot format %r with %r", text, fmt)
        try:
            return key.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return key


def N_(key: str) -> str:
    """Mark a string for translation without translating it yet (for tables built at import time)."""
    return key
