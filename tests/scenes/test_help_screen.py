"""The Help screen as a player meets it: opened from the menu, a table's band and F1; every page fitting
and scrolling (finger and wheel) at 800x480 and 1920x1080 in every language; touch alone on a kiosk;
the worked examples played on their mini-table; the deal buttons; the first-run tips."""

from __future__ import annotations

import json
import re

import pygame
import pytest
from conftest import click, key, run_frames, settle, touch_drag, touch_tap
from helpers.tiers import everyday_first

from game import i18n
from game.help import ALL_PAGE_IDS, LANGUAGES, PAGE_IDS, content, examples
from game.help.examples import message_fields
from game.model.eightoff import EightOffGame
from game.model.golf import GolfGame
from game.scenes import tips, tips_overlay
from game.scenes.example_scene import ExampleScene
from game.scenes.help_scene import HelpScene
from game.scenes.menu import MenuScene
from game.settings import Settings
from game.ui.design import design_for

SIZES = [(800, 480), (1920, 1080)]
FINGER = 48


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def app_with(make_app, size=(800, 480), lang="en", kiosk=False, **settings):
    settings.setdefault("animation_speed", "fast")
    app = make_app(size=size, kiosk=kiosk, settings=Settings(language=lang, fullscreen=False, **settings))
    app.replace(MenuScene(app.ctx))
    run_frames(app)
    return app


def open_help(app, page="golf") -> HelpScene:
    app.push(HelpScene(app.ctx, page))
    run_frames(app)
    assert isinstance(app.top, HelpScene)
    return app.top


def on_screen(scene: HelpScene, action) -> pygame.Rect:
    """Where a page's button is on the screen now."""
    return action.rect.move(scene.column.x, scene.column.y - int(scene.scroller.offset))


def find(scene: HelpScene, kind: str, arg: str):
    return next(a for a in scene.page.actions if a.kind == kind and a.arg == arg)


def reveal(scene: HelpScene, action) -> pygame.Rect:
    """Scroll so the button shows in the middle of the view; where it is then."""
    scene.scroller.scroll_to(action.rect.centery - scene.view.height // 2)
    scene.invalidate(None)
    return on_screen(scene, action)


def wheel(app, notches: int) -> None:
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=float(notches), which=0
        )
    )
    run_frames(app)


def help_button(table):
    """The band's Help button, whether it shows its word or its "?"."""
    return table.hud.button_for(table.show_help)


# --- opening and closing -------------------------------------------------------------------------------
def test_the_menu_has_help_and_back_returns_to_it(make_app):
    app = app_with(make_app)
    menu = app.top
    click(app, menu.help_button.rect.center)
    help_scene = app.top
    assert isinstance(help_scene, HelpScene) and help_scene.page_id == "golf"
    click(app, help_scene.back.rect.center)
    assert app.top is menu


def test_help_opens_on_the_game_chosen_in_the_menu(make_app):
    app = app_with(make_app, last_game="eightoff")
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene) and app.top.page_id == "eightoff"


@pytest.mark.parametrize("how", ["button", "F1"])
def test_a_tables_help_shows_its_game_and_back_returns_to_the_table_as_it_was(make_app, how):
    app = app_with(make_app)
    app.replace(app.ctx.scenes.table(EightOffGame.from_code("EO1-C8-AAAAAFA")))
    settle(app)
    table = app.top
    game = table.game
    table.apply(game.push, game.legal_moves()[0])
    settle(app)
    before = game.to_json()
    if how == "button":
        button = help_button(table)
        click(app, button.rect.center)
    else:
        key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene) and app.top.page_id == "eightoff" and app.top.over_game
    key(app, pygame.K_F1)  # F1 again closes it, as Esc and Back do
    assert app.top is table and table.game is game and game.to_json() == before


def test_esc_closes_help_and_f1_does_not_stack_a_second_one(make_app):
    app = app_with(make_app)
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene)
    depth = len(app.stack)
    app.apply(app.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)))
    assert app.top.page_id == "eightoff" and len(app.stack) == depth
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


