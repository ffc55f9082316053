"""deploy/backup.sh and deploy/restore.sh, run for real: the host-side wrappers around
`slidewright backup` / `slidewright restore` (tested in depth in tests/system/test_backup.py).

What is theirs: reading the systemd env file, timestamped archives with --keep, one run at a
time, refusing to restore while the units run, asking before replacing, the archive's path on
stdout and one-line errors.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tarfile
from pathlib import Path

import pytest

from slidewright import migrate
from slidewright.core.db import make_engine, make_session_factory
from slidewright.storage import LocalBlobStore
from slidewright.users import service as users

DEPLOY = Path(__file__).resolve().parents[3] / "deploy"

pytestmark = [
    # "slow": run once, not again in `make test`'s PostgreSQL pass (these pick their own data).
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("bash") is None, reason="the scripts need bash"),
]

BLOBS = {
    "templates/u1/t1/original.pptx": os.urandom(70_000),
    "images/u2/i9/original.png": bytes(range(256)) * 40,
    "files/u1/f1/empty.bin": b"",
}
EMAILS = ["ada@example.com", "grace@example.com", "lin@example.com"]


def _env(**settings: str) -> dict[str, str]:
    """The test process's environment without any Slidewright, AWS or libpq setting."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("SLIDEWRIGHT_", "AWS_", "PG"))
    }
    env.update(settings)
    return env


def _run(script: str, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(DEPLOY / script), *args],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _backup(root: Path, *args: str, env: dict[str, str]) -> Path:
    result = _run("backup.sh", *args, str(root), env=env)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.stdout  # the path alone: progress goes to stderr
    archive = Path(lines[0])
    assert archive.parent == root and archive.suffix == ".tar" and archive.is_file()
    assert not [p for p in root.iterdir() if p.name.startswith(".") and p.name != ".lock"]
    return archive


