"""Export through the API: a project on a built-in template becomes a filled, native PPTX."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from urllib.parse import unquote

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pptx import Presentation

from slidewright.core.uploads import guard_ooxml
from tests.helpers import SignedIn, signup
from tests.projects.test_projects_api import _image
from tests.templates.decks import rich_deck
from tests.templates.test_templates_api import upload


def _slide_of(template: dict, names: set[str]) -> int:
    """The number of the first template slide that has all these element names."""
    for slide in template["parsedSlides"]:
        if names <= {e["name"] for e in slide["elements"]}:
            return slide["slideNumber"]
    raise AssertionError(f"no slide with {names}")


def _project(
    client: TestClient, who: SignedIn, template: dict, slides: list[dict], title: str = "Deck"
) -> dict:
    project = client.post(
        "/api/projects",
        json={"title": title, "numSlides": 1, "pptxFileId": template["_id"], "lang": "en"},
        headers=who.headers,
    ).json()
    response = client.put(
        f"/api/projects/{project['_id']}",
        json={"version": project["version"], "slides": slides},
        headers=who.headers,
    )
    assert response.status_code == 200, response.text
    return response.json()


def _texts(slide) -> set[str]:
    return {shape.text_frame.text for shape in slide.shapes if shape.has_text_frame}


def test_export_fills_a_builtin_template(
    client: TestClient, alice: SignedIn, builtin: dict
) -> None:
    title_slide = _slide_of(builtin, {"Title", "Subtitle"})
    chart_slide = _slide_of(builtin, {"Chart"})
    table_slide = _slide_of(builtin, {"Table"})
    picture_slide = _slide_of(builtin, {"Picture"})
    image_id = _image(client, alice)
    chart = {"categories": ["North", "South"], "series": [{"name": "2026", "values": [5, 7]}]}
    project = _project(
        client,
        alice,
        builtin,
        [
            {
                "pptxSlideNumber": title_slide,
                "formData": {"Title": "季度回顾 Q3", "Subtitle": "Growth plan"},
                "notes": "Welcome",
            },
            {"pptxSlideNumber": chart_slide, "formData": {"Chart": chart}},
            {
                "pptxSlideNumber": table_slide,
                "formData": {"Table": {"rows": [["Metric", "Value"], ["Revenue", "12"]]}},
            },
            {"pptxSlideNumber": picture_slide, "formData": {"Picture": image_id}},
            {"contentDescription": "not assigned yet"},
        ],
        title="季度回顾 / Q3",
    )
    response = client.get(f"/api/projects/{project['_id']}/export", headers=alice.headers)
    assert response.status_code == 200, response.text
    disposition = response.headers["content-disposition"]
    assert "filename*=UTF-8''" in disposition
    assert unquote(disposition.split("filename*=UTF-8''")[1]) == "季度回顾 _ Q3.pptx"
    deck = Presentation(io.BytesIO(response.content))
    assert len(deck.slides) == 4  # the unassigned slide is left out
    assert "季度回顾 Q3" in _texts(deck.slides[0])
    assert deck.slides[0].notes_slide.notes_text_frame.text == "Welcome"
    chart_shape = next(s for s in deck.slides[1].shapes if s.has_chart)
    assert list(chart_shape.chart.plots[0].categories) == ["North", "South"]
    assert list(chart_shape.chart.series[0].values) == [5.0, 7.0]
    table = next(s for s in deck.slides[2].shapes if s.has_table).table
    assert [[c.text for c in row.cells] for row in table.rows] == [
        ["Metric", "Value"],
        ["Revenue", "12"],
    ]
    assert any(
        s.shape_type == 13 or getattr(s, "image", None) is not None
        for s in deck.slides[3].shapes
        if hasattr(s, "image")
    )


def test_preflight_reports_missing_pieces(
    client: TestClient, alice: SignedIn, builtin: dict
) -> None:
    title_slide = _slide_of(builtin, {"Title", "Subtitle"})
    project = _project(
        client,
        alice,
        builtin,
        [
            {"pptxSlideNumber": title_slide, "formData": {"Title": "Hello " * 200}},
            {"contentDescription": "later"},
        ],
    )
    report = client.get(
        f"/api/projects/{project['_id']}/export/preflight", headers=alice.headers
    ).json()
    assert report["ready"] is False
    assert report["exportedSlides"] == 1
    by_slide = {
        s["slideIndex"]: {(i["kind"], i["element"]) for i in s["issues"]} for s in report["slides"]
    }
    assert ("text_overflow", "Title") in by_slide[1]
    assert ("empty_element", "Subtitle") in by_slide[1]
    assert by_slide[2] == {("missing_template_slide", None)}
    codes = {(i["kind"], i["code"]) for s in report["slides"] for i in s["issues"]}
    # Engine warnings carry their code; what preflight finds itself has none.
    assert codes == {
        ("text_overflow", "text_overflow"),
        ("empty_element", None),
        ("missing_template_slide", None),
    }


def test_preflight_names_the_engine_code_of_other_issues(
    client: TestClient, alice: SignedIn, builtin: dict
) -> None:
    chart_slide = _slide_of(builtin, {"Chart"})
    # The editor starts from the template's categories; one was left blank.
    chart = {
        "categories": ["North", "", "South"],
        "series": [{"name": "2026", "values": [5, None, 7]}],
    }
    project = _project(
        client, alice, builtin, [{"pptxSlideNumber": chart_slide, "formData": {"Chart": chart}}]
    )
    report = client.get(
        f"/api/projects/{project['_id']}/export/preflight", headers=alice.headers
    ).json()
    issues = [i for i in report["slides"][0]["issues"] if i["element"] == "Chart"]
    assert len(issues) == 1
    assert (issues[0]["kind"], issues[0]["code"]) == ("other", "chart_data_adjusted")
    assert "1 empty categories" in issues[0]["message"]


def test_locked_elements_keep_the_template_content(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    template = upload(client, alice, rich_deck()).json()
    project = _project(
        client,
        alice,
        template,
        [
            {
                "pptxSlideNumber": 1,
                "formData": {"Title 1": "Filled"},
                "lockedElementNames": ["Content Placeholder 2"],
            }
        ],
    )
    deck = Presentation(
        io.BytesIO(
            client.get(f"/api/projects/{project['_id']}/export", headers=alice.headers).content
        )
    )
    texts = _texts(deck.slides[0])
    assert "Filled" in texts
    assert "First point\nSecond point" in texts  # locked: the template's own sample text stays


ACTIVE_PART = re.compile(r"vbaproject|vbadata|activex|oleobject|embeddings/.*\.bin$", re.I)
ACTIVE_TYPE = re.compile(r"macroenabled|vbaproject|vbadata|activex|oleobject", re.IGNORECASE)


def assert_no_active_content(pptx: bytes) -> None:
    """No macro, ActiveX or OLE part by name or content type, and the upload guard (which also
    opens the charts' embedded workbooks) finds none either."""
    with zipfile.ZipFile(io.BytesIO(pptx)) as archive:
        names = archive.namelist()
        types = archive.read("[Content_Types].xml").decode()
    found = [name for name in names if ACTIVE_PART.search(name)]
    assert found == [], found
    assert ACTIVE_TYPE.search(types) is None, types
    guard_ooxml(pptx, expected={"ppt/presentation.xml"})


def test_builtin_templates_and_their_exports_carry_no_active_content(
    client: TestClient, app: FastAPI, alice: SignedIn, builtin: dict
) -> None:
    """Issue 17, "none out": every built-in template (both languages) and a deck exported from
    each, with every one of its slides, plus an export of an uploaded deck with a chart."""
    response = upload(client, alice, rich_deck())
    assert response.status_code == 201, response.text
    app.state.services.jobs.wait_idle()
    templates = client.get("/api/pptx-files", headers=alice.headers).json()
    zh = client.get("/api/pptx-files", headers={**alice.headers, "Accept-Language": "zh-CN"})
    templates += [t for t in zh.json() if t["builtin"]]
    assert sum(t["builtin"] for t in templates) >= 2
    for summary in templates:
        url = f"/api/pptx-files/{summary['_id']}"
        template = client.get(url, headers=alice.headers).json()
        assert_no_active_content(client.get(f"{url}/download", headers=alice.headers).content)
        slides = [{"pptxSlideNumber": s["slideNumber"]} for s in template["parsedSlides"]]
        project = _project(client, alice, template, slides)
        exported = client.get(f"/api/projects/{project['_id']}/export", headers=alice.headers)
        assert exported.status_code == 200, exported.text
        assert_no_active_content(exported.content)


def test_export_errors_are_typed(client: TestClient, alice: SignedIn, builtin: dict) -> None:
    bare = client.post("/api/projects", json={"title": "No template"}, headers=alice.headers).json()
    response = client.get(f"/api/projects/{bare['_id']}/export", headers=alice.headers)
    assert response.status_code == 422
    assert response.json()["errorCode"] == "export_no_template"
    empty = _project(client, alice, builtin, [{"contentDescription": "x"}])
    response = client.get(f"/api/projects/{empty['_id']}/export", headers=alice.headers)
    assert response.json()["errorCode"] == "export_no_slides"
    other = signup(client, "bob@example.com")
    assert (
        client.get(f"/api/projects/{empty['_id']}/export", headers=other.headers).status_code == 404
    )


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_opens_the_export_with_the_expected_pages(
    client: TestClient, alice: SignedIn, builtin: dict, tmp_path: Path
) -> None:
    numbers = [slide["slideNumber"] for slide in builtin["parsedSlides"]]
    project = _project(
        client, alice, builtin, [{"pptxSlideNumber": n} for n in numbers + numbers[:2]]
    )
    data = client.get(f"/api/projects/{project['_id']}/export", headers=alice.headers).content
    source = tmp_path / "deck.pptx"
    source.write_bytes(data)
    subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp_path),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=240,
    )
    info = subprocess.run(
        ["pdfinfo", str(tmp_path / "deck.pdf")], capture_output=True, text=True, check=True
    )
    pages = int(
        next(line for line in info.stdout.splitlines() if line.startswith("Pages:")).split()[1]
    )
    assert pages == len(numbers) + 2
