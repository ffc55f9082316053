"""Sign-in sessions (one per browser sign-in) and API tokens."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from slidewright.core.clock import utcnow
from slidewright.core.db import Base, UTCDateTime
from slidewright.core.ids import new_id

# How a sign-in session began (`SignInSession.method`).
METHOD_PASSWORD = "password"
METHOD_OIDC = "oidc"  # a company single sign-on (OpenID Connect) other than the chat product's
METHOD_CHAT = "chat"  # the chat product's sign-on (issue 14)


class SignInSession(Base):
    """One sign-in of one browser: a row per sign-in token, keyed by the token's `jti`.

    Lets the user see where the account is signed in and end any one session: an ended
    session's token is refused at once. Rows stay until their token expires (then the
    signature check refuses it anyway and the user's next sign-in prunes the row): a token
    without a row is read as one issued before sessions were recorded (see
    `sign_in_sessions.check`).

    No IP address is kept (privacy); the browser and system are short codes read from the
    User-Agent header, named in the interface language by the web app.
    """

    __tablename__ = "sign_in_sessions"

    id: Mapped[str] = mapped_column(String(26), primary_key=True)  # the token's `jti`
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # password, oidc or chat; null only for a token from before sessions were recorded, which
    # gets a row when it signs out (so it stays refused).
    method: Mapped[str | None] = mapped_column(String(20), nullable=True)
    browser: Mapped[str] = mapped_column(String(20))
    os: Mapped[str] = mapped_column(String(20))
    user_agent: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


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
