"""Background work for exports: building a saved project's file before it is asked for."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from slidewright.export import cache as export_cache
from slidewright.export.service import PREBUILD_JOB, plan_prebuild, run_prebuild
from slidewright.jobs.registry import job_handler
from slidewright.jobs.runner import JobContext
from slidewright.projects import service as projects_service
from slidewright.projects.errors import ProjectNotFoundError
from slidewright.projects.models import Project
from slidewright.users import service as users_service
from slidewright.users.models import User


@job_handler(PREBUILD_JOB)
def prebuild_export(ctx: JobContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Builds and keeps the project's .pptx as it is now. `built` is False when there was
    nothing to build (the kept file is current, the project is gone or cannot be exported) or
    when the project changed during the build: a later save's build keeps the newer file, and
    this older one must not replace it (a project keeps one file)."""
    with ctx.session_factory() as session:
        owned = _owned(session, ctx.owner_id, payload["projectId"])
        if owned is None:
            return {"built": False}
        user, project = owned
        planned = plan_prebuild(session, ctx.services, user, project)
    if planned is None:
        return {"built": False}
    # Built with the database closed: a deck takes tens to hundreds of milliseconds.
    data = run_prebuild(ctx.services, planned)
    if data is None:
        return {"built": False}
    with ctx.session_factory() as session:
        now = _owned(session, ctx.owner_id, payload["projectId"])
        if now is None or now[1].version != planned.version:
            return {"built": False, "superseded": True}
    export_cache.store(ctx.services.blobs, project, planned.digest, data)
    return {"built": True}


def _owned(session: Session, owner_id: str, project_id: str) -> tuple[User, Project] | None:
    user = users_service.find(session, owner_id)
    if user is None:
        return None
    try:
        return user, projects_service.get_project(session, user, project_id)
    except ProjectNotFoundError:  # deleted or trashed meanwhile
        return None