# --- every page fits and scrolls ------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_fits_and_scrolls_to_its_end(make_app, size, lang):
    app = app_with(make_app, size=size, lang=lang)
    scene = open_help(app)
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(scene.view) and scene.view.contains(scene.column.clip(scene.view))
    for page in ALL_PAGE_IDS:
        scene.show_page(page)
        run_frames(app)
        p = scene.page
        assert p.body == design_for(size).type.body
        assert p.cuts == 0, (page, "a word wider than a line (a Thai phrase needs a word break)")
        shown = "".join(a.text for line in p.lines for i, a in enumerate(line.atoms) if a.text != "•" or i)
        source = "".join(content.plain(b.text) for b in scene.page_blocks if b.kind not in content.ACTIONS)
        assert shown.replace(" ", "") == source.replace(" ", ""), (page, "every character shows, once")
        assert shown.count(" ") <= source.count(" ") and "\u200b" not in shown, (page, "no space that is not there")
        for i, line in enumerate(p.lines):
            assert line.size in design_for(size).type.sizes()
            left = p.line_left(i)
            assert left >= 0 and left + p.line_surface(i).get_width() <= scene.column.width + 1, (page, i)
        for action in p.actions:
            assert action.rect.left >= 0 and action.rect.right <= scene.column.width, (page, action.label)
            assert action.rect.height >= 44
        scene.scroller.scroll_to(10**6)
        last = p.lines[-1] if not p.actions or p.lines[-1].y > p.actions[-1].rect.y else None
        bottom = (last.y + last.height) if last else p.actions[-1].rect.bottom
        assert scene.column.y + bottom - scene.scroller.offset <= scene.view.bottom, (page, "the end shows")
        assert scene.column.y - scene.scroller.offset <= scene.view.top or scene.scroller.extent == 0


@pytest.mark.parametrize("size", SIZES)
def test_the_tabs_read_in_every_language(make_app, size):
    for lang in LANGUAGES:
        app = app_with(make_app, size=size, lang=lang)
        tabs = open_help(app).tabs
        text = app.ctx.text
        for i, (_page, label) in enumerate(tabs.options):
            fitted = text.fit_size(
                i18n.tr(label), tabs.segment_rect(i).width - 18, max(12, int(tabs.rect.height * 0.46)), True
            )
            assert fitted >= 14, (lang, label, fitted)
        assert tabs.rect.height >= 36 and tabs.rect.right <= size[0]


@pytest.mark.parametrize("size", SIZES)
def test_the_wheel_and_a_finger_scroll_the_page(make_app, size):
    app = app_with(make_app, size=size)
    scene = open_help(app, "golf")
    s = scene.scroller
    assert s.extent > 0 and s.offset == 0
    wheel(app, -1)
    one = s.offset
    assert one > 0
    for _ in range(200):
        wheel(app, -3)
    assert s.offset == s.extent
    wheel(app, 200)
    assert s.offset == 0
    x = scene.view.centerx
    touch_drag(app, (x, scene.view.bottom - 20), (x, scene.view.top + 40), steps=10)
    dragged = s.offset
    assert dragged > (scene.view.height - 60) * 0.8
    settle(app)  # a fling may carry it a little further, never backwards, and then stops
    assert s.offset >= dragged and not s.moving
    assert not app.is_animating()


def test_a_fling_slows_and_stops_by_itself():
    from game.scenes.scroller import Scroller

    s = Scroller()
    s.set_extent(10_000, 500)
    s.press(400, 0.0)
    for i in range(1, 6):
        s.move(400 - 60 * i, 0.01 * i)
    assert s.release(0.05) and s.velocity > 1000
    moved = s.offset
    for _ in range(600):
        s.update(1 / 120)
    assert s.offset > moved and s.velocity == 0 and not s.moving


