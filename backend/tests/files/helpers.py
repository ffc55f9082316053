"""Helpers for the files API tests: uploads and images built in code."""

from __future__ import annotations

import io
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response
from PIL import Image

from tests.helpers import SignedIn
from tests.templates.decks import simple_deck

PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


def upload(client: TestClient, who: SignedIn, data: bytes, name: str = "deck.pptx") -> Response:
    return client.post(
        "/api/files/upload",
        files={"file": (name, data, "application/octet-stream")},
        headers=who.headers,
    )


def uploaded(
    client: TestClient,
    app: FastAPI,
    who: SignedIn,
    data: bytes | None = None,
    name: str = "deck.pptx",
) -> dict[str, Any]:
    """Uploads a file, waits for its thumbnails and returns its detail."""
    response = upload(client, who, data if data is not None else simple_deck(3), name)
    assert response.status_code == 201, response.text
    app.state.services.jobs.wait_idle()
    return client.get(f"/api/files/{response.json()['_id']}", headers=who.headers).json()


def image(
    color: str = "red", size: tuple[int, int] = (640, 360), fmt: str = "JPEG", mode: str = "RGB"
) -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, color).save(buffer, fmt)
    return buffer.getvalue()


def pixel(data: bytes) -> tuple[int, int, int]:
    with Image.open(io.BytesIO(data)) as picture:
        assert picture.format == "JPEG"
        return picture.convert("RGB").getpixel((picture.width // 2, picture.height // 2))
