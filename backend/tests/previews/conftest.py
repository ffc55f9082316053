"""A renderer that records what it was asked to draw, and a project on a small template."""

from __future__ import annotations

import io
import threading
from collections.abc import Sequence

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pptx import Presentation

from slidewright.pptx_engine.render import FakeRenderer
from tests.helpers import SignedIn, signup
from tests.templates.decks import rich_deck
from tests.templates.test_templates_api import upload


class RecordingRenderer(FakeRenderer):
    """FakeRenderer that keeps, per call, the text of every slide in the deck it was given,
    and can be held (`gate`) so a test sees a render while it is under way."""

    def __init__(self, *, error: Exception | None = None) -> None:
        super().__init__(error=error)
        self.decks: list[list[str]] = []
        self.gate = threading.Event()
        self.gate.set()

    def render(
        self, pptx_bytes: bytes, *, slides: Sequence[int] | None = None, timeout_s: float
    ) -> list[bytes]:
        self.gate.wait(30)
        presentation = Presentation(io.BytesIO(pptx_bytes))
        self.decks.append(
            [
                " | ".join(s.text_frame.text for s in slide.shapes if s.has_text_frame)
                for slide in presentation.slides
            ]
        )
        return super().render(pptx_bytes, slides=slides, timeout_s=timeout_s)


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def bob(client: TestClient, alice: SignedIn) -> SignedIn:
    return signup(client, "bob@example.com", name="Bob")


@pytest.fixture
def template_id(app: FastAPI, client: TestClient, alice: SignedIn) -> str:
    file_id = upload(client, alice, rich_deck()).json()["_id"]
    app.state.services.jobs.wait_idle()
    return file_id


@pytest.fixture
def renderer(app: FastAPI, template_id: str) -> RecordingRenderer:
    """Installed after the template's thumbnails were drawn, so it sees only previews."""
    recording = RecordingRenderer()
    app.state.services._renderer = recording
    return recording
