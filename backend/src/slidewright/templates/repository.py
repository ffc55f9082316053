"""Every template query, scoped to what the caller may see: own templates and published ones."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from slidewright.templates.models import PptxFile
from slidewright.users.models import User


def list_visible(session: Session, user: User) -> Sequence[PptxFile]:
    query = select(PptxFile).where(or_(PptxFile.owner_id == user.id, PptxFile.public.is_(True)))
    # Own templates first (newest first), then the published ones.
    return sorted(
        session.scalars(query).all(),
        key=lambda f: (f.owner_id != user.id, -f.created_at.timestamp(), f.id),
    )


def get_visible(session: Session, user: User, file_id: str) -> PptxFile | None:
    found = session.get(PptxFile, file_id)
    if found is None or not (found.owner_id == user.id or found.public or user.is_admin):
        return None
    return found


def get(session: Session, file_id: str) -> PptxFile | None:
    return session.get(PptxFile, file_id)


def get_builtin(session: Session, key: str) -> PptxFile | None:
    return session.scalar(select(PptxFile).where(PptxFile.builtin_key == key))


def add(session: Session, pptx_file: PptxFile) -> PptxFile:
    session.add(pptx_file)
    session.flush()
    return pptx_file


def delete(session: Session, pptx_file: PptxFile) -> None:
    session.delete(pptx_file)
    session.flush()
