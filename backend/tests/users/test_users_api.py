from __future__ import annotations

from fastapi.testclient import TestClient

from tests.helpers import bearer, change_password, login, signup


def test_get_and_update_own_profile(client: TestClient) -> None:
    me = signup(client, "me@example.com", name="Old Name")
    response = client.put("/api/users/me", json={"name": "  New Name "}, headers=me.headers)
    assert response.status_code == 200
    assert response.json()["name"] == "New Name"
    assert client.get("/api/users/me", headers=me.headers).json()["name"] == "New Name"


def test_update_refuses_a_changed_role(client: TestClient) -> None:
    signup(client, "admin@example.com")
    user = signup(client, "user@example.com")
    response = client.put(
        "/api/users/me", json={"name": "X", "role": "Admin"}, headers=user.headers
    )
    assert response.status_code == 422
    assert response.json()["errorCode"] == "read_only_field"
    assert response.json()["details"]["field"] == "role"
    assert client.get("/api/users/me", headers=user.headers).json()["role"] == "User"


def test_update_email_checks_format_and_uniqueness(client: TestClient) -> None:
    signup(client, "taken@example.com")
    me = signup(client, "me@example.com")
    bad = client.put("/api/users/me", json={"email": "nope"}, headers=me.headers)
    assert bad.json()["errorCode"] == "invalid_email"
    taken = client.put("/api/users/me", json={"email": "Taken@example.com"}, headers=me.headers)
    assert taken.json()["errorCode"] == "email_already_exists"
    ok = client.put("/api/users/me", json={"email": "new@example.com"}, headers=me.headers)
    assert ok.json()["email"] == "new@example.com"


def test_change_password_revokes_other_tokens_and_returns_a_fresh_one(client: TestClient) -> None:
    me = signup(client, "me@example.com")
    other_tab = login(client, "me@example.com")
    fresh = change_password(client, me, "better-secret")
    assert client.get("/api/users/me", headers=bearer(fresh)).status_code == 200
    for token in (me.token, other_tab):
        assert client.get("/api/users/me", headers=bearer(token)).status_code == 401
    login(client, "me@example.com", password="better-secret")


def test_change_password_with_wrong_current_password(client: TestClient) -> None:
    me = signup(client, "me@example.com")
    response = client.put(
        "/api/users/me/password",
        json={"currentPassword": "wrong-one", "newPassword": "better-secret"},
        headers=me.headers,
    )
    assert response.status_code == 401
    assert response.json()["errorCode"] == "incorrect_password"
    assert client.get("/api/users/me", headers=me.headers).status_code == 200


def test_change_password_enforces_minimum_length(client: TestClient) -> None:
    me = signup(client, "me@example.com")
    response = client.put(
        "/api/users/me/password",
        json={"currentPassword": "secret1", "newPassword": "123"},
        headers=me.headers,
    )
    assert response.json()["errorCode"] == "password_too_short"


def test_public_profile_hides_the_email(client: TestClient) -> None:
    alice = signup(client, "alice@example.com", name="Alice")
    bob = signup(client, "bob@example.com", name="Bob")
    response = client.get(f"/api/users/{alice.user['_id']}", headers=bob.headers)
    assert response.status_code == 200
    assert response.json() == {
        "_id": alice.user["_id"],
        "name": "Alice",
        "role": "Admin",
        "authType": "local",
    }


def test_unknown_user_profile_is_404(client: TestClient) -> None:
    me = signup(client, "me@example.com")
    response = client.get("/api/users/01ARZ3NDEKTSV4RRFFQ69G5FAV", headers=me.headers)
    assert response.status_code == 404
    assert response.json()["errorCode"] == "user_not_found"
