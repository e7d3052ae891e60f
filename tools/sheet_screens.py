"""The screens and panels tools/contact_sheets.py shows, each reached as the game reaches it.

A screen is a name, a line saying what it shows, and a recipe: a function given a fresh App (its own
settings and data folders, its language set, the first-run tips seen) that brings the app to the
moment to show, by the Context's scene openers (``ctx.scenes``), the model, a table's own actions
(``go_new_game``) and posted presses on the controls a player would press (found by their label,
not by where they are). Time is simulated (tools/table_shots.py: every frame 1/60 s), so each recipe
shows the same picture on every run; a recipe ends once what it shows has settled, or at a fixed
frame where something never rests (a hint's pulsing arrow, a demo that plays on).

A recipe raises when the game does not reach the screen it names (no such button, no panel came):
the contact sheet shows that tile in red with the reason.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tools import table_shots as shots

if TYPE_CHECKING:  # pragma: no cover
    from game.app import App
    from game.model.golf import GolfGame
    from game.services import SceneLike

#: frames a screen is given before it is waited on to settle (a menu looks its daily deal up after
#: 0.4 s; a table takes presses after its deal)
OPENING = 45
HINT_FRAMES = 40  # frames after the hint key: the hint's arrow pulses, so it is shown at a fixed time
DEMO_FRAMES = 240  # frames of a demo under the attract banner (it plays on and never rests)
FINDING_FRAMES = 30  # frames of the "Finding a winnable deal" panel (it polls the solver every frame)


@dataclass(frozen=True)
class Screen:
    """A screen or panel of the game and how to reach it."""

    name: str  #: the sheet's file name: menu, golf-blocked …
    what: str  #: a line saying what it shows (the sheet's title)
    reach: Callable[[App], None]  #: brings a fresh app to the moment shown
    kiosk: bool = False  #: the app runs in kiosk mode
    statistics: bool = False  #: the data folder holds some finished games first


# -- moving the app on -------------------------------------------------------------------------------
def rest(app: App, opening: int = OPENING) -> None:
    """`opening` frames, then frames until nothing moves."""
    shots.frames(app, opening)
    shots.settle(app)


def show(app: App, scene: SceneLike) -> None:
    """The scene alone on the stack (as a Replace makes it), at rest."""
    app.replace(scene)
    rest(app)


def over(app: App, scene: SceneLike) -> None:
    """The scene over the stack (as a Push makes it), at rest."""
    app.push(scene)
    rest(app)


def top(app: App) -> Any:
    if not app.stack:
        raise RuntimeError("nothing is on screen")
    return app.stack[-1]


def controls(scene: Any) -> list[Any]:
    """A scene's controls a player may press: its widgets and a dialog's buttons."""
    found = list(getattr(scene, "widgets", None) or []) + list(getattr(scene, "buttons", None) or [])
    return [w for w in found if getattr(w, "visible", True)]


def press(app: App, label: str) -> None:
    """A click on the top scene's button that reads `label` (its untranslated text), then rest."""
    scene = top(app)
    button = next((w for w in controls(scene) if getattr(w, "label", None) == label), None)
    if button is None:
        raise RuntimeError(f"no button {label!r} on {type(scene).__name__}")
    shots.click(app, button.rect.center)
    rest(app, 12)


def pick(app: App, value: str) -> None:
    """A click on the choice `value` of the top scene's row of choices that offers it, then rest."""
    scene = top(app)
    for widget in controls(scene):
        values = [v for v, _label in getattr(widget, "options", [])]
        if value in values and hasattr(widget, "segment_rect"):
            shots.click(app, widget.segment_rect(values.index(value)).center)
            rest(app, 12)
            return
    raise RuntimeError(f"no choice {value!r} on {type(scene).__name__}")


def expect_top(app: App, what: str, test: Callable[[Any], bool]) -> None:
    """The top scene is the one the recipe meant to reach (on a kiosk, after the initials a game that
    takes a place on the day's leaderboard asks for: skipped)."""
    if type(top(app)).__name__ == "InitialsScene" and not test(top(app)):
        import pygame  # (as table_shots: loaded when a screen is made)

        shots.key(app, pygame.K_ESCAPE)  # (Esc skips them)
        rest(app)
    if not test(top(app)):
        raise RuntimeError(f"{what} did not come: {type(top(app)).__name__} is on top")


