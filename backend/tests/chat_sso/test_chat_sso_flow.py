"""Chat sign-on end to end against a real OpenID provider (oidc-provider-mock)."""

from __future__ import annotations

import base64
import hashlib
import json
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from slidewright.chat_sso import service
from slidewright.chat_sso.models import ChatLoginAttempt
from slidewright.core.clock import utcnow
from slidewright.core.config import Settings
from slidewright.main import create_app
from tests.chat_sso.conftest import (
    CLIENT_ID,
    CLIENT_SECRET,
    MockProvider,
    callback,
    fragment,
    login_error,
    query,
    sign_in,
    start,
)


def _attempt(app: FastAPI) -> ChatLoginAttempt:
    with app.state.session_factory() as session:
        rows = session.scalars(select(ChatLoginAttempt)).all()
        assert len(rows) == 1
        return rows[0]


def test_start_redirects_to_the_provider_with_state_nonce_and_pkce(
    client: TestClient, app: FastAPI, oidc_provider: MockProvider
) -> None:
    location = start(client, "/templates?view=grid")
    assert location.startswith(f"{oidc_provider.issuer}/oauth2/authorize?")
    params = query(location)
    assert params["client_id"] == CLIENT_ID
    assert params["response_type"] == "code"
    assert params["redirect_uri"] == "http://testserver/api/auth/chat/callback"
    assert set(params["scope"].split()) == {"openid", "email", "profile"}
    assert len(params["state"]) >= 32 and len(params["nonce"]) >= 32
    attempt = _attempt(app)
    # The state is kept hashed; nonce and verifier server-side, never in the browser.
    assert attempt.state_hash == hashlib.sha256(params["state"].encode()).hexdigest()
    assert attempt.nonce == params["nonce"]
    assert params["code_challenge_method"] == "S256"
    digest = hashlib.sha256(attempt.code_verifier.encode()).digest()
    assert params["code_challenge"] == base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
    assert attempt.next_path == "/templates?view=grid"


