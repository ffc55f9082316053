"""Property-based fuzzing of the whole API (schemathesis): a bad request never gets a 500.

Every operation in the OpenAPI document is called with generated input, as a signed-in user;
any 5xx, or a JSON error body without a typed `errorCode`, fails the test.
"""

from __future__ import annotations

import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings

from tests.helpers import signup

# Logging out (here or everywhere) would revoke the token every other call uses; they have
# their own tests.
SKIPPED = {("POST", "/api/auth/logout"), ("POST", "/api/auth/logout-everywhere")}


def _expected_5xx(response: object) -> bool:
    """503 `ai_unavailable` is the honest answer of a server without an AI provider."""
    return getattr(response, "status_code", 0) == 503 and "ai_unavailable" in getattr(
        response, "text", ""
    )


def test_no_generated_request_gets_a_server_error(app: FastAPI, client: TestClient) -> None:
    token = signup(client, "fuzz@example.com").token
    headers = {"Authorization": f"Bearer {token}"}
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
    failures: list[str] = []
    seen: list[int] = []
    for result in schema.get_all_operations():
        operation = result.ok()
        if (operation.method.upper(), operation.path) in SKIPPED:
            continue

        @given(case=operation.as_strategy())
        @settings(
            max_examples=15,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def call(case: schemathesis.Case) -> None:
            response = case.call(headers=headers)
            seen.append(response.status_code)
            label = f"{case.method} {case.formatted_path} -> {response.status_code}"
            if response.status_code >= 500 and not _expected_5xx(response):
                failures.append(f"{label}: {response.text[:200]}")
            elif (
                response.status_code >= 400
                and "json" in response.headers.get("content-type", "")
                and "errorCode" not in response.json()
            ):
                failures.append(f"{label} without errorCode: {response.text[:200]}")

        call()
    assert len(seen) > 100, "the fuzzer made too few calls to mean anything"
    assert not failures, "\n".join(failures[:20])
