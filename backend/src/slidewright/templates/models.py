from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id

THUMB_RENDERED, THUMB_MANUAL = "rendered", "manual"


class PptxFile(Base):
    """An uploaded template. Its slides and elements, as parsed, live in `parsed_slides`.

    `parsed_slides` is the reader's JSON (camelCase, per slide: slideNumber, layoutName,
    hidden, notes, elements[]) plus each slide's `description`; element lock toggles change
    `isLocked` there. `thumbnails` maps a slide number (as a string) to how its thumbnail came
    to be: "rendered" by LibreOffice or "manual" (uploaded, kept across re-renders).
    """

    __tablename__ = "pptx_files"

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    filename: Mapped[str] = mapped_column(String(255))
    description: Mapped[str] = mapped_column(Text, default="")
    public: Mapped[bool] = mapped_column(default=False, index=True)
    source_key: Mapped[str] = mapped_column(String(300))
    size: Mapped[int] = mapped_column(default=0)
    slide_width_in: Mapped[float] = mapped_column(default=13.333)
    slide_height_in: Mapped[float] = mapped_column(default=7.5)
    parsed_slides: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    thumbnails: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    # Built-in templates: their catalog key and the other language's descriptions.
    builtin_key: Mapped[str | None] = mapped_column(String(50), unique=True)
    translations: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    @property
    def slide_count(self) -> int:
        return len(self.parsed_slides)