def is_dialog(scene: Any) -> bool:
    return hasattr(scene, "content") and hasattr(scene, "buttons")


def choose_family(app: App, family_id: str) -> None:
    """The menu's choice of game, as the menu keeps it in the settings."""
    from game import registry

    registry.choose(app.settings, registry.chosen(app.settings, family_id))


# -- the menu and its screens -------------------------------------------------------------------------
def menu(app: App) -> None:
    show(app, app.ctx.scenes.menu())


def settings(app: App) -> None:
    menu(app)
    over(app, app.ctx.scenes.settings())


def appearance(app: App) -> None:
    settings(app)
    press(app, "Appearance")


def statistics(family_id: str, view: str | None = None) -> Callable[[App], None]:
    def reach(app: App) -> None:
        choose_family(app, family_id)
        menu(app)
        over(app, app.ctx.scenes.stats())
        if view is not None:
            pick(app, view)

    return reach


def round_statistics(app: App) -> None:
    from game import registry

    choose_family(app, "golf")
    menu(app)
    over(app, app.ctx.scenes.stats())
    over(app, app.ctx.scenes.round_stats(registry.chosen(app.settings, "golf")))


def daily(app: App) -> None:
    menu(app)
    over(app, app.ctx.scenes.daily())


def help_page(page_id: str) -> Callable[[App], None]:
    def reach(app: App) -> None:
        menu(app)
        app.apply(app.ctx.scenes.help(top(app)))
        rest(app)
        shown = top(app)
        if getattr(shown, "page_id", page_id) != page_id:
            shown.show_page(page_id)  # (as its tab does)
            app.redraw()
            rest(app)

    return reach


def example(example_id: str) -> Callable[[App], None]:
    def reach(app: App) -> None:
        from game.help import examples

        help_page("examples")(app)
        over(app, app.ctx.scenes.example(examples.load()[example_id]))

    return reach


def rules_sheet(family_id: str) -> Callable[[App], None]:
    def reach(app: App) -> None:
        menu(app)
        sheet = app.ctx.scenes.rules_sheet(family_id, lambda _kind: None)
        if sheet is None:
            raise RuntimeError(f"{family_id} has no More rules sheet")
        over(app, sheet)

    return reach


def finding_deal(app: App) -> None:
    """The panel that waits for the solver to find a winnable deal: the solver's answer held back."""
    from game import registry
    from game.scenes.dealing import FindingDealOverlay

    menu(app)
    app.ctx.jobs.held = True
    app.push(FindingDealOverlay(app.ctx, registry.chosen(app.settings, "golf").id, set(), False, 1))
    shots.frames(app, FINDING_FRAMES)


# -- the tables ---------------------------------------------------------------------------------------
def table(app: App, game: Any, **kwargs: Any) -> Any:
    """The game's table, dealt and taking presses; the table scene."""
    app.replace(app.ctx.scenes.table(game, **kwargs))
    rest(app)
    return app.stack[0]


def golf_fresh(app: App) -> None:
    from game.model.golf import GolfGame

    table(app, GolfGame.from_code(shots.GOLF_EASY))


def golf_hint(app: App) -> None:
    """Golf Easy five moves in, the hint shown."""
    import pygame

    from game.model.golf import GolfGame

    game = GolfGame.from_code(shots.GOLF_EASY)
    table(app, game)
    for _ in range(5):
        shots.golf_play(app, game, shots.golf_next_move(game))
        shots.settle(app)
    shots.key(app, pygame.K_h, text="h")
    shots.frames(app, HINT_FRAMES)


def eightoff_fresh(app: App) -> None:
    from game.model.eightoff import EightOffGame

    table(app, EightOffGame.from_code(shots.EIGHTOFF))


def eightoff_hint(app: App) -> None:
    """Eight Off twelve moves along its solver's line, the hint shown."""
    import pygame

    from game.model.eightoff import EightOffGame
    from game.solver import solve

    game = EightOffGame.from_code(shots.EIGHTOFF)
    line = solve(game.copy()).moves
    table(app, game)
    for move in line[:12]:
        shots.eightoff_play(app, game, move)
        shots.settle(app)
    shots.key(app, pygame.K_h, text="h")
    shots.frames(app, HINT_FRAMES)