def test_a_tap_that_slides_is_a_scroll_not_a_button(make_app):
    app = app_with(make_app)
    scene = open_help(app, "examples")
    rect = reveal(scene, find(scene, "example", "golf-opening"))
    run_frames(app)
    touch_drag(app, rect.center, (rect.centerx, rect.centery - 120), steps=6)
    assert app.top is scene and scene.scroller.offset > 0


# --- touch alone, on a kiosk ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_screen_works_by_touch_alone_on_a_kiosk(make_app, lang):
    app = app_with(make_app, lang=lang, kiosk=True)
    menu = app.top
    assert menu.help_button.rect.height >= FINGER and menu.help_button.rect.width >= FINGER
    touch_tap(app, menu.help_button.rect.center)
    scene = app.top
    assert isinstance(scene, HelpScene)
    assert scene.back.rect.height >= 36 and scene.page.actions[0].rect.height >= FINGER
    touch_tap(app, scene.tabs.segment_rect(PAGE_IDS.index("examples")).center)
    assert scene.page_id == "examples"
    action = find(scene, "example", "eightoff-takeback")
    x = scene.view.centerx
    while on_screen(scene, action).bottom > scene.view.bottom - 10:  # a finger scrolls down to it
        touch_drag(app, (x, scene.view.centery + 60), (x, scene.view.centery - 60), steps=8)
        settle(app)
    assert scene.view.contains(on_screen(scene, action))
    touch_tap(app, on_screen(scene, action).center)
    example = app.top
    assert isinstance(example, ExampleScene) and example.example.id == "eightoff-takeback"
    for _ in range(30):
        if example.phase == "done":
            break
        touch_tap(app, example.next.rect.center)
        settle(app, max_seconds=3)
    assert example.phase == "done" and example.run.game.score == 10
    touch_tap(app, example.back.rect.center)
    assert app.top is scene
    touch_tap(app, scene.back.rect.center)
    assert app.top is menu


# --- the examples on their mini-table -------------------------------------------------------------------
def play_through(app, scene: ExampleScene, seconds: float = 400) -> None:
    """Let the example run by itself, pressing Continue at its pauses."""
    t = 0.0
    while scene.phase != "done" and t < seconds:
        if scene.phase == "wait":
            click(app, scene.next.rect.center)
        app.step_frame(0.1)
        t += 0.1
    settle(app)


@pytest.mark.parametrize("example_id", list(examples.load()))
def test_every_example_plays_by_itself_to_its_end_on_the_real_board(make_app, example_id):
    app = app_with(make_app, animation_speed="normal")
    example = examples.load()[example_id]
    app.push(ExampleScene(app.ctx, example))
    scene = app.top
    play_through(app, scene)
    assert scene.phase == "done" and scene.run.done
    targets = scene._targets()
    assert set(scene.board.sprites) == set(targets)
    for card, sprite in scene.board.sprites.items():
        assert sprite.pos == targets[card].pos, card
    final = examples.Run(example)
    while (plan := final.plan()) is not None or final.advance_part():
        if plan is not None:
            final.apply(plan)
    assert scene.run.game.to_json() == final.game.to_json()


def _refusal_steps():
    for ex in examples.load().values():
        for p, part in enumerate(ex.parts):
            for s, step in enumerate(part.steps):
                if step.refused:
                    yield ex.id, p, s


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("example_id, part_no, step_no", list(_refusal_steps()))
def test_a_refused_step_says_exactly_what_the_real_table_says(make_app, lang, example_id, part_no, step_no):
    app = app_with(make_app, lang=lang)
    example = examples.load()[example_id]
    app.push(ExampleScene(app.ctx, example))
    scene = app.top
    run = scene.run
    for _ in range(4000):  # the script runs by itself to that step (Continue at a pause)
        if (run.part_index, run.step_index) == (part_no, step_no):
            break
        if scene.phase == "wait":
            click(app, scene.next.rect.center)
        app.step_frame(0.05)
    assert (run.part_index, run.step_index) == (part_no, step_no)
    plan = run.plan()
    position = run.game.to_json()
    for _ in range(200):  # through reading and pointing, to the refusal
        app.step_frame(0.1)
        if run.step_index != step_no:
            break
    shown = scene.toast.message
    # the real table, at the same position, asked the same thing
    game = type(run.game).from_json(position)
    app.replace(app.ctx.scenes.table(game))
    settle(app)
    table = app.top
    if plan.kind == "play":
        table.rules.play(plan.column, plan.row)
    else:
        from game.model.moves import EightOffMove

        table.make_move(EightOffMove(plan.src, plan.dst, plan.count), game.pile(plan.src)[-plan.count])
    args = plan.step.args
    assert shown == table.toast.message == i18n.tr(args["message"], **message_fields(args))


