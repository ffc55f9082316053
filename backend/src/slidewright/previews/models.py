from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime

PENDING, READY, FAILED = "pending", "ready", "failed"


class SlidePreview(Base):
    """The render state of one project slide.

    `content_hash` names the picture the slide should show now (see `hashing.py`); its JPEG
    lives in the blob store under that hash, so identical content is never rendered twice.
    `ready_hash` is the last render that finished, shown (with a spinner) while a newer one is
    pending. Kept apart from `projects` so a finished render never bumps the project's version.
    """

    __tablename__ = "slide_previews"

    project_id: Mapped[str] = mapped_column(
        ForeignKey("projects.id", ondelete="CASCADE"), primary_key=True
    )
    slide_id: Mapped[str] = mapped_column(String(40), primary_key=True)
    content_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(20), default=PENDING)
    ready_hash: Mapped[str | None] = mapped_column(String(64))
    error_code: Mapped[str | None] = mapped_column(String(64))
    error_message: Mapped[str | None] = mapped_column(Text)
    # When `content_hash` was last queued: a pending render far older than the render time
    # limit was lost (server restart) and is queued again.
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)
