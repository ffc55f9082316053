"""What chat sign-on keeps in the database, so that any replica can finish a sign-in.

Secrets (the `state`, the one-time code) are stored as SHA-256 digests only: a database dump
cannot be replayed against the callback or the exchange endpoint.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id


class ChatLoginAttempt(Base):
    """A sign-in sent to the provider and not yet back: found again by its `state`."""

    __tablename__ = "chat_login_attempts"

    state_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    nonce: Mapped[str] = mapped_column(String(128))
    code_verifier: Mapped[str] = mapped_column(String(128))
    # Where the web app goes afterwards: always a same-site path (checked before storing).
    next_path: Mapped[str] = mapped_column(String(2000))
    redirect_uri: Mapped[str] = mapped_column(String(2000))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class ChatSignInCode(Base):
    """The one-time code the callback hands to the web app, traded once for a sign-in token."""

    __tablename__ = "chat_sign_in_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class ChatIdentity(Base):
    """Links an account to the provider's (issuer, subject): the only key a sign-in trusts.

    The email is not a key: it may change at the provider or be reused for another person.
    """

    __tablename__ = "chat_identities"
    __table_args__ = (UniqueConstraint("issuer", "subject"),)

    id: Mapped[str] = mapped_column(String(26), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    issuer: Mapped[str] = mapped_column(String(500))
    subject: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