def test_next_replay_and_back(make_app):
    app = app_with(make_app)
    app.push(ExampleScene(app.ctx, examples.load()["golf-block"]))
    scene = app.top
    start = scene.run.game.moves
    click(app, scene.next.rect.center)  # past the first caption at once
    settle(app, max_seconds=4)
    assert scene.run.step_index >= 1
    click(app, scene.replay.rect.center)
    assert scene.run.step_index == 0 and scene.run.game.moves == start
    click(app, scene.back.rect.center)
    assert isinstance(app.top, MenuScene)


def test_next_finishes_a_replay_at_once(make_app):
    app = app_with(make_app)
    app.push(ExampleScene(app.ctx, examples.load()["golf-won-game"]))
    scene = app.top
    while not scene.replaying:
        click(app, scene.next.rect.center)
    click(app, scene.next.rect.center)
    settle(app)
    assert scene.run.game.moves == 34 and scene.phase in ("wait", "read", "linger", "act")


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_caption_fits_its_panel(make_app, size, lang):
    app = app_with(make_app, size=size, lang=lang)
    screen = pygame.Rect((0, 0), size)
    for example in examples.load().values():
        scene = ExampleScene(app.ctx, example)
        app.push(scene)
        for number in example.captions:
            scene.caption_no = number
            scene._caption_page = None
            page = scene._caption()
            assert page.body == design_for(size).type.body, (example.id, number, lang)
            assert page.height <= scene.text_rect.height, (example.id, number, lang)
            assert page.cuts == 0, (example.id, number, lang)
            for i in range(len(page.lines)):
                assert page.line_left(i) + page.line_surface(i).get_width() <= scene.text_rect.width + 1
        for b in (scene.next, scene.replay, scene.back, scene.deal):
            assert not b.visible or (screen.contains(b.rect) and b.rect.height >= design_for(size).target)
        assert scene.layout.card_w >= 40
        app.apply(scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)))


# --- deal buttons -------------------------------------------------------------------------------------
def test_play_this_deal_opens_the_table_under_that_rule(make_app):
    app = app_with(make_app)
    scene = open_help(app, "examples")
    click(app, reveal(scene, find(scene, "deal", "GO1-C-AAAAABO")).center)
    assert app.top.game.code == "GO1-C-AAAAABO" and app.top.game.rule == "classic"


def test_play_this_deal_over_a_game_in_progress_asks_first(make_app):
    app = app_with(make_app)
    app.replace(app.ctx.scenes.table(GolfGame.from_code("GO1-E-AAAAAAB")))
    settle(app)
    table = app.top
    table.apply(table.game.draw)
    settle(app)
    button = help_button(table)
    click(app, button.rect.center)
    scene = app.top
    scene.show_page("examples")
    click(app, reveal(scene, find(scene, "deal", "GO1-E-AAAAABO")).center)
    dialog = app.top
    assert dialog.overlay and "abandoned" in " ".join(dialog.lines())
    click(app, dialog.buttons[0].rect.center)  # Cancel: nothing changes
    assert app.top is scene
    click(app, reveal(scene, find(scene, "deal", "GO1-E-AAAAABO")).center)
    click(app, app.top.buttons[1].rect.center)
    settle(app)
    assert app.top.game.code == "GO1-E-AAAAABO" and app.top is not table


