"""deploy/backup.sh and deploy/restore.sh, run for real: a database and its blobs are backed up,
wiped (or changed), restored, and must come back byte for byte.

- SQLite + file storage: always (with each SQLite tool present: python3's backup API and the
  sqlite3 shell), including rows that are still only in the live database's -wal file.
- PostgreSQL + file storage: when pg_dump/pg_restore/psql/createdb are installed and PostgreSQL
  answers on 127.0.0.1:5432 (trust auth, user postgres); a throwaway database is created and
  dropped.
- S3 storage: when the aws CLI is installed, against moto's S3 server.
"""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from slidewright import migrate
from slidewright.core.db import make_engine, make_session_factory
from slidewright.storage import LocalBlobStore, S3BlobStore
from slidewright.storage.blobstore import BlobStore
from slidewright.users import service as users
from tests.s3 import moto_server

DEPLOY = Path(__file__).resolve().parents[3] / "deploy"
PG_HOST, PG_PORT = "127.0.0.1", 5432

pytestmark = [
    # "slow": run once, not again in `make test`'s PostgreSQL pass (these pick their own
    # databases).
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("bash") is None or shutil.which("sqlite3") is None,
        reason="the backup scripts need bash, and these tests sqlite3",
    ),
]

# Binary and text blobs, nested keys, an empty one and one large enough for several tar blocks.
BLOBS = {
    "templates/u1/t1/original.pptx": os.urandom(70_000),
    "templates/u1/t1/thumbs/1.jpg": b"\xff\xd8\xff\xe0 jpeg \x00\x01",
    "images/u2/i9/original.png": bytes(range(256)) * 40,
    "materials/u2/m1/text.txt": "Quarterly report: 人工智能 growth\n".encode(),
    "files/u1/f1/empty.bin": b"",
    "projects/u1/p1/export.pptx": os.urandom(1_200_000),
}
PROBE_ROWS = [(i, f"row {i} 中文", os.urandom(300 + i)) for i in range(25)]


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
    backup = Path(result.stdout.strip().splitlines()[-1])
    assert backup.parent == root and backup.is_dir()
    assert not list(root.glob("*.partial"))
    return backup


def _restore(backup: Path, *args: str, env: dict[str, str]) -> None:
    result = _run("restore.sh", "--yes", *args, str(backup), env=env)
    assert result.returncode == 0, result.stderr


def _seed_users(database_url: str) -> list[str]:
    migrate.upgrade(database_url)
    engine = make_engine(database_url)
    with make_session_factory(engine)() as session:
        for name in ("Ada", "Grace", "Lin"):
            users.create_user(
                session, name=name, email=f"{name.lower()}@example.com", password="secret12"
            )
        session.commit()
    engine.dispose()
    return ["ada@example.com", "grace@example.com", "lin@example.com"]


def _put_blobs(store: BlobStore) -> None:
    for key, data in BLOBS.items():
        store.put(key, data)


def _assert_blobs(store: BlobStore) -> None:
    assert store.list("") == sorted(BLOBS)
    for key, data in BLOBS.items():
        assert store.get(key) == data, key


def _sqlite_rows(path: Path) -> tuple[list[str], list[tuple[int, str, bytes]], str]:
    with sqlite3.connect(path) as connection:
        emails = [row[0] for row in connection.execute("SELECT email FROM users ORDER BY email")]
        probe = connection.execute("SELECT id, label, data FROM probe ORDER BY id").fetchall()
        (revision,) = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    connection.close()
    return emails, probe, revision


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


