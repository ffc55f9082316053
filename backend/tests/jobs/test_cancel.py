"""Cancelling jobs: the flag is in the row, so any runner sees it; a queued job ends at once; a
job that lost its worker while cancelling is not run again."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.core.db import make_session_factory
from slidewright.jobs import service
from slidewright.jobs.models import Job
from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobCancelled, JobContext, JobRunner
from tests.helpers import signup

STEPS = 50
_started = threading.Event()
# Set by a test once its cancel has been answered: the job's first step waits for it, so the
# cancel lands while the job runs however slow the machine (no race with a fixed pause).
_cancel_answered = threading.Event()


@job_handler("test.steps")
def _steps(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Steps checking for a cancel before each one; the first waits for the test's cancel."""
    for step in range(STEPS):
        if ctx.cancel_requested():
            raise JobCancelled({"done": step})
        _started.set()
        if step == 0:
            _cancel_answered.wait(20)
        time.sleep(0.05)
        ctx.progress(step * 100 // STEPS)
    return {"done": STEPS}


@job_handler("test.no_checks")
def _no_checks(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    _started.set()
    _cancel_answered.wait(20)
    return {"done": True}


def _start_clean() -> None:
    _started.clear()
    _cancel_answered.clear()


def _create(app: FastAPI, runner: JobRunner, owner_id: str, kind: str) -> str:
    with app.state.session_factory() as session:
        job = service.start_job(session, runner, owner_id=owner_id, kind=kind)
        session.commit()
        return job.id


def _status(app: FastAPI, job_id: str) -> str:
    with app.state.session_factory() as session:
        return session.get(Job, job_id).status  # type: ignore[union-attr]


def test_a_queued_job_is_cancelled_at_once_and_never_runs(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    runner: JobRunner = app.state.services.jobs
    job_id = _create(app, runner, owner.user["_id"], "test.steps")  # not sent to the queue yet
    response = client.post(f"/api/jobs/{job_id}/cancel", headers=owner.headers)
    assert response.status_code == 200, response.text
    assert (response.json()["status"], response.json()["result"]) == ("cancelled", None)
    runner.run(job_id)  # its message arrives after all: nothing runs
    assert _status(app, job_id) == "cancelled"
    again = client.post(f"/api/jobs/{job_id}/cancel", headers=owner.headers)
    assert (again.status_code, again.json()["details"]) == (409, {"status": "cancelled"})


def test_cancel_reaches_a_job_running_on_another_runner_through_the_database(
    tmp_path: Path, app: FastAPI, client: TestClient
) -> None:
    # A second runner with a session factory of its own, consuming a real Huey queue: all it
    # shares with the API process is the database, as a `slidewright worker` elsewhere would.
    owner = signup(client, "owner@example.com")
    settings: Settings = app.state.settings
    queued = settings.model_copy(update={"jobs_url": f"sqlite:///{tmp_path / 'queue.sqlite'}"})
    worker = JobRunner(queued, make_session_factory(app.state.engine), services=None)
    _start_clean()
    job_id = _create(app, worker, owner.user["_id"], "test.steps")
    worker.enqueue(job_id)
    worker.start_embedded(workers=1)
    try:
        assert _started.wait(20)
        response = client.post(f"/api/jobs/{job_id}/cancel", headers=owner.headers)
        _cancel_answered.set()
        assert response.status_code == 200, response.text
        deadline = time.monotonic() + 20
        while _status(app, job_id) == "running" and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        worker.stop()
    job = client.get(f"/api/jobs/{job_id}", headers=owner.headers).json()
    assert job["status"] == "cancelled", job
    assert 0 < job["result"]["done"] < STEPS
    assert job["progress"] < 100


def test_a_handler_without_checks_runs_to_its_end(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    runner: JobRunner = app.state.services.jobs
    _start_clean()
    job_id = _create(app, runner, owner.user["_id"], "test.no_checks")
    runner.enqueue(job_id)
    assert _started.wait(20)
    response = client.post(f"/api/jobs/{job_id}/cancel", headers=owner.headers)
    _cancel_answered.set()
    assert response.status_code == 200, response.text
    runner.wait_idle()
    job = client.get(f"/api/jobs/{job_id}", headers=owner.headers).json()
    assert (job["status"], job["result"]) == ("succeeded", {"done": True})
    assert job["cancelRequestedAt"] is not None


def test_a_job_that_lost_its_worker_while_cancelling_is_not_run_again(
    app: FastAPI, client: TestClient
) -> None:
    owner = signup(client, "owner@example.com")
    then = utcnow() - timedelta(seconds=60)
    with app.state.session_factory.begin() as session:
        session.add(
            Job(
                id="01J0000000000000000000CAN1",
                owner_id=owner.user["_id"],
                kind="test.steps",
                payload={},
                status="running",
                attempts=1,
                heartbeat_at=then,
                cancel_requested_at=then,
                created_at=then,
                updated_at=then,
            )
        )
    assert app.state.services.jobs.liveness.sweep() == []
    job = client.get("/api/jobs/01J0000000000000000000CAN1", headers=owner.headers).json()
    assert (job["status"], job["errorCode"]) == ("cancelled", None)


@pytest.fixture(autouse=True)
def _quiet_huey(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("WARNING", logger="huey")
