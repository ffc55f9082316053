"""Small helpers for API tests: sign users up and in, change passwords, build auth headers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient


@dataclass
class SignedIn:
    token: str
    user: dict[str, Any]

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


def signup(
    client: TestClient, email: str, *, name: str = "Test User", password: str = "secret1"
) -> SignedIn:
    response = client.post(
        "/api/auth/signup", json={"name": name, "email": email, "password": password}
    )
    assert response.status_code == 201, response.text
    body = response.json()
    return SignedIn(token=body["token"], user=body["user"])


def bearer(token: str, **headers: str) -> dict[str, str]:
    """Headers that send `token` (a sign-in or API token), plus any others."""
    return {"Authorization": f"Bearer {token}", **headers}


def login(client: TestClient, email: str, *, password: str = "secret1", **headers: str) -> str:
    """Signs in again (a new sign-in session); returns its token."""
    response = client.post(
        "/api/auth/login", json={"email": email, "password": password}, headers=headers
    )
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def change_password(
    client: TestClient, who: SignedIn, new: str, *, current: str = "secret1"
) -> str:
    """Changes `who`'s password; returns the fresh token the change answers with."""
    response = client.put(
        "/api/users/me/password",
        json={"currentPassword": current, "newPassword": new},
        headers=who.headers,
    )
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


MCP_ACCEPT = {"Accept": "application/json, text/event-stream"}  # what MCP's HTTP transport wants


def mcp_initialize(client_name: str) -> dict[str, Any]:
    """The JSON-RPC `initialize` request an MCP client opens with, for tests that post to /mcp
    by hand (the SDK's client does this handshake itself)."""
    return {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": client_name, "version": "1"},
        },
    }
