"""Lists and searches show a user their own objects and public ones, never another user's
private objects (issue 17; ARCHITECTURE.md §4 "Visibility").

The lists come from the OpenAPI document: every signed-in GET without an object in its path,
every search, and the same within Bob's own project (its images, materials, previews, AI
suggestions drawn from its materials). Bob calls each plainly, with Alice's marker word as
the search text, and with every flag query parameter (`?trash=true`) set; no answer may hold
one of Alice's private ids or her marker. There is no list of jobs: a job is read by id only,
which the authorization matrix covers.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response

from tests.api_document import Operation, operations, resolve
from tests.security.world import People, Seeded, call, seed_public

# Lists where Bob has objects of his own: each must show them, so that a list which shows
# nothing at all cannot pass for one that hides Alice's objects.
OWN_LISTS = {
    "listProjects",
    "listPptxFiles",
    "listTemplates",
    "listFiles",
    "listImages",
    "listMaterials",
    "searchMaterials",
    "listTags",
    "listApiTokens",
    "listProjectImages",
    "listProjectMaterials",
    "searchProjectMaterials",
}


# Reads about the deployment, for admins only: Bob (no admin) is refused, typed.
ADMIN_ONLY = {"getAiStatus"}


def _is_search(op: Operation) -> bool:
    return op.method == "POST" and op.path.endswith("/search")


def _list_operations(app: FastAPI) -> list[Operation]:
    """Signed-in reads that are not of one object: no path parameter, or only Bob's project."""
    return [
        op
        for op in operations(app)
        if op.secured
        and (op.method == "GET" or _is_search(op))
        and op.path_params in ([], ["project_id"])
    ]


def _calls(
    document: dict[str, Any], op: Operation, bob: Seeded, alice: Seeded
) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(label, request kwargs, the search text) for each way Bob calls a list."""
    if _is_search(op):
        for marker in (bob.marker, alice.marker):
            yield f"searching {marker!r}", {"json": {"query": marker}}, marker
        return
    yield "plainly", {}, ""
    for param in op.spec.get("parameters", []):
        schema = resolve(document, param["schema"])
        options = [resolve(document, s) for s in schema.get("anyOf", [schema])]
        if param["name"] == "q":
            yield f"with q={alice.marker}", {"params": {"q": alice.marker}}, ""
        elif any(option.get("type") == "boolean" for option in options):
            yield f"with {param['name']}=true", {"params": {param["name"]: "true"}}, ""


def _shown(response: Response, query: str) -> str:
    """The answer's text, without the search text it echoes back."""
    if "json" not in response.headers.get("content-type", ""):
        return ""  # an exported deck or a picture: Bob's own project, checked as JSON elsewhere
    body = response.json()
    if isinstance(body, dict) and body.get("query") == query:
        body = {key: value for key, value in body.items() if key != "query"}
    return json.dumps(body, ensure_ascii=False)


def test_lists_and_searches_show_none_of_another_users_private_objects(
    app: FastAPI, client: TestClient, world: People
) -> None:
    document = app.openapi()
    alice, bob = world.alice, world.bob
    public = seed_public(client, app, world, builtin=False)
    trashed = client.post(
        "/api/projects", json={"title": f"{alice.marker} old"}, headers=alice.headers
    )
    assert (
        client.delete(f"/api/projects/{trashed.json()['_id']}", headers=alice.headers).status_code
        == 204
    )
    private = {value for kind, value in alice.ids.items() if kind != "user"}
    private |= {trashed.json()["_id"], *public.private_sources}
    failures: list[str] = []
    called: set[str] = set()
    for op in _list_operations(app):
        url = op.url({"project_id": bob.ids["project"]})
        for label, kwargs, query in _calls(document, op, bob, alice):
            response = call(client, op, url, kwargs, bob.headers)
            called.add(op.operation_id)
            if op.operation_id in ADMIN_ONLY:
                if response.status_code != 403 or response.json()["errorCode"] != "forbidden":
                    failures.append(f"{op} {label}: {response.status_code}, not 403 forbidden")
                continue
            text = _shown(response, query)
            what = f"{op} {label}"
            if response.status_code >= 500 or response.status_code in (401, 403, 404, 422):
                failures.append(f"{what}: {response.status_code} {response.text[:200]}")
            leaked = sorted(value for value in private | {alice.marker} if value in text)
            if leaked:
                failures.append(f"{what} shows Alice's {leaked}")
            own = query == bob.marker if _is_search(op) else label == "plainly"
            if op.operation_id in OWN_LISTS and own and bob.marker not in text:
                failures.append(f"{what} does not show Bob's own objects: {text[:200]}")
    assert called >= OWN_LISTS
    assert not failures, "\n".join(failures)

    # ...while the public objects are listed for him.
    def ids(url: str) -> set[str]:
        return {item["_id"] for item in client.get(url, headers=bob.headers).json()}

    assert {id_ for _, id_ in public.by_kind["pptx"]} <= ids("/api/pptx-files")
    assert {id_ for _, id_ in public.by_kind["image"]} <= ids("/api/images/public")
    assert {id_ for _, id_ in public.by_kind["tag"]} <= ids("/api/tags")