def _emails(data_dir: Path) -> list[str]:
    with sqlite3.connect(data_dir / "slidewright.db") as connection:
        emails = [row[0] for row in connection.execute("SELECT email FROM users ORDER BY email")]
    connection.close()
    return emails


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A data dir as the app leaves it: migrated SQLite with rows, blobs, the secret key."""
    data_dir = tmp_path / "data"
    url = f"sqlite:///{data_dir / 'slidewright.db'}"
    data_dir.mkdir()
    migrate.upgrade(url)
    engine = make_engine(url)
    with make_session_factory(engine)() as session:
        for email in EMAILS:
            users.create_user(session, name=email[:3], email=email, password="secret12")
        session.commit()
    engine.dispose()
    store = LocalBlobStore(data_dir / "blobs")
    for key, data in BLOBS.items():
        store.put(key, data)
    (data_dir / "secret_key").write_text("k" * 64)
    return data_dir


def _assert_site(data_dir: Path) -> None:
    assert _emails(data_dir) == EMAILS
    store = LocalBlobStore(data_dir / "blobs")
    assert store.list("") == sorted(BLOBS)
    for key, data in BLOBS.items():
        assert store.get(key) == data, key
    assert (data_dir / "secret_key").read_text() == "k" * 64


def _write_env_file(path: Path, data_dir: Path) -> Path:
    # The systemd EnvironmentFile format the units use: comments, quotes, spaces around '='.
    path.write_text(
        "# Slidewright settings\n"
        "; another comment style systemd accepts\n"
        f'SLIDEWRIGHT_DATA_DIR="{data_dir}"\n'
        "SLIDEWRIGHT_LOG_LEVEL = INFO\n"
        "NOT_OURS=ignored\n",
        encoding="utf-8",
    )
    return path


def test_backup_then_restore_over_a_changed_site(site: Path, tmp_path: Path) -> None:
    env_file = _write_env_file(tmp_path / "slidewright.env", site)
    archive = _backup(tmp_path / "backups", "--env-file", str(env_file), env=_env())
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert names[0] == "database.sqlite" and names[-1] == "manifest.json"

    with sqlite3.connect(site / "slidewright.db") as connection:
        connection.execute("DELETE FROM users WHERE email = 'lin@example.com'")
    connection.close()
    store = LocalBlobStore(site / "blobs")
    store.delete("templates/u1/t1/original.pptx")
    store.put("images/u2/i9/original.png", b"changed")
    store.put("images/u9/new/original.png", b"made after the backup")

    result = _run("restore.sh", "--yes", "--env-file", str(env_file), str(archive), env=_env())
    assert result.returncode == 0, result.stderr
    _assert_site(site)


def test_keep_removes_the_oldest_archives(site: Path, tmp_path: Path) -> None:
    root = tmp_path / "backups"
    root.mkdir()
    for older in ("20000101T000000Z.tar", "20000102T000000Z.tar", ".20000103T000000Z.tar.partial"):
        (root / older).write_bytes(b"")  # earlier runs' archives, and a killed run's
    newest = _backup(root, "--keep", "2", env=_env(SLIDEWRIGHT_DATA_DIR=str(site)))
    remaining = sorted(path.name for path in root.iterdir() if path.name != ".lock")
    assert remaining == ["20000102T000000Z.tar", newest.name]


def test_environment_wins_over_the_env_file(site: Path, tmp_path: Path) -> None:
    env_file = tmp_path / "slidewright.env"
    env_file.write_text("SLIDEWRIGHT_DATABASE_URL=mysql://nowhere/db\n")
    env = _env(
        SLIDEWRIGHT_DATA_DIR=str(site),
        SLIDEWRIGHT_DATABASE_URL=f"sqlite:///{site / 'slidewright.db'}",
    )
    _backup(tmp_path / "backups", "--env-file", str(env_file), env=env)


@pytest.mark.parametrize("script", ["backup.sh", "restore.sh"])
def test_errors_are_one_line_without_passwords(script: str, tmp_path: Path) -> None:
    target = tmp_path / "somewhere.tar"
    if script == "restore.sh":
        target.write_bytes(b"")
    env = _env(
        SLIDEWRIGHT_DATA_DIR=str(tmp_path / "data"),
        SLIDEWRIGHT_DATABASE_URL="mysql://admin:hunter2@db/slides",
    )
    options = ["--yes", "--ignore-running"] if script == "restore.sh" else []
    result = _run(script, *options, str(target if script == "restore.sh" else tmp_path), env=env)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "unsupported SLIDEWRIGHT_DATABASE_URL" in lines[0], result.stderr
    assert "hunter2" not in result.stderr


def test_restore_asks_first_and_refuses_while_the_units_run(site: Path, tmp_path: Path) -> None:
    env = _env(SLIDEWRIGHT_DATA_DIR=str(site))
    archive = _backup(tmp_path / "backups", env=env)
    db_bytes = (site / "slidewright.db").read_bytes()

    unconfirmed = _run("restore.sh", str(archive), env=env)
    assert unconfirmed.returncode == 2 and "--yes" in unconfirmed.stderr

    # A systemd that reports the web unit active (a stub: no systemd runs the tests).
    stub = tmp_path / "bin"
    stub.mkdir()
    (stub / "systemctl").write_text(
        '#!/bin/sh\necho "slidewright-web.service loaded active running Slidewright"\n'
    )
    (stub / "systemctl").chmod(0o755)
    running = {**env, "PATH": f"{stub}{os.pathsep}{env['PATH']}"}
    refused = _run("restore.sh", "--yes", str(archive), env=running)
    assert refused.returncode == 2 and "stop Slidewright first" in refused.stderr
    assert "slidewright-web.service" in refused.stderr

    damaged = tmp_path / "damaged.tar"
    data = archive.read_bytes()
    damaged.write_bytes(data[: len(data) // 2])
    broken = _run("restore.sh", "--yes", str(damaged), env=env)
    assert broken.returncode == 2 and "cut short" in broken.stderr
    assert (site / "slidewright.db").read_bytes() == db_bytes

    # Into a scratch place while the live service runs: --ignore-running.
    scratch = tmp_path / "scratch"
    scratch_env = {**running, "SLIDEWRIGHT_DATA_DIR": str(scratch)}
    result = _run("restore.sh", "--yes", "--ignore-running", str(archive), env=scratch_env)
    assert result.returncode == 0, result.stderr
    _assert_site(scratch)
