"""Sign-in sessions ended before their token expired (one browser's logout), and API tokens."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id


class RevokedToken(Base):
    """A token id (`jti`) that no longer signs anyone in.

    Kept only until the token would have expired anyway, so the table stays small: a logout
    prunes the expired rows it finds.
    """

    __tablename__ = "revoked_tokens"

    jti: Mapped[str] = mapped_column(String(26), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class ApiToken(Base):
    """A personal access token for scripts and assistants (MCP).

    Only a SHA-256 of the secret is kept: the token is shown once, at creation. The secret has
    256 bits of entropy, so a fast hash is enough (no password-style stretching needed).
    """

    __tablename__ = "api_tokens"

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    scope: Mapped[str] = mapped_column(String(10))  # "read" or "write"
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # The first characters of the token, so a user can tell which one a script uses.
    prefix: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
