"""Every AI action of the spec, in en and zh-CN, through the HTTP API against Gemma 3 270M on
llama.cpp (issue 18): each answers 200 within its deadline (plus slack), none answers 5xx, and
no answer holds a number that is in none of its inputs.

One project per language carries every action (a small model on two cores is slow: the stage
must stay short): journey.py's, which bench/bench_real_model.py measures too. All actions run
before anything is asserted, so that one failure still leaves every action measured in the
report (REAL_MODEL_REPORT).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.helpers import SignedIn
from tests.real_model.conftest import Report
from tests.real_model.figures import invented
from tests.real_model.journey import NUM_SLIDES, every_action

pytestmark = pytest.mark.real_model

SLACK_SECONDS = 10.0
DEFAULT_DEADLINE_SECONDS = 90.0
JOB_WAIT_SECONDS = 600.0


class Actions:
    """Calls the API as the user would (Accept-Language set), timing each action and keeping
    what went wrong with it instead of stopping at the first problem."""

    def __init__(
        self, client: TestClient, who: SignedIn, lang: str, deadline: float, report: Report
    ) -> None:
        self.client = client
        self.headers = {**who.headers, "Accept-Language": lang}
        self.lang = lang
        self.deadline = deadline
        self.report = report
        self.inputs: list[str] = []
        self.allowed: set[str] = set()
        self.problems: list[str] = []

    def request(self, method: str, path: str, **kwargs: Any) -> Any:
        return self.client.request(method, path, headers=self.headers, **kwargs)

    def read(self, texts: list[str]) -> None:
        self.inputs += texts

    def problem(self, action: str, what: str) -> None:
        self.problems.append(f"{action} [{self.lang}]: {what}")

    def call(self, action: str, method: str, path: str, **kwargs: Any) -> dict[str, Any] | None:
        started = time.perf_counter()
        response = self.request(method, path, **kwargs)
        seconds = time.perf_counter() - started
        body = response.json() if response.content else {}
        return self.judge(action, response.status_code, body, seconds)

    def judge(
        self,
        action: str,
        status: int,
        body: dict[str, Any],
        seconds: float,
        job: dict[str, Any] | None = None,
    ) -> dict[str, Any] | None:
        """Records the action and what went wrong with it; its answer when there is one."""
        found: list[str] = []
        error = body.get("errorCode") if status != 200 else None
        if status != 200:
            found.append(f"HTTP {status} {error}")
        if job is not None and job["status"] != "succeeded":
            error = job.get("errorCode")
            found.append(f"job {job['status']} {error}: {job.get('errorMessage')}")
        if seconds > self.deadline + SLACK_SECONDS:
            found.append(f"{seconds:.1f} s, over the {self.deadline:.0f} s deadline")
        answered = status == 200 and (job is None or job["status"] == "succeeded")
        extra = sorted(invented(body, self.inputs, self.allowed)) if answered else []
        if extra:
            found.append(f"numbers in no input: {extra}")
        self.report.add(
            action=action,
            lang=self.lang,
            status=status,
            jobStatus=job["status"] if job else None,
            errorCode=error,
            seconds=round(seconds, 2),
            provider=body.get("provider") or (body.get("result") or {}).get("provider"),
            # The parts the offline assistant completed (the model's answer was cut or wrong).
            fallbackFields=body.get("fallbackFields")
            or (body.get("result") or {}).get("fallbackSlides"),
            invented=extra,
        )
        for what in found:
            self.problem(action, what)
        return body if answered else None

    def job(self, action: str, path: str, **kwargs: Any) -> dict[str, Any] | None:
        """A job action: started, then followed until it ends (its time is the whole wait)."""
        started = time.perf_counter()
        response = self.request("POST", path, **kwargs)
        if response.status_code != 200:
            return self.judge(action, response.status_code, response.json(), 0.0)
        job_id = response.json()["_id"]
        # Followed past its deadline, up to a bound, so that a slow job is measured, not cut:
        # the app's teardown waits for it anyway.
        limit = started + max(JOB_WAIT_SECONDS, self.deadline + SLACK_SECONDS)
        while True:
            job = self.request("GET", f"/api/jobs/{job_id}").json()
            if job["status"] not in {"queued", "running"} or time.perf_counter() > limit:
                break
            time.sleep(0.5)
        seconds = time.perf_counter() - started
        answer = {"result": job.get("result") or {}}
        return self.judge(action, response.status_code, answer, seconds, job=job)


def _deadline(app: FastAPI) -> float:
    return float(
        getattr(app.state.settings, "ai_deadline_seconds", None) or DEFAULT_DEADLINE_SECONDS
    )


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_every_ai_action_answers_in_time_with_no_invented_number(
    app: FastAPI,
    client: TestClient,
    builtins: dict[str, str],
    alice: SignedIn,
    report: Report,
    lang: str,
) -> None:
    actions = Actions(client, alice, lang, _deadline(app), report)
    # Slide positions (the outline's "slide 3", a move's destination) are not figures.
    actions.allowed = {str(n) for n in range(NUM_SLIDES + 3)}
    every_action(actions, lang, builtins)

    if actions.problems:
        pytest.fail("\n".join(actions.problems), pytrace=False)
