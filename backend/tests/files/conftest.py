from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.helpers import SignedIn, signup


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    signup(client, "admin@example.com", name="Admin")
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def bob(client: TestClient, alice: SignedIn) -> SignedIn:
    return signup(client, "bob@example.com", name="Bob")
