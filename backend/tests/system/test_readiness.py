"""Readiness (`/api/health/ready`): 200 only while the database, the job queue, the storage and
(where this process runs jobs) LibreOffice answer; 503 naming what failed. Liveness
(`/api/health`) stays 200 meanwhile: the process is alive, it only cannot serve."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from slidewright.core.config import Settings
from slidewright.main import create_app
from slidewright.storage.blobstore import BlobStoreError


def test_ready_when_everything_answers(client: TestClient) -> None:
    response = client.get("/api/health/ready")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ready"
    assert (body["database"], body["queue"], body["storage"]) == ("ok", "ok", "ok")


def test_not_ready_while_the_storage_fails(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreachable(key: str) -> bool:
        raise BlobStoreError("connection refused")

    monkeypatch.setattr(client.app.state.services.blobs, "exists", unreachable)  # type: ignore[attr-defined]
    response = client.get("/api/health/ready")
    assert response.status_code == 503
    assert (response.json()["status"], response.json()["storage"]) == ("not_ready", "unreachable")
    assert client.get("/api/health").status_code == 200  # alive, just not ready


def test_not_ready_while_the_redis_queue_is_down(settings: Settings) -> None:
    # Nothing listens on port 1: the queue cannot be reached.
    down = settings.model_copy(update={"jobs_url": "redis://127.0.0.1:1/0", "embedded_workers": 0})
    with TestClient(create_app(down)) as client:
        response = client.get("/api/health/ready")
    assert response.status_code == 503
    body = response.json()
    assert (body["queue"], body["database"], body["renderer"]) == ("unreachable", "ok", "not_used")


def test_a_process_that_renders_is_not_ready_without_libreoffice(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")  # no soffice to be found
    renders = settings.model_copy(update={"renderer": "soffice", "embedded_workers": 1})
    with TestClient(create_app(renders)) as client:
        body = client.get("/api/health/ready").json()
    assert (body["status"], body["renderer"]) == ("not_ready", "unreachable")


def test_not_ready_while_libreoffice_warms_up(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The LibreOffice started at boot is still starting: an upload now would wait for it, so a
    # load balancer should send it elsewhere; the process is alive all the same.
    renders = settings.model_copy(update={"embedded_workers": 1})
    with TestClient(create_app(renders)) as client:
        renderer = client.app.state.services.renderer  # type: ignore[attr-defined]
        monkeypatch.setattr(renderer, "warming", True, raising=False)
        response = client.get("/api/health/ready")
        assert response.status_code == 503
        assert (response.json()["status"], response.json()["renderer"]) == ("not_ready", "starting")
        assert client.get("/api/health").status_code == 200
        monkeypatch.setattr(renderer, "warming", False)
        response = client.get("/api/health/ready")
    assert (response.status_code, response.json()["renderer"]) == (200, "ok")
