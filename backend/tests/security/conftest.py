from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.security.world import People, people


@pytest.fixture
def world(client: TestClient, app: FastAPI) -> People:
    """An Admin, and Alice and Bob with one object of every kind each."""
    return people(client, app)
