"""The Raspberry Pi kiosk: the systemd unit game/deploy/golf-eightoff.service and the kiosk guide.

The unit is read with configparser as systemd reads it: keys may repeat (Environment=, After=, ...)
and every value counts, an empty assignment resets a list, and the last value of a single-valued
key wins. Where systemd-analyze is installed, systemd itself checks every line too.
"""

from __future__ import annotations

import configparser
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest

from game.persist.paths import DATA_ENV
from game.settings import CONFIG_ENV
from main import build_parser

ROOT = Path(__file__).resolve().parents[1]
UNIT_PATH = ROOT / "game" / "deploy" / "golf-eightoff.service"
UNIT_REL = UNIT_PATH.relative_to(ROOT).as_posix()  # game/deploy/golf-eightoff.service
README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "kiosk.md"
BOOT_TARGETS = {"multi-user.target", "graphical.target"}


RESET = "\x00"  # stands for an empty assignment (configparser would strip a trailing empty line)


class _AllValues(dict):
    """configparser's store for one section that keeps every value of a repeated key.

    configparser collects each option's lines in a list before joining them; a repeated key
    extends the list instead of replacing it (strict=False alone would keep only the last)."""

    def __setitem__(self, key, value):
        if isinstance(value, list):
            value = [RESET if v == "" else v for v in value]
            if isinstance(self.get(key), list):
                self[key].extend(value)
                return
        super().__setitem__(key, value)


