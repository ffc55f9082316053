"""Another user's objects do not exist for you (issue 17): every operation of the OpenAPI
document that names an object in its path is called by Bob with Alice's real ids.

The operations come from `app.openapi()`, not from a list, so a new route is in the matrix the
day it is added: it needs at most a body in `world.JSON_BODIES` / `MULTIPART_BODIES`, or a
seeded object for a new kind of id, and the coverage test says which. For each operation:

- Bob gets 404 with a typed `errorCode` (ARCHITECTURE.md §4: "another user's private object
  is a 404, never a 403 that confirms it exists"), and no row or stored file changes;
- with two objects in the path (a project and its material), Bob's own project with Alice's
  material (and the other way round) is a 404 too: a project of yours is no door to hers;
- the owner control: Alice's own call is not refused (not 401/403/404, nor a 422 for its
  body), which proves the ids are real and the bodies good enough to reach the check;
- public objects (published and built-in templates, public images, public tags) are read by
  Bob, and every change he tries is a 403 that changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.api_document import Operation, operations
from tests.security.world import (
    MULTIPART_BODIES,
    People,
    Seeded,
    body_kwargs,
    call,
    changes,
    error_code,
    is_owned,
    kind_of,
    other_param_value,
    path_values,
    row_of,
    seed_public,
    snapshot,
)

# Operations with an object id that the matrix leaves out, and why. None today: keep it so.
SKIPPED: dict[str, str] = {}

# Alice's objects Bob may read although they are not public objects.
PUBLIC_FOR_OTHERS = {
    # The spec's `GET /users/{id}` returns "a user" to any signed-in caller: a public profile
    # (name, role, sign-in type), never the email.
    "getUser": lambda response: response.status_code == 200 and "email" not in response.json(),
}

# What another user may do with a public object (published or built-in template, public
# image, public tag) besides reading it with GET/HEAD; anything else is a 403.
OTHERS_MAY_USE_PUBLIC = {
    "describeImage",  # an AI description of a public picture: nothing is saved
    "linkProjectImage",  # public images are usable by everyone (spec §4 "Image visibility")
    "unlinkProjectImage",  # ...and unlinked from one's own project again
    "generatePptxDescription",  # suggestions for reading a template: nothing is saved
    "generatePptxSlideDescription",
    # The same suggestions for every slide, in a job of Bob's own; the template is unchanged
    # (saving them, `acceptSlideDescriptions`, is the owner's: a 403 for Bob).
    "generateMissingSlideDescriptions",
}
# Changes refused with another answer than 403, because they cannot apply to a public object
# whoever asks.
REFUSED_OTHERWISE = {
    "makeImagePublic": (409, "already_public"),  # public already, and irreversibly
}

# The owner's own call may fail for a reason of its own, but never as "not yours" or "bad
# body": that would make Bob's 404 meaningless.
_REFUSALS = {401, 403, 404}
# Honest 5xx answers of a test server: no AI provider that does this, no LibreOffice.
_EXPECTED_5XX = {"ai_unavailable", "render_unavailable"}


def _id_operations(app: FastAPI) -> list[Operation]:
    return [op for op in operations(app) if any(is_owned(p) for p in op.path_params)]


def _owners(operation: Operation, world: People) -> list[tuple[str, Callable[[str], Seeded]]]:
    """Who owns each path parameter, call by call: Alice everywhere, then, with several
    objects in the path, Alice for one of them and Bob for the rest."""
    alice, bob = world.alice, world.bob
    variants: list[tuple[str, Callable[[str], Seeded]]] = [("Alice's ids", lambda _: alice)]
    owned = [p for p in operation.path_params if is_owned(p)]
    if len(owned) > 1:
        for param in owned:
            variants.append(
                (f"Bob's ids but Alice's {param}", lambda p, one=param: alice if p == one else bob)
            )
    return variants


def _owner_order(ops: list[Operation]) -> list[Operation]:
    """The owner's calls: deletions last, the deepest paths first (a project's material before
    the material, a file's Templates before the file), so none removes what a later one needs."""
    deletions = [op for op in ops if op.method == "DELETE"]
    keep = [op for op in ops if op.method != "DELETE"]
    return keep + sorted(deletions, key=lambda op: (op.path.count("/"), op.path), reverse=True)


def _refused_owner_call(response_status: int, code: str | None) -> bool:
    if response_status in _REFUSALS or code == "validation_error":
        return True
    return response_status >= 500 and code not in _EXPECTED_5XX


