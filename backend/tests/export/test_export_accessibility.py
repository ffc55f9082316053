"""Accessible exports through the API (issue 19): every built-in template, both languages,
passes the deck checks; pictures carry the gallery's description; preflight lists, slide by
slide, what a screen-reader user would still miss."""

from __future__ import annotations

import io
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from PIL import Image

from slidewright.core.db import unit_of_work
from slidewright.pptx_engine.accessibility import accessibility_problems
from slidewright.templates.builtins import install_builtins
from tests.export.test_export_api import _project, _slide_of
from tests.helpers import SignedIn
from tests.pptx_engine.accessibility_checks import c_nv_pr, deck_gaps, decorative, is_picture
from tests.pptx_engine.fill_builders import open_deck

DESCRIPTION = "Engineers around a whiteboard at the pilot workshop"
TABLE = {"rows": [["Region", "2025"], ["North", "12"], ["South", "9"]]}
CHART = {"categories": ["Q1", "Q2"], "series": [{"name": "Sales", "values": [1, 2]}]}
CHART_ALT = "Column chart: Sales (Q1, Q2)"


@pytest.fixture
def builtins(app: FastAPI, client: TestClient, alice: SignedIn) -> list[dict]:
    """Every built-in template in both languages, as the API returns them."""
    with unit_of_work(app.state.session_factory) as session:
        install_builtins(session, app.state.services)
    app.state.services.jobs.wait_idle()
    found: dict[str, dict] = {}
    for lang in ("en", "zh-CN"):
        listed = client.get(
            "/api/pptx-files", headers={**alice.headers, "Accept-Language": lang}
        ).json()
        for summary in listed:
            if summary["builtin"]:
                found[summary["_id"]] = summary
    assert len(found) == 6, "three templates in two languages"
    return [
        client.get(f"/api/pptx-files/{template_id}", headers=alice.headers).json()
        for template_id in found
    ]


def english(builtins: list[dict]) -> dict:
    """A built-in in its English edition (element names such as "Picture" and "Quote")."""
    return next(
        t
        for t in builtins
        if any(e["name"] == "Quote" for s in t["parsedSlides"] for e in s["elements"])
    )


def upload_image(client: TestClient, who: SignedIn, alt: str | None = None) -> str:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), "teal").save(buffer, "PNG")
    response = client.post(
        "/api/images",
        files={"image": ("workshop.png", buffer.getvalue(), "image/png")},
        data={} if alt is None else {"alt": alt},
        headers=who.headers,
    )
    assert response.status_code == 201, response.text
    return response.json()["_id"]


def form_data(slide: dict, image_id: str) -> dict[str, Any]:
    """A value for every unlocked element, as a user who filled the whole slide."""
    values: dict[str, Any] = {}
    for element in slide["elements"]:
        if element["isLocked"]:
            continue
        kind = element["type"]
        if kind == "text":
            values[element["name"]] = f"{element['name']} ✓"
        elif kind == "picture":
            values[element["name"]] = image_id
        elif kind == "table":
            values[element["name"]] = TABLE
        elif kind == "chart":
            values[element["name"]] = CHART
    return values


def preflight(client: TestClient, who: SignedIn, project: dict) -> dict:
    response = client.get(f"/api/projects/{project['_id']}/export/preflight", headers=who.headers)
    assert response.status_code == 200, response.text
    return response.json()


def accessibility_issues(report: dict) -> set[tuple[int, str, str | None]]:
    return {
        (slide["slideIndex"], issue["code"], issue["element"])
        for slide in report["slides"]
        for issue in slide["issues"]
        if issue["kind"] == "accessibility"
    }


def export(client: TestClient, who: SignedIn, project: dict) -> bytes:
    response = client.get(f"/api/projects/{project['_id']}/export", headers=who.headers)
    assert response.status_code == 200, response.text
    return response.content


def test_every_builtin_template_exports_an_accessible_deck(
    client: TestClient, alice: SignedIn, builtins: list[dict]
) -> None:
    image_id = upload_image(client, alice, DESCRIPTION)
    for template in builtins:
        slides = [
            {"pptxSlideNumber": s["slideNumber"], "formData": form_data(s, image_id)}
            for s in template["parsedSlides"]
        ]
        name = template["filename"]
        project = _project(client, alice, template, slides, title=name)
        assert accessibility_issues(preflight(client, alice, project)) == set(), name
        data = export(client, alice, project)
        assert accessibility_problems(data) == [], name
        assert deck_gaps(data) == [], name
        pictures = [s for slide in open_deck(data).slides for s in slide.shapes if is_picture(s)]
        assert [c_nv_pr(p).get("descr") for p in pictures] == [DESCRIPTION], name
        # The chart is described from the data filled in, in the project's language (en).
        charts = [s for slide in open_deck(data).slides for s in slide.shapes if s.has_chart]
        assert [c_nv_pr(c).get("descr") for c in charts] == [CHART_ALT], name


def test_preflight_flags_a_picture_without_a_description_until_it_has_one(
    client: TestClient, alice: SignedIn, builtins: list[dict]
) -> None:
    template = english(builtins)
    picture_slide = _slide_of(template, {"Picture"})
    # Uploaded without a description: the file name stands in, which is no alt text.
    bare = upload_image(client, alice)
    project = _project(
        client,
        alice,
        template,
        [
            {"pptxSlideNumber": picture_slide, "formData": {"Picture": bare, "Title": "Pilot"}},
            {"pptxSlideNumber": picture_slide, "formData": {"Title": "Sample kept"}},
        ],
    )
    report = preflight(client, alice, project)
    assert report["ready"] is False
    assert accessibility_issues(report) == {(1, "missing_alt_text", "Picture")}
    data = export(client, alice, project)
    prs = open_deck(data)
    placed = next(s for s in prs.slides[0].shapes if is_picture(s))
    assert c_nv_pr(placed).get("descr") is None and not decorative(placed)
    # The template's own sample picture keeps the template's description.
    kept = next(s for s in prs.slides[1].shapes if is_picture(s))
    assert c_nv_pr(kept).get("descr")

    response = client.put(
        f"/api/images/{bare}/alt", json={"alt": DESCRIPTION}, headers=alice.headers
    )
    assert response.status_code == 200, response.text
    assert accessibility_issues(preflight(client, alice, project)) == set()
    slide = open_deck(export(client, alice, project)).slides[0]
    placed = next(s for s in slide.shapes if is_picture(s))
    assert c_nv_pr(placed).get("descr") == DESCRIPTION


def test_preflight_flags_a_slide_left_without_any_text(
    client: TestClient, alice: SignedIn, builtins: list[dict]
) -> None:
    template = english(builtins)
    table_slide = _slide_of(template, {"Table"})
    quote_slide = _slide_of(template, {"Quote"})
    project = _project(
        client,
        alice,
        template,
        [
            # Title and source left empty: only the table remains, and no title is invented.
            {"pptxSlideNumber": table_slide, "formData": {"Table": TABLE}},
            # The quote layout has no title: the quote becomes its off-slide title.
            {"pptxSlideNumber": quote_slide, "formData": {"Quote": "Two days, not two weeks"}},
        ],
    )
    report = preflight(client, alice, project)
    assert accessibility_issues(report) == {(1, "missing_slide_title", None)}
    prs = open_deck(export(client, alice, project))
    table = next(s for s in prs.slides[0].shapes if s.has_table).table
    assert table.first_row
    title = prs.slides[1].shapes.title
    assert title.text_frame.text == "Two days, not two weeks" and title.top + title.height < 0
