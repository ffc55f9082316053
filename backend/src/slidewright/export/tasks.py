"""Background work for exports: building a saved project's file before it is asked for."""

from __future__ import annotations

from typing import Any

from slidewright.export.service import PREBUILD_JOB, prebuild
from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobContext
from slidewright.projects import service as projects_service
from slidewright.projects.errors import ProjectNotFoundError
from slidewright.users import service as users_service


@job_handler(PREBUILD_JOB)
def prebuild_export(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Builds and keeps the project's .pptx as it is now (`built`: False when the kept file was
    current, or the project is gone or cannot be exported; the export will say why)."""
    with ctx.session_factory() as session:
        user = users_service.find(session, ctx.owner_id)
        if user is None:
            return {"built": False}
        try:
            project = projects_service.get_project(session, user, payload["projectId"])
        except ProjectNotFoundError:  # deleted or trashed while queued
            return {"built": False}
        return {"built": prebuild(session, ctx.services, user, project)}
