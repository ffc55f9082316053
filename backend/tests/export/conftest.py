"""Fixtures shared by the export tests: a signed-in user and a built-in template."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.core.db import unit_of_work
from slidewright.templates.builtins import install_builtins
from tests.helpers import SignedIn, signup


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def builtin(app: FastAPI, client: TestClient, alice: SignedIn) -> dict:
    """The first built-in template, as the API reads it."""
    with unit_of_work(app.state.session_factory) as session:
        install_builtins(session, app.state.services)
    app.state.services.jobs.wait_idle()
    listed = client.get("/api/pptx-files", headers=alice.headers).json()
    first = next(template for template in listed if template["builtin"])
    return client.get(f"/api/pptx-files/{first['_id']}", headers=alice.headers).json()
