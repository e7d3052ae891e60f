"""The menu: options, random deals, deal codes (good and bad), settings, layout at every size."""

from __future__ import annotations

import pygame
import pytest
from conftest import click, key, run_frames, touch_tap, type_text
from helpers.tables import is_eightoff, is_golf

from game.scenes.menu import MenuScene
from game.scenes.settings_scene import SettingsScene


class FakeTable:
    pass


@pytest.fixture
def menu_app(make_app, monkeypatch):
    """A menu whose table scenes are captured (scene.game) instead of built."""
    app = make_app(scene=MenuScene)
    from game.scenes.base import Scene

    class Captured(Scene):
        def __init__(self, ctx, game, guaranteed=None, demo=False):
            super().__init__(ctx)
            self.game = game
            self.guaranteed = guaranteed
            self.demo = demo

    monkeypatch.setattr(
        app.ctx.scenes,
        "table",
        lambda game, resumed=None, guaranteed=None, demo=False: Captured(app.ctx, game, guaranteed, demo),
    )
    return app


def test_play_starts_golf_with_the_chosen_rule(menu_app):
    menu = menu_app.top
    click(menu_app, menu.picker.option_choices["golf"].segment_rect(1).center)  # Classic
    click(menu_app, menu.play_button.rect.center)
    game = menu_app.top.game
    assert type(game).__name__ == "GolfGame" and game.rule == "classic"
    assert game.code.startswith("GO1-C-")
    assert menu_app.settings.golf_rule == "classic"


def test_play_starts_eight_off_with_the_chosen_cells_by_touch(menu_app):
    menu = menu_app.top
    touch_tap(menu_app, menu.picker.game_choice.segment_rect(1).center)  # Eight Off
    assert menu.picker.option_choices["eightoff"].visible and not menu.picker.option_choices["golf"].visible
    touch_tap(menu_app, menu.picker.option_choices["eightoff"].segment_rect(2).center)  # 2 cells
    touch_tap(menu_app, menu.play_button.rect.center)
    game = menu_app.top.game
    assert type(game).__name__ == "EightOffGame" and game.cell_count == 2
    assert menu_app.settings.last_game == "eightoff"


def test_bad_pasted_code_shows_the_reason_and_stays(menu_app, monkeypatch):
    from game.model.codes import InvalidCode, parse_code

    menu = menu_app.top
    monkeypatch.setattr(menu_app.ctx, "clipboard_get", lambda: "GO1-X-AAAAAAB")
    menu.code_box.paste = menu_app.ctx.clipboard_get
    key(menu_app, pygame.K_v, pygame.KMOD_LCTRL)
    assert menu.code_box.value == "GO1-X-AAAAAAB"
    click(menu_app, menu.code_button.rect.center)
    assert menu_app.top is menu
    with pytest.raises(InvalidCode) as exc:
        parse_code("GO1-X-AAAAAAB")
    assert menu.error.value == str(exc.value)
    assert "refuse" in menu_app.ctx.audio.played
    type_text(menu_app, "Q")  # editing clears the message
    assert menu.error.value == ""


@pytest.mark.parametrize(
    "code, kind, canonical",
    [
        (" go1-n-aaaaaab ", "GolfGame", "GO1-E-AAAAAAB"),
        ("GO1-C-AAAAAFA", "GolfGame", "GO1-C-AAAAAFA"),
        ("eo1-c4-aaaaafa", "EightOffGame", "EO1-C4-AAAAAFA"),
    ],
)
def test_valid_code_starts_exactly_that_deal(menu_app, code, kind, canonical):
    menu = menu_app.top
    click(menu_app, menu.code_box.rect.center)
    type_text(menu_app, code)
    key(menu_app, pygame.K_RETURN)
    game = menu_app.top.game
    assert type(game).__name__ == kind and game.code == canonical


def test_eight_off_code_opens_the_eight_off_table(make_app):
    app = make_app(scene=MenuScene)
    menu = app.top
    type_text(app, "EO1-C8-AAAAAAB")
    click(app, menu.code_button.rect.center)
    assert is_eightoff(app.top)
    assert app.top.game.code == "EO1-C8-AAAAAAB"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_golf_code_opens_the_golf_table(make_app):
    pytest.importorskip("game.scenes.golf_table")
    app = make_app(scene=MenuScene)
    type_text(app, "GO1-E-AAAAAAB")
    click(app, app.top.code_button.rect.center)
    assert is_golf(app.top)
    assert app.top.game.code == "GO1-E-AAAAAAB"
    run_frames(app, 5)


