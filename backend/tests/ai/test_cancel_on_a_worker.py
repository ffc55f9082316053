"""Cancel reaches Generate All Missing running in a separate `slidewright worker` process: the
request is in the database, not in the API process's memory."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.ai.fake_server import FakeOpenAI, Scripted
from slidewright.core.config import Settings
from slidewright.jobs.runner import JobRunner
from tests.ai.test_cancel_jobs import _cancel_during_the_first_batch, _describing, _start, _upload
from tests.helpers import SignedIn
from tests.spawn import Fleet, clean_env


@pytest.fixture
def settings(settings: Settings, tmp_path: Path) -> Settings:
    """Blobs on disk, where the worker process finds the uploaded template too."""
    settings.storage_url = f"file://{tmp_path / 'blobs'}"
    return settings


@pytest.fixture
def worker(
    app: FastAPI, settings: Settings, tmp_path: Path, fake_server: FakeOpenAI
) -> Iterator[Fleet]:
    """One `slidewright worker` on a SQLite queue; the API process only enqueues onto it."""
    queue = f"sqlite:///{tmp_path / 'queue.sqlite'}"
    env = clean_env(
        SLIDEWRIGHT_DATABASE_URL=settings.resolved_database_url,
        SLIDEWRIGHT_JOBS_URL=queue,
        SLIDEWRIGHT_DATA_DIR=str(tmp_path / "worker"),
        SLIDEWRIGHT_STORAGE_URL=str(settings.storage_url),
        SLIDEWRIGHT_SECRET_KEY=settings.resolved_secret_key,
        SLIDEWRIGHT_RENDERER="fake",
        SLIDEWRIGHT_INSTALL_BUILTINS="false",
        SLIDEWRIGHT_AUTO_MIGRATE="false",
        SLIDEWRIGHT_AI_PROVIDER="openai_compat",
        SLIDEWRIGHT_AI_BASE_URL=fake_server.base_url,
        SLIDEWRIGHT_AI_API_KEY="test-key",
        SLIDEWRIGHT_AI_MODEL="fake-model",
        SLIDEWRIGHT_AI_VISION_MODEL="fake-vision",
        SLIDEWRIGHT_AI_JSON_MODE="json_schema",
        SLIDEWRIGHT_AI_CONTEXT_TOKENS="32000",
    )
    fleet = Fleet(tmp_path, env)
    queued = settings.model_copy(update={"jobs_url": queue})
    app.state.services.jobs = JobRunner(queued, app.state.session_factory, app.state.services)
    fleet.start("worker", "worker", "--threads", "1")
    try:
        yield fleet
    finally:
        fleet.stop()


def test_cancel_reaches_a_job_on_a_separate_worker_process(
    app: FastAPI,
    client: TestClient,
    alice: SignedIn,
    fake: FakeOpenAI,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> None:
    upload = _upload(app, client, alice, 14)  # thumbnails drawn in this process, before
    fleet: Fleet = request.getfixturevalue("worker")
    fake.reset()
    answer = threading.Event()
    fake.enqueue(Scripted(hold=answer))  # the worker's first batch waits for the cancel
    job_id = _start(client, alice, upload["_id"])
    cancel = _cancel_during_the_first_batch(client, alice, job_id, fake, answer, timeout=60)
    assert cancel.status_code == 200, cancel.text

    deadline = time.monotonic() + 30
    job = cancel.json()
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.1)
        job = client.get(f"/api/jobs/{job_id}", headers=alice.headers).json()
    assert job["status"] == "cancelled", (job, fleet.log("worker")[-2000:])
    assert sorted(int(n) for n in job["result"]["descriptions"]) == list(range(1, 7))
    assert len(_describing(fake)) == 1
