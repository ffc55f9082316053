from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id


def tag_name_key(name: str) -> str:
    """The form two names are compared in: "Product" and "product" are the same tag."""
    return name.casefold()


class Tag(Base):
    __tablename__ = "tags"
    # Unique on the case-folded key, so the database itself refuses "Product" beside "product"
    # even when two requests race past the service's check.
    __table_args__ = (UniqueConstraint("owner_id", "name_key"),)

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    owner_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(200))
    public: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
