"""Background work for previews: rendering the slides a save changed."""

from __future__ import annotations

from typing import Any

from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobContext
from slidewright.previews.choices import CHOICES_JOB, draw_choices, plan_choices
from slidewright.previews.service import RENDER_JOB, plan_render, render_batch, store_renders
from slidewright.projects import service as projects_service
from slidewright.projects.errors import ProjectNotFoundError
from slidewright.users import service as users_service


@job_handler(RENDER_JOB)
def render_previews(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Renders the queued slides (`slides`: slide id -> content hash) that still want that
    picture, all in one .pptx converted once, and records each slide's outcome.

    A slide that could not be drawn is recorded as failed with its typed error; the job itself
    succeeds, since the other slides were rendered.
    """
    services = ctx.services
    with ctx.session_factory() as session:
        user = users_service.find(session, ctx.owner_id)
        if user is None:
            return {"rendered": [], "failed": []}
        try:
            project = projects_service.get_project(session, user, payload["projectId"])
        except ProjectNotFoundError:  # deleted or trashed while queued: nothing to draw
            return {"rendered": [], "failed": []}
        batch = plan_render(session, services, user, project, payload["slides"])
    if not batch.specs:
        return {"rendered": [], "failed": []}
    ctx.progress(10)
    images, failed = render_batch(services, batch)
    ctx.progress(90)
    with ctx.session_factory.begin() as session:
        store_renders(session, services, project, batch, images, failed)
    return {"rendered": list(images), "failed": list(failed)}


@job_handler(CHOICES_JOB)
def render_choices(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Draws the candidates a template picker asked for (`hashes` with their `slides`), all in
    one .pptx converted once. A candidate that cannot be drawn is reported in `failed` (its
    typed error), the others are still drawn; the job itself succeeds."""
    with ctx.session_factory() as session:
        user = users_service.find(session, ctx.owner_id)
        if user is None:
            return {"rendered": [], "failed": {}}
        try:
            project = projects_service.get_project(session, user, payload["projectId"])
        except ProjectNotFoundError:
            return {"rendered": [], "failed": {}}
        batch = plan_choices(
            session, ctx.services, user, project, payload["hashes"], payload["slides"]
        )
    ctx.progress(10)
    drawn, failed = draw_choices(ctx.services, project, batch)
    return {
        "rendered": drawn,
        "failed": {
            content_hash: {"code": error.code, "message": error.message("en")}
            for content_hash, error in failed.items()
        },
    }