def tips(family_id: str) -> Callable[[App], None]:
    """A table opened for the first time: its first-run tips over it."""

    def reach(app: App) -> None:
        app.settings.tips_seen[family_id] = False
        (golf_fresh if family_id == "golf" else eightoff_fresh)(app)
        expect_top(app, "the first-run tips", lambda scene: scene is not app.stack[0])

    return reach


def attract(app: App) -> None:
    """Kiosk mode's demo of a winnable deal under the "Touch to play" banner."""
    from game.model.golf import GolfGame
    from game.scenes.attract_banner import AttractBanner

    app.replace(app.ctx.scenes.table(GolfGame.from_code(shots.GOLF_EASY), guaranteed=True, demo=True))
    app.push(AttractBanner(app.ctx, "golf"))
    shots.frames(app, DEMO_FRAMES)


# -- the ends -----------------------------------------------------------------------------------------
def golf_won(app: App) -> None:
    """Golf Easy won by its solver's line, click by click: the win panel after the cascade."""
    from game.model.golf import GolfGame
    from game.solver import solve

    game = GolfGame.from_code(shots.GOLF_EASY)
    line = solve(game.copy()).moves
    table(app, game)
    for move in line:
        shots.golf_play(app, game, move)
        shots.frames(app, 2)
    rest(app)
    expect_top(app, "the win panel", is_dialog)


def eightoff_won(app: App) -> None:
    """Eight Off's last four Kings sent home by Finish: the win panel after the cascade."""
    import pygame

    game = shots.near_win()
    table(app, game)
    shots.key(app, pygame.K_f, text="f")
    rest(app)
    expect_top(app, "the win panel", is_dialog)


def golf_blocked(app: App) -> None:
    """Golf Classic blocked early (every stock card drawn, then the card that fits): the blocked
    panel, with its verdict and "Go back there" once the solver has answered."""
    from game.model.golf import GolfGame

    game = GolfGame.from_code(shots.GOLF_BLOCKS)
    table(app, game)
    shots.golf_until_over(app, game)
    rest(app)
    expect_top(app, "the blocked panel", is_dialog)


def _blocked_game() -> Any:
    """Golf Classic played by the table's next-move rule until it blocks (the model alone)."""
    from game.model.golf import GolfGame

    game = GolfGame.from_code(shots.GOLF_BLOCKS)
    while game.status == "playing":
        game.push(shots.golf_next_move(game))
    return game


def review(app: App) -> None:
    """A blocked Golf game's review, graded (the solver answers while the screen rests)."""
    from game.model.replay import Replay

    menu(app)
    over(app, app.ctx.scenes.review(Replay.of(_blocked_game())))
    for _ in range(600):  # (a bound: the solver answers in the first frames)
        if getattr(top(app), "review", None) is not None:
            break
        shots.frames(app, 1)
    rest(app)
    expect_top(app, "the review, graded", lambda scene: getattr(scene, "review", None) is not None)


def recent_games(app: App) -> None:
    """Statistics' recent games with a blocked Golf game and a fresh Eight Off deal kept."""
    from game.model.eightoff import EightOffGame

    progress = app.ctx.progress
    if progress is not None:
        eightoff = EightOffGame.from_code(shots.EIGHTOFF)
        eightoff.push(next(iter(eightoff.legal_moves())))
        progress.replays.keep(_blocked_game(), "blocked")
        progress.replays.keep(eightoff, "abandoned")
    menu(app)
    over(app, app.ctx.scenes.recent_games())


def admin(app: App) -> None:
    """A kiosk's administrator's screen, over its menu."""
    menu(app)
    over(app, app.ctx.scenes.admin())


#: Today's best of a kiosk's leaderboard on its sheets: (initials, golf score)
BOARD = [("ZOE", -3), ("", 0), ("AL", 2), ("BOB", 5), ("KIM", 9)]


