"""Previews of a choice: the template picker shows the user's slide on each template slide
before it is picked, drawn once, in one conversion, and ready at once when picked."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.jobs.models import Job
from slidewright.pptx_engine.render import RenderError
from slidewright.previews.choices import CHOICES_JOB, plan_choices
from slidewright.previews.service import hashes_of
from slidewright.projects import service as projects_service
from slidewright.users import service as users_service
from tests.helpers import SignedIn
from tests.previews.conftest import RecordingRenderer
from tests.previews.test_previews_api import _by_slide, _previews, _project, _save, _slides


def _choices(client: TestClient, who: SignedIn, project: dict, slides: list[dict]) -> Any:
    return client.post(
        f"/api/projects/{project['_id']}/previews/choices",
        json={"slides": slides},
        headers=who.headers,
    )


def _on(number: int, title: str = "Revenue grew") -> dict:
    """Slide s1 as the editor makes it on a pick: its value carried to the same-named element."""
    return {"id": "s1", "pptxSlideNumber": number, "formData": {"Title 1": title}}


def _choice_jobs(app: FastAPI) -> int:
    with app.state.session_factory() as session:
        return session.query(Job).filter(Job.kind == CHOICES_JOB).count()


def test_each_choice_is_drawn_once_and_a_pick_shows_it_at_once(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    drawn = len(renderer.decks)
    current = _by_slide(_previews(client, alice, project))["s1"]

    first = _choices(client, alice, project, [_on(1), _on(2)])
    assert first.status_code == 200, first.text
    ready, pending = first.json()["slides"]
    # On its own template slide the candidate is the slide as it is: drawn already.
    assert ready["status"] == "ready" and ready["hash"] == current["hash"]
    assert ready["url"] == current["url"]
    assert pending["status"] == "pending" and pending["url"] is None
    assert first.json()["pending"] == 1

    app.state.services.jobs.wait_idle()
    again = _choices(client, alice, project, [_on(1), _on(2)]).json()
    assert again["pending"] == 0
    assert [s["status"] for s in again["slides"]] == ["ready", "ready"]
    # One more conversion, of the user's text on the other layout (not the template's sample).
    assert len(renderer.decks) == drawn + 1
    assert renderer.decks[-1][0].split(" | ")[0] == "Revenue grew"
    picture = client.get(again["slides"][1]["url"], headers=alice.headers)
    assert picture.status_code == 200 and picture.content[:3] == b"\xff\xd8\xff"

    # Picking it saves the same content: its picture is ready without another render.
    slides = _slides()
    slides[0] = {**slides[0], "pptxSlideNumber": 2}
    _save(app, client, alice, project, slides=slides)
    picked = _by_slide(_previews(client, alice, project))["s1"]
    assert picked["status"] == "ready" and picked["hash"] == again["slides"][1]["hash"]
    assert len(renderer.decks) == drawn + 1
    # Nothing of the trial was saved: the project changed only by the save.
    assert (
        client.get(f"/api/projects/{project['_id']}", headers=alice.headers).json()["version"]
        == project["version"] + 1
    )


def test_asking_again_while_drawing_queues_nothing_more(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    renderer.gate.clear()  # the first choice job holds until released
    try:
        assert _choices(client, alice, project, [_on(2, "New")]).json()["pending"] == 1
        assert _choices(client, alice, project, [_on(2, "New")]).json()["pending"] == 1
        assert _choice_jobs(app) == 1
    finally:
        renderer.gate.set()
    app.state.services.jobs.wait_idle()
    assert (
        _choices(client, alice, project, [_on(2, "New")]).json()["slides"][0]["status"] == "ready"
    )
    assert _choice_jobs(app) == 1


def test_a_choice_that_cannot_be_drawn_says_why(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    renderer.error = RenderError("LibreOffice crashed")
    _choices(client, alice, project, [_on(2, "Broken")])
    app.state.services.jobs.wait_idle()
    renderer.error = None
    answer = _choices(client, alice, project, [_on(2, "Broken"), _on(1)]).json()
    failed, ready = answer["slides"]
    assert failed["status"] == "failed" and failed["errorCode"] == "render_failed"
    assert "LibreOffice crashed" in failed["errorMessage"]
    assert ready["status"] == "ready"
    assert answer["pending"] == 0  # not retried in a loop
    assert _choice_jobs(app) == 1


def test_choices_are_checked_like_a_save_and_change_nothing(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    headers = {**alice.headers, "Accept-Language": "zh-CN"}
    cases = [
        ([{"pptxSlideNumber": 1, "formData": {"No such element": "x"}}], "unknown_element"),
        ([_on(99)], "pptx_slide_number_out_of_range"),
        ([], "validation_error"),
        ([_on(1)] * 61, "validation_error"),
    ]
    for slides, code in cases:
        response = client.post(
            f"/api/projects/{project['_id']}/previews/choices",
            json={"slides": slides},
            headers=headers,
        )
        assert response.status_code == 422, (code, response.text)
        assert response.json()["errorCode"] == code
        assert not response.json()["message"].isascii()  # said in the user's language
    assert _choice_jobs(app) == 0
    stored = client.get(f"/api/projects/{project['_id']}", headers=alice.headers).json()
    assert stored["version"] == project["version"]


def test_no_choice_is_drawn_without_a_template_slide(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    answer = _choices(client, alice, project, [{"id": "s3", "pptxSlideNumber": None}]).json()
    assert answer == {
        "pending": 0,
        "slides": [
            {"status": "none", "hash": None, "url": None, "errorCode": None, "errorMessage": None}
        ],
    }


def test_another_users_project_has_no_choices(
    app: FastAPI,
    client: TestClient,
    alice: SignedIn,
    bob: SignedIn,
    template_id: str,
    renderer: RecordingRenderer,
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    refused = _choices(client, bob, project, [_on(2)])
    assert refused.status_code == 404
    assert refused.json()["errorCode"] == "project_not_found"
    assert (
        client.post(
            f"/api/projects/{project['_id']}/previews/choices", json={"slides": [_on(2)]}
        ).status_code
        == 401
    )
    assert _choice_jobs(app) == 0


def test_a_choice_is_drawn_only_while_its_hash_still_names_it(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    # Asked for in English; the deck became Chinese before the job ran: the picture would
    # show the old content under a hash that names it, so it is not drawn.
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    with app.state.session_factory() as session:
        user = users_service.find(session, alice.user["_id"])
        stored = projects_service.get_project(session, user, project["_id"])
        candidate = _on(2, "Later")
        [old_hash] = hashes_of(session, user, stored, [candidate])
        stored.lang = "zh-CN"
        batch = plan_choices(session, app.state.services, user, stored, [old_hash], [candidate])
        assert batch.specs == {}
        session.rollback()


def test_a_queued_choice_keeps_only_what_reaches_the_picture(
    app: FastAPI, client: TestClient, alice: SignedIn, template_id: str, renderer: RecordingRenderer
) -> None:
    project = _project(client, alice, template_id)
    app.state.services.jobs.wait_idle()
    candidate = {**_on(2, "Kept"), "notes": "n" * 5000, "contentDescription": "d" * 5000}
    _choices(client, alice, project, [candidate])
    app.state.services.jobs.wait_idle()
    with app.state.session_factory() as session:
        job = session.query(Job).filter(Job.kind == CHOICES_JOB).one()
        assert job.payload["slides"] == [
            {
                "id": "s1",
                "pptxSlideNumber": 2,
                "formData": {"Title 1": "Kept"},
                "lockedElementNames": [],
            }
        ]
