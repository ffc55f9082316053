"""Previews drawn by the real LibreOffice: the picture shows the user's text, not the sample."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from PIL import Image, ImageChops, ImageStat

from slidewright.pptx_engine.render import build_renderer
from tests.helpers import SignedIn
from tests.templates.decks import rich_deck
from tests.templates.test_templates_api import upload

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("soffice", "pdftoppm", "pdfinfo")),
    reason="LibreOffice and poppler-utils are needed for real renders",
)


@pytest.fixture
def real_renderer(app: FastAPI) -> Iterator[None]:
    renderer = build_renderer("soffice")
    app.state.services._renderer = renderer
    yield
    renderer.close()


def _image(client: TestClient, who: SignedIn, url: str) -> Image.Image:
    response = client.get(url, headers=who.headers)
    assert response.status_code == 200, response.text
    return Image.open(io.BytesIO(response.content)).convert("L")


def _difference(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> float:
    """Mean absolute grey-level difference inside `box` (pixels of the 640x360 render)."""
    return ImageStat.Stat(ImageChops.difference(a.crop(box), b.crop(box))).mean[0]


def test_the_preview_shows_the_users_title_where_the_sample_was(
    app: FastAPI, client: TestClient, alice: SignedIn, real_renderer: None
) -> None:
    template = upload(client, alice, rich_deck()).json()
    app.state.services.jobs.wait_idle()
    sample = _image(client, alice, f"/api/files/thumbnails/{template['_id']}/1.jpg")
    slides = [
        {
            "id": "s1",
            "pptxSlideNumber": 1,
            "formData": {"Title 1": "WWWWWWWW MMMMMMMM"},
            "lockedElementNames": ["Content Placeholder 2", "Chart 3"],
        }
    ]
    response = client.post(
        "/api/projects",
        json={"title": "Real", "lang": "en", "pptxFileId": template["_id"], "slides": slides},
        headers=alice.headers,
    )
    assert response.status_code == 201, response.text
    app.state.services.jobs.wait_idle()
    previews = client.get(
        f"/api/projects/{response.json()['_id']}/previews", headers=alice.headers
    ).json()
    slide = previews["slides"][0]
    assert slide["status"] == "ready", slide
    preview = _image(client, alice, slide["url"])
    assert preview.size == (640, 360)
    # The title box (top of the slide) changed a lot; the locked body and chart below it, which
    # keep the template's content, hardly at all: the difference is the user's text.
    title_box = (0, 0, 640, 90)
    below = (0, 130, 640, 360)
    changed, unchanged = (
        _difference(preview, sample, title_box),
        _difference(preview, sample, below),
    )
    assert changed > 4 * unchanged + 1
