"""Greek and Thai: catalogues, fonts, locale, switching, and text that fits at 800x480.

A scripted tour (``tour``) visits every scene in a language while recording what ``tr`` returned
and every text the TextCache rendered or fitted; most tests below check those records.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import json
import os
import re
from pathlib import Path

import pygame
import pytest
from conftest import click, run_frames, settle
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.i18n import LANGUAGES, Catalogue, detect_language, read_catalogue, tr
from game.model.golf import GolfGame
from game.model.moves import Hit, Pile
from game.scenes.base import Pop
from game.settings import Settings
from game.ui import text as text_mod
from game.ui.text import TextCache, get_font, missing_glyphs

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
RULES = GAME / "help" / "RULES.md"
TRANSLATED = ["el", "th"]
SMALL = (800, 480)

#: The interactive-rule messages and the blocked title, quoted from ../shared/rules/RULES.md.
REQUIRED = {
    "It must be one rank higher or lower": {
        "el": "Πρέπει να έχει αξία κατά μία μεγαλύτερη ή μικρότερη",
        "th": "ต้องมีลำดับสูงกว่าหรือต่ำกว่าหนึ่งขั้น",
    },
    "This card is blocked": {"el": "Αυτό το φύλλο είναι μπλοκαρισμένο", "th": "ไพ่ใบนี้ถูกปิดกั้นอยู่"},
    "No more moves available": {"el": "Δεν υπάρχουν άλλες διαθέσιμες κινήσεις", "th": "ไม่มีตาที่เดินได้อีกแล้ว"},
}

#: Text shown as it is in every language: numbers, deal codes, typed input, language names.
NEUTRAL = re.compile(
    r"^[\d\s.,:%·/+\-–—…×()]*$|^(✓ )?([A-Z]{2}\d-[A-Z\d+]{1,16}-)?[A-Z]{7}$|^[A-Z\d -]+$|^[♠♥♦♣?▶☞⮪⮫☰✚✕]$"
)  # suit symbols and the band's icons are not words, nor a deal's code (or its number alone)
ENDONYMS = {name for _, name in LANGUAGES}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.observe(None)
    i18n.set_language("en")


# --- static scan of the code --------------------------------------------------------------------------
@functools.cache
def _parsed() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of the game, parsed once for all the scans below."""
    return tuple((path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(GAME.rglob("*.py")))


def _sources():
    return iter(_parsed())


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _plural_nodes(node: ast.AST) -> tuple[ast.expr, ast.expr] | None:
    """The singular and plural given for a text with a count: ``tr("…", plural="…", count=n)``, or a
    key and its fields handed on to tr (a message shown later): ``N_("…"), {"plural": N_("…"), …}``."""
    if isinstance(node, ast.Call) and _name(node.func) == "tr" and node.args:
        plural = next((k.value for k in node.keywords if k.arg == "plural"), None)
        return None if plural is None else (node.args[0], plural)
    if isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[1], ast.Dict):
        first, fields = node.elts
        plural = next(
            (v for k, v in zip(fields.keys, fields.values) if k is not None and _literal(k) == "plural"), None
        )
        if plural is not None and all(isinstance(n, ast.Call) and _name(n.func) == "N_" for n in (first, plural)):
            return first.args[0], plural.args[0]
    return None


def static_plurals() -> dict[str, str]:
    """Every text with a count in the code: its English singular -> its English plural."""
    pairs = {}
    for _path, tree in _sources():
        for node in ast.walk(tree):
            nodes = _plural_nodes(node)
            if nodes and _literal(nodes[0]) and _literal(nodes[1]):
                pairs[nodes[0].value] = nodes[1].value
    return pairs


def static_keys() -> dict[str, str]:
    """English keys found in the code: literals given to tr/N_, to widget labels and placeholders,
    to messages, dialog titles, and (label, callback) pairs such as the HUD's button specs. (A plural
    text is found by its singular, the key of its entry: see static_plurals.)"""
    label_arg = {"Button": 1, "Toggle": 1, "TextInput": 2, "show_message": 0}
    keys: dict[str, str] = {}
    plurals = set(static_plurals().values()) - set(static_plurals())
    for path, tree in _sources():
        where = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = _name(node.func)
                found = []
                if name in ("tr", "N_") and node.args:
                    found.append(_literal(node.args[0]))
                if name in label_arg and len(node.args) > label_arg[name]:
                    found.append(_literal(node.args[label_arg[name]]))
                found += [_literal(k.value) for k in node.keywords if k.arg in ("label", "placeholder")]
                keys.update({k: where for k in found if k and k not in plurals})
            elif isinstance(node, ast.FunctionDef):  # def __init__(..., no_label: str = "Cancel")
                args = node.args.args[len(node.args.args) - len(node.args.defaults) :]
                for arg, default in zip(args, node.args.defaults):
                    if arg.arg.endswith("label") and _literal(default):
                        keys[default.value] = where
            elif isinstance(node, ast.ClassDef):
                for stmt in node.body:
                    if (
                        isinstance(stmt, ast.Assign)
                        and any(getattr(t, "id", "") == "title" for t in stmt.targets)
                        and _literal(stmt.value)
                    ):
                        keys[_literal(stmt.value)] = where
            elif (
                isinstance(node, ast.Tuple)
                and len(node.elts) >= 2
                and _literal(node.elts[0])
                and isinstance(node.elts[1], (ast.Attribute, ast.Lambda))
                and node.elts[0].value[:1].isupper()
            ):
                keys[node.elts[0].value] = where  # ("New game", self.go_new_game, ...)
    return keys


def test_static_scan_finds_the_known_keys():
    keys = static_keys()
    for key in [
        "Cancel",
        "Golf & Eight Off",
        "Play",
        "Settings",
        "Undo",
        "New game",
        "Menu",
        "No more moves available",
        "It must be one rank higher or lower",
        "This card is blocked",
        "Language",
        "Deal code",
    ]:
        assert key in keys, key


def test_no_literal_text_bypasses_tr():
    """No string literal (or f-string) goes straight to a text renderer, a label or the window title."""
    sinks = {"render", "fit", "fit_size", "set_text", "set_caption", "show"}
    bad = []
    for path, tree in _sources():
        if path.name == "text.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in sinks and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.JoinedStr) or (_literal(arg) and re.search(r"[A-Za-z]{2}", arg.value)):
                    if _name(node.func) == "show" and _literal(arg):
                        continue  # Toast.show translates its message itself
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, f"text shown without tr(): {bad}"


