"""Every project query, always scoped to the owner; trashed projects only when asked for."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from slidewright.projects.models import Project, ProjectImage


def list_owned(session: Session, owner_id: str, *, trash: bool) -> Sequence[Project]:
    query = select(Project).where(Project.owner_id == owner_id)
    query = query.where(Project.deleted_at.is_not(None) if trash else Project.deleted_at.is_(None))
    return session.scalars(query.order_by(Project.updated_at.desc(), Project.id.desc())).all()


def get_owned(
    session: Session, owner_id: str, project_id: str, *, include_trash: bool = False
) -> Project | None:
    project = session.get(Project, project_id)
    if project is None or project.owner_id != owner_id:
        return None
    if project.deleted_at is not None and not include_trash:
        return None
    return project


def add(session: Session, project: Project) -> Project:
    session.add(project)
    session.flush()
    return project


def delete(session: Session, project: Project) -> None:
    session.delete(project)
    session.flush()


def linked_image_ids(session: Session, project_id: str) -> list[str]:
    query = (
        select(ProjectImage.image_id)
        .where(ProjectImage.project_id == project_id)
        .order_by(ProjectImage.created_at, ProjectImage.image_id)
    )
    return list(session.scalars(query))


def get_image_link(session: Session, project_id: str, image_id: str) -> ProjectImage | None:
    return session.get(ProjectImage, (project_id, image_id))


def add_image_link(session: Session, link: ProjectImage) -> None:
    session.add(link)
    session.flush()


def delete_image_link(session: Session, link: ProjectImage) -> None:
    session.delete(link)
    session.flush()
