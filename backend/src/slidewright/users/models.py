from __future__ import annotations

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id

ROLE_ADMIN = "Admin"
ROLE_USER = "User"
# Owns the built-in templates; cannot sign in and does not count against the license.
ROLE_SYSTEM = "System"
AUTH_LOCAL = "local"
# Signs in through the chat product (OpenID Connect, `chat_sso`): no password here.
AUTH_CHAT = "chat"


class User(Base):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(200))
    # Stored lower-cased so look-ups and the unique constraint ignore case.
    email: Mapped[str] = mapped_column(String(320), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(20), default=ROLE_USER)
    auth_type: Mapped[str] = mapped_column(String(20), default=AUTH_LOCAL)
    token_version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    @property
    def is_admin(self) -> bool:
        return self.role == ROLE_ADMIN
