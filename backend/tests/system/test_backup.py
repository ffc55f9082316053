"""`slidewright backup` / `slidewright restore`, for real.

A deployment is seeded through the API (templates, files, images, materials, projects), backed
up while a writer thread keeps creating objects, restored into an empty deployment elsewhere
(another data dir, database or bucket), and served again: every row the manifest counts is
there, every blob it lists comes back byte for byte, and every download answers the same bytes
as the original deployment.

Runs on SQLite + local files, SQLite + S3 (moto's server) and PostgreSQL + local files (a fresh
database with a random name, dropped afterwards; skipped when PostgreSQL does not answer on
127.0.0.1:5432 or pg_dump is not installed).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import socket
import tarfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select, text

from slidewright import migrate
from slidewright.backup import BackupError, Manifest, create_backup, restore_backup
from slidewright.cli import main
from slidewright.core.config import Settings
from slidewright.core.db import make_engine
from slidewright.db_models import Base
from slidewright.main import create_app
from slidewright.storage import build_blob_store
from tests.helpers import SignedIn, signup
from tests.images.pictures import picture
from tests.s3 import create_bucket, moto_server
from tests.templates.decks import simple_deck

pytestmark = pytest.mark.slow  # picks its own databases: run once, not in the PG pass again

SECRET = "backup-test-secret-key-long-enough-for-hs256"
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
PG_HOST, PG_PORT = "127.0.0.1", 5432


# ----------------------------------------------------------------------------- deployments


def _settings(data_dir: Path, database_url: str | None, storage_url: str | None) -> Settings:
    return Settings(
        data_dir=data_dir,
        database_url=database_url,
        storage_url=storage_url,
        secret_key=SECRET,
        frontend_dist=data_dir / "no-frontend",
        jobs_url="immediate",
        renderer="fake",
        ai_provider="offline",
        install_builtins=False,
        auto_migrate=False,
    )


def _postgres_answers() -> bool:
    try:
        with socket.create_connection((PG_HOST, PG_PORT), timeout=2):
            return True
    except OSError:
        return False


@pytest.fixture
def new_database(tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """Makes an empty database of a kind ("sqlite" or "postgresql") and returns its URL."""
    created: list[str] = []
    admin_url = f"postgresql://postgres@{PG_HOST}:{PG_PORT}/postgres"

    def make(kind: str) -> str:
        if kind == "sqlite":
            return f"sqlite:///{tmp_path / f'db-{uuid.uuid4().hex[:8]}.sqlite'}"
        if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
            pytest.skip("pg_dump / pg_restore are not installed")
        if not _postgres_answers():
            pytest.skip(f"PostgreSQL does not answer on {PG_HOST}:{PG_PORT}")
        name = f"sw_backup_{uuid.uuid4().hex[:12]}"
        engine = make_engine(admin_url).execution_options(isolation_level="AUTOCOMMIT")
        with engine.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        engine.dispose()
        created.append(name)
        # A password (percent-encoded) exercises the PGPASSWORD path; trust auth ignores it.
        return f"postgresql://postgres:p%40ss%3Aword@{PG_HOST}:{PG_PORT}/{name}"

    yield make
    if created:
        engine = make_engine(admin_url).execution_options(isolation_level="AUTOCOMMIT")
        with engine.connect() as connection:
            for name in created:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()


@pytest.fixture
def s3_endpoint(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    for name in ("AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_ENDPOINT_URL"):
        monkeypatch.delenv(name, raising=False)
    with moto_server() as endpoint:
        yield endpoint


def _storage_url(kind: str, data_dir: Path, request: pytest.FixtureRequest) -> str:
    if kind == "file":
        return (data_dir / "blobs").as_uri()
    endpoint = request.getfixturevalue("s3_endpoint")
    return f"s3://{create_bucket(endpoint)}/slides?endpoint={endpoint}&region=us-east-1"


# ------------------------------------------------------------------------------ seeding


@dataclass
class Seeded:
    alice: SignedIn
    bob: SignedIn
    # Every URL to compare between the original and the restored deployment, with whose
    # token to ask, and what the original answered.
    downloads: dict[str, tuple[SignedIn, bytes]] = field(default_factory=dict)


def _ok(response: Any, status: int = 201) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def _seed(client: TestClient, app: FastAPI) -> Seeded:
    alice = signup(client, "alice@example.com", name="Alice")
    bob = signup(client, "bob@example.com", name="Bob")
    seeded = Seeded(alice, bob)
    template = _ok(
        client.post(
            "/api/pptx-files",
            files={"file": ("模板.pptx", simple_deck(3), PPTX)},
            headers=alice.headers,
        )
    )
    uploaded = _ok(
        client.post(
            "/api/files/upload",
            files={"file": ("deck.pptx", simple_deck(2), "application/octet-stream")},
            headers=bob.headers,
        )
    )
    image = _ok(
        client.post(
            "/api/images",
            files={"image": ("photo.png", picture("PNG", (64, 48), "teal"), "image/png")},
            headers=alice.headers,
        )
    )
    material = _ok(
        client.post(
            "/api/materials",
            files={"file": ("notes.txt", "季度报告: growth 42%\n".encode(), "text/plain")},
            headers=alice.headers,
        )
    )
    project = _ok(
        client.post(
            "/api/projects",
            json={"title": "Quarterly", "numSlides": 3, "pptxFileId": template["_id"]},
            headers=alice.headers,
        )
    )
    project_material = _ok(
        client.post(
            f"/api/projects/{project['_id']}/materials",
            files={"file": ("brief.md", b"# Brief\n\nShip it.\n", "text/markdown")},
            headers=alice.headers,
        )
    )
    app.state.services.jobs.wait_idle()  # thumbnails rendered

    template_detail = _ok(
        client.get(f"/api/pptx-files/{template['_id']}", headers=alice.headers), 200
    )
    file_detail = _ok(client.get(f"/api/files/{uploaded['_id']}", headers=bob.headers), 200)
    assert template_detail["thumbnailSlides"] and file_detail["thumbnailPaths"]
    urls: list[tuple[str, SignedIn]] = [
        (f"/api/pptx-files/{template['_id']}/download", alice),
        (f"/api/pptx-files/{template['_id']}", alice),
        *[
            (f"/api/files/thumbnails/{template['_id']}/{n}.jpg", alice)
            for n in template_detail["thumbnailSlides"]
        ],
        (f"/api/files/{uploaded['_id']}", bob),
        *[(path, bob) for path in file_detail["thumbnailPaths"]],
        (f"/api/images/{image['_id']}/file", alice),
        (f"/api/materials/{material['_id']}", alice),
        (f"/api/projects/{project['_id']}", alice),
        (f"/api/projects/{project['_id']}/materials/{project_material['_id']}", alice),
    ]
    for url, who in urls:
        response = client.get(url, headers=who.headers)
        assert response.status_code == 200, (url, response.text)
        seeded.downloads[url] = (who, response.content)
    return seeded


class Writer(threading.Thread):
    """Keeps creating images and materials through the API until stopped."""

    def __init__(self, app: FastAPI, who: SignedIn) -> None:
        super().__init__(daemon=True)
        self.client = TestClient(app)  # no lifespan: the main client runs the app's
        self.who = who
        self.created: list[str] = []
        self.started_writing = threading.Event()
        self.stop = threading.Event()
        self.failure: BaseException | None = None

    def wait_after_dump(self, progress: str) -> None:
        if progress.startswith("blobs"):
            written = len(self.created)
            deadline = time.monotonic() + 60
            while len(self.created) < written + 2 and time.monotonic() < deadline:
                time.sleep(0.01)

    def run(self) -> None:
        try:
            number = 0
            while not self.stop.is_set():
                number += 1
                image = self.client.post(
                    "/api/images",
                    files={
                        "image": (f"w{number}.png", picture("PNG", (20 + number, 9)), "image/png")
                    },
                    headers=self.who.headers,
                )
                assert image.status_code == 201, image.text
                material = self.client.post(
                    "/api/materials",
                    files={"file": (f"w{number}.txt", f"writer {number}\n".encode(), "text/plain")},
                    headers=self.who.headers,
                )
                assert material.status_code == 201, material.text
                self.created += [image.json()["_id"], material.json()["_id"]]
                if number >= 2:
                    self.started_writing.set()
        except BaseException as exc:
            self.failure = exc
            self.started_writing.set()


# ------------------------------------------------------------------------------ checks


def _table_counts(database_url: str) -> dict[str, int]:
    engine = make_engine(database_url)
    with engine.connect() as connection:
        counts = {
            name: int(connection.execute(select(func.count()).select_from(table)).scalar_one())
            for name, table in Base.metadata.tables.items()
        }
    engine.dispose()
    return counts


def _assert_blobs_identical(manifest: Manifest, storage_url: str) -> None:
    store = build_blob_store(storage_url)
    assert manifest.blobs, "the backup holds no blob"
    for blob in manifest.blobs:
        data = store.get(blob.name)
        assert len(data) == blob.size, blob.name
        assert hashlib.sha256(data).hexdigest() == blob.sha256, blob.name
    assert set(store.list("")) == {blob.name for blob in manifest.blobs}


def _head() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(migrate.alembic_config("sqlite://")).get_current_head()
    assert head
    return head


def _revision(database_url: str) -> str:
    engine = make_engine(database_url)
    with engine.connect() as connection:
        revision = str(connection.execute(text("SELECT version_num FROM alembic_version")).scalar())
    engine.dispose()
    return revision


# ------------------------------------------------------------------------------- tests

DEPLOYMENTS = [
    pytest.param("sqlite", "file", id="sqlite-file"),
    pytest.param("sqlite", "s3", id="sqlite-s3"),
    pytest.param("postgresql", "file", id="postgresql-file"),
]


@pytest.mark.parametrize(("database_kind", "storage_kind"), DEPLOYMENTS)
def test_backup_under_writes_restores_elsewhere_byte_for_byte(
    database_kind: str,
    storage_kind: str,
    new_database: Callable[[str], str],
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    source_dir, target_dir = tmp_path / "source", tmp_path / "target"
    source = _settings(
        source_dir, new_database(database_kind), _storage_url(storage_kind, source_dir, request)
    )
    target = _settings(
        target_dir, new_database(database_kind), _storage_url(storage_kind, target_dir, request)
    )
    migrate.upgrade(source.resolved_database_url)
    # The generated key file (unused here: the settings carry a key) travels with the backup.
    source.resolved_data_dir.joinpath("secret_key").write_text("k" * 64)
    # Larger than one 5 MiB part: streamed in parts both ways (S3 multipart on the way back).
    big = os.urandom(6 * 1024 * 1024 + 123)
    build_blob_store(source.resolved_storage_url).put("files/u0/big/original.bin", big)
    archive = tmp_path / "backups" / "slidewright.tar"

    source_app = create_app(source)
    with TestClient(source_app) as client:
        seeded = _seed(client, source_app)
        writer = Writer(source_app, seeded.bob)
        writer.start()
        assert writer.started_writing.wait(120)
        try:
            # Between the dump and the copy of the blobs, the writer adds objects: their blobs
            # are in the archive, their rows are not (harmless orphans).
            manifest = create_backup(source, archive, say=writer.wait_after_dump)
        finally:
            writer.stop.set()
            writer.join(120)
        assert writer.failure is None, writer.failure
        assert writer.created, "the writer created nothing"
        source_app.state.services.jobs.wait_idle()
        # The writer's objects as the original serves them (they never change afterwards).
        writer_downloads = {
            object_id: client.get(f"/api/images/{object_id}/file", headers=seeded.bob.headers)
            for object_id in writer.created
        }
    source_app.state.engine.dispose()

    assert manifest.database_kind == database_kind and manifest.storage_kind == storage_kind
    assert manifest.alembic_revision == _head()
    assert [entry.name for entry in manifest.data_files] == ["secret_key"]
    assert "files/u0/big/original.bin" in {blob.name for blob in manifest.blobs}

    restore_backup(target, archive)

    # Every row the manifest counted (in the dump's own snapshot) and every blob it listed.
    assert _table_counts(target.resolved_database_url) == {
        name: manifest.table_counts.get(name, 0) for name in Base.metadata.tables
    }
    _assert_blobs_identical(manifest, target.resolved_storage_url)
    assert (target_dir / "secret_key").read_text() == "k" * 64
    assert build_blob_store(target.resolved_storage_url).get("files/u0/big/original.bin") == big

    restored_app = create_app(target)
    with TestClient(restored_app) as client:
        for url, (who, original) in seeded.downloads.items():
            response = client.get(url, headers=who.headers)
            assert response.status_code == 200, (url, response.text)
            assert response.content == original, url
        # The writer's images that made it into the dump: each has its file (rows were dumped
        # before the blobs were copied, so none points at a missing blob).
        images = client.get("/api/images", headers=seeded.bob.headers).json()
        restored_ids = {image["_id"] for image in images}
        assert restored_ids, "none of the writer's images is in the backup"
        materials = client.get("/api/materials", headers=seeded.bob.headers).json()
        restored_rows = restored_ids | {material["_id"] for material in materials}
        # Objects written after the dump: blobs in the archive without a row, as designed.
        orphans = [
            object_id
            for object_id in writer.created
            if object_id not in restored_rows
            and any(f"/{object_id}/" in blob.name for blob in manifest.blobs)
        ]
        assert orphans, "no object was written between the dump and the blob copy"
        for object_id in restored_ids:
            response = client.get(f"/api/images/{object_id}/file", headers=seeded.bob.headers)
            assert response.status_code == 200, response.text
            assert response.content == writer_downloads[object_id].content
    restored_app.state.engine.dispose()


def test_an_older_backup_is_migrated_and_a_newer_one_refused(
    new_database: Callable[[str], str], tmp_path: Path
) -> None:
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(migrate.alembic_config("sqlite://"))
    previous = scripts.get_revision(_head()).down_revision
    assert isinstance(previous, str)
    source = _settings(tmp_path / "source", new_database("sqlite"), None)
    migrate.upgrade(source.resolved_database_url, previous)
    archive = tmp_path / "old.tar"
    manifest = create_backup(source, archive)
    assert manifest.alembic_revision == previous

    target = _settings(tmp_path / "target", new_database("sqlite"), None)
    restore_backup(target, archive)
    assert _revision(target.resolved_database_url) == _head()

    newer = tmp_path / "newer.tar"
    _rewrite_manifest(archive, newer, alembicRevision="ffffffffffff", appVersion="99.0")
    elsewhere = _settings(tmp_path / "elsewhere", new_database("sqlite"), None)
    with pytest.raises(BackupError) as refused:
        restore_backup(elsewhere, newer)
    assert refused.value.code == "newer_schema" and "99.0" in str(refused.value)


def test_a_missing_or_old_pg_dump_is_a_clear_error(
    new_database: Callable[[str], str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = _settings(tmp_path / "site", new_database("postgresql"), None)
    migrate.upgrade(settings.resolved_database_url)
    archive = tmp_path / "never.tar"
    stub = tmp_path / "bin"
    stub.mkdir()
    monkeypatch.setenv("PATH", str(stub))
    with pytest.raises(BackupError) as missing:
        create_backup(settings, archive)
    assert missing.value.code == "tool_missing"
    assert "pg_dump is not installed" in str(missing.value)

    (stub / "pg_dump").write_text("#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n")
    (stub / "pg_dump").chmod(0o755)
    with pytest.raises(BackupError) as old:
        create_backup(settings, archive)
    assert old.value.code == "tool_missing"
    assert "pg_dump 9 cannot dump a PostgreSQL" in str(old.value)
    assert "install postgresql-client-" in str(old.value)
    assert list(tmp_path.glob("*.tar")) == [] and list(tmp_path.glob(".*partial")) == []

    # A SQLite backup cannot go into PostgreSQL.
    lite = _settings(tmp_path / "lite", new_database("sqlite"), None)
    migrate.upgrade(lite.resolved_database_url)
    create_backup(lite, tmp_path / "lite.tar")
    with pytest.raises(BackupError) as mismatch:
        restore_backup(settings, tmp_path / "lite.tar")
    assert mismatch.value.code == "kind_mismatch"


def _rewrite_manifest(source: Path, dest: Path, **changes: Any) -> None:
    with tarfile.open(source) as old, tarfile.open(dest, "w", format=tarfile.PAX_FORMAT) as new:
        for member in old.getmembers():
            data = old.extractfile(member).read()  # type: ignore[union-attr]
            if member.name == "manifest.json":
                data = json.dumps(json.loads(data) | changes).encode()
                member.size = len(data)
            new.addfile(member, io.BytesIO(data))


# ------------------------------------------------------------------ the command, its errors


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], Path]:
    """Points the CLI's settings (the environment) at a data dir of its own."""
    for name in ("SLIDEWRIGHT_DATABASE_URL", "SLIDEWRIGHT_STORAGE_URL", "SLIDEWRIGHT_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)

    def use(name: str) -> Path:
        data_dir = tmp_path / name
        monkeypatch.setenv("SLIDEWRIGHT_DATA_DIR", str(data_dir))
        return data_dir

    return use


def _one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


KEPT_EXPORT = f"previews/u1/p1/export/{'a' * 64}.pptx"


@pytest.fixture
def archive(site: Callable[[str], Path], tmp_path: Path) -> Path:
    """A backup of a small SQLite + files deployment, made with the command."""
    data_dir = site("source")
    data_dir.mkdir()
    migrate.upgrade(f"sqlite:///{data_dir / 'slidewright.db'}")
    store = build_blob_store((data_dir / "blobs").as_uri())
    store.put("images/u1/i1/original.png", picture())
    store.put("templates/u1/t1/original.pptx", simple_deck(1))
    store.put(KEPT_EXPORT, simple_deck(1))  # rebuilt on demand: not backed up
    (data_dir / "secret_key").write_text("k" * 64)
    path = tmp_path / "site.tar"
    assert main(["backup", str(path)]) == 0
    assert path.stat().st_mode & 0o777 == 0o600
    return path


def test_the_command_restores_into_an_empty_site_and_refuses_a_full_one(
    archive: Path, site: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    target = site("target")
    assert main(["restore", str(archive)]) == 0
    assert (
        build_blob_store((target / "blobs").as_uri()).get("images/u1/i1/original.png") == picture()
    )
    assert (target / "secret_key").read_text() == "k" * 64
    assert "restored the backup" in capsys.readouterr().out
    restored = set(build_blob_store((target / "blobs").as_uri()).list(""))
    assert "templates/u1/t1/original.pptx" in restored and KEPT_EXPORT not in restored

    blobs = build_blob_store((target / "blobs").as_uri())
    blobs.put("images/u9/new/original.png", b"later")
    blobs.put("another-app/report.txt", b"not ours")  # a shared bucket's other tenant
    line = _one_line_error(capsys, ["restore", str(archive)])
    assert "not empty" in line and "--force" in line
    assert main(["restore", "--force", str(archive)]) == 0
    # --force replaces: the app's blobs the backup did not have are gone, nobody else's.
    assert not blobs.exists("images/u9/new/original.png")
    assert blobs.get("another-app/report.txt") == b"not ours"

    line = _one_line_error(capsys, ["backup", str(archive)])
    assert "already exists" in line


def test_damaged_archives_are_refused_in_one_line_and_change_nothing(
    archive: Path, site: Callable[[str], Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = site("target")
    data = archive.read_bytes()

    truncated = tmp_path / "truncated.tar"
    truncated.write_bytes(data[: len(data) // 2])
    assert "cut short" in _one_line_error(capsys, ["restore", str(truncated)])

    junk = tmp_path / "junk.tar"
    junk.write_bytes(b"this is not an archive\n" * 100)
    assert "not a Slidewright backup" in _one_line_error(capsys, ["restore", str(junk)])

    foreign = tmp_path / "foreign.tar"
    with tarfile.open(foreign, "w") as tar:
        tar.add(__file__, arcname="notes.py")
    assert "not a Slidewright backup" in _one_line_error(capsys, ["restore", str(foreign)])

    # One byte of a blob changed: caught by its sha256 before anything is written.
    offset = data.index(picture()) + 40
    tampered = tmp_path / "tampered.tar"
    tampered.write_bytes(data[:offset] + bytes([data[offset] ^ 0xFF]) + data[offset + 1 :])
    line = _one_line_error(capsys, ["restore", str(tampered)])
    assert "does not match its sha256" in line

    missing = _one_line_error(capsys, ["restore", str(tmp_path / "nowhere.tar")])
    assert "no backup file" in missing
    assert not (target / "slidewright.db").exists()
    assert not any((target / "blobs").rglob("*"))


def test_memory_storage_and_unknown_databases_are_refused(
    site: Callable[[str], Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    site("memory")
    monkeypatch.setenv("SLIDEWRIGHT_STORAGE_URL", "memory://")
    assert "memory://" in _one_line_error(capsys, ["backup", str(tmp_path / "a.tar")])
    monkeypatch.delenv("SLIDEWRIGHT_STORAGE_URL")
    monkeypatch.setenv("SLIDEWRIGHT_DATABASE_URL", "mysql://admin:hunter2@db/slides")
    line = _one_line_error(capsys, ["backup", str(tmp_path / "b.tar")])
    assert "unsupported SLIDEWRIGHT_DATABASE_URL" in line and "hunter2" not in line
    assert not (tmp_path / "a.tar").exists() and not (tmp_path / "b.tar").exists()
