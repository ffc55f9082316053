"""Every file and Template query, always scoped to the owner (files are never shared)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from slidewright.files.models import Template, UploadedFile


def list_files(session: Session, owner_id: str) -> Sequence[UploadedFile]:
    query = select(UploadedFile).where(UploadedFile.owner_id == owner_id)
    return session.scalars(
        query.order_by(UploadedFile.created_at.desc(), UploadedFile.id.desc())
    ).all()


def get_owned_file(session: Session, owner_id: str, file_id: str) -> UploadedFile | None:
    found = session.get(UploadedFile, file_id)
    return found if found is not None and found.owner_id == owner_id else None


def get_file(session: Session, file_id: str) -> UploadedFile | None:
    """Unscoped: for background jobs, which act for the owner who queued them."""
    return session.get(UploadedFile, file_id)


def add(session: Session, row: UploadedFile | Template) -> None:
    session.add(row)
    session.flush()


def delete(session: Session, row: UploadedFile | Template) -> None:
    session.delete(row)
    session.flush()


def list_templates(session: Session, owner_id: str) -> Sequence[Template]:
    query = select(Template).where(Template.owner_id == owner_id)
    return session.scalars(query.order_by(Template.created_at.desc(), Template.id.desc())).all()


def templates_of_file(session: Session, owner_id: str, file_id: str) -> Sequence[Template]:
    query = select(Template).where(
        Template.owner_id == owner_id, Template.source_file_id == file_id
    )
    return session.scalars(query.order_by(Template.source_index, Template.created_at)).all()


def get_owned_template(session: Session, owner_id: str, template_id: str) -> Template | None:
    found = session.get(Template, template_id)
    return found if found is not None and found.owner_id == owner_id else None
