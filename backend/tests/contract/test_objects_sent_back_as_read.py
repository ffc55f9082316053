"""Every update endpoint accepts the object as the client read it (issue 13 §1).

For each endpoint in `ENDPOINTS`: GET-modify-PUT succeeds; a changed read-only field is refused
with `read_only_field` naming it and changes nothing; an unknown field is still refused; and
another user sending the object back never touches it. Adding an endpoint is one entry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.api_document import operations, resolve
from tests.helpers import SignedIn, signup
from tests.images.pictures import picture
from tests.templates.decks import simple_deck

PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
OTHER_ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
PLUS_8 = timezone(timedelta(hours=8))


@dataclass
class Target:
    """Where an object is read and updated. `pick` finds it in the GET response; `extra` is
    what the body needs beside the object as read (an element's index)."""

    get_url: str
    put_url: str
    pick: Callable[[Any], dict[str, Any]] = lambda body: body
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class World:
    client: TestClient
    app: FastAPI
    alice: SignedIn
    bob: SignedIn

    def post(self, url: str, **kwargs: Any) -> dict[str, Any]:
        response = self.client.post(url, headers=self.alice.headers, **kwargs)
        assert response.status_code in (200, 201), response.text
        return response.json()


Make = Callable[[World], Target]
Change = Callable[[Any], Any]


@dataclass(frozen=True)
class Endpoint:
    name: str
    route: str  # as the OpenAPI document names it
    make: Make
    edit: tuple[str, Change]  # an editable field and how to change it
    read_only: dict[str, Change]  # read-only fields and a changed value for each
    # /users/me always means the caller: Bob sending Alice's profile is a changed `_id`.
    other_user_error: tuple[int, str | None] = (404, None)


def _by_id(item_id: str) -> Callable[[Any], dict[str, Any]]:
    return lambda items: next(item for item in items if item["_id"] == item_id)


def _later(value: str) -> str:
    return (datetime.fromisoformat(value) + timedelta(days=1)).isoformat()


def _toggled_first_lock(elements: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**elements[0], "isLocked": not elements[0]["isLocked"]}, *elements[1:]]


def _tag(world: World) -> Target:
    tag = world.post("/api/tags", json={"name": "Quarterly", "public": False})
    return Target("/api/tags", f"/api/tags/{tag['_id']}", _by_id(tag["_id"]))


def _project(world: World) -> Target:
    project = world.post("/api/projects", json={"title": "Plan", "numSlides": 2})
    url = f"/api/projects/{project['_id']}"
    return Target(url, url)


def _listed_project(world: World) -> Target:
    project = world.post("/api/projects", json={"title": "Plan", "numSlides": 2})
    return Target("/api/projects", f"/api/projects/{project['_id']}", _by_id(project["_id"]))


def _me(world: World) -> Target:
    return Target("/api/users/me", "/api/users/me")


def _template(world: World) -> str:
    template = world.post("/api/pptx-files", files={"file": ("deck.pptx", simple_deck(2), PPTX)})
    world.app.state.services.jobs.wait_idle()
    return f"/api/pptx-files/{template['_id']}"


def _pptx_file(world: World) -> Target:
    url = _template(world)
    return Target(url, url)


def _slide(world: World) -> Target:
    url = _template(world)
    return Target(url, f"{url}/slides/1/description", lambda body: body["parsedSlides"][0])


def _element(world: World) -> Target:
    url = _template(world)
    return Target(
        url,
        f"{url}/slides/1/element-locked",
        lambda body: body["parsedSlides"][0]["elements"][1],
        {"elementIndex": 1},
    )


def _image(suffix: str, *, tagged: bool = False) -> Make:
    def make(world: World) -> Target:
        tags = [world.post("/api/tags", json={"name": "Teal"})["_id"]] if tagged else []
        image = world.post(
            "/api/images",
            files={"image": ("photo.png", picture(), "image/png")},
            data={"tagIds": tags},
        )
        return Target(f"/api/images/{image['_id']}", f"/api/images/{image['_id']}/{suffix}")

    return make


