"""The image gallery through the API: uploads, visibility, public copies, edits, tags, search,
deletion and the AI endpoints (two users, Alice and Bob, plus the Admin who signed up first)."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response
from PIL import Image

from tests.helpers import SignedIn, signup
from tests.images.pictures import SVG, jpeg_with_exif, picture, png_header


def upload(
    client: TestClient,
    who: SignedIn,
    data: bytes,
    name: str = "photo.png",
    *,
    alt: str | None = None,
    tag_ids: Sequence[str] = (),
    mime: str = "image/png",
) -> Response:
    form: dict[str, Any] = {}
    if alt is not None:
        form["alt"] = alt
    if tag_ids:
        form["tagIds"] = list(tag_ids)
    return client.post(
        "/api/images", files={"image": (name, data, mime)}, data=form, headers=who.headers
    )


def uploaded(client: TestClient, who: SignedIn, name: str = "photo.png", **kwargs: Any) -> dict:
    response = upload(client, who, picture(), name, **kwargs)
    assert response.status_code == 201, response.text
    return response.json()


def ids(response: Response) -> list[str]:
    assert response.status_code == 200, response.text
    return [image["_id"] for image in response.json()]


def make_tag(client: TestClient, who: SignedIn, name: str, public: bool = False) -> str:
    response = client.post("/api/tags", json={"name": name, "public": public}, headers=who.headers)
    assert response.status_code == 201, response.text
    return response.json()["_id"]


def blob_keys(app: FastAPI) -> list[str]:
    return app.state.services.blobs.list("images")


@pytest.fixture
def admin(client: TestClient) -> SignedIn:
    return signup(client, "admin@example.com", name="Admin")


@pytest.fixture
def alice(client: TestClient, admin: SignedIn) -> SignedIn:
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def bob(client: TestClient, alice: SignedIn) -> SignedIn:
    return signup(client, "bob@example.com", name="Bob")


# ---------------------------------------------------------------------------------------------
# Uploads


@pytest.mark.parametrize(
    ("fmt", "name", "mime"),
    [
        ("PNG", "a.png", "image/png"),
        ("JPEG", "b.jpg", "image/jpeg"),
        ("GIF", "c.gif", "image/png"),  # first frame, as PNG
        ("WEBP", "d.webp", "image/webp"),
    ],
)
def test_upload_accepts_the_four_image_types(
    client: TestClient, alice: SignedIn, fmt: str, name: str, mime: str
) -> None:
    response = upload(client, alice, picture(fmt, (40, 20)), name)
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["mime"] == mime
    assert (body["width"], body["height"]) == (40, 20)
    assert body["filename"] == name
    assert body["alt"] == name  # no description yet: the filename stands in
    assert body["isPublic"] is False
    assert body["canEdit"] is True
    assert body["tagIds"] == []
    assert body["ownerId"] == alice.user["_id"]
    assert body["sourceImageId"] is None
    assert body["publicCopyId"] is None
    assert body["url"] == f"/api/images/{body['_id']}/file"
    file = client.get(body["url"], headers=alice.headers)
    assert file.status_code == 200
    assert file.headers["content-type"] == mime
    assert file.headers["cache-control"].startswith("private")
    assert len(file.content) == body["size"]
    assert Image.open(io.BytesIO(file.content)).size == (40, 20)


def test_upload_keeps_the_given_description_and_tags(client: TestClient, alice: SignedIn) -> None:
    tag = make_tag(client, alice, "Team")
    body = uploaded(client, alice, alt="  Our team at the 2026 offsite  ", tag_ids=[tag, tag])
    assert body["alt"] == "Our team at the 2026 offsite"
    assert body["tagIds"] == [tag]


def test_upload_keeps_only_the_base_name_of_the_file(client: TestClient, alice: SignedIn) -> None:
    body = uploaded(client, alice, name="C:\\Users\\me\\照片.png")
    assert body["filename"] == "照片.png"


@pytest.mark.parametrize(
    ("data", "name", "status", "code"),
    [
        (SVG, "logo.svg", 400, "unsupported_file_type"),
        (SVG, "logo.png", 400, "unsupported_file_type"),
        (b"just some text, honestly\n" * 20, "notes.png", 400, "unsupported_file_type"),
        (picture("JPEG", (400, 300))[:300], "cut.jpg", 400, "invalid_image"),
        (png_header(10_000, 5_000), "bomb.png", 413, "image_too_large"),
        (png_header(60_000, 60_000), "bigger-bomb.png", 413, "image_too_large"),
    ],
)
def test_bad_uploads_get_typed_errors_and_store_nothing(
    client: TestClient,
    app: FastAPI,
    alice: SignedIn,
    data: bytes,
    name: str,
    status: int,
    code: str,
) -> None:
    response = upload(client, alice, data, name)
    assert response.status_code == status, response.text
    assert response.json()["errorCode"] == code
    assert ids(client.get("/api/images", headers=alice.headers)) == []
    assert blob_keys(app) == []


def test_upload_needs_a_file(client: TestClient, alice: SignedIn) -> None:
    response = client.post("/api/images", data={"alt": "x"}, headers=alice.headers)
    assert response.status_code == 422
    assert response.json()["errorCode"] == "validation_error"


def test_upload_strips_exif_and_applies_the_orientation(
    client: TestClient, alice: SignedIn
) -> None:
    original = jpeg_with_exif((40, 20))
    assert b"SpyCam" in original
    body = upload(client, alice, original, "camera.jpg", mime="image/jpeg").json()
    assert (body["width"], body["height"]) == (20, 40)  # turned upright
    data = client.get(body["url"], headers=alice.headers).content
    assert b"SpyCam" not in data and b"Exif" not in data
    stored = Image.open(io.BytesIO(data))
    assert stored.size == (20, 40)
    exif = stored.getexif()
    assert 0x0112 not in exif
    assert not exif.get_ifd(0x8825)


# ---------------------------------------------------------------------------------------------
# Visibility, lists and public copies


def test_lists_show_own_private_images_and_public_ones(
    client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    first = uploaded(client, alice, "first.png")
    second = uploaded(client, alice, "second.png")
    bobs = uploaded(client, bob, "bob.png")
    assert ids(client.get("/api/images", headers=alice.headers)) == [second["_id"], first["_id"]]
    assert ids(client.get("/api/images", headers=bob.headers)) == [bobs["_id"]]
    assert ids(client.get("/api/images/public", headers=alice.headers)) == []


def test_make_public_creates_a_read_only_copy_and_keeps_the_private_original(
    client: TestClient, app: FastAPI, alice: SignedIn, bob: SignedIn
) -> None:
    original = uploaded(client, alice, "chart.png", alt="Sales chart")
    response = client.put(f"/api/images/{original['_id']}/make-public", headers=alice.headers)
    assert response.status_code == 200, response.text
    copy = response.json()
    assert copy["_id"] != original["_id"]
    assert copy["isPublic"] is True
    assert copy["sourceImageId"] == original["_id"]
    assert copy["alt"] == "Sales chart"
    assert copy["ownerId"] == alice.user["_id"]
    assert copy["canEdit"] is False
    assert len(blob_keys(app)) == 2  # the copy has its own file

    # The second user sees the copy among the public images, and can fetch it.
    assert ids(client.get("/api/images/public", headers=bob.headers)) == [copy["_id"]]
    assert client.get(copy["url"], headers=bob.headers).status_code == 200
    seen_by_bob = client.get(f"/api/images/{copy['_id']}", headers=bob.headers).json()
    assert seen_by_bob["canEdit"] is False

    # The original stays private, editable, and knows its copy.
    mine = client.get("/api/images", headers=alice.headers).json()
    assert [image["_id"] for image in mine] == [original["_id"]]
    assert mine[0]["isPublic"] is False
    assert mine[0]["canEdit"] is True
    assert mine[0]["publicCopyId"] == copy["_id"]
    assert client.get(original["url"], headers=bob.headers).status_code == 404
    edited = client.put(
        f"/api/images/{original['_id']}/alt", json={"alt": "Q3 sales"}, headers=alice.headers
    )
    assert edited.status_code == 200
    assert client.get(f"/api/images/{copy['_id']}", headers=bob.headers).json()["alt"] == (
        "Sales chart"
    )


def test_make_public_twice_is_already_public(client: TestClient, alice: SignedIn) -> None:
    original = uploaded(client, alice)
    copy = client.put(f"/api/images/{original['_id']}/make-public", headers=alice.headers).json()
    for image_id in (original["_id"], copy["_id"]):
        response = client.put(f"/api/images/{image_id}/make-public", headers=alice.headers)
        assert response.status_code == 409
        assert response.json()["errorCode"] == "already_public"


def test_public_copies_are_read_only_for_everyone(
    client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    original = uploaded(client, alice)
    copy = client.put(f"/api/images/{original['_id']}/make-public", headers=alice.headers).json()
    for who in (alice, bob):
        calls = [
            client.put(f"/api/images/{copy['_id']}/alt", json={"alt": "new"}, headers=who.headers),
            client.put(f"/api/images/{copy['_id']}/tags", json={"tagIds": []}, headers=who.headers),
            client.delete(f"/api/images/{copy['_id']}", headers=who.headers),
        ]
        for response in calls:
            assert response.status_code == 403, response.text
            assert response.json()["errorCode"] == "image_read_only"
    assert ids(client.get("/api/images/public", headers=bob.headers)) == [copy["_id"]]


def test_another_users_private_image_is_not_found(
    client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    image = uploaded(client, alice)
    path = f"/api/images/{image['_id']}"
    calls = [
        client.get(path, headers=bob.headers),
        client.get(f"{path}/file", headers=bob.headers),
        client.put(f"{path}/alt", json={"alt": "mine now"}, headers=bob.headers),
        client.put(f"{path}/tags", json={"tagIds": []}, headers=bob.headers),
        client.put(f"{path}/make-public", headers=bob.headers),
        client.post(f"{path}/describe", json={}, headers=bob.headers),
        client.delete(path, headers=bob.headers),
    ]
    for response in calls:
        assert response.status_code == 404, response.text
        assert response.json()["errorCode"] == "image_not_found"
    assert client.get(path, headers=alice.headers).json()["alt"] == "photo.png"


def test_unknown_and_malformed_ids_are_not_found(client: TestClient, alice: SignedIn) -> None:
    for image_id in ("01J0000000000000000000000Z", "nope", "x" * 300):
        response = client.get(f"/api/images/{image_id}/file", headers=alice.headers)
        assert response.status_code == 404
        assert response.json()["errorCode"] == "image_not_found"


def test_images_need_a_signed_in_user(client: TestClient, alice: SignedIn) -> None:
    image = uploaded(client, alice)
    assert client.get(image["url"]).status_code == 401
    assert client.get("/api/images").status_code == 401


# ---------------------------------------------------------------------------------------------
# Edits


def test_owner_updates_the_description(client: TestClient, alice: SignedIn) -> None:
    image = uploaded(client, alice, "IMG_0001.png")
    path = f"/api/images/{image['_id']}/alt"
    response = client.put(path, json={"alt": " A red bicycle by a canal "}, headers=alice.headers)
    assert response.status_code == 200
    assert response.json()["alt"] == "A red bicycle by a canal"
    reset = client.put(path, json={"alt": "   "}, headers=alice.headers)
    assert reset.json()["alt"] == "IMG_0001.png"


def test_tags_must_be_own_or_public(
    client: TestClient, admin: SignedIn, alice: SignedIn, bob: SignedIn
) -> None:
    own = make_tag(client, alice, "Travel")
    public = make_tag(client, admin, "Brand", public=True)
    bobs_private = make_tag(client, bob, "Secret")
    image = uploaded(client, alice)
    path = f"/api/images/{image['_id']}/tags"

    response = client.put(path, json={"tagIds": [own, public]}, headers=alice.headers)
    assert response.status_code == 200, response.text
    assert sorted(response.json()["tagIds"]) == sorted([own, public])

    for bad in ([own, bobs_private], ["not-a-tag"], ["01J0000000000000000000000Z"]):
        response = client.put(path, json={"tagIds": bad}, headers=alice.headers)
        assert response.status_code == 422
        assert response.json()["errorCode"] == "invalid_tags"
        assert response.json()["details"]["tagIds"] == [bad[-1]]
    assert sorted(
        client.get(f"/api/images/{image['_id']}", headers=alice.headers).json()["tagIds"]
    ) == sorted([own, public])

    rejected = upload(client, alice, picture(), tag_ids=[bobs_private])
    assert rejected.status_code == 422
    assert rejected.json()["errorCode"] == "invalid_tags"

    cleared = client.put(path, json={"tagIds": []}, headers=alice.headers)
    assert cleared.json()["tagIds"] == []


def test_a_public_copy_keeps_public_tags_only(
    client: TestClient, admin: SignedIn, alice: SignedIn
) -> None:
    own = make_tag(client, alice, "Drafts")
    public = make_tag(client, admin, "Brand", public=True)
    image = uploaded(client, alice, tag_ids=[own, public])
    copy = client.put(f"/api/images/{image['_id']}/make-public", headers=alice.headers).json()
    assert copy["tagIds"] == [public]


def test_deleting_a_tag_removes_it_from_images(client: TestClient, alice: SignedIn) -> None:
    tag = make_tag(client, alice, "Old")
    image = uploaded(client, alice, tag_ids=[tag])
    assert client.delete(f"/api/tags/{tag}", headers=alice.headers).status_code == 204
    assert client.get(f"/api/images/{image['_id']}", headers=alice.headers).json()["tagIds"] == []


# ---------------------------------------------------------------------------------------------
# Search


def test_search_by_description_filename_and_tag_name(
    client: TestClient, admin: SignedIn, alice: SignedIn, bob: SignedIn
) -> None:
    skyline = make_tag(client, alice, "Skyline")
    city = uploaded(client, alice, "IMG_1.png", alt="上海的夜景 Night view", tag_ids=[skyline])
    beach = uploaded(client, alice, "Beach_Day.png")
    cat = uploaded(client, alice, "cat.png", alt="A cat: 100% fluffy")
    mine = "/api/images"

    def search(q: str, **params: str) -> list[str]:
        return ids(client.get(mine, params={"q": q, **params}, headers=alice.headers))

    assert search("night VIEW") == [city["_id"]]
    assert search("夜景") == [city["_id"]]
    assert search("beach_") == [beach["_id"]]
    assert search("skyl") == [city["_id"]]  # the tag's name
    assert search("100%") == [cat["_id"]]  # LIKE wildcards are literal
    assert search("%") == [cat["_id"]]
    assert search("zebra") == []
    assert search("  ") == [cat["_id"], beach["_id"], city["_id"]]
    assert ids(client.get(mine, params={"tagId": skyline}, headers=alice.headers)) == [city["_id"]]
    assert search("IMG", tagId=skyline) == [city["_id"]]
    assert ids(client.get(mine, params={"tagId": "bogus"}, headers=alice.headers)) == []

    # Public search works the same, for everyone; Bob's private tag names do not match.
    copy = client.put(f"/api/images/{city['_id']}/make-public", headers=alice.headers).json()
    public = client.get("/api/images/public", params={"q": "night"}, headers=bob.headers)
    assert [image["_id"] for image in public.json()] == [copy["_id"]]
    make_tag(client, bob, "Nightlife")
    bobs_view = client.get("/api/images/public", params={"q": "nightl"}, headers=bob.headers)
    assert bobs_view.json() == []


# ---------------------------------------------------------------------------------------------
# Deletion


def test_delete_removes_the_image_and_its_file(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    image = uploaded(client, alice)
    assert len(blob_keys(app)) == 1
    response = client.delete(f"/api/images/{image['_id']}", headers=alice.headers)
    assert response.status_code == 204
    assert blob_keys(app) == []
    assert client.get(f"/api/images/{image['_id']}", headers=alice.headers).status_code == 404
    assert ids(client.get("/api/images", headers=alice.headers)) == []


def test_deleting_the_original_keeps_its_public_copy(
    client: TestClient, app: FastAPI, alice: SignedIn, bob: SignedIn
) -> None:
    original = uploaded(client, alice)
    copy = client.put(f"/api/images/{original['_id']}/make-public", headers=alice.headers).json()
    assert client.delete(f"/api/images/{original['_id']}", headers=alice.headers).status_code == 204
    kept = client.get(f"/api/images/{copy['_id']}", headers=bob.headers).json()
    assert kept["sourceImageId"] is None
    assert client.get(copy["url"], headers=bob.headers).status_code == 200
    assert len(blob_keys(app)) == 1


def test_deleting_a_user_deletes_their_images(
    client: TestClient, app: FastAPI, alice: SignedIn
) -> None:
    from sqlalchemy import delete, func, select

    from slidewright.images.models import Image as ImageRow
    from slidewright.images.models import ImageTag
    from slidewright.users.models import User

    uploaded(client, alice, tag_ids=[make_tag(client, alice, "Mine")])
    with app.state.session_factory.begin() as session:
        session.execute(delete(User).where(User.id == alice.user["_id"]))
    with app.state.session_factory() as session:
        assert session.scalar(select(func.count()).select_from(ImageRow)) == 0
        assert session.scalar(select(func.count()).select_from(ImageTag)) == 0


# ---------------------------------------------------------------------------------------------
# AI (until a provider is configured)


def test_ai_endpoints_say_ai_is_unavailable_in_both_languages(
    client: TestClient, alice: SignedIn
) -> None:
    image = uploaded(client, alice)
    data_url = "data:image/png;base64," + base64.b64encode(picture()).decode()
    calls = [
        ("/api/images/generate", {"prompt": "A lighthouse at dawn", "image_size": "square_hd"}),
        ("/api/images/generate", {"prompt": "A lighthouse at dawn"}),
        ("/api/images/describe-base64", {"base64Image": data_url, "prompt": "", "lang": "en"}),
        ("/api/images/describe-base64", {"base64Image": base64.b64encode(picture()).decode()}),
        (f"/api/images/{image['_id']}/describe", {"prompt": "Short, please", "lang": "zh-CN"}),
    ]
    for path, body in calls:
        english = client.post(path, json=body, headers=alice.headers)
        assert english.status_code == 503, english.text
        assert english.json()["errorCode"] == "ai_unavailable"
        assert "SLIDEWRIGHT_AI_BASE_URL" in english.json()["message"]
        chinese = client.post(
            path, json=body, headers={**alice.headers, "Accept-Language": "zh-CN"}
        )
        assert chinese.json()["errorCode"] == "ai_unavailable"
        assert "管理员" in chinese.json()["message"]
    assert ids(client.get("/api/images", headers=alice.headers)) == [image["_id"]]


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        ("/api/images/generate", {"prompt": "  \n "}, "prompt_required"),
        ("/api/images/generate", {"prompt": "x", "image_size": "huge"}, "validation_error"),
        ("/api/images/generate", {}, "validation_error"),
        ("/api/images/describe-base64", {"base64Image": "!!!not base64"}, "invalid_base64_image"),
        ("/api/images/describe-base64", {"base64Image": ""}, "invalid_base64_image"),
        ("/api/images/describe-base64", {"base64Image": "abc", "lang": "fr"}, "validation_error"),
    ],
)
def test_ai_requests_are_validated_first(
    client: TestClient, alice: SignedIn, path: str, body: dict, code: str
) -> None:
    response = client.post(path, json=body, headers=alice.headers)
    assert response.status_code == 422, response.text
    assert response.json()["errorCode"] == code


def test_describe_base64_refuses_what_uploads_refuse(client: TestClient, alice: SignedIn) -> None:
    body = {"base64Image": base64.b64encode(SVG).decode()}
    response = client.post("/api/images/describe-base64", json=body, headers=alice.headers)
    assert response.status_code == 400
    assert response.json()["errorCode"] == "unsupported_file_type"


def test_racing_make_public_requests_leave_one_copy(
    client: TestClient, app: FastAPI, alice: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    from slidewright.images import service

    original = uploaded(client, alice)
    path = f"/api/images/{original['_id']}/make-public"
    assert client.put(path, headers=alice.headers).status_code == 200
    # As if a second request had checked for a copy before the first one committed.
    monkeypatch.setattr(service, "public_copies", lambda session, images: {})
    response = client.put(path, headers=alice.headers)
    assert response.status_code == 409
    assert response.json()["errorCode"] == "already_public"
    assert len(ids(client.get("/api/images/public", headers=alice.headers))) == 1
    assert len(blob_keys(app)) == 2


def test_control_characters_never_reach_the_database(client: TestClient, alice: SignedIn) -> None:
    # PostgreSQL refuses NUL in text: form fields are cleaned, JSON bodies, paths and queries
    # with NUL get a typed 422 — never a server error.
    body = uploaded(client, alice, alt="a\x00b")
    assert body["alt"] == "ab"
    path = f"/api/images/{body['_id']}"
    for response in (
        client.put(f"{path}/alt", json={"alt": "c\x00d"}, headers=alice.headers),
        client.put(f"{path}/tags", json={"tagIds": ["\x00"]}, headers=alice.headers),
        client.get("/api/images", params={"q": "c\x00d"}, headers=alice.headers),
        client.get("/api/images/%00", headers=alice.headers),
    ):
        assert response.status_code == 422
        assert response.json()["errorCode"] == "validation_error"


def test_file_names_lose_folders_and_control_characters() -> None:
    from slidewright.images.service import clean_filename

    assert clean_filename("../../etc/pass\x00wd.png") == "passwd.png"
    assert clean_filename("C:\\photos\\猫.jpg") == "猫.jpg"
    assert clean_filename("  ") == "image"