#: A field followed by the name of what it counts ("{n} cards", "{moves} moves"): a count, which
#: needs its plural form. Fields that hold words (a card's name, a move, a rule set) are no counts.
COUNTED = re.compile(
    r"\{(?P<field>\w+)\} (?:\w+ )?(?:\w+s|card|move|round|game|point|day|win|hint|undo|hole|stroke|second|minute"
    r"|cell|deal|streak|joker|rule|time|more|clean)\b"
)
WORD_FIELDS = {"card", "other", "move", "rules", "rule", "game", "name", "line", "option", "time", "code"}


def counts_without_plural(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, text) of each literal given to tr or N_ that shows a count but has no plural form beside
    it (see _plural_nodes), and of each plural text whose count is not its ``{count}`` field."""
    paired = {id(n) for node in ast.walk(tree) if (nodes := _plural_nodes(node)) for n in nodes}
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in ("tr", "N_") and node.args and _literal(node.args[0]):
            text = node.args[0].value
            if id(node.args[0]) in paired:
                if "{count}" not in text:
                    bad.append((node.lineno, text))
            elif any(m["field"] not in WORD_FIELDS for m in COUNTED.finditer(text)):
                bad.append((node.lineno, text))
    return bad


def test_every_count_shown_has_its_plural_form():
    """A number that counts something ("3 cards left") is shown with tr's plural form, so that it
    takes its grammatical number in every language ("1 card left", "1 φύλλο")."""
    bad = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path, tree in _sources()
        for line, text in counts_without_plural(tree)
    ]
    assert not bad, f"a count without plural= (see game/i18n.py): {bad}"


def test_the_count_scan_finds_a_count_without_its_plural():
    planted = ast.parse(
        "tr('It scores as blocked: {n} cards left on the tableau.', n=left)\n"
        "N_('You can move at most {n} cards now')\n"
        "tr('Score: {n} · {moves} moves · {time}', n=1, moves=2, time='0:10')\n"
        "tr('{count} card left', plural='{count} cards left', count=1)\n"  # the right way
        "(N_('{count} card'), {'plural': N_('{count} cards'), 'count': 2})\n"  # handed on to tr
        "tr('{n} card left', plural='{n} cards left', n=1)\n"  # a plural whose count is no count=
        "tr('Hole {n} of {holes}', n=3, holes=9)\n"  # a hole's number: no count
        "tr('{card} to a cell', card='7♠')\n"
    )
    assert [line for line, _text in counts_without_plural(planted)] == [1, 2, 3, 6]
    assert static_plurals()["It scores as blocked: {count} card left on the tableau."] == (
        "It scores as blocked: {count} cards left on the tableau."
    )


# --- catalogues ---------------------------------------------------------------------------------------
#: Each catalogue's plural rule, as its header states it.
PLURAL_FORMS = {"el": "nplurals=2; plural=(n != 1);", "th": "nplurals=1; plural=0;"}


def test_po_files_are_read_with_babel_and_the_catalogues_are_loaded():
    for code in TRANSLATED:
        catalogue = read_catalogue(GAME / "locale" / f"{code}.po")
        assert catalogue == i18n.CATALOGUES[code] and catalogue.plurals == i18n.CATALOGUES[code].plurals
        assert len(catalogue) >= 40 and len(catalogue.plurals) >= 5
    assert (i18n.CATALOGUES["el"].nplurals, i18n.CATALOGUES["th"].nplurals) == (2, 1)
    assert [i18n.CATALOGUES["el"].plural(n) for n in (0, 1, 2, 5, 11, 21)] == [1, 0, 1, 1, 1, 1]
    assert [i18n.CATALOGUES["th"].plural(n) for n in (0, 1, 2, 5)] == [0, 0, 0, 0]


def test_each_catalogue_states_its_plural_rule_and_each_plural_entry_has_that_many_forms():
    from babel.messages.pofile import read_po

    for code, rule in PLURAL_FORMS.items():
        path = GAME / "locale" / f"{code}.po"
        text = path.read_text(encoding="utf-8")
        assert f'"Plural-Forms: {rule}\\n"' in text, code
        nplurals = int(rule.split(";")[0].split("=")[1])
        blocks = [b for b in re.split(r"\n\s*\n", text) if re.search(r"^msgid_plural ", b, re.M)]
        assert len(blocks) >= 5
        for block in blocks:  # msgstr[0] … msgstr[nplurals - 1], and no plain msgstr
            assert re.findall(r"^msgstr\[(\d+)\]", block, re.M) == [str(i) for i in range(nplurals)], (code, block)
            assert not re.search(r"^msgstr ", block, re.M), (code, block)
        with path.open("rb") as f:
            po = read_po(f, abort_invalid=True)
        assert po.num_plurals == nplurals
        for message in po:
            if message.id and message.pluralizable:  # (Babel fills a missing form with "")
                assert len(message.string) == nplurals and all(message.string), (code, message.id)


def test_the_po_reader_takes_escapes_continuations_and_plurals_and_leaves_out_fuzzy(tmp_path):
    path = tmp_path / "xx.po"
    path.write_text(
        'msgid ""\nmsgstr ""\n"Language: xx\\n"\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n<5 ? 1 : 2);\\n"\n\n'
        '#, fuzzy\nmsgid "Old"\nmsgstr "Παλιό"\n\n'
        'msgid "Say \\"hi\\""\nmsgstr ""\n"Πες "\n"\\"γεια\\""\n\n'
        'msgid "{count} card"\nmsgid_plural "{count} cards"\n'
        'msgstr[0] "a {count}"\nmsgstr[1] "b {count}"\nmsgstr[2] "c {count}"\n\n'
        'msgid "{count} day"\nmsgid_plural "{count} days"\nmsgstr[0] "d {count}"\n\n'
        'msgid "Empty"\nmsgstr ""\n',
        encoding="utf-8",
    )
    catalogue = read_catalogue(path)
    assert dict(catalogue) == {'Say "hi"': 'Πες "γεια"', "{count} card": ("a {count}", "b {count}", "c {count}")}
    assert catalogue.plurals == {"{count} card": "{count} cards"} and catalogue.nplurals == 3
    assert [catalogue.plural(n) for n in (1, 2, 4, 5, 0)] == [0, 1, 1, 2, 1]
    path.write_text('msgid "a"\nmsgstr "b"\ngarbage\n', encoding="utf-8")
    with pytest.raises(ValueError):
        read_catalogue(path)


def test_a_language_takes_its_plural_forms_and_a_broken_catalogue_or_form_gives_english(tmp_path, monkeypatch, caplog):
    header = 'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n<5 ? 1 : 2);\\n"\n\n'
    (tmp_path / "xx.po").write_text(
        header + 'msgid "{count} card"\nmsgid_plural "{count} cards"\n'
        'msgstr[0] "a {count}"\nmsgstr[1] "b {count}"\nmsgstr[2] "c {cuont}"\n\n'
        'msgid "Undo"\nmsgstr "Un-do"\n',
        encoding="utf-8",
    )
    (tmp_path / "yy.po").write_text('msgid "Undo"\nmsgstr "Un-do"\nnonsense\n', encoding="utf-8")
    (tmp_path / "zz.po").write_bytes(b'msgid "Undo"\nmsgstr "\xff\xfe"\n')  # not UTF-8
    (tmp_path / "ww.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=nonesuch\\n"\n\nmsgid "Undo"\nmsgstr "Ακύρωση"\n',
        encoding="utf-8",
    )  # a charset Python does not know
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_catalogues", {"en": Catalogue()})
    monkeypatch.setattr(i18n, "LANGUAGES", [*i18n.LANGUAGES, *((code, code) for code in ("xx", "yy", "zz", "ww"))])

    def cards(n):
        return tr("{count} card", plural="{count} cards", count=n)

    assert i18n.set_language("xx") == "xx"
    assert [cards(n) for n in (1, 2, 4)] == ["a 1", "b 2", "b 4"]
    assert cards(5) == "5 cards"  # the translation's form has a mistake: the English text
    assert tr("Undo") == "Un-do" and tr("{count} day", plural="{count} days", count=1) == "1 day"
    with pytest.raises(TypeError):
        tr("{count} card", plural="{count} cards")  # a plural text needs its count
    for broken in ("yy", "zz", "ww"):
        caplog.clear()
        assert i18n.set_language(broken) == "en"
        assert "cannot read" in caplog.text and broken in caplog.text
        assert tr("Undo") == "Undo" and cards(1) == "1 card"


def test_translations_keep_the_format_fields():
    fields = re.compile(r"\{(\w*)")
    for code in TRANSLATED:
        catalogue = i18n.CATALOGUES[code]
        for key, value in catalogue.items():
            if key in catalogue.plurals:
                assert sorted(fields.findall(catalogue.plurals[key])) == sorted(fields.findall(key)), (code, key)
            for form in value if isinstance(value, tuple) else (value,):
                assert sorted(fields.findall(key)) == sorted(fields.findall(form)), (code, key, form)


@pytest.mark.slow
def test_every_key_is_in_every_catalogue(tour_records):
    keys = set(static_keys()) | tour_records["keys"]
    plurals = static_plurals()
    for code in TRANSLATED:
        catalogue = i18n.CATALOGUES[code]
        missing = sorted(
            k for k in keys | set(plurals) if k not in catalogue and k not in ENDONYMS and not NEUTRAL.match(k)
        )  # (a symbol such as Help's "?" reads the same in every language)
        assert not missing, f"add these to game/locale/{code}.po: {missing}"
        # a text with a count is a plural entry with the code's English plural; nothing else is
        wrong = sorted(k for k, plural in plurals.items() if catalogue.plurals.get(k) != plural)
        assert not wrong, f"game/locale/{code}.po: make these plural entries (msgid_plural as in the code): {wrong}"
        stale = sorted(set(catalogue.plurals) - set(plurals))
        assert not stale, f"game/locale/{code}.po: plural entries the code no longer uses: {stale}"
        counted = sorted(
            k
            for k in catalogue
            if k not in catalogue.plurals and any(m["field"] not in WORD_FIELDS for m in COUNTED.finditer(k))
        )
        assert not counted, f"game/locale/{code}.po: counts without plural forms: {counted}"


def _rules_quotes() -> dict[str, dict[str, str]]:
    text = RULES.read_text(encoding="utf-8")
    out = {}
    for english in REQUIRED:
        m = re.search(re.escape(f'"{english}"') + r"\s*\(el:\s*«([^»]+)»,\s*th:\s*“([^”]+)”\)", text)
        assert m, english
        out[english] = {"el": m.group(1), "th": m.group(2)}
    return out


def test_rule_messages_are_exactly_the_quoted_wording():
    expected = _rules_quotes() if RULES.exists() else REQUIRED
    assert expected == REQUIRED
    for english, by_lang in expected.items():
        for code, wording in by_lang.items():
            i18n.set_language(code)
            assert tr(english) == wording


# --- fonts --------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_every_catalogue_string_renders_without_missing_glyphs():
    pygame.font.init()
    texts = {
        code: [form for value in cat.values() for form in (value if isinstance(value, tuple) else (value,))]
        for code, cat in i18n.CATALOGUES.items()
        if code != "en"
    }
    plurals = static_plurals()
    texts["en"] = [*static_keys(), *plurals, *plurals.values(), *(name for _, name in LANGUAGES), "10♠ A♥ K♦ Q♣"]
    for code, values in texts.items():
        for value in values:
            sample = value.replace("{", "").replace("}", "")
            for bold in (False, True):
                assert missing_glyphs(sample, bold) == [], (code, value, bold)
                assert None not in get_font(20, bold).metrics(sample), (code, value, bold)


@pytest.mark.parametrize(
    ("code", "december", "weekdays"),
    [
        ("en", "December 2026", ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]),
        ("el", "Δεκέμβριος 2026", ["Δε", "Τρ", "Τε", "Πέ", "Πα", "Σά", "Κυ"]),  # stand-alone: the nominative
        ("th", "ธันวาคม 2569", ["จ.", "อ.", "พ.", "พฤ.", "ศ.", "ส.", "อา."]),  # the Buddhist Era's year
    ],
)
def test_dates_come_from_the_locale_data_and_draw_with_the_bundled_fonts(code, december, weekdays):
    import datetime

    pygame.font.init()
    i18n.set_language(code)
    assert i18n.month_year(datetime.date(2026, 12, 31)) == december
    assert i18n.weekday_names() == weekdays
    months = [i18n.month_year(datetime.date(2026, month, 1)) for month in range(1, 13)]
    assert len(set(months)) == 12
    for text in [*months, *weekdays, i18n.decimal(-2.5), *(str(day) for day in range(10))]:
        for bold in (False, True):
            assert missing_glyphs(text, bold) == [], (code, text, bold)
            assert None not in get_font(20, bold).metrics(text), (code, text, bold)


def test_a_missing_glyph_is_reported():
    assert missing_glyphs("Golf 中") == ["中"]
    assert get_font(20).metrics("a中")[1] is None


def test_fonts_are_the_bundled_noto_fonts_with_their_licence():
    names = {p.name for p in (GAME / "fonts").iterdir()}
    assert {
        "NotoSans-Regular.ttf",
        "NotoSans-Bold.ttf",
        "NotoSansThai-Regular.ttf",
        "NotoSansThai-Bold.ttf",
        "NotoSansSymbols2-Regular.ttf",
        "OFL.txt",
    } <= names
    assert "SIL Open Font License" in (GAME / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert sum(p.stat().st_size for p in (GAME / "fonts").iterdir()) < 3_000_000


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text(alphabet="Ab z9:·−…Σκορ€คะแนนเ่้ ♠♥♦♣\u0378", max_size=12), min_size=1, max_size=8), st.booleans()
)
def test_a_text_of_characters_seen_in_main_font_runs_splits_as_when_each_is_looked_at(texts, bold):
    # (runs takes a text made only of characters seen in one-run main font texts as one main run,
    # without looking at each)
    class Forgetful(set):
        def update(self, *_: object) -> None:  # (knows nothing: each character is looked at)
            pass

    kept = text_mod._main_only
    split = text_mod.runs.__wrapped__
    try:
        text_mod._main_only = {False: Forgetful(), True: Forgetful()}
        each = [split(t, bold) for t in texts]
        text_mod._main_only = {False: set(), True: set()}
        assert [split(t, bold) for t in texts] == each
        assert [split(t, bold) for t in reversed(texts)] == list(reversed(each))
    finally:
        text_mod._main_only = kept


def test_a_face_keeps_a_few_sizes_at_once_and_each_measures_as_a_font_of_its_own_size():
    # (a heading's and a body's size side by side: no resize, which costs a glyph cache, between them)
    sizes = [14, 22, 14, 30, 22, 14, 40, 30, 18]
    fonts = [text_mod._raw_font("main", size, False) for size in sizes]
    kept = text_mod._faces[("main", False)]
    assert len(kept) <= text_mod.FACE_SIZES and list(kept)[-1] == 18
    assert fonts[0] is fonts[2]  # 14 was still kept when asked again
    plain = {size: pygame.font.Font(str(GAME / "fonts" / "NotoSans-Regular.ttf"), size) for size in set(sizes)}
    for size in sizes:
        font = text_mod._raw_font("main", size, False)
        assert font.point_size == size and font.size("Final score: 12") == plain[size].size("Final score: 12")


def test_mixed_scripts_are_split_into_runs_and_thai_is_shaped():
    assert [f for f, _ in text_mod.runs("คะแนน: 12")] == ["thai", "main"]
    assert text_mod.runs("Σκορ: 12") == [("main", "Σκορ: 12")]
    assert [f for f, _ in text_mod.runs("10♠")] == ["main", "symbols"]
    thai = get_font(30).font("thai")
    # shaping substitutes the descender-less YO YING before a below vowel (HarfBuzz, script Thai)
    plain = pygame.font.Font(str(GAME / "fonts" / "NotoSansThai-Regular.ttf"), 30)
    assert pygame.image.tobytes(thai.render("ญู", True, (0, 0, 0)), "RGBA") != pygame.image.tobytes(
        plain.render("ญู", True, (0, 0, 0)), "RGBA"
    )


def test_fonts_are_loaded_once():
    assert get_font(21, True) is get_font(21, True)
    assert get_font(21).font("thai") is get_font(21).font("thai")


def test_every_size_shares_one_font_per_face_and_draws_as_a_font_of_its_own_size():
    """A pygame Font holds some 150 KiB; one per size and face cost 3.4 MiB. Sizes now share the
    face's one Font, resized, and a size drawn after another looks as if it had a Font of its own."""
    from game.ui import text

    lines = ["Νέα παρτίδα 12", "เกมใหม่ ญู", "♠ ♥ Golf"]

    def drawn(size, bold):
        font = get_font(size, bold)
        return [
            (font.size(t), font.metrics(t), pygame.image.tobytes(font.render(t, True, (0, 0, 0)), "RGBA"))
            for t in lines
        ]

    first = {(size, bold): drawn(size, bold) for size in (9, 24, 41) for bold in (False, True)}
    assert len(text._faces) <= 2 * len(text.FAMILIES)
    for size, bold in [(41, True), (9, False), (24, True), (9, True), (41, False)]:
        assert drawn(size, bold) == first[(size, bold)]
    alone = pygame.font.Font(str(GAME / "fonts" / "NotoSans-Regular.ttf"), 24)
    assert get_font(9).size("Golf") != alone.size("Golf") == get_font(24).size("Golf")


