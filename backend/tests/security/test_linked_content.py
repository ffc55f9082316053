"""The server never fetches what an uploaded deck only links to (issue 17).

A picture that is linked (TargetMode="External"), not embedded, points at a canary: a local
HTTP server that records every request. The deck is uploaded as a template and into the file
library, its thumbnails are rendered, a project on it is saved (which renders its previews)
and exported; the canary must stay silent. With the fake renderer this covers the Python side
(parsing, storing, filling, writing); the slow variants render with real LibreOffice, through
soffice and through the warm unoserver process. An OLE link to the canary never gets that far:
it is active content, refused at upload.
"""

from __future__ import annotations

import io
import shutil
import urllib.request
import zipfile
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.core.config import Settings
from slidewright.main import create_app
from slidewright.pptx_engine.render import find_unoserver_launcher
from tests.canary import canary_server
from tests.conftest import _empty_tables
from tests.export.test_export_api import _project
from tests.helpers import SignedIn, signup
from tests.images.pictures import png_header
from tests.pptx_engine.test_render import build_linked_picture_deck
from tests.security import hostile_files as hostile

PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


@pytest.fixture
def canary() -> Iterator[tuple[str, list[str]]]:
    """(base URL, requests seen)."""
    with canary_server(png_header(1, 1)) as seen:
        yield seen


def assert_silent(url: str, hits: list[str]) -> None:
    """No request reached the canary; then one probe does, so the silence meant something."""
    assert hits == []
    with urllib.request.urlopen(f"{url}/probe", timeout=10) as answer:
        assert answer.status == 200
    assert hits == ["GET /probe"]


def upload_render_export(
    client: TestClient, app: FastAPI, who: SignedIn, deck: bytes, url: str
) -> None:
    """Everything the server does with an uploaded deck, with every job run to its end."""
    template = client.post(
        "/api/pptx-files", files={"file": ("linked.pptx", deck, PPTX)}, headers=who.headers
    )
    assert template.status_code == 201, template.text
    library = client.post(
        "/api/files/upload", files={"file": ("linked.pptx", deck, PPTX)}, headers=who.headers
    )
    assert library.status_code == 201, library.text
    app.state.services.jobs.wait_idle(timeout=240)
    detail = client.get(f"/api/pptx-files/{template.json()['_id']}", headers=who.headers).json()
    assert detail["renderJob"]["status"] == "succeeded", detail["renderJob"]
    assert detail["thumbnailSlides"] == [1]
    files = client.get(f"/api/files/{library.json()['_id']}", headers=who.headers).json()
    assert files["renderJob"]["status"] == "succeeded", files["renderJob"]
    project = _project(client, who, detail, [{"pptxSlideNumber": 1}, {"pptxSlideNumber": 1}])
    app.state.services.jobs.wait_idle(timeout=240)  # the project's slide previews
    export = client.get(f"/api/projects/{project['_id']}/export", headers=who.headers)
    assert export.status_code == 200, export.text
    with zipfile.ZipFile(io.BytesIO(export.content)) as archive:
        rels = [archive.read(name) for name in archive.namelist() if name.endswith(".rels")]
    # The link is kept as a link, never resolved into a copy of the picture.
    assert any(url.encode() in xml and b'TargetMode="External"' in xml for xml in rels)


def test_linked_pictures_are_not_fetched_while_parsing_storing_or_exporting(
    client: TestClient, app: FastAPI, canary: tuple[str, list[str]]
) -> None:
    url, hits = canary
    who = signup(client, "alice@example.com")
    deck = build_linked_picture_deck(f"{url}/linked.png")
    upload_render_export(client, app, who, deck, url)
    assert_silent(url, hits)


def test_an_ole_link_to_the_canary_is_refused_unfetched(
    client: TestClient, canary: tuple[str, list[str]]
) -> None:
    url, hits = canary
    who = signup(client, "alice@example.com")
    parts = hostile.with_relationship(
        hostile.PPTX_BASE.parts,
        hostile.PPTX_BASE.content_rels,
        hostile.RT + "oleObject",
        f"{url}/budget.xlsx",
        external=True,
    )
    response = client.post(
        "/api/pptx-files",
        files={"file": ("linked.pptx", hostile.package_of(parts), PPTX)},
        headers=who.headers,
    )
    assert response.json()["errorCode"] == "active_content"
    assert response.json()["details"]["parts"] == [f"{url}/budget.xlsx"]
    assert_silent(url, hits)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
@pytest.mark.parametrize("renderer", ["soffice", "unoserver"])
def test_libreoffice_never_fetches_linked_pictures(
    settings: Settings, canary: tuple[str, list[str]], renderer: str
) -> None:
    if renderer == "unoserver" and find_unoserver_launcher() is None:
        pytest.skip("no interpreter can import uno (python3-uno)")
    url, hits = canary
    app = create_app(settings.model_copy(update={"renderer": renderer}))
    try:
        with TestClient(app) as client:
            who = signup(client, f"{renderer}@example.com")
            deck = build_linked_picture_deck(f"{url}/linked.png")
            upload_render_export(client, app, who, deck, url)
    finally:
        app.state.services.jobs.wait_idle()
        _empty_tables(app.state.engine)
        app.state.engine.dispose()
    assert_silent(url, hits)
