"""A full disk answers `insufficient_storage` (507, in the client's language) and changes
nothing: no row, no blob, and a thumbnail job that fails says why instead of running forever.

For real where we may mount: a small tmpfs as the data directory of a `slidewright serve`
process, filled up. Everywhere: the storage seam raising ENOSPC inside an app in this process,
and the error handlers given every form of "no room" (OSError, SQLite, PostgreSQL).
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from slidewright.core.disk_full import is_disk_full
from slidewright.core.errors import install_error_handlers
from slidewright.storage import BlobStoreFull, obstore_store
from tests.fault_server import PPTX_MIME, Server, deck, examine, noise_png, signup
from tests.helpers import signup as api_signup

ZH = {"Accept-Language": "zh-CN"}


# ----------------------------------------------------------------------- the error handlers


class _PgDiskFull(Exception):
    sqlstate = "53100"


def _raising(exc: BaseException) -> FastAPI:
    app = FastAPI()
    install_error_handlers(app)

    @app.get("/boom")
    def boom() -> None:
        raise exc

    return app


@pytest.mark.parametrize(
    "exc",
    [
        OSError(errno.ENOSPC, "No space left on device"),
        OSError(errno.EDQUOT, "Disk quota exceeded"),
        OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full")),
        OperationalError("INSERT", {}, _PgDiskFull("could not extend file")),
        BlobStoreFull("put x failed: os error 28"),
    ],
    ids=["enospc", "edquot", "sqlite-full", "postgres-disk-full", "blob-store-full"],
)
def test_no_room_is_a_typed_507_in_both_languages(exc: BaseException) -> None:
    client = TestClient(_raising(exc), raise_server_exceptions=False)
    english = client.get("/boom")
    assert english.status_code == 507
    assert english.json()["errorCode"] == "insufficient_storage"
    assert "storage space" in english.json()["message"]
    chinese = client.get("/boom", headers=ZH)
    assert chinese.status_code == 507 and "存储空间已满" in chinese.json()["message"]


def test_other_os_errors_stay_internal_errors() -> None:
    client = TestClient(_raising(OSError(errno.EACCES, "denied")), raise_server_exceptions=False)
    assert client.get("/boom").status_code == 500
    assert not is_disk_full(RuntimeError("wrapped")) and is_disk_full(
        _wrapped(OSError(errno.ENOSPC, "full"))
    )


def _wrapped(cause: BaseException) -> BaseException:
    try:
        try:
            raise cause
        except OSError as inner:
            raise RuntimeError("while saving") from inner
    except RuntimeError as outer:
        return outer


# ----------------------------------------------------------------- the storage seam, in-process


def _full_after(allowed: int) -> Callable[..., Any]:
    """obstore's `put`, succeeding `allowed` times and then failing as a full disk does."""
    real = obstore_store.obstore.put
    calls = {"n": 0}

    def put(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] > allowed:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args, **kwargs)

    return put