# --- locale and switching -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("code", "value", "places", "written"),
    [
        ("en", 4.0, 1, "4.0"),
        ("el", 4.0, 1, "4,0"),
        ("th", 45.25, 2, "45.25"),
        ("el", -2.5, 1, "-2,5"),
        ("el", 7.0, 0, "7"),
    ],
)
def test_a_number_with_decimals_is_written_as_the_language_writes_it(code, value, places, written):
    try:
        i18n.set_language(code)
        assert i18n.decimal(value, places) == written
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    "env, code",
    [
        ({"LANG": "el_GR.UTF-8"}, "el"),
        ({"LC_ALL": "th_TH.UTF-8"}, "th"),
        ({"LC_MESSAGES": "el_CY"}, "el"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANGUAGE": "th:en"}, "th"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "el_GR.UTF-8"}, "en"),
    ],
)
def test_language_from_the_locale(env, code):
    assert detect_language(env) == code


def test_first_start_takes_the_system_language(make_app, monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "th_TH.UTF-8")
    make_app(size=SMALL)
    assert i18n.language() == "th"
    monkeypatch.setenv("LANG", "el_GR.UTF-8")
    make_app(size=SMALL, settings=Settings(language="th"))  # a chosen language wins over the locale
    assert i18n.language() == "th"