# --- the table's band ----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_band_has_help_and_its_icons_are_distinct_and_fit_at_800x480(make_app, lang):
    app = app_with(make_app, lang=lang)
    app.replace(app.ctx.scenes.table(GolfGame.from_code("GO1-E-AAAAAAB")))
    settle(app)
    hud = app.top.hud
    labels = {b.label for b in hud.buttons if b.visible}
    assert "?" in labels
    icons = [b.lines[0].text for b in hud.buttons if b.lines[0].text in ("?", "☞", "▶")]  # (what each shows)
    assert len(icons) == len(set(icons))
    if lang == "el":
        assert "?" in icons and "☞" in icons, "800x480 in Greek needs the icons"
    rects = [b.rect for b in hud.buttons if b.visible]
    assert all(hud.rect.contains(r) for r in rects)
    assert all(r.collidelist([o for o in rects if o is not r]) == -1 for r in rects)
    assert hud.slot_rects[-1].right < min(rects, key=lambda r: r.x).x  # the counters clear of the buttons
    assert hud.sizes.label >= 14, (lang, hud.sizes)  # the values legible


def test_the_band_shows_words_on_a_wide_screen(make_app):
    app = app_with(make_app, size=(1920, 1080))
    app.replace(app.ctx.scenes.table(GolfGame.from_code("GO1-E-AAAAAAB")))
    settle(app)
    labels = [b.label for b in app.top.hud.buttons]
    assert "?" in labels and "Hint" in labels and "Watch" in labels  # Help is a "?" at every size
    assert app.top.hud.shows_title and app.top.hud.proven == bool(app.top.guaranteed)


# --- the first-run tips -------------------------------------------------------------------------------
@pytest.fixture
def tips_on(monkeypatch):
    monkeypatch.setattr(tips, "ENABLED", True)


def open_table(app, game):
    app.replace(app.ctx.scenes.table(game))
    settle(app)
    return app.top


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_first_golf_table_shows_three_tips_each_dismissed_by_a_tap(make_app, tips_on, config_dir, lang):
    app = app_with(make_app, lang=lang)
    overlay = open_table(app, GolfGame.from_code("GO1-E-AAAAAAB"))
    assert isinstance(overlay, tips_overlay.TipsOverlay)
    table = overlay.table
    screen = pygame.Rect(0, 0, 800, 480)
    targets = []
    for n in range(3):
        assert app.top is overlay and overlay.index == n
        for _img, rect in overlay._parts:
            assert screen.contains(rect), (lang, n, rect)
        assert overlay.text_page.body >= 16 and overlay.text_page.cuts == 0
        assert not overlay._parts[2][1].colliderect(overlay.target()), "the bubble leaves the place in view"
        targets.append(overlay.target())
        touch_tap(app, (400, 300))
    assert app.top is table
    assert targets[1] == table.layout.stock
    assert targets[2] == help_button(table).rect
    assert table.game.moves == 0, "the taps only dismissed the tips"
    saved = json.loads((config_dir / "settings.json").read_text())
    assert saved["tips_seen"] == {"golf": True, "eightoff": False}
    assert not isinstance(open_table(app, GolfGame.from_code("GO1-E-AAAAAAC")), tips_overlay.TipsOverlay)
    eightoff = open_table(app, EightOffGame.from_code("EO1-C8-AAAAAFA"))
    assert isinstance(eightoff, tips_overlay.TipsOverlay) and eightoff.target() == eightoff.table.layout.foundations[
        0
    ].unionall(eightoff.table.layout.foundations[1:])


