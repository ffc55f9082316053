"""Previews of a choice: the user's slide drawn on template slides it does not use yet, so the
template picker shows the result of each choice before it is made.

The candidates are slides the project might hold, made by the client as the editor would make
them on a pick (values and locks of same-named elements carried over). They are checked like a
save and hashed like any slide, so a picture already in the blob store is ready at once and the
others are drawn together by one background job (one .pptx, one conversion). Only the pictures
are kept, under the project's previews: picking a candidate afterwards saves a slide with the
same hash, whose picture is then ready at once.

Which job draws which candidate is read back from the project's recent choice jobs (their
payload names the hashes), so asking again while a job runs queues nothing more, on any replica.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from slidewright.core.errors import AppError
from slidewright.export import service as export_service
from slidewright.jobs import service as jobs_service
from slidewright.jobs.models import FAILED, QUEUED, RUNNING, SUCCEEDED, Job
from slidewright.previews.service import (
    RenderBatch,
    Status,
    hashes_of,
    preview_key,
    project_template,
    render_batch,
    stale,
)
from slidewright.projects.models import Project
from slidewright.services import Services
from slidewright.users.models import User

CHOICES_JOB = "previews.render_choices"
# A template rarely has more slides; a picker asks for all of them at once.
MAX_CANDIDATES = 60
# How many of the project's latest choice jobs are searched for a candidate's render.
_RECENT_JOBS = 30


@dataclass(frozen=True)
class ChoiceState:
    status: Status
    content_hash: str | None
    error_code: str | None = None
    error_message: str | None = None


def _job_for(jobs: Sequence[Job], content_hash: str) -> Job | None:
    """The newest job asked to draw this picture."""
    return next((job for job in jobs if content_hash in job.payload.get("hashes", ())), None)


def _state_from_job(job: Job | None, content_hash: str, services: Services) -> ChoiceState | None:
    """What a job says of a picture that is not in the store; None: it must be drawn (again).

    A queued job is waited for however long the queue is (asking again would only lengthen
    it); a running one that stopped moving was lost with its server; a failure is retried
    after a while (it may have been a passing fault)."""
    if job is None:
        return None
    if job.status == QUEUED:
        return ChoiceState("pending", content_hash)
    if stale(job.updated_at, services):
        return None
    if job.status == RUNNING:
        return ChoiceState("pending", content_hash)
    if job.status == FAILED:
        return ChoiceState("failed", content_hash, job.error_code, job.error_message)
    failed = (job.result or {}).get("failed", {}).get(content_hash)
    if job.status == SUCCEEDED and failed:
        return ChoiceState("failed", content_hash, failed.get("code"), failed.get("message"))
    return None  # drawn, but the picture is gone from the store: draw it again


def _picture_inputs(slide: Mapping[str, Any]) -> dict[str, Any]:
    """What of a slide reaches its picture (notes, descriptions and AI reasons never do):
    all the job needs, so a picker's request stays small in the queue."""
    keys = ("id", "pptxSlideNumber", "formData", "lockedElementNames")
    return {key: slide[key] for key in keys if key in slide}


def preview_choices(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    candidates: Sequence[Mapping[str, Any]],
) -> list[ChoiceState]:
    """Each candidate's picture state, queuing one job for those not drawn or under way."""
    hashes = hashes_of(session, user, project, candidates)
    jobs = jobs_service.recent_jobs(session, project.id, CHOICES_JOB, _RECENT_JOBS)
    states: list[ChoiceState] = []
    to_draw: dict[str, Mapping[str, Any]] = {}
    for candidate, content_hash in zip(candidates, hashes, strict=True):
        if content_hash is None:
            states.append(ChoiceState("none", None))
            continue
        if content_hash in to_draw:
            states.append(ChoiceState("pending", content_hash))
            continue
        if services.blobs.exists(preview_key(project, content_hash)):
            states.append(ChoiceState("ready", content_hash))
            continue
        known = _state_from_job(_job_for(jobs, content_hash), content_hash, services)
        if known is None:
            to_draw[content_hash] = candidate
            known = ChoiceState("pending", content_hash)
        states.append(known)
    if to_draw:
        jobs_service.start_job(
            session,
            services.jobs,
            owner_id=project.owner_id,
            kind=CHOICES_JOB,
            subject_id=project.id,
            payload={
                "projectId": project.id,
                "hashes": list(to_draw),
                "slides": [_picture_inputs(slide) for slide in to_draw.values()],
            },
        )
        session.flush()
    return states


def plan_choices(
    session: Session,
    services: Services,
    user: User,
    project: Project,
    hashes: Sequence[str],
    slides: Sequence[Mapping[str, Any]],
) -> RenderBatch:
    """The queued candidates (by hash) as the export would fill them."""
    template = project_template(session, user, project)
    if template is None:
        return RenderBatch({}, {}, None, project.lang)
    # Hashed again now: a picture stored under a hash must show what the hash names, and the
    # project may have changed template (or lost an image) since the picker asked.
    now = hashes_of(session, user, project, slides)
    by_position = export_service.candidate_specs(session, services, user, project, template, slides)
    specs = {
        content_hash: by_position[position]
        for position, (content_hash, current) in enumerate(zip(hashes, now, strict=True), start=1)
        if position in by_position and current == content_hash
    }
    return RenderBatch({h: h for h in specs}, specs, template, project.lang)


def draw_choices(
    services: Services, project: Project, batch: RenderBatch
) -> tuple[list[str], dict[str, AppError]]:
    """Draws the planned candidates into the blob store; returns the hashes drawn and the
    typed errors of those that could not be."""
    images, failed = render_batch(services, batch)
    for content_hash, image in images.items():
        services.blobs.put(preview_key(project, content_hash), image, content_type="image/jpeg")
    return list(images), failed
