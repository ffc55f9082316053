"""Projects through the API, with two users: CRUD, validation, versions, templates, trash."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.helpers import SignedIn, signup
from tests.templates.decks import rich_deck
from tests.templates.test_templates_api import upload


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def bob(client: TestClient, alice: SignedIn) -> SignedIn:
    return signup(client, "bob@example.com", name="Bob")


@pytest.fixture
def template_id(client: TestClient, alice: SignedIn) -> str:
    return upload(client, alice, rich_deck()).json()["_id"]


def create(client: TestClient, who: SignedIn, **body) -> dict:
    response = client.post("/api/projects", json={"title": "Deck", **body}, headers=who.headers)
    assert response.status_code == 201, response.text
    return response.json()


def put(client: TestClient, who: SignedIn, project: dict, **changes):
    body = {"version": project["version"], **changes}
    return client.put(f"/api/projects/{project['_id']}", json=body, headers=who.headers)


def test_create_with_defaults(client: TestClient, alice: SignedIn) -> None:
    project = create(client, alice, title="  Q3   review ")
    assert project["title"] == "Q3 review"
    assert project["lang"] == "zh-CN"
    assert project["numSlides"] == 8
    assert len(project["slides"]) == 8
    assert len({s["id"] for s in project["slides"]}) == 8
    assert project["version"] == 1
    assert project["pptxFileId"] is None
    first = project["slides"][0]
    assert first == {
        "id": first["id"],
        "contentDescription": "",
        "aiSuggestionReasonForContentDescription": "",
        "pptxSlideNumber": None,
        "aiSuggestionReasonForPptxSlideNumber": "",
        "formData": {},
        "lockedElementNames": [],
        "notes": "",
        "writtenForOrder": None,
    }


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"title": "   "}, "title_required"),
        ({"numSlides": 0}, "invalid_num_slides"),
        ({"numSlides": 1000}, "invalid_num_slides"),
        ({"lang": "fr"}, "validation_error"),
        ({"pptxFileId": "01JABCDEFGHJKMNPQRSTVWXYZ0"}, "template_not_found"),
    ],
)
def test_create_validation(client: TestClient, alice: SignedIn, body: dict, code: str) -> None:
    response = client.post("/api/projects", json={"title": "Deck", **body}, headers=alice.headers)
    assert response.status_code in (404, 422)
    assert response.json()["errorCode"] == code


def test_num_slides_grows_and_truncates(client: TestClient, alice: SignedIn) -> None:
    project = create(client, alice, numSlides=2)
    first_id = project["slides"][0]["id"]
    grown = put(client, alice, project, numSlides=5).json()
    assert grown["numSlides"] == 5 and grown["slides"][0]["id"] == first_id
    assert grown["version"] == 2
    shrunk = put(client, alice, grown, numSlides=1).json()
    assert [s["id"] for s in shrunk["slides"]] == [first_id]


def test_project_sent_back_as_read_keeps_slide_edits_and_applies_a_changed_count(
    client: TestClient, alice: SignedIn
) -> None:
    project = create(client, alice, numSlides=3)
    dropped = {**project, "slides": project["slides"][1:]}  # numSlides still says 3
    kept = client.put(f"/api/projects/{project['_id']}", json=dropped, headers=alice.headers)
    assert [s["id"] for s in kept.json()["slides"]] == [s["id"] for s in dropped["slides"]]
    grown = {**kept.json(), "numSlides": 4}  # the slides as read, the count changed
    response = client.put(f"/api/projects/{project['_id']}", json=grown, headers=alice.headers)
    assert response.json()["numSlides"] == 4
    assert response.json()["slides"][:2] == kept.json()["slides"]


def test_negative_num_slides_is_refused_on_update(client: TestClient, alice: SignedIn) -> None:
    project = create(client, alice, numSlides=3)
    response = put(client, alice, project, numSlides=-1)
    assert response.json()["errorCode"] == "invalid_num_slides"


def test_stale_version_is_a_conflict_and_changes_nothing(
    client: TestClient, alice: SignedIn
) -> None:
    project = create(client, alice)
    assert put(client, alice, project, title="From tab A").status_code == 200
    stale = put(client, alice, project, title="From tab B")
    assert stale.status_code == 409
    assert stale.json()["errorCode"] == "version_conflict"
    assert stale.json()["details"] == {"currentVersion": 2}
    assert (
        client.get(f"/api/projects/{project['_id']}", headers=alice.headers).json()["title"]
        == "From tab A"
    )


def test_slides_with_template_values(client: TestClient, alice: SignedIn, template_id: str) -> None:
    project = create(client, alice, numSlides=1, pptxFileId=template_id)
    slides = [
        {
            "id": project["slides"][0]["id"],
            "contentDescription": "Sales by quarter",
            "pptxSlideNumber": 1,
            "formData": {
                "Title 1": "Sales",
                "Chart 3": {
                    "categories": ["Q1", "Q2"],
                    "series": [{"name": "2026", "values": [3, 4]}],
                },
            },
            "lockedElementNames": ["Content Placeholder 2"],
            "notes": "Say hello",
        },
        {"pptxSlideNumber": 2, "formData": {"Table 2": {"rows": [["a", "b"], ["1", "2"]]}}},
    ]
    saved = put(client, alice, project, slides=slides)
    assert saved.status_code == 200, saved.text
    body = saved.json()
    assert body["numSlides"] == 2
    assert body["slides"][0]["id"] == project["slides"][0]["id"]
    assert body["slides"][1]["id"]
    assert body["slides"][0]["formData"]["Chart 3"]["series"][0]["values"] == [3, 4]
    assert body["slides"][0]["notes"] == "Say hello"
    again = client.get(f"/api/projects/{project['_id']}", headers=alice.headers).json()
    assert again["slides"] == body["slides"]


@pytest.mark.parametrize(
    ("slide", "code"),
    [
        ({"pptxSlideNumber": 9}, "pptx_slide_number_out_of_range"),
        ({"pptxSlideNumber": 1, "formData": {"Missing": "x"}}, "unknown_element"),
        ({"pptxSlideNumber": 1, "formData": {"Title 1": ["not", "text"]}}, "invalid_element_value"),
        (
            {
                "pptxSlideNumber": 1,
                "formData": {
                    "Chart 3": {"categories": ["A"], "series": [{"name": "s", "values": []}]}
                },
            },
            "invalid_element_value",
        ),
        ({"pptxSlideNumber": 2, "formData": {"Table 2": "a,b"}}, "invalid_element_value"),
        (
            {"pptxSlideNumber": 3, "formData": {"Picture 2": "https://example.com/cat.png"}},
            "invalid_element_value",
        ),
        (
            {"pptxSlideNumber": 3, "formData": {"Oval 3": "text on a decoration"}},
            "invalid_element_value",
        ),
    ],
)
def test_slide_validation(
    client: TestClient, alice: SignedIn, template_id: str, slide: dict, code: str
) -> None:
    project = create(client, alice, numSlides=1, pptxFileId=template_id)
    response = put(client, alice, project, slides=[slide])
    assert response.status_code == 422, response.text
    assert response.json()["errorCode"] == code
    assert (
        client.get(f"/api/projects/{project['_id']}", headers=alice.headers).json()["version"] == 1
    )


def test_slide_numbers_need_a_template(client: TestClient, alice: SignedIn) -> None:
    project = create(client, alice, numSlides=1)
    response = put(client, alice, project, slides=[{"pptxSlideNumber": 1}])
    assert response.json()["errorCode"] == "no_template"


def test_changing_template_keeps_slides_and_clears_missing_numbers(
    client: TestClient, app: FastAPI, alice: SignedIn, template_id: str
) -> None:
    from tests.templates.decks import simple_deck

    small = upload(client, alice, simple_deck(1)).json()["_id"]
    project = create(client, alice, numSlides=1, pptxFileId=template_id)
    project = put(
        client,
        alice,
        project,
        slides=[
            {"contentDescription": "Intro", "pptxSlideNumber": 1, "formData": {"Title 1": "Hi"}},
            {"contentDescription": "Numbers", "pptxSlideNumber": 2},
        ],
    ).json()
    changed = put(client, alice, project, pptxFileId=small)
    body = changed.json()
    assert [s["contentDescription"] for s in body["slides"]] == ["Intro", "Numbers"]
    assert [s["pptxSlideNumber"] for s in body["slides"]] == [1, None]
    assert body["slides"][0]["formData"] == {"Title 1": "Hi"}
    assert body["warnings"][0]["code"] == "template_numbers_cleared"
    assert body["warnings"][0]["details"] == {"slides": "2"}


def test_another_users_template_cannot_be_used(
    client: TestClient, alice: SignedIn, bob: SignedIn, template_id: str
) -> None:
    response = client.post(
        "/api/projects", json={"title": "X", "pptxFileId": template_id}, headers=bob.headers
    )
    assert response.status_code == 404
    assert response.json()["errorCode"] == "template_not_found"


def test_projects_are_private(client: TestClient, alice: SignedIn, bob: SignedIn) -> None:
    project = create(client, alice)
    url = f"/api/projects/{project['_id']}"
    assert client.get(url, headers=bob.headers).status_code == 404
    assert put(client, bob, project, title="Mine").status_code == 404
    assert client.delete(url, headers=bob.headers).status_code == 404
    assert client.get("/api/projects", headers=bob.headers).json() == []
    assert client.get(url, headers=alice.headers).json()["title"] == "Deck"


def test_trash_restore_and_hard_delete(client: TestClient, alice: SignedIn) -> None:
    project = create(client, alice)
    url = f"/api/projects/{project['_id']}"
    assert client.delete(url, headers=alice.headers).status_code == 204
    assert client.get("/api/projects", headers=alice.headers).json() == []
    trash = client.get("/api/projects?trash=true", headers=alice.headers).json()
    assert [p["_id"] for p in trash] == [project["_id"]]
    assert client.get(url, headers=alice.headers).status_code == 404
    restored = client.post(f"{url}/restore", headers=alice.headers)
    assert restored.json()["deletedAt"] is None
    assert client.delete(f"{url}?hard=true", headers=alice.headers).status_code == 204
    assert client.get("/api/projects?trash=true", headers=alice.headers).json() == []
    assert client.post(f"{url}/restore", headers=alice.headers).status_code == 404


def test_list_summaries_carry_slide_numbers(
    client: TestClient, alice: SignedIn, template_id: str
) -> None:
    project = create(client, alice, numSlides=1, pptxFileId=template_id)
    put(client, alice, project, slides=[{"pptxSlideNumber": 2}, {}])
    listed = client.get("/api/projects", headers=alice.headers).json()
    assert listed[0]["slideNumbers"] == [2, None]
    assert listed[0]["numSlides"] == 2


def test_concurrent_writers_cannot_both_win(
    app: FastAPI, client: TestClient, alice: SignedIn
) -> None:
    """Two requests that loaded the same version race: the second flush is a conflict."""
    from slidewright.projects.errors import VersionConflictError
    from slidewright.projects.models import Project

    project = create(client, alice)
    factory = app.state.session_factory
    with factory() as first, factory() as second:
        a, b = first.get(Project, project["_id"]), second.get(Project, project["_id"])
        a.title, b.title = "A", "B"
        first.commit()
        from slidewright.projects.service import _flush

        with pytest.raises(VersionConflictError):
            _flush(second)
    assert (
        client.get(f"/api/projects/{project['_id']}", headers=alice.headers).json()["title"] == "A"
    )


def _image(client: TestClient, who: SignedIn) -> str:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (32, 32), "navy").save(buffer, "PNG")
    response = client.post(
        "/api/images",
        files={"image": ("p.png", buffer.getvalue(), "image/png")},
        headers=who.headers,
    )
    assert response.status_code == 201, response.text
    return response.json()["_id"]


def test_pictures_must_be_images_the_user_may_see(
    client: TestClient, alice: SignedIn, bob: SignedIn, template_id: str
) -> None:
    mine = _image(client, alice)
    theirs = _image(client, bob)
    project = create(client, alice, numSlides=1, pptxFileId=template_id)
    ok = put(
        client,
        alice,
        project,
        slides=[{"pptxSlideNumber": 3, "formData": {"Picture 2": f"/api/images/{mine}/file"}}],
    )
    assert ok.status_code == 200, ok.text
    refused = put(
        client, alice, ok.json(), slides=[{"pptxSlideNumber": 3, "formData": {"Picture 2": theirs}}]
    )
    assert refused.status_code == 422
    assert refused.json()["errorCode"] == "invalid_element_value"
    public = client.put(f"/api/images/{theirs}/make-public", headers=bob.headers).json()["_id"]
    allowed = put(
        client, alice, ok.json(), slides=[{"pptxSlideNumber": 3, "formData": {"Picture 2": public}}]
    )
    assert allowed.status_code == 200, allowed.text


def test_project_images_link_list_and_unlink(
    client: TestClient, alice: SignedIn, bob: SignedIn
) -> None:
    project = create(client, alice)
    url = f"/api/projects/{project['_id']}/images"
    mine = _image(client, alice)
    theirs = _image(client, bob)
    public = client.put(f"/api/images/{theirs}/make-public", headers=bob.headers).json()["_id"]
    for image_id in (mine, public, mine):  # linking twice is harmless
        response = client.post(f"{url}/{image_id}", json={"scope": "auto"}, headers=alice.headers)
        assert response.status_code == 200, response.text
    assert [i["_id"] for i in client.get(url, headers=alice.headers).json()] == [mine, public]
    refused = client.post(f"{url}/{theirs}", json={"scope": "auto"}, headers=alice.headers)
    assert refused.status_code == 404
    assert refused.json()["errorCode"] == "image_not_found"
    assert client.get(url, headers=bob.headers).status_code == 404  # not bob's project
    assert client.delete(f"{url}/{mine}", headers=alice.headers).status_code == 204
    assert [i["_id"] for i in client.get(url, headers=alice.headers).json()] == [public]
    again = client.delete(f"{url}/{mine}", headers=alice.headers)
    assert again.json()["errorCode"] == "project_image_not_linked"
    # Deleting an image from the gallery unlinks it.
    client.delete(f"/api/images/{mine}", headers=alice.headers)
    assert [i["_id"] for i in client.get(url, headers=alice.headers).json()] == [public]