def test_the_settings_switch_brings_the_tips_back(make_app, tips_on):
    app = app_with(make_app, tips_seen={"golf": True, "eightoff": True})
    assert not isinstance(open_table(app, GolfGame.from_code("GO1-E-AAAAAAB")), tips_overlay.TipsOverlay)
    app.push(app.ctx.scenes.settings())
    run_frames(app)
    settings = app.top
    toggle = settings.toggles["tips"]
    assert toggle.value is False and toggle.visible
    click(app, toggle.rect.center)
    assert app.settings.tips_seen == {"golf": False, "eightoff": False} and toggle.value is True
    assert isinstance(open_table(app, GolfGame.from_code("GO1-E-AAAAAAB")), tips_overlay.TipsOverlay)


def test_no_tips_over_a_demo(make_app, tips_on):
    app = app_with(make_app)
    app.replace(app.ctx.scenes.table(GolfGame.from_code("GO1-E-AAAAAAB"), demo=True))
    for _ in range(30):
        app.step_frame(0.1)
        assert not isinstance(app.top, tips_overlay.TipsOverlay)
    app.top.assist.stop(quiet=True, take_over=False)


def test_tips_seen_survive_a_restart_and_bad_values_fall_back(tmp_path):
    path = tmp_path / "settings.json"
    Settings(tips_seen={"golf": True, "eightoff": False}).save(path)
    assert Settings.load(path).tips_seen == {"golf": True, "eightoff": False}
    path.write_text(json.dumps({"tips_seen": {"golf": "yes", "poker": True}}))
    assert Settings.load(path).tips_seen == {"golf": False, "eightoff": False}
    path.write_text(json.dumps({"tips_seen": [1, 2]}))
    assert Settings.load(path).tips_seen == {"golf": False, "eightoff": False}


@pytest.mark.parametrize("size", everyday_first(SIZES))
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("code", ["GO1-E-AAAAAAB", "EO1-C8-AAAAAFA", "EO1-C2-AAAAAFA"])
def test_every_tip_fits_beside_what_it_points_at(make_app, tips_on, size, lang, code):
    app = app_with(make_app, size=size, lang=lang)
    game = (GolfGame if code.startswith("GO") else EightOffGame).from_code(code)
    overlay = open_table(app, game)
    screen = pygame.Rect((0, 0), size)
    for n in range(3):
        assert isinstance(app.top, tips_overlay.TipsOverlay) and overlay.index == n
        bubble = overlay._parts[2][1]
        assert screen.contains(bubble) and not bubble.colliderect(overlay.target()), (lang, n)
        assert overlay.text_page.body >= 16 and overlay.text_page.cuts == 0
        click(app, (screen.centerx, screen.bottom - 5))
    assert app.top is overlay.table


def test_a_question_closing_over_an_example_leaves_no_trace(make_app):
    app = app_with(make_app)
    app.replace(app.ctx.scenes.table(GolfGame.from_code("GO1-E-AAAAAAB")))
    settle(app)
    app.top.apply(app.top.game.draw)
    settle(app)
    app.push(ExampleScene(app.ctx, examples.load()["golf-won-game"]))
    scene = app.top
    run_frames(app, 3)
    click(app, scene.deal.rect.center)  # a game is under way: it asks first
    dialog = app.top
    assert dialog.overlay
    click(app, dialog.buttons[0].rect.center)  # Cancel
    assert app.top is scene
    shown = pygame.image.tobytes(app.screen, "RGB")
    scene.invalidate(None)
    assert scene.draw(app.screen) is None
    assert pygame.image.tobytes(app.screen, "RGB") == shown, "the screen is the example, not a dimmed copy"