def test_settings_button_and_back(menu_app):
    menu = menu_app.top
    click(menu_app, menu.settings_button.rect.center)
    assert isinstance(menu_app.top, SettingsScene) and menu_app.stack[0] is menu
    click(menu_app, menu_app.top.back.rect.center)
    assert menu_app.top is menu


def test_quit_button_and_kiosk(make_app):
    app = make_app(scene=MenuScene)
    click(app, app.top.quit_button.rect.center)
    assert not app.running
    kiosk = make_app(scene=MenuScene, kiosk=True)
    assert not kiosk.top.quit_button.visible
    key(kiosk, pygame.K_ESCAPE)
    assert kiosk.running


def test_idle_menu_draws_nothing(menu_app):
    run_frames(menu_app, 30)  # the games' pictures are painted in the first frames
    assert run_frames(menu_app, 20) == 0


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080), (3840, 2160), (640, 400)])
def test_layout_fits_every_size(make_app, size):
    app = make_app(size=size, scene=MenuScene)
    menu = app.top
    screen = pygame.Rect((0, 0), size)
    shown = [w for w in menu.widgets if w.visible and w is not menu.error]
    for w in shown:
        assert screen.contains(w.rect), (w, w.rect)
        if size[1] >= 480:
            assert w.rect.height >= 44
    for i, a in enumerate(shown):
        for b in shown[i + 1 :]:
            assert not a.rect.colliderect(b.rect), (a, b)
    settings = SettingsScene(app.ctx)
    for w in settings.widgets:
        assert screen.contains(w.rect)


def test_resize_relayouts_the_menu(menu_app):
    menu = menu_app.top
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 480), w=800, h=480))
    run_frames(menu_app)
    assert pygame.Rect(0, 0, 800, 480).contains(menu.play_button.rect)


def test_full_screen_toggle_shows_the_window_state_and_switches(make_app):
    app = make_app(scene=SettingsScene)  # windowed, though the saved setting says full screen
    toggle = app.top.toggles["fullscreen"]
    assert app.settings.fullscreen and not toggle.value
    click(app, toggle.rect.center)
    assert app.fullscreen and toggle.value
    key(app, pygame.K_F11)  # F11 meanwhile: the toggle follows
    assert not app.fullscreen and not app.top.toggles["fullscreen"].value


def test_escape_on_the_menu_does_not_quit(make_app):
    from game.scenes.menu import MenuScene

    app = make_app(size=(800, 480), scene=MenuScene)
    key(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.stack[-1], MenuScene)


def test_a_pasted_code_sets_the_menu_to_its_game_and_option(make_app):
    from game.scenes.menu import MenuScene

    app = make_app(size=(800, 480), scene=MenuScene)
    menu = app.stack[-1]
    menu.code_box.set_value("GO1-C-AAAAAAB")
    menu.play_code()
    assert app.ctx.settings.last_game == "golf" and app.ctx.settings.golf_rule == "classic"


def _winnable_golf_menu(make_app, lang, size=(800, 480)):
    from game import i18n
    from game.settings import Settings

    app = make_app(size=size, scene=MenuScene, settings=Settings(language=lang, fullscreen=False))
    i18n.set_language(lang)
    app.replace(MenuScene(app.ctx))
    menu = app.top
    if not menu.winnable_toggle.value:
        click(app, menu.winnable_toggle.rect.center)
    run_frames(app)
    assert menu.band_choice.visible
    return app, menu


@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_the_difficulty_picker_names_no_golf_rule(make_app, lang):
    """A difficulty and a Golf rule use different words (never "Easy" twice, a Golf rule above a difficulty)."""
    from game.i18n import tr

    _app, menu = _winnable_golf_menu(make_app, lang)
    rules = {tr(label) for _v, label in menu.picker.option_choices["golf"].options}
    bands = {tr(label) for _v, label in menu.band_choice.options}
    assert len(bands) == 4 and not rules & bands, rules & bands


@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_the_difficulty_words_are_legible_and_finger_wide_at_800x480(make_app, lang):
    """The four difficulty words were about 11 px at 800x480: each segment now takes its label's share."""
    _app, menu = _winnable_golf_menu(make_app, lang)
    choice = menu.band_choice
    size = choice.fitted_label_size()
    assert size >= 14, size
    segments = [choice.segment_rect(i) for i in range(len(choice.options))]
    assert segments[0].left == choice.rect.left and segments[-1].right == choice.rect.right
    assert all(a.right == b.left for a, b in zip(segments, segments[1:]))  # no gap, no overlap
    assert all(s.width >= 44 for s in segments)
    from game.i18n import tr

    for s, (_v, label) in zip(segments, choice.options):
        assert choice.text.rendered_size(tr(label), size, True)[0] <= s.width - 12


