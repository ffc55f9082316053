"""Jobs: status, progress and typed errors recorded; visible only to their owner; Huey path."""

from __future__ import annotations

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
from slidewright.core.errors import AppError
from slidewright.jobs import service
from slidewright.jobs.models import Job
from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobContext, JobRunner
from tests.helpers import signup


class _Boom(AppError):
    code, status = "boom", 422
    en = "It went boom."
    zh = "爆炸了。"


@job_handler("test.count")
def _count(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    for step in range(1, 5):
        ctx.progress(step * 25)
    return {"counted": payload["n"]}


@job_handler("test.fail")
def _fail(ctx: JobContext, payload: dict[str, Any]) -> None:
    raise _Boom()


@job_handler("test.crash")
def _crash(ctx: JobContext, payload: dict[str, Any]) -> None:
    raise RuntimeError("unexpected")


def _start(app: FastAPI, owner_id: str, kind: str, payload: dict[str, Any]) -> str:
    runner: JobRunner = app.state.services.jobs
    with app.state.session_factory() as session:
        job = service.start_job(session, runner, owner_id=owner_id, kind=kind, payload=payload)
        session.commit()
        job_id = job.id
    runner.enqueue(job_id)  # what the request's after-commit hook does
    runner.wait_idle()
    return job_id


def test_successful_job_reports_progress_and_result(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    job_id = _start(app, owner.user["_id"], "test.count", {"n": 7})
    body = client.get(f"/api/jobs/{job_id}", headers=owner.headers).json()
    assert body["status"] == "succeeded"
    assert body["progress"] == 100
    assert body["result"] == {"counted": 7}
    assert body["errorCode"] is None


def test_failed_job_keeps_the_typed_error(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    body = client.get(
        f"/api/jobs/{_start(app, owner.user['_id'], 'test.fail', {})}", headers=owner.headers
    ).json()
    assert (body["status"], body["errorCode"], body["errorMessage"]) == (
        "failed",
        "boom",
        "It went boom.",
    )


def test_crashing_job_is_an_internal_error_not_a_stuck_job(
    app: FastAPI, client: TestClient
) -> None:
    owner = signup(client, "owner@example.com")
    body = client.get(
        f"/api/jobs/{_start(app, owner.user['_id'], 'test.crash', {})}", headers=owner.headers
    ).json()
    assert (body["status"], body["errorCode"]) == ("failed", "internal_error")


def test_another_users_job_is_404(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    other = signup(client, "other@example.com")
    job_id = _start(app, owner.user["_id"], "test.count", {"n": 1})
    response = client.get(f"/api/jobs/{job_id}", headers=other.headers)
    assert response.status_code == 404
    assert response.json()["errorCode"] == "job_not_found"


def test_jobs_run_through_a_real_huey_queue(
    tmp_path: Path, app: FastAPI, client: TestClient
) -> None:
    owner = signup(client, "owner@example.com")
    settings: Settings = app.state.settings
    queued = settings.model_copy(update={"jobs_url": f"sqlite:///{tmp_path / 'queue.sqlite'}"})
    runner = JobRunner(queued, make_session_factory(app.state.engine), services=None)
    with app.state.session_factory() as session:
        job = service.start_job(
            session, runner, owner_id=owner.user["_id"], kind="test.count", payload={"n": 3}
        )
        session.commit()
        job_id = job.id
    runner.enqueue(job_id)
    runner.start_embedded(workers=1)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with app.state.session_factory() as session:
                status = session.get(Job, job_id).status  # type: ignore[union-attr]
            if status == "succeeded":
                break
            time.sleep(0.1)
        assert status == "succeeded"
    finally:
        runner.stop()


def _job_row(
    app: FastAPI,
    owner_id: str,
    job_id: str,
    *,
    status: str = "running",
    attempts: int = 0,
    silent_for: timedelta = timedelta(0),
    payload: dict[str, Any] | None = None,
) -> None:
    """A job row as another process left it: `silent_for` since its last heartbeat (running)
    or since it was queued (queued)."""
    then = utcnow() - silent_for
    with app.state.session_factory.begin() as session:
        session.add(
            Job(
                id=job_id,
                owner_id=owner_id,
                kind="test.count",
                payload=payload or {"n": 3},
                status=status,
                attempts=attempts,
                heartbeat_at=then if status == "running" else None,
                created_at=then,
                updated_at=then,
            )
        )


def _silent_running_job(app: FastAPI, owner_id: str, job_id: str, attempts: int) -> None:
    """A job left running by a process that was killed: its last heartbeat is a minute old."""
    _job_row(app, owner_id, job_id, attempts=attempts, silent_for=timedelta(seconds=60))


def test_a_job_whose_worker_died_runs_again_and_completes(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    _silent_running_job(app, owner.user["_id"], "01J00000000000000000000001", attempts=1)
    runner: JobRunner = app.state.services.jobs
    assert runner.liveness.sweep() == ["01J00000000000000000000001"]
    runner.wait_idle()
    body = client.get("/api/jobs/01J00000000000000000000001", headers=owner.headers).json()
    assert (body["status"], body["result"]) == ("succeeded", {"counted": 3})
    assert runner.liveness.sweep() == []  # nothing is run twice


def test_a_superseded_run_cannot_overwrite_the_outcome(app: FastAPI, client: TestClient) -> None:
    # Run 1 went silent (a paused host), the sweep gave the job to run 2, which succeeded; then
    # run 1 wakes up and finishes too: it writes nothing.
    owner = signup(client, "owner@example.com")
    _silent_running_job(app, owner.user["_id"], "01J00000000000000000000006", attempts=1)
    runner: JobRunner = app.state.services.jobs
    assert runner.liveness.sweep() == ["01J00000000000000000000006"]
    runner.wait_idle()
    runner._finish("01J00000000000000000000006", 1, "failed", error=_Boom())
    JobContext(
        "01J00000000000000000000006", "", app.state.settings, app.state.session_factory, None, 1
    ).progress(10)
    body = client.get("/api/jobs/01J00000000000000000000006", headers=owner.headers).json()
    assert (body["status"], body["result"], body["progress"]) == ("succeeded", {"counted": 3}, 100)


def test_a_job_that_lost_its_worker_twice_fails_typed(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    _silent_running_job(app, owner.user["_id"], "01J00000000000000000000002", attempts=2)
    assert app.state.services.jobs.liveness.sweep() == []
    body = client.get("/api/jobs/01J00000000000000000000002", headers=owner.headers).json()
    assert (body["status"], body["errorCode"]) == ("failed", "job_interrupted")


def test_a_living_job_is_left_alone(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    _job_row(app, owner.user["_id"], "01J00000000000000000000003", attempts=1)
    assert app.state.services.jobs.liveness.sweep() == []
    body = client.get("/api/jobs/01J00000000000000000000003", headers=owner.headers).json()
    assert body["status"] == "running"


def test_heartbeats_keep_a_long_job_alive(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    _silent_running_job(app, owner.user["_id"], "01J00000000000000000000004", attempts=1)
    liveness = app.state.services.jobs.liveness
    liveness.started("01J00000000000000000000004")  # this process runs it and is alive
    liveness.beat()
    liveness.finished("01J00000000000000000000004")
    assert liveness.sweep() == []


def test_a_queued_job_whose_message_was_lost_is_sent_again(
    app: FastAPI, client: TestClient
) -> None:
    owner = signup(client, "owner@example.com")
    # Committed ten minutes ago, but the queue never got it (Redis was down at that moment).
    _job_row(
        app,
        owner.user["_id"],
        "01J00000000000000000000005",
        status="queued",
        silent_for=timedelta(minutes=10),
        payload={"n": 5},
    )
    runner: JobRunner = app.state.services.jobs
    assert runner.liveness.redeliver_forgotten() == ["01J00000000000000000000005"]
    runner.wait_idle()
    body = client.get("/api/jobs/01J00000000000000000000005", headers=owner.headers).json()
    assert (body["status"], body["result"]) == ("succeeded", {"counted": 5})
    assert runner.liveness.redeliver_forgotten() == []


def test_a_message_delivered_twice_runs_the_job_once(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    runs: list[str] = []

    @job_handler("test.once")
    def _once(ctx: JobContext, payload: dict[str, Any]) -> None:
        runs.append(ctx.job_id)

    job_id = _start(app, owner.user["_id"], "test.once", {})  # enqueued by commit and by hand
    app.state.services.jobs.run(job_id)
    assert runs == [job_id]


@pytest.fixture(autouse=True)
def _quiet_huey(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("WARNING", logger="huey")