@pytest.mark.parametrize("pointing", ["mouse", "finger"])
def test_a_tip_says_click_to_a_mouse_and_tap_to_a_finger(make_app, tips_on, pointing, monkeypatch):
    """A tip says "Click to continue" to a mouse and "Tap to continue" to a finger."""
    from game.ui import text as text_module

    app = app_with(make_app, lang="en")
    pygame.mouse.set_visible(pointing == "mouse")  # (the arrow: shown for a mouse, hidden for fingers)
    shown: list[str] = []
    real = text_module.TextCache.fit
    monkeypatch.setattr(
        text_module.TextCache, "fit", lambda self, t, *a, **k: shown.append(t) or real(self, t, *a, **k)
    )
    overlay = open_table(app, GolfGame.from_code("GO1-E-AAAAAAB"))
    assert isinstance(overlay, tips_overlay.TipsOverlay)
    word = "Click to continue" if pointing == "mouse" else "Tap to continue"
    assert any(t.startswith(word) for t in shown), shown
    # the tip itself says the same (never "Tap a free card" over "Click to continue")
    assert overlay.text.startswith("Click a free card" if pointing == "mouse" else "Tap a free card")


# --- a caption shows with the table it tells of ----------------------------------------------------------
def _say_step(run: examples.Run, number: int) -> examples.Step:
    return next(s for s in run.part.steps if s.say == number)


@pytest.mark.parametrize("example_id", list(examples.load()))
def test_a_caption_shows_with_the_table_it_tells_of(make_app, example_id):
    """A step's caption appears when its move is made, so its figures ("Score 20 after 3 moves") are
    the band's; a caption shown while a whole line is replayed names no figure, the counter running."""
    app = app_with(make_app, animation_speed="normal")
    scene = ExampleScene(app.ctx, examples.load()[example_id])
    app.push(scene)
    seen: set[tuple[int, int]] = set()
    for _ in range(4000):
        if scene.phase == "done":
            break
        if scene.phase == "wait":
            click(app, scene.next.rect.center)
        app.step_frame(0.05)
        number, run = scene.caption_no, scene.run
        if number is None or (run.part_index, number) in seen:
            continue
        seen.add((run.part_index, number))
        step = _say_step(run, number)
        if step.do == "replay":
            assert not re.search(r"\d", scene.caption()), (example_id, number, "a figure the counter runs past")
        else:
            assert not run.check(step), (example_id, number, run.check(step), scene.band_text())
    assert scene.phase == "done" and len(seen) == len(scene.example.captions)


# --- one line height --------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_lines_of_one_size_are_one_height_whatever_their_glyphs(make_app, size, lang):
    """A line holding ▶ ☞ ✓ (drawn from the symbols' font, which reaches deeper) is as tall as its
    neighbours, and its words sit on the same baseline as theirs."""
    app = app_with(make_app, size=size, lang=lang)
    scene = open_help(app, "faq")
    for page in ALL_PAGE_IDS:
        scene.show_page(page)
        heights: dict[int, set[int]] = {}
        for line in scene.page.lines:
            heights.setdefault(line.size, set()).add(line.height)
        assert all(len(h) == 1 for h in heights.values()), (page, heights)
    scene.show_page("faq")
    symbols = [i for i, line in enumerate(scene.page.lines) if any(ch in a.text for a in line.atoms for ch in "▶☞✓")]
    assert symbols, "the FAQ names the band's icons"
    for i in symbols:
        line = scene.page.lines[i]
        assert scene.page.line_surface(i).get_height() == line.height


def test_the_golf_page_leads_to_more_rules_under_the_golf_tab(make_app):
    app = app_with(make_app)
    scene = open_help(app, "golf")
    click(app, reveal(scene, find(scene, "page", "golf-rules")).center)
    assert scene.page_id == "golf-rules" and scene.tabs.value == "golf"
    assert scene.page_blocks[0].text == "More rules for Golf"
    key(app, pygame.K_RIGHT)  # the arrows go on from the lit tab
    assert scene.page_id == "eightoff"


