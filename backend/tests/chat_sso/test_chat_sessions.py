"""A chat sign-on is a sign-in session like any other, marked as such."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.chat_sso.conftest import MockProvider, sign_in

FEISHU_ANDROID = (
    "Mozilla/5.0 (Linux; Android 13; V2241A) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Version/4.0 Chrome/109.0.5414.86 Mobile Safari/537.36 Feishu/7.29.5"
)


def test_a_chat_sign_in_is_listed_as_a_chat_session_that_can_be_ended(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("sess-1", email="sess@example.com", email_verified=True, name="Sess")
    client.headers["User-Agent"] = FEISHU_ANDROID
    first = sign_in(client, oidc_provider, "sess-1")["token"]
    second = sign_in(client, oidc_provider, "sess-1")["token"]
    headers = {"Authorization": f"Bearer {first}"}
    listed = client.get("/api/auth/sessions", headers=headers).json()
    assert [(item["method"], item["browser"], item["os"]) for item in listed] == [
        ("chat", "feishu", "android")
    ] * 2
    ended = client.post("/api/auth/sessions/end-others", headers=headers).json()
    assert ended == {"ended": 1}
    me = client.get("/api/users/me", headers={"Authorization": f"Bearer {second}"})
    assert me.status_code == 401
