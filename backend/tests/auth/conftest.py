"""Fixtures of the auth tests: two signed-up users and a database session to look at rows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from tests.helpers import SignedIn, signup


@pytest.fixture
def db_session(app: FastAPI) -> Iterator[Session]:
    with app.state.session_factory() as session:
        yield session


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    return signup(client, "alice@example.com")


@pytest.fixture
def bob(client: TestClient) -> SignedIn:
    return signup(client, "bob@example.com")
