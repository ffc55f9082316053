"""Named single-slide Templates (/api/templates): create with validation, list, delete."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.files.helpers import uploaded
from tests.helpers import SignedIn


@pytest.fixture
def file(client: TestClient, app: FastAPI, alice: SignedIn) -> dict[str, Any]:
    return uploaded(client, app, alice)


def create(client: TestClient, who: SignedIn, **body: Any):
    return client.post("/api/templates", json=body, headers=who.headers)


def test_create_list_and_delete_a_template(
    client: TestClient, alice: SignedIn, file: dict[str, Any]
) -> None:
    response = create(
        client,
        alice,
        name="  Quarterly   cover ",
        description=" The cover ",
        sourceFileId=file["_id"],
        sourceIndex=2,
    )
    assert response.status_code == 201, response.text
    template = response.json()
    assert {
        k: template[k] for k in ("name", "description", "type", "sourceFileId", "sourceIndex")
    } == {
        "name": "Quarterly cover",
        "description": "The cover",
        "type": "Custom",
        "sourceFileId": file["_id"],
        "sourceIndex": 2,
    }
    assert template["_id"] and template["createdAt"]

    second = create(
        client, alice, name="Agenda", type="Agenda", sourceFileId=file["_id"], sourceIndex=2
    ).json()
    listed = client.get("/api/templates", headers=alice.headers).json()
    assert [t["_id"] for t in listed] == [second["_id"], template["_id"]]

    detail = client.get(f"/api/files/{file['_id']}", headers=alice.headers).json()
    per_slide = {s["slideNumber"]: [t["name"] for t in s["templates"]] for s in detail["slides"]}
    assert per_slide == {1: [], 2: ["Quarterly cover", "Agenda"], 3: []}

    deleted = client.delete(f"/api/templates/{template['_id']}", headers=alice.headers)
    assert deleted.status_code == 204
    assert [t["_id"] for t in client.get("/api/templates", headers=alice.headers).json()] == [
        second["_id"]
    ]
    again = client.delete(f"/api/templates/{template['_id']}", headers=alice.headers)
    assert (again.status_code, again.json()["errorCode"]) == (404, "slide_template_not_found")


@pytest.mark.parametrize("name", ["", "   "])
def test_name_is_required(
    client: TestClient, alice: SignedIn, file: dict[str, Any], name: str
) -> None:
    response = create(client, alice, name=name, sourceFileId=file["_id"], sourceIndex=1)
    assert (response.status_code, response.json()["errorCode"]) == (422, "template_name_required")
    chinese = client.post(
        "/api/templates",
        json={"name": name, "sourceFileId": file["_id"], "sourceIndex": 1},
        headers={**alice.headers, "Accept-Language": "zh-CN"},
    )
    assert chinese.json()["message"] == "请输入模板名称。"


@pytest.mark.parametrize("index", [0, -1, 4, 2**40])
def test_source_index_must_be_a_slide_of_the_file(
    client: TestClient, alice: SignedIn, file: dict[str, Any], index: int
) -> None:
    response = create(client, alice, name="X", sourceFileId=file["_id"], sourceIndex=index)
    assert (response.status_code, response.json()["errorCode"]) == (404, "slide_not_found")
    assert response.json()["details"] == {"slideNumber": index}


def test_source_file_must_be_your_own(
    client: TestClient, alice: SignedIn, bob: SignedIn, file: dict[str, Any]
) -> None:
    for file_id in (file["_id"], "01HZZZZZZZZZZZZZZZZZZZZZZZ"):
        response = create(client, bob, name="Mine now", sourceFileId=file_id, sourceIndex=1)
        assert (response.status_code, response.json()["errorCode"]) == (404, "file_not_found")
    assert client.get("/api/templates", headers=bob.headers).json() == []


def test_other_users_templates_are_invisible(
    client: TestClient, alice: SignedIn, bob: SignedIn, file: dict[str, Any]
) -> None:
    template = create(client, alice, name="Cover", sourceFileId=file["_id"], sourceIndex=1).json()
    assert client.get("/api/templates", headers=bob.headers).json() == []
    response = client.delete(f"/api/templates/{template['_id']}", headers=bob.headers)
    assert (response.status_code, response.json()["errorCode"]) == (404, "slide_template_not_found")
    assert len(client.get("/api/templates", headers=alice.headers).json()) == 1