def _rendered(monkeypatch) -> list[str]:
    seen: list[str] = []
    original = TextCache.render

    def render(self, text, *args, **kwargs):
        seen.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", render)
    return seen


def test_switching_language_in_settings_changes_the_menu_at_once_and_is_remembered(make_app, config_dir, monkeypatch):
    app = make_app(size=SMALL, settings=Settings(language="en", fullscreen=False))
    app.replace(app.ctx.scenes.menu())
    settle(app)
    menu = app.top
    click(app, menu.settings_button.rect.center)
    settings = app.top
    assert settings is not menu
    seen = _rendered(monkeypatch)
    click(app, settings.language.segment_rect(1).center)  # Ελληνικά
    assert i18n.language() == "el" and app.settings.language == "el"
    assert json.loads((config_dir / "settings.json").read_text())["language"] == "el"
    assert "Ρυθμίσεις" in seen  # the settings title, redrawn in Greek at once
    click(app, settings.back.rect.center)
    settle(app)
    assert app.top is menu
    assert tr("Settings") in seen and "Golf και Eight Off" in seen  # the menu beneath re-rendered
    app.close()
    i18n.set_language("en")
    again = make_app(size=SMALL)  # a restart reads the same settings file
    assert again.settings.language == "el" and i18n.language() == "el"