@pytest.fixture
def sqlite_site(tmp_path: Path) -> Path:
    """A data dir as the app leaves it: migrated SQLite with rows, blobs, the secret key."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    _seed_users(f"sqlite:///{data_dir / 'slidewright.db'}")
    _put_blobs(LocalBlobStore(data_dir / "blobs"))
    (data_dir / "secret_key").write_text("k" * 64)
    (data_dir / "license-public.pem").write_text("-----BEGIN PUBLIC KEY-----\nxyz\n")
    return data_dir


SQLITE_TOOLS = [
    pytest.param(
        tool,
        marks=pytest.mark.skipif(shutil.which(tool) is None, reason=f"{tool} is not installed"),
    )
    for tool in ("python3", "sqlite3")
]


@pytest.mark.parametrize("tool", SQLITE_TOOLS)
def test_sqlite_and_files_come_back_byte_for_byte(
    tool: str, sqlite_site: Path, tmp_path: Path
) -> None:
    db = sqlite_site / "slidewright.db"
    # A live database in WAL mode whose latest rows are only in the -wal file: a plain copy of
    # slidewright.db would lose them, the backup API must not.
    live = sqlite3.connect(db)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("PRAGMA wal_autocheckpoint=0")
    live.execute("CREATE TABLE probe (id INTEGER PRIMARY KEY, label TEXT, data BLOB)")
    live.executemany("INSERT INTO probe VALUES (?, ?, ?)", PROBE_ROWS)
    live.commit()
    assert (sqlite_site / "slidewright.db-wal").stat().st_size > 0
    env_file = _write_env_file(tmp_path / "slidewright.env", sqlite_site)
    env = _env(SLIDEWRIGHT_BACKUP_SQLITE_TOOL=tool)
    try:
        backup = _backup(tmp_path / "backups", "--env-file", str(env_file), env=env)
    finally:
        live.close()
    before = _sqlite_rows(db)
    manifest = (backup / "manifest").read_text()
    assert "database=sqlite" in manifest and "storage=file" in manifest
    assert f"schema_revision={before[2]}" in manifest

    shutil.rmtree(sqlite_site)
    _restore(backup, "--env-file", str(env_file), env=env)

    assert _sqlite_rows(db) == before
    assert before[0] == ["ada@example.com", "grace@example.com", "lin@example.com"]
    assert before[1] == PROBE_ROWS
    _assert_blobs(LocalBlobStore(sqlite_site / "blobs"))
    assert (sqlite_site / "secret_key").read_text() == "k" * 64
    assert (sqlite_site / "license-public.pem").read_text().startswith("-----BEGIN")
    # The restored app database opens and is at the schema the migrations expect.
    migrate.upgrade(f"sqlite:///{db}")


def _emails(path: Path) -> list[str]:
    with sqlite3.connect(path) as connection:
        emails = [row[0] for row in connection.execute("SELECT email FROM users ORDER BY email")]
    connection.close()
    return emails


def test_restore_replaces_changes_made_after_the_backup(sqlite_site: Path, tmp_path: Path) -> None:
    env = _env(SLIDEWRIGHT_DATA_DIR=str(sqlite_site))
    backup = _backup(tmp_path / "backups", env=env)
    db = sqlite_site / "slidewright.db"
    with sqlite3.connect(db) as connection:
        connection.execute("DELETE FROM users WHERE email = 'lin@example.com'")
    connection.close()
    store = LocalBlobStore(sqlite_site / "blobs")
    store.delete("templates/u1/t1/original.pptx")
    store.put("images/u2/i9/original.png", b"changed")
    store.put("images/u9/new/original.png", b"made after the backup")

    _restore(backup, env=env)

    assert _emails(db) == ["ada@example.com", "grace@example.com", "lin@example.com"]
    _assert_blobs(store)


def test_keep_removes_the_oldest_backups(sqlite_site: Path, tmp_path: Path) -> None:
    root = tmp_path / "backups"
    for older in ("20000101T000000Z", "20000102T000000Z", "20000103T000000Z.partial"):
        (root / older).mkdir(parents=True)  # earlier runs' folders, and a killed run's
    newest = _backup(root, "--keep", "2", env=_env(SLIDEWRIGHT_DATA_DIR=str(sqlite_site)))
    remaining = sorted(path.name for path in root.iterdir() if path.is_dir())
    assert remaining == ["20000102T000000Z", newest.name]


@pytest.mark.parametrize(
    ("setting", "value", "message"),
    [
        (
            "SLIDEWRIGHT_DATABASE_URL",
            "mysql://admin:hunter2@db/slides",
            "unsupported SLIDEWRIGHT_DATABASE_URL (scheme 'mysql')",
        ),
        ("SLIDEWRIGHT_DATABASE_URL", "sqlite://", "unsupported SLIDEWRIGHT_DATABASE_URL"),
        ("SLIDEWRIGHT_STORAGE_URL", "memory://", "memory://"),
        ("SLIDEWRIGHT_STORAGE_URL", "gs://bucket/x", "unsupported SLIDEWRIGHT_STORAGE_URL"),
        ("SLIDEWRIGHT_STORAGE_URL", "file://host/x", "file:///absolute/path"),
        ("SLIDEWRIGHT_STORAGE_URL", "s3://b/p?secret=x", "unknown S3 option 'secret'"),
    ],
)
@pytest.mark.parametrize("script", ["backup.sh", "restore.sh"])
def test_unsupported_urls_are_refused_in_one_line(
    script: str, setting: str, value: str, message: str, tmp_path: Path
) -> None:
    env = _env(SLIDEWRIGHT_DATA_DIR=str(tmp_path / "data"), **{setting: value})
    options = ["--yes"] if script == "restore.sh" else []
    result = _run(script, *options, str(tmp_path / "somewhere"), env=env)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert "hunter2" not in result.stderr
    assert not (tmp_path / "somewhere").exists()


def test_environment_wins_over_the_env_file(sqlite_site: Path, tmp_path: Path) -> None:
    env_file = tmp_path / "slidewright.env"
    env_file.write_text("SLIDEWRIGHT_DATABASE_URL=mysql://nowhere/db\n")
    env = _env(
        SLIDEWRIGHT_DATA_DIR=str(sqlite_site),
        SLIDEWRIGHT_DATABASE_URL=f"sqlite:///{sqlite_site / 'slidewright.db'}",
    )
    _backup(tmp_path / "backups", "--env-file", str(env_file), env=env)


def test_restore_refuses_without_yes_a_damaged_backup_or_another_kind(
    sqlite_site: Path, tmp_path: Path
) -> None:
    env = _env(SLIDEWRIGHT_DATA_DIR=str(sqlite_site))
    backup = _backup(tmp_path / "backups", env=env)
    db_bytes = (sqlite_site / "slidewright.db").read_bytes()

    unconfirmed = _run("restore.sh", str(backup), env=env)
    assert unconfirmed.returncode == 2 and "--yes" in unconfirmed.stderr

    other = _run(
        "restore.sh",
        "--yes",
        str(backup),
        env={**env, "SLIDEWRIGHT_DATABASE_URL": "postgresql://postgres@127.0.0.1:1/none"},
    )
    assert other.returncode == 2 and "holds a sqlite database" in other.stderr

    # A systemd that reports the web unit active (a stub: no systemd runs the tests).
    stub = tmp_path / "bin"
    stub.mkdir()
    (stub / "systemctl").write_text(
        '#!/bin/sh\necho "slidewright-web.service loaded active running Slidewright"\n'
    )
    (stub / "systemctl").chmod(0o755)
    running = {**env, "PATH": f"{stub}{os.pathsep}{env['PATH']}"}
    refused = _run("restore.sh", "--yes", str(backup), env=running)
    assert refused.returncode == 2 and "stop Slidewright first" in refused.stderr
    assert "slidewright-web.service" in refused.stderr

    if shutil.which("fuser"):
        with sqlite3.connect(sqlite_site / "slidewright.db") as still_open:
            still_open.execute("SELECT 1")
            busy = _run("restore.sh", "--yes", str(backup), env=env)
        still_open.close()
        assert busy.returncode == 2 and "open in another process" in busy.stderr

    tar = backup / "storage.tar"
    damaged = bytearray(tar.read_bytes())
    damaged[600] ^= 0xFF
    tar.write_bytes(bytes(damaged))
    broken = _run("restore.sh", "--yes", str(backup), env=env)
    assert broken.returncode == 2 and "damaged" in broken.stderr

    assert (sqlite_site / "slidewright.db").read_bytes() == db_bytes

    # Into a scratch place while the live service runs: --ignore-running.
    scratch = tmp_path / "scratch"
    scratch_env = {**running, "SLIDEWRIGHT_DATA_DIR": str(scratch)}
    fresh = _backup(tmp_path / "fresh", env=env)
    _restore(fresh, "--ignore-running", env=scratch_env)
    assert _emails(scratch / "slidewright.db") == _emails(sqlite_site / "slidewright.db")
    _assert_blobs(LocalBlobStore(scratch / "blobs"))


# ------------------------------------------------------------------------------- PostgreSQL


def _postgres_answers() -> bool:
    try:
        with socket.create_connection((PG_HOST, PG_PORT), timeout=2):
            return True
    except OSError:
        return False


PG_TOOLS = ("pg_dump", "pg_restore", "psql", "createdb", "dropdb")


@pytest.fixture
def postgres_database() -> Iterator[str]:
    missing = [tool for tool in PG_TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"not installed: {', '.join(missing)}")
    if not _postgres_answers():
        pytest.skip(f"PostgreSQL does not answer on {PG_HOST}:{PG_PORT}")
    name = f"slidewright_backup_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = ["-h", PG_HOST, "-p", str(PG_PORT), "-U", "postgres"]
    created = subprocess.run(
        ["createdb", *admin, name], capture_output=True, text=True, check=False, env=_env()
    )
    if created.returncode != 0:
        pytest.skip(f"cannot create a database as postgres: {created.stderr.strip()}")
    try:
        yield name
    finally:
        subprocess.run(
            ["dropdb", *admin, "--if-exists", "--force", name],
            capture_output=True,
            check=False,
            env=_env(),
        )


def _psql(name: str, sql: str) -> str:
    result = subprocess.run(
        ["psql", "-XAtq", "-v", "ON_ERROR_STOP=1", "-h", PG_HOST, "-U", "postgres", "-d", name],
        input=sql,
        capture_output=True,
        text=True,
        check=True,
        env=_env(),
    )
    return result.stdout


def _postgres_state(name: str) -> str:
    return _psql(
        name,
        "SELECT string_agg(email, ',' ORDER BY email) FROM users;"
        "SELECT string_agg(id || ':' || label || ':' || md5(data), ',' ORDER BY id) FROM probe;"
        "SELECT version_num FROM alembic_version;",
    )


def test_postgresql_and_files_come_back(postgres_database: str, tmp_path: Path) -> None:
    name = postgres_database
    # A password in the URL (percent-encoded) exercises the PGPASSWORD path; trust auth
    # ignores it.
    url = f"postgresql://postgres:p%40ss%3Aword@{PG_HOST}:{PG_PORT}/{name}"
    emails = _seed_users(url)
    _psql(name, "CREATE TABLE probe (id integer PRIMARY KEY, label text, data bytea)")
    for row_id, label, data in PROBE_ROWS:
        _psql(name, f"INSERT INTO probe VALUES ({row_id}, '{label}', '\\x{data.hex()}')")
    data_dir = tmp_path / "data"
    _put_blobs(LocalBlobStore(data_dir / "blobs"))
    before = _postgres_state(name)
    assert before.splitlines()[0] == ",".join(emails)
    env = _env(SLIDEWRIGHT_DATA_DIR=str(data_dir), SLIDEWRIGHT_DATABASE_URL=url)

    backup = _backup(tmp_path / "backups", env=env)
    assert (backup / "database.pgdump").read_bytes().startswith(b"PGDMP")
    assert "database=postgresql" in (backup / "manifest").read_text()

    # Over a changed database: --clean puts every row back as it was.
    _psql(name, "DELETE FROM users WHERE email = 'lin@example.com'; DELETE FROM probe;")
    _psql(name, "INSERT INTO probe VALUES (999, 'after the backup', '\\x00')")
    shutil.rmtree(data_dir)
    _restore(backup, env=env)
    assert _postgres_state(name) == before
    _assert_blobs(LocalBlobStore(data_dir / "blobs"))

    # Into an empty database (dropped and created again).
    admin = ["-h", PG_HOST, "-U", "postgres"]
    subprocess.run(["dropdb", *admin, "--force", name], check=True, env=_env())
    subprocess.run(["createdb", *admin, name], check=True, env=_env())
    _restore(backup, "--no-storage", env=env)
    assert _postgres_state(name) == before


# ----------------------------------------------------------------------------------------- S3

S3_KEYS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}


@pytest.fixture
def moto_endpoint() -> Iterator[str]:
    if shutil.which("aws") is None:
        pytest.skip("the aws CLI is not installed")
    with moto_server() as endpoint:
        yield endpoint


def test_s3_storage_comes_back_with_the_aws_cli(
    moto_endpoint: str, sqlite_site: Path, tmp_path: Path
) -> None:
    import boto3

    bucket = f"sw-{uuid.uuid4().hex[:12]}"
    client = boto3.client("s3", endpoint_url=moto_endpoint, region_name="us-east-1", **_boto_keys())
    client.create_bucket(Bucket=bucket)
    client.put_object(Bucket=bucket, Key="elsewhere/keep.txt", Body=b"not ours")
    store = S3BlobStore(
        bucket,
        prefix="slides/prod",
        endpoint=moto_endpoint,
        region="us-east-1",
        access_key_id="testing",
        secret_access_key="testing",
    )
    _put_blobs(store)
    storage_url = f"s3://{bucket}/slides/prod?endpoint={moto_endpoint}&region=us-east-1"
    env_file = tmp_path / "slidewright.env"
    env_file.write_text(
        f"SLIDEWRIGHT_DATA_DIR={sqlite_site}\nSLIDEWRIGHT_STORAGE_URL={storage_url}\n"
        + "".join(f"{key}={value}\n" for key, value in S3_KEYS.items())
    )
    env = _env(AWS_EC2_METADATA_DISABLED="true", SLIDEWRIGHT_BACKUP_S3_TOOL="aws")

    backup = _backup(tmp_path / "backups", "--env-file", str(env_file), env=env)
    assert sorted(
        str(p.relative_to(backup / "storage"))
        for p in (backup / "storage").rglob("*")
        if p.is_file()
    ) == sorted(BLOBS)

    store.delete("templates/u1/t1/original.pptx")
    same_size = bytes(len(BLOBS["images/u2/i9/original.png"]))
    store.put("images/u2/i9/original.png", same_size)  # replaced with the same size
    store.put("images/u9/new/original.png", b"made after the backup")
    _restore(backup, "--env-file", str(env_file), env=env)

    _assert_blobs(store)
    assert client.get_object(Bucket=bucket, Key="elsewhere/keep.txt")["Body"].read() == b"not ours"


def _boto_keys() -> dict[str, str]:
    return {"aws_access_key_id": "testing", "aws_secret_access_key": "testing"}
