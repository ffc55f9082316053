"""A generated corpus of hostile files against every endpoint that takes a file (issue 17).

Each file must be refused quickly (under `TIME_LIMIT_S`), with a typed 4xx `errorCode`, and
leave nothing behind: the owner's lists and the stored files are the same before and after.
The files come from `tests.security.hostile_files`; none is checked in.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response

from tests.helpers import SignedIn, signup
from tests.security import hostile_files as hostile
from tests.security.hostile_files import DOCX_BASE, PPTX_BASE, Base
from tests.templates.decks import simple_deck

TIME_LIMIT_S = 5.0
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@dataclass
class Targets:
    """Alice, and one of her objects for each endpoint that needs one."""

    who: SignedIn
    template_id: str
    file_id: str
    project_id: str


@pytest.fixture
def targets(client: TestClient, app: FastAPI) -> Targets:
    who = signup(client, "alice@example.com", name="Alice")
    deck = simple_deck(1)
    template = client.post(
        "/api/pptx-files", files={"file": ("deck.pptx", deck, PPTX)}, headers=who.headers
    )
    uploaded = client.post(
        "/api/files/upload", files={"file": ("deck.pptx", deck, PPTX)}, headers=who.headers
    )
    project = client.post("/api/projects", json={"title": "Plans"}, headers=who.headers)
    for response in (template, uploaded, project):
        assert response.status_code == 201, response.text
    app.state.services.jobs.wait_idle()
    return Targets(who, template.json()["_id"], uploaded.json()["_id"], project.json()["_id"])


def stored(client: TestClient, app: FastAPI, targets: Targets) -> dict[str, Any]:
    """What a refused upload must not change: the owner's lists, the objects that take
    thumbnails, and every key in the blob store."""
    app.state.services.jobs.wait_idle()
    urls = [
        "/api/pptx-files",
        "/api/files",
        "/api/images",
        "/api/materials",
        f"/api/projects/{targets.project_id}/materials",
        f"/api/pptx-files/{targets.template_id}",
        f"/api/files/{targets.file_id}",
    ]
    views = {url: client.get(url, headers=targets.who.headers).json() for url in urls}
    return {"views": views, "blobs": sorted(app.state.services.blobs.list(""))}


@contextmanager
def nothing_stored(client: TestClient, app: FastAPI, targets: Targets) -> Iterator[None]:
    """Around a block of uploads that must all be refused: afterwards, nothing the owner sees
    and no key in the blob store has changed."""
    before = stored(client, app, targets)
    yield
    assert stored(client, app, targets) == before


def refusal_problem(
    label: str,
    post: Callable[[], Response],
    code: str,
    *,
    reason: str | None = None,
    part: str | None = None,
) -> str | None:
    """Post one hostile file; what is wrong with the answer, or None. Every case runs even when
    an earlier one fails, and the assertion lists all the problems at once."""
    started = time.perf_counter()
    response = post()
    seconds = time.perf_counter() - started
    if seconds >= TIME_LIMIT_S:
        return f"{label}: took {seconds:.1f} s"
    if not 400 <= response.status_code < 500:
        return f"{label}: HTTP {response.status_code} {response.text[:300]}"
    body = response.json()
    details = body.get("details") or {}
    if body.get("errorCode") != code:
        return f"{label}: {body.get('errorCode')} instead of {code} ({body.get('message')})"
    if reason is not None and details.get("reason") != reason:
        return f"{label}: reason {details.get('reason')} instead of {reason}"
    if part is not None and (part not in details.get("parts", []) or part not in body["message"]):
        return f"{label}: {part} is not named in {body}"
    return None


# ------------------------------------------------------------------------ Office packages


@dataclass(frozen=True)
class PackageEndpoint:
    name: str
    base: Base
    unreadable: str  # the errorCode for a file that is no package of this kind
    post: Callable[[TestClient, Targets, str, bytes], Response]


def _post_file(url: str, mime: str) -> Callable[[TestClient, Targets, str, bytes], Response]:
    def post(client: TestClient, targets: Targets, filename: str, data: bytes) -> Response:
        return client.post(
            url.format(project=targets.project_id),
            files={"file": (filename, data, mime)},
            headers=targets.who.headers,
        )

    return post


PACKAGE_ENDPOINTS = [
    PackageEndpoint("templates", PPTX_BASE, "invalid_pptx", _post_file("/api/pptx-files", PPTX)),
    PackageEndpoint("files", PPTX_BASE, "invalid_pptx", _post_file("/api/files/upload", PPTX)),
    PackageEndpoint("materials", DOCX_BASE, "invalid_docx", _post_file("/api/materials", DOCX)),
    PackageEndpoint(
        "project materials",
        DOCX_BASE,
        "invalid_docx",
        _post_file("/api/projects/{project}/materials", DOCX),
    ),
]


@dataclass(frozen=True)
class PackageCase:
    build: Callable[[Base], bytes]
    code: str  # '' stands for the endpoint's own "not this kind of file" code
    reason: str | None = None  # details.reason of an unsafe_archive


UNREADABLE = ""
PACKAGE_CASES: dict[str, PackageCase] = {
    "zip inflating to 400 MB": PackageCase(
        lambda base: hostile.bomb_one_entry(base.kind), "unsafe_archive", "compression_ratio"
    ),
    "400 MB in 400 small entries": PackageCase(
        lambda base: hostile.bomb_many_entries(base.kind), "unsafe_archive", "compression_ratio"
    ),
    "100,000 entries": PackageCase(
        lambda base: hostile.hundred_thousand_entries(base.kind),
        "unsafe_archive",
        "too_many_entries",
    ),
    "duplicate entry names": PackageCase(
        hostile.duplicate_entry, "unsafe_archive", "duplicate_entry"
    ),
    "entry named ../x": PackageCase(
        lambda base: hostile.entry_named(base, "../x"), "unsafe_archive", "unsafe_entry_name"
    ),
    "entry named /x": PackageCase(
        lambda base: hostile.entry_named(base, "/x"), "unsafe_archive", "unsafe_entry_name"
    ),
    "Zip64 sizes that lie": PackageCase(
        lambda base: hostile.zip64_size_lie(base, forge_crc=False),
        "unsafe_archive",
        "size_mismatch",
    ),
    "Zip64 sizes that lie, CRC forged to match": PackageCase(
        lambda base: hostile.zip64_size_lie(base, forge_crc=True), UNREADABLE
    ),
    "billion laughs": PackageCase(
        lambda base: hostile.with_main_part(base, hostile.BILLION_LAUGHS),
        "unsafe_archive",
        "doctype",
    ),
    "XXE": PackageCase(
        lambda base: hostile.with_main_part(base, hostile.XXE), "unsafe_archive", "doctype"
    ),
    "HTML under an Office name": PackageCase(lambda base: hostile.HTML, UNREADABLE),
}


def test_hostile_archives_are_refused_quickly_and_nothing_is_stored(
    client: TestClient, app: FastAPI, targets: Targets
) -> None:
    with nothing_stored(client, app, targets):
        problems = [
            refusal_problem(
                f"{name} -> {endpoint.name}",
                partial(
                    endpoint.post,
                    client,
                    targets,
                    endpoint.base.filename,
                    case.build(endpoint.base),
                ),
                case.code or endpoint.unreadable,
                reason=case.reason,
            )
            for name, case in PACKAGE_CASES.items()
            for endpoint in PACKAGE_ENDPOINTS
        ]
        assert [problem for problem in problems if problem] == []


ACTIVE_CASES = {**hostile.ACTIVE_CASES, **hostile.CHART_CASES}


def test_active_content_is_refused_naming_the_parts_and_nothing_is_stored(
    client: TestClient, app: FastAPI, targets: Targets
) -> None:
    with nothing_stored(client, app, targets):
        problems = []
        for name, build in ACTIVE_CASES.items():
            for endpoint in PACKAGE_ENDPOINTS:
                if name in hostile.CHART_CASES and endpoint.base is not PPTX_BASE:
                    continue  # the document base has no chart
                data, part = build(endpoint.base)
                post = partial(endpoint.post, client, targets, endpoint.base.filename, data)
                label = f"{name} -> {endpoint.name}"
                problems.append(refusal_problem(label, post, "active_content", part=part))
        assert [problem for problem in problems if problem] == []
    # The bases are real, acceptable files: each refusal came from its one change (the chart's
    # embedded workbook included).
    for endpoint in PACKAGE_ENDPOINTS:
        data = hostile.package_of(endpoint.base.parts)
        response = endpoint.post(client, targets, endpoint.base.filename, data)
        assert response.status_code == 201, (endpoint.name, response.text)


def test_the_active_content_refusal_is_translated(client: TestClient) -> None:
    who = signup(client, "alice@example.com", name="Alice")
    data, part = hostile.vba_project(PPTX_BASE)
    response = client.post(
        "/api/pptx-files",
        files={"file": ("deck.pptx", data, PPTX)},
        headers={**who.headers, "Accept-Language": "zh-CN"},
    )
    body = response.json()
    assert body["errorCode"] == "active_content"
    assert body["details"] == {"parts": [part], "kinds": ["macro"]}
    assert "宏" in body["message"] and part in body["message"]


# --------------------------------------------------------------------------------- images


@dataclass(frozen=True)
class ImageEndpoint:
    name: str
    accepts: frozenset[str]  # the image kinds it takes; others are unsupported_file_type
    post: Callable[[TestClient, Targets, str, bytes], Response]


def _post_gallery(client: TestClient, targets: Targets, filename: str, data: bytes) -> Response:
    return client.post(
        "/api/images", files={"image": (filename, data, "image/png")}, headers=targets.who.headers
    )


def _post_describe(client: TestClient, targets: Targets, filename: str, data: bytes) -> Response:
    url = "data:image/png;base64," + base64.b64encode(data).decode()
    return client.post(
        "/api/images/describe-base64", json={"base64Image": url}, headers=targets.who.headers
    )


def _post_file_thumbnail(
    client: TestClient, targets: Targets, filename: str, data: bytes
) -> Response:
    return client.post(
        f"/api/files/{targets.file_id}/thumbnails",
        files={"thumbnails": (filename, data, "image/png")},
        data={"index": "1"},
        headers=targets.who.headers,
    )


def _post_template_thumbnail(
    client: TestClient, targets: Targets, filename: str, data: bytes
) -> Response:
    return client.post(
        f"/api/pptx-files/{targets.template_id}/thumbnails/1",
        files={"thumbnail": (filename, data, "image/jpeg")},
        headers=targets.who.headers,
    )


ALL_IMAGES = frozenset({"jpeg", "png", "gif", "webp"})
IMAGE_ENDPOINTS = [
    ImageEndpoint("gallery", ALL_IMAGES, _post_gallery),
    ImageEndpoint("describe before upload", ALL_IMAGES, _post_describe),
    ImageEndpoint("file thumbnails", frozenset({"jpeg", "png", "webp"}), _post_file_thumbnail),
    ImageEndpoint("template thumbnail", frozenset({"jpeg"}), _post_template_thumbnail),
]


def test_hostile_images_are_refused_quickly_and_nothing_is_stored(
    client: TestClient, app: FastAPI, targets: Targets
) -> None:
    with nothing_stored(client, app, targets):
        problems = [
            refusal_problem(
                f"{name} -> {endpoint.name}",
                partial(endpoint.post, client, targets, case.filename, case.build()),
                case.code if case.kind in endpoint.accepts else "unsupported_file_type",
            )
            for name, case in hostile.IMAGE_CASES.items()
            for endpoint in IMAGE_ENDPOINTS
        ]
        assert [problem for problem in problems if problem] == []
    # The frame cap is far above real animations: 200 frames pass (as their first frame).
    response = _post_gallery(client, targets, "spinner.gif", hostile.gif_many_frames(200))
    assert response.status_code == 201, response.text
