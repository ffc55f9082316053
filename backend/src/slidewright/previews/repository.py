"""Preview rows, always reached through a project the caller already owns.

Writes are single statements (upserts and conditional updates), never read-modify-write on
ORM objects: the list endpoint, saves and render jobs touch the same rows concurrently, and a
render that finishes late must not overwrite a newer request for the slide.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from slidewright.core.clock import utcnow
from slidewright.previews.models import FAILED, PENDING, READY, SlidePreview


def for_project(session: Session, project_id: str) -> Sequence[SlidePreview]:
    return session.scalars(select(SlidePreview).where(SlidePreview.project_id == project_id)).all()


def _upsert(session: Session, values: dict[str, Any], changed: Collection[str]) -> None:
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(SlidePreview).values(**values)
    statement = statement.on_conflict_do_update(
        index_elements=[SlidePreview.project_id, SlidePreview.slide_id],
        set_={name: statement.excluded[name] for name in changed},
    )
    session.execute(statement)


def mark_pending(session: Session, project_id: str, slide_id: str, content_hash: str) -> None:
    """The slide now wants `content_hash`, to be rendered; its last render stays on show."""
    now = utcnow()
    values = {
        "project_id": project_id,
        "slide_id": slide_id,
        "content_hash": content_hash,
        "status": PENDING,
        "ready_hash": None,
        "error_code": None,
        "error_message": None,
        "requested_at": now,
        "updated_at": now,
    }
    changed = ("content_hash", "status", "error_code", "error_message", "requested_at")
    _upsert(session, values, (*changed, "updated_at"))


def mark_cached(session: Session, project_id: str, slide_id: str, content_hash: str) -> None:
    """The slide wants a picture that is already rendered."""
    now = utcnow()
    values = {
        "project_id": project_id,
        "slide_id": slide_id,
        "content_hash": content_hash,
        "status": READY,
        "ready_hash": content_hash,
        "error_code": None,
        "error_message": None,
        "requested_at": now,
        "updated_at": now,
    }
    _upsert(session, values, [name for name in values if name not in ("project_id", "slide_id")])


def forget_others(session: Session, project_id: str, slide_ids: Collection[str]) -> None:
    """Drops the rows of slides that left the deck (or lost their template slide)."""
    session.execute(
        delete(SlidePreview).where(
            SlidePreview.project_id == project_id, SlidePreview.slide_id.not_in(list(slide_ids))
        )
    )


def record_rendered(session: Session, project_id: str, slide_id: str, content_hash: str) -> None:
    """A render finished: ready if the slide still wants it, else the one shown meanwhile."""
    where = (SlidePreview.project_id == project_id, SlidePreview.slide_id == slide_id)
    session.execute(
        update(SlidePreview)
        .where(*where, SlidePreview.content_hash == content_hash)
        .values(status=READY, ready_hash=content_hash, error_code=None, error_message=None)
    )
    session.execute(
        update(SlidePreview)
        .where(*where, SlidePreview.content_hash != content_hash, SlidePreview.status == PENDING)
        .values(ready_hash=content_hash)
    )


def record_failed(
    session: Session, project_id: str, slide_id: str, content_hash: str, code: str, message: str
) -> None:
    """A render failed: recorded only if the slide still wants that picture."""
    session.execute(
        update(SlidePreview)
        .where(
            SlidePreview.project_id == project_id,
            SlidePreview.slide_id == slide_id,
            SlidePreview.content_hash == content_hash,
        )
        .values(status=FAILED, error_code=code, error_message=message)
    )
