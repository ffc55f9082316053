"""Every query on revoked sign-in tokens."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlalchemy.orm import Session

from slidewright.auth.models import RevokedToken


def is_revoked(session: Session, token_id: str) -> bool:
    return session.get(RevokedToken, token_id) is not None


def revoke(session: Session, *, token_id: str, user_id: str, expires_at: datetime) -> None:
    if session.get(RevokedToken, token_id) is None:
        session.add(RevokedToken(jti=token_id, user_id=user_id, expires_at=expires_at))
    session.flush()


def prune_expired(session: Session, now: datetime) -> None:
    """An expired token is refused by its signature check already: its row is dead weight."""
    session.execute(delete(RevokedToken).where(RevokedToken.expires_at < now))