def _board(app: App) -> Any:
    """The kiosk's leaderboard with the sheet's five Golf games (one replay, the module's example)."""
    from game.persist.leaderboard import Entry, Leaderboard

    board = app.ctx.leaderboard or Leaderboard(None)
    for i, (initials, mark) in enumerate(BOARD):
        code, when = "GO1-C-AAAAAAB-R5-EY", f"2026-12-07T10:0{i}:00"
        board.add(Entry("golf", "golf-classic", "GO1-C-AAAAAAB", code, mark, initials, when, f"sheet-{i}"))
    return board


def leaderboard(app: App) -> None:
    """A kiosk's today's best, over its menu."""
    from game.scenes.leaderboard_scene import LeaderboardScene

    board = _board(app)
    show(app, app.ctx.scenes.menu())
    over(app, LeaderboardScene(app.ctx, board, "golf"))


def initials(app: App) -> None:
    """The initials a kiosk's player gives for a place on today's board (two letters typed)."""
    from game.scenes.initials_scene import InitialsScene

    board = _board(app)
    show(app, app.ctx.scenes.menu())
    scene = InitialsScene(app.ctx, board, board.entries("golf")[1], 1)
    scene.initials = "AB"
    over(app, scene)


def lost_golf() -> GolfGame:
    """Golf Easy played half along its solver's line, then carelessly until it blocks, then one move
    undone: still playing, but no longer winnable."""
    from game.model.golf import GolfGame
    from game.solver import solve

    game = GolfGame.from_code(shots.GOLF_EASY)
    line = solve(game.copy()).moves
    for move in line[: len(line) // 2]:
        game.play(move)
    while game.status == "playing":
        game.play(shots.golf_next_move(game))
    game.undo()
    return game


def lost_position(app: App) -> None:
    """A hint asked for on a lost position: the panel that says where the win was lost."""
    import pygame

    table(app, lost_golf())
    shots.key(app, pygame.K_h, text="h")
    rest(app)
    expect_top(app, "the lost position's panel", is_dialog)


def round_hole(app: App) -> None:
    """The first hole of a round of nine played to its end: the hole's panel."""
    from game.model.course import GolfRound

    rnd = GolfRound(shots.GOLF_ROUND)
    app.replace(app.ctx.scenes.round_table(rnd))
    rest(app)
    shots.golf_until_over(app, rnd.game)
    rest(app)
    expect_top(app, "the hole's panel", is_dialog)


def scorecard(app: App) -> None:
    round_hole(app)
    press(app, "Scorecard")
    expect_top(app, "the scorecard", lambda scene: type(scene).__name__ == "ScorecardScene")


def confirm_new_game(app: App) -> None:
    """New game pressed on a Golf game under way: the dialog that asks before giving it up."""
    from game.model.golf import GolfGame

    game = GolfGame.from_code(shots.GOLF_EASY)
    scene = table(app, game)
    for _ in range(3):
        shots.golf_play(app, game, shots.golf_next_move(game))
        shots.settle(app)
    app.apply(scene.go_new_game())
    rest(app)
    expect_top(app, "the confirmation", is_dialog)


def give_up_hole(app: App) -> None:
    """The band's Give up on a hole under way: the dialog that asks first."""
    from game.model.course import GolfRound

    rnd = GolfRound(shots.GOLF_ROUND)
    scene: Any = app.ctx.scenes.round_table(rnd)
    app.replace(scene)
    rest(app)
    for _ in range(3):
        shots.golf_play(app, rnd.game, shots.golf_next_move(rnd.game))
        shots.settle(app)
    app.apply(scene.go_new_game())
    rest(app)
    expect_top(app, "the dialog", is_dialog)


def round_hole_won(app: App) -> None:
    """The first hole of a round won by its solver's line: the hole's win panel."""
    from game.model.course import GolfRound
    from game.solver import solve

    rnd = GolfRound(shots.GOLF_ROUND)
    line = solve(rnd.game.copy()).moves
    if not line:
        raise RuntimeError(f"the first hole of {shots.GOLF_ROUND} cannot be won")
    app.replace(app.ctx.scenes.round_table(rnd))
    rest(app)
    for move in line:
        shots.golf_play(app, rnd.game, move)
        shots.frames(app, 2)
    rest(app)
    expect_top(app, "the hole's win panel", is_dialog)


def daily_won(app: App) -> None:
    """Today's Golf deal won by its solver's line: the band and the win panel of a daily game."""
    from game import daily as daily_deals
    from game import registry
    from game.scenes.daily_scene import daily_kind, today
    from game.solver import solve

    choose_family(app, "golf")
    day = today()
    game: Any = registry.game_from_code(daily_deals.daily_code(daily_kind(app.settings).id, day))
    line = solve(game.copy()).moves
    table(app, game, guaranteed=True, daily=day.isoformat())
    for move in line:
        shots.golf_play(app, game, move)
        shots.frames(app, 2)
    rest(app)
    expect_top(app, "the win panel", is_dialog)


def stuck_eightoff() -> Any:
    """An Eight Off position with one move left, a column's card to the last free cell, after which
    nothing moves: no Ace is free, no card fits a column, every cell is full."""
    from game.model.eightoff import EightOffGame

    tops = ["KS", "KH", "KD", "KC", "JS", "JH", "JD", "JC"]
    cells: list[str | None] = ["9S", "9H", "9D", "9C", "7S", "7H", "7D", None]
    rest_of = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in {*tops, *cells, "7C"}]
    columns = [[*rest_of[i::8], top] for i, top in enumerate(tops)]
    columns[7].append("7C")
    return EightOffGame.from_layout(columns, cells, [[], [], [], []])


