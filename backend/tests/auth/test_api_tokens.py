"""Personal access tokens: shown once, hashed, scoped, expiring, revocable, per user."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from slidewright.auth import api_tokens
from slidewright.auth.models import ApiToken
from slidewright.core.clock import utcnow
from tests.helpers import SignedIn, bearer, change_password


def _create(client: TestClient, who: SignedIn, scope: str = "write", **extra: object) -> dict:
    body = {"name": "nightly export", "scope": scope, **extra}
    response = client.post("/api/users/me/tokens", json=body, headers=who.headers)
    assert response.status_code == 201, response.text
    return response.json()


def test_a_token_is_shown_once_and_works_as_a_bearer_token(
    client: TestClient, alice: SignedIn
) -> None:
    created = _create(client, alice)
    secret = created["token"]
    assert secret.startswith("swpat_") and created["prefix"] == secret[:10]
    assert created["scope"] == "write" and created["lastUsedAt"] is None
    me = client.get("/api/users/me", headers=bearer(secret))
    assert me.status_code == 200 and me.json()["email"] == "alice@example.com"
    [listed] = client.get("/api/users/me/tokens", headers=alice.headers).json()
    assert "token" not in listed  # never again
    assert listed["_id"] == created["_id"] and listed["lastUsedAt"] is not None


def test_the_last_use_is_kept_even_when_the_request_fails(
    client: TestClient, alice: SignedIn
) -> None:
    # Noted in a transaction of its own (the request's may hold SQLite's write lock for a
    # minute), so a request that ends in an error still counts as a use.
    secret = _create(client, alice)["token"]
    missing = client.get("/api/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV", headers=bearer(secret))
    assert missing.status_code == 404
    [listed] = client.get("/api/users/me/tokens", headers=alice.headers).json()
    assert listed["lastUsedAt"] is not None


def test_only_a_hash_of_the_secret_is_stored(
    client: TestClient, alice: SignedIn, db_session: Session
) -> None:
    secret = _create(client, alice)["token"]
    row = db_session.scalar(select(ApiToken))
    assert row is not None and secret not in (row.secret_hash, row.prefix)


def test_a_read_token_reads_but_may_not_write(client: TestClient, alice: SignedIn) -> None:
    secret = _create(client, alice, scope="read")["token"]
    assert client.get("/api/projects", headers=bearer(secret)).status_code == 200
    search = client.post("/api/materials/search", json={"query": "x"}, headers=bearer(secret))
    assert search.status_code != 403
    refused = client.post(
        "/api/tags",
        json={"name": "from a script"},
        headers=bearer(secret) | {"Accept-Language": "zh-CN"},
    )
    assert refused.status_code == 403
    assert refused.json()["errorCode"] == "api_token_read_only"
    assert "只读" in refused.json()["message"]
    assert client.get("/api/tags", headers=alice.headers).json() == []


def test_a_write_token_writes(client: TestClient, alice: SignedIn) -> None:
    secret = _create(client, alice, scope="write")["token"]
    response = client.post("/api/tags", json={"name": "from a script"}, headers=bearer(secret))
    assert response.status_code == 201


def test_deleted_and_expired_tokens_are_refused(
    client: TestClient, alice: SignedIn, db_session: Session
) -> None:
    deleted = _create(client, alice)
    response = client.delete(f"/api/users/me/tokens/{deleted['_id']}", headers=alice.headers)
    assert response.status_code == 204
    gone = client.get("/api/users/me", headers=bearer(deleted["token"]))
    assert gone.status_code == 401 and gone.json()["errorCode"] == "invalid_token"

    expiring = _create(client, alice, expiresInDays=1)
    assert client.get("/api/users/me", headers=bearer(expiring["token"])).status_code == 200
    row = db_session.get(ApiToken, expiring["_id"])
    assert row is not None
    row.expires_at = utcnow() - timedelta(seconds=1)
    db_session.commit()
    expired = client.get("/api/users/me", headers=bearer(expiring["token"]))
    assert expired.status_code == 401 and expired.json()["errorCode"] == "invalid_token"


def test_unknown_tokens_with_the_prefix_are_refused(client: TestClient) -> None:
    response = client.get("/api/users/me", headers=bearer("swpat_" + "A" * 43))
    assert response.status_code == 401 and response.json()["errorCode"] == "invalid_token"


def test_a_password_change_or_sign_out_everywhere_keeps_api_tokens(
    client: TestClient, alice: SignedIn
) -> None:
    secret = _create(client, alice)["token"]
    fresh = change_password(client, alice, "secret2")
    assert client.post("/api/auth/logout-everywhere", headers=bearer(fresh)).status_code == 204
    assert client.get("/api/users/me", headers=bearer(secret)).status_code == 200


def test_an_api_token_cannot_manage_tokens_passwords_or_sessions(
    client: TestClient, alice: SignedIn
) -> None:
    secret = _create(client, alice)["token"]
    for method, path, body in (
        ("POST", "/api/users/me/tokens", {"name": "escalate", "scope": "write"}),
        ("GET", "/api/users/me/tokens", None),
        ("PUT", "/api/users/me/password", {"currentPassword": "secret1", "newPassword": "x" * 8}),
        ("POST", "/api/auth/logout-everywhere", None),
    ):
        response = client.request(method, path, json=body, headers=bearer(secret))
        assert response.status_code == 403, path
        assert response.json()["errorCode"] == "api_token_not_allowed"


def test_tokens_belong_to_their_user(client: TestClient, alice: SignedIn, bob: SignedIn) -> None:
    alices = _create(client, alice)
    assert client.get("/api/users/me/tokens", headers=bob.headers).json() == []
    response = client.delete(f"/api/users/me/tokens/{alices['_id']}", headers=bob.headers)
    assert response.status_code == 404
    assert response.json()["errorCode"] == "api_token_not_found"
    # Bob's own token signs in as Bob, never as Alice.
    bobs = _create(client, bob)["token"]
    assert client.get("/api/users/me", headers=bearer(bobs)).json()["email"] == "bob@example.com"
    assert client.get("/api/users/me", headers=bearer(alices["token"])).status_code == 200


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"name": "   "}, "api_token_name_required"),
        ({"name": "x", "scope": "admin"}, "validation_error"),
        ({"name": "x", "expiresInDays": 0}, "validation_error"),
        ({"name": "x", "secret": "mine"}, "validation_error"),
    ],
)
def test_bad_requests_are_typed(client: TestClient, alice: SignedIn, body: dict, code: str) -> None:
    response = client.post("/api/users/me/tokens", json=body, headers=alice.headers)
    assert response.status_code == 422
    assert response.json()["errorCode"] == code


def test_tokens_default_to_read_only_for_90_days(client: TestClient, alice: SignedIn) -> None:
    response = client.post("/api/users/me/tokens", json={"name": "x"}, headers=alice.headers)
    created = response.json()
    assert created["scope"] == "read"
    assert created["expiresAt"] is not None


def test_the_prefix_tells_tokens_apart_from_sign_in_tokens(alice: SignedIn) -> None:
    assert not api_tokens.looks_like_api_token(alice.token)
