"""Users with one object of every kind, and requests built for any operation of the document.

The security tests call every operation with another user's real objects. `seed` gives a
user one object of each kind (each named with the user's `marker`, a word found nowhere else,
so a list or search that shows it is caught); `build_request` fills an operation's path and
body for given objects; `snapshot` records every row and stored file, so "nothing changed"
covers new tables and kinds without a list of reads to keep up to date.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response

from slidewright.core.db import unit_of_work
from slidewright.db_models import Base
from tests.api_document import Operation, minimal_example
from tests.files.helpers import image as jpeg
from tests.helpers import SignedIn, signup
from tests.images.pictures import picture
from tests.templates.decks import simple_deck

PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


@dataclass
class Seeded:
    """A user and one of each of their objects (kind -> id)."""

    who: SignedIn
    marker: str
    ids: dict[str, str] = field(default_factory=dict)
    preview_hash: str = ""

    @property
    def headers(self) -> dict[str, str]:
        return self.who.headers


def _created(response: Response) -> dict[str, Any]:
    assert response.status_code in (200, 201), response.text
    body: dict[str, Any] = response.json()
    return body


def seed(client: TestClient, app: FastAPI, who: SignedIn, marker: str) -> Seeded:
    """One object of every kind, owned by `who`: a tag, a PPTX template (with its render job),
    an uploaded file and a Template made from its slide, an image, a material, a project on
    the template with slides, linked image and material and rendered previews, an API token."""
    seeded = Seeded(who, marker, {"user": who.user["_id"]})
    ids = seeded.ids

    def post(url: str, **kwargs: Any) -> dict[str, Any]:
        return _created(client.post(url, headers=who.headers, **kwargs))

    ids["tag"] = post("/api/tags", json={"name": f"{marker} tag"})["_id"]
    pptx = post("/api/pptx-files", files={"file": (f"{marker}.pptx", simple_deck(2), PPTX)})
    ids["pptx"], ids["job"] = pptx["_id"], pptx["renderJob"]["_id"]
    uploaded = post("/api/files/upload", files={"file": (f"{marker}-file.pptx", simple_deck(2))})
    ids["file"] = uploaded["_id"]
    app.state.services.jobs.wait_idle()
    ids["slide_template"] = post(
        "/api/templates",
        json={"name": f"{marker} slide", "sourceFileId": ids["file"], "sourceIndex": 1},
    )["_id"]
    ids["image"] = post(
        "/api/images",
        files={"image": ("photo.png", picture(), "image/png")},
        data={"alt": f"{marker} picture", "tagIds": [ids["tag"]]},
    )["_id"]
    ids["material"] = post(
        "/api/materials/text",
        json={"filename": f"{marker} notes", "content": f"{marker} quarterly numbers"},
    )["_id"]
    slides = [{"pptxSlideNumber": n, "contentDescription": f"{marker} slide {n}"} for n in (1, 2)]
    slides[0]["formData"] = {"Title 1": f"{marker} title"}
    project = post(
        "/api/projects",
        json={"title": f"{marker} plan", "pptxFileId": ids["pptx"], "slides": slides},
    )
    ids["project"] = project["_id"]
    post(f"/api/projects/{ids['project']}/images/{ids['image']}", json={})
    post(
        f"/api/projects/{ids['project']}/materials/associate",
        json={"materialIds": [ids["material"]]},
    )
    ids["token"] = post("/api/users/me/tokens", json={"name": f"{marker} script"})["_id"]
    # A second sign-in: ending the one these calls use would sign the user out of the run.
    second = post("/api/auth/login", json={"email": who.user["email"], "password": "secret1"})
    listed = client.get(
        "/api/auth/sessions", headers={"Authorization": f"Bearer {second['token']}"}
    )
    ids["sign_in_session"] = next(item["_id"] for item in listed.json() if item["current"])
    app.state.services.jobs.wait_idle()
    previews = client.get(f"/api/projects/{ids['project']}/previews", headers=who.headers)
    seeded.preview_hash = previews.json()["slides"][0]["hash"]
    assert seeded.preview_hash, previews.text
    return seeded


@dataclass
class People:
    admin: SignedIn
    alice: Seeded
    bob: Seeded


def people(client: TestClient, app: FastAPI) -> People:
    # The first account is the Admin, who sees more than others: Alice and Bob are not it.
    admin = signup(client, "admin@example.com", name="Admin")
    alice = seed(client, app, signup(client, "alice@example.com", name="Alice"), "zebrafinch")
    bob = seed(client, app, signup(client, "bob@example.com", name="Bob"), "okapiblue")
    return People(admin, alice, bob)


@dataclass
class PublicObjects:
    """Objects everyone may see, by kind: kind -> [(label, id)]."""

    by_kind: dict[str, list[tuple[str, str]]]
    private_sources: list[str]  # Alice's private originals of her public copies
    marker: str = "publicmoth"


def seed_public(
    client: TestClient, app: FastAPI, world: People, *, builtin: bool = True
) -> PublicObjects:
    """A template Alice published, a public copy of an image of hers, a public tag of the
    Admin's and (unless not `builtin`) a built-in template."""
    from slidewright.templates.builtins import install_builtins

    alice, marker = world.alice, PublicObjects.marker

    def post(url: str, who: SignedIn = alice.who, **kwargs: Any) -> dict[str, Any]:
        return _created(client.post(url, headers=who.headers, **kwargs))

    published = post("/api/pptx-files", files={"file": (f"{marker}.pptx", simple_deck(2), PPTX)})
    post(f"/api/pptx-files/{published['_id']}/publish")
    original = post(
        "/api/images",
        files={"image": ("photo.png", picture(), "image/png")},
        data={"alt": f"{marker} picture"},
    )
    copy = _created(client.put(f"/api/images/{original['_id']}/make-public", headers=alice.headers))
    tag = post("/api/tags", world.admin, json={"name": f"{marker} tag", "public": True})
    templates = [("a published template", published["_id"])]
    if builtin:
        with unit_of_work(app.state.session_factory) as session:
            install_builtins(session, app.state.services)
        listed = client.get("/api/pptx-files", headers=alice.headers).json()
        templates.append(("a built-in", next(t["_id"] for t in listed if t["builtin"])))
    app.state.services.jobs.wait_idle()
    return PublicObjects(
        by_kind={
            "pptx": templates,
            "image": [("a public image", copy["_id"])],
            "tag": [("a public tag", tag["_id"])],
        },
        private_sources=[original["_id"]],
    )


