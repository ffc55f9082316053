"""Two users: every AI endpoint answers 404 for the other user's project, template or
material, and changes nothing."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.ai.conftest import REVIEW_EN, add_material, apply_outline, create_project
from tests.helpers import SignedIn
from tests.pptx_engine.builders import build_deck


def test_another_users_project_is_not_found_on_every_ai_endpoint(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, bob: SignedIn
) -> None:
    deck = create_project(client, alice, builtins["jade"])
    add_material(app, alice, REVIEW_EN, project_id=deck.id)
    project = apply_outline(client, deck)
    base = f"/api/projects/{deck.id}"
    calls = [
        ("GET", f"{base}/suggest-outline", None),
        ("POST", f"{base}/suggest-outline-edits", {"instruction": "Delete slide 2"}),
        (
            "POST",
            f"{base}/apply-outline-edits",
            {"version": project["version"], "edits": [{"op": "delete", "path": "slides/1"}]},
        ),
        ("POST", f"{base}/generate-slide-data", {"slideIndex": 2}),
        ("POST", f"{base}/suggest-template-slide-number", {"slideIndex": 2}),
        ("POST", f"{base}/slides/2/suggest-slide-element-value", {"elementName": "Title"}),
        ("POST", f"{base}/recommend-slide-description", {"slideIndex": 2}),
        ("POST", f"{base}/batch-recommend-slide-descriptions", {"slideIndices": [1, 2]}),
    ]
    for method, path, body in calls:
        response = client.request(method, path, json=body, headers=bob.headers)
        assert response.status_code == 404, (path, response.text)
        assert response.json()["errorCode"] == "project_not_found"
        mine = client.request(method, path, json=body, headers=alice.headers)
        assert mine.status_code == 200, (path, mine.text)
    after = client.get(base, headers=alice.headers).json()
    # Only Alice's own apply-outline-edits changed it: one slide fewer.
    assert len(after["slides"]) == len(project["slides"]) - 1


def test_another_users_private_template_is_not_found(
    app: FastAPI, client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    upload = client.post(
        "/api/pptx-files",
        files={"file": ("alice.pptx", build_deck(5), "application/octet-stream")},
        headers=alice.headers,
    )
    file_id = upload.json()["_id"]
    base = f"/api/pptx-files/{file_id}"
    calls = [
        ("GET", f"{base}/generate-description", None),
        ("GET", f"{base}/slides/1/generate-description", None),
        ("POST", f"{base}/generate-missing-descriptions", None),
        ("POST", f"{base}/accept-descriptions", {"descriptions": {"1": "Bob was here"}}),
    ]
    for method, path, body in calls:
        response = client.request(method, path, json=body, headers=bob.headers)
        assert response.status_code == 404, (path, response.text)
        assert response.json()["errorCode"] == "template_not_found"
    app.state.services.jobs.wait_idle()
    slides = client.get(base, headers=alice.headers).json()["parsedSlides"]
    assert all(s["description"] != "Bob was here" for s in slides)


def test_another_users_template_is_never_recommended_or_used(
    app: FastAPI, client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    client.post(
        "/api/pptx-files",
        files={"file": ("alice-only.pptx", build_deck(5), "application/octet-stream")},
        headers=alice.headers,
    )
    response = client.post(
        "/api/projects/recommend-slideshow",
        json={"description": "alice-only deck", "durationMinutes": 10, "lang": "en"},
        headers=bob.headers,
    )
    assert response.status_code == 200
    assert response.json()["suggestedPptxFileId"] is None  # Bob sees no template at all


def test_another_users_material_is_not_found(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, bob: SignedIn
) -> None:
    material = add_material(app, alice, REVIEW_EN, project_id=None)
    deck = create_project(client, bob, builtins["jade"])
    for material_id in (material, "not-an-id", "0" * 26):
        response = client.get(
            f"/api/projects/{deck.id}/suggest-outline",
            params={"materialId": material_id},
            headers=bob.headers,
        )
        assert response.status_code == 404
        assert response.json()["errorCode"] == "material_not_found"


def test_another_users_images_are_not_used(
    app: FastAPI, client: TestClient, builtins: dict[str, str], alice: SignedIn, bob: SignedIn
) -> None:
    from slidewright.ai import service
    from slidewright.ai.tasks import ValueOut
    from tests.images.pictures import picture

    alice_image = client.post(
        "/api/images", files={"image": ("a.png", picture(), "image/png")}, headers=alice.headers
    ).json()["_id"]
    element = {"name": "Picture", "type": "picture"}
    raw = ValueOut(name="Picture", image_id=alice_image)
    from slidewright.ai import sanitize
    from slidewright.core.db import unit_of_work
    from slidewright.images import presenter
    from slidewright.users import service as users_service

    with unit_of_work(app.state.session_factory) as session:
        bob_user = users_service.get_user(session, bob.user["_id"])
        visible = service._visible_ids(session, bob_user, [raw])
    assert visible == set()
    value, why = sanitize.element_value(element, raw, visible, presenter.file_url)
    assert value is None and why == "image_not_in_gallery"