def test_uploads_on_a_full_store_change_nothing(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = api_signup(client, "alice@example.com")
    monkeypatch.setattr(obstore_store.obstore, "put", _full_after(0))
    uploads = [
        ("/api/pptx-files", "file", ("deck.pptx", deck(2), PPTX_MIME)),
        ("/api/files/upload", "file", ("library.pptx", deck(2), PPTX_MIME)),
        ("/api/images", "image", ("noise.png", noise_png(30, 20, seed=1), "image/png")),
    ]
    for path, field, upload in uploads:
        response = client.post(path, files={field: upload}, headers={**alice.headers, **ZH})
        assert response.status_code == 507, response.text
        assert response.json()["errorCode"] == "insufficient_storage"
        assert "存储空间已满" in response.json()["message"]
    assert client.get("/api/pptx-files", headers=alice.headers).json() == []
    assert client.get("/api/files", headers=alice.headers).json() == []
    assert client.get("/api/images", headers=alice.headers).json() == []
    assert app.state.services.blobs.list("") == []


def test_a_thumbnail_job_on_a_full_store_fails_typed_and_leaves_no_thumbnail(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice = api_signup(client, "alice@example.com")
    # The source and the first thumbnail fit; the second thumbnail does not.
    monkeypatch.setattr(obstore_store.obstore, "put", _full_after(2))
    response = client.post(
        "/api/pptx-files", files={"file": ("deck.pptx", deck(3), PPTX_MIME)}, headers=alice.headers
    )
    assert response.status_code == 201, response.text
    template = response.json()
    app.state.services.jobs.wait_idle()
    job = client.get(f"/api/jobs/{template['renderJob']['_id']}", headers=alice.headers).json()
    assert (job["status"], job["errorCode"]) == ("failed", "insufficient_storage")
    found = client.get(f"/api/pptx-files/{template['_id']}", headers=alice.headers).json()
    assert found["thumbnailSlides"] == []
    owner = alice.user["_id"]
    assert app.state.services.blobs.list("") == [
        f"templates/{owner}/{template['_id']}/source.pptx"  # the rendered thumb-1 went again
    ]


# ----------------------------------------------------------------------- a real full disk


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 16 MB tmpfs as the data directory (root only: skipped where mount is refused)."""
    mount_point = tmp_path / "data"
    mount_point.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mount_point)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"mount not permitted here: {mounted.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


def _fill(folder: Path, leave: int) -> Path:
    """Fills the file system up to `leave` free bytes (0: completely)."""
    filler = folder / "filler.bin"
    with open(filler, "ab", buffering=0) as out:  # unbuffered: nothing left to flush on close
        while (free := shutil.disk_usage(folder).free) > leave:
            try:
                out.write(b"\xa5" * min(free - leave, 1 << 20))
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
                break
    return filler


def _wait_job(server: Server, token: str, job_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    with server.client(token) as client:
        while time.monotonic() < deadline:
            job = client.get(f"/api/jobs/{job_id}").json()
            if job["status"] in ("succeeded", "failed"):
                return dict(job)
            time.sleep(0.2)
    raise AssertionError(f"job {job_id} still {job['status']} after 60 s")


def test_a_full_data_disk_answers_507_and_keeps_everything_whole(
    tmpfs: Path, tmp_path: Path
) -> None:
    server = Server(tmpfs, tmp_path / "server.log")
    server.start()
    try:
        token = signup(server, "ops@example.com")
        with server.client(token) as client:
            first = client.post(
                "/api/pptx-files", files={"file": ("first.pptx", deck(3), PPTX_MIME)}
            )
            assert first.status_code == 201, first.text
            assert _wait_job(server, token, first.json()["renderJob"]["_id"])["status"] == (
                "succeeded"
            )
            template_id = first.json()["_id"]

            filler = _fill(tmpfs, leave=0)
            uploads = [
                ("/api/pptx-files", ("big.pptx", deck(4, picture_px=500, seed=5), PPTX_MIME)),
                ("/api/files/upload", ("big.pptx", deck(4, picture_px=500, seed=6), PPTX_MIME)),
                ("/api/images", ("noise.png", noise_png(600, 400, seed=7), "image/png")),
                ("/api/materials", ("notes.txt", b"Revenue grew. " * 20000, "text/plain")),
            ]
            for path, upload in uploads:
                field = "image" if path == "/api/images" else "file"
                response = client.post(path, files={field: upload}, headers=ZH)
                assert response.status_code == 507, response.text
                assert response.json()["errorCode"] == "insufficient_storage"
                assert "存储空间已满" in response.json()["message"]
            # Reading needs no room: the existing template still downloads whole.
            download = client.get(f"/api/pptx-files/{template_id}/download")
            assert download.status_code == 200 and download.content.startswith(b"PK")

            # Room for the upload and the database's small writes, not for 60 thumbnails.
            filler.unlink()
            many = deck(60)
            _fill(tmpfs, leave=len(many) + 256 * 1024)
            upload = client.post("/api/pptx-files", files={"file": ("many.pptx", many, PPTX_MIME)})
            assert upload.status_code == 201, upload.text
            job = _wait_job(server, token, upload.json()["renderJob"]["_id"])
            assert (job["status"], job["errorCode"]) == ("failed", "insufficient_storage"), job
            found = client.get(f"/api/pptx-files/{upload.json()['_id']}").json()
            assert found["thumbnailSlides"] == []

        (tmpfs / "filler.bin").unlink()
        with server.client(token) as client:
            names = sorted(t["filename"] for t in client.get("/api/pptx-files").json())
            assert names == ["first.pptx", "many.pptx"]
            assert client.get("/api/files").json() == []
            assert client.get("/api/images").json() == []
            assert client.get("/api/materials").json() == []
    finally:
        server.stop()
    findings = examine(tmpfs)
    assert findings.missing == []
    assert findings.leftovers == 0, (findings.stray, findings.recent_stray, findings.staging)
    log = (tmp_path / "server.log").read_text(errors="replace")
    assert "unhandled error" not in log  # what a 500 logs
