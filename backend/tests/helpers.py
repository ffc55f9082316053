"""Small helpers for API tests: sign users up and build auth headers."""

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
