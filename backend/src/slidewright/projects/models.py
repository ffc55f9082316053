from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id


class Project(Base):
    """A deck. `slides` is an ordered JSON list (see `schemas.Slide`), saved whole with the
    project so that reordering and editing are one atomic, versioned write.

    `version` is SQLAlchemy's optimistic-concurrency column: every UPDATE checks and bumps it,
    so two tabs can never silently overwrite each other.
    """

    __tablename__ = "projects"

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(300))
    description: Mapped[str] = mapped_column(Text, default="")
    lang: Mapped[str] = mapped_column(String(10), default="zh-CN")
    pptx_file_id: Mapped[str | None] = mapped_column(
        ForeignKey("pptx_files.id", ondelete="SET NULL"), index=True
    )
    slides: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    version: Mapped[int] = mapped_column(default=1)
    deleted_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012

    @property
    def num_slides(self) -> int:
        return len(self.slides)


class ProjectImage(Base):
    """An image linked to a project (the project's Images tab); `scope` as sent ("auto")."""

    __tablename__ = "project_images"

    project_id: Mapped[str] = mapped_column(
        ForeignKey("projects.id", ondelete="CASCADE"), primary_key=True
    )
    image_id: Mapped[str] = mapped_column(
        ForeignKey("images.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    scope: Mapped[str] = mapped_column(String(20), default="auto")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