def test_the_code_exchange_proves_pkce_and_authenticates_the_client(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("pkce", email="pkce@example.com", email_verified=True)
    authorization_url = start(client)
    challenge = query(authorization_url)["code_challenge"]
    before = len(oidc_provider.token_requests)
    assert callback(client, oidc_provider.authorize(authorization_url, "pkce")).startswith(
        "/auth/chat#"
    )
    sent = oidc_provider.token_requests[before]
    verifier = sent["form"]["code_verifier"]
    digest = hashlib.sha256(verifier.encode()).digest()
    assert base64.urlsafe_b64encode(digest).rstrip(b"=").decode() == challenge
    assert sent["form"]["grant_type"] == "authorization_code"
    assert sent["form"]["redirect_uri"] == "http://testserver/api/auth/chat/callback"
    basic = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
    assert sent["authorization"] == f"Basic {basic}"


def test_first_sign_in_creates_a_chat_account_and_lands_on_next(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("alice-1", email="Alice@Example.com", email_verified=True, name="Alice")
    landing = callback(client, oidc_provider.authorize(start(client, "/templates"), "alice-1"))
    # The web app's finish page, with a one-time code in the fragment: no sign-in token in URLs.
    assert landing.startswith("/auth/chat#")
    assert "token" not in landing
    params = fragment(landing)
    assert params["next"] == "/templates"
    response = client.post("/api/auth/chat/exchange", json={"code": params["code"]})
    assert response.status_code == 200
    body = response.json()
    assert body["user"]["authType"] == "chat"
    assert body["user"]["name"] == "Alice"
    assert body["user"]["email"] == "alice@example.com"
    assert body["user"]["role"] == "Admin"  # the first person on a fresh server, as with sign-up
    me = client.get("/api/users/me", headers={"Authorization": f"Bearer {body['token']}"})
    assert me.json()["_id"] == body["user"]["_id"]


def test_two_people_get_their_own_accounts_and_come_back_to_them(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("alice-2", email="alice2@example.com", email_verified=True, name="Al")
    oidc_provider.set_user("bob-2", email="bob2@example.com", email_verified=True, name="Bob")
    alice = sign_in(client, oidc_provider, "alice-2")
    bob = sign_in(client, oidc_provider, "bob-2")
    assert alice["user"]["_id"] != bob["user"]["_id"]
    assert bob["user"]["role"] == "User"
    # The subject is the key: a changed email at the provider still finds Alice's account.
    oidc_provider.set_user("alice-2", email="alice.new@example.com", email_verified=True)
    again = sign_in(client, oidc_provider, "alice-2")
    assert again["user"]["_id"] == alice["user"]["_id"]
    # Each token sees its own account only.
    bob_me = client.get("/api/users/me", headers={"Authorization": f"Bearer {bob['token']}"})
    assert bob_me.json()["email"] == "bob2@example.com"


def test_default_and_unsafe_next_paths_land_on_projects(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("carol", email="carol@example.com", email_verified=True)
    for unsafe in (None, "https://evil.example/", "//evil.example/x", "/\\evil.example", "x"):
        landing = callback(client, oidc_provider.authorize(start(client, unsafe), "carol"))
        assert fragment(landing)["next"] == "/projects", unsafe


def test_the_one_time_code_works_once(client: TestClient, oidc_provider: MockProvider) -> None:
    oidc_provider.set_user("dave", email="dave@example.com", email_verified=True)
    landing = callback(client, oidc_provider.authorize(start(client), "dave"))
    code = fragment(landing)["code"]
    assert client.post("/api/auth/chat/exchange", json={"code": code}).status_code == 200
    replay = client.post("/api/auth/chat/exchange", json={"code": code})
    assert replay.status_code == 400
    assert replay.json()["errorCode"] == "chat_code_invalid"
    bogus = client.post(
        "/api/auth/chat/exchange", json={"code": "made-up"}, headers={"Accept-Language": "zh-CN"}
    )
    assert bogus.json()["errorCode"] == "chat_code_invalid"
    assert "登录" in bogus.json()["message"]


def test_an_expired_one_time_code_is_refused(
    client: TestClient, oidc_provider: MockProvider, monkeypatch: pytest.MonkeyPatch
) -> None:
    oidc_provider.set_user("erin", email="erin@example.com", email_verified=True)
    code = fragment(callback(client, oidc_provider.authorize(start(client), "erin")))["code"]
    later = utcnow() + service.CODE_LIFETIME + timedelta(seconds=1)
    monkeypatch.setattr(service, "utcnow", lambda: later)
    response = client.post("/api/auth/chat/exchange", json={"code": code})
    assert response.status_code == 400
    assert response.json()["errorCode"] == "chat_code_invalid"


def test_a_replayed_callback_is_refused(client: TestClient, oidc_provider: MockProvider) -> None:
    oidc_provider.set_user("frank", email="frank@example.com", email_verified=True)
    provider_redirect = oidc_provider.authorize(start(client), "frank")
    assert callback(client, provider_redirect).startswith("/auth/chat#")
    # Same state and code again (a copied URL, a back button): the state is spent.
    assert login_error(callback(client, provider_redirect)) == "chat_sso_expired"


def test_a_replayed_authorization_code_is_refused_by_the_provider(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("gina", email="gina@example.com", email_verified=True)
    first = oidc_provider.authorize(start(client), "gina")
    assert callback(client, first).startswith("/auth/chat#")
    # A fresh, valid state carrying the already-used code: the token endpoint says no.
    fresh_state = query(start(client))["state"]
    used_code = query(first)["code"]
    replay = f"/api/auth/chat/callback?state={fresh_state}&code={used_code}"
    assert login_error(callback(client, replay)) == "chat_sso_failed"


def test_an_expired_state_is_refused(
    client: TestClient, oidc_provider: MockProvider, monkeypatch: pytest.MonkeyPatch
) -> None:
    oidc_provider.set_user("hank", email="hank@example.com", email_verified=True)
    provider_redirect = oidc_provider.authorize(start(client), "hank")
    later = utcnow() + service.ATTEMPT_LIFETIME + timedelta(seconds=1)
    monkeypatch.setattr(service, "utcnow", lambda: later)
    assert login_error(callback(client, provider_redirect)) == "chat_sso_expired"


@pytest.mark.parametrize("state", ["", "forged-state-value"])
def test_a_bad_state_is_refused(
    client: TestClient, oidc_provider: MockProvider, state: str
) -> None:
    oidc_provider.set_user("ivan", email="ivan@example.com", email_verified=True)
    code = query(oidc_provider.authorize(start(client), "ivan"))["code"]
    location = callback(client, f"/api/auth/chat/callback?state={state}&code={code}")
    assert login_error(location) == "chat_sso_expired"


def test_a_denied_login_lands_on_the_login_page(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    provider_redirect = oidc_provider.deny(start(client))
    assert query(provider_redirect)["error"] == "access_denied"
    assert login_error(callback(client, provider_redirect)) == "chat_sso_denied"


def test_a_nonce_that_does_not_match_is_refused(
    client: TestClient, app: FastAPI, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("judy", email="judy@example.com", email_verified=True)
    provider_redirect = oidc_provider.authorize(start(client), "judy")
    with app.state.session_factory() as session:  # as if the ID token came from another attempt
        session.execute(update(ChatLoginAttempt).values(nonce="another-attempts-nonce"))
        session.commit()
    assert login_error(callback(client, provider_redirect)) == "chat_sso_failed"


def _id_token_for(
    provider: MockProvider, *, client_id: str, nonce: str, redirect_uri: str, sub: str
) -> str:
    """A genuine ID token from `provider`, obtained as `client_id` (what an attacker could get)."""
    import httpx

    authorize = httpx.Request(
        "GET",
        f"{provider.issuer}/oauth2/authorize",
        params={
            "client_id": client_id,
            "response_type": "code",
            "scope": "openid email",
            "redirect_uri": redirect_uri,
            "nonce": nonce,
            "state": "x",
        },
    )
    code = query(provider.authorize(str(authorize.url), sub))["code"]
    token = httpx.post(
        f"{provider.issuer}/oauth2/token",
        data={"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri},
        auth=(client_id, "secret"),
    )
    assert token.status_code == 200, token.text
    return str(token.json()["id_token"])


def _callback_with_id_token(
    client: TestClient, app: FastAPI, provider: MockProvider, id_token: str, sub: str
) -> str:
    """Runs a real callback whose token endpoint answer is replaced by `id_token`."""
    provider_redirect = provider.authorize(start(client), sub)
    oidc = app.state.chat_sso_provider
    original = oidc.exchange_code
    oidc.exchange_code = lambda **_: id_token
    try:
        return callback(client, provider_redirect)
    finally:
        oidc.exchange_code = original


def test_an_id_token_for_another_audience_is_refused(
    client: TestClient, app: FastAPI, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("kim", email="kim@example.com", email_verified=True)
    location = start(client)
    nonce, redirect_uri = query(location)["nonce"], query(location)["redirect_uri"]
    with app.state.session_factory() as session:
        session.execute(update(ChatLoginAttempt).values(nonce=nonce))
        session.commit()
    foreign = _id_token_for(
        oidc_provider, client_id="another-app", nonce=nonce, redirect_uri=redirect_uri, sub="kim"
    )
    assert _reason(app, foreign, nonce) == "id_token_audience"
    assert login_error(_callback_with_id_token(client, app, oidc_provider, foreign, "kim")) == (
        "chat_sso_failed"
    )


def _reason(app: FastAPI, id_token: str, nonce: str) -> str:
    from slidewright.chat_sso.errors import ChatSsoFailedError

    with pytest.raises(ChatSsoFailedError) as caught:
        app.state.chat_sso_provider.verify_id_token(id_token, nonce=nonce)
    return str(caught.value.details["reason"])


def _b64(data: dict[str, object]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


def test_a_tampered_or_foreign_signed_id_token_is_refused(
    client: TestClient,
    app: FastAPI,
    oidc_provider: MockProvider,
    other_oidc_provider: MockProvider,
) -> None:
    oidc_provider.set_user("lena", email="lena@example.com", email_verified=True)
    location = start(client)
    nonce, redirect_uri = query(location)["nonce"], query(location)["redirect_uri"]
    genuine = _id_token_for(
        oidc_provider, client_id=CLIENT_ID, nonce=nonce, redirect_uri=redirect_uri, sub="lena"
    )
    app.state.chat_sso_provider.verify_id_token(genuine, nonce=nonce)  # the control: accepted
    # Same signature, another person's subject in the payload.
    header, payload, signature = genuine.split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    tampered = ".".join([header, _b64({**claims, "sub": "someone-else"}), signature])
    assert _reason(app, tampered, nonce) == "id_token_signature"
    # The right claims, signed by another provider's key under our issuer's kid.
    foreign = _id_token_for(
        other_oidc_provider, client_id=CLIENT_ID, nonce=nonce, redirect_uri=redirect_uri, sub="x"
    )
    foreign_signature = foreign.split(".")[2]
    forged = ".".join([header, payload, foreign_signature])
    assert _reason(app, forged, nonce) == "id_token_signature"
    # Another provider's token as it is: its key is not among our issuer's keys.
    assert _reason(app, foreign, nonce) in {"unknown_signing_key", "id_token_signature"}
    for bad in (tampered, forged, foreign):
        location = _callback_with_id_token(client, app, oidc_provider, bad, "lena")
        assert login_error(location) == "chat_sso_failed"


def test_a_provider_that_is_down_lands_on_the_login_page(settings: Settings) -> None:
    down = settings.model_copy(update={"chat_sso_issuer": "http://127.0.0.1:9"})
    with TestClient(create_app(down)) as client:
        response = client.get("/api/auth/chat/start", follow_redirects=False)
    assert response.status_code == 302
    assert login_error(response.headers["location"]) == "chat_sso_failed"


def test_any_replica_can_finish_a_sign_in(
    client: TestClient, settings: Settings, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("mia", email="mia@example.com", email_verified=True)
    provider_redirect = oidc_provider.authorize(start(client), "mia")
    with TestClient(create_app(settings)) as other_replica:
        other_replica.cookies = client.cookies  # the same browser, behind a load balancer
        landing = callback(other_replica, provider_redirect)
        client.cookies = other_replica.cookies
    code = fragment(landing)["code"]
    assert client.post("/api/auth/chat/exchange", json={"code": code}).status_code == 200


def test_a_forwarded_callback_signs_nobody_in_to_the_senders_account(
    client: TestClient, app: FastAPI, oidc_provider: MockProvider
) -> None:
    # The sender starts a sign-in, signs in at the provider as himself and forwards the link
    # back to us instead of following it: the victim's browser never started that sign-in.
    oidc_provider.set_user("mallory", email="mallory@example.com", email_verified=True)
    provider_redirect = oidc_provider.authorize(start(client), "mallory")
    with TestClient(app) as victim:
        assert login_error(callback(victim, provider_redirect)) == "chat_sso_failed"
    # Spent: the sender cannot use it either.
    assert login_error(callback(client, provider_redirect)) == "chat_sso_expired"


def test_a_forwarded_one_time_code_is_refused(
    client: TestClient, app: FastAPI, oidc_provider: MockProvider
) -> None:
    oidc_provider.set_user("mallory", email="mallory@example.com", email_verified=True)
    landing = callback(client, oidc_provider.authorize(start(client), "mallory"))
    code = fragment(landing)["code"]
    with TestClient(app) as victim:  # `/auth/chat#code=...` opened in another browser
        refused = victim.post("/api/auth/chat/exchange", json={"code": code})
    assert refused.status_code == 400
    assert refused.json()["errorCode"] == "chat_code_invalid"
    # The browser the callback sent it to still signs in, once; the cookie goes with it.
    assert client.post("/api/auth/chat/exchange", json={"code": code}).status_code == 200
    assert "slidewright_chat_sign_in" not in client.cookies


def test_the_browser_binding_is_a_lax_httponly_cookie_on_the_sign_in_path(
    client: TestClient,
) -> None:
    response = client.get("/api/auth/chat/start", follow_redirects=False)
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("slidewright_chat_sign_in=")
    for part in ("HttpOnly", "SameSite=lax", "Path=/api/auth/chat", "Max-Age=600"):
        assert part.lower() in cookie.lower(), cookie


def test_callback_path_is_what_the_provider_was_told(client: TestClient) -> None:
    assert urlsplit(query(start(client))["redirect_uri"]).path == "/api/auth/chat/callback"


def test_a_code_or_state_in_any_script_is_refused_not_a_crash(
    client: TestClient, oidc_provider: MockProvider
) -> None:
    client.cookies.set("slidewright_chat_sign_in", "abc", path="/api/auth/chat")
    # Any script, even a lone surrogate (sent as JSON escapes: httpx cannot encode it).
    for body in ('{"code": "\\u767b\\u5f55"}', '{"code": "\\ud800"}'):
        refused = client.post(
            "/api/auth/chat/exchange",
            content=body.encode(),
            headers={"Content-Type": "application/json"},
        )
        # Refused with a type: the code is unknown, or (a lone surrogate) no valid text.
        assert (refused.status_code, refused.json()["errorCode"]) in {
            (400, "chat_code_invalid"),
            (422, "validation_error"),
        }
    landing = client.get(
        "/api/auth/chat/callback", params={"state": "状态", "code": "x"}, follow_redirects=False
    )
    assert landing.status_code == 302 and login_error(landing.headers["location"])
