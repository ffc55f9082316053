"""PPTX templates through the API: upload, parse, thumbnails, edits and visibility (two users)."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from PIL import Image

from tests.helpers import SignedIn, signup
from tests.templates.decks import simple_deck

PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


def upload(client: TestClient, who: SignedIn, data: bytes, name: str = "deck.pptx"):
    return client.post("/api/pptx-files", files={"file": (name, data, PPTX)}, headers=who.headers)


def uploaded(client: TestClient, app: FastAPI, who: SignedIn, data: bytes | None = None) -> dict:
    response = upload(client, who, data or simple_deck())
    assert response.status_code == 201, response.text
    app.state.services.jobs.wait_idle()
    return client.get(f"/api/pptx-files/{response.json()['_id']}", headers=who.headers).json()


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    signup(client, "admin@example.com", name="Admin")
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def bob(client: TestClient, alice: SignedIn) -> SignedIn:
    return signup(client, "bob@example.com", name="Bob")


def test_upload_parses_slides_and_elements(client: TestClient, alice: SignedIn) -> None:
    response = upload(client, alice, simple_deck(3), name="Quarterly.pptx")
    assert response.status_code == 201
    body = response.json()
    assert body["filename"] == "Quarterly.pptx"
    assert body["public"] is False
    assert body["slideCount"] == 3
    assert body["slidesMissingDescription"] == [1, 2, 3]
    first = body["parsedSlides"][0]
    assert first["slideNumber"] == 1
    types = {element["type"] for element in first["elements"]}
    assert {"text", "chart"} <= types
    title = next(e for e in first["elements"] if e["innerText"] == "Slide 1")
    assert title["boundary"]["width"] > 0
    assert body["renderJob"]["status"] in {"queued", "running", "succeeded"}


def test_thumbnails_are_rendered_by_a_job(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    template = uploaded(client, app, alice)
    assert template["renderJob"]["status"] == "succeeded"
    assert template["thumbnailSlides"] == [1, 2, 3]
    response = client.get(f"/api/files/thumbnails/{template['_id']}/2.jpg", headers=alice.headers)
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/jpeg"
    assert Image.open(io.BytesIO(response.content)).size == (640, 360)
    head = client.head(f"/api/files/thumbnails/{template['_id']}/1.jpg", headers=alice.headers)
    assert head.status_code == 200
    missing = client.head(f"/api/files/thumbnails/{template['_id']}/9.jpg", headers=alice.headers)
    assert missing.status_code == 404


@pytest.mark.parametrize(
    ("data", "name", "code"),
    [
        (b"not a zip at all", "deck.pptx", "invalid_pptx"),
        (
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600,
            "deck.pptx",
            "encrypted_or_legacy_file",
        ),
        (simple_deck(1), "deck.docx", "unsupported_file_type"),
    ],
)
def test_bad_files_get_typed_errors(
    client: TestClient, alice: SignedIn, data: bytes, name: str, code: str
) -> None:
    response = upload(client, alice, data, name=name)
    assert response.status_code == 400
    assert response.json()["errorCode"] == code
    assert client.get("/api/pptx-files", headers=alice.headers).json() == []


def test_a_zip_that_is_not_a_presentation_is_invalid(client: TestClient, alice: SignedIn) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hello.txt", "hi")
    response = upload(client, alice, buffer.getvalue())
    assert response.json()["errorCode"] in {"invalid_pptx", "unsupported_file_type"}


def test_zip_bomb_is_refused_as_unsafe(client: TestClient, alice: SignedIn) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("ppt/presentation.xml", "<p/>" + " " * (300 * 1024 * 1024 // 1000) * 1000)
    response = upload(client, alice, buffer.getvalue())
    assert response.status_code == 400
    assert response.json()["errorCode"] == "unsafe_archive"


def test_error_messages_are_translated(client: TestClient, alice: SignedIn) -> None:
    response = client.post(
        "/api/pptx-files",
        files={"file": ("deck.pptx", b"junk", PPTX)},
        headers={**alice.headers, "Accept-Language": "zh-CN"},
    )
    assert "PowerPoint" in response.json()["message"]
    assert "无法读取" in response.json()["message"]


def test_drafts_are_private_and_published_templates_read_only(
    client: TestClient, app: FastAPI, alice: SignedIn, bob: SignedIn
) -> None:
    template = uploaded(client, app, alice)
    url = f"/api/pptx-files/{template['_id']}"
    assert client.get(url, headers=bob.headers).status_code == 404
    assert (
        client.get(
            f"/api/files/thumbnails/{template['_id']}/1.jpg", headers=bob.headers
        ).status_code
        == 404
    )
    assert [t["_id"] for t in client.get("/api/pptx-files", headers=bob.headers).json()] == []

    published = client.post(f"{url}/publish", headers=alice.headers)
    assert published.json()["public"] is True
    assert (
        client.post(f"{url}/publish", headers=alice.headers).json()["errorCode"]
        == "already_published"
    )

    seen = client.get(url, headers=bob.headers).json()
    assert seen["canEdit"] is False
    assert (
        client.get(
            f"/api/files/thumbnails/{template['_id']}/1.jpg", headers=bob.headers
        ).status_code
        == 200
    )
    for call in (
        client.put(url, json={"description": "mine"}, headers=bob.headers),
        client.delete(url, headers=bob.headers),
        client.put(f"{url}/slides/1/description", json={"description": "x"}, headers=bob.headers),
    ):
        assert call.status_code == 403
    assert client.get(url, headers=alice.headers).json()["description"] == ""


def test_owner_edits_description_slide_descriptions_and_locks(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    template = uploaded(client, app, alice)
    url = f"/api/pptx-files/{template['_id']}"
    client.put(url, json={"description": "Our sales deck"}, headers=alice.headers)
    slide = client.put(
        f"{url}/slides/2/description", json={"description": " Agenda slide "}, headers=alice.headers
    )
    assert slide.json()["description"] == "Agenda slide"
    element = template["parsedSlides"][0]["elements"][0]
    locked = client.put(
        f"{url}/slides/1/element-locked",
        json={"elementIndex": 0, "isLocked": not element["isLocked"]},
        headers=alice.headers,
    )
    assert locked.json()["elements"][0]["isLocked"] is (not element["isLocked"])
    fresh = client.get(url, headers=alice.headers).json()
    assert fresh["description"] == "Our sales deck"
    assert fresh["slidesMissingDescription"] == [1, 3]
    assert fresh["parsedSlides"][0]["elements"][0]["isLocked"] is (not element["isLocked"])


def test_out_of_range_slides_and_elements_are_typed_404s(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    template = uploaded(client, app, alice)
    url = f"/api/pptx-files/{template['_id']}"
    response = client.put(
        f"{url}/slides/9/description", json={"description": "x"}, headers=alice.headers
    )
    assert response.json()["errorCode"] == "slide_not_found"
    response = client.put(
        f"{url}/slides/1/element-locked",
        json={"elementIndex": 99, "isLocked": True},
        headers=alice.headers,
    )
    assert response.json()["errorCode"] == "element_not_found"


def _jpeg(color: str = "red", size: tuple[int, int] = (640, 360)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "JPEG")
    return buffer.getvalue()


def test_manual_thumbnail_survives_rerender_until_reset(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    template = uploaded(client, app, alice)
    url = f"/api/pptx-files/{template['_id']}"
    thumb_url = f"/api/files/thumbnails/{template['_id']}/2.jpg"
    response = client.post(
        f"{url}/thumbnails/2",
        files={"thumbnail": ("2.jpg", _jpeg(), "image/jpeg")},
        headers=alice.headers,
    )
    assert response.status_code == 200
    manual = client.get(thumb_url, headers=alice.headers).content
    assert Image.open(io.BytesIO(manual)).getpixel((10, 10))[0] > 200  # red

    client.post(f"{url}/render", headers=alice.headers)
    app.state.services.jobs.wait_idle()
    assert client.get(thumb_url, headers=alice.headers).content == manual

    job = client.delete(f"{url}/thumbnails/2", headers=alice.headers).json()
    app.state.services.jobs.wait_idle()
    assert (
        client.get(f"/api/jobs/{job['_id']}", headers=alice.headers).json()["status"] == "succeeded"
    )
    assert client.get(thumb_url, headers=alice.headers).content != manual


def test_manual_thumbnail_must_be_jpeg(client: TestClient, app: FastAPI, alice: SignedIn) -> None:
    template = uploaded(client, app, alice)
    png = io.BytesIO()
    Image.new("RGB", (64, 36)).save(png, "PNG")
    response = client.post(
        f"/api/pptx-files/{template['_id']}/thumbnails/1",
        files={"thumbnail": ("1.png", png.getvalue(), "image/png")},
        headers=alice.headers,
    )
    assert response.status_code == 400
    assert response.json()["errorCode"] == "unsupported_file_type"


def test_delete_removes_the_template_and_its_blobs(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    template = uploaded(client, app, alice)
    blobs = app.state.services.blobs
    prefix = f"templates/{alice.user['_id']}/{template['_id']}/"
    assert blobs.list(prefix)
    assert (
        client.delete(f"/api/pptx-files/{template['_id']}", headers=alice.headers).status_code
        == 204
    )
    assert (
        client.get(f"/api/pptx-files/{template['_id']}", headers=alice.headers).status_code == 404
    )
    assert blobs.list(prefix) == []


def test_download_returns_the_original_file(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    data = simple_deck(2)
    template = uploaded(client, app, alice, data)
    response = client.get(f"/api/pptx-files/{template['_id']}/download", headers=alice.headers)
    assert response.content == data
    assert "deck.pptx" in response.headers["content-disposition"]


@pytest.mark.parametrize(
    ("error", "code"),
    [
        ("timeout", "render_timeout"),
        ("unavailable", "render_unavailable"),
        ("failed", "render_failed"),
    ],
)
def test_render_failures_are_typed_job_errors(
    client: TestClient, app: FastAPI, alice: SignedIn, error: str, code: str
) -> None:
    from slidewright.pptx_engine.render import (
        FakeRenderer,
        RenderError,
        RenderTimeout,
        RenderUnavailable,
    )

    errors = {
        "timeout": RenderTimeout("took too long"),
        "unavailable": RenderUnavailable("no soffice"),
        "failed": RenderError("broken"),
    }
    app.state.services._renderer = FakeRenderer(error=errors[error])
    template = uploaded(client, app, alice)
    job = template["renderJob"]
    assert (job["status"], job["errorCode"]) == ("failed", code)
    assert template["thumbnailSlides"] == []


def install_builtin_templates(app: FastAPI) -> None:
    from slidewright.core.db import unit_of_work
    from slidewright.templates.builtins import install_builtins

    with unit_of_work(app.state.session_factory) as session:
        install_builtins(session, app.state.services)
    app.state.services.jobs.wait_idle()


def builtin_templates(client: TestClient, headers: dict[str, str]) -> list[dict]:
    return [t for t in client.get("/api/pptx-files", headers=headers).json() if t["builtin"]]


def test_each_user_lists_the_builtin_edition_of_their_language(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    from slidewright.builtin import BUILTIN_TEMPLATES

    install_builtin_templates(app)
    zh = {**alice.headers, "Accept-Language": "zh-CN,zh;q=0.9"}
    english = builtin_templates(client, alice.headers)
    chinese = builtin_templates(client, zh)
    assert sorted(t["filename"] for t in english) == sorted(t.filename for t in BUILTIN_TEMPLATES)
    assert sorted(t["filename"] for t in chinese) == sorted(
        t.filename_in("zh-CN") for t in BUILTIN_TEMPLATES
    )

    detail = client.get(f"/api/pptx-files/{chinese[0]['_id']}", headers=zh).json()
    assert detail["thumbnailSlides"] == list(range(1, 11))
    slides = detail["parsedSlides"]
    names = {e["name"] for slide in slides for e in slide["elements"]}
    assert {"标题", "副标题", "演讲人", "关键数字", "要点总结", "正文", "联系方式"} <= names
    assert not names & {"Title", "Subtitle", "Presenter", "Key Figure", "Takeaway", "Body"}
    assert slides[0]["layoutName"] == "标题幻灯片"
    cjk = re.compile(r"[\u4e00-\u9fff]")
    assert all(cjk.search(slide["layoutName"]) for slide in slides)
    samples = [e["innerText"] for slide in slides for e in slide["elements"] if e["innerText"]]
    assert all(cjk.search(text) or re.fullmatch(r"[\d+%.]+", text) for text in samples)


def test_a_project_keeps_its_builtin_edition_when_its_owner_switches_language(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    install_builtin_templates(app)
    english = builtin_templates(client, alice.headers)[0]
    created = client.post(
        "/api/projects",
        json={"title": "Review", "lang": "en", "pptxFileId": english["_id"], "numSlides": 1},
        headers=alice.headers,
    )
    assert created.status_code == 201, created.text
    # Now in Chinese: the list offers the Chinese edition, the project's edition still opens,
    # its names unchanged (the project's values are keyed by them), its descriptions Chinese.
    zh = {**alice.headers, "Accept-Language": "zh-CN"}
    project = client.get(f"/api/projects/{created.json()['_id']}", headers=zh).json()
    assert project["pptxFileId"] == english["_id"]
    template = client.get(f"/api/pptx-files/{english['_id']}", headers=zh)
    assert template.status_code == 200
    assert template.json()["parsedSlides"][0]["elements"][0]["name"] == "Title"
    assert "页" in template.json()["parsedSlides"][0]["description"]


def test_builtin_templates_are_published_for_every_user_in_their_language(
    client: TestClient, app: FastAPI, alice: SignedIn, bob: SignedIn
) -> None:
    from slidewright.core.db import unit_of_work
    from slidewright.templates.builtins import install_builtins

    with unit_of_work(app.state.session_factory) as session:
        assert len(install_builtins(session, app.state.services)) >= 3
    with unit_of_work(app.state.session_factory) as session:
        assert install_builtins(session, app.state.services) == []  # idempotent
    app.state.services.jobs.wait_idle()
    for who in (alice, bob):
        templates = client.get("/api/pptx-files", headers=who.headers).json()
        builtins = [t for t in templates if t["builtin"]]
        assert len(builtins) >= 3
        assert all(t["public"] and not t["canEdit"] for t in builtins)
        assert all(t["slidesMissingDescription"] == [] and t["description"] for t in builtins)
    first = builtins[0]["_id"]
    english = client.get(f"/api/pptx-files/{first}", headers=alice.headers).json()
    chinese = client.get(
        f"/api/pptx-files/{first}", headers={**alice.headers, "Accept-Language": "zh-CN"}
    ).json()
    assert english["description"] != chinese["description"]
    assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese["parsedSlides"][0]["description"])
    assert english["thumbnailSlides"] == list(range(1, english["slideCount"] + 1))
    # The system account that owns them cannot sign in and is not a visible user.
    owner = client.get(f"/api/users/{english['ownerId']}", headers=alice.headers)
    assert owner.status_code == 404
