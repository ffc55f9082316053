"""A project's materials: uploaded into it or linked from the library, with its own flags."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.helpers import SignedIn, signup


@pytest.fixture
def alice(client: TestClient) -> SignedIn:
    return signup(client, "alice@example.com")


@pytest.fixture
def project(client: TestClient, alice: SignedIn) -> str:
    return client.post("/api/projects", json={"title": "Deck"}, headers=alice.headers).json()["_id"]


def _text(client: TestClient, who: SignedIn, url: str, name: str, content: str) -> dict:
    response = client.post(url, json={"filename": name, "content": content}, headers=who.headers)
    assert response.status_code == 201, response.text
    return response.json()


def test_project_materials_are_their_own_plus_linked(
    client: TestClient, alice: SignedIn, project: str
) -> None:
    base = f"/api/projects/{project}/materials"
    library = _text(client, alice, "/api/materials/text", "library.txt", "市场分析 market analysis")
    own = _text(client, alice, f"{base}/text", "brief.txt", "项目简报 project brief")
    assert own["projectId"] == project
    # Project materials stay out of the library list.
    assert [m["_id"] for m in client.get("/api/materials", headers=alice.headers).json()] == [
        library["_id"]
    ]

    first = client.post(
        f"{base}/associate", json={"materialIds": [library["_id"]]}, headers=alice.headers
    ).json()
    assert first == {"linked": [library["_id"]], "skipped": []}
    again = client.post(
        f"{base}/associate", json={"materialIds": [library["_id"]]}, headers=alice.headers
    ).json()
    assert again == {"linked": [], "skipped": [library["_id"]]}
    listed = {m["_id"] for m in client.get(base, headers=alice.headers).json()}
    assert listed == {library["_id"], own["_id"]}

    hits = client.post(f"{base}/search", json={"query": "市场"}, headers=alice.headers).json()
    assert [r["material"]["_id"] for r in hits["results"]] == [library["_id"]]


def test_enabled_flag_is_per_project_for_linked_materials(
    client: TestClient, alice: SignedIn, project: str
) -> None:
    base = f"/api/projects/{project}/materials"
    library = _text(client, alice, "/api/materials/text", "library.txt", "content")
    client.post(f"{base}/associate", json={"materialIds": [library["_id"]]}, headers=alice.headers)
    toggled = client.post(f"{base}/{library['_id']}/toggle-enabled", headers=alice.headers).json()
    assert toggled["enabled"] is False
    assert (
        client.get(f"/api/materials/{library['_id']}", headers=alice.headers).json()["enabled"]
        is True
    )
    assert client.get(f"{base}/{library['_id']}", headers=alice.headers).json()["enabled"] is False


def test_removing_unlinks_library_materials_but_deletes_project_ones(
    client: TestClient, alice: SignedIn, project: str
) -> None:
    base = f"/api/projects/{project}/materials"
    library = _text(client, alice, "/api/materials/text", "library.txt", "content")
    own = _text(client, alice, f"{base}/text", "own.txt", "content")
    client.post(f"{base}/associate", json={"materialIds": [library["_id"]]}, headers=alice.headers)
    assert client.delete(f"{base}/{library['_id']}", headers=alice.headers).status_code == 204
    assert client.delete(f"{base}/{own['_id']}", headers=alice.headers).status_code == 204
    assert client.get(base, headers=alice.headers).json() == []
    assert client.get(f"/api/materials/{library['_id']}", headers=alice.headers).status_code == 200


def test_other_users_cannot_reach_or_link(
    client: TestClient, alice: SignedIn, project: str
) -> None:
    bob = signup(client, "bob@example.com")
    base = f"/api/projects/{project}/materials"
    assert client.get(base, headers=bob.headers).status_code == 404
    bobs = _text(client, bob, "/api/materials/text", "bob.txt", "secret")
    refused = client.post(
        f"{base}/associate", json={"materialIds": [bobs["_id"]]}, headers=alice.headers
    )
    assert refused.status_code == 404
    assert refused.json()["errorCode"] == "material_not_found"


def test_project_search_finds_only_the_projects_materials(
    client: TestClient, alice: SignedIn, project: str
) -> None:
    base = f"/api/projects/{project}/materials"
    other = client.post("/api/projects", json={"title": "Other"}, headers=alice.headers).json()
    linked = _text(client, alice, "/api/materials/text", "linked.txt", "市场 linked")
    _text(client, alice, "/api/materials/text", "unlinked.txt", "市场 unlinked")
    own = _text(client, alice, f"{base}/text", "own.txt", "市场 own")
    _text(client, alice, f"/api/projects/{other['_id']}/materials/text", "elsewhere.txt", "市场")
    client.post(f"{base}/associate", json={"materialIds": [linked["_id"]]}, headers=alice.headers)

    found = client.post(f"{base}/search", json={"query": "市场"}, headers=alice.headers).json()
    assert found["total"] == 2
    assert {r["material"]["_id"] for r in found["results"]} == {linked["_id"], own["_id"]}
    # The library's search is unchanged: its own materials, never a project's.
    library = client.post("/api/materials/search", json={"query": "市场"}, headers=alice.headers)
    assert {r["material"]["fileMeta"]["filename"] for r in library.json()["results"]} == {
        "linked.txt",
        "unlinked.txt",
    }


def test_another_user_cannot_search_a_project(
    client: TestClient, alice: SignedIn, project: str
) -> None:
    _text(client, alice, f"/api/projects/{project}/materials/text", "own.txt", "机密 secret")
    bob = signup(client, "bob@example.com")
    _text(client, bob, "/api/materials/text", "bob.txt", "机密 secret")
    refused = client.post(
        f"/api/projects/{project}/materials/search", json={"query": "机密"}, headers=bob.headers
    )
    assert refused.status_code == 404
    assert refused.json()["errorCode"] == "project_not_found"
    # Bob's own search never reaches Alice's project material.
    mine = client.post("/api/materials/search", json={"query": "机密"}, headers=bob.headers).json()
    assert [r["material"]["fileMeta"]["filename"] for r in mine["results"]] == ["bob.txt"]
