"""Every real deck of the shared corpus through the upload API; a few with real LibreOffice."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from PIL import Image

from slidewright.core.config import Settings
from slidewright.main import create_app
from tests.corpus import corpus_files, require_corpus
from tests.helpers import signup
from tests.templates.test_templates_api import upload

CORPUS = corpus_files("pptx")


@pytest.mark.parametrize("path", CORPUS or [None], ids=[p.name for p in CORPUS] or ["absent"])
def test_every_corpus_deck_uploads_or_gets_a_typed_error(
    client: TestClient, app: FastAPI, path: Path | None
) -> None:
    if path is None:
        require_corpus("pptx")
        return
    user = signup(client, "corpus@example.com")
    response = upload(client, user, path.read_bytes(), name=path.name)
    if response.status_code == 201:
        body = response.json()
        assert body["slideCount"] == len(body["parsedSlides"])
        app.state.services.jobs.wait_idle()
        detail = client.get(f"/api/pptx-files/{body['_id']}", headers=user.headers).json()
        assert detail["renderJob"]["status"] == "succeeded"
        assert detail["thumbnailSlides"] == list(range(1, body["slideCount"] + 1))
    else:
        assert response.status_code == 400, response.text
        assert response.json()["errorCode"] in {
            "invalid_pptx",
            "encrypted_or_legacy_file",
            "unsafe_archive",
        }


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
@pytest.mark.parametrize(
    "name", ["cht-charts.pptx", "shp-common-props.pptx", "ph-populated-placeholders.pptx"]
)
def test_real_libreoffice_renders_uploaded_corpus_decks(settings: Settings, name: str) -> None:
    path = next((p for p in require_corpus("pptx") if p.name == name), None)
    if path is None:
        pytest.skip(f"{name} is not in the corpus")
    real = settings.model_copy(update={"renderer": "soffice"})
    app = create_app(real)
    with TestClient(app) as client:
        user = signup(client, f"render-{name}@example.com")
        body = upload(client, user, path.read_bytes(), name=name).json()
        app.state.services.jobs.wait_idle(timeout=240)
        detail = client.get(f"/api/pptx-files/{body['_id']}", headers=user.headers).json()
        assert detail["renderJob"]["status"] == "succeeded", detail["renderJob"]
        thumb = client.get(f"/api/files/thumbnails/{body['_id']}/1.jpg", headers=user.headers)
        image = Image.open(io.BytesIO(thumb.content))
        assert image.size == (640, 360)
        # A rendered slide is not a blank page.
        assert len(set(image.convert("L").get_flattened_data())) > 4
    from tests.conftest import _empty_tables

    _empty_tables(app.state.engine)
