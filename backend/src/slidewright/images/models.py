from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id


class ImageTag(Base):
    """An image's tag. Deleting either side removes the link (database cascade)."""

    __tablename__ = "image_tags"

    image_id: Mapped[str] = mapped_column(
        ForeignKey("images.id", ondelete="CASCADE"), primary_key=True
    )
    tag_id: Mapped[str] = mapped_column(
        ForeignKey("tags.id", ondelete="CASCADE"), primary_key=True, index=True
    )


class Image(Base):
    """A gallery image. Its cleaned (re-encoded, metadata-free) bytes live at `blob_key`.

    A public image is always a copy: `source_image_id` names the private original it was made
    from (NULL once that original is deleted). The unique constraint means an original has at
    most one public copy, even when two "make public" requests race.
    """

    __tablename__ = "images"

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    filename: Mapped[str] = mapped_column(String(255))
    alt: Mapped[str] = mapped_column(Text, default="")
    is_public: Mapped[bool] = mapped_column(default=False, index=True)
    source_image_id: Mapped[str | None] = mapped_column(
        ForeignKey("images.id", ondelete="SET NULL"), unique=True
    )
    mime: Mapped[str] = mapped_column(String(50))
    width: Mapped[int]
    height: Mapped[int]
    size: Mapped[int]
    blob_key: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    # Loaded with the image in one extra query per batch ("selectin"): never lazily, one by one.
    tag_links: Mapped[list[ImageTag]] = relationship(
        cascade="all, delete-orphan",
        passive_deletes=True,
        lazy="selectin",
        order_by=ImageTag.tag_id,
    )

    @property
    def tag_ids(self) -> list[str]:
        return [link.tag_id for link in self.tag_links]