def test_every_operation_naming_an_object_is_in_the_matrix(app: FastAPI) -> None:
    """Each operation with an object in its path can be called: its ids name seeded objects,
    its other path parameters and its body can be filled. A new route that cannot fails here
    with what it needs."""
    ops = _id_operations(app)
    names = {op.operation_id for op in ops}
    assert len(ops) > 50, "the document has fewer object routes than expected"
    assert set(SKIPPED) <= names, "a skipped operation no longer exists"
    assert set(PUBLIC_FOR_OTHERS) | OTHERS_MAY_USE_PUBLIC <= names
    nobody = Seeded(who=None, marker="", preview_hash="hash")  # type: ignore[arg-type]
    problems = []
    for op in ops:
        if op.operation_id in SKIPPED:
            continue
        for param in op.path_params:
            try:
                if param.endswith("_id"):
                    kind_of(op, param)
                else:
                    other_param_value(param, nobody)
            except KeyError:
                problems.append(f"{op}: no seeded object or value for {{{param}}} (world.py)")
        if (
            op.body_content_type == "multipart/form-data"
            and op.operation_id not in MULTIPART_BODIES
        ):
            problems.append(f"{op}: add its files to MULTIPART_BODIES (world.py)")
        elif op.body_content_type not in (None, "multipart/form-data", "application/json"):
            problems.append(f"{op}: a body of type {op.body_content_type}")
    assert not problems, "\n".join(problems)


def test_others_get_not_found_and_change_nothing_while_the_owner_gets_through(
    app: FastAPI, client: TestClient, world: People
) -> None:
    document = app.openapi()
    ops = _id_operations(app)
    before = snapshot(app)
    failures: list[str] = []
    covered: set[str] = set()
    for op in ops:
        if op.operation_id in SKIPPED:
            continue
        for label, owner_of in _owners(op, world):
            url = op.url(path_values(op, owner_of))
            body = body_kwargs(document, op, client, world.alice)
            response = call(client, op, url, body, world.bob.headers)
            covered.add(op.operation_id)
            allowed = PUBLIC_FOR_OTHERS.get(op.operation_id)
            code = error_code(response)
            if allowed is not None:
                if not allowed(response):
                    failures.append(f"{op} as Bob with {label}: {response.status_code}")
            elif response.status_code != 404 or (op.method != "HEAD" and code is None):
                failures.append(
                    f"{op} as Bob with {label}: {response.status_code} {response.text[:200]}"
                )
            after = snapshot(app)
            if after != before:
                failures.append(f"{op} as Bob with {label} changed {changes(before, after)}")
                before = after
    assert covered == {op.operation_id for op in ops} - set(SKIPPED)

    # The owner control, after Bob's calls since it changes and deletes Alice's objects.
    alice = world.alice
    for op in _owner_order(ops):
        if op.operation_id in SKIPPED:
            continue
        url = op.url(path_values(op, lambda _: alice))
        response = call(client, op, url, body_kwargs(document, op, client, alice), alice.headers)
        app.state.services.jobs.wait_idle()
        if _refused_owner_call(response.status_code, error_code(response)):
            failures.append(f"{op} as Alice: {response.status_code} {response.text[:300]}")
    assert not failures, "\n".join(failures)


def test_public_objects_are_read_by_others_and_changed_by_nobody_else(
    app: FastAPI, client: TestClient, world: People
) -> None:
    document = app.openapi()
    public = seed_public(client, app, world)
    before = snapshot(app)
    failures: list[str] = []
    tried: set[str] = set()
    for op in _owner_order(_id_operations(app)):
        public_params = [
            p for p in op.path_params if p.endswith("_id") and kind_of(op, p) in public.by_kind
        ]
        for param in public_params:
            for label, object_id in public.by_kind[kind_of(op, param)]:
                values = path_values(op, lambda _: world.bob)
                values[param] = object_id
                response = call(
                    client,
                    op,
                    op.url(values),
                    body_kwargs(document, op, client, world.bob),
                    world.bob.headers,
                )
                tried.add(op.operation_id)
                code = error_code(response)
                what = f"{op} as Bob on {label}: {response.status_code} {response.text[:200]}"
                if op.method in ("GET", "HEAD") or op.operation_id in OTHERS_MAY_USE_PUBLIC:
                    if response.status_code >= 400 and code not in _EXPECTED_5XX:
                        failures.append(what)
                    # A use may add rows of Bob's own (a link, a job), never touch the object.
                    after = snapshot(app)
                    if row_of(after, object_id) != row_of(before, object_id):
                        failures.append(f"{op} as Bob on {label} changed it")
                    before = after
                    continue
                status, expected = REFUSED_OTHERWISE.get(op.operation_id, (403, None))
                if response.status_code != status or code is None or expected not in (None, code):
                    failures.append(what)
                after = snapshot(app)
                if after != before:
                    failures.append(f"{op} as Bob on {label} changed {changes(before, after)}")
                    before = after
    assert tried >= OTHERS_MAY_USE_PUBLIC
    assert not failures, "\n".join(failures)
