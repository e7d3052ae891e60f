"""Player settings, remembered between runs as a small JSON file.

The file lives in ``platformdirs.user_config_dir('golf-eightoff')/settings.json``. Set the
environment variable ``GOLF_EIGHTOFF_CONFIG_DIR`` to use another directory (tests, kiosks).
A missing or damaged file never stops the game: a file that cannot be read at all (not a regular
file, larger than SETTINGS_LIMIT, not UTF-8, not JSON, nested too deeply, anything else) gives the
defaults with one logged warning, and every bad field of a good file falls back to its default with
a warning of its own. What a field may hold is one table, `RULES`: every text has a greatest
length, every number a range, every table a greatest number of entries, before any value is looked
up or used (a language code becomes a file name, a rule set's name is parsed).
"""

from __future__ import annotations

import copy
import functools
import json
import logging
import os
import reprlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import i18n, registry
from game.persist.files import Unreadable, read_json, remove_stale_temps, write_atomically
from game.persist.paths import APP_NAME, CONFIG_ENV, config_dir

__all__ = ["APP_NAME", "CONFIG_ENV", "CHOICES", "RULES", "Rule", "Settings", "config_dir", "default_path"]

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"
SETTINGS_LIMIT = 256 * 1024  # bytes: the real file is under 1 KiB
_short = reprlib.Repr()  # a bad value in a log line: a few levels and characters of it, never all
_short.maxlevel, _short.maxstring, _short.maxother = 2, 40, 40

#: The card back designs (game.view.card_images.BACK_STYLES, named here so that settings need no
#: pygame), the card faces' designs (card_images.FACE_DESIGNS: the standard faces, and the
#: large-index deck) and the table colours (game.ui.theme.FELTS), each list's default first.
CARD_BACKS = ("lattice", "diamonds", "waves", "stars")
FACE_DESIGNS = ("standard", "large")
TABLE_COLOURS = ("green", "blue", "red", "dark")

#: Fields whose value must be one of a fixed set.
CHOICES: dict[str, tuple[Any, ...]] = {
    "animation_speed": ("normal", "fast", "off"),
    "last_game": tuple(registry.FAMILIES),
    "attract_minutes": (0, 1, 3, 10),
    "golf_mode": ("single", "round"),
    "volume": (25, 50, 75, 100),
    "difficulty": ("any", "easy", "medium", "hard"),
    "card_back": CARD_BACKS,
    "face_design": FACE_DESIGNS,
    "table_colour": TABLE_COLOURS,
    "offered_games": ("both", *registry.FAMILIES),
}


def _option_known(family_id: str, value: Any) -> bool:
    """Whether a saved option names one of the game's kinds exactly as the kind holds it (Golf has
    48 rule sets, so the check asks the registry instead of listing them)."""
    try:
        return bool(registry.kind_for(family_id, value).option_value == value)
    except ValueError:
        return False


#: Fields whose value is checked by a function: each game's option ('golf_rule': 'easy',
#: 'classic+j2' …; 'eightoff_cells': 8, 4, 2).
CHECKS: dict[str, Any] = {f.setting: functools.partial(_option_known, f.id) for f in registry.FAMILIES.values()}
#: The games and options that each have a "winnable deals only" switch (the kinds with a deal list).
DEAL_KINDS = tuple(k.deal_list for k in registry.KINDS.values())

#: The longest text a field may hold, in characters: the longest real one is a Golf rule set's kind
#: id ('golf-classic+d+j1+z', 19), and anything longer is no setting of this game.
TEXT_LIMIT = 64
#: The most entries of a table of switches: one per kind of game (Golf's 48 rule sets and Eight
#: Off's 3 for "winnable deals only").
ENTRIES_LIMIT = 128
#: The languages a settings file may name ('' for the system's): a code becomes a file name, so
#: nothing else is ever passed on.
LANGUAGE_CODES = ("", *(code for code, _name in i18n.LANGUAGES))


