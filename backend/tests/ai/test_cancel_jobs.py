"""Cancelling Generate All Missing: it stops between batches, keeps what finished, and a later
run resumes with only the rest; the owner alone can cancel; an ended job cannot be."""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.ai.fake_server import FakeOpenAI, Recorded, Scripted
from tests.helpers import SignedIn


def _upload(app: FastAPI, client: TestClient, who: SignedIn, slides: int) -> dict[str, Any]:
    from tests.pptx_engine.builders import build_deck

    upload = client.post(
        "/api/pptx-files",
        files={"file": ("mine.pptx", build_deck(slides), "application/octet-stream")},
        headers=who.headers,
    )
    assert upload.status_code == 201, upload.text
    app.state.services.jobs.wait_idle()  # its thumbnails (fake renderer)
    return dict(upload.json())


def _describing(fake: FakeOpenAI) -> list[Recorded]:
    """The model requests that describe template slides (not the server probes)."""
    return [
        r
        for r in fake.chat_requests()
        if "template_slides" in json.dumps(r.body.get("response_format") or {})
        or "# Task: template_slides" in r.text()
    ]


def _wait_for(condition: Any, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def _start(client: TestClient, who: SignedIn, file_id: str) -> str:
    started = client.post(
        f"/api/pptx-files/{file_id}/generate-missing-descriptions",
        params={"lang": "en"},
        headers=who.headers,
    )
    assert started.status_code == 200, started.text
    return str(started.json()["_id"])


def _cancel_during_the_first_batch(
    client: TestClient,
    who: SignedIn,
    job_id: str,
    fake: FakeOpenAI,
    answer: threading.Event,
    timeout: float = 20,
) -> httpx.Response:
    """Cancels the job while the model holds its answer to the first batch (`answer`, the
    `hold` of that batch's scripted answer), then lets the answer go: the cancel is in before
    the job's next check however slow the machine (a timed delay raced a slow cancel request,
    which then landed in the second batch or after the end)."""
    try:
        _wait_for(lambda: len(_describing(fake)) == 1, timeout)  # the first batch is asked
        return client.post(f"/api/jobs/{job_id}/cancel", headers=who.headers)
    finally:
        answer.set()


def test_cancel_stops_between_batches_keeps_what_finished_and_a_rerun_resumes(
    app: FastAPI, client: TestClient, alice: SignedIn, fake: FakeOpenAI
) -> None:
    upload = _upload(app, client, alice, 14)  # 3 batches of at most 6 slides
    fake.reset()
    answer = threading.Event()
    fake.enqueue(Scripted(hold=answer))  # a slow model: the first batch waits for the cancel
    job_id = _start(client, alice, upload["_id"])

    cancel = _cancel_during_the_first_batch(client, alice, job_id, fake, answer)
    assert cancel.status_code == 200, cancel.text
    assert cancel.json()["cancelRequestedAt"] is not None
    assert cancel.json()["status"] == "running"  # it stops at its next check
    app.state.services.jobs.wait_idle()

    job = client.get(f"/api/jobs/{job_id}", headers=alice.headers).json()
    assert job["status"] == "cancelled", job
    result = job["result"]
    assert sorted(int(n) for n in result["descriptions"]) == list(range(1, 7))
    assert result["cancelledSlides"] == list(range(7, 15))
    assert (result["total"], result["failedSlides"]) == (14, [])
    assert len(_describing(fake)) == 1  # the model was not asked about the rest
    # Nothing is saved until accepted: the template still misses every description.
    template = client.get(f"/api/pptx-files/{upload['_id']}", headers=alice.headers).json()
    assert len(template["slidesMissingDescription"]) == 14

    fake.reset()
    rerun = _start(client, alice, upload["_id"])
    app.state.services.jobs.wait_idle()
    again = client.get(f"/api/jobs/{rerun}", headers=alice.headers).json()
    assert again["status"] == "succeeded", again
    assert again["result"]["resumedSlides"] == list(range(1, 7))
    assert sorted(int(n) for n in again["result"]["descriptions"]) == list(range(1, 15))
    assert {again["result"]["descriptions"][str(n)] for n in range(1, 7)} == {
        result["descriptions"][str(n)] for n in range(1, 7)
    }
    asked = _describing(fake)
    assert len(asked) == 2  # slides 7-14 only: 6 + 2
    numbers = {int(n) for r in asked for n in re.findall(r'"slideNumber":(\d+)', r.text())}
    assert numbers == set(range(7, 15))


def test_a_rerun_after_accepting_the_partial_result_describes_only_the_rest(
    app: FastAPI, client: TestClient, alice: SignedIn, fake: FakeOpenAI
) -> None:
    upload = _upload(app, client, alice, 8)
    fake.reset()
    answer = threading.Event()
    fake.enqueue(Scripted(hold=answer))
    job_id = _start(client, alice, upload["_id"])
    cancel = _cancel_during_the_first_batch(client, alice, job_id, fake, answer)
    assert cancel.status_code == 200, cancel.text
    app.state.services.jobs.wait_idle()
    found = client.get(f"/api/jobs/{job_id}", headers=alice.headers).json()["result"]
    accepted = client.post(
        f"/api/pptx-files/{upload['_id']}/accept-descriptions",
        json={"descriptions": found["descriptions"]},
        headers=alice.headers,
    )
    assert accepted.json()["slidesMissingDescription"] == [7, 8]

    fake.reset()
    rerun = _start(client, alice, upload["_id"])
    app.state.services.jobs.wait_idle()
    result = client.get(f"/api/jobs/{rerun}", headers=alice.headers).json()["result"]
    assert sorted(result["descriptions"]) == ["7", "8"]
    assert result["resumedSlides"] == []
    assert len(_describing(fake)) == 1


def test_only_the_owner_can_cancel_another_user_gets_404(
    app: FastAPI, client: TestClient, alice: SignedIn, bob: SignedIn, fake: FakeOpenAI
) -> None:
    upload = _upload(app, client, alice, 8)
    fake.reset()
    fake.enqueue(*(Scripted(delay=0.5) for _ in range(4)))
    job_id = _start(client, alice, upload["_id"])
    response = client.post(f"/api/jobs/{job_id}/cancel", headers=bob.headers)
    assert response.status_code == 404
    assert response.json()["errorCode"] == "job_not_found"
    app.state.services.jobs.wait_idle()
    job = client.get(f"/api/jobs/{job_id}", headers=alice.headers).json()
    assert (job["status"], job["cancelRequestedAt"]) == ("succeeded", None)
    assert len(job["result"]["descriptions"]) == 8


def test_a_finished_job_cannot_be_cancelled_409_in_both_languages(
    app: FastAPI, client: TestClient, alice: SignedIn
) -> None:
    upload = _upload(app, client, alice, 2)  # the offline assistant: done at once
    job_id = _start(client, alice, upload["_id"])
    app.state.services.jobs.wait_idle()
    en = client.post(f"/api/jobs/{job_id}/cancel", headers=alice.headers)
    assert en.status_code == 409
    assert en.json()["errorCode"] == "job_finished"
    assert en.json()["details"] == {"status": "succeeded"}
    assert "already finished" in en.json()["message"]
    zh = client.post(
        f"/api/jobs/{job_id}/cancel", headers={**alice.headers, "Accept-Language": "zh-CN"}
    )
    assert zh.status_code == 409
    assert zh.json()["message"] == "此任务已经结束，无需取消。"
    job = client.get(f"/api/jobs/{job_id}", headers=alice.headers).json()
    assert (job["status"], job["cancelRequestedAt"]) == ("succeeded", None)
