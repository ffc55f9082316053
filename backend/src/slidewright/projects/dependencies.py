from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from slidewright.auth.dependencies import CurrentUser
from slidewright.core.deps import SessionDep
from slidewright.projects import service
from slidewright.projects.models import Project


def owned_project(project_id: str, user: CurrentUser, session: SessionDep) -> Project:
    """The caller's project (not in the trash), else 404: others' projects do not exist."""
    return service.get_project(session, user, project_id)


def owned_project_any(project_id: str, user: CurrentUser, session: SessionDep) -> Project:
    """The caller's project, in the trash or not."""
    return service.get_project(session, user, project_id, include_trash=True)


OwnedProject = Annotated[Project, Depends(owned_project)]
OwnedProjectAny = Annotated[Project, Depends(owned_project_any)]
