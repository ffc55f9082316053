"""The file library through the API: upload, thumbnails, use as PPTX template, isolation."""

from __future__ import annotations

import io

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from PIL import Image

from slidewright.files.service import natural_key
from tests.files.helpers import image, pixel, upload, uploaded
from tests.helpers import SignedIn
from tests.templates.decks import simple_deck

RED, GREEN, BLUE = (255, 0, 0), (0, 128, 0), (0, 0, 255)


def close(actual: tuple[int, int, int], expected: tuple[int, int, int]) -> bool:
    return all(abs(a - e) < 40 for a, e in zip(actual, expected, strict=True))


def test_upload_pptx_returns_the_spec_shape_and_renders_thumbnails(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    data = simple_deck(3)
    response = upload(client, alice, data, name="Quarterly.pptx")
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["name"] == "Quarterly.pptx"
    assert body["type"] == "pptx"
    assert body["size"] == len(data)
    assert body["slideCount"] == 3
    assert body["createdAt"]
    assert body["renderJob"]["kind"] == "files.render_thumbnails"

    app.state.services.jobs.wait_idle()
    detail = client.get(f"/api/files/{body['_id']}", headers=alice.headers).json()
    assert detail["renderJob"]["status"] == "succeeded"
    paths = [f"/api/files/{body['_id']}/thumbnails/{n}" for n in (1, 2, 3)]
    assert detail["thumbnailPaths"] == paths
    assert [s["thumbnailPath"] for s in detail["slides"]] == paths
    thumb = client.get(paths[1], headers=alice.headers)
    assert thumb.status_code == 200
    assert thumb.headers["content-type"] == "image/jpeg"
    assert Image.open(io.BytesIO(thumb.content)).size == (640, 360)


def test_list_has_own_files_newest_first(client: TestClient, app: FastAPI, alice: SignedIn) -> None:
    first = uploaded(client, app, alice, simple_deck(1), name="first.pptx")
    second = uploaded(client, app, alice, simple_deck(2), name="second.pptx")
    listed = client.get("/api/files", headers=alice.headers).json()
    assert [f["_id"] for f in listed] == [second["_id"], first["_id"]]
    assert set(listed[0]) == {
        "_id",
        "name",
        "type",
        "size",
        "createdAt",
        "slideCount",
        "thumbnailPaths",
    }
    assert len(listed[0]["thumbnailPaths"]) == 2


@pytest.mark.parametrize(
    ("data", "name", "code"),
    [
        (simple_deck(1), "deck.docx", "unsupported_file_type"),
        (simple_deck(1), "deck.ppt", "unsupported_file_type"),
        (b"%PDF-1.7 not a deck", "deck.pdf", "unsupported_file_type"),
        (simple_deck(1), "no-extension", "unsupported_file_type"),
        (b"not a zip at all", "deck.pptx", "invalid_pptx"),
        (simple_deck(1)[:2000], "truncated.pptx", "invalid_pptx"),
        (
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600,
            "deck.pptx",
            "encrypted_or_legacy_file",
        ),
    ],
)
def test_bad_uploads_get_typed_errors_and_store_nothing(
    client: TestClient, app: FastAPI, alice: SignedIn, data: bytes, name: str, code: str
) -> None:
    response = upload(client, alice, data, name=name)
    assert response.status_code == 400
    assert response.json()["errorCode"] == code
    assert client.get("/api/files", headers=alice.headers).json() == []
    assert app.state.services.blobs.list(f"files/{alice.user['_id']}") == []


def test_natural_sort_key_orders_numbers_by_value() -> None:
    names = ["10.jpg", "2.jpg", "1.jpg", "slide 11.png", "slide 9.png", "a.jpg"]
    assert sorted(names, key=natural_key) == [
        "1.jpg",
        "2.jpg",
        "10.jpg",
        "a.jpg",
        "slide 9.png",
        "slide 11.png",
    ]


def test_bulk_thumbnails_go_to_slides_in_natural_name_order(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    file = uploaded(client, app, alice)
    url = f"/api/files/{file['_id']}"
    files = [
        ("thumbnails", ("10.jpg", image("blue", (1920, 1080)), "image/jpeg")),
        ("thumbnails", ("2.png", image("green", fmt="PNG", mode="RGBA"), "image/png")),
        ("thumbnails", ("1.webp", image("red", fmt="WEBP"), "image/webp")),
    ]
    response = client.post(f"{url}/thumbnails", files=files, headers=alice.headers)
    assert response.status_code == 200, response.text
    assert len(response.json()["thumbnailPaths"]) == 3
    colors = [client.get(f"{url}/thumbnails/{n}", headers=alice.headers).content for n in (1, 2, 3)]
    assert close(pixel(colors[0]), RED)
    assert close(pixel(colors[1]), GREEN)
    assert close(pixel(colors[2]), BLUE)
    # Stored as JPEG, scaled down to fit 640x360.
    assert Image.open(io.BytesIO(colors[2])).size == (640, 360)


def test_fewer_images_than_slides_fill_the_first_slides(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    file = uploaded(client, app, alice)
    url = f"/api/files/{file['_id']}"
    client.delete(f"{url}/thumbnails", headers=alice.headers)
    response = client.post(
        f"{url}/thumbnails",
        files=[("thumbnails", ("b.jpg", image("blue"), "image/jpeg"))],
        headers=alice.headers,
    )
    assert response.json()["thumbnailPaths"] == [f"{url}/thumbnails/1"]


def test_more_images_than_slides_is_too_many_files(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    file = uploaded(client, app, alice)
    url = f"/api/files/{file['_id']}"
    before = client.get(f"{url}/thumbnails/1", headers=alice.headers).content
    files = [("thumbnails", (f"{n}.jpg", image("red"), "image/jpeg")) for n in range(1, 5)]
    response = client.post(f"{url}/thumbnails", files=files, headers=alice.headers)
    assert response.status_code == 400
    body = response.json()
    assert body["errorCode"] == "too_many_files"
    assert body["details"] == {"expected": 3}
    assert body["message"] == "Too many files selected. Expected 3 files."
    assert client.get(f"{url}/thumbnails/1", headers=alice.headers).content == before


def test_single_thumbnail_with_an_index(client: TestClient, app: FastAPI, alice: SignedIn) -> None:
    file = uploaded(client, app, alice)
    url = f"/api/files/{file['_id']}"
    response = client.post(
        f"{url}/thumbnails",
        files=[("thumbnails", ("anything.jpg", image("blue"), "image/jpeg"))],
        data={"index": "2"},
        headers=alice.headers,
    )
    assert response.status_code == 200, response.text
    assert close(pixel(client.get(f"{url}/thumbnails/2", headers=alice.headers).content), BLUE)
    assert not close(pixel(client.get(f"{url}/thumbnails/1", headers=alice.headers).content), BLUE)

    two = [("thumbnails", (f"{n}.jpg", image(), "image/jpeg")) for n in (1, 2)]
    response = client.post(
        f"{url}/thumbnails", files=two, data={"index": "1"}, headers=alice.headers
    )
    assert (response.json()["errorCode"], response.json()["details"]) == (
        "too_many_files",
        {"expected": 1},
    )
    for index in ("0", "9"):
        response = client.post(
            f"{url}/thumbnails",
            files=[("thumbnails", ("x.jpg", image(), "image/jpeg"))],
            data={"index": index},
            headers=alice.headers,
        )
        assert response.status_code == 404
        assert response.json()["errorCode"] == "slide_not_found"


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (image(fmt="GIF", mode="P"), "unsupported_file_type"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "unsupported_file_type"),
        (b"just text", "unsupported_file_type"),
        (image()[:200], "invalid_image"),
    ],
)
def test_thumbnails_must_be_jpeg_png_or_webp_images(
    client: TestClient, app: FastAPI, alice: SignedIn, data: bytes, code: str
) -> None:
    file = uploaded(client, app, alice)
    url = f"/api/files/{file['_id']}"
    files = [
        ("thumbnails", ("1.jpg", image("red"), "image/jpeg")),
        ("thumbnails", ("2.bin", data, "application/octet-stream")),
    ]
    response = client.post(f"{url}/thumbnails", files=files, headers=alice.headers)
    assert response.status_code == 400
    assert response.json()["errorCode"] == code
    assert response.json()["details"]["filename"] == "2.bin"
    # Nothing was stored: slide 1 still has its rendered thumbnail.
    assert not close(pixel(client.get(f"{url}/thumbnails/1", headers=alice.headers).content), RED)


def test_clear_then_render_brings_thumbnails_back_and_keeps_uploaded_ones(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    file = uploaded(client, app, alice)
    url = f"/api/files/{file['_id']}"
    cleared = client.delete(f"{url}/thumbnails", headers=alice.headers)
    assert cleared.status_code == 200
    assert cleared.json()["thumbnailPaths"] == []
    missing = client.get(f"{url}/thumbnails/1", headers=alice.headers)
    assert (missing.status_code, missing.json()["errorCode"]) == (404, "thumbnail_not_found")
    blobs = app.state.services.blobs
    assert blobs.list(f"files/{alice.user['_id']}/{file['_id']}/thumbs") == []

    client.post(
        f"{url}/thumbnails",
        files=[("thumbnails", ("x.jpg", image("red"), "image/jpeg"))],
        data={"index": "3"},
        headers=alice.headers,
    )
    job = client.post(f"{url}/render", headers=alice.headers).json()
    app.state.services.jobs.wait_idle()
    done = client.get(f"/api/jobs/{job['_id']}", headers=alice.headers).json()
    assert done["status"] == "succeeded"
    assert done["result"] == {"rendered": [1, 2]}
    detail = client.get(url, headers=alice.headers).json()
    assert len(detail["thumbnailPaths"]) == 3
    assert close(pixel(client.get(f"{url}/thumbnails/3", headers=alice.headers).content), RED)


def test_render_failure_is_a_typed_job_error(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    from slidewright.pptx_engine.render import FakeRenderer, RenderTimeout

    app.state.services._renderer = FakeRenderer(error=RenderTimeout("too slow"))
    file = uploaded(client, app, alice)
    assert (file["renderJob"]["status"], file["renderJob"]["errorCode"]) == (
        "failed",
        "render_timeout",
    )
    assert file["thumbnailPaths"] == []


def test_use_as_template_creates_a_pptx_template(
    client: TestClient, app: FastAPI, alice: SignedIn, bob: SignedIn
) -> None:
    file = uploaded(client, app, alice, simple_deck(2), name="Sales.pptx")
    response = client.post(f"/api/files/{file['_id']}/use-as-template", headers=alice.headers)
    assert response.status_code == 201, response.text
    template_id = response.json()["pptxFileId"]
    app.state.services.jobs.wait_idle()
    templates = client.get("/api/pptx-files", headers=alice.headers).json()
    created = next(t for t in templates if t["_id"] == template_id)
    assert (created["filename"], created["slideCount"], created["public"]) == (
        "Sales.pptx",
        2,
        False,
    )
    assert created["thumbnailSlides"] == [1, 2]
    assert client.get("/api/pptx-files", headers=bob.headers).json() == []


def test_delete_removes_the_file_its_blobs_and_its_templates(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    file = uploaded(client, app, alice)
    blobs = app.state.services.blobs
    prefix = f"files/{alice.user['_id']}/{file['_id']}"
    assert f"{prefix}/original.pptx" in blobs.list(prefix)
    client.post(
        "/api/templates",
        json={"name": "Cover", "sourceFileId": file["_id"], "sourceIndex": 1},
        headers=alice.headers,
    )
    assert client.delete(f"/api/files/{file['_id']}", headers=alice.headers).status_code == 204
    assert client.get(f"/api/files/{file['_id']}", headers=alice.headers).status_code == 404
    assert blobs.list(prefix) == []
    assert client.get("/api/templates", headers=alice.headers).json() == []


def test_other_users_files_are_invisible(
    client: TestClient, app: FastAPI, alice: SignedIn, bob: SignedIn
) -> None:
    file = uploaded(client, app, alice)
    url = f"/api/files/{file['_id']}"
    assert client.get("/api/files", headers=bob.headers).json() == []
    calls = [
        client.get(url, headers=bob.headers),
        client.delete(url, headers=bob.headers),
        client.get(f"{url}/thumbnails/1", headers=bob.headers),
        client.delete(f"{url}/thumbnails", headers=bob.headers),
        client.post(
            f"{url}/thumbnails",
            files=[("thumbnails", ("1.jpg", image(), "image/jpeg"))],
            headers=bob.headers,
        ),
        client.post(f"{url}/render", headers=bob.headers),
        client.post(f"{url}/use-as-template", headers=bob.headers),
    ]
    for call in calls:
        assert call.status_code == 404, call.request.url
        assert call.json()["errorCode"] == "file_not_found"
    assert client.get(url, headers=alice.headers).json()["thumbnailPaths"] == file["thumbnailPaths"]
    assert client.get("/api/files", headers=client.headers).status_code == 401


def test_template_and_file_thumbnail_routes_coexist(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    """`/api/files/thumbnails/{pptxFileId}/{n}.jpg` (PPTX templates) and
    `/api/files/{fileId}/thumbnails/{n}` (uploaded files) both answer, each for its own kind."""
    file = uploaded(client, app, alice)
    template = client.post(
        "/api/pptx-files",
        files={"file": ("t.pptx", simple_deck(2), "application/octet-stream")},
        headers=alice.headers,
    ).json()
    app.state.services.jobs.wait_idle()

    template_thumb = client.get(
        f"/api/files/thumbnails/{template['_id']}/1.jpg", headers=alice.headers
    )
    assert (template_thumb.status_code, template_thumb.headers["content-type"]) == (
        200,
        "image/jpeg",
    )
    head = client.head(f"/api/files/thumbnails/{template['_id']}/1.jpg", headers=alice.headers)
    assert head.status_code == 200
    file_thumb = client.get(f"/api/files/{file['_id']}/thumbnails/1", headers=alice.headers)
    assert (file_thumb.status_code, file_thumb.headers["content-type"]) == (200, "image/jpeg")

    # Each route only knows its own kind of id.
    crossed = client.get(f"/api/files/thumbnails/{file['_id']}/1.jpg", headers=alice.headers)
    assert (crossed.status_code, crossed.json()["errorCode"]) == (404, "template_not_found")
    crossed = client.get(f"/api/files/{template['_id']}/thumbnails/1", headers=alice.headers)
    assert (crossed.status_code, crossed.json()["errorCode"]) == (404, "file_not_found")
    # The literal segment "thumbnails" is never taken for a file id.
    listed = client.get("/api/files/thumbnails", headers=alice.headers)
    assert listed.json()["errorCode"] == "file_not_found"