def test_with_winnable_deals_off_the_difficulty_and_its_label_go(make_app):
    """The switch keeps its row; the difficulty's row (its label and its choice) shows only while
    winnable deals are on."""
    app, menu = _winnable_golf_menu(make_app, "en")
    switch = pygame.Rect(menu.winnable_toggle.rect)
    click(app, menu.winnable_toggle.rect.center)
    run_frames(app)
    assert not menu.band_choice.visible and not menu.band_label.visible and menu.winnable_toggle.rect == switch
    click(app, menu.winnable_toggle.rect.center)
    run_frames(app)
    assert menu.band_choice.visible and menu.band_label.visible and menu.winnable_toggle.rect == switch
    assert not menu.winnable_toggle.rect.colliderect(menu.band_choice.rect)


@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_the_difficulty_choice_has_a_label(make_app, lang):
    """A word before the four bands says what they choose, on their row."""
    from game.i18n import tr

    _app, menu = _winnable_golf_menu(make_app, lang)
    label, choice = menu.band_label, menu.band_choice
    assert label.visible and label.value == tr("Difficulty")
    assert lang == "en" or label.value != "Difficulty"
    assert label.rect.right <= choice.rect.left and label.rect.centery == choice.rect.centery


# --- the home screen ------------------------------------------------------------------------------
def test_the_games_are_cards_with_a_picture_of_their_table(make_app):
    """Each game is a card showing its table (felt and card faces), the chosen one marked; a tap on
    the other card chooses that game and shows its options."""
    from game.scenes.menu_cards import GameCards

    app = make_app(size=(1280, 720), scene=MenuScene)
    run_frames(app, 30)
    cards = app.top.picker.game_choice
    assert isinstance(cards, GameCards) and cards.value == "golf"
    for i in range(2):
        picture = cards.thumb(i)
        assert picture.done and picture.surface.get_size() == cards.picture_box(i).size
        box, shown = cards.picture_box(i), picture.surface
        light = sum(
            1 for x in range(0, box.width, 2) for y in range(0, box.height, 2) if sum(shown.get_at((x, y))[:3]) > 680
        )
        assert light > box.width * box.height // 40, (i, light)  # white card faces, not only felt
    assert cards.segment_rect(0).height >= 2 * app.top.design.target  # large: a card, not a tab
    click(app, cards.segment_rect(1).center)
    menu = app.top
    assert cards.value == "eightoff" and app.ctx.settings.last_game == "eightoff"
    assert menu.picker.option_choices["eightoff"].visible and not menu.picker.option_choices["golf"].visible
    # the switch follows the cells' row at one gap (no empty row where Golf's mode was)
    cells = menu.picker.option_choices["eightoff"].rect
    assert menu.winnable_toggle.rect.top == cells.bottom + menu.design.unit


def test_a_picture_is_painted_once_per_size_not_per_frame(make_app, monkeypatch):
    from game.view import table_thumb
    from game.view.card_images import CardImages

    table_thumb.forget()
    faces = []
    real = CardImages.face

    def counted(self, code, width, four_colour=False):
        faces.append(code)
        return real(self, code, width, four_colour)

    monkeypatch.setattr(CardImages, "face", counted)
    app = make_app(size=(800, 480), scene=MenuScene)
    run_frames(app, 30)
    painted = len(faces)
    assert painted > 40  # both tables, card by card
    app.top.invalidate(None)
    run_frames(app, 10)
    app.replace(MenuScene(app.ctx))  # back at the menu: the pictures are kept
    run_frames(app, 30)
    assert len(faces) == painted


def _saved_golf(app):
    """A Golf game in progress, saved (the menu's Continue)."""
    from helpers.tables import golf_table, play_some

    scene = golf_table(app)
    play_some(app, scene, 3)
    app.ctx.progress.save.flush()


