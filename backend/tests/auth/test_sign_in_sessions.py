"""Sign-in sessions: listed per user, each one can be ended, its token refused at once."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from slidewright.auth.models import SignInSession
from slidewright.auth.sign_in_sessions import LAST_SEEN_RESOLUTION
from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.core.security import issue_token
from tests.helpers import SignedIn, bearer, change_password, login

CHROME_WINDOWS = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36"
)
WECHAT_IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI"
)


def _login(client: TestClient, email: str, user_agent: str = CHROME_WINDOWS) -> str:
    return login(client, email, **{"User-Agent": user_agent})


def _sessions(client: TestClient, token: str) -> list[dict]:
    response = client.get("/api/auth/sessions", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def _me_status(client: TestClient, token: str) -> int:
    return client.get("/api/users/me", headers=bearer(token)).status_code


def test_every_sign_in_is_a_session_named_by_its_browser(
    client: TestClient, alice: SignedIn
) -> None:
    phone = _login(client, "alice@example.com", WECHAT_IPHONE)
    listed = _sessions(client, alice.token)
    assert len(listed) == 2
    by_browser = {item["browser"]: item for item in listed}
    assert set(by_browser) == {"wechat", "other"}  # signup() sends the test client's agent
    wechat = by_browser["wechat"]
    assert wechat["os"] == "ios" and wechat["method"] == "password"
    assert wechat["userAgent"] == WECHAT_IPHONE
    assert wechat["current"] is False and by_browser["other"]["current"] is True
    # Nothing else is kept about a session: no IP address.
    assert set(wechat) == {
        "_id",
        "method",
        "browser",
        "os",
        "userAgent",
        "createdAt",
        "lastSeenAt",
        "expiresAt",
        "current",
    }
    # From the phone, the phone is the current one.
    assert [
        item["current"] for item in _sessions(client, phone) if item["browser"] == "wechat"
    ] == [True]


def test_sessions_are_listed_most_recently_seen_first(
    client: TestClient, alice: SignedIn, db_session: Session
) -> None:
    older, newer = _login(client, "alice@example.com"), _login(client, "alice@example.com")
    ids = {}
    for token, minutes in ((older, 4), (newer, 2)):
        [mine] = [item for item in _sessions(client, token) if item["current"]]
        row = db_session.get(SignInSession, mine["_id"])
        assert row is not None
        # Within the resolution: listing does not note them as seen again.
        row.last_seen_at = utcnow() - timedelta(minutes=minutes)
        ids[token] = row.id
    db_session.commit()
    listed = _sessions(client, alice.token)
    assert [item["_id"] for item in listed][1:] == [ids[newer], ids[older]]
    assert listed[0]["current"] is True


def test_a_user_never_sees_or_ends_another_users_sessions(
    client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    alices = _sessions(client, alice.token)
    bobs = _sessions(client, bob.token)
    assert {item["_id"] for item in alices}.isdisjoint(item["_id"] for item in bobs)
    assert len(bobs) == 1
    response = client.delete(
        f"/api/auth/sessions/{alices[0]['_id']}",
        headers=bearer(bob.token, **{"Accept-Language": "zh-CN"}),
    )
    assert response.status_code == 404
    assert response.json()["errorCode"] == "sign_in_session_not_found"
    assert "登录会话" in response.json()["message"]
    assert _me_status(client, alice.token) == 200
    # Bob ending "all his others" leaves Alice signed in.
    assert client.post("/api/auth/sessions/end-others", headers=bob.headers).json() == {"ended": 0}
    assert _me_status(client, alice.token) == 200


def test_an_ended_sessions_token_is_refused_at_once(client: TestClient, alice: SignedIn) -> None:
    laptop = _login(client, "alice@example.com")
    [other] = [item for item in _sessions(client, alice.token) if not item["current"]]
    response = client.delete(f"/api/auth/sessions/{other['_id']}", headers=alice.headers)
    assert response.status_code == 204
    refused = client.get("/api/users/me", headers=bearer(laptop))
    assert refused.status_code == 401 and refused.json()["errorCode"] == "invalid_token"
    assert _me_status(client, alice.token) == 200
    assert [item["_id"] for item in _sessions(client, alice.token)] != [other["_id"]]
    assert len(_sessions(client, alice.token)) == 1
    # Ending it again: it is not one of the active sessions any more.
    again = client.delete(f"/api/auth/sessions/{other['_id']}", headers=alice.headers)
    assert again.status_code == 404


def test_ending_the_current_session_is_a_logout(client: TestClient, alice: SignedIn) -> None:
    [current] = _sessions(client, alice.token)
    response = client.delete(f"/api/auth/sessions/{current['_id']}", headers=alice.headers)
    assert response.status_code == 204
    assert _me_status(client, alice.token) == 401


def test_end_others_keeps_only_the_current_session(client: TestClient, alice: SignedIn) -> None:
    others = [_login(client, "alice@example.com") for _ in range(2)]
    response = client.post("/api/auth/sessions/end-others", headers=alice.headers)
    assert response.status_code == 200 and response.json() == {"ended": 2}
    assert [_me_status(client, token) for token in others] == [401, 401]
    assert _me_status(client, alice.token) == 200
    [left] = _sessions(client, alice.token)
    assert left["current"] is True


def test_a_logout_ends_its_session_in_the_list(client: TestClient, alice: SignedIn) -> None:
    laptop = _login(client, "alice@example.com")
    assert client.post("/api/auth/logout", headers=bearer(laptop)).status_code == 204
    assert len(_sessions(client, alice.token)) == 1


def test_sign_out_everywhere_and_a_password_change_end_every_session(
    client: TestClient, alice: SignedIn
) -> None:
    _login(client, "alice@example.com")
    fresh = change_password(client, alice, "secret2")
    [only] = _sessions(client, fresh)
    assert only["current"] is True and only["method"] == "password"

    again = login(client, "alice@example.com", password="secret2")
    assert client.post("/api/auth/logout-everywhere", headers=bearer(fresh)).status_code == 204
    assert _me_status(client, again) == 401
    newest = login(client, "alice@example.com", password="secret2")
    assert len(_sessions(client, newest)) == 1


def test_last_seen_is_written_at_most_once_per_resolution(
    client: TestClient, alice: SignedIn, db_session: Session
) -> None:
    [listed] = _sessions(client, alice.token)
    row = db_session.get(SignInSession, listed["_id"])
    assert row is not None
    long_ago = utcnow() - LAST_SEEN_RESOLUTION - timedelta(minutes=1)
    row.last_seen_at = long_ago
    db_session.commit()

    assert _me_status(client, alice.token) == 200
    db_session.refresh(row)
    touched = row.last_seen_at
    assert touched > long_ago + LAST_SEEN_RESOLUTION  # noted as now

    # Within the resolution a request writes nothing.
    recently = touched - timedelta(minutes=1)
    row.last_seen_at = recently
    db_session.commit()
    assert _me_status(client, alice.token) == 200
    db_session.refresh(row)
    assert row.last_seen_at == recently


def test_last_seen_is_noted_even_when_the_request_fails(
    client: TestClient, alice: SignedIn, db_session: Session
) -> None:
    row = db_session.scalar(select(SignInSession))
    assert row is not None
    long_ago = utcnow() - timedelta(hours=1)
    row.last_seen_at = long_ago
    db_session.commit()
    missing = client.get("/api/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV", headers=alice.headers)
    assert missing.status_code == 404
    db_session.refresh(row)
    assert row.last_seen_at > long_ago


def test_a_token_from_before_sessions_were_recorded_works_until_its_logout(
    client: TestClient, alice: SignedIn, settings: Settings, db_session: Session
) -> None:
    # Issued the way tokens were before this change: no session row.
    legacy = issue_token(
        alice.user["_id"], 0, secret=settings.resolved_secret_key, minutes=60
    ).token
    assert _me_status(client, legacy) == 200
    assert all(item["current"] is False for item in _sessions(client, legacy))
    assert client.post("/api/auth/logout", headers=bearer(legacy)).status_code == 204
    assert _me_status(client, legacy) == 401
    assert _me_status(client, alice.token) == 200  # the other session stays in
    ended = db_session.scalar(select(SignInSession).where(SignInSession.method.is_(None)))
    assert ended is not None and ended.ended_at is not None
    assert len(_sessions(client, alice.token)) == 1  # never listed


def test_an_api_token_may_not_see_or_end_sessions(client: TestClient, alice: SignedIn) -> None:
    created = client.post(
        "/api/users/me/tokens", json={"name": "script", "scope": "write"}, headers=alice.headers
    ).json()
    for method, path in (
        ("GET", "/api/auth/sessions"),
        ("POST", "/api/auth/sessions/end-others"),
        ("DELETE", "/api/auth/sessions/01ARZ3NDEKTSV4RRFFQ69G5FAV"),
    ):
        response = client.request(method, path, headers=bearer(created["token"]))
        assert response.status_code == 403, path
        assert response.json()["errorCode"] == "api_token_not_allowed"
    assert _me_status(client, alice.token) == 200


def test_sessions_need_a_sign_in(client: TestClient) -> None:
    response = client.get("/api/auth/sessions")
    assert response.status_code == 401 and response.json()["errorCode"] == "not_authenticated"


def test_expired_rows_are_pruned_at_the_next_sign_in(
    client: TestClient, alice: SignedIn, db_session: Session
) -> None:
    row = db_session.scalar(select(SignInSession))
    assert row is not None
    row.expires_at = utcnow() - timedelta(seconds=1)
    db_session.commit()
    expired_id = row.id
    _login(client, "alice@example.com")
    db_session.expire_all()
    assert db_session.get(SignInSession, expired_id) is None