def test_the_table_hud_follows_a_language_change(make_app):
    app = make_app(size=SMALL, settings=Settings(language="en", fullscreen=False, animation_speed="off"))
    app.replace(app.ctx.scenes.table(GolfGame.from_code("GO1-E-AAAAAAB")))
    settle(app)
    table = app.top
    i18n.set_language("th")
    app.ctx.language_changed()
    run_frames(app, 2)
    assert table.hud._shown == tuple(table.hud_values()) and tr(table.hud.slots[0].label) == "คะแนน"
    assert table.hud.title_lines == (tr("Golf"), tr("Easy")) and tr("Easy") != "Easy"
    assert {tr(b.label) for b in table.buttons} >= {"เมนู", "เกมใหม่"}
    assert tr(table.hud.button_for(table.undo).label) in ("เลิกทำ", "⮪")  # its word, or its icon on a narrow band


# --- the tour: every scene, in every language, at 800x480 -------------------------------------------------
def _play_until_one_action_left(game: GolfGame):
    def step(g):
        moves = [m for m in g.legal_moves() if not m.is_draw]
        return (g.play, moves[0]) if moves else (g.draw, None)

    while True:
        trial = GolfGame.from_json(game.to_json())
        fn, arg = step(trial)
        fn(*([] if arg is None else [arg]))
        if trial.status != "playing":
            return step(game)
        fn, arg = step(game)
        fn(*([] if arg is None else [arg]))


def tour(app, lang: str) -> dict:
    """Visit the menu (with every bad-code reason), settings and appearance, statistics, the Golf table (both rule
    messages, code copied), the blocked panel, the win screen and Eight Off."""
    from game.model.codes import InvalidCode, parse_code

    checks: list[tuple[str, object]] = []
    app.replace(app.ctx.scenes.menu())
    settle(app)
    menu = app.top
    checks.append(("menu", menu))
    for bad in ["", "GO1", "XX1-E-AAAAAAB", "GO1-X-AAAAAAB", "GO1-E-AAAA", "GO1-E-AAAAAA1", "GO1-E-AAAAAAA"]:
        with contextlib.suppress(InvalidCode):
            parse_code(bad)
        menu.code_box.set_value(bad)
        menu.play_code()
        run_frames(app, 2)
    app.push(app.ctx.scenes.settings())
    settle(app)
    checks.append(("settings", app.top))
    settings = app.top
    settings.open_appearance()  # the card backs, table colours and four-colour deck
    app.apply(settings.next)
    settings.next = None
    settle(app)
    checks.append(("appearance", app.top))
    app.apply(Pop())
    app.apply(Pop())
    if hasattr(menu, "open_rules"):  # Golf's More rules sheet, with a combination of one's own
        menu.open_rules("golf")
        app.apply(menu.next)
        menu.next = None
        settle(app)
        sheet = app.top
        sheet.choose(sheet.rules.__class__(jokers=2, empty_waste=True))
        settle(app)
        checks.append(("sheet", sheet))
        app.apply(Pop())
        settle(app)
    if hasattr(menu, "open_stats"):
        menu.open_stats()
        app.apply(menu.next)
        menu.next = None
        settle(app)
        stats = app.top
        checks.append(("stats", stats))
        if hasattr(stats, "open_rules"):  # the other rule sets' list
            stats.open_rules("golf")
            app.apply(stats.next)
            stats.next = None
            settle(app)
            checks.append(("rules", app.top))
            app.apply(Pop())
            settle(app)
        if hasattr(stats, "ask_reset"):
            stats.ask_reset()
            app.apply(stats.next)
            stats.next = None
            settle(app)
            checks.append(("dialog", app.top))
            app.apply(Pop())
        app.apply(Pop())
    settle(app)
    # Golf: both refusals and the copied code
    game = GolfGame.from_code("GO1-E-AAAAAAB")
    app.replace(app.ctx.scenes.table(game))
    settle(app)
    table = app.top
    table.rules.play(next(i for i in range(7) if game.why_illegal(i) == "rank"))
    run_frames(app, 3)
    checks.append(
        ("toast", (table.toast.message, table.toast.rect.copy(), table.message_rect().copy(), table.toast.active))
    )
    table.rules.play(0, 0)
    run_frames(app, 3)
    checks.append(
        ("toast", (table.toast.message, table.toast.rect.copy(), table.message_rect().copy(), table.toast.active))
    )
    table.copy_code()
    run_frames(app, 3)
    checks.append(
        ("toast", (table.toast.message, table.toast.rect.copy(), table.message_rect().copy(), table.toast.active))
    )
    settle(app)
    table.apply(game.draw)
    settle(app)
    app.apply(table.go_new_game())  # a game under way: asks first
    settle(app)
    if app.top.overlay:
        checks.append(("dialog", app.top))
        app.apply(Pop())
        settle(app)
    # the strict rule: a draw refused while a card fits, a card refused on a King
    game = GolfGame.from_code("GO1-S-AAAAAAH")
    app.replace(app.ctx.scenes.table(game))
    settle(app)
    table = app.top
    table.rules.on_tap(Hit(Pile.stock()))
    run_frames(app, 3)
    checks.append(
        ("toast", (table.toast.message, table.toast.rect.copy(), table.message_rect().copy(), table.toast.active))
    )
    settle(app)
    # blocked
    game = GolfGame.from_code("GO1-E-AAAAAAB")
    fn, arg = _play_until_one_action_left(game)
    app.replace(app.ctx.scenes.table(game))
    settle(app)
    app.top.apply(fn, *([] if arg is None else [arg]))
    settle(app)
    checks.append(("dialog", app.top))
    # won
    app.replace(app.ctx.scenes.table(GolfGame.from_layout([["6H"], [], [], [], [], [], []], ["5S"], ["2C"])))
    settle(app)
    app.top.rules.play(0)
    settle(app, max_seconds=3)
    checks.append(("dialog", app.top))
    # Eight Off
    from game.model.eightoff import EightOffGame

    app.replace(app.ctx.scenes.table(EightOffGame.from_code("EO1-C8-AAAAAFA")))
    settle(app, max_seconds=3)
    checks.append(("eightoff", app.top))
    return {"checks": checks}


