"""Security headers (issue 17): the app shell, assets, API answers, errors, user content and the
API docs page each carry the policy a browser needs to contain an injected script or file."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.responses import Response
from starlette.routing import Route

from slidewright.core.config import Settings
from slidewright.core.security_headers import SecurityHeadersMiddleware
from slidewright.main import create_app
from tests.helpers import SignedIn, signup
from tests.images.pictures import picture
from tests.templates.test_templates_api import uploaded

SANDBOX = "default-src 'none'; sandbox"


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def web(tmp_path: Path, settings: Settings) -> TestClient:
    """The app serving a (tiny) built frontend."""
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(
        '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>'
    )
    (dist / "assets" / "app.js").write_text("console.log('hi')")
    return TestClient(create_app(settings.model_copy(update={"frontend_dist": dist})))


def directives(response) -> dict[str, str]:
    policy = response.headers["content-security-policy"]
    return {
        part.split()[0]: " ".join(part.split()[1:])
        for part in (p.strip() for p in policy.split(";"))
        if part
    }


def assert_common(response) -> None:
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    permissions = response.headers["permissions-policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()"):
        assert feature in permissions
    assert response.headers["cross-origin-opener-policy"] == "same-origin"
    assert "strict-transport-security" not in response.headers  # no https public URL


def test_the_app_shell_runs_only_its_own_scripts(web: TestClient) -> None:
    for path in ("/", "/projects/abc"):  # the shell, and a client-side route
        response = web.get(path)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
        assert_common(response)
        policy = directives(response)
        assert policy["script-src"] == "'self'"  # no inline script, no eval
        assert policy["object-src"] == "'none'"
        assert policy["base-uri"] == "'self'"
        assert policy["frame-ancestors"] == "'none'"
        assert policy["form-action"] == "'self'"
        assert policy["connect-src"] == "'self'"
        assert policy["img-src"] == "'self' data: blob:"
        assert "unsafe-eval" not in response.headers["content-security-policy"]
        assert response.headers["x-frame-options"] == "DENY"


def test_an_asset_is_nosniff_and_keeps_its_cache(web: TestClient) -> None:
    response = web.get("/assets/app.js")
    assert response.status_code == 200
    assert_common(response)
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"


def test_signed_in_api_answers_are_never_stored(client: TestClient, alice: SignedIn) -> None:
    response = client.get("/api/users/me", headers=alice.headers)
    assert response.status_code == 200
    assert_common(response)
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["content-security-policy"] == SANDBOX
    assert "content-disposition" not in response.headers  # JSON is read by the app, not saved
    projects = client.get("/api/projects", headers=alice.headers)
    assert projects.headers["cache-control"] == "no-store"


def test_error_answers_carry_the_headers(client: TestClient) -> None:
    for response in (
        client.get("/api/users/me"),  # 401
        client.get("/api/nothing-here"),  # 404
        client.post("/api/auth/login", content=b"x" * (3 * 1024 * 1024)),  # 413, by middleware
    ):
        assert 400 <= response.status_code < 500, response.status_code
        assert_common(response)
        assert response.headers["content-security-policy"] == SANDBOX
    signed_in_miss = client.get("/api/projects/nope", headers={"Authorization": "Bearer bad"})
    assert signed_in_miss.status_code == 401
    assert signed_in_miss.headers["cache-control"] == "no-store"


def test_an_image_is_sandboxed_inline_and_keeps_its_private_cache(
    client: TestClient, alice: SignedIn
) -> None:
    created = client.post(
        "/api/images",
        files={"image": ("photo.png", picture(), "image/png")},
        headers=alice.headers,
    )
    assert created.status_code == 201, created.text
    response = client.get(f"/api/images/{created.json()['_id']}/file", headers=alice.headers)
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/png"
    assert_common(response)
    assert response.headers["content-security-policy"] == SANDBOX
    assert "content-disposition" not in response.headers  # shown in <img>
    assert response.headers["cache-control"] == "private, max-age=86400"  # the route's own


def test_downloads_and_exports_are_sandboxed_attachments(
    app: FastAPI, client: TestClient, alice: SignedIn
) -> None:
    template = uploaded(client, app, alice)
    download = client.get(f"/api/pptx-files/{template['_id']}/download", headers=alice.headers)
    assert download.status_code == 200
    assert download.headers["content-security-policy"] == SANDBOX
    assert download.headers["content-disposition"].startswith("attachment;")
    assert download.headers["cache-control"] == "no-store"
    assert_common(download)

    thumbnail = client.get(f"/api/files/thumbnails/{template['_id']}/1.jpg", headers=alice.headers)
    assert thumbnail.status_code == 200, thumbnail.text
    assert thumbnail.headers["content-security-policy"] == SANDBOX
    assert "content-disposition" not in thumbnail.headers
    assert thumbnail.headers["cache-control"] == "private, max-age=0, must-revalidate"

    project = client.post(
        "/api/projects",
        json={"title": "Deck", "numSlides": 1, "pptxFileId": template["_id"], "lang": "en"},
        headers=alice.headers,
    ).json()
    saved = client.put(
        f"/api/projects/{project['_id']}",
        json={"version": project["version"], "slides": [{"pptxSlideNumber": 1, "formData": {}}]},
        headers=alice.headers,
    )
    assert saved.status_code == 200, saved.text
    export = client.get(f"/api/projects/{project['_id']}/export", headers=alice.headers)
    assert export.status_code == 200, export.text
    assert export.headers["content-security-policy"] == SANDBOX
    assert export.headers["content-disposition"].startswith('attachment; filename="Deck.pptx"')
    assert_common(export)


@pytest.mark.parametrize(
    ("media_type", "attachment"),
    [
        ("image/png", False),
        ("image/jpeg", False),
        ("image/gif", False),
        ("image/webp", False),
        ("image/svg+xml", True),
        ("text/html; charset=utf-8", True),
        ("application/octet-stream", True),
    ],
)
def test_only_raster_images_are_shown_inline(media_type: str, attachment: bool) -> None:
    """Whatever a route forgets, a body that could run script is never rendered."""

    def content(_request: object) -> Response:
        return Response(b"<svg onload=alert(1)>", media_type=media_type)

    app = Starlette(routes=[Route("/api/content", content)])
    app.add_middleware(SecurityHeadersMiddleware)
    response = TestClient(app).get("/api/content")
    assert response.headers["content-security-policy"] == SANDBOX
    assert response.headers["x-content-type-options"] == "nosniff"
    assert (response.headers.get("content-disposition") == "attachment") is attachment


def test_the_api_docs_page_loads_under_its_own_policy(client: TestClient) -> None:
    response = client.get("/api/docs")
    assert response.status_code == 200
    assert "swagger-ui" in response.text
    assert_common(response)
    assert int(response.headers["content-length"]) == len(response.content)
    policy = directives(response)
    assert policy["default-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in policy["script-src"]
    # The page's one inline script is allowed by its hash, nothing else inline.
    inline = re.findall(r"<script>(.*?)</script>", response.text, re.DOTALL)
    assert len(inline) == 1
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert f"'sha256-{digest}'" in policy["script-src"]
    assert client.get("/api/openapi.json").status_code == 200


def test_hsts_only_when_the_public_url_is_https(settings: Settings) -> None:
    secure = create_app(settings.model_copy(update={"public_url": "https://slides.example.com"}))
    response = TestClient(secure).get("/api/health")
    assert response.headers["strict-transport-security"].startswith("max-age=31536000")
    plain = create_app(settings.model_copy(update={"public_url": "http://localhost:8000"}))
    assert "strict-transport-security" not in TestClient(plain).get("/api/health").headers
