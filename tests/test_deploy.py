"""The Raspberry Pi kiosk: the systemd unit game/deploy/golf-eightoff.service, its retry timer and
the kiosk guide (docs/kiosk.md), which must agree with each other.

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

from game.admin_exit import CONFIRM, HOLD
from game.persist.paths import DATA_ENV
from game.settings import CONFIG_ENV
from main import build_parser

ROOT = Path(__file__).resolve().parents[1]
UNIT_PATH = ROOT / "game" / "deploy" / "golf-eightoff.service"
UNIT_REL = UNIT_PATH.relative_to(ROOT).as_posix()  # game/deploy/golf-eightoff.service
DEPLOY = UNIT_PATH.parent
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


def guide() -> str:
    """The kiosk guide, which the README points to."""
    assert "docs/kiosk.md" in README.read_text(encoding="utf-8"), "the README must point to the kiosk guide"
    return GUIDE.read_text(encoding="utf-8")


def flat(text: str) -> str:
    """Text on one line with single spaces, for phrases that wrap."""
    return " ".join(text.split())


def header(path: Path) -> str:
    """A unit file's opening comment (the lines before its first section), on one line."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            break
        lines.append(line.lstrip("#"))
    return flat(" ".join(lines))


def retry_timer(unit: configparser.ConfigParser) -> tuple[Path, configparser.ConfigParser]:
    """The timer the unit's OnFailure= starts, from game/deploy."""
    names = words(unit, "Unit", "OnFailure")
    assert len(names) == 1 and names[0].endswith(".timer"), "OnFailure= starts one timer"
    path = DEPLOY / names[0]
    assert path.is_file(), f"{names[0]} is not in {DEPLOY.relative_to(ROOT)}"
    return path, parse_unit(path.read_text(encoding="utf-8"))


# --- the unit -----------------------------------------------------------------------------------


def test_the_unit_has_unit_service_and_install_sections_and_no_continuation_lines(unit):
    assert {"Unit", "Service", "Install"} <= set(unit.sections())
    assert value(unit, "Unit", "Description")
    for path in DEPLOY.iterdir():
        lines = path.read_text(encoding="utf-8").splitlines()
        # systemd continues a line ending in a backslash; the parser above does not, so none are used
        assert not [n for n, line in enumerate(lines, 1) if line.rstrip().endswith("\\")], path.name


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
    assert python.parents[2] == app, "the .venv lives in the clone, as the guide installs it"
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


def test_restarts_never_give_up_for_good(unit):
    """A game that cannot start (a monitor off at boot) is tried in quick rounds, and after each
    round the retry timer starts the next one: the unit is never left failed for good."""
    # since systemd 230 these belong in [Unit]; in [Service] they are ignored
    for key in ("StartLimitIntervalSec", "StartLimitBurst"):
        assert not unit.has_option("Service", key), f"{key}= is ignored in [Service]"
    interval = seconds(value(unit, "Unit", "StartLimitIntervalSec"))
    if interval == 0:  # no start limit at all: systemd restarts it forever by itself
        return
    burst = int(value(unit, "Unit", "StartLimitBurst"))
    restart = seconds(value(unit, "Service", "RestartSec"))
    assert burst >= 3, "an occasional crash must not use up the limit"
    assert burst * restart < interval, "a tight crash loop reaches the limit (and waits for the timer)"
    path, timer = retry_timer(unit)
    assert value(timer, "Timer", "Unit") == UNIT_PATH.name, "the timer starts the kiosk again"
    pause = seconds(value(timer, "Timer", "OnActiveSec"))
    assert interval <= pause <= 600, "its start is outside the last round's window, so it is not refused"
    assert value(timer, "Timer", "RemainAfterElapse") == "no", "an elapsed timer can be started by the next failure"
    assert not timer.has_section("Install"), "the timer is started by OnFailure= only, never enabled"
    assert f"{int(pause // 60)} minutes" in header(path) and f"{int(pause // 60)} minutes" in flat(
        "\n".join(line.lstrip("#") for line in UNIT_PATH.read_text(encoding="utf-8").splitlines())
    )


def test_sdl_draws_through_kmsdrm_and_the_games_folders_are_set(unit):
    env = environment(unit)
    assert env.get("SDL_VIDEODRIVER") == "kmsdrm"
    assert env.get("PYGAME_HIDE_SUPPORT_PROMPT") == "1"
    for name in (CONFIG_ENV, DATA_ENV):  # the names the app reads
        assert name in env, f"{name} is not set"
        assert PurePosixPath(env[name]).is_absolute()


