from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id

FILE_TYPES = ("pptx", "key")
THUMB_RENDERED, THUMB_MANUAL = "rendered", "manual"


class UploadedFile(Base):
    """A .pptx or .key file a user uploaded to their library.

    `source_key` holds the original upload; a Keynote file also gets `converted_key`, the .pptx
    LibreOffice made of it at upload time (thumbnails, slide count and "use as PPTX template"
    work from that). `size` is the original upload's size in bytes. `thumbnails` maps a slide
    number (as a string) to how its thumbnail came to be: "rendered" or "manual" (uploaded;
    kept when the file is rendered again).
    """

    __tablename__ = "uploaded_files"

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(255))
    type: Mapped[str] = mapped_column(String(10))
    size: Mapped[int] = mapped_column(default=0)
    source_key: Mapped[str] = mapped_column(String(300))
    converted_key: Mapped[str | None] = mapped_column(String(300))
    slide_count: Mapped[int] = mapped_column(default=0)
    thumbnails: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    @property
    def pptx_key(self) -> str:
        """The blob holding this file as .pptx (the original, or the Keynote conversion)."""
        return self.converted_key or self.source_key


class Template(Base):
    """A named single slide: slide `source_index` (1-based) of one of the owner's files."""

    __tablename__ = "slide_templates"

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(255))
    description: Mapped[str] = mapped_column(Text, default="")
    type: Mapped[str] = mapped_column(String(50), default="Custom")
    source_file_id: Mapped[str] = mapped_column(
        ForeignKey("uploaded_files.id", ondelete="CASCADE"), index=True
    )
    source_index: Mapped[int] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
