from __future__ import annotations

from fastapi.testclient import TestClient

from slidewright.core.config import Settings
from slidewright.license import service as license_service
from tests.helpers import signup


def test_signup_returns_token_and_user_and_first_account_is_admin(client: TestClient) -> None:
    first = signup(client, "first@example.com", name="Ada")
    second = signup(client, "second@example.com")
    assert first.user["role"] == "Admin"
    assert first.user["authType"] == "local"
    assert set(first.user) >= {"_id", "name", "email", "role", "authType", "createdAt"}
    assert "passwordHash" not in first.user
    assert second.user["role"] == "User"


def test_signup_normalizes_email_case(client: TestClient) -> None:
    signup(client, "Mixed.Case@Example.com")
    response = client.post(
        "/api/auth/login", json={"email": "mixed.case@example.com", "password": "secret1"}
    )
    assert response.status_code == 200


def test_signup_rejects_invalid_email(client: TestClient) -> None:
    response = client.post(
        "/api/auth/signup", json={"name": "A", "email": "not-an-email", "password": "secret1"}
    )
    assert response.status_code == 422
    assert response.json()["errorCode"] == "invalid_email"


def test_signup_rejects_duplicate_email(client: TestClient) -> None:
    signup(client, "dup@example.com")
    response = client.post(
        "/api/auth/signup", json={"name": "B", "email": "DUP@example.com", "password": "secret1"}
    )
    assert response.status_code == 409
    assert response.json()["errorCode"] == "email_already_exists"


def test_signup_rejects_short_password(client: TestClient) -> None:
    response = client.post(
        "/api/auth/signup", json={"name": "A", "email": "a@example.com", "password": "12345"}
    )
    assert response.status_code == 422
    body = response.json()
    assert body["errorCode"] == "password_too_short"
    assert body["details"] == {"minLength": 6}


def test_signup_requires_a_name(client: TestClient) -> None:
    response = client.post(
        "/api/auth/signup", json={"name": "  ", "email": "a@example.com", "password": "secret1"}
    )
    assert response.json()["errorCode"] == "name_required"


def test_missing_fields_are_a_typed_validation_error(client: TestClient) -> None:
    response = client.post("/api/auth/signup", json={"email": "a@example.com"})
    assert response.status_code == 422
    body = response.json()
    assert body["errorCode"] == "validation_error"
    assert {error["field"] for error in body["details"]["errors"]} == {"name", "password"}


def test_error_messages_follow_accept_language(client: TestClient) -> None:
    response = client.post(
        "/api/auth/login",
        json={"email": "ghost@example.com", "password": "whatever"},
        headers={"Accept-Language": "zh-CN,zh;q=0.9"},
    )
    assert response.json() == {
        "errorCode": "user_not_found",
        "message": "用户不存在。",
        "details": {},
    }


def test_login_unknown_user(client: TestClient) -> None:
    response = client.post(
        "/api/auth/login", json={"email": "ghost@example.com", "password": "secret1"}
    )
    assert response.status_code == 404
    assert response.json()["errorCode"] == "user_not_found"
    assert response.json()["message"] == "User not found."


def test_login_wrong_password_names_the_auth_type(client: TestClient) -> None:
    signup(client, "user@example.com")
    response = client.post(
        "/api/auth/login", json={"email": "user@example.com", "password": "wrong-pw"}
    )
    assert response.status_code == 401
    assert response.json()["errorCode"] == "incorrect_password"
    assert response.json()["details"] == {"authType": "local"}


def test_login_returns_a_working_token(client: TestClient) -> None:
    signup(client, "user@example.com", name="Lin")
    response = client.post(
        "/api/auth/login", json={"email": "user@example.com", "password": "secret1"}
    )
    token = response.json()["token"]
    me = client.get("/api/users/me", headers={"Authorization": f"Bearer {token}"})
    assert me.status_code == 200
    assert me.json()["name"] == "Lin"


