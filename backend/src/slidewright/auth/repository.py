"""Every query on revoked sign-in tokens."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from slidewright.auth.models import RevokedToken


def is_revoked(session: Session, token_id: str) -> bool:
    return session.get(RevokedToken, token_id) is not None


def revoke(session: Session, *, token_id: str, user_id: str, expires_at: datetime) -> None:
    if session.get(RevokedToken, token_id) is not None:
        return
    try:
        with session.begin_nested():  # a savepoint: a clash leaves the request's work intact
            session.add(RevokedToken(jti=token_id, user_id=user_id, expires_at=expires_at))
    except IntegrityError:
        pass  # revoked at the same moment by another request (a double click, two replicas)


def prune_expired(session: Session, now: datetime) -> None:
    """An expired token is refused by its signature check already: its row is dead weight."""
    session.execute(delete(RevokedToken).where(RevokedToken.expires_at < now))
