"""The deploy/ files agree with the code: the env example names every setting with its real
default, the systemd units run commands the CLI accepts, and systemd can parse the units."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from slidewright.cli import build_parser
from slidewright.core.config import Settings

DEPLOY = Path(__file__).resolve().parents[3] / "deploy"
ENV_EXAMPLE = DEPLOY / "slidewright.env.example"
UNITS = DEPLOY / "systemd"
LINE = re.compile(r"^(#?)([A-Z][A-Z0-9_]*)=(.*)$")
# Deployment paths in the example, not the defaults of a source checkout.
NOT_DEFAULTS = {"data_dir", "public_url", "frontend_dist", "docs_dir"}


def _example() -> list[tuple[bool, str, str]]:
    """(commented, name, value) of every KEY=VALUE line of the env example."""
    found = []
    for line in ENV_EXAMPLE.read_text(encoding="utf-8").splitlines():
        match = LINE.match(line)
        if match:
            found.append((match[1] == "#", match[2], match[3]))
    return found


@pytest.fixture(autouse=True)
def no_slidewright_env(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for name in list(os.environ):
        if name.startswith("SLIDEWRIGHT_"):
            monkeypatch.delenv(name)


def test_every_setting_is_in_the_env_example() -> None:
    names = {name for _, name, _ in _example()}
    missing = [
        f"SLIDEWRIGHT_{field.upper()}"
        for field in Settings.model_fields
        if f"SLIDEWRIGHT_{field.upper()}" not in names
    ]
    assert not missing, f"add to deploy/slidewright.env.example: {missing}"


def test_the_env_example_shows_the_real_defaults(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    defaults = Settings(data_dir=tmp_path)
    shown = {
        name.removeprefix("SLIDEWRIGHT_").lower(): value
        for commented, name, value in _example()
        if commented and value and name.startswith("SLIDEWRIGHT_")
    }
    fields = {name: value for name, value in shown.items() if name in Settings.model_fields}
    for name, value in fields.items():
        monkeypatch.setenv(f"SLIDEWRIGHT_{name.upper()}", value)
    documented = Settings(data_dir=tmp_path)
    for name in set(fields) - NOT_DEFAULTS:
        assert getattr(documented, name) == getattr(defaults, name), name


def test_the_env_example_as_written_is_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    for commented, name, value in _example():
        if not commented and name.startswith("SLIDEWRIGHT_"):
            monkeypatch.setenv(name, value)
    settings = Settings()
    assert settings.public_url and settings.public_url.startswith("https://")
    assert str(settings.data_dir) == "/var/lib/slidewright"


def _exec_lines(unit: Path) -> list[list[str]]:
    lines = []
    for line in unit.read_text(encoding="utf-8").splitlines():
        if line.startswith("ExecStart="):
            lines.append(shlex.split(line.removeprefix("ExecStart=")))
    return lines


@pytest.mark.parametrize(
    "unit",
    ["slidewright-web.service", "slidewright-worker@.service", "slidewright-migrate.service"],
)
def test_the_units_run_commands_the_cli_accepts(unit: str) -> None:
    text = (UNITS / unit).read_text(encoding="utf-8")
    assert "EnvironmentFile=/etc/slidewright/slidewright.env" in text
    assert "User=slidewright" in text
    for key in ("NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateTmp=yes"):
        assert key in text, key
    [command] = _exec_lines(UNITS / unit)
    assert command[0] == "/opt/slidewright/current/backend/.venv/bin/slidewright"
    args = [arg.replace("${SLIDEWRIGHT_WORKER_THREADS}", "2") for arg in command[1:]]
    parsed = build_parser().parse_args(args)
    assert parsed.command == args[0]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_parses_the_units(tmp_path: Path) -> None:
    repo = DEPLOY.parent
    for unit in UNITS.iterdir():
        text = unit.read_text(encoding="utf-8").replace("/opt/slidewright/current", str(repo))
        name = unit.name.replace("@.service", "@1.service")
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *sorted(str(p) for p in tmp_path.iterdir())],
        capture_output=True,
        text=True,
        check=False,
    )
    # It may not reach a system manager here (no systemd as PID 1); unit file errors still
    # print as "<file>:<line>: ..." lines.
    problems = [line for line in result.stderr.splitlines() if str(tmp_path) in line]
    assert not problems, result.stderr