# --- which object an id parameter names -----------------------------------------------------

_KIND_OF_PARAM = {
    "project_id": "project",
    "image_id": "image",
    "material_id": "material",  # a library material, linked into the project
    "tag_id": "tag",
    "job_id": "job",
    "token_id": "token",
    "session_id": "sign_in_session",
    "template_id": "slide_template",
    "user_id": "user",
}
# `file_id` is a PPTX template under these paths and an uploaded file elsewhere under /files.
_TEMPLATE_FILE_PATHS = ("/api/pptx-files/", "/api/files/thumbnails/")


def is_object_id(param: str) -> bool:
    return param.endswith("_id")


def is_owned(param: str) -> bool:
    """A path parameter naming something a user owns: an object id, or a project's preview
    (by its content hash)."""
    return is_object_id(param) or param == "content_hash"


def kind_of(operation: Operation, param: str) -> str:
    """The kind of object an id parameter names (KeyError for a parameter nobody seeds)."""
    if param == "file_id":
        return "pptx" if operation.path.startswith(_TEMPLATE_FILE_PATHS) else "file"
    return _KIND_OF_PARAM[param]


def other_param_value(param: str, owner: Seeded) -> str:
    """Path parameters that are not object ids: a slide of the seeded decks, a preview."""
    values = {"slide_number": "1", "slide_index": "0", "content_hash": owner.preview_hash}
    return values[param]


def path_values(operation: Operation, owner_of: Callable[[str], Seeded]) -> dict[str, str]:
    """Every path parameter filled: each id from the user `owner_of(param)` names."""
    values = {}
    for param in operation.path_params:
        owner = owner_of(param)
        values[param] = (
            owner.ids[kind_of(operation, param)]
            if is_object_id(param)
            else other_param_value(param, owner)
        )
    return values


# --- request bodies -----------------------------------------------------------------------------


def _project_version(client: TestClient, owner: Seeded) -> int:
    """The owner's project's current version, so an update would apply were it let through."""
    response = client.get(f"/api/projects/{owner.ids['project']}", headers=owner.headers)
    version: int = response.json()["version"]
    return version


Body = Callable[[TestClient, Seeded], dict[str, Any]]

