"""Greek and Thai: catalogues, fonts, locale, switching, and text that fits at 800x480.

A scripted tour (``tour``) visits every scene in a language while recording what ``tr`` returned
and every text the TextCache rendered or fitted; most tests below check those records.
"""

from __future__ import annotations

import ast
import contextlib
import json
import re
from pathlib import Path

import pygame
import pytest
from conftest import click, run_frames, settle
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.i18n import LANGUAGES, detect_language, parse_po, tr
from game.model.golf import GolfGame
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
    r"^[\d\s.,:%·/+\-–—×()]*$|^(✓ )?[A-Z]{2}\d-[A-Z\d]{1,2}-[A-Z]{7}$|^[A-Z\d -]+$|^[♠♥♦♣?▶☞⮪⮫]$"
)  # suit symbols and the HUD icons are not words
ENDONYMS = {name for _, name in LANGUAGES}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.observe(None)
    i18n.set_language("en")


# --- static scan of the code --------------------------------------------------------------------------
def _sources():
    for path in sorted(GAME.rglob("*.py")):
        if "gen" in path.relative_to(GAME).parts:  # offline asset generators draw no UI text
            continue
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def static_keys() -> dict[str, str]:
    """English keys found in the code: literals given to tr/N_, to widget labels and placeholders,
    to messages, dialog titles, and (label, callback) pairs such as the HUD's button specs."""
    label_arg = {"Button": 1, "Toggle": 1, "TextInput": 2, "show_message": 0}
    keys: dict[str, str] = {}
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
                keys.update({k: where for k in found if k})
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


# --- catalogues ---------------------------------------------------------------------------------------
def test_po_files_parse_and_the_catalogues_are_loaded():
    for code in TRANSLATED:
        path = GAME / "locale" / f"{code}.po"
        entries = parse_po(path.read_text(encoding="utf-8"), path.name)
        assert entries == i18n.CATALOGUES[code]
        assert len(entries) >= 40


def test_po_reader_handles_escapes_continuations_and_fuzzy():
    text = (
        'msgid ""\nmsgstr "Language: el\\n"\n\n#, fuzzy\nmsgid "Old"\nmsgstr "Παλιό"\n\n'
        'msgid "Say \\"hi\\""\nmsgstr ""\n"Πες "\n"\\"γεια\\""\n'
    )
    assert parse_po(text) == {'Say "hi"': 'Πες "γεια"'}
    with pytest.raises(ValueError):
        parse_po('msgid "a"\nmsgstr b\n')


def test_translations_keep_the_format_fields():
    fields = re.compile(r"\{(\w*)")
    for code in TRANSLATED:
        for key, value in i18n.CATALOGUES[code].items():
            assert sorted(fields.findall(key)) == sorted(fields.findall(value)), (code, key, value)


def test_every_key_is_in_every_catalogue(tour_records):
    keys = set(static_keys()) | tour_records["keys"]
    for code in TRANSLATED:
        missing = sorted(k for k in keys if k not in i18n.CATALOGUES[code] and k not in ENDONYMS)
        assert not missing, f"add these to game/locale/{code}.po: {missing}"


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
def test_every_catalogue_string_renders_without_missing_glyphs():
    pygame.font.init()
    texts = {code: list(cat.values()) for code, cat in i18n.CATALOGUES.items() if code != "en"}
    texts["en"] = list(static_keys()) + [name for _, name in LANGUAGES] + ["10♠ A♥ K♦ Q♣"]
    for code, values in texts.items():
        for value in values:
            sample = value.replace("{", "").replace("}", "")
            for bold in (False, True):
                assert missing_glyphs(sample, bold) == [], (code, value, bold)
                assert None not in get_font(20, bold).metrics(sample), (code, value, bold)


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
    app.replace(app.ctx.make_menu_scene())
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
    app.replace(app.ctx.make_table_scene(GolfGame.from_code("GO1-E-AAAAAAB")))
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
        moves = [m for m in g.legal_moves() if m != "draw"]
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
    app.replace(app.ctx.make_menu_scene())
    settle(app)
    menu = app.top
    checks.append(("menu", menu))
    for bad in ["", "GO1", "XX1-E-AAAAAAB", "GO1-X-AAAAAAB", "GO1-E-AAAA", "GO1-E-AAAAAA1", "GO1-E-AAAAAAA"]:
        with contextlib.suppress(InvalidCode):
            parse_code(bad)
        menu.code_box.set_value(bad)
        menu.play_code()
        run_frames(app, 2)
    app.push(app.ctx.make_settings_scene())
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
    app.replace(app.ctx.make_table_scene(game))
    settle(app)
    table = app.top
    table.play(next(i for i in range(7) if game.why_illegal(i) == "rank"))
    run_frames(app, 3)
    checks.append(
        ("toast", (table.toast.message, table.toast.rect.copy(), table.message_rect().copy(), table.toast.active))
    )
    table.play(0, 0)
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
    app.replace(app.ctx.make_table_scene(game))
    settle(app)
    table = app.top
    table.on_tap(("stock",))
    run_frames(app, 3)
    checks.append(
        ("toast", (table.toast.message, table.toast.rect.copy(), table.message_rect().copy(), table.toast.active))
    )
    settle(app)
    # blocked
    game = GolfGame.from_code("GO1-E-AAAAAAB")
    fn, arg = _play_until_one_action_left(game)
    app.replace(app.ctx.make_table_scene(game))
    settle(app)
    app.top.apply(fn, *([] if arg is None else [arg]))
    settle(app)
    checks.append(("dialog", app.top))
    # won
    app.replace(app.ctx.make_table_scene(GolfGame.from_layout([["6H"], [], [], [], [], [], []], ["5S"], ["2C"])))
    settle(app)
    app.top.play(0)
    settle(app, max_seconds=3)
    checks.append(("dialog", app.top))
    # Eight Off
    from game.model.eightoff import EightOffGame

    app.replace(app.ctx.make_table_scene(EightOffGame.from_code("EO1-C8-AAAAAFA")))
    settle(app, max_seconds=3)
    checks.append(("eightoff", app.top))
    return {"checks": checks}


@pytest.fixture(scope="module")
def tour_records(tmp_path_factory):
    """Run the tour in English, Greek and Thai once; record keys, tr results, renders and fits."""
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
    monkeypatch.setattr(i18n, "_catalogues", {"en": {}})
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
