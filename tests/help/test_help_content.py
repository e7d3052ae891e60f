"""The help's data: every page and example in English, Greek and Thai, the examples replayed through
the model (each step legal, each caption's state true), the real deals the examples name, the quoted
on-screen messages exactly as the app shows them, and no missing glyphs."""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.help import ALL_PAGE_IDS, HELP_DIR, LANGUAGES, PAGE_IDS, TEXT_DIR, content, examples
from game.help.examples import Run
from game.model.codes import parse_code
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.model.moves import GolfMove, Pile
from game.solver import solve

#: How each language quotes an on-screen text in the help.
QUOTES = {"en": re.compile(r"“([^”]+)”"), "el": re.compile(r"«([^»]+)»"), "th": re.compile(r"“([^”]+)”")}
#: The messages each rules page must quote, exactly as the app shows them.
PAGE_QUOTES = {
    "golf": [
        ("It must be one rank higher or lower", {}),
        ("This card is blocked", {}),
        ("No more moves available", {}),
    ],
    "eightoff": [
        ("You can move at most {count} card now", {"plural": "You can move at most {count} cards now", "count": 3})
    ],
}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def all_texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) for every piece of help text in a language: page blocks and captions."""
    out = [(f"{page}:{b.kind}", b.text) for page in ALL_PAGE_IDS for b in content.page(page, lang)]
    for ex_id, caps in examples.captions(lang).items():
        out += [(f"captions:{ex_id}:{key}", text) for key, text in caps.items()]
    return out


def replay(example: examples.Example):
    """Play an example through; yield (run, step) after every step (and every replayed move)."""
    run = Run(example)
    while True:
        plan = run.plan()
        if plan is None:
            if not run.advance_part():
                return
            continue
        run.apply(plan)
        yield run, plan.step


# --- pages -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", ALL_PAGE_IDS)
def test_every_page_exists_in_every_language(page, lang):
    assert (TEXT_DIR / lang / f"{page}.txt").exists()
    blocks = content.page(page, lang)
    assert blocks[0].kind == "title" and len(blocks) > 3


@pytest.mark.parametrize("page", ALL_PAGE_IDS)
def test_the_languages_have_the_same_sections_and_buttons(page):
    def shape(lang):
        return [
            (b.kind, b.text if b.kind in content.ACTIONS else "")
            for b in content.page(page, lang)
            if b.kind in content.ACTIONS or b.kind in ("title", "heading")
        ]

    assert shape("el") == shape("en") == shape("th")


def test_the_rules_pages_have_the_sections_of_the_original_pages():
    headings = [b.text for b in content.page("golf", "en") if b.kind == "heading"]
    assert headings == [
        "Setup",
        "The moves",
        "The stock",
        "King and Ace",
        "The end of the game",
        "The score",
        "Undo and the deal code",
        "The app's choices and the traditional rule",
    ]
    headings = [b.text for b in content.page("eightoff", "en") if b.kind == "heading"]
    assert headings == [
        "Setup",
        "The moves",
        "The group move",
        "The end of the game",
        "What the app adds",
        "The score",
        "The traditional rule and the variants",
    ]
    assert "variants" in " ".join(b.text for b in content.page("golf", "en"))


def test_every_page_button_leads_somewhere():
    known = examples.load()
    for lang in LANGUAGES:
        for page in ALL_PAGE_IDS:
            for b in content.page(page, lang):
                if b.kind == "example":
                    assert b.text in known, (lang, page, b.text)
                elif b.kind == "page":
                    assert b.text in ALL_PAGE_IDS
                elif b.kind == "deal":
                    parse_code(b.text)
    shown = {b.text for b in content.page("examples", "en") if b.kind == "example"}
    assert shown == set(known), "the Examples page lists every example"
    leads = {b.text for page in ALL_PAGE_IDS for b in content.page(page, "en") if b.kind == "page"}
    assert set(ALL_PAGE_IDS) - set(PAGE_IDS) <= leads, "a page without a tab is reached from another"


def test_the_markup_reads_cards_bold_and_actions():
    blocks = content.parse("# T\n## H\nOne\ntwo **three** 10♠.\n• a\n  b\n| x\n> deal: GO1-E-AAAAAAB\n")
    assert [(b.kind, b.text) for b in blocks] == [
        ("title", "T"),
        ("heading", "H"),
        ("para", "One two **three** 10♠."),
        ("bullet", "a b"),
        ("centre", "x"),
        ("deal", "GO1-E-AAAAAAB"),
    ]
    assert content.spans("A♣, 10♥ and Q♠x") == [("card", "A♣"), ("text", ", "), ("card", "10♥"), ("text", " and Q♠x")]
    with pytest.raises(content.MarkupError):
        content.parse("> nothing: here")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_placeholder_is_left(lang):
    for where, text in all_texts(lang):
        assert "@" not in text, (lang, where, text)


# --- the quoted messages -----------------------------------------------------------------------------
def _shown_texts(lang: str) -> list[re.Pattern]:
    """Every on-screen text of the app in a language, as patterns ({n} stands for a number); each
    form of a text with a count."""
    i18n.set_language(lang)
    greek = i18n.CATALOGUES["el"]  # every key the app has (both catalogues hold them all)
    out = []
    for key in greek:
        plural = greek.plurals.get(key)
        if plural is None:
            texts = [i18n.tr(key)]
        else:
            texts = [key, plural] if lang == "en" else list(i18n.CATALOGUES[lang][key])
        for text in texts:
            out.append(re.compile("^" + re.sub(r"\\\{\w+\\\}", r"\\d+", re.escape(text)) + "$"))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_quote_is_exactly_a_text_the_app_shows(lang):
    shown = _shown_texts(lang)
    quotes = [(where, q) for where, text in all_texts(lang) for q in QUOTES[lang].findall(text)]
    assert len(quotes) >= 10
    for where, quote in quotes:
        assert any(p.match(quote) for p in shown), (lang, where, quote)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGE_QUOTES)
def test_the_rules_pages_quote_the_messages_exactly(page, lang):
    text = " ".join(b.text for b in content.page(page, lang))
    quoted = QUOTES[lang].findall(text)
    i18n.set_language(lang)
    for key, fmt in PAGE_QUOTES[page]:
        assert i18n.tr(key, **fmt) in quoted, (page, lang, key)


def test_the_greek_and_thai_quotes_are_the_originals_words():
    originals = (HELP_DIR / "originals" / "golf-rules.el.txt").read_text(encoding="utf-8")
    ours = " ".join(b.text for b in content.page("golf", "el"))
    assert QUOTES["el"].findall(originals) == [q for q in QUOTES["el"].findall(ours)]
    originals = (HELP_DIR / "originals" / "golf-rules.th.txt").read_text(encoding="utf-8")
    ours = " ".join(b.text for b in content.page("golf", "th"))
    assert QUOTES["th"].findall(originals) == QUOTES["th"].findall(ours)


# --- glyphs --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_missing_glyphs(lang):
    import pygame

    from game.ui.text import missing_glyphs

    pygame.font.init()
    for where, text in all_texts(lang):
        plain = content.plain(text)
        for bold in (False, True):
            assert missing_glyphs(plain, bold) == [], (lang, where, bold)


# --- the examples, through the model -------------------------------------------------------------------
@pytest.mark.parametrize("example_id", list(examples.load()))
def test_every_example_is_legal_and_ends_as_its_captions_say(example_id):
    example = examples.load()[example_id]
    checked = 0
    for run, step in replay(example):
        if step.do == "replay" and run.part.steps[run.step_index - 1] is not step:
            continue  # a replay checks its expectations once it has reached its move
        assert not run.check(step), (example_id, step)
        checked += bool(step.expect)
    assert checked >= 1
    assert run.done


@pytest.mark.parametrize("example_id", list(examples.load()))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_has_its_title_and_captions(example_id, lang):
    example = examples.load()[example_id]
    caps = examples.captions(lang).get(example_id, {})
    assert caps.get("title"), (lang, example_id)
    numbers = example.captions
    assert numbers == list(range(1, len(numbers) + 1)), "captions are numbered in the order they show"
    assert set(caps) == {"title", *map(str, numbers)}, (lang, example_id)
    for part in example.parts:
        for step in part.steps:
            for word in step.says:
                assert word in caps[str(step.say)], (lang, example_id, step.say, word)


def test_a_step_the_model_answers_otherwise_fails_loudly():
    example = examples.load()["golf-refusals"]
    run = Run(example)
    run.apply(run.plan())
    plan = run.plan()
    plan.refused = None  # as if the model had accepted the refused move
    with pytest.raises(ValueError):
        run.apply(plan)


def test_the_line_notation_round_trips():
    golf = examples.load()["golf-won-game"].parts[0].line
    assert examples.line_text("golf", list(golf)).split()[0] == "1"
    eo = examples.load()["eightoff-group-real"].parts[0].line
    assert [examples.eightoff_move(t) for t in examples.line_text("eightoff", list(eo)).split()] == list(eo)


# --- the real deals the examples and pages name ---------------------------------------------------------
def won_line():
    return examples.load()["golf-won-game"].parts[0].line


def test_the_easy_deal_is_won_by_its_line_and_cannot_be_won_in_classic():
    game = GolfGame.from_code("GO1-E-AAAAABO")
    aces_on_kings = []
    for i, move in enumerate(won_line(), 1):
        top = game.waste[-1]
        card = game.draw() if move == "draw" else game.play(move)
        if move != "draw" and card.rank == 1 and top.rank == 13:
            aces_on_kings.append((i, move + 1, str(card), str(top)))
    assert game.status == "won" and game.score == 350 and game.moves == 50
    assert aces_on_kings == [(35, 3, "AH", "KC")], "move 35, the A♥ of column 3 onto the K♣, and no other"
    assert solve(GolfGame.from_code("GO1-C-AAAAABO")).verdict == "unwinnable"
    assert solve(GolfGame.from_code("GO1-E-AAAAABO")).verdict == "winnable"


def test_the_classic_game_of_that_deal_blocks_after_31_cards_at_270():
    part = examples.load()["golf-block"].parts[0]
    game = GolfGame.from_code(part.start["code"])
    for move in part.line:
        game.draw() if move == "draw" else game.play(move)
    assert (game.status, game.tableau_count, game.score) == ("blocked", 4, 270)
    assert 35 - game.tableau_count == 31


def test_the_eight_off_deal_meets_the_group_limit_on_a_winning_line():
    part = examples.load()["eightoff-group-real"].parts[0]
    game = EightOffGame.from_code(part.start["code"])
    for move in part.line[:28]:
        game.move(*move)
    src, dst, count = part.line[28]
    assert game.free_cells() == 2 and [i for i, c in enumerate(game.columns) if not c] == [dst.index]
    assert game.max_group(dst) == 3 and count == 3 and game.columns[src.index][-3].rank == 13
    kings = [c for c in range(8) if game.run_length(c) == 4 and game.columns[c][-4].rank == 13]
    assert kings and game.why_illegal(Pile.column(kings[0]), dst, 4) == "too-many"
    for move in part.line[28:]:
        game.move(*move)
    assert game.status == "won"


def test_the_opening_deal_is_as_the_golf_page_tells():
    example = examples.load()["golf-opening"]
    game = GolfGame.from_code(example.parts[0].start["code"])
    assert str(game.waste[-1]) == "AC" and game.legal_moves() == [GolfMove.DRAW]
    assert str(game.stock[-1]) == "8S"
    assert str(game.columns[4][-1]) == "9C" and str(game.columns[1][-1]) == "8C"
    refusals = examples.load()["golf-refusals"].parts[0].steps
    six, ten = refusals[1].args, refusals[2].args
    assert str(game.columns[six["column"] - 1][-1]) == "6H"
    assert str(game.columns[ten["column"] - 1][ten["row"] - 1]) == "TS" and ten["row"] < 5
    text = " ".join(b.text for b in content.page("golf", "en"))
    assert f"6♥ of column {six['column']}" in text and f"10♠ in row {ten['row']} of column {ten['column']}" in text
    assert example.parts[0].start["code"] in text


# --- the project stands alone ---------------------------------------------------------------------------
def test_the_specification_and_a_licence_are_in_the_project():
    root = HELP_DIR.parents[1]
    spec = (HELP_DIR / "RULES.md").read_text(encoding="utf-8")
    assert spec.startswith("# Rules and behaviour of the two games") and "## Golf" in spec and "## Eight Off" in spec
    assert sorted(p.name for p in (HELP_DIR / "originals").iterdir()) == [
        "eight-off-rules.el.txt",
        "golf-rules.el.txt",
        "golf-rules.th.txt",
    ]
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "game/help/RULES.md" in readme and "../shared/rules" not in readme
    play = (root / "docs" / "play.md").read_text(encoding="utf-8")
    assert "game/help/RULES.md" in play and "## Help" in play
    licence = (root / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "game/fonts/OFL.txt" in licence


# --- the More rules page: every rule of the sheet, with the share of deals it leaves winnable -------------
#: The rules of the More rules sheet (game/scenes/golf_rules_sheet.py), as GolfRules fields, and the
#: rule set names whose shares the page must quote for each: alone beside the presets, and combined.
RULE_SHARES = {
    "strict_draw": ["classic+d"],
    "dead_king": ["classic+k"],
    "wrap": ["easy", "strict+w"],
    "jokers": ["classic+j1", "classic+j2"],
    "empty_waste": ["classic+z"],
    "presets": ["easy", "classic", "strict"],
    "combinations": ["strict+j1", "strict+j2", "strict+z", "strict+w+j2+z", "easy+j2+z"],
}


def shares_file() -> dict[str, dict[str, int]]:
    import json

    from game.solver.deal_lists import SHARES_FILE

    return json.loads(SHARES_FILE.read_text(encoding="utf-8"))["shares"]


def test_the_more_rules_page_covers_every_switch_of_the_sheet():
    from dataclasses import fields

    from game.model.golf_rules import GolfRules
    from game.scenes.golf_rules_sheet import SWITCHES

    switches = {name for name, _label, _line in SWITCHES} | {"jokers"}
    assert switches <= set(RULE_SHARES) and switches == {f.name for f in fields(GolfRules)}
    headings = [b.text for b in content.page("golf-rules", "en") if b.kind == "heading"]
    for _name, label, _line in SWITCHES:
        assert label in headings, label
    assert "Jokers" in headings and "Combinations" in headings


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_more_rules_figures_are_the_solvers_data(lang):
    """Every figure the page quotes is a share the solver measured (golf-shares.json), in whole
    percent; the page quotes one for every rule alone and for combinations."""
    data = shares_file()
    raw = (TEXT_DIR / lang / "golf-rules.txt").read_text(encoding="utf-8")
    quoted = content.FIGURE.findall(raw)
    names = {name for kind, name in quoted if kind == "share"}
    for wanted in RULE_SHARES.values():
        assert set(wanted) <= names, (lang, set(wanted) - names)
    text = " ".join(content.plain(b.text) for b in content.page("golf-rules", lang))
    assert "{" not in text and "}" not in text
    for name in names:
        row = data[name]
        exact = 100 * row["winnable"] / row["deals"]
        assert row["unknown"] == 0 and abs(content.share_percent(row["winnable"], row["deals"]) - exact) <= 1
        assert f"{content.share_percent(row['winnable'], row['deals'])}\u00a0%" in text, (lang, name)
    assert str(data["classic"]["deals"]) in text
    # the figures, read back in the order the page shows them, are those of its rule sets
    shown = [int(n) for n in re.findall(r"(\d+)\u00a0%", text)]
    assert " %" not in text, "a share's % is never alone at the start of a line"
    assert shown == [
        content.share_percent(data[name]["winnable"], data[name]["deals"]) for kind, name in quoted if kind == "share"
    ]


def test_a_share_is_quoted_as_a_whole_percent_never_0_or_100_when_it_is_not():
    assert content.share_percent(260, 2000) == 13
    assert content.share_percent(1999, 2000) == 99 and content.share_percent(2000, 2000) == 100
    assert content.share_percent(1, 2000) == 1 and content.share_percent(0, 2000) == 0
    with pytest.raises(content.MarkupError):
        content.FIGURE.sub(content._figure, "{share:no+such}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_golf_page_says_the_standard_rules_are_the_standard_ones_and_leads_to_more_rules(lang):
    blocks = content.page("golf", lang)
    assert any(b.kind == "page" and b.text == "golf-rules" for b in blocks)
    setup = content.plain(next(b.text for b in blocks if b.kind == "para"))
    standard = {"en": "standard rules", "el": "τυπικούς κανόνες", "th": "กติกามาตรฐาน"}[lang]
    assert standard in setup
    if lang == "en":
        text = " ".join(content.plain(b.text) for b in blocks)
        assert "The app lets you draw whenever you like" not in text and "In the app you may draw" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_review_s_bands_are_stated_with_the_reviews_own_thresholds(lang):
    """Help says where Eight Off's bands start, with the numbers the review grades by (once the
    review grades them)."""
    from game.solver import review_eightoff

    mistake, blunder = (getattr(review_eightoff, name, None) for name in ("MISTAKE_FROM", "BLUNDER_FROM"))
    if mistake is None or blunder is None:
        pytest.skip("the Eight Off review grades no bands yet")
    text = " ".join(b.text for b in content.page("faq", lang))
    numbers = {
        "en": "1 or 2 moves, a mistake {m} to {b1}, a blunder {b} or more",
        "el": "1 ή 2 κινήσεις, ένα λάθος {m} έως {b1}, μια γκάφα {b} ή περισσότερες",
        "th": "1 หรือ 2 ตา ความ|ผิด|พลาด {m} ถึง {b1} ตา ความ|ผิด|พลาด|ร้ายแรง {b} ตา|ขึ้น|ไป".replace("|", "\u200b"),
    }
    assert numbers[lang].format(m=mistake, b1=blunder - 1, b=blunder) in text