def test_it_runs_as_its_own_account_with_device_groups_on_tty1(unit):
    user = value(unit, "Service", "User")
    assert user not in ("root", "0", "pi"), "an account of its own, not one with sudo"
    assert {"video", "render", "input"} <= set(words(unit, "Service", "SupplementaryGroups"))
    tty = value(unit, "Service", "TTYPath")
    assert re.fullmatch(r"/dev/tty\d+", tty)
    getty = f"getty@{PurePosixPath(tty).name}.service"
    assert getty in words(unit, "Unit", "Conflicts"), "no login prompt behind the game"
    assert getty in words(unit, "Unit", "After")
    assert value(unit, "Service", "StandardInput") in ("tty", "tty-force", "tty-fail")
    assert value(unit, "Service", "StandardOutput") == "journal"
    assert value(unit, "Service", "StandardError") == "journal"
    for key in ("TTYReset", "TTYVHangup", "TTYVTDisallocate"):
        assert value(unit, "Service", key) == "yes", f"{key}=yes: tty1 is cleared between a crash and the restart"


def test_the_game_writes_only_its_two_folders_which_systemd_makes_for_it(unit):
    env = environment(unit)
    folders = {PurePosixPath(env[CONFIG_ENV]), PurePosixPath(env[DATA_ENV])}
    assert len(folders) == 2
    assert value(unit, "Service", "ProtectSystem") == "strict"
    assert {PurePosixPath(p) for p in words(unit, "Service", "ReadWritePaths")} == folders
    # StateDirectory= creates them in /var/lib, owned by the account, before every start (a
    # ReadWritePaths= folder that does not exist would stop the unit from starting)
    made = {PurePosixPath("/var/lib") / name for name in words(unit, "Service", "StateDirectory")}
    assert made == folders
    assert value(unit, "Service", "StateDirectoryMode") == "0700"
    app = PurePosixPath(value(unit, "Service", "WorkingDirectory"))
    for folder in folders:
        assert app not in folder.parents, "the code stays read-only: the folders are outside the clone"
    assert not any(p == PurePosixPath("/home") or PurePosixPath("/home") in p.parents for p in (app, *folders))


HARDENING = {
    "NoNewPrivileges": "yes",
    "ProtectHome": "yes",
    "PrivateTmp": "yes",
    "PrivateMounts": "yes",
    "ProtectKernelTunables": "yes",
    "ProtectKernelModules": "yes",
    "ProtectKernelLogs": "yes",
    "ProtectControlGroups": "yes",
    "ProtectHostname": "yes",
    "RestrictNamespaces": "yes",
    "LockPersonality": "yes",
    "RestrictRealtime": "yes",
    "RestrictSUIDSGID": "yes",
    "RemoveIPC": "yes",
    "SystemCallArchitectures": "native",
    "UMask": "0077",
    "IPAddressDeny": "any",
    "SystemCallErrorNumber": "EPERM",
}


def test_the_sandbox_takes_everything_the_game_does_not_need(unit):
    for key, wanted in HARDENING.items():
        assert value(unit, "Service", key) == wanted, f"{key}={wanted}"
    assert values(unit, "Service", "CapabilityBoundingSet") == [], "no capabilities at all"
    families = set(words(unit, "Service", "RestrictAddressFamilies"))
    assert families == {"AF_UNIX", "AF_NETLINK"}, "ALSA and D-Bus, udev's news of input devices; no network"
    denied = words(unit, "Service", "SystemCallFilter")
    assert denied[0].startswith("~"), "a deny list: what is not named stays allowed"
    assert "@resources" not in " ".join(denied), "the game raises its open-file limit (setrlimit)"
    assert {"@privileged", "@mount", "@module", "@debug", "@clock"} <= {w.lstrip("~") for w in denied}


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("PrivateDevices", "it hides /dev/dri, /dev/input and /dev/snd"),
        ("DevicePolicy", "an allow-list that misses one device node is a black screen"),
        ("DeviceAllow", "an allow-list that misses one device node is a black screen"),
        ("ProtectClock", "on some systemd versions it allow-lists the clock device alone"),
        ("PrivateNetwork", "udev's netlink news of input devices stays in the host's namespace"),
        ("MemoryDenyWriteExecute", "Mesa's llvmpipe compiles to machine code at run time"),
        ("PrivateUsers", "the device groups would be unmapped"),
        ("ProcSubset", "the game reads the boot id in /proc/sys/kernel/random"),
    ],
)
def test_no_setting_that_would_hide_the_screen_touch_or_sound(unit, key, why):
    assert not unit.has_option("Service", key), f"{key}= is left out: {why}"
    # and the unit says why, for the next person who wants to add it
    assert f"{key}=" in UNIT_PATH.read_text(encoding="utf-8")


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
    # the same files, pointed at this checkout and this Python, so the paths exist here
    copies = []
    for path in sorted(DEPLOY.iterdir()):
        text = path.read_text(encoding="utf-8").replace(argv[0], sys.executable).replace(app, str(ROOT))
        copy = tmp_path / path.name
        copy.write_text(text, encoding="utf-8")
        copies.append(str(copy))
    out = subprocess.run([analyze, "verify", *copies], capture_output=True, text=True, timeout=120)
    names = [path.name for path in DEPLOY.iterdir()]
    about_ours = [line for line in (out.stdout + out.stderr).splitlines() if any(n in line for n in names)]
    assert not about_ours, "\n".join(about_ours)
    if out.returncode != 0:
        pytest.skip(f"systemd-analyze cannot run here: {out.stderr.strip()[:300]}")


