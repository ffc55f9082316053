"""Nothing but the public routes answers a caller without valid credentials (issue 17).

Every operation of the OpenAPI document is called with Alice's real ids and a valid body,
once with no credentials and once with each kind of bad token (malformed, expired, signed
with another key, `alg: none`, of a revoked version, signed out, of no user, an unknown API
token); each answers 401 with a typed `errorCode` and changes nothing. The public
operations are a list with the reason for each, and it must equal the operations the document
itself declares without a credential. The MCP endpoint (`/mcp`, outside the document) is
checked the same way.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.core.ids import new_id
from slidewright.core.security import issue_token, read_token
from tests.api_document import operations
from tests.helpers import MCP_ACCEPT, SignedIn, mcp_initialize, signup
from tests.security.world import (
    People,
    Seeded,
    body_kwargs,
    call,
    changes,
    error_code,
    path_values,
    snapshot,
)

# The operations anyone may call, and why (the spec's public routes, §2, and what they need).
PUBLIC_OPERATIONS = {
    "signup": "the /signup page is public: registering is how one gets a credential",
    "login": "the /login page is public: signing in is how one gets a credential",
    "chatSsoStart": "sign-in with the sister chat product (spec §1) starts signed out",
    "chatSsoCallback": "the chat product's identity provider sends the signed-out browser here",
    "chatSsoExchange": "turns the callback's one-time code into a session: still signed out",
    "getLicenseStatus": "the sign-in pages' footer shows License Info before anyone signs in",
    "getAppConfig": "what the sign-in page offers (chat sign-in on or off, its name)",
    "getHealth": "the liveness probe of load balancers and monitors, which hold no account",
    "getReadiness": "the readiness probe of orchestrators, which hold no account",
}
_AUTH_ERRORS = {"not_authenticated", "invalid_token"}


def _unsigned(claims: dict[str, Any]) -> str:
    """A JWT with `alg: none` and no signature (a classic forgery)."""

    def part(value: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()

    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."


def _bad_credentials(
    app: FastAPI, client: TestClient, alice: SignedIn
) -> dict[str, tuple[dict[str, str], str]]:
    """label -> (headers, the errorCode expected); `alice` signed up with "secret1"."""
    secret = app.state.settings.resolved_secret_key
    claims = read_token(alice.token, secret=secret)
    assert claims is not None
    user, version = claims.user_id, claims.version
    # A second session of Alice's, signed out: its token id is revoked.
    second = client.post(
        "/api/auth/login", json={"email": "alice@example.com", "password": "secret1"}
    ).json()["token"]
    bearer = {"Authorization": f"Bearer {second}"}
    assert client.post("/api/auth/logout", headers=bearer).status_code == 204
    tokens = {
        "a malformed token": "not-a-token",
        "an expired token": issue_token(user, version, secret=secret, minutes=-5),
        "a token signed with another key": issue_token(
            user, version, secret="another-secret-key-that-is-long-enough-for-hs256", minutes=60
        ),
        "an alg-none token": _unsigned({"sub": user, "ver": version, "exp": 4_102_444_800}),
        "a token of a revoked version": issue_token(user, version + 1, secret=secret, minutes=60),
        "a signed-out token": second,
        "a token of no user": issue_token(new_id(), 0, secret=secret, minutes=60),
        "an unknown API token": "swpat_" + "x" * 43,
    }
    cases: dict[str, tuple[dict[str, str], str]] = {
        "no credentials": ({}, "not_authenticated"),
        "another scheme": ({"Authorization": "Basic YWxpY2U6c2VjcmV0MQ=="}, "not_authenticated"),
    }
    for label, token in tokens.items():
        cases[label] = ({"Authorization": f"Bearer {token}"}, "invalid_token")
    return cases


def test_public_operations_are_exactly_those_the_document_declares_without_credentials(
    app: FastAPI,
) -> None:
    public = {op.operation_id for op in operations(app) if not op.secured}
    assert public == set(PUBLIC_OPERATIONS)


def test_every_other_operation_refuses_a_caller_without_valid_credentials(
    app: FastAPI, client: TestClient, world: People
) -> None:
    document = app.openapi()
    credentials = _bad_credentials(app, client, world.alice.who)
    before = snapshot(app)
    failures = []
    secured = [op for op in operations(app) if op.operation_id not in PUBLIC_OPERATIONS]
    for op in secured:
        url = op.url(path_values(op, lambda _: world.alice))
        body = body_kwargs(document, op, client, world.alice)
        for label, (headers, expected) in credentials.items():
            response = call(client, op, url, body, headers)
            code = error_code(response) if op.method != "HEAD" else expected
            if response.status_code != 401 or code != expected:
                failures.append(f"{op} with {label}: {response.status_code} {response.text[:150]}")
    after = snapshot(app)
    assert not failures, "\n".join(failures)
    assert after == before, changes(before, after)


def test_public_operations_answer_whatever_token_a_browser_still_holds(
    app: FastAPI, client: TestClient
) -> None:
    """A stale token left in the browser never stands between a user and signing in."""
    document = app.openapi()
    alice = signup(client, "alice@example.com")
    credentials = _bad_credentials(app, client, alice)
    failures = []
    for op in operations(app):
        if op.operation_id not in PUBLIC_OPERATIONS:
            continue
        for label, (headers, _) in credentials.items():
            body = body_kwargs(document, op, client, Seeded(alice, marker="nothing"))
            response = client.request(
                op.method, op.path, headers=headers, follow_redirects=False, **body
            )
            if error_code(response) in _AUTH_ERRORS or response.status_code == 500:
                failures.append(f"{op} with {label}: {response.status_code} {response.text[:150]}")
    assert not failures, "\n".join(failures)


def test_the_mcp_endpoint_refuses_a_caller_without_valid_credentials(
    app: FastAPI, client: TestClient
) -> None:
    alice = signup(client, "alice@example.com", name="Alice")
    for label, (headers, expected) in _bad_credentials(app, client, alice).items():
        for method in ("POST", "GET", "DELETE"):
            response = client.request(
                method,
                "/mcp",
                headers={**headers, **MCP_ACCEPT},
                json=mcp_initialize("security-test") if method == "POST" else None,
            )
            assert response.status_code == 401, f"{method} with {label}: {response.text[:200]}"
            assert response.json()["errorCode"] == expected, f"{method} with {label}"
            assert response.headers["www-authenticate"] == "Bearer"
