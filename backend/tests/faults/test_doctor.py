"""`slidewright doctor` on local disk and on S3 (moto's server): what it reports, what `--fix`
repairs, and what it never touches (recent blobs, keys of no Slidewright kind)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright import cli, migrate
from slidewright.core.config import Settings
from slidewright.storage import LocalBlobStore, ObstoreBlobStore
from slidewright.system import doctor
from tests.fault_server import PPTX_MIME, deck, noise_png
from tests.helpers import SignedIn, signup
from tests.s3 import create_bucket, moto_server

LATER = datetime.now(UTC) + timedelta(hours=2)  # "now" for the doctor: every blob is old


@pytest.fixture(scope="module")
def moto_endpoint() -> Iterator[str]:
    with moto_server() as endpoint:
        yield endpoint


@pytest.fixture(params=["local", "s3"])
def settings(
    request: pytest.FixtureRequest,
    settings: Settings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Settings:
    if request.param == "local":
        url = (tmp_path / "blobs").as_uri()
    else:
        endpoint = request.getfixturevalue("moto_endpoint")
        monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
        monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
        url = f"s3://{create_bucket(endpoint)}/sw?endpoint={endpoint}&region=us-east-1"
    return settings.model_copy(update={"storage_url": url})


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def blobs(app: FastAPI) -> ObstoreBlobStore:
    store = app.state.services.blobs
    assert isinstance(store, ObstoreBlobStore)
    return store


def _examine(app: FastAPI, blobs: ObstoreBlobStore, **kwargs: object) -> doctor.Findings:
    return doctor.examine(app.state.session_factory, blobs, **kwargs)  # type: ignore[arg-type]


def _library(app: FastAPI, client: TestClient, alice: SignedIn) -> dict[str, dict]:
    """One of each: a template (with rendered thumbnails), a library file, an image, a
    material with its original file."""
    template = client.post(
        "/api/pptx-files",
        files={"file": ("deck.pptx", deck(2), PPTX_MIME)},
        headers=alice.headers,
    )
    library = client.post(
        "/api/files/upload",
        files={"file": ("library.pptx", deck(2), PPTX_MIME)},
        headers=alice.headers,
    )
    image = client.post(
        "/api/images",
        files={"image": ("noise.png", noise_png(40, 30, seed=3), "image/png")},
        headers=alice.headers,
    )
    material = client.post(
        "/api/materials",
        files={"file": ("notes.txt", b"Revenue grew in every region.", "text/plain")},
        headers=alice.headers,
    )
    for response in (template, library, image, material):
        assert response.status_code == 201, response.text
    app.state.services.jobs.wait_idle()  # the thumbnails
    found = client.get(f"/api/pptx-files/{template.json()['_id']}", headers=alice.headers)
    assert found.json()["thumbnailSlides"] == [1, 2]
    return {
        "template": found.json(),
        "file": library.json(),
        "image": image.json(),
        "material": material.json(),
    }


def test_a_consistent_store_has_no_findings(
    app: FastAPI, client: TestClient, alice: SignedIn, blobs: ObstoreBlobStore
) -> None:
    _library(app, client, alice)
    findings = _examine(app, blobs, grace=timedelta(0), now=LATER)
    assert findings.stored >= 6  # template + 2 thumbnails, file + 2 thumbnails, image, material
    assert (findings.stray, findings.missing, findings.unknown) == ([], [], [])
    assert not findings.needs_attention


def test_unreferenced_blobs_are_deleted_only_past_the_grace_period(
    app: FastAPI, client: TestClient, alice: SignedIn, blobs: ObstoreBlobStore
) -> None:
    library = _library(app, client, alice)
    owner = alice.user["_id"]
    orphan = f"templates/{owner}/01JORPHAN000000000000000000/source.pptx"
    stale_thumb = f"templates/{owner}/{library['template']['_id']}/thumb-9.jpg"
    foreign = "backups/2026-11-26/dump.sql"  # another application's object: never ours to delete
    for key in (orphan, stale_thumb, foreign):
        blobs.put(key, b"bytes")

    recent = _examine(app, blobs)  # default grace: one hour
    assert {e.key for e in recent.recent_stray} == {orphan, stale_thumb}
    assert recent.stray == [] and not recent.needs_attention
    assert doctor.repair(app.state.session_factory, blobs, recent).deleted_blobs == 0
    assert blobs.exists(orphan)

    old = _examine(app, blobs, now=LATER)
    assert {e.key for e in old.stray} == {orphan, stale_thumb}
    assert old.unknown == [foreign]
    repairs = doctor.repair(app.state.session_factory, blobs, old)
    assert repairs.deleted_blobs == 2
    assert not blobs.exists(orphan) and not blobs.exists(stale_thumb)
    assert blobs.exists(foreign)
    # Everything the database references is still there and downloads.
    template_id = library["template"]["_id"]
    download = client.get(f"/api/pptx-files/{template_id}/download", headers=alice.headers)
    assert download.status_code == 200 and download.content.startswith(b"PK")
    after = _examine(app, blobs, now=LATER)
    assert (after.stray, after.missing) == ([], [])


def test_rows_pointing_at_missing_blobs_are_repaired_without_silent_loss(
    app: FastAPI, client: TestClient, alice: SignedIn, blobs: ObstoreBlobStore
) -> None:
    library = _library(app, client, alice)
    owner = alice.user["_id"]
    template_id = library["template"]["_id"]
    image_id = library["image"]["_id"]
    thumb = f"templates/{owner}/{template_id}/thumb-2.jpg"
    image_key = next(k for k in blobs.list(f"images/{owner}/{image_id}"))
    material_key = blobs.list(f"materials/{owner}")[0]
    library_source = next(k for k in blobs.list("files") if "/original." in k)
    for key in (thumb, image_key, material_key, library_source):
        blobs.delete(key)

    findings = _examine(app, blobs, grace=timedelta(0))
    remedies = {(m.role, m.remedy) for m in findings.missing}
    assert remedies == {
        ("thumbnail", doctor.FORGET),
        ("image", doctor.RESTORE),
        ("original", doctor.DROP_ORIGINAL),
        ("source", doctor.RESTORE),
    }
    report = "\n".join(doctor.describe(findings, None, timedelta(0)))
    assert "rows pointing at a missing blob: 4" in report and "library.pptx" in report

    repairs = doctor.repair(app.state.session_factory, blobs, findings)
    assert len(repairs.fixed_rows) == 2
    assert sorted(m.role for m in repairs.left_for_the_operator) == ["image", "source"]
    template = client.get(f"/api/pptx-files/{template_id}", headers=alice.headers).json()
    assert template["thumbnailSlides"] == [1]  # slide 2 is rendered again on request
    # The picture's row stays for the operator to restore its file (it may sit in projects).
    assert client.get(f"/api/images/{image_id}", headers=alice.headers).status_code == 200
    materials = client.get("/api/materials", headers=alice.headers).json()
    assert len(materials) == 1  # the text stays searchable
    # The library file is left for the operator: it is still listed, and reported again.
    assert len(client.get("/api/files", headers=alice.headers).json()) == 1
    again = _examine(app, blobs, grace=timedelta(0))
    assert sorted((m.table, m.role) for m in again.missing) == [
        ("images", "image"),
        ("uploaded_files", "source"),
    ]


def test_half_written_local_files_are_found_and_removed(
    app: FastAPI, client: TestClient, alice: SignedIn, blobs: ObstoreBlobStore
) -> None:
    if not isinstance(blobs, LocalBlobStore):
        pytest.skip("staging files exist on local disk only")
    _library(app, client, alice)
    folder = blobs.root / "images" / alice.user["_id"] / "01JHALF0000000000000000000"
    folder.mkdir(parents=True)
    staging = folder / "original.png#7"
    staging.write_bytes(b"\x89PNG half")
    assert not any("#" in key for key in blobs.list(""))  # invisible through the store
    fresh = _examine(app, blobs)
    assert [e.key for e in fresh.recent_staging] == [staging.relative_to(blobs.root).as_posix()]
    old = _examine(app, blobs, now=LATER)
    assert len(old.staging) == 1 and old.needs_attention
    assert doctor.repair(app.state.session_factory, blobs, old).deleted_staging == 1
    assert not staging.exists()


def test_the_command_reports_and_fixes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [k for k in os.environ if k.startswith("SLIDEWRIGHT_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("SLIDEWRIGHT_DATA_DIR", str(tmp_path / "data"))
    assert cli.main(["doctor"]) == 0
    assert "0 blobs stored" in capsys.readouterr().out
    stray = LocalBlobStore(tmp_path / "data" / "blobs")
    stray.put("images/u1/01JSTRAY000000000000000000/original.png", b"stray")
    assert cli.main(["doctor"]) == 0  # recent: left alone, nothing to do yet
    capsys.readouterr()
    assert cli.main(["doctor", "--grace-seconds", "0", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["unreferenced"] == ["images/u1/01JSTRAY000000000000000000/original.png"]
    assert cli.main(["doctor", "--grace-seconds", "0", "--fix"]) == 0
    assert "deleted 1 unreferenced blobs" in capsys.readouterr().out
    assert stray.list("") == []
    assert cli.main(["doctor", "--grace-seconds", "-1"]) == 2
    assert "--grace-seconds" in capsys.readouterr().err
    # A host that migrates by hand: doctor never changes the schema, and says when it is behind.
    monkeypatch.setenv("SLIDEWRIGHT_AUTO_MIGRATE", "0")
    assert cli.main(["doctor"]) == 0
    older = tmp_path / "older"
    older.mkdir()
    migrate.upgrade(f"sqlite:///{older / 'slidewright.db'}", "8c6d6409fda4")
    monkeypatch.setenv("SLIDEWRIGHT_DATA_DIR", str(older))
    assert cli.main(["doctor"]) == 2
    assert "slidewright migrate" in capsys.readouterr().err
    assert not migrate.is_current(f"sqlite:///{older / 'slidewright.db'}")
    monkeypatch.setenv("SLIDEWRIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SLIDEWRIGHT_STORAGE_URL", "memory://")
    assert cli.main(["doctor", "--fix"]) == 2  # an empty store: every row would look broken
    assert "memory://" in capsys.readouterr().err
