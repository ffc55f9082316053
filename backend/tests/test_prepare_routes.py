"""`serve` builds every route's request handling before it answers: FastAPI would build it on
the first request matched against each route, and the first requests after a restart (the
first template upload among them) paid for it."""

from __future__ import annotations

from typing import Any

import fastapi.routing
import pytest
from fastapi.testclient import TestClient

from slidewright.core.config import Settings
from slidewright.main import create_app, prepare_routes
from tests.speedups import each_app_analyses_its_routes


def _first_request_builds(settings: Settings, prepared: bool, built: list[str]) -> list[str]:
    app = create_app(settings)
    if prepared:
        prepare_routes(app)
    built.clear()
    try:
        with TestClient(app) as client:
            # A route of the last router, matched after every other one.
            assert client.get("/api/projects/p1/materials").status_code == 401
    finally:
        app.state.engine.dispose()
    return list(built)


def test_a_prepared_app_builds_no_route_on_its_first_request(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    each_app_analyses_its_routes(monkeypatch)
    built: list[str] = []
    populate = fastapi.routing._populate_api_route_state

    def spy(route: Any, path: str, *args: Any, **kwargs: Any) -> Any:
        built.append(path)
        return populate(route, path, *args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "_populate_api_route_state", spy)
    assert _first_request_builds(settings, prepared=False, built=built)  # what it spares
    assert _first_request_builds(settings, prepared=True, built=built) == []