@pytest.fixture(scope="module")
def tour_records(tmp_path_factory):
    """Run the tour in English, Greek and Thai once; record keys, tr results, renders and fits (the
    tests that take it are in the slow tier: the tour visits every screen in three languages)."""
    import os

    from conftest import RecordingAudio

    from game.app import App

    os.environ["GOLF_EIGHTOFF_CONFIG_DIR"] = str(tmp_path_factory.mktemp("i18n-config"))
    os.environ["GOLF_EIGHTOFF_DATA_DIR"] = str(tmp_path_factory.mktemp("i18n-data"))  # never the user's
    records = {"keys": set(), "by_lang": {}}
    original_render, original_fit = TextCache.render, TextCache.fit
    for lang in ["en", *TRANSLATED]:
        rec = {"tr": set(), "rendered": [], "fits": [], "toasts": [], "dialogs": []}
        records["by_lang"][lang] = rec

        def observer(key, result, rec=rec, lang=lang):
            # English shows the model's own messages too; a translated text translated again is no key
            if lang != "en" and not NEUTRAL.match(key) and key not in rec["tr"]:
                records["keys"].add(key)
            rec["tr"].add(result)

        def render(self, text, *args, rec=rec, **kwargs):
            rec["rendered"].append(text)
            return original_render(self, text, *args, **kwargs)

        def fit(self, text, max_width, *args, rec=rec, **kwargs):
            surf = original_fit(self, text, max_width, *args, **kwargs)
            rec["fits"].append((text, max_width, surf.get_width()))
            return surf

        TextCache.render, TextCache.fit = render, fit
        i18n.observe(observer)
        app = App(
            size=SMALL, fullscreen=False, settings=Settings(language=lang, fullscreen=False), audio=RecordingAudio()
        )
        pygame.event.clear()
        try:
            result = tour(app, lang)
            for kind, scene in result["checks"]:
                if kind == "toast" and scene[3]:
                    rec["toasts"].append(scene[:3])
                if kind == "dialog" and scene.overlay:
                    rec["dialogs"].append(
                        (
                            type(scene).__name__,
                            scene.panel_rect.copy(),
                            [b.rect.copy() for b in scene.buttons],
                            getattr(scene, "text_bottom", None),
                        )
                    )
        finally:
            app.close()
            i18n.observe(None)
            TextCache.render, TextCache.fit = original_render, original_fit
            i18n.set_language("en")
    os.environ.pop("GOLF_EIGHTOFF_CONFIG_DIR", None)
    os.environ.pop("GOLF_EIGHTOFF_DATA_DIR", None)
    return records


def _joined_from(text: str, parts: set[str]) -> bool:
    """Whether text is made of translated parts and neutral pieces (a HUD line joins several)."""
    rest = text
    for part in sorted(parts, key=len, reverse=True):
        if part and part in rest:
            rest = rest.replace(part, " ")
    return bool(NEUTRAL.match(rest.strip()))


@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_rendered_text_went_through_tr(tour_records, lang):
    rec = tour_records["by_lang"][lang]
    assert rec["rendered"], "the tour rendered nothing"
    rendered = {t.replace("\n", " ") for t in rec["rendered"]}  # a long message may wrap onto two lines
    bad = sorted(
        {
            t
            for t in rendered
            if t not in rec["tr"] and t not in ENDONYMS and not NEUTRAL.match(t) and not _joined_from(t, rec["tr"])
        }
    )
    assert not bad, f"shown in {lang} without tr(): {bad}"
    english_only = sorted(
        {
            t
            for t in rendered
            if t in tour_records["keys"]
            and t not in ENDONYMS
            and i18n.CATALOGUES[lang].get(t) != t
            and t not in i18n.CATALOGUES[lang].values()
        }
    )
    assert not english_only, f"untranslated in {lang}: {english_only}"


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
def test_text_fits_its_box_at_800x480(tour_records, lang):
    rec = tour_records["by_lang"][lang]
    over = sorted({(t, w, got) for t, w, got in rec["fits"] if got > w})
    assert not over, f"text wider than its box in {lang}: {over}"
    screen = pygame.Rect((0, 0), SMALL)
    assert rec["toasts"], "the tour showed no message"
    assert len(rec["toasts"]) == 4
    for message, rect, area in rec["toasts"]:
        assert screen.contains(rect), (message, rect)
        assert rect.width <= area.width + 2, (message, rect, area)
    assert len(rec["dialogs"]) >= 2
    for name, panel, buttons, text_bottom in rec["dialogs"]:
        assert screen.contains(panel), name
        assert all(panel.contains(b) for b in buttons), name
        if text_bottom is not None:  # (a crowded table's panel may leave its buttons to the band)
            below = min((b.top for b in buttons), default=panel.bottom)
            assert panel.y + text_bottom <= below, (lang, name, "text under the buttons")


