"""A real OpenID provider for the chat sign-on tests: `oidc-provider-mock` (Authlib-based) on a
free port in a thread. Each test's app is configured against it through the normal settings."""

from __future__ import annotations

import io
import threading
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
import werkzeug.serving
from fastapi.testclient import TestClient
from pydantic import SecretStr

from slidewright.core.config import Settings

with warnings.catch_warnings():
    # The mock still imports Authlib's deprecated `authlib.jose`; our code does not use it.
    warnings.simplefilter("ignore", DeprecationWarning)
    from oidc_provider_mock import app as oidc_provider_app
    from oidc_provider_mock import run_server_in_thread

CLIENT_ID = "slidewright-tests"
CLIENT_SECRET = "a-client-secret"


@dataclass
class MockProvider:
    issuer: str
    # What reached the token endpoint: the form fields and the Authorization header.
    token_requests: list[dict[str, Any]] = field(default_factory=list)

    def set_user(self, sub: str, **claims: Any) -> None:
        """The person `sub` at the provider, with these ID token claims."""
        response = httpx.put(f"{self.issuer}/users/{sub}", json=claims)
        assert response.status_code == 204, response.text

    def authorize(self, authorization_url: str, sub: str) -> str:
        """Signs `sub` in at the provider's page; answers where it sends the browser back."""
        return self._submit(authorization_url, {"sub": sub})

    def deny(self, authorization_url: str) -> str:
        return self._submit(authorization_url, {"action": "deny"})

    def _submit(self, authorization_url: str, form: dict[str, str]) -> str:
        assert authorization_url.startswith(self.issuer), authorization_url
        response = httpx.post(authorization_url, data=form)
        assert response.status_code == 302, response.text
        return response.headers["location"]


def _recording_token_requests(app: Any, log: list[dict[str, Any]]) -> Any:
    """WSGI middleware: the mock does not enforce PKCE, so tests read what the client sent."""

    def wrapped(environ: dict[str, Any], start_response: Any) -> Any:
        if environ["PATH_INFO"] == "/oauth2/token" and environ["REQUEST_METHOD"] == "POST":
            body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
            environ["wsgi.input"] = io.BytesIO(body)
            fields = {key: values[0] for key, values in parse_qs(body.decode()).items()}
            log.append({"form": fields, "authorization": environ.get("HTTP_AUTHORIZATION")})
        return app(environ, start_response)

    return wrapped


@pytest.fixture(scope="session")
def oidc_provider() -> Iterator[MockProvider]:
    log: list[dict[str, Any]] = []
    server = werkzeug.serving.make_server(
        "localhost", 0, _recording_token_requests(oidc_provider_app(), log), threaded=True
    )
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1})
    thread.start()
    try:
        yield MockProvider(f"http://localhost:{server.server_port}", log)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture(scope="session")
def other_oidc_provider() -> Iterator[MockProvider]:
    """A second provider: its own signing key, its own issuer."""
    with run_server_in_thread() as server:
        yield MockProvider(f"http://localhost:{server.server_port}")


@pytest.fixture
def settings(settings: Settings, oidc_provider: MockProvider) -> Settings:
    return settings.model_copy(
        update={
            "chat_sso_issuer": oidc_provider.issuer,
            "chat_sso_client_id": CLIENT_ID,
            "chat_sso_client_secret": SecretStr(CLIENT_SECRET),
            "chat_sso_name": "TeamChat",
        }
    )


def query(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def fragment(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).fragment).items()}


def start(client: TestClient, next_path: str | None = "/projects") -> str:
    """GET /api/auth/chat/start; answers the provider URL it redirects to."""
    params = {"next": next_path} if next_path is not None else {}
    response = client.get("/api/auth/chat/start", params=params, follow_redirects=False)
    assert response.status_code == 302, response.text
    return response.headers["location"]


def callback(client: TestClient, provider_redirect: str) -> str:
    """Follows the provider's redirect to our callback; answers where the callback sends the
    browser (the web app's finish page, or the login page with an error)."""
    parts = urlsplit(provider_redirect)
    assert parts.path == "/api/auth/chat/callback", provider_redirect
    response = client.get(f"{parts.path}?{parts.query}", follow_redirects=False)
    assert response.status_code == 302, response.text
    return response.headers["location"]


def login_error(location: str) -> str:
    assert location.startswith("/login?"), location
    return query(location)["error"]


def sign_in(client: TestClient, provider: MockProvider, sub: str) -> dict[str, Any]:
    """The whole browser flow for `sub`; answers POST /exchange's body ({token, user})."""
    landing = callback(client, provider.authorize(start(client), sub))
    assert landing.startswith("/auth/chat#"), landing
    response = client.post("/api/auth/chat/exchange", json={"code": fragment(landing)["code"]})
    assert response.status_code == 200, response.text
    return response.json()
