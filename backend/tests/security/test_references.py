"""Objects named in a body or a query are the caller's own or public ones (issue 17).

Bob may not reach Alice's private objects through his own: a project of his on her template,
her material linked into his project, her tag on his image, her picture in his slide. Every
request field that names an object (an `...Id` or `...Ids` body field or query parameter in
the OpenAPI document) is in `REFERENCES`, and the coverage test fails for a new one; slide
values (`formData`) name gallery pictures by id without such a name, and are listed by hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.api_document import operations, resolve
from tests.images.pictures import picture
from tests.security.world import PPTX, People, changes, error_code, snapshot
from tests.templates.decks import rich_deck

_NAMES_AN_OBJECT = re.compile(r"(Id|Ids)$")


@dataclass(frozen=True)
class Reference:
    """Bob's request naming one of Alice's private objects: method, url and request kwargs."""

    build: Callable[[TestClient, People], tuple[str, str, dict[str, Any]]]
    refused: bool = True  # a write: a typed 404/422 that changes nothing; else a read that
    # shows none of Alice's objects


def _version(client: TestClient, world: People) -> int:
    project = client.get(f"/api/projects/{world.bob.ids['project']}", headers=world.bob.headers)
    version: int = project.json()["version"]
    return version


def _picture_slide(client: TestClient, world: People) -> tuple[str, list[dict[str, Any]]]:
    """A template of Bob's with a picture element, and a slide showing Alice's image in it."""
    response = client.post(
        "/api/pptx-files",
        files={"file": ("pictures.pptx", rich_deck(), PPTX)},
        headers=world.bob.headers,
    )
    assert response.status_code == 201, response.text
    template = response.json()
    number, name = next(
        (slide["slideNumber"], element["name"])
        for slide in template["parsedSlides"]
        for element in slide["elements"]
        if element["type"] == "picture"
    )
    slides = [{"pptxSlideNumber": number, "formData": {name: world.alice.ids["image"]}}]
    return template["_id"], slides


def _bob(path: str, world: People) -> str:
    return path.format(project=world.bob.ids["project"], image=world.bob.ids["image"])


def _new_project_on_alices_template(c: TestClient, w: People) -> tuple[str, str, dict[str, Any]]:
    return "POST", "/api/projects", {"json": {"title": "Mine", "pptxFileId": w.alice.ids["pptx"]}}


def _project_moved_to_alices_template(c: TestClient, w: People) -> tuple[str, str, dict[str, Any]]:
    body = {"version": _version(c, w), "pptxFileId": w.alice.ids["pptx"]}
    return "PUT", _bob("/api/projects/{project}", w), {"json": body}


def _new_project_with_alices_picture(c: TestClient, w: People) -> tuple[str, str, dict[str, Any]]:
    template, slides = _picture_slide(c, w)
    body = {"title": "Mine", "pptxFileId": template, "slides": slides}
    return "POST", "/api/projects", {"json": body}


def _project_given_alices_picture(c: TestClient, w: People) -> tuple[str, str, dict[str, Any]]:
    template, slides = _picture_slide(c, w)
    body = {"version": _version(c, w), "pptxFileId": template, "slides": slides}
    return "PUT", _bob("/api/projects/{project}", w), {"json": body}


def _preview_of_alices_picture(c: TestClient, w: People) -> tuple[str, str, dict[str, Any]]:
    template, slides = _picture_slide(c, w)
    version = _version(c, w)
    moved = c.put(
        _bob("/api/projects/{project}", w),
        json={"version": version, "pptxFileId": template},
        headers=w.bob.headers,
    )
    assert moved.status_code == 200, moved.text
    return "POST", _bob("/api/projects/{project}/previews/choices", w), {"json": {"slides": slides}}


REFERENCES: dict[tuple[str, str], Reference] = {
    ("createTemplate", "sourceFileId"): Reference(
        lambda c, w: (
            "POST",
            "/api/templates",
            {"json": {"name": "Mine", "sourceFileId": w.alice.ids["file"], "sourceIndex": 1}},
        )
    ),
    ("createProject", "pptxFileId"): Reference(_new_project_on_alices_template),
    ("updateProject", "pptxFileId"): Reference(_project_moved_to_alices_template),
    ("uploadImage", "tagIds"): Reference(
        lambda c, w: (
            "POST",
            "/api/images",
            {
                "files": {"image": ("photo.png", picture(), "image/png")},
                "data": {"tagIds": [w.alice.ids["tag"]]},
            },
        )
    ),
    ("updateImageTags", "tagIds"): Reference(
        lambda c, w: (
            "PUT",
            _bob("/api/images/{image}/tags", w),
            {"json": {"tagIds": [w.alice.ids["tag"]]}},
        )
    ),
    ("suggestOutline", "materialId"): Reference(
        lambda c, w: (
            "GET",
            _bob("/api/projects/{project}/suggest-outline", w),
            {"params": {"materialId": w.alice.ids["material"]}},
        )
    ),
    ("associateProjectMaterials", "materialIds"): Reference(
        lambda c, w: (
            "POST",
            _bob("/api/projects/{project}/materials/associate", w),
            {"json": {"materialIds": [w.alice.ids["material"]]}},
        )
    ),
    # Filters: Bob's images with Alice's tag are none; the answer may be an empty list.
    ("listImages", "tagId"): Reference(
        lambda c, w: ("GET", "/api/images", {"params": {"tagId": w.alice.ids["tag"]}}),
        refused=False,
    ),
    ("listPublicImages", "tagId"): Reference(
        lambda c, w: ("GET", "/api/images/public", {"params": {"tagId": w.alice.ids["tag"]}}),
        refused=False,
    ),
    # A slide's picture is a gallery image id inside `formData` (ARCHITECTURE.md §4).
    ("createProject", "slides[].formData"): Reference(_new_project_with_alices_picture),
    ("updateProject", "slides[].formData"): Reference(_project_given_alices_picture),
    ("previewSlideChoices", "slides[].formData"): Reference(_preview_of_alices_picture),
}


def _object_fields(document: dict[str, Any], schema: dict[str, Any], prefix: str = "") -> set[str]:
    """The writable fields of a body schema that name objects, as `a.b[].c`."""
    schema = resolve(document, schema)
    found: set[str] = set()
    for option in schema.get("anyOf", []) + schema.get("oneOf", []):
        found |= _object_fields(document, option, prefix)
    if schema.get("type") == "array" and "items" in schema:
        found |= _object_fields(document, schema["items"], f"{prefix}[]")
    for name, prop in schema.get("properties", {}).items():
        if prop.get("readOnly") or resolve(document, prop).get("readOnly"):
            continue
        if _NAMES_AN_OBJECT.search(name):
            found.add(prefix + name)
        found |= _object_fields(document, prop, f"{prefix}{name}.")
    return found


def test_every_field_naming_an_object_is_covered(app: FastAPI) -> None:
    document = app.openapi()
    derived = set()
    for op in operations(app):
        for param in op.spec.get("parameters", []):
            if param["in"] == "query" and _NAMES_AN_OBJECT.search(param["name"]):
                derived.add((op.operation_id, param["name"]))
        if op.body_schema is not None:
            derived |= {(op.operation_id, f) for f in _object_fields(document, op.body_schema)}
    by_hand = {key for key in REFERENCES if key[1].endswith("formData")}
    assert derived == set(REFERENCES) - by_hand


def test_another_users_objects_cannot_be_named_in_a_request(
    app: FastAPI, client: TestClient, world: People
) -> None:
    alice_ids = {value for kind, value in world.alice.ids.items() if kind != "user"}
    failures = []
    for (operation_id, field), reference in REFERENCES.items():
        method, url, kwargs = reference.build(client, world)
        before = snapshot(app)
        response = client.request(method, url, headers=world.bob.headers, **kwargs)
        what = f"{operation_id} with Alice's object in {field}: {response.status_code}"
        if reference.refused:
            if response.status_code not in (404, 422) or error_code(response) is None:
                failures.append(f"{what} {response.text[:200]}")
        elif response.status_code >= 400 or any(i in response.text for i in alice_ids):
            failures.append(f"{what} {response.text[:200]}")
        after = snapshot(app)
        if after != before:
            failures.append(f"{what} changed {changes(before, after)}")
    assert not failures, "\n".join(failures)