def _material(world: World) -> Target:
    material = world.post("/api/materials/text", json={"filename": "notes", "content": "Hello"})
    url = f"/api/materials/{material['_id']}"
    return Target(url, url)


def _project_material(linked: bool) -> Make:
    def make(world: World) -> Target:
        project = world.post("/api/projects", json={"title": "Plan", "numSlides": 1})
        base = f"/api/projects/{project['_id']}/materials"
        text = {"filename": "notes", "content": "Hello"}
        if linked:
            material = world.post("/api/materials/text", json=text)
            world.post(f"{base}/associate", json={"materialIds": [material["_id"]]})
        else:
            material = world.post(f"{base}/text", json=text)
        url = f"{base}/{material['_id']}"
        return Target(url, url)

    return make


def _new_id(_: Any) -> str:
    return OTHER_ID


def _flip(value: Any) -> Any:
    return not value


ENDPOINTS = [
    Endpoint(
        "tag",
        "/api/tags/{tag_id}",
        _tag,
        ("name", lambda _: "Renamed"),
        {"_id": _new_id, "ownerId": _new_id, "createdAt": _later},
    ),
    Endpoint(
        "project",
        "/api/projects/{project_id}",
        _project,
        ("numSlides", lambda n: n + 1),  # sent with the slides as read: numSlides wins
        {"_id": _new_id, "createdAt": _later, "deletedAt": lambda _: "2024-01-01T00:00:00Z"},
    ),
    Endpoint(
        "project as listed",
        "/api/projects/{project_id}",
        _listed_project,
        ("title", lambda _: "Renamed"),
        {"_id": _new_id, "createdAt": _later},
    ),
    Endpoint(
        "own profile",
        "/api/users/me",
        _me,
        ("name", lambda _: "Renamed"),
        {
            "_id": _new_id,
            "role": lambda _: "Admin",
            "authType": lambda _: "chat",
            "createdAt": _later,
        },
        other_user_error=(422, "read_only_field"),
    ),
    Endpoint(
        "pptx file",
        "/api/pptx-files/{file_id}",
        _pptx_file,
        ("filename", lambda _: "renamed.pptx"),
        {
            "_id": _new_id,
            "ownerId": _new_id,
            "public": _flip,
            "slideCount": lambda n: n + 1,
            "createdAt": _later,
        },
    ),
    Endpoint(
        "template slide",
        "/api/pptx-files/{file_id}/slides/{slide_number}/description",
        _slide,
        ("description", lambda _: "The opening slide"),
        {
            "slideNumber": lambda n: n + 1,
            "layoutName": lambda _: "Other",
            "elements": _toggled_first_lock,
        },
    ),
    Endpoint(
        "template element",
        "/api/pptx-files/{file_id}/slides/{slide_number}/element-locked",
        _element,
        ("isLocked", _flip),
        {
            "name": lambda _: "Other",
            "shapeId": lambda n: n + 1,
            "boundary": lambda b: {**b, "x": b["x"] + 1},
        },
    ),
    Endpoint(
        "image alt",
        "/api/images/{image_id}/alt",
        _image("alt"),
        ("alt", lambda _: "A teal rectangle"),
        {"_id": _new_id, "ownerId": _new_id, "isPublic": _flip, "tagIds": lambda _: [OTHER_ID]},
    ),
    Endpoint(
        "image tags",
        "/api/images/{image_id}/tags",
        _image("tags", tagged=True),
        ("tagIds", lambda _: []),
        {"_id": _new_id, "ownerId": _new_id, "alt": lambda _: "Other", "width": lambda n: n + 1},
    ),
    Endpoint(
        "material",
        "/api/materials/{material_id}",
        _material,
        ("enabled", _flip),
        {
            "_id": _new_id,
            "projectId": _new_id,
            "fileMeta": lambda meta: {**meta, "filename": "other"},
            "createdAt": _later,
        },
    ),
    Endpoint(
        "project material",
        "/api/projects/{project_id}/materials/{material_id}",
        _project_material(linked=False),
        ("enabled", _flip),
        {"_id": _new_id, "projectId": lambda _: None, "fileMeta": lambda m: {**m, "size": 1}},
    ),
    Endpoint(
        "linked project material",
        "/api/projects/{project_id}/materials/{material_id}",
        _project_material(linked=True),
        ("enabled", _flip),
        {"_id": _new_id, "projectId": _new_id, "createdAt": _later},
    ),
]
ENDPOINT_IDS = [endpoint.name for endpoint in ENDPOINTS]
READ_ONLY_CASES = [
    pytest.param(endpoint, name, id=f"{endpoint.name}-{name}")
    for endpoint in ENDPOINTS
    for name in endpoint.read_only
]