def test_continue_names_its_game_and_shows_only_for_it(make_app):
    from game import registry

    app = make_app(size=(800, 480))
    _saved_golf(app)
    app.replace(MenuScene(app.ctx))
    run_frames(app)
    menu = app.top
    assert menu.picker.family_id == "golf"
    assert menu.continue_button.visible and menu.continue_button.label == "Continue Golf"
    assert menu.play_button.label == "New deal"
    click(app, menu.picker.game_choice.segment_rect(1).center)  # Eight Off: nothing of it to continue
    run_frames(app)
    assert menu.picker.family_id == "eightoff"
    assert not menu.continue_button.visible and menu.play_button.label == "Play" and menu.play_button.style == "primary"
    shown = [w for w in menu.widgets if w.visible and w is not menu.error]
    for i, a in enumerate(shown):
        for b in shown[i + 1 :]:
            assert not a.rect.colliderect(b.rect), (a, b)
    menu._set_kind(registry.kind("golf-easy"))
    assert menu.continue_button.visible and not menu.continue_button.rect.colliderect(menu.play_button.rect)


@pytest.mark.parametrize(
    "lang, meta, label",
    [
        ("en", {"duration": 185.0}, "Continue Golf — 3 min"),
        ("en", {"duration": 59.0}, "Continue Golf"),
        ("el", {"duration": 60.0}, "Συνέχεια: Golf — 1 λεπτό"),
        ("th", {"duration": 600.0}, "เล่น Golf ต่อ — 10 นาที"),
        ("en", {"duration": 900.0, "round": type("Round", (), {"hole": 4})()}, "Continue the round — hole 4"),
    ],
)
def test_continue_says_how_long_the_game_has_been_played(lang, meta, label):
    from game import i18n
    from game.model.golf import GolfGame
    from game.scenes.menu import continue_label

    i18n.set_language(lang)
    try:
        assert continue_label(GolfGame.from_code("GO1-E-AAAAAFA"), meta) == label
    finally:
        i18n.set_language("en")


def test_todays_deal_card_shows_its_state_and_the_streak(make_app, monkeypatch):
    import datetime

    from game.scenes import daily_scene
    from game.scenes.daily_scene import DailyScene

    day = datetime.date(2026, 12, 1)
    monkeypatch.setattr(daily_scene, "today", lambda: day)
    app = make_app(size=(800, 480), scene=MenuScene)
    run_frames(app, 40)
    card = app.top.daily_button
    assert card.state == "To play" and not card.mark
    stats = app.ctx.progress.stats
    for back in (2, 1, 0):
        stats.record("golf", "easy", None, "won", 350, 52, daily=(day - datetime.timedelta(days=back)).isoformat())
    app.replace(MenuScene(app.ctx))
    run_frames(app, 40)
    card = app.top.daily_button
    assert card.state == "Won ✓ · 3 days in a row" and card.mark
    assert card.rect.height >= app.top.design.target
    click(app, card.rect.center)
    run_frames(app, 2)
    assert isinstance(app.top, DailyScene)


def test_todays_deal_played_but_not_won(make_app, monkeypatch):
    import datetime

    from game.scenes import daily_scene

    day = datetime.date(2026, 12, 1)
    monkeypatch.setattr(daily_scene, "today", lambda: day)
    app = make_app(size=(800, 480), scene=MenuScene)
    stats = app.ctx.progress.stats
    stats.record("golf", "easy", None, "won", 350, 52, daily=(day - datetime.timedelta(days=1)).isoformat())
    stats.record("golf", "easy", None, "blocked", 150, 40, daily=day.isoformat())
    run_frames(app, 40)
    assert app.top.daily_button.state == "Played, not won · 1 day in a row"


def _luminance(colour) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("felt", ["green", "blue", "red", "dark"])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_a_refused_codes_reason_reads_on_every_felt(make_app, felt, size):
    """The reason stands on the panel, whose shade under it leaves the message 4.5:1 or more (WCAG AA)
    against every pixel it lies on, on each table colour."""
    from game.settings import Settings

    app = make_app(size=size, scene=MenuScene, settings=Settings(table_colour=felt, fullscreen=False))
    menu = app.top
    type_text(app, "GO1-X-AAAAAAB")
    click(app, menu.code_button.rect.center)
    run_frames(app)
    assert menu.error.value
    assert menu.panel_rect.contains(menu.error.rect)
    static = menu.frame.static
    r = menu.error.rect
    worst = min(
        contrast(menu.error.colour, static.get_at((x, y)))
        for x in range(r.left, r.right, 3)
        for y in range(r.top, r.bottom, 3)
    )
    assert worst >= 4.5, (felt, worst)