def parse_unit(text: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(
        strict=False, interpolation=None, dict_type=_AllValues, empty_lines_in_values=False
    )
    parser.optionxform = str  # systemd keys are case-sensitive
    parser.read_string(text)
    return parser


@pytest.fixture(scope="module")
def unit() -> configparser.ConfigParser:
    return parse_unit(UNIT_PATH.read_text(encoding="utf-8"))


def values(unit: configparser.ConfigParser, section: str, key: str) -> list[str]:
    """Every value given to `key` in `section`, in order; an empty assignment clears the earlier ones."""
    if not unit.has_option(section, key):
        return []
    out: list[str] = []
    for line in unit.get(section, key).split("\n"):
        if line == RESET:
            out.clear()
        elif line.strip():
            out.append(line.strip())
    return out


def value(unit: configparser.ConfigParser, section: str, key: str) -> str:
    """A single-valued key: the last assignment wins."""
    found = values(unit, section, key)
    assert found, f"{key}= is missing from [{section}]"
    return found[-1]


def words(unit: configparser.ConfigParser, section: str, key: str) -> list[str]:
    """A list-valued key (After=, WantedBy=, RestartPreventExitStatus=, ...): all its words."""
    return [w for v in values(unit, section, key) for w in v.split()]


def environment(unit: configparser.ConfigParser) -> dict[str, str]:
    env: dict[str, str] = {}
    for line in values(unit, "Service", "Environment"):
        for assignment in shlex.split(line):
            name, sep, val = assignment.partition("=")
            assert sep, f"Environment= entry without '=': {assignment!r}"
            env[name] = val
    return env


def exec_start(unit: configparser.ConfigParser) -> list[str]:
    return shlex.split(value(unit, "Service", "ExecStart"))


def seconds(text: str) -> float:
    """A systemd time span such as 3, 3s, 500ms, 2min or 1min 30s, in seconds."""
    scale = {"": 1, "s": 1, "sec": 1, "ms": 0.001, "m": 60, "min": 60, "h": 3600}
    parts = re.findall(r"(\d+(?:\.\d+)?)\s*([a-z]*)", text)
    assert parts and all(u in scale for _, u in parts), f"unreadable time span {text!r}"
    return sum(float(n) * scale[u] for n, u in parts)


def readme_section() -> str:
    """The kiosk guide, which the README points to."""
    assert "docs/kiosk.md" in README.read_text(encoding="utf-8"), "the README must point to the kiosk guide"
    return GUIDE.read_text(encoding="utf-8")


# --- the unit -----------------------------------------------------------------------------------


def test_the_unit_has_unit_service_and_install_sections_and_no_continuation_lines(unit):
    assert {"Unit", "Service", "Install"} <= set(unit.sections())
    assert value(unit, "Unit", "Description")
    lines = UNIT_PATH.read_text(encoding="utf-8").splitlines()
    # systemd continues a line ending in a backslash; the parser above does not, so none are used
    assert not [n for n, line in enumerate(lines, 1) if line.rstrip().endswith("\\")]


def test_repeated_keys_all_count_and_an_empty_assignment_resets():
    parsed = parse_unit(
        "[Service]\nEnvironment=A=1\nEnvironment=B=2\nAfter=a\nAfter=\nAfter=b c\nConflicts=x\nConflicts=\n"
    )
    assert values(parsed, "Service", "Environment") == ["A=1", "B=2"]
    assert words(parsed, "Service", "After") == ["b", "c"]
    assert words(parsed, "Service", "Conflicts") == []


def test_execstart_runs_the_repos_main_py_in_kiosk_mode_with_the_venv_python(unit):
    argv = exec_start(unit)
    python, main = PurePosixPath(argv[0]), PurePosixPath(argv[1])
    assert python.is_absolute(), "ExecStart needs an absolute path (and no '-' that hides failures)"
    assert python.name.startswith("python") and python.parent.name == "bin"
    assert python.parent.parent.name == ".venv", "the virtual environment that requirements.txt fills"
    assert main.name == "main.py" and main.is_absolute()
    app = main.parent
    assert python.parents[2] == app, "the .venv lives in the clone, as the README installs it"
    assert value(unit, "Service", "WorkingDirectory") == str(app)
    # the path inside the clone is this repository's entry point, and its arguments parse
    assert (ROOT / main.relative_to(app)).is_file()
    args = build_parser().parse_args(argv[2:])
    assert args.kiosk is True and "--kiosk" in argv[2:]
    assert args.windowed is None, "the kiosk is full screen"


def test_it_restarts_after_any_exit_except_the_administrators_status_3(unit):
    assert value(unit, "Service", "Restart") == "always"
    assert 1 <= seconds(value(unit, "Service", "RestartSec")) <= 30
    assert "3" in words(unit, "Service", "RestartPreventExitStatus")
    assert "3" in words(unit, "Service", "SuccessExitStatus"), "status 3 leaves the unit inactive, not failed"
    assert "0" not in words(unit, "Service", "RestartPreventExitStatus")


def test_a_crash_loop_is_braked_by_start_limits_in_the_unit_section(unit):
    # since systemd 230 these belong in [Unit]; in [Service] they are ignored
    for key in ("StartLimitIntervalSec", "StartLimitBurst"):
        assert not unit.has_option("Service", key), f"{key}= is ignored in [Service]"
    interval = seconds(value(unit, "Unit", "StartLimitIntervalSec"))
    burst = int(value(unit, "Unit", "StartLimitBurst"))
    restart = seconds(value(unit, "Service", "RestartSec"))
    assert burst >= 3, "an occasional crash must not use up the limit"
    assert burst * restart < interval, "a tight crash loop must reach the limit"


def test_sdl_draws_through_kmsdrm_and_the_games_folders_are_set(unit):
    env = environment(unit)
    assert env.get("SDL_VIDEODRIVER") == "kmsdrm"
    assert env.get("PYGAME_HIDE_SUPPORT_PROMPT") == "1"
    for name in (CONFIG_ENV, DATA_ENV):  # the names the app reads
        assert name in env, f"{name} is not set"
        assert PurePosixPath(env[name]).is_absolute()


def test_it_runs_as_a_user_with_device_groups_on_tty1(unit):
    user = value(unit, "Service", "User")
    assert user not in ("root", "0")
    assert {"video", "render", "input"} <= set(words(unit, "Service", "SupplementaryGroups"))
    tty = value(unit, "Service", "TTYPath")
    assert re.fullmatch(r"/dev/tty\d+", tty)
    getty = f"getty@{PurePosixPath(tty).name}.service"
    assert getty in words(unit, "Unit", "Conflicts"), "no login prompt behind the game"
    assert getty in words(unit, "Unit", "After")
    assert value(unit, "Service", "StandardInput") in ("tty", "tty-force", "tty-fail")
    assert value(unit, "Service", "StandardOutput") == "journal"
    assert value(unit, "Service", "StandardError") == "journal"
    # the game's folders are the service user's
    home = f"/home/{user}/"
    assert value(unit, "Service", "WorkingDirectory").startswith(home)
    env = environment(unit)
    assert env[CONFIG_ENV].startswith(home) and env[DATA_ENV].startswith(home)


def test_it_starts_at_boot_without_an_ordering_cycle(unit):
    wanted_by = set(words(unit, "Install", "WantedBy"))
    assert wanted_by and wanted_by <= BOOT_TARGETS
    # a target orders itself after the units it wants: After= on it would be a cycle
    assert not wanted_by & set(words(unit, "Unit", "After"))


def test_systemd_accepts_every_line(unit, tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    argv = exec_start(unit)
    app = str(PurePosixPath(argv[1]).parent)
    # the same unit, pointed at this checkout and this Python, so the paths exist here
    text = UNIT_PATH.read_text(encoding="utf-8").replace(argv[0], sys.executable).replace(app, str(ROOT))
    copy = tmp_path / UNIT_PATH.name
    copy.write_text(text, encoding="utf-8")
    out = subprocess.run([analyze, "verify", str(copy)], capture_output=True, text=True, timeout=120)
    about_ours = [line for line in (out.stdout + out.stderr).splitlines() if UNIT_PATH.name in line]
    assert not about_ours, "\n".join(about_ours)
    if out.returncode != 0:
        pytest.skip(f"systemd-analyze cannot run here: {out.stderr.strip()[:300]}")


# --- the README ---------------------------------------------------------------------------------


def test_the_readme_shows_the_kiosk_quick_start_and_points_to_the_guide():
    text = README.read_text(encoding="utf-8")
    readme_section()
    assert f"sudo cp {UNIT_REL} /etc/systemd/system/" in text
    assert "python3-venv" in text


def test_readme_installs_the_unit_file_that_is_in_the_repo():
    section = readme_section()
    assert UNIT_REL in section
    copy = re.search(r"sudo cp (\S+) /etc/systemd/system/", section)
    assert copy, "README must show how to copy the unit into /etc/systemd/system/"
    assert copy.group(1) == UNIT_REL and (ROOT / copy.group(1)).is_file()
    for path in set(re.findall(r"game/deploy/[\w.@-]+", section)):
        assert (ROOT / path).exists(), f"README names {path}, which is not in the repository"
    name = UNIT_PATH.stem
    for command in (
        f"sudo systemctl enable --now {name}",
        f"sudo systemctl start {name}",
        f"journalctl -u {name}",
        "sudo systemctl daemon-reload",
    ):
        assert command in section, command


def test_readme_explains_kmsdrm_the_hand_test_and_the_admin_exit():
    section = readme_section()
    assert "kmsdrm" in section
    assert "SDL_VIDEODRIVER=kmsdrm .venv/bin/python main.py --kiosk" in section
    assert "pygame.display.get_driver()" in section
    assert "Ctrl+Alt+Q" in section and "5 seconds" in section
    assert "status 3" in section
    assert "consoleblank=0" in section and "vc4-kms-v3d" in section


def test_readme_names_the_units_folders_and_user(unit):
    section = readme_section()
    argv = exec_start(unit)
    assert str(PurePosixPath(argv[1]).parent) in section  # /home/pi/golf-eightoff
    user = value(unit, "Service", "User")
    assert f"User={user}" in section or f"`{user}`" in section
    home = f"/home/{user}"
    env = environment(unit)
    for name in (CONFIG_ENV, DATA_ENV):
        assert name in section
        assert env[name].replace(home, "~", 1) in section
