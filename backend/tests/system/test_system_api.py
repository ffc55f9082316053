from __future__ import annotations

from fastapi.testclient import TestClient

from slidewright import __version__


def test_health_reports_database_and_version(client: TestClient) -> None:
    response = client.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "version": __version__,
        "ai": {
            "provider": "offline",
            "state": "ok",
            "mode": None,
            "lastSuccessAt": None,
            "medianLatencyMs": None,
        },
    }


def test_app_config_is_public(client: TestClient) -> None:
    body = client.get("/api/app/config").json()
    assert body["appTitle"] == "Slidewright"
    assert body["aiProvider"] == "offline"


def test_every_response_carries_a_request_id(client: TestClient) -> None:
    response = client.get("/api/health", headers={"X-Request-ID": "abc-123"})
    assert response.headers["x-request-id"] == "abc-123"
    assert len(client.get("/api/health").headers["x-request-id"]) == 26


def test_unknown_api_path_is_a_typed_404(client: TestClient) -> None:
    response = client.get("/api/nope")
    assert response.status_code == 404
    assert response.json()["errorCode"] == "not_found"


def test_well_known_probes_are_404_not_the_web_app(client: TestClient) -> None:
    # MCP clients look for OAuth metadata after a 401; the app shell would look like metadata.
    response = client.get("/.well-known/oauth-protected-resource/mcp")
    assert response.status_code == 404
    assert response.json()["errorCode"] == "not_found"


def test_oversized_json_body_is_413(client: TestClient) -> None:
    big = "x" * (3 * 1024 * 1024)
    response = client.post(
        "/api/auth/login", content=big, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["errorCode"] == "request_too_large"


def test_malformed_json_is_a_typed_422(client: TestClient) -> None:
    response = client.post(
        "/api/auth/login", content="{oops", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json()["errorCode"] == "validation_error"


def test_docs_are_served_as_markdown(client: TestClient) -> None:
    response = client.get("/docs/user-manual-en.md")
    if response.status_code == 404:  # the manual is written alongside the frontend
        return
    assert response.headers["content-type"].startswith("text/markdown")


def test_docs_names_cannot_escape_the_folder(client: TestClient) -> None:
    response = client.get("/docs/..%2Fbackend%2Fpyproject.md")
    assert response.status_code == 404
    assert "[project]" not in response.text


def test_spa_fallback_explains_when_the_frontend_is_not_built(client: TestClient) -> None:
    response = client.get("/projects")
    assert response.status_code == 200
    assert "make run" in response.text


def test_openapi_operation_ids_are_readable(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    ids = {op["operationId"] for path in document["paths"].values() for op in path.values()}
    assert {"login", "signup", "getMe", "listTags", "createTag", "getLicenseStatus"} <= ids


def test_nul_characters_are_a_typed_422_not_a_server_error(client: TestClient) -> None:
    body = client.post("/api/auth/login", json={"email": "a\x00@example.com", "password": "x"})
    assert body.status_code == 422
    assert body.json()["errorCode"] == "validation_error"
    path = client.get("/api/tags/abc%00def")
    assert path.status_code == 422
    query = client.get("/api/images?q=a%00b")
    assert query.status_code == 422
