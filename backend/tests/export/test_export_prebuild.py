"""A save builds the project's file in the background (`export_prebuild`, on by default), so the
export asked for afterwards reads it: the user waits for a file read, not a deck build."""

from __future__ import annotations

import io

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pptx import Presentation
from sqlalchemy import func, select

from slidewright.core.config import Settings
from slidewright.core.db import unit_of_work
from slidewright.export import service as export_service
from slidewright.jobs.models import Job
from slidewright.pptx_engine.deck_spec import DeckSpec
from slidewright.projects import service as projects_service
from slidewright.users import service as users_service
from tests.export.test_export_api import _project, _texts
from tests.export.test_export_cache import _export, _kept, _save, _titled, builds
from tests.helpers import SignedIn, signup

__all__ = ["builds"]  # the fixture, shared with the cache's tests


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"export_prebuild": True})


def _prebuilds(app: FastAPI, project: dict) -> int:
    with unit_of_work(app.state.session_factory) as session:
        query = select(func.count()).where(
            Job.subject_id == project["_id"], Job.kind == export_service.PREBUILD_JOB
        )
        return int(session.execute(query).scalar_one())


def test_a_save_builds_the_file_and_the_export_reads_it(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Built while you work"))
    app.state.services.jobs.wait_idle()
    assert len(builds) == 1  # the save's background build
    assert len(_kept(app, project, alice)) == 1
    data = _export(client, alice, project)
    assert len(builds) == 1  # the export built nothing
    assert "Built while you work" in _texts(Presentation(io.BytesIO(data)).slides[0])

    slides = project["slides"]
    slides[0]["formData"]["Title"] = "Edited later"
    project = _save(client, alice, project, slides=slides)
    app.state.services.jobs.wait_idle()
    assert len(builds) == 2
    data = _export(client, alice, project)
    assert len(builds) == 2
    assert "Edited later" in _texts(Presentation(io.BytesIO(data)).slides[0])
    assert len(_kept(app, project, alice)) == 1


def test_a_save_that_changes_nothing_in_the_file_builds_nothing(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Same file"))
    app.state.services.jobs.wait_idle()
    project = _save(client, alice, project, description="Only the project's own description")
    app.state.services.jobs.wait_idle()
    assert _prebuilds(app, project) == 2
    assert len(builds) == 1  # the second build found the file current


def test_saves_in_a_row_queue_one_build(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Many saves"))
    app.state.services.jobs.wait_idle()
    before = _prebuilds(app, project)
    services = app.state.services
    with unit_of_work(app.state.session_factory) as session:
        user = users_service.find(session, alice.user["_id"])
        assert user is not None
        loaded = projects_service.get_project(session, user, project["_id"])
        # Still queued (it reaches the queue at commit): the later saves need no build of
        # their own, since it reads the project when it runs.
        for _ in range(3):
            export_service.schedule_prebuild(session, services, loaded)
    services.jobs.wait_idle()
    assert _prebuilds(app, project) == before + 1


def test_a_project_with_nothing_to_export_queues_no_build(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    no_template = client.post(
        "/api/projects",
        json={"title": "Empty", "numSlides": 2, "lang": "en"},
        headers=alice.headers,
    ).json()
    unplaced = _project(client, alice, builtin, [{"contentDescription": "Not placed yet"}])
    app.state.services.jobs.wait_idle()
    assert _prebuilds(app, no_template) == 0
    assert _prebuilds(app, unplaced) == 0
    assert builds == []


def test_the_build_runs_as_the_owner_and_keeps_the_file_from_others(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Alice's"))
    app.state.services.jobs.wait_idle()
    assert len(_kept(app, project, alice)) == 1
    bob = signup(client, "bob@example.com", name="Bob")
    response = client.get(f"/api/projects/{project['_id']}/export", headers=bob.headers)
    assert response.status_code == 404
    assert response.json()["errorCode"] == "project_not_found"


def test_off_by_setting(app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict) -> None:
    app.state.services.settings.export_prebuild = False
    project = _project(client, alice, builtin, _titled(builtin, "Not in advance"))
    app.state.services.jobs.wait_idle()
    assert _prebuilds(app, project) == 0
    assert _kept(app, project, alice) == []