def test_a_catalogue_is_read_when_its_language_is_first_chosen_not_at_start_up(monkeypatch):
    monkeypatch.setattr(i18n, "_catalogues", {"en": i18n.Catalogue()})
    read = []
    real = i18n._read
    monkeypatch.setattr(i18n, "_read", lambda path: (read.append(path.name), real(path)))
    try:
        assert i18n.set_language("en") == "en" and read == []
        assert i18n.set_language("el") == "el" and read == ["el.po"] and i18n.tr("Score") != "Score"
        i18n.set_language("th")
        i18n.set_language("el")
        assert read == ["el.po", "th.po"]  # each read once
        assert i18n.set_language("../el") == "en" and read == ["el.po", "th.po"]  # no path from a setting
    finally:
        i18n.set_language("en")


def test_an_english_start_reads_no_catalogue_and_imports_no_babel(tmp_path):
    """Babel (some 35 ms to import) is imported when a language other than English is first chosen,
    or when a screen first writes a date or a decimal: never on an English start."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from game.app import App\n"
        "from game.settings import Settings\n"
        "app = App(size=(800, 480), fullscreen=False, settings=Settings(language='en', fullscreen=False))\n"
        "app.replace(app.ctx.scenes.menu())\n"
        "for _ in range(5):\n"
        "    app.step_frame(1 / 60)\n"
        "app.close()\n"
        "from game import i18n\n"
        "assert i18n._catalogues.keys() == {'en'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel'))\n"
    )
    env = {
        **os.environ,
        "GOLF_EIGHTOFF_CONFIG_DIR": str(tmp_path / "config"),
        "GOLF_EIGHTOFF_DATA_DIR": str(tmp_path / "data"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_the_module_docstring_examples_hold():
    import doctest

    try:
        result = doctest.testmod(i18n)
    finally:
        i18n.set_language("en")
    assert result.attempted >= 8 and result.failed == 0


# --- counts: each plural entry in each language ----------------------------------------------------------
#: Every text with a count, by its English singular: its forms in English, Greek and Thai (the first
#: for 1, the second for every other count; Thai has one form). Fields other than {count}: SAMPLE.
PLURAL_TEXTS = {
    "It scores as blocked: {count} card left on the tableau.": {
        "en": (
            "It scores as blocked: {count} card left on the tableau.",
            "It scores as blocked: {count} cards left on the tableau.",
        ),
        "el": (
            "Μετρά σαν μπλοκαρισμένη: {count} φύλλο μένει στο ταμπλό.",
            "Μετρά σαν μπλοκαρισμένη: {count} φύλλα μένουν στο ταμπλό.",
        ),
        "th": ("นับเหมือนติดตัน: เหลือไพ่บนกระดาน {count} ใบ",),
    },
    "You can move at most {count} card now": {
        "en": ("You can move at most {count} card now", "You can move at most {count} cards now"),
        "el": (
            "Τώρα μπορείτε να μετακινήσετε το πολύ {count} φύλλο",
            "Τώρα μπορείτε να μετακινήσετε το πολύ {count} φύλλα",
        ),
        "th": ("ตอนนี้ย้ายไพ่ได้มากที่สุด {count} ใบ",),
    },
    "The win was lost {count} move ago: {move}.": {
        "en": ("The win was lost {count} move ago: {move}.", "The win was lost {count} moves ago: {move}."),
        "el": ("Η νίκη χάθηκε πριν από {count} κίνηση: {move}.", "Η νίκη χάθηκε πριν από {count} κινήσεις: {move}."),
        "th": ("โอกาสชนะหายไปเมื่อ {count} ตาก่อน: {move}",),
    },
    "Score: {score} · {count} move · {time}": {
        "en": ("Score: {score} · {count} move · {time}", "Score: {score} · {count} moves · {time}"),
        "el": ("Σκορ: {score} · {count} κίνηση · {time}", "Σκορ: {score} · {count} κινήσεις · {time}"),
        "th": ("คะแนน: {score} · {count} ตา · {time}",),
    },
    "Par {par}: you took {count} move": {
        "en": ("Par {par}: you took {count} move", "Par {par}: you took {count} moves"),
        "el": ("Παρ {par}: κάνατε {count} κίνηση", "Παρ {par}: κάνατε {count} κινήσεις"),
        "th": ("พาร์ {par}: คุณใช้ {count} ตา",),
    },
    "won in {count} move": {
        "en": ("won in {count} move", "won in {count} moves"),
        "el": ("νίκη σε {count} κίνηση", "νίκη σε {count} κινήσεις"),
        "th": ("ชนะใน {count} ตา",),
    },
    "{count} move": {
        "en": ("{count} move", "{count} moves"),
        "el": ("{count} κίνηση", "{count} κινήσεις"),
        "th": ("{count} ตา",),
    },
    "Won in {count} move": {
        "en": ("Won in {count} move", "Won in {count} moves"),
        "el": ("Νίκη σε {count} κίνηση", "Νίκη σε {count} κινήσεις"),
        "th": ("ชนะใน {count} ตา",),
    },
    "Blocked after {count} move": {
        "en": ("Blocked after {count} move", "Blocked after {count} moves"),
        "el": ("Μπλόκαρε μετά από {count} κίνηση", "Μπλόκαρε μετά από {count} κινήσεις"),
        "th": ("ติดหลังเดิน {count} ตา",),
    },
    "Abandoned after {count} move": {
        "en": ("Abandoned after {count} move", "Abandoned after {count} moves"),
        "el": ("Εγκαταλείφθηκε μετά από {count} κίνηση", "Εγκαταλείφθηκε μετά από {count} κινήσεις"),
        "th": ("เลิกเล่นหลังเดิน {count} ตา",),
    },
    "Assisted, {count} move": {
        "en": ("Assisted, {count} move", "Assisted, {count} moves"),
        "el": ("Με βοήθεια, {count} κίνηση", "Με βοήθεια, {count} κινήσεις"),
        "th": ("มีตัวช่วย {count} ตา",),
    },
    "{count} point": {
        "en": ("{count} point", "{count} points"),
        "el": ("{count} πόντος", "{count} πόντοι"),
        "th": ("{count} คะแนน",),
    },
    "Last {count} round": {
        "en": ("Last {count} round", "Last {count} rounds"),
        "el": ("Τελευταίος {count} γύρος", "Τελευταίοι {count} γύροι"),
        "th": ("{count} รอบล่าสุด",),
    },
    "{won} ({count} clean)": {
        "en": ("{won} ({count} clean)", "{won} ({count} clean)"),
        "el": ("{won} ({count} καθαρή)", "{won} ({count} καθαρές)"),
        "th": ("{won} (ไร้ที่ติ {count})",),
    },
    "{rules} + {count} more": {
        "en": ("{rules} + {count} more", "{rules} + {count} more"),
        "el": ("{rules} + {count} ακόμη", "{rules} + {count} ακόμη"),
        "th": ("{rules} + อีก {count}",),
    },
    "{count} day in a row": {
        "en": ("{count} day in a row", "{count} days in a row"),
        "el": ("{count} μέρα στη σειρά", "{count} μέρες στη σειρά"),
        "th": ("ชนะติดต่อกัน {count} วัน",),
    },
    "Beat {count} move on this deal": {
        "en": ("Beat {count} move on this deal", "Beat {count} moves on this deal"),
        "el": (
            "Κερδίστε σε λιγότερη από {count} κίνηση σε αυτή τη μοιρασιά",
            "Κερδίστε σε λιγότερες από {count} κινήσεις σε αυτή τη μοιρασιά",
        ),
        "th": ("ชนะให้ได้ในไม่ถึง {count} ตาในเกมนี้",),
    },
    "{count} min": {
        "en": ("{count} min", "{count} min"),
        "el": ("{count} λεπτό", "{count} λεπτά"),
        "th": ("{count} นาที",),
    },
    "{count} h": {
        "en": ("{count} h", "{count} h"),
        "el": ("{count} ώρα", "{count} ώρες"),
        "th": ("{count} ชม.",),
    },
    "{count} game played today": {
        "en": ("{count} game played today", "{count} games played today"),
        "el": ("{count} παιχνίδι σήμερα", "{count} παιχνίδια σήμερα"),
        "th": ("วันนี้เล่น {count} เกม",),
    },
    "{count} finished game waits to be recorded": {
        "en": ("{count} finished game waits to be recorded", "{count} finished games wait to be recorded"),
        "el": (
            "{count} τελειωμένο παιχνίδι περιμένει να καταγραφεί",
            "{count} τελειωμένα παιχνίδια περιμένουν να καταγραφούν",
        ),
        "th": ("เกมที่จบแล้ว {count} เกมรอการบันทึก",),
    },
    "Reviewing {count} move…": {
        "en": ("Reviewing {count} move…", "Reviewing {count} moves…"),
        "el": ("Ανάλυση {count} κίνησης…", "Ανάλυση {count} κινήσεων…"),
        "th": ("กำลังวิเคราะห์ {count} ตา…",),
    },
    "{count} stroke": {
        "en": ("{count} stroke", "{count} strokes"),
        "el": ("{count} χτύπημα", "{count} χτυπήματα"),
        "th": ("{count} สโตรก",),
    },
    "{count} blunder": {
        "en": ("{count} blunder", "{count} blunders"),
        "el": ("{count} γκάφα", "{count} γκάφες"),
        "th": ("ผิดพลาดร้ายแรง {count} ครั้ง",),
    },
    "{count} mistake": {
        "en": ("{count} mistake", "{count} mistakes"),
        "el": ("{count} λάθος", "{count} λάθη"),
        "th": ("ผิดพลาด {count} ครั้ง",),
    },
    "{count} inaccuracy": {
        "en": ("{count} inaccuracy", "{count} inaccuracies"),
        "el": ("{count} ανακρίβεια", "{count} ανακρίβειες"),
        "th": ("คลาดเคลื่อน {count} ครั้ง",),
    },
    "{count} move could not be graded in time": {
        "en": ("{count} move could not be graded in time", "{count} moves could not be graded in time"),
        "el": ("{count} κίνηση δεν βαθμολογήθηκε εγκαίρως", "{count} κινήσεις δεν βαθμολογήθηκαν εγκαίρως"),
        "th": ("ประเมินไม่ทัน {count} ตา",),
    },
    "Move {n} · {count} stroke lost": {
        "en": ("Move {n} · {count} stroke lost", "Move {n} · {count} strokes lost"),
        "el": ("Κίνηση {n} · {count} χαμένο χτύπημα", "Κίνηση {n} · {count} χαμένα χτυπήματα"),
        "th": ("ตา {n} · เสีย {count} สโตรก",),
    },
    "{move} made the shortest win {count} move longer.": {
        "en": (
            "{move} made the shortest win {count} move longer.",
            "{move} made the shortest win {count} moves longer.",
        ),
        "el": (
            "Η κίνηση «{move}» έκανε τη συντομότερη νίκη {count} κίνηση μακρύτερη.",
            "Η κίνηση «{move}» έκανε τη συντομότερη νίκη {count} κινήσεις μακρύτερη.",
        ),
        "th": ("{move} ทำให้ทางชนะที่สั้นที่สุดยาวขึ้น {count} ตา",),
    },
    "{sentence} It made the shortest win {count} move longer.": {
        "en": (
            "{sentence} It made the shortest win {count} move longer.",
            "{sentence} It made the shortest win {count} moves longer.",
        ),
        "el": (
            "{sentence} Έκανε τη συντομότερη νίκη {count} κίνηση μακρύτερη.",
            "{sentence} Έκανε τη συντομότερη νίκη {count} κινήσεις μακρύτερη.",
        ),
        "th": ("{sentence} ทำให้ทางชนะที่สั้นที่สุดยาวขึ้น {count} ตา",),
    },
}
SAMPLE = {
    "move": "7♠ → 8♠",
    "score": 20,
    "time": "1:05",
    "par": 30,
    "won": 6,
    "rules": "Classic",
    "n": 12,
    "sentence": "7♠ went to a cell.",
}


@pytest.mark.slow
def test_the_plural_table_has_every_text_with_a_count():
    assert set(PLURAL_TEXTS) == set(static_plurals())
    assert all(PLURAL_TEXTS[k]["en"][1] == plural for k, plural in static_plurals().items())


@pytest.mark.parametrize("count", [0, 1, 2, 5])
@pytest.mark.parametrize("lang", ["en", *TRANSLATED])
@pytest.mark.parametrize("singular", list(PLURAL_TEXTS))
def test_a_count_takes_its_grammatical_number(singular, lang, count):
    forms = PLURAL_TEXTS[singular][lang]
    expected = forms[0 if count == 1 or len(forms) == 1 else 1].format(count=count, **SAMPLE)
    i18n.set_language(lang)
    assert tr(singular, plural=PLURAL_TEXTS[singular]["en"][1], count=count, **SAMPLE) == expected