@dataclass(frozen=True)
class Rule:
    """What one field may hold. Its bound comes first: a text's greatest length (`longest`), a
    number's range (`span`, both ends included), a table's greatest number of entries (`entries`);
    only a value within it is then looked up in `choices` or given to `check`."""

    longest: int | None = None
    span: tuple[int, int] | None = None
    entries: int | None = None
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], bool] | None = None

    def fault(self, value: Any) -> str | None:
        """Why the value is refused (for the log line), or None when it is good."""
        if self.longest is not None and len(value) > self.longest:
            return f"is longer than {self.longest} characters"
        if self.span is not None and not self.span[0] <= value <= self.span[1]:
            return f"is out of range ({self.span[0]} to {self.span[1]})"
        if self.entries is not None and len(value) > self.entries:
            return f"has more than {self.entries} entries"
        if (self.choices is not None and value not in self.choices) or (
            self.check is not None and not self.check(value)
        ):
            return "has an unknown value"
        return None


SWITCH = Rule()  # true or false: the type says it all


def _text(choices: tuple[str, ...]) -> Rule:
    return Rule(longest=TEXT_LIMIT, choices=choices)


#: Every field's rule (a test checks none is missing). A value of the wrong type or outside its rule
#: gives the field's default, with a warning.
RULES: dict[str, Rule] = {
    "interactive_rules": SWITCH,
    "sound": SWITCH,
    "volume": Rule(span=(0, 100), choices=CHOICES["volume"]),
    "animation_speed": _text(CHOICES["animation_speed"]),
    "highlight_playable": SWITCH,
    "difficulty": _text(CHOICES["difficulty"]),
    "winnable_light": SWITCH,
    "show_timer": SWITCH,
    "fullscreen": SWITCH,
    "four_colour": SWITCH,
    "card_back": _text(CARD_BACKS),
    "face_design": _text(FACE_DESIGNS),
    "table_colour": _text(TABLE_COLOURS),
    "language": Rule(longest=i18n.CODE_LIMIT, choices=LANGUAGE_CODES),
    "last_game": _text(CHOICES["last_game"]),
    "golf_rule": Rule(longest=TEXT_LIMIT, check=CHECKS["golf_rule"]),
    "eightoff_cells": Rule(span=(0, 8), check=CHECKS["eightoff_cells"]),
    "golf_mode": _text(CHOICES["golf_mode"]),
    "attract_minutes": Rule(span=(0, 60), choices=CHOICES["attract_minutes"]),
    "winnable_only": Rule(entries=ENTRIES_LIMIT),
    "tips_seen": Rule(entries=len(registry.FAMILIES)),
    "tips_off": SWITCH,
    "offered_games": _text(CHOICES["offered_games"]),
    "visitors_choose_rules": SWITCH,
}


def default_path() -> Path:
    """Where settings are read and written when no path is given."""
    return config_dir() / FILE_NAME


