"""Previews as the app runs at scale: API processes that only queue (no embedded consumer), a
separate worker with its own services draining a real Huey queue, and bytes in a blob store
both share. Nothing may depend on the API and the render happening in one process."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from slidewright.core.config import Settings
from slidewright.core.db import make_session_factory
from slidewright.main import create_app
from slidewright.services import Services
from tests.conftest import _empty_tables
from tests.helpers import SignedIn, signup
from tests.previews.conftest import RecordingRenderer
from tests.templates.decks import rich_deck
from tests.templates.test_templates_api import upload


@pytest.fixture
def scaled(settings: Settings, tmp_path: Path) -> Settings:
    return settings.model_copy(
        update={
            "storage_url": f"file://{tmp_path / 'blobs'}",
            "jobs_url": f"sqlite:///{tmp_path / 'queue.sqlite'}",
            "embedded_workers": 0,
        }
    )


@pytest.fixture
def api(scaled: Settings) -> Iterator[TestClient]:
    application = create_app(scaled)
    try:
        with TestClient(application) as client:
            yield client
    finally:
        _empty_tables(application.state.engine)
        application.state.engine.dispose()


@pytest.fixture
def worker(scaled: Settings, api: TestClient) -> Iterator[RecordingRenderer]:
    """`slidewright worker` in miniature: its own services (blob store, renderer, queue)."""
    renderer = RecordingRenderer()
    engine = api.app.state.engine  # type: ignore[attr-defined]
    services = Services(scaled, make_session_factory(engine), renderer=renderer)
    services.jobs.start_embedded(1)
    yield renderer
    services.close()


def _until(check: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError("the worker did not finish in time")


def _previews(api: TestClient, who: SignedIn, project_id: str) -> dict:
    response = api.get(f"/api/projects/{project_id}/previews", headers=who.headers)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_worker_process_renders_what_the_api_queued(
    api: TestClient, worker: RecordingRenderer
) -> None:
    alice = signup(api, "alice@example.com", name="Alice")
    template = upload(api, alice, rich_deck()).json()
    _until(
        lambda: (
            api.get(f"/api/pptx-files/{template['_id']}", headers=alice.headers).json()[
                "thumbnailSlides"
            ]
            != []
        )
    )
    slides = [{"id": "s1", "pptxSlideNumber": 1, "formData": {"Title 1": "Made by the worker"}}]
    body = {"title": "Scaled", "lang": "en", "pptxFileId": template["_id"], "slides": slides}
    project = api.post("/api/projects", json=body, headers=alice.headers).json()

    _until(lambda: _previews(api, alice, project["_id"])["pending"] == 0)
    slide = _previews(api, alice, project["_id"])["slides"][0]
    assert slide["status"] == "ready"
    assert any(deck[0].startswith("Made by the worker") for deck in worker.decks)
    # The API serves the JPEG the worker wrote to the shared store.
    image = api.get(slide["url"], headers=alice.headers)
    assert image.status_code == 200
    assert image.content[:3] == b"\xff\xd8\xff"