@pytest.fixture
def world(client: TestClient, app: FastAPI) -> World:
    signup(client, "admin@example.com", name="Admin")  # the first account is the Admin
    alice = signup(client, "alice@example.com", name="Alice")
    bob = signup(client, "bob@example.com", name="Bob")
    return World(client, app, alice, bob)


def _read(world: World, target: Target, who: SignedIn | None = None) -> dict[str, Any]:
    response = world.client.get(target.get_url, headers=(who or world.alice).headers)
    assert response.status_code == 200, response.text
    return target.pick(response.json())


def _put(world: World, target: Target, body: dict[str, Any], who: SignedIn | None = None) -> Any:
    return world.client.put(
        target.put_url, json={**body, **target.extra}, headers=(who or world.alice).headers
    )


def _edited(endpoint: Endpoint, read: dict[str, Any]) -> dict[str, Any]:
    name, change = endpoint.edit
    return {**read, name: change(read[name])}


def _with_offsets(value: Any) -> Any:
    """The same instants written with a +08:00 offset instead of the server's UTC."""
    if isinstance(value, dict):
        return {key: _with_offsets(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_with_offsets(item) for item in value]
    if isinstance(value, str) and len(value) >= 20 and value[10:11] == "T":
        try:
            return datetime.fromisoformat(value).astimezone(PLUS_8).isoformat()
        except ValueError:
            return value
    return value


def _stable(read: dict[str, Any]) -> dict[str, Any]:
    """What an unchanged PUT keeps: all but the write stamps."""
    return {key: value for key, value in read.items() if key not in {"updatedAt", "version"}}


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=ENDPOINT_IDS)
def test_the_object_as_read_is_accepted_unchanged(world: World, endpoint: Endpoint) -> None:
    target = endpoint.make(world)
    before = _read(world, target)
    response = _put(world, target, before)
    assert response.status_code == 200, response.text
    assert _stable(_read(world, target)) == _stable(before)


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=ENDPOINT_IDS)
def test_datetimes_compare_as_instants_whatever_the_offset(
    world: World, endpoint: Endpoint
) -> None:
    target = endpoint.make(world)
    before = _read(world, target)
    response = _put(world, target, _with_offsets(before))
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=ENDPOINT_IDS)
def test_get_modify_put_applies_the_change(world: World, endpoint: Endpoint) -> None:
    target = endpoint.make(world)
    before = _read(world, target)
    edited = _edited(endpoint, before)
    name = endpoint.edit[0]
    assert edited[name] != before[name]
    response = _put(world, target, edited)
    assert response.status_code == 200, response.text
    assert _read(world, target)[name] == edited[name]


