"""Jobs: status, progress and typed errors recorded; visible only to their owner; Huey path."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

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


def test_interrupted_jobs_are_marked_failed_on_start(app: FastAPI, client: TestClient) -> None:
    owner = signup(client, "owner@example.com")
    with app.state.session_factory.begin() as session:
        session.add(
            Job(
                id="01J00000000000000000000000",
                owner_id=owner.user["_id"],
                kind="test.count",
                status="running",
            )
        )
    app.state.services.jobs.fail_interrupted()
    body = client.get("/api/jobs/01J00000000000000000000000", headers=owner.headers).json()
    assert (body["status"], body["errorCode"]) == ("failed", "job_interrupted")


@pytest.fixture(autouse=True)
def _quiet_huey(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("WARNING", logger="huey")