SCORE = re.compile(r"rates this unit (\d+\.\d)")


def test_systemd_rates_the_unit_below_5_as_the_unit_and_the_guide_say(unit):
    stated = {SCORE.findall(flat(UNIT_PATH.read_text(encoding="utf-8")))[0], SCORE.findall(flat(guide()))[0]}
    assert len(stated) == 1, "the unit and the guide give one figure"
    assert float(stated.pop()) < 5
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    out = subprocess.run(
        [analyze, "security", "--offline=yes", "--no-pager", str(UNIT_PATH)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    measured = re.search(r"Overall exposure level for \S+: (\d+\.\d)", out.stdout)
    if measured is None:
        pytest.skip(f"systemd-analyze cannot rate a unit file here: {out.stderr.strip()[:300]}")
    assert float(measured.group(1)) < 5, out.stdout


# --- the administrator's exit -------------------------------------------------------------------


def gesture_phrases() -> list[str]:
    """What every description of the way out says, with admin_exit's figures."""
    return [
        f"any corner of the screen still for {HOLD:g} seconds",
        f"diagonally opposite corner within {CONFIRM:g} seconds",
        "Ctrl+Alt+Q",
        "the administrator's screen opens",
        "Leave the kiosk",
        "status 3",
    ]


def test_the_unit_help_and_guide_describe_the_exit_gesture_as_it_works():
    kiosk_help = next(a.help for a in build_parser()._actions if "--kiosk" in a.option_strings)
    described = {"the unit's header": header(UNIT_PATH), "--help": flat(kiosk_help or ""), "the guide": flat(guide())}
    for where, text in described.items():
        lowered = text.lower()
        for phrase in gesture_phrases():
            assert phrase.lower() in lowered, f"{where} does not say {phrase!r}"
    assert "sudo systemctl start golf-eightoff" in header(UNIT_PATH)


def test_the_readme_names_the_whole_gesture_and_points_to_the_guide():
    text = flat(README.read_text(encoding="utf-8"))
    guide()
    assert "opposite corner" in text and "Ctrl+Alt+Q" in text
    for path in set(re.findall(r"game/deploy/[\w.@-]+", text)):
        assert (ROOT / path).exists(), f"the README names {path}, which is not in the repository"


# --- the kiosk guide ----------------------------------------------------------------------------


def test_the_guide_installs_every_unit_file_that_is_in_the_repo():
    text = guide()
    copy = re.search(r"sudo cp ((?:\S+ )+)/etc/systemd/system/", text)
    assert copy, "the guide shows how to copy the unit files into /etc/systemd/system/"
    copied = copy.group(1).split()
    units = sorted(p.relative_to(ROOT).as_posix() for p in DEPLOY.glob("*.service")) + sorted(
        p.relative_to(ROOT).as_posix() for p in DEPLOY.glob("*.timer")
    )
    assert copied == units
    for path in set(re.findall(r"game/deploy/[\w.@-]+", text)):
        assert (ROOT / path).exists(), f"the guide names {path}, which is not in the repository"
    name = UNIT_PATH.stem
    for command in (
        f"sudo systemctl enable --now {name}",
        f"sudo systemctl start {name}",
        f"systemctl status {name}",
        f"journalctl -u {name}",
        "sudo systemctl daemon-reload",
    ):
        assert command in text, command


def test_the_guide_makes_the_account_and_the_folders_the_unit_names(unit):
    text = guide()
    user = value(unit, "Service", "User")
    app = value(unit, "Service", "WorkingDirectory")
    made = re.search(r"sudo useradd (.*)", text)
    assert made, "the guide makes the kiosk's account"
    argv = made.group(1).split()
    assert argv[-1] == user and "--system" in argv
    assert f"--home-dir {app}" in made.group(1)
    assert "/usr/sbin/nologin" in argv, "no login shell"
    assert f"sudo -u {user} git clone" in text and app in text
    assert ".venv/bin/pip install" in text and "-r requirements.txt" in text
    assert "python3-venv" in text
    env = environment(unit)
    for name in (CONFIG_ENV, DATA_ENV):
        assert name in text and env[name] in text


def test_the_guide_explains_kmsdrm_the_hand_test_and_a_dark_quiet_console():
    text = guide()
    assert "kmsdrm" in text and "pygame.display.get_driver()" in text
    assert "vc4-kms-v3d" in text
    # the kernel's messages go to tty3, tty1 has no cursor, logo or blanking
    for word in ("console=tty3", "quiet", "loglevel=0", "vt.global_cursor_default=0", "logo.nologo", "consoleblank=0"):
        assert word in text, word
    assert "sudo systemctl mask getty@tty1.service" in text, "no login prompt can come back on tty1"


def test_the_guide_keeps_a_place_for_the_administrators_screen():
    assert "\n## The administrator's screen\n" in guide()