# JSON bodies the schema alone cannot make valid: they name real objects or their state.
JSON_BODIES: dict[str, Body] = {
    "updateProject": lambda c, o: {"version": _project_version(c, o), "title": "Renamed"},
    "applyOutlineEdits": lambda c, o: {
        "version": _project_version(c, o),
        "edits": [{"op": "replace", "path": "slides/0/contentDescription", "value": "Changed"}],
    },
    "suggestSlideElementValue": lambda c, o: {"elementName": "Title 1"},
    "acceptSlideDescriptions": lambda c, o: {"descriptions": {"1": "The opening slide"}},
    "associateProjectMaterials": lambda c, o: {"materialIds": [o.ids["material"]]},
    "previewSlideChoices": lambda c, o: {"slides": [{"pptxSlideNumber": 1}]},
}

Multipart = Callable[[], dict[str, Any]]

# Multipart bodies: the files each upload takes.
MULTIPART_BODIES: dict[str, Multipart] = {
    "uploadSlideThumbnail": lambda: {"files": {"thumbnail": ("1.jpg", jpeg(), "image/jpeg")}},
    "uploadFileThumbnails": lambda: {
        "files": [("thumbnails", ("1.jpg", jpeg(), "image/jpeg"))],
        "data": {"index": "1"},
    },
    "uploadProjectMaterial": lambda: {"files": {"file": ("more.txt", b"More notes", "text/plain")}},
    "uploadPptxFile": lambda: {"files": {"file": ("deck.pptx", simple_deck(1), PPTX)}},
    "uploadFile": lambda: {"files": {"file": ("deck.pptx", simple_deck(1), PPTX)}},
    "uploadImage": lambda: {"files": {"image": ("photo.png", picture(), "image/png")}},
    "uploadMaterial": lambda: {"files": {"file": ("notes.txt", b"Notes", "text/plain")}},
}


def body_kwargs(
    document: dict[str, Any], operation: Operation, client: TestClient, owner: Seeded
) -> dict[str, Any]:
    """The request body of `operation`, minimal but valid, for `owner`'s objects."""
    content_type = operation.body_content_type
    if content_type is None:
        return {}
    if content_type == "multipart/form-data":
        return MULTIPART_BODIES[operation.operation_id]()
    assert content_type == "application/json", f"{operation}: a body of type {content_type}"
    if operation.operation_id in JSON_BODIES:
        return {"json": JSON_BODIES[operation.operation_id](client, owner)}
    assert operation.body_schema is not None
    return {"json": minimal_example(document, operation.body_schema)}


def call(
    client: TestClient,
    operation: Operation,
    url: str,
    body: dict[str, Any],
    headers: dict[str, str] | None,
) -> Response:
    return client.request(operation.method, url, headers=headers or {}, **body)


# --- everything stored ----------------------------------------------------------------------------


def snapshot(app: FastAPI) -> dict[str, Any]:
    """Every row of every table and every stored file (by content hash), once the background
    jobs are done: equal snapshots mean a call changed nothing anywhere."""
    app.state.services.jobs.wait_idle()
    with app.state.engine.connect() as connection:
        rows = {
            table.name: sorted(repr(tuple(row)) for row in connection.execute(table.select()))
            for table in Base.metadata.sorted_tables
        }
    blobs = app.state.services.blobs
    files = {key: hashlib.sha256(blobs.get(key)).hexdigest() for key in blobs.list("")}
    return {"rows": rows, "files": files}


def row_of(snapshot: dict[str, Any], object_id: str) -> list[str]:
    """The row of the object with this id (its table's first column), as in the snapshot."""
    return [
        row
        for rows in snapshot["rows"].values()
        for row in rows
        if row.startswith(f"({object_id!r},")
    ]


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What differs between two snapshots: table names and file keys."""
    tables = [
        f"table {name}"
        for name in before["rows"]
        if before["rows"][name] != after["rows"].get(name)
    ]
    keys = set(before["files"]) ^ set(after["files"]) | {
        key for key in before["files"] if before["files"][key] != after["files"].get(key)
    }
    return tables + [f"file {key}" for key in sorted(keys)]


def error_code(response: Response) -> str | None:
    if "json" not in response.headers.get("content-type", "") or not response.content:
        return None  # HEAD answers carry no body
    body = response.json()
    return body.get("errorCode") if isinstance(body, dict) else None