def test_repeated_failures_are_rate_limited_per_email(client: TestClient) -> None:
    signup(client, "target@example.com")
    for _ in range(5):
        response = client.post(
            "/api/auth/login", json={"email": "target@example.com", "password": "bad-pass"}
        )
        assert response.json()["errorCode"] == "incorrect_password"
    blocked = client.post(
        "/api/auth/login", json={"email": "target@example.com", "password": "secret1"}
    )
    assert blocked.status_code == 429
    assert blocked.json()["errorCode"] == "rate_limited"
    assert blocked.headers["Retry-After"] == "60"
    # Another account from the same IP is not locked out by these five failures.
    signup(client, "other@example.com")
    ok = client.post("/api/auth/login", json={"email": "other@example.com", "password": "secret1"})
    assert ok.status_code == 200


def test_repeated_failures_are_rate_limited_per_ip(client: TestClient) -> None:
    for attempt in range(20):
        client.post(
            "/api/auth/login", json={"email": f"nobody{attempt}@example.com", "password": "x"}
        )
    blocked = client.post("/api/auth/login", json={"email": "fresh@example.com", "password": "x"})
    assert blocked.status_code == 429


def _me_status(client: TestClient, token: str) -> int:
    return client.get("/api/users/me", headers={"Authorization": f"Bearer {token}"}).status_code


def test_logout_ends_only_this_session(client: TestClient) -> None:
    account = signup(client, "user@example.com")
    other_browser = client.post(
        "/api/auth/login", json={"email": "user@example.com", "password": "secret1"}
    ).json()["token"]
    assert client.post("/api/auth/logout", headers=account.headers).status_code == 204
    response = client.get("/api/users/me", headers=account.headers)
    assert response.status_code == 401
    assert response.json()["errorCode"] == "invalid_token"
    assert _me_status(client, other_browser) == 200
    # Signing in again after a logout gives a working token (a new token id).
    again = client.post(
        "/api/auth/login", json={"email": "user@example.com", "password": "secret1"}
    ).json()["token"]
    assert _me_status(client, again) == 200


def test_logout_twice_is_refused_the_second_time(client: TestClient) -> None:
    account = signup(client, "user@example.com")
    assert client.post("/api/auth/logout", headers=account.headers).status_code == 204
    assert client.post("/api/auth/logout", headers=account.headers).status_code == 401


def test_logout_everywhere_revokes_every_token(client: TestClient) -> None:
    account = signup(client, "user@example.com")
    second = client.post(
        "/api/auth/login", json={"email": "user@example.com", "password": "secret1"}
    ).json()
    response = client.post("/api/auth/logout-everywhere", headers=account.headers)
    assert response.status_code == 204
    for token in (account.token, second["token"]):
        response = client.get("/api/users/me", headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 401
        assert response.json()["errorCode"] == "invalid_token"


def test_one_users_logout_never_touches_another_user(client: TestClient) -> None:
    alice = signup(client, "alice@example.com")
    bob = signup(client, "bob@example.com")
    client.post("/api/auth/logout-everywhere", headers=alice.headers)
    assert _me_status(client, bob.token) == 200


def test_requests_without_or_with_a_tampered_token_are_rejected(client: TestClient) -> None:
    account = signup(client, "user@example.com")
    assert client.get("/api/users/me").json()["errorCode"] == "not_authenticated"
    tampered = account.token[:-2] + ("AA" if not account.token.endswith("AA") else "BB")
    response = client.get("/api/users/me", headers={"Authorization": f"Bearer {tampered}"})
    assert response.status_code == 401
    assert response.json()["errorCode"] == "invalid_token"


def test_signup_is_refused_when_the_license_seats_are_taken(
    client: TestClient, settings: Settings
) -> None:
    license_service.keygen(settings)
    license_service.issue(settings, client="Acme", max_users=2, days=30)
    signup(client, "one@example.com")
    signup(client, "two@example.com")
    response = client.post(
        "/api/auth/signup", json={"name": "C", "email": "three@example.com", "password": "secret1"}
    )
    assert response.status_code == 403
    assert response.json()["errorCode"] == "license_user_limit"
    assert response.json()["details"] == {"maxUsers": 2}