@pytest.mark.parametrize(("endpoint", "name"), READ_ONLY_CASES)
def test_a_changed_read_only_field_is_refused_and_changes_nothing(
    world: World, endpoint: Endpoint, name: str
) -> None:
    target = endpoint.make(world)
    before = _read(world, target)
    body = _edited(endpoint, before)
    body[name] = endpoint.read_only[name](before[name])
    assert body[name] != before[name]
    response = _put(world, target, body)
    assert response.status_code == 422, response.text
    error = response.json()
    assert error["errorCode"] == "read_only_field"
    assert error["details"] == {"field": name, "fields": [name]}
    assert _read(world, target) == before


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=ENDPOINT_IDS)
def test_an_unknown_field_is_still_refused(world: World, endpoint: Endpoint) -> None:
    target = endpoint.make(world)
    before = _read(world, target)
    response = _put(world, target, {**_edited(endpoint, before), "isAdmin": True})
    assert response.status_code == 422, response.text
    error = response.json()
    assert error["errorCode"] == "validation_error"
    assert {"field": "isAdmin", "type": "extra_forbidden"}.items() <= error["details"]["errors"][
        0
    ].items()
    assert _read(world, target) == before


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=ENDPOINT_IDS)
def test_another_user_sending_it_back_never_touches_it(world: World, endpoint: Endpoint) -> None:
    target = endpoint.make(world)
    before = _read(world, target)
    bobs_before = _read(world, target, world.bob) if endpoint.name == "own profile" else None
    status, code = endpoint.other_user_error
    for body in (before, _edited(endpoint, before)):
        response = _put(world, target, body, world.bob)
        assert response.status_code == status, response.text
        if code is not None:
            assert response.json()["errorCode"] == code
    assert _read(world, target) == before
    if bobs_before is not None:
        assert _read(world, target, world.bob) == bobs_before


# Not updates of something the client read: a password change (passwords are never returned).
NOT_ECHOES = {("put", "/api/users/me/password")}
# An action whose body is optional; tested below because sending it back publishes a copy.
TESTED_APART = {("put", "/api/images/{image_id}/make-public")}


def test_every_update_endpoint_is_covered_and_documents_its_read_only_fields(
    app: FastAPI,
) -> None:
    document = app.openapi()
    updates = {
        (op.method.lower(), op.path): op.spec
        for op in operations(app)
        if op.method in {"PUT", "PATCH"}
    }
    covered = {("put", endpoint.route) for endpoint in ENDPOINTS}
    assert set(updates) == covered | NOT_ECHOES | TESTED_APART
    for key in covered | TESTED_APART:
        body = updates[key]["requestBody"]["content"]["application/json"]["schema"]
        ref = next(part for part in body.get("anyOf", [body]) if "$ref" in part)
        schema = resolve(document, ref)
        read_only = {name for name, prop in schema["properties"].items() if prop.get("readOnly")}
        assert read_only, key
        assert not read_only & set(schema.get("required", [])), key
        assert schema["additionalProperties"] is False, key


@pytest.fixture
def image_url(world: World) -> str:
    image = world.post("/api/images", files={"image": ("photo.png", picture(), "image/png")})
    return f"/api/images/{image['_id']}"


def _publish(world: World, image_url: str, body: dict[str, Any] | None) -> Any:
    return world.client.put(f"{image_url}/make-public", json=body, headers=world.alice.headers)


def test_make_public_accepts_the_image_as_read(world: World, image_url: str) -> None:
    image = world.client.get(image_url, headers=world.alice.headers).json()
    response = _publish(world, image_url, _with_offsets(image))
    assert response.status_code == 200, response.text
    assert response.json()["sourceImageId"] == image["_id"]


@pytest.mark.parametrize(
    "changes", [{"isPublic": True}, {"ownerId": OTHER_ID}, {"_id": OTHER_ID}, {"alt": "x"}]
)
def test_make_public_refuses_a_changed_image_and_publishes_nothing(
    world: World, image_url: str, changes: dict[str, Any]
) -> None:
    image = world.client.get(image_url, headers=world.alice.headers).json()
    response = _publish(world, image_url, {**image, **changes})
    assert response.status_code == 422
    assert response.json()["details"]["field"] == next(iter(changes))
    assert world.client.get(image_url, headers=world.alice.headers).json() == image


def test_make_public_refuses_unknown_fields(world: World, image_url: str) -> None:
    response = _publish(world, image_url, {"isAdmin": True})
    assert response.json()["errorCode"] == "validation_error"


def test_make_public_of_another_users_image_is_not_found(world: World, image_url: str) -> None:
    image = world.client.get(image_url, headers=world.alice.headers).json()
    response = world.client.put(f"{image_url}/make-public", json=image, headers=world.bob.headers)
    assert response.status_code == 404
    assert world.client.get(image_url, headers=world.alice.headers).json() == image
