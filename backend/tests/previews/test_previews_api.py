"""Slide previews through the API: rendered after saves, cached by content, private."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.pptx_engine.render import RenderError
from tests.helpers import SignedIn
from tests.previews.conftest import RecordingRenderer


def _slides(title_one: str = "Revenue grew", title_two: str = "Costs fell") -> list[dict]:
    return [
        {"id": "s1", "pptxSlideNumber": 1, "formData": {"Title 1": title_one}},
        {"id": "s2", "pptxSlideNumber": 2, "formData": {"Title 1": title_two}},
        {"id": "s3", "pptxSlideNumber": None, "contentDescription": "to do"},
    ]


def _project(client: TestClient, who: SignedIn, template_id: str) -> dict:
    response = client.post(
        "/api/projects",
        json={"title": "Q3", "lang": "en", "pptxFileId": template_id, "slides": _slides()},
        headers=who.headers,
    )
    assert response.status_code == 201, response.text
    return response.json()


def _save(app: FastAPI, client: TestClient, who: SignedIn, project: dict, **changes: Any) -> dict:
    body = {"version": project["version"], **changes}
    response = client.put(f"/api/projects/{project['_id']}", json=body, headers=who.headers)
    assert response.status_code == 200, response.text
    app.state.services.jobs.wait_idle()
    return response.json()


def _previews(client: TestClient, who: SignedIn, project: dict) -> dict:
    response = client.get(f"/api/projects/{project['_id']}/previews", headers=who.headers)
    assert response.status_code == 200, response.text
    return response.json()


def _by_slide(previews: dict) -> dict[str, dict]:
    return {slide["slideId"]: slide for slide in previews["slides"]}


def test_a_new_deck_is_rendered_in_one_conversion(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    previews = _previews(client, alice, project)
    assert previews["pending"] == 0
    assert [s["status"] for s in previews["slides"]] == ["ready", "ready", "none"]
    first = previews["slides"][0]
    assert first["url"] == f"/api/projects/{project['_id']}/previews/{first['hash']}.jpg"
    # One deck holding only the two drawable slides, with the user's text, not the sample's.
    assert len(renderer.decks) == 1
    assert [deck_slide.split(" | ")[0] for deck_slide in renderer.decks[0]] == [
        "Revenue grew",
        "Costs fell",
    ]


def test_a_save_that_changes_no_picture_renders_nothing(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    before = _previews(client, alice, project)
    slides = _slides()
    slides[0]["notes"] = "Speaker notes never reach the picture"
    _save(app, client, alice, project, title="Renamed", slides=slides)
    assert len(renderer.decks) == 1
    assert _previews(client, alice, project)["slides"] == before["slides"]


def test_changing_one_slide_renders_only_that_slide(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    before = _by_slide(_previews(client, alice, project))
    _save(app, client, alice, project, slides=_slides(title_two="Costs fell by a third"))
    after = _by_slide(_previews(client, alice, project))
    assert len(renderer.decks) == 2
    assert renderer.decks[1] == [renderer.decks[1][0]]
    assert renderer.decks[1][0].startswith("Costs fell by a third")
    assert after["s1"]["hash"] == before["s1"]["hash"]
    assert after["s2"]["hash"] != before["s2"]["hash"]
    assert after["s2"]["status"] == "ready"


def test_content_rendered_before_is_not_rendered_again(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    original = _by_slide(_previews(client, alice, project))["s1"]["hash"]
    project = _save(app, client, alice, project, slides=_slides(title_one="Draft"))
    _save(app, client, alice, project, slides=_slides())  # undo
    assert len(renderer.decks) == 2  # the first deck and "Draft"; the undo was cached
    undone = _by_slide(_previews(client, alice, project))["s1"]
    assert (undone["status"], undone["hash"]) == ("ready", original)


def test_locks_change_the_picture(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    slides = _slides()
    slides[0]["lockedElementNames"] = ["Title 1"]  # locked: the template's text stays
    _save(app, client, alice, project, slides=slides)
    assert len(renderer.decks) == 2
    assert not renderer.decks[1][0].startswith("Revenue grew")


def test_a_pending_slide_shows_its_last_render(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    before = _by_slide(_previews(client, alice, project))["s1"]
    renderer.gate.clear()
    try:
        body = {"version": project["version"], "slides": _slides(title_one="Newer")}
        response = client.put(f"/api/projects/{project['_id']}", json=body, headers=alice.headers)
        assert response.status_code == 200, response.text
        during = _previews(client, alice, project)
        assert during["pending"] == 1
        pending = _by_slide(during)["s1"]
        assert pending["status"] == "pending"
        assert (pending["hash"], pending["url"]) == (before["hash"], before["url"])
    finally:
        renderer.gate.set()
    app.state.services.jobs.wait_idle()
    after = _by_slide(_previews(client, alice, project))["s1"]
    assert after["status"] == "ready"
    assert after["hash"] != before["hash"]


def test_a_failed_render_says_why_and_keeps_the_last_picture(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    before = _by_slide(_previews(client, alice, project))["s1"]
    renderer.error = RenderError("LibreOffice crashed")
    _save(app, client, alice, project, slides=_slides(title_one="Broken"))
    failed = _by_slide(_previews(client, alice, project))["s1"]
    assert failed["status"] == "failed"
    assert failed["errorCode"] == "render_failed"
    assert "LibreOffice crashed" in failed["errorMessage"]
    assert failed["hash"] == before["hash"]  # the last good render stays on show
    renderer.error = None
    assert _previews(client, alice, project)["pending"] == 0  # not retried in a loop


def test_the_picture_is_a_private_immutable_jpeg(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    url = _previews(client, alice, project)["slides"][0]["url"]
    response = client.get(url, headers=alice.headers)
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/jpeg"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["cache-control"].startswith("private")
    assert response.content[:3] == b"\xff\xd8\xff"
    missing = client.get(
        f"/api/projects/{project['_id']}/previews/{'0' * 64}.jpg", headers=alice.headers
    )
    assert missing.status_code == 404
    assert missing.json()["errorCode"] == "preview_not_found"
    odd = client.get(f"/api/projects/{project['_id']}/previews/..%2Fx.jpg", headers=alice.headers)
    assert odd.status_code == 404


def test_another_users_previews_do_not_exist(
    app: FastAPI,
    client: TestClient,
    alice: SignedIn,
    bob: SignedIn,
    template_id: str,
    renderer: RecordingRenderer,
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    url = _previews(client, alice, project)["slides"][0]["url"]
    listed = client.get(f"/api/projects/{project['_id']}/previews", headers=bob.headers)
    assert listed.status_code == 404
    assert listed.json()["errorCode"] == "project_not_found"
    assert client.get(url, headers=bob.headers).status_code == 404
    assert client.get(url).status_code == 401


def test_removed_slides_lose_their_previews(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    _save(app, client, alice, project, slides=_slides()[1:])
    previews = _previews(client, alice, project)
    assert [s["slideId"] for s in previews["slides"]] == ["s2", "s3"]
    assert len(renderer.decks) == 1


def test_a_render_is_reachable_only_through_its_own_project(
    app: FastAPI,
    client: TestClient,
    alice: SignedIn,
    bob: SignedIn,
    template_id: str,
    renderer: RecordingRenderer,
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    alice_hash = _previews(client, alice, project)["slides"][0]["hash"]
    # Bob's own project, on a template of his, asked for Alice's picture by its hash.
    own = client.post("/api/projects", json={"title": "Mine", "lang": "en"}, headers=bob.headers)
    assert own.status_code == 201, own.text
    stolen = client.get(
        f"/api/projects/{own.json()['_id']}/previews/{alice_hash}.jpg", headers=bob.headers
    )
    assert stolen.status_code == 404
    assert stolen.json()["errorCode"] == "preview_not_found"


def test_deleting_a_project_for_good_deletes_its_renders(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    blobs = app.state.services.blobs
    prefix = f"previews/{alice.user['_id']}/{project['_id']}"
    assert len(blobs.list(prefix)) == 2
    trashed = client.delete(f"/api/projects/{project['_id']}", headers=alice.headers)
    assert trashed.status_code == 204
    assert len(blobs.list(prefix)) == 2  # the trash keeps them for a restore
    gone = client.delete(f"/api/projects/{project['_id']}?hard=true", headers=alice.headers)
    assert gone.status_code == 204
    assert blobs.list(prefix) == []