# --- one type scale -----------------------------------------------------------------------------------
SIZES3 = [(800, 480), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES3)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_takes_every_size_from_the_type_scale(make_app, size, lang):
    """The page's text, its buttons, Back and the tabs: each at a size of the window's type scale
    (none shrunk alone to fit), every control at least the class's target tall, every tab's label
    within its tab."""
    from game.ui.text import least_legible

    app = app_with(make_app, size=size, lang=lang)
    design = design_for(size)
    scale = design.type.sizes()
    scene = open_help(app, "golf")
    for page in ALL_PAGE_IDS:
        scene.show_page(page)
        for line in scene.page.lines:
            assert line.size in scale, (page, line.size)
        for action in scene.page.actions:
            assert action.rect.height >= design.target and action.button.size == design.type.label
    tabs = scene.tabs
    assert tabs.rect.height >= design.target and scene.back.rect.height >= design.target
    assert scene.back.label_form()[1] == least_legible(i18n.tr("Back"), design.type.label)
    for i, (_page, label) in enumerate(tabs.options):
        words = i18n.tr(label)
        px = tabs.fitted_label_size()
        assert px == max(least_legible(i18n.tr(lbl), design.type.label) for _p, lbl in tabs.options)
        assert app.ctx.text.rendered_size(words, px, True)[0] <= tabs.segment_rect(i).width - 6, (lang, words)
    assert pygame.Rect((0, 0), size).contains(tabs.rect)


@pytest.mark.parametrize("size", SIZES3)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_examples_band_and_buttons_take_the_type_scale(make_app, size, lang, monkeypatch):
    """The band's counters and the buttons' labels at the scale's label size, the caption at its body
    size; the counters clear of the band's buttons; the band's form the same for every example of a
    game (with its deal's button or without)."""
    from game.ui import text as text_module
    from game.ui.text import least_legible

    app = app_with(make_app, size=size, lang=lang)
    design = design_for(size)
    forms = set()
    for example in examples.load().values():
        scene = ExampleScene(app.ctx, example)
        app.push(scene)
        run_frames(app, 2)
        forms.add((example.game, example.deal is not None, scene.band_form))
        drawn: list[tuple[str, int]] = []
        real = text_module.TextCache.render

        def render(self, t, px, *a, drawn=drawn, real=real, **k):
            drawn.append((t, px))
            return real(self, t, px, *a, **k)

        monkeypatch.setattr(text_module.TextCache, "render", render)
        for b in scene.widgets:
            b.invalidate()
        scene.invalidate(None)
        scene.draw(app.screen)
        monkeypatch.undo()
        band = scene.band_text()
        assert (band, least_legible(band, design.type.label)) in drawn
        width = app.ctx.text.rendered_size(band, least_legible(band, design.type.label), True)[0]
        assert scene.band.x + width <= min(b.rect.x for b in (scene.back, scene.deal) if b.visible), (lang, band)
        for b in scene.widgets:
            if b.visible:
                line, px = b.label_form()
                assert px == least_legible(line, design.type.label) and b.rect.height >= design.target
                assert app.ctx.text.rendered_size(line, px, True)[0] <= b.rect.width, (lang, line)
        page = scene._caption()
        assert {line.size for line in page.lines} <= {design.type.body}
        app.apply(scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)))
    kinds = {(game, has_deal) for game, has_deal, _form in forms}
    assert len(forms) == len(kinds), ("one form for each game's band, with or without its deal", forms)


@pytest.mark.parametrize("kiosk", [True, False])
def test_a_kiosks_game_continued_after_a_restart_shows_no_tips_again(make_app, tips_on, kiosk):
    """A kiosk keeps no visitor's tips on disk: the game a power cut interrupted comes back without
    the tips its player has seen (a new game of a new visitor still has them)."""
    from game.model.golf import GolfGame
    from game.scenes.tips_overlay import TipsOverlay

    app = make_app(size=(800, 480), kiosk=kiosk, settings=Settings(fullscreen=False))
    game = GolfGame.new(rule="easy", number=1)
    game.push(next(iter(game.legal_moves())))
    app.replace(app.ctx.scenes.table(game, {"undos": 0, "duration": 5.0, "started": ""}))
    settle(app)
    run_frames(app, 60)
    assert any(isinstance(s, TipsOverlay) for s in app.stack) is not kiosk
