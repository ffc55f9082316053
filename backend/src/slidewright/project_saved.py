"""What follows a save of a project's slides, wherever it is made (REST, MCP, applied outline
edits): the slides whose picture changed are drawn, and the file an export reads is built
ahead. Both domains read the saved project; neither owns the save, so they meet here."""

from __future__ import annotations

from sqlalchemy.orm import Session

from slidewright.export import service as export_service
from slidewright.previews import service as previews_service
from slidewright.projects.models import Project
from slidewright.services import Services
from slidewright.users.models import User


def after_save(session: Session, services: Services, user: User, project: Project) -> None:
    """Queues the preview renders and the export build the saved `project` needs (they reach
    the queue when the save commits)."""
    previews_service.refresh(session, services, user, project)
    export_service.schedule_prebuild(session, services, project)