def eightoff_lost(app: App) -> None:
    """Eight Off with no move left: the hint says the position is lost."""
    import pygame

    game = stuck_eightoff()
    table(app, game)
    shots.eightoff_play(app, game, next(m for m in game.legal_moves() if m.src.index == 7))
    shots.settle(app)
    shots.key(app, pygame.K_h, text="h")
    rest(app)
    expect_top(app, "the lost position's panel", is_dialog)


def menu_continue(app: App) -> None:
    """The menu with a Golf game to continue (three moves played, then Menu on its table)."""
    from game.model.golf import GolfGame

    game = GolfGame.from_code(shots.GOLF_EASY)
    scene = table(app, game)
    for _ in range(3):
        shots.golf_play(app, game, shots.golf_next_move(game))
        shots.settle(app)
    app.apply(scene.go_menu())
    rest(app)


def refused_code(app: App) -> None:
    """The menu after a deal code it cannot read: the reason under the code box."""
    import pygame

    menu(app)
    box = next((w for w in controls(top(app)) if hasattr(w, "placeholder")), None)
    if box is None:
        raise RuntimeError("no code box on the menu")
    shots.click(app, box.rect.center)
    shots.post(pygame.TEXTINPUT, text="GO1-Q-AAAB")
    shots.frames(app, 1)
    press(app, "Play this code")


def stats_rules(app: App) -> None:
    """Statistics' More rules: the other Golf rule sets and their games."""
    statistics("golf")(app)
    press(app, "More rules")


def kiosk_table(family_id: str) -> Callable[[App], None]:
    return golf_fresh if family_id == "golf" else eightoff_fresh


# -- the statistics' games ---------------------------------------------------------------------------
def seed_statistics(data: Path) -> None:
    """Some finished games in a data folder's statistics, so the statistics screens have figures, a
    chart and a month of daily deals to show: written before the app opens the folder."""
    from game import registry
    from game.persist.round_stats import round_record_of
    from game.persist.stats import StatsDB

    data.mkdir(parents=True, exist_ok=True)
    db = StatsDB(data / "statistics.sqlite3")
    try:
        day = datetime.date.today().replace(day=1)
        for family_id, scores in (("golf", (0, 4, 11, 2, 7, 0, 15, 3)), ("eightoff", (52, 30, 52, 12, 52))):
            kind = registry.chosen(_default_settings(), family_id)
            for i, score in enumerate(scores):
                won = score in (0, 52) if family_id == "golf" else score == 52
                when = day + datetime.timedelta(days=min(i, 27))
                db.record(
                    family_id,
                    kind.option,
                    None,
                    "won" if won else "blocked",
                    score,
                    40 + 3 * i,
                    undos=i % 3,
                    duration_s=95.0 + 20 * i,
                    finished_at=f"{when.isoformat()}T12:00:00",
                    daily=when.isoformat() if i % 2 == 0 else None,
                )
        golf = registry.chosen(_default_settings(), "golf")
        for holes in ((2, 5, 0, 3, 7, 1, 4, 0, 6), (0, 1, 3, 2, 0, 4, 2, 5, 1)):
            db.record_round(round_record_of(golf.option, shots.GOLF_ROUND, "finished", holes))
    finally:
        db.close()


