"""A save builds the project's file in the background (`export_prebuild`, on by default), so the
export asked for afterwards reads it: the user waits for a file read, not a deck build."""

from __future__ import annotations

import io
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pptx import Presentation
from sqlalchemy import func, select, update

from slidewright.core.config import Settings
from slidewright.core.db import unit_of_work
from slidewright.export import service as export_service
from slidewright.jobs.models import RUNNING, SUCCEEDED, Job
from slidewright.pptx_engine.deck_spec import DeckSpec
from slidewright.projects import service as projects_service
from slidewright.projects.models import Project
from slidewright.users import service as users_service
from tests.export.test_export_api import _project, _texts
from tests.export.test_export_cache import _export, _kept, _save, _titled, builds
from tests.helpers import SignedIn

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
    assert _prebuilds(app, project) == 1  # the second; the first, ended, was deleted
    assert len(builds) == 1  # the second build found the file current


def test_saves_in_a_row_queue_one_build(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Many saves"))
    app.state.services.jobs.wait_idle()
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
    assert _prebuilds(app, project) == 1


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


def test_a_save_while_a_build_runs_queues_another(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "First"))
    app.state.services.jobs.wait_idle()
    with unit_of_work(app.state.session_factory) as session:
        # A build already taken by a worker read the project before this save.
        session.add(
            Job(
                owner_id=alice.user["_id"],
                kind=export_service.PREBUILD_JOB,
                subject_id=project["_id"],
                status=RUNNING,
            )
        )
    slides = project["slides"]
    slides[0]["formData"]["Title"] = "Second"
    project = _save(client, alice, project, slides=slides)
    app.state.services.jobs.wait_idle()
    with unit_of_work(app.state.session_factory) as session:
        kinds = session.execute(
            select(Job.status).where(
                Job.subject_id == project["_id"], Job.kind == export_service.PREBUILD_JOB
            )
        ).scalars()
        # The ended build of the first save was deleted; the running one and this save's stay.
        assert sorted(kinds) == [RUNNING, SUCCEEDED]
    data = app.state.services.blobs.get(_kept(app, project, alice)[0])
    assert "Second" in _texts(Presentation(io.BytesIO(data)).slides[0])


def test_a_build_overtaken_by_a_save_keeps_nothing(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict
) -> None:
    build = export_service.build_deck

    def saved_meanwhile(services: Any, template: Any, spec: DeckSpec) -> bytes:
        data = build(services, template, spec)
        with unit_of_work(app.state.session_factory) as session:
            session.execute(update(Project).values(version=Project.version + 1))
        return data

    project = _project(client, alice, builtin, _titled(builtin, "Overtaken"))
    app.state.services.jobs.wait_idle()
    slides = project["slides"]
    slides[0]["formData"]["Title"] = "Changed"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(export_service, "build_deck", saved_meanwhile)
        _save(client, alice, project, slides=slides)
        app.state.services.jobs.wait_idle()
    kept = _kept(app, project, alice)
    assert len(kept) == 1
    data = app.state.services.blobs.get(kept[0])
    # The file of the first save stays: the overtaken build replaced nothing (the later
    # save's own build keeps the newer file).
    assert "Overtaken" in _texts(Presentation(io.BytesIO(data)).slides[0])


def test_applied_outline_edits_build_the_file_too(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    project = _project(client, alice, builtin, _titled(builtin, "Outlined"))
    app.state.services.jobs.wait_idle()
    assert len(builds) == 1
    number = project["slides"][0]["pptxSlideNumber"]
    closing = {"contentDescription": "Closing", "pptxSlideNumber": number}
    applied = client.post(
        f"/api/projects/{project['_id']}/apply-outline-edits",
        json={
            "version": project["version"],
            "edits": [{"op": "insert", "path": "slides/-", "value": closing}],
        },
        headers=alice.headers,
    )
    assert applied.status_code == 200, applied.text
    app.state.services.jobs.wait_idle()
    assert len(builds) == 2  # the applied outline's file, built ahead
    assert len(builds[-1].slides) == 2
    _export(client, alice, applied.json())
    assert len(builds) == 2


def test_off_by_setting(app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict) -> None:
    app.state.services.settings.export_prebuild = False
    project = _project(client, alice, builtin, _titled(builtin, "Not in advance"))
    app.state.services.jobs.wait_idle()
    assert _prebuilds(app, project) == 0
    assert _kept(app, project, alice) == []


def test_a_busy_queue_gets_no_build_ahead_and_the_export_builds_it(
    app: FastAPI, client: TestClient, alice: SignedIn, builtin: dict, builds: list[DeckSpec]
) -> None:
    with unit_of_work(app.state.session_factory) as session:
        # Thumbnails and previews other saves asked for, waiting for a worker.
        for _ in range(export_service.PREBUILD_BUSY_QUEUE + 1):
            session.add(Job(owner_id=alice.user["_id"], kind="previews.render_slides"))
    project = _project(client, alice, builtin, _titled(builtin, "Busy day"))
    app.state.services.jobs.wait_idle()
    assert _prebuilds(app, project) == 0
    data = _export(client, alice, project)
    assert len(builds) == 1  # built when asked, as without the build ahead
    assert "Busy day" in _texts(Presentation(io.BytesIO(data)).slides[0])
