"""The scene openers the App hands to the Context (game/services.py: SceneOpeners): how one scene
opens another without importing it, so that no scene imports a scene that imports it back.

Nothing imports this module but the App: each scene's code loads here when first shown, not at
start-up. The families' "More rules" sheets are registered here by family id, as the tables are
in tables.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import registry
from .tables import open_round, open_table

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Context
    from ..help.examples import Example
    from ..model.base import SolitaireGame
    from ..model.course import GolfRound
    from ..model.replay import Move, Replay
    from ..registry import GameKind
    from ..services import SceneLike, Transition

#: A "More rules" sheet: made with the Context and what to call with each kind chosen on it.
RulesSheet = Callable[["Context", Callable[["GameKind"], None]], "SceneLike"]


def _golf_rules_sheet() -> RulesSheet:
    from .golf_rules_sheet import GolfRulesSheet  # loaded when first shown

    return GolfRulesSheet


#: Each family's "More rules" sheet, by family id, loaded when first shown (a family whose kinds
#: are all on the New game window's front has none).
RULES_SHEETS: dict[str, Callable[[], RulesSheet]] = {registry.GOLF.id: _golf_rules_sheet}


class Openers:
    """The SceneOpeners of one Context; each scene's module loads when it is first opened."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def table(
        self,
        game: SolitaireGame,
        resumed: dict | None = None,
        guaranteed: bool | None = None,
        demo: bool = False,
        daily: str | None = None,
    ) -> SceneLike:
        return open_table(self.ctx, game, resumed, guaranteed, demo, daily)

    def round_table(self, rnd: GolfRound, note: str | None = None) -> SceneLike:
        return open_round(self.ctx, rnd, note=note)

    def menu(self) -> SceneLike:
        from .menu import MenuScene  # (a --game start never shows it)

        return MenuScene(self.ctx)

    def settings(self) -> SceneLike:
        from .settings_scene import SettingsScene  # loaded when first shown

        return SettingsScene(self.ctx)

    def admin(self) -> SceneLike:
        from .admin_scene import AdminScene  # (only the administrator's gesture opens it)

        return AdminScene(self.ctx)

    def daily(self) -> SceneLike:
        from .daily_scene import DailyScene  # (as above)

        return DailyScene(self.ctx)

    def stats(self) -> SceneLike:
        from .stats_scene import StatsScene  # (as above)

        return StatsScene(self.ctx)

    def help(self, over: SceneLike | None) -> Transition:
        from .help_scene import help_for  # (as above)

        return help_for(self.ctx, over)

    def example(self, example: Example) -> SceneLike:
        from .example_scene import ExampleScene  # an example's table loads when opened, not with Help

        return ExampleScene(self.ctx, example)

    def rules_sheet(self, family_id: str, choose: Callable[[GameKind], None]) -> SceneLike | None:
        sheet = RULES_SHEETS.get(family_id)
        return None if sheet is None else sheet()(self.ctx, choose)

    def round_stats(self, kind: GameKind) -> SceneLike:
        from .round_stats_scene import RoundStatsScene  # loaded when first shown

        return RoundStatsScene(self.ctx, kind)

    def replay(self, replay: Replay, start: int = 0, note: str | None = None, better: Move | None = None) -> SceneLike:
        from .replay_scene import ReplayScene  # loaded when first shown

        return ReplayScene(self.ctx, replay, start, note, better)

    def review(self, replay: Replay) -> SceneLike:
        from .review_scene import ReviewScene  # (as above)

        return ReviewScene(self.ctx, replay)

    def recent_games(self) -> SceneLike:
        from .recent_games import RecentGamesScene  # (as above)

        return RecentGamesScene(self.ctx)