def _default_settings() -> Any:
    from game.settings import Settings

    return Settings()


# -- every screen, in the order of the index sheet --------------------------------------------------
def _help_screens() -> list[Screen]:
    from game import help as help_data

    return [Screen(f"help-{page}", f"Help: the {page} page", help_page(page)) for page, _label in help_data.PAGES]


def all_screens() -> list[Screen]:
    """Every screen and panel, menu first; the tables, the ends, the dialogs and kiosk mode after."""
    return [
        Screen("menu", "The menu", menu),
        Screen("menu-continue", "The menu with a game to continue", menu_continue),
        Screen("menu-refused-code", "The menu after a deal code it cannot read", refused_code),
        Screen("settings", "Settings, over the menu", settings),
        Screen("settings-kiosk", "Settings in kiosk mode", settings, kiosk=True),
        Screen("appearance", "Appearance, from Settings", appearance),
        Screen("stats-golf", "Statistics: Golf, its last games", statistics("golf"), statistics=True),
        Screen("stats-golf-daily", "Statistics: Golf, the daily deals", statistics("golf", "daily"), statistics=True),
        Screen("stats-eightoff", "Statistics: Eight Off, its last games", statistics("eightoff"), statistics=True),
        Screen("stats-rules", "Statistics: Golf's other rule sets", stats_rules, statistics=True),
        Screen("round-stats", "The rounds of golf's statistics", round_statistics, statistics=True),
        Screen("daily", "Today's deal: the month's calendar", daily, statistics=True),
        *_help_screens(),
        Screen("example", "Help: a worked example (Golf's opening)", example("golf-opening")),
        Screen("rules-golf", "Golf's More rules sheet", rules_sheet("golf")),
        Screen("golf", "The Golf table, fresh", golf_fresh),
        Screen("golf-hint", "The Golf table five moves in, a hint shown", golf_hint),
        Screen("eightoff", "The Eight Off table, fresh", eightoff_fresh),
        Screen("eightoff-hint", "The Eight Off table twelve moves in, a hint shown", eightoff_hint),
        Screen("golf-kiosk", "The Golf table's band in kiosk mode", kiosk_table("golf"), kiosk=True),
        Screen("eightoff-kiosk", "The Eight Off table's band in kiosk mode", kiosk_table("eightoff"), kiosk=True),
        Screen("golf-won", "Golf won: the win panel", golf_won),
        Screen("eightoff-won", "Eight Off won by Finish: the win panel", eightoff_won),
        Screen("golf-blocked", "Golf blocked early: the blocked panel", golf_blocked),
        Screen("lost-position", "A hint on a lost Golf position: where the win was lost", lost_position),
        Screen("eightoff-lost", "A hint on an Eight Off position with no move left", eightoff_lost),
        Screen("daily-won", "Today's Golf deal won: the band and the win panel of a daily game", daily_won),
        Screen("round-hole", "A round of nine: the first hole's end", round_hole),
        Screen("round-hole-won", "A round of nine: the first hole won", round_hole_won),
        Screen("scorecard", "A round of nine: the scorecard after the first hole", scorecard),
        Screen("confirm-new-game", "New game on a game under way: the confirmation", confirm_new_game),
        Screen("give-up-hole", "Give up on a hole under way: the confirmation", give_up_hole),
        Screen("finding-deal", "Finding a winnable deal", finding_deal),
        Screen("tips-golf", "Golf's first-run tips", tips("golf")),
        Screen("tips-eightoff", "Eight Off's first-run tips", tips("eightoff")),
        Screen("attract", "Kiosk mode's demo under the attract banner", attract, kiosk=True),
        Screen("review", "The review of a blocked Golf game", review),
        Screen("recent-games", "Statistics' recent games: two games kept", recent_games),
        Screen("admin", "Kiosk mode: the administrator's screen", admin, kiosk=True),
        Screen("leaderboard", "Kiosk mode: today's best, five games on the board", leaderboard, kiosk=True),
        Screen("initials", "Kiosk mode: a place on today's board, the initials asked", initials, kiosk=True),
    ]