@dataclass
class Settings:
    """Everything the player can change; defaults are the first-run experience."""

    interactive_rules: bool = True
    sound: bool = True
    #: Percent of the sounds' full level, in steps (CHOICES); Sound off silences them whatever it is.
    volume: int = 75
    animation_speed: str = "normal"
    highlight_playable: bool = True
    #: "Winnable: any / easy / medium / hard": the band of the rated winnable deals New game deals from
    difficulty: str = "any"
    winnable_light: bool = False  # the table's "still winnable?" mark after every move
    #: The play time in the table's top band (never on a kiosk: see TableScene.timer_shown).
    show_timer: bool = True
    fullscreen: bool = True
    four_colour: bool = False
    #: Appearance: the design of the cards' backs and faces, and the colour of the felt.
    card_back: str = CARD_BACKS[0]
    face_design: str = FACE_DESIGNS[0]
    table_colour: str = TABLE_COLOURS[0]
    language: str = ""
    last_game: str = "golf"
    golf_rule: str = "easy"
    eightoff_cells: int = 8
    #: Golf in the New game window: a single deal or a round of nine holes.
    golf_mode: str = "single"
    #: Kiosk mode: minutes without input before the attract demo starts (0: never).
    attract_minutes: int = 3
    #: Per game and option: deal only deals proven winnable (on by default).
    winnable_only: dict = field(default_factory=lambda: {kind: True for kind in DEAL_KINDS})
    #: Per game: whether its first-run tips have been shown (Help; Settings' switch resets them).
    tips_seen: dict = field(default_factory=lambda: dict.fromkeys(registry.FAMILIES, False))
    #: Settings' "First-run tips" switch was turned off: on a kiosk, each visitor after a demo
    #: otherwise sees every game's tips again (a kiosk's players are strangers to each other).
    tips_off: bool = False
    #: Kiosk: the games a visitor may play ("both", or one family's id), and whether a visitor may
    #: choose another rule set (Golf's rules, Eight Off's cells) than the administrator's.
    offered_games: str = "both"
    visitors_choose_rules: bool = True

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Build settings from decoded JSON, keeping the default for each invalid field."""
        result = cls()
        if not isinstance(data, dict):
            log.warning("settings: expected a JSON object, got %s; using defaults", type(data).__name__)
            return result
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(result, f.name)
            # bool is a subclass of int: compare exact types so `true` is no cell count.
            if type(value) is not type(default):
                log.warning("settings: %s has the wrong type (%s); using %r", f.name, _short.repr(value), default)
                continue
            fault = RULES[f.name].fault(value)
            if fault is not None:
                log.warning("settings: %s %s (%s); using %r", f.name, fault, _short.repr(value), default)
                continue
            if f.name in ("winnable_only", "tips_seen"):
                value = _switches(f.name, value, default, _is_kind if f.name == "winnable_only" else None)
            setattr(result, f.name, value)
        return result

    def assign(self, other: Settings) -> None:
        """Take every value of `other` (copies: no table is shared), keeping this object, which the
        App and every scene hold."""
        for f in fields(self):
            setattr(self, f.name, copy.deepcopy(getattr(other, f.name)))

    def copy(self) -> Settings:
        """An independent copy."""
        return copy.deepcopy(self)

    def new_visitor(self) -> None:
        """Someone new may be playing (a kiosk's next visitor): every game's first-run tips are
        theirs again, unless the switch turned them off."""
        if not self.tips_off:
            self.tips_seen = dict.fromkeys(registry.FAMILIES, False)

    def offers(self, family_id: str) -> bool:
        """Whether a kiosk's visitors may play this game."""
        return self.offered_games in ("both", family_id)

    def winnable(self, kind: str) -> bool:
        """Whether New game deals only proven-winnable deals for this game and option."""
        return bool(self.winnable_only.get(kind, True))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> Settings:
        """Read settings; a missing file gives defaults silently, an unusable one (or no folder for
        it) with one warning. Temporary files an interrupted save left beside it are removed."""
        p: Path | str = "the settings file"
        try:
            p = Path(path) if path is not None else default_path()
            remove_stale_temps(p)
            return cls.from_dict(read_json(p, SETTINGS_LIMIT))
        except FileNotFoundError:
            return cls()
        except (Unreadable, OSError) as exc:
            log.warning("settings: %s is unusable (%s); using defaults", p, exc)
        except Exception as exc:  # whatever is wrong with the file, the game starts
            log.warning("settings: %s could not be checked (%s); using defaults", p, type(exc).__name__)
        return cls()

    def save(self, path: str | os.PathLike[str] | None = None) -> bool:
        """Write settings atomically (temp file, fsync, replace) so a crash never leaves half a file.

        Returns False (with a warning) when the file cannot be written; the game goes on.
        """
        p: Path | str = "the settings file"
        try:
            p = Path(path) if path is not None else default_path()
            write_atomically(p, json.dumps(self.to_dict(), indent=2, sort_keys=True) + "\n")
        except OSError as exc:
            log.warning("settings: cannot write %s (%s)", p, exc)
            return False
        return True


def _is_kind(kind_id: Any) -> bool:
    """Whether a text names a game kind (Golf's rule sets made on first use too)."""
    try:
        registry.kind(kind_id)
    except ValueError:
        return False
    return True


def _switches(name: str, value: dict, default: dict, known: Any = None) -> dict:
    """Known keys (the default's, or those `known` accepts: any rule set's kind for "winnable deals
    only") with true/false values; anything else keeps its default (with a warning)."""
    out = dict(default)
    for kind, on in value.items():
        if (kind in out or (known is not None and len(kind) <= TEXT_LIMIT and known(kind))) and type(on) is bool:
            out[kind] = on
        else:
            log.warning("settings: %s has a bad entry %s: %s; ignored", name, _short.repr(kind), _short.repr(on))
    return out