def test_a_new_language_relabels_the_home_screen(make_app, monkeypatch):
    """Switched in Settings over the menu: the difficulty's label, Continue and today's deal's state
    are said in the new language."""
    import datetime

    from game import i18n
    from game.scenes import daily_scene

    monkeypatch.setattr(daily_scene, "today", lambda: datetime.date(2026, 12, 1))
    app, menu = _winnable_golf_menu(make_app, "en")
    run_frames(app, 40)
    assert menu.band_label.value == "Difficulty" and menu.daily_button.state == "To play"
    app.ctx.settings.language = i18n.set_language("el")
    try:
        app.ctx.language_changed()
        run_frames(app, 3)
        assert menu.band_label.value == i18n.tr("Difficulty") != "Difficulty"
        assert menu.daily_button.state == i18n.tr("To play") != "To play"
    finally:
        i18n.set_language("en")


def test_a_new_table_colour_paints_the_pictures_anew(make_app):
    """Appearance changed under the menu: the games' pictures are painted on the new felt."""
    app = make_app(size=(800, 480), scene=MenuScene)
    run_frames(app, 30)
    cards = app.top.picker.game_choice
    before = cards.thumb(0)
    app.ctx.settings.table_colour = "red"
    app.top.invalidate(None)
    run_frames(app, 30)
    after = cards.thumb(0)
    assert after is not before and after.done and after.key.felt == "red"
    assert run_frames(app, 10) == 0


def test_the_pictures_are_painted_in_spare_time_a_card_a_piece(make_app):
    """What a frame leaves over paints the pictures (one card a piece, so no frame is late for them);
    each frame paints a few at the least."""
    from game.view import table_thumb

    table_thumb.forget()
    app = make_app(size=(1280, 720), scene=MenuScene)
    menu = app.top
    cards = menu.picker.game_choice
    pieces = 0
    while menu.spare_work():
        pieces += 1
        assert pieces < 200
    assert cards.thumb(0).done and cards.thumb(1).done and pieces >= 26
    run_frames(app, 2)
    assert not menu.spare_work() and run_frames(app, 10) == 0


@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_every_refused_codes_reason_is_whole_under_the_code_box(make_app, lang):
    """At 800x480 with a game to continue (the right column at its fullest), each reason a deal or
    round code is refused for stands whole in the message's place, at its size."""
    from game import i18n
    from game.model.codes import InvalidCode, parse_code
    from game.scenes.menu import CODE_REASONS
    from game.scenes.round_start import ROUND_CODE_REASONS
    from game.settings import Settings

    app = make_app(size=(800, 480), settings=Settings(language=lang, fullscreen=False))
    i18n.set_language(lang)
    try:
        _saved_golf(app)
        app.replace(MenuScene(app.ctx))
        run_frames(app)
        menu = app.top
        assert menu.continue_button.visible
        reasons = [i18n.tr(r) for r in (*CODE_REASONS.values(), *ROUND_CODE_REASONS.values())]
        for bad in ("GO1-X-AAAAAAB", "XX1-E-AAAAAAB", "GO1-E-AAA", "GO1-E-AAAAAA1", "GO1-E-AAAAAAA", "GO1"):
            with pytest.raises(InvalidCode) as exc:
                parse_code(bad)
            reasons.append(i18n.tr(str(exc.value)))
        error = menu.error
        for reason in reasons:
            error.set_text(reason)
            lines = error.lines()
            size = error.text.rendered_size(lines, max(error.type_size, 12))
            assert size[0] <= error.rect.width and size[1] <= error.rect.height, (reason, lines, error.rect)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "el", "th"])
def test_a_rule_set_beyond_the_front_ones_is_named_on_one_line(make_app, size, lang):
    """ "More rules" turns into the rule set in force, at the row's size: whole where it fits on one
    line, else the option and how many rules it adds."""
    from game import i18n
    from game.scenes.menu_cards import BUTTON_PAD
    from game.settings import Settings
    from game.ui.text import least_legible

    app = make_app(size=size, scene=MenuScene, settings=Settings(language=lang, fullscreen=False))
    i18n.set_language(lang)
    try:
        app.replace(MenuScene(app.ctx))
        menu = app.top
        from game import registry

        menu._set_kind(registry.kind("golf-classic+k+j2"))
        run_frames(app)
        more = menu.picker.more["golf"]
        label = i18n.tr(more.label)
        assert more.style == "primary" and label != i18n.tr("More rules")
        room = more.rect.width - int(more.rect.height * BUTTON_PAD)
        assert more.text.rendered_size(label, least_legible(label, more.size), True)[0] <= room, (label, room)
    finally:
        i18n.set_language("en")
